"""Every screen fits in every language at the smallest and a large window size.

tools/render_screens.py drives the game through every screen (title, settings,
the five how-to-play pages, the leaderboard, the table from the deal to the
end of the run, menus, dialogs, name entry).  While it draws, gfx's text hook
records each text with the box it belongs to (its button, its panel, else the
window); each must lie inside that box, and no label may be cut short with an
ellipsis.  French and Portuguese are the longest languages.
"""

from __future__ import annotations

import pygame
import pytest

from belote2p.services.i18n import LANGUAGES
from belote2p.ui import gfx
from tests.support.fit import SIZES, draw_screens, recording


@pytest.mark.timeout(120)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_fits_its_box(renderer, lang):
    problems: set[str] = set()
    for size in SIZES:
        names, drawn = draw_screens(renderer.render, lang, size)
        assert len(names) >= 25  # every screen was reached
        assert {d.screen.split()[-1] for d in drawn} >= {"settings", "end_of_run", "leaderboard"}
        problems |= {p for d in drawn if (p := d.problem()) is not None}
    assert not problems, "\n".join(sorted(problems))


def test_the_hook_sees_a_text_leave_its_button():
    """The check is real: a label wider than its box is reported."""
    pygame.font.init()
    surf = pygame.Surface((400, 100))
    with recording((400, 100)) as (drawn, screen):
        screen[0] = "probe"
        gfx.blit_text(surf, "A label far too long", 16, (255, 255, 255), (10, 10),
                      within=pygame.Rect(10, 10, 40, 30))
    assert len(drawn) == 1 and drawn[0].problem() is not None
