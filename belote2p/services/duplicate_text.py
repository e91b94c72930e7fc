"""Level 4 in your seat and the skill figure in the player's language (issue #32)."""

from __future__ import annotations

from ..core.match import PLAYER, RIVAL
from .duplicate import Duplicate
from .i18n import _, current_language, format_number, ngettext, translator
from .skill import Skill


def level4_line(compared: Duplicate) -> str:
    """The end-of-hand line: "Level 4 in your seat: 92 – 70 · you did 14 better"."""
    scores = {"player": format_number(compared.level4[PLAYER]),
              "rival": format_number(compared.level4[RIVAL])}
    n = compared.difference
    if n > 0:
        text = ngettext("Level 4 in your seat: {player} – {rival} · you did {n} better",
                        "Level 4 in your seat: {player} – {rival} · you did {n} better", n)
    elif n < 0:
        text = ngettext("Level 4 in your seat: {player} – {rival} · you did {n} worse",
                        "Level 4 in your seat: {player} – {rival} · you did {n} worse", -n)
    else:
        text = _("Level 4 in your seat: {player} – {rival} · you did the same")
    return text.format(n=format_number(abs(n)), **scores)


def level4_pending() -> str:
    """The end-of-hand line's place while the hand is being compared."""
    return _("Level 4 in your seat: playing the hand again")


def level4_widest() -> tuple[str, ...]:
    """The end-of-hand line at its widest (three-figure scores, each ending):
    the panel makes room for these so it keeps its size when the line arrives."""
    wide = 888  # no hand scores more than three figures
    return tuple(level4_line(Duplicate(None, None, (wide, wide), (wide - n, wide), (), ()))
                 for n in (-wide, 0, wide))


def skill_line(skill: Skill) -> str | None:
    """"Skill: −6.5 a hand against level 4 (−12.0 to −1.0) over 24 hands"; None
    before a hand is compared."""
    if skill.per_hand is None:
        return None
    if skill.interval is None:
        text = ngettext("Skill: {mean} a hand against level 4, over {n} hand",
                        "Skill: {mean} a hand against level 4, over {n} hands", skill.hands)
        return text.format(mean=_signed(skill.per_hand), n=format_number(skill.hands))
    text = ngettext("Skill: {mean} a hand against level 4 ({low} to {high}), over {n} hand",
                    "Skill: {mean} a hand against level 4 ({low} to {high}), over {n} hands",
                    skill.hands)
    return text.format(mean=_signed(skill.per_hand), low=_signed(skill.interval[0]),
                       high=_signed(skill.interval[1]), n=format_number(skill.hands))


def skill_cell(skill: Skill) -> str:
    """The skill a hand alone, for a board's column: "−6.5", or "–" before a hand is compared."""
    return "–" if skill.per_hand is None else _signed(skill.per_hand)


def _signed(points: float) -> str:
    """One decimal, a plus sign above 0 and a minus sign (−) below it."""
    return translator(current_language()).signed_tenths(points)
