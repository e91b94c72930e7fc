"""What a hand review says, as frozen values (picklable: the table's worker
process sends them back to the screen).

Losses are in points the reviewed seat gave away by its choice: card points
plus the last trick's 10 (and, in the stock phase, its belote); 0 means the
card was one of the best at that moment.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ...core.actions import Bid
from ...core.cards import Card


class ReviewPhase(str, enum.Enum):
    """Where in the hand a card was played: how its loss was found."""

    STOCK = "stock"  # tricks 1-7: an estimate from the seat's own view
    STRICT = "strict"  # tricks 8-16: exact, perfect play by both from there


@dataclass(frozen=True)
class CardVerdict:
    """One card played, judged from the position just before it."""

    seat: int
    trick: int  # 1-16
    card: Card
    phase: ReviewPhase
    loss: float  # >= 0; an int in the strict phase
    best: tuple[Card, ...]  # every card that was best then (loss 0), sorted
    exact: bool  # True in the strict phase

    @property
    def was_best(self) -> bool:
        return self.card in self.best

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "trick": self.trick, "card": str(self.card),
                "phase": self.phase.value, "loss": self.loss,
                "best": [str(c) for c in self.best], "exact": self.exact}


@dataclass(frozen=True)
class BidVerdict:
    """One bid of the deal that was played, against the seat's other words."""

    seat: int
    bid: Bid
    loss: float  # >= 0: the best word's estimated value minus this one's
    best: tuple[Bid, ...]
    values: tuple[tuple[Bid, float], ...]  # each legal word's estimated value, in points

    @property
    def was_best(self) -> bool:
        return self.bid in self.best

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bid": str(self.bid), "loss": self.loss,
                "best": [str(b) for b in self.best],
                "values": {str(b): v for b, v in self.values}}


@dataclass(frozen=True)
class HandReview:
    """Every card of a hand judged, both seats, in play order (and the bids, if asked)."""

    decisions: tuple[CardVerdict, ...]
    bids: tuple[BidVerdict, ...] = ()

    def loss(self, seat: int) -> float:
        """All of the seat's card losses, stock-phase estimates included."""
        return _tidy(sum(d.loss for d in self.decisions if d.seat == seat))

    def strict_loss(self, seat: int) -> int:
        """Points perfect play from trick 8 would have added to this seat's
        (against the rival's actual cards): the sum of its exact losses."""
        return sum(int(d.loss) for d in self.decisions
                   if d.seat == seat and d.phase is ReviewPhase.STRICT)

    def costliest(self, seat: int, phase: ReviewPhase | None = None) -> CardVerdict | None:
        """The seat's card with the largest loss (the earliest on a tie), or
        None if every card was best."""
        mine = [d for d in self.decisions
                if d.seat == seat and d.loss > 0 and (phase is None or d.phase is phase)]
        return max(mine, key=lambda d: d.loss, default=None)

    def as_json(self, with_bids: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "decisions": [d.as_json() for d in self.decisions],
            "loss": [self.loss(0), self.loss(1)],
            "strict_loss": [self.strict_loss(0), self.strict_loss(1)],
        }
        if with_bids:
            out["bids"] = [b.as_json() for b in self.bids]
        return out


def _tidy(value: float) -> float:
    """Sums of two-decimal losses, without float dust (0.30000000000000004)."""
    return round(value, 2)
