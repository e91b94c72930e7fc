"""Lookup tables and bitmask helpers shared by the rival's heuristics and its
fast simulator.  A card is an int ``suit * 8 + rank`` (see ``cards.py``); a set
of cards is an int bitmask with bit ``c`` set for card ``c``.

Every table is indexed ``[trump][card]`` so the hot loops never branch on
whether a card is a trump.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    QUEEN,
    SEVEN,
    TEN,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)

FULL = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
RANK_KEYS = {SEVEN: "seven", EIGHT: "eight", NINE: "nine", TEN: "ten",
             JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace"}


def _points(trump: int) -> tuple[int, ...]:
    return tuple(
        TRUMP_POINTS[c & 7] if c >> 3 == trump else PLAIN_POINTS[c & 7] for c in range(32)
    )


def _strength(trump: int) -> tuple[int, ...]:
    """Within-suit strength; trumps get +8 so any trump outranks any plain card."""
    return tuple(
        TRUMP_STRENGTH[c & 7] + 8 if c >> 3 == trump else PLAIN_STRENGTH[c & 7]
        for c in range(32)
    )


def _above(trump: int) -> tuple[int, ...]:
    """Mask of the cards of the same suit that beat ``c``."""
    stren = _strength(trump)
    out = []
    for c in range(32):
        s = c >> 3
        out.append(sum(1 << d for d in range(s * 8, s * 8 + 8) if stren[d] > stren[c]))
    return tuple(out)


def _beaters(trump: int) -> tuple[int, ...]:
    """Mask of every card that beats ``c`` when ``c`` is led (free play)."""
    above = _above(trump)
    return tuple(
        above[c] | (0 if c >> 3 == trump else SUIT_MASK[trump]) for c in range(32)
    )


PTS = tuple(_points(t) for t in range(4))
STR = tuple(_strength(t) for t in range(4))
ABOVE = tuple(_above(t) for t in range(4))
BEATERS = tuple(_beaters(t) for t in range(4))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


def beats(follow: int, lead: int, trump: int) -> bool:
    """True if ``follow`` wins the trick ``lead`` opened."""
    return bool(BEATERS[trump][lead] >> follow & 1)
