"""Review a hand: every card (and, if asked, every bid) of both seats judged.

``review_hand`` is the API for the table's review screen (it runs in a worker
process and reports progress) and for ``belote2p review``.  Everything random
comes from ``seed`` and the decision's place in the hand, never from hidden
cards, so a review is deterministic and a stock-phase verdict depends only on
what its seat could see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.hand import Hand
from ...core.record import RecordError, replay_hand
from ..levels import Level, shipped_levels
from .bids import BidReviewKnobs, bid_level, bid_verdict
from .model import CardVerdict, HandReview, ReviewPhase
from .replay import Decision, decisions
from .stock import StockKnobs, stock_losses
from .strict import strict_losses

Progress = Callable[[int, int], None]

DEFAULT_SAMPLES = 12  # with DEFAULT_SOLVE_CARDS: about 1 s a hand on one core
DEFAULT_SOLVE_CARDS = 8  # 9 doubles the time (measured) for a small gain
MAX_SAMPLES = 100  # keeps a positive two-decimal loss from rounding to 0
PLAYOUT_LEVEL = 4  # the playouts use this level's tips knobs
BID_REJECTION = 20  # as level 4: decks that agree with the other seat's passes
BID_SOLVE_CARDS = 0  # bid playouts use the tips to the end, as level 4's (cheap)


@dataclass(frozen=True)
class ReviewSettings:
    samples: int = DEFAULT_SAMPLES
    solve_cards: int = DEFAULT_SOLVE_CARDS
    seed: str = "review"
    with_bids: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be 1-{MAX_SAMPLES}, not {self.samples}")
        if not 0 <= self.solve_cards <= 9:
            raise ValueError(f"solve_cards must be 0-9, not {self.solve_cards}")


def review_hand(hand: Hand, settings: ReviewSettings = ReviewSettings(),
                progress: Progress | None = None) -> HandReview:
    """Judge every card of ``hand`` (and its bids if ``settings.with_bids``).
    ``progress(done, total)`` is called after each decision."""
    level = _playout_level()
    stock = StockKnobs(settings.samples, settings.solve_cards, level.play)
    bid_knobs = BidReviewKnobs(settings.samples, BID_REJECTION, bid_level(level, BID_SOLVE_CARDS))
    todo = [d for d in decisions(hand) if d.is_card or (settings.with_bids and d.is_bid)]
    cards: list[CardVerdict] = []
    bids = []
    for done, decision in enumerate(todo, 1):
        action = decision.action
        if isinstance(action, Card):  # decision.is_card
            cards.append(card_verdict(decision, stock, _rng(settings.seed, decision)))
        else:
            bids.append(bid_verdict(decision.view, action, bid_knobs,
                                    _rng(settings.seed, decision)))
        if progress is not None:
            progress(done, len(todo))
    return HandReview(tuple(cards), tuple(bids))


def review_record(record: Any, settings: ReviewSettings = ReviewSettings()) -> dict[str, Any]:
    """Plain values in, plain values out (for a worker process or the command
    line): the review's JSON object, or ``{"error": ...}`` for a record that
    cannot be replayed."""
    try:
        hand = replay_hand(record)
    except RecordError as exc:
        return {"error": str(exc)}
    return review_hand(hand, settings).as_json(settings.with_bids)


def card_verdict(decision: Decision, knobs: StockKnobs, rng: random.Random) -> CardVerdict:
    view = decision.view
    strict = view.strict
    losses = strict_losses(view) if strict else stock_losses(view, rng, knobs)
    card = decision.action
    if not isinstance(card, Card):
        raise ValueError(f"card_verdict needs a card decision, not {card}")
    return CardVerdict(
        seat=view.seat, trick=len(view.tricks) + 1, card=card,
        phase=ReviewPhase.STRICT if strict else ReviewPhase.STOCK,
        loss=losses[card], best=tuple(c for c, loss in losses.items() if loss == 0),
        exact=strict,
    )


def _rng(seed: str, decision: Decision) -> random.Random:
    """The decision's own random stream: from the seed and its place in the
    hand only (both public), so hidden cards cannot change it."""
    return random.Random(f"review/{seed}/{decision.index}")


def _playout_level() -> Level:
    """Level 4's knobs (its tips drive the playouts)."""
    return shipped_levels()[PLAYOUT_LEVEL]
