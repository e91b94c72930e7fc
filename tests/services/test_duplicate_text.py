"""Level 4 in your seat and the skill figure, in the four languages (issue #32)."""

from __future__ import annotations

import pytest

from belote2p.services import i18n
from belote2p.services.duplicate import Duplicate
from belote2p.services.duplicate_text import level4_line, skill_line
from belote2p.services.skill import skill_of

BETTER = Duplicate(0, 0, (106, 56), (92, 70), (), ())
WORSE = Duplicate(0, 0, (81, 81), (92, 70), (), ())
SAME = Duplicate(0, 0, (92, 70), (92, 70), (), ())
PASSED = Duplicate(0, 0, (20, 142), (100, 62), ("pass", "take"), ("pass", "pass"))
TOOK = Duplicate(0, 0, (20, 142), (100, 62), ("pass", "pass", "pass"),
                 ("pass", "pass", "take:H"))


def test_the_end_of_hand_line_in_english() -> None:
    """Both hands' scores side by side, and level 4's other bid (issue #45, 17)."""
    i18n.set_language("en")
    assert level4_line(BETTER) == "Level 4 in your seat: 92 – 70 · you: 106 – 56"
    assert level4_line(WORSE) == "Level 4 in your seat: 92 – 70 · you: 81 – 81"
    assert level4_line(SAME) == "Level 4 in your seat: 92 – 70 · you: 92 – 70"
    assert level4_line(PASSED) == \
        "Level 4 in your seat: 100 – 62 · you: 20 – 142 · level 4 would have passed"
    assert level4_line(TOOK).endswith(" · level 4 would have taken ♥")
    assert skill_line(skill_of([])) is None
    assert skill_line(skill_of([-10, 3, -20, 5])) == \
        "Skill: \u22125.5 a hand against level 4 (\u221217.0 to +6.0), over 4 hands"
    assert skill_line(skill_of([4])) == "Skill: +4.0 a hand against level 4, over 1 hand"


@pytest.mark.parametrize(("code", "better", "skill"), [
    ("fr", "Le niveau 4 à votre place\u00a0: 92 – 70 · vous\u00a0: 106 – 56",
     "Habilet\u00e9\u00a0: \u22125,5 par donne face au niveau 4 (\u221217,0 à +6,0), sur 4 donnes"),
    ("pt", "O nível 4 no seu lugar: 92 – 70 · você: 106 – 56",
     "Habilidade: \u22125,5 por mão contra o nível 4 (\u221217,0 a +6,0), em 4 mãos"),
    ("es", "El nivel 4 en tu lugar: 92 – 70 · tú: 106 – 56",
     "Habilidad: \u22125,5 por mano frente al nivel 4 (\u221217,0 a +6,0), en 4 manos"),
])
def test_the_lines_are_translated(code: str, better: str, skill: str) -> None:
    i18n.set_language(code)
    assert level4_line(BETTER) == better
    assert skill_line(skill_of([-10, 3, -20, 5])) == skill
