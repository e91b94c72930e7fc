"""Level 4 in your seat and the skill figure in the player's language (issue #32)."""

from __future__ import annotations

from ..core.actions import Bid, parse_action
from ..core.cards import SUIT_SYMBOLS
from ..core.match import PLAYER, RIVAL
from .duplicate import Duplicate
from .i18n import _, current_language, format_number, ngettext, translator
from .skill import Skill


def level4_line(compared: Duplicate) -> str:
    """The end-of-hand line, both hands' scores side by side (the whole swing,
    not the player's points alone), and level 4's other bid when it would have
    bid otherwise: "Level 4 in your seat: 100 – 62 · you: 20 – 142 · level 4
    would have passed"."""
    # TRANSLATORS: level 4's score of the hand in the player's seat (player – rival), then the
    # hand as the player played it; the line must stay short (the end-of-hand panel's width)
    text = _("Level 4 in your seat: {player} – {rival} · you: {yours} – {theirs}").format(
        player=format_number(compared.level4[PLAYER]),
        rival=format_number(compared.level4[RIVAL]),
        yours=format_number(compared.yours[PLAYER]), theirs=format_number(compared.yours[RIVAL]))
    bid = _other_bid(compared)
    return text if bid is None else f"{text} · {bid}"


def _other_bid(compared: Duplicate) -> str | None:
    """"level 4 would have passed" (or taken) where the lines part at a bid."""
    parting = compared.parting
    if parting is None or parting.trick is not None:
        return None
    bid = parse_action(parting.level4)
    if not isinstance(bid, Bid):
        return None
    if not bid.is_take:
        return _("level 4 would have passed")
    if bid.suit is None:
        return _("level 4 would have taken")
    return _("level 4 would have taken {suit}").format(suit=SUIT_SYMBOLS[bid.suit])


def level4_pending() -> str:
    """The end-of-hand line's place while the hand is being compared."""
    return _("Level 4 in your seat: playing the hand again")


def level4_widest() -> tuple[str, ...]:
    """The end-of-hand line at its widest (three-figure scores, each ending):
    the panel makes room for these so it keeps its size when the line arrives."""
    wide = 888  # no hand scores more than three figures
    bids = (("pass", "take"), ("pass", "take:H"), ("take", "pass"))  # each other bid
    return tuple(level4_line(Duplicate(None, None, (wide, wide), (wide, wide), (mine,), (theirs,)))
                 for mine, theirs in bids)


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
