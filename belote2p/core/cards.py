"""Cards, suits and ranks, their notation (``TS``, ``JH``...) and their values.

A card is a small ``int`` (0..31): ``suit * 8 + rank``.  Being an int keeps the
engine and the solver fast (cards index tables and bitmasks directly), while the
``Card`` subclass gives it a readable ``str``/``repr`` and named properties.
All 32 cards exist once, in ``CARDS``; never construct a Card any other way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = "789TJQKA"
RANK_NAMES = ("7", "8", "9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

# Strength within a suit (higher wins), indexed by rank.
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)

DECK_POINTS = 152
LAST_TRICK_BONUS = 10
HAND_POINTS = DECK_POINTS + LAST_TRICK_BONUS  # 162
CAPOT_POINTS = 252
BELOTE_BONUS = 20  # the king and queen of trumps in one hand, announced


class CardError(ValueError):
    """Text that is not a card (or not a deck)."""


class Card(int):
    """One of the 32 cards; an int ``suit * 8 + rank`` that prints as ``TS``."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self >> 3

    @property
    def rank(self) -> int:
        return self & 7

    def points(self, trump: int | None) -> int:
        return TRUMP_POINTS[self & 7] if self >> 3 == trump else PLAIN_POINTS[self & 7]

    @property
    def label(self) -> str:
        """For people: ``10♥``."""
        return RANK_NAMES[self & 7] + SUIT_SYMBOLS[self >> 3]

    def __str__(self) -> str:
        return RANKS[self & 7] + SUITS[self >> 3]

    def __repr__(self) -> str:
        return str(self)

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # pickle (the UI's AI worker) as the shared instance
        return (card_from_index, (int(self),))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(32))
_BY_TEXT = {str(c): c for c in CARDS}


def card_from_index(index: int) -> Card:
    return CARDS[index]


def card(rank: int, suit: int) -> Card:
    return CARDS[suit * 8 + rank]


def parse_card(text: str) -> Card:
    """``"TS"`` -> the ten of spades.  Exactly the notation of RULES.md: one rank
    character (7 8 9 T J Q K A) then one suit character (S H D C)."""
    found = _BY_TEXT.get(text) if isinstance(text, str) else None
    if found is None:
        raise CardError(
            f"{text!r} is not a card: expected a rank ({' '.join(RANKS)}) "
            f"then a suit ({' '.join(SUITS)}), e.g. 'TS' or 'JH'"
        )
    return found


def parse_suit(text: str) -> int:
    if not isinstance(text, str) or len(text) != 1 or text not in SUITS:
        raise CardError(f"{text!r} is not a suit: expected one of {', '.join(SUITS)}")
    return SUITS.index(text)


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)


def parse_deck(items: object) -> list[Card]:
    """A deck order: a list of the 32 distinct cards, top first."""
    if not isinstance(items, list):
        raise CardError("a deck must be a list of the 32 cards")
    cards = [parse_card(x) for x in items]
    if len(cards) != 32 or len(set(cards)) != 32:
        missing = sorted(set(CARDS) - set(cards))
        counts = Counter(cards)  # not cards.count: a long list must not take quadratic time
        dupes = sorted(c for c, n in counts.items() if n > 1)
        detail = []
        if len(cards) != 32:
            detail.append(f"{len(cards)} cards")
        if dupes:
            detail.append("repeated " + format_cards(dupes))
        if missing:
            detail.append("missing " + format_cards(missing))
        raise CardError("a deck must hold the 32 cards once each: " + ", ".join(detail))
    return cards


def strength(c: int, trump: int | None) -> int:
    """Order within the card's own suit, trump-aware (higher beats lower)."""
    return TRUMP_STRENGTH[c & 7] if c >> 3 == trump else PLAIN_STRENGTH[c & 7]


def points(c: int, trump: int | None) -> int:
    return TRUMP_POINTS[c & 7] if c >> 3 == trump else PLAIN_POINTS[c & 7]


def sort_for_display(cards: Iterable[Card], trump: int | None = None) -> list[Card]:
    """Trumps first, then the other suits alternating colours, high to low in each."""
    suit_order = [SPADES, HEARTS, CLUBS, DIAMONDS]
    if trump is not None:
        suit_order.remove(trump)
        suit_order.insert(0, trump)
        # keep colours alternating after moving the trump to the front
        rest = suit_order[1:]
        if len(rest) == 3 and _is_red(rest[0]) == _is_red(trump):
            rest = [rest[1], rest[0], rest[2]] if _is_red(rest[1]) != _is_red(trump) else rest
        suit_order = [trump] + rest
    rank_key = {s: suit_order.index(s) for s in suit_order}
    return sorted(cards, key=lambda c: (rank_key[c >> 3], -strength(c, trump)))


def _is_red(suit: int) -> bool:
    return suit in (HEARTS, DIAMONDS)
