"""What the review screen shows of a finished hand, trick by trick (no pygame).

The hand is replayed from its record: both hands as they were before each
trick, the two cards played, the winner and the cards each seat drew after it
(tricks 1-7).  The worker's ``HandReview`` adds a verdict to each card played;
until it arrives the tricks are shown without verdicts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..ai.review import BidVerdict, CardVerdict, HandReview, ReviewPhase
from ..core.actions import Bid, Phase
from ..core.cards import Card, sort_for_display
from ..core.hand import Hand
from ..core.record import RecordError, replay_hand

TRICKS = 16


@dataclass(frozen=True)
class TrickStep:
    """One trick: the position before it, what was played, what was drawn."""

    number: int  # 1-16
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # by seat, before the trick, display order
    leader: int
    cards: tuple[Card, Card]  # the leader's, then the follower's
    winner: int
    draws: tuple[Card | None, Card | None]  # by seat, drawn after the trick (None: none)
    stock: int  # cards left in the stock before the trick

    def card_of(self, seat: int) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]

    @property
    def strict(self) -> bool:
        return self.stock == 0


@dataclass(frozen=True)
class ReviewedHand:
    """The hand's tricks and, once computed, the verdicts."""

    dealer: int
    trump: int
    taker: int
    turned_suit: int  # the suit a round-1 take names
    bids: tuple[tuple[int, Bid], ...]  # the played deal's bids, in order
    tricks: tuple[TrickStep, ...]
    review: HandReview | None = None

    def verdict(self, trick: int, seat: int) -> CardVerdict | None:
        """The verdict on ``seat``'s card in trick ``trick`` (1-16), if reviewed."""
        if self.review is None:
            return None
        return next((d for d in self.review.decisions
                     if d.trick == trick and d.seat == seat), None)

    def bid_verdicts(self, seat: int) -> tuple[BidVerdict, ...]:
        if self.review is None:
            return ()
        return tuple(b for b in self.review.bids if b.seat == seat)

    def strict_loss(self, seat: int) -> int | None:
        return None if self.review is None else self.review.strict_loss(seat)

    def costliest(self, seat: int) -> CardVerdict | None:
        return None if self.review is None else self.review.costliest(seat)

    def with_review(self, review: HandReview) -> ReviewedHand:
        return dataclasses.replace(self, review=review)


def reviewed_hand(record: Any) -> ReviewedHand:
    """The hand of ``record`` (a hand record, plain data), trick by trick.
    Raises ``RecordError`` for a record that cannot be replayed."""
    final = replay_hand(record)
    return ReviewedHand(final.dealer, final.trump, final.taker,  # type: ignore[arg-type]
                        final.turned.suit, tuple(final.bids), tuple(_steps(final)))


def _steps(final: Hand) -> list[TrickStep]:
    """Replay the played deal, snapshotting the hands at each trick's start."""
    hand = Hand(final.dealer, final.decks[0])
    trump = final.trump
    snapshots: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    stocks: list[int] = []
    for action in final.actions:
        if hand.phase is Phase.REDEAL:
            hand.redeal(final.decks[hand.deal_number])
        if hand.phase is Phase.PLAY and not hand.current and len(snapshots) == len(hand.tricks):
            mine, theirs = (tuple(sort_for_display(h, trump)) for h in hand.hands)
            snapshots.append((mine, theirs))
            stocks.append(len(hand.stock))
        hand.apply(action)
    if len(snapshots) != TRICKS or len(final.tricks) != TRICKS:
        raise RecordError(f"the hand has {len(final.tricks)} tricks, not {TRICKS}")
    steps = []
    for i, trick in enumerate(final.tricks):
        before = snapshots[i]
        after = snapshots[i + 1] if i + 1 < TRICKS else ((), ())
        draws = tuple(_drawn(before[s], trick.card_of(s), after[s]) for s in (0, 1))
        steps.append(TrickStep(i + 1, before, trick.leader, trick.cards, trick.winner,
                               draws, stocks[i]))  # type: ignore[arg-type]
    return steps


def _drawn(before: tuple[Card, ...], played: Card, after: tuple[Card, ...]) -> Card | None:
    kept = set(before) - {played}
    new = [c for c in after if c not in kept]
    return new[0] if new else None


def is_estimate(verdict: CardVerdict) -> bool:
    """Stock-phase losses are estimates (one decimal shown); strict ones exact."""
    return verdict.phase is ReviewPhase.STOCK
