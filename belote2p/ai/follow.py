"""The follow rule in bitmask form: ``rules.legal_follows`` for the rival's hot loops.

``core/rules.py`` is the one definition of which cards may follow a lead in
strict play; the solver's searches need the same answer as a mask of cards,
millions of times a decision.  This module is that mask form, and the only
one: ``solver.py`` calls it in both its card spaces, and the compiled core's
``_native_follow.c`` mirrors it line for line.  ``tests/ai/test_follow.py``
checks it against ``rules.legal_follows`` over every trump, every lead and
every holding of the lead suit and of trumps, and the compiled mirror against
it.

The rule needs three masks besides the hand, so that one function serves any
numbering of the cards (the game's ``suit * 8 + rank``, and the solver's
``suit * 8 + strength``): the lead's suit, the trump suit, and the cards that
beat the lead in its own suit when that suit is trumps (``higher``, built here
from ``rules.trick_winner``; 0 for a plain lead: any card of its suit will do).
"""

from __future__ import annotations

from ..core.rules import trick_winner
from .tables import SUIT_MASK

__all__ = ["HIGHER", "follow_mask", "legal_mask"]

Mask = int


def follow_mask(hand: Mask, suit: Mask, trumps: Mask, higher: Mask) -> Mask:
    """The cards of ``hand`` that may follow a lead of ``suit``: its suit (over
    the lead if trumps and it can: ``higher``), else a trump, else any card."""
    same = hand & suit
    if same:
        return (same & higher) or same
    return (hand & trumps) or hand


def _higher(trump: int, lead: int) -> Mask:
    """The trumps beating the trump ``lead`` (the core's trick winner); 0 for a plain lead."""
    if lead >> 3 != trump:
        return 0
    cards = range(trump * 8, trump * 8 + 8)
    return sum(1 << c for c in cards if c != lead and trick_winner(lead, c, trump) == 1)


# HIGHER[trump][lead]: follow_mask's ``higher`` for the game's card ints
HIGHER = tuple(tuple(_higher(trump, lead) for lead in range(32)) for trump in range(4))


def legal_mask(hand: Mask, lead: int, trump: int) -> Mask:
    """``rules.legal_follows(hand, lead, trump)`` as a mask of the game's card ints."""
    return follow_mask(hand, SUIT_MASK[lead >> 3], SUIT_MASK[trump], HIGHER[trump][lead])
