"""Judging a bid from the cards: the tips' hand strength, per trump suit.

The taker always receives the turned card, so the tips judge a bid on seven
cards: the six held and the turned one (level 1 forgets the turned card).
Strength is a weighted count: the J of trumps counts most, then the 9, the
other trumps, the plain aces (almost a small trump), the plain tens, the
belote pair, and a bonus for every trump beyond two.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import PASS, Bid
from ..core.cards import ACE, JACK, KING, NINE, QUEEN, TEN, Card
from ..core.view import SeatView
from .levels import BidKnobs

_TRUMP_WEIGHT = {JACK: "trump_jack", NINE: "trump_nine", ACE: "trump_ace", TEN: "trump_ten",
                 KING: "trump_face", QUEEN: "trump_face"}


def strength(cards: Iterable[int], trump: int, k: BidKnobs) -> float:
    """How good ``cards`` are with ``trump`` as trumps (the tips' count)."""
    total = 0.0
    trumps = 0
    faces = 0
    for c in cards:
        rank = c & 7
        if c >> 3 == trump:
            trumps += 1
            total += getattr(k, _TRUMP_WEIGHT.get(rank, "trump_low"))
            faces += rank in (KING, QUEEN)
        elif rank == ACE:
            total += k.plain_ace
        elif rank == TEN:
            total += k.plain_ten
    if faces == 2:
        total += k.belote_bonus
    total += k.length_bonus * max(0, trumps - 2)
    return total


def bid_cards(view: SeatView, k: BidKnobs) -> list[Card]:
    """The cards a bid is judged on: six held, plus the turned card if counted."""
    cards = list(view.hand)
    if k.count_turned:
        cards.append(view.turned)
    return cards


def suit_options(view: SeatView) -> list[tuple[Bid, int]]:
    """The takes open now, each with its trump suit."""
    out = []
    for bid in view.legal_bids():
        if bid is not PASS:
            out.append((bid, bid.trump(view.turned.suit)))
    return out


def best_take(view: SeatView, k: BidKnobs) -> tuple[Bid, float]:
    """The strongest take open now and its strength."""
    cards = bid_cards(view, k)
    scored = [(strength(cards, suit, k), -suit, bid) for bid, suit in suit_options(view)]
    value, _, bid = max(scored, key=lambda x: (x[0], x[1]))
    return bid, value


def threshold_bid(view: SeatView, k: BidKnobs) -> Bid:
    """Take the best suit if it reaches the threshold (or if passing is not allowed)."""
    bid, value = best_take(view, k)
    if value >= k.take_threshold or PASS not in view.legal:
        return bid
    return PASS

