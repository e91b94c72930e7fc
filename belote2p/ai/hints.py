"""Practice hints: what level 4 would do in the player's seat, and why.

A hint reads only the player's ``SeatView`` (the same no-peeking rule as the
rival, checked in tests/test_ai_hidden_info.py) and a seed.  Its random
stream comes from the seed and the view's public position, so the same
position always gets the same hint and hidden cards cannot change it.

Each legal card's figure is what the review engine would say of it
(``ai.review``): the points it gives away against the best card, exact in
the strict phase (both hands in view), estimated from sampled deals of the
unseen cards in the stock phase.  Bids get the level-4 choice only.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from ..actions import Action, Phase
from ..cards import Card
from ..view import SeatView
from . import decide, make_player
from .levels import Level, load_levels
from .review.engine import DEFAULT_SAMPLES, DEFAULT_SOLVE_CARDS, PLAYOUT_LEVEL
from .review.stock import StockKnobs, stock_losses
from .review.strict import strict_losses

HINT_LEVEL = 4  # the strongest rival advises


@dataclass(frozen=True)
class Hint:
    """Level 4's choice and, in the card play, each legal card's loss in points
    against the best card (0: one of the best), sorted by card."""

    action: Action
    losses: tuple[tuple[Card, float], ...]
    exact: bool  # True in the strict phase: the losses are exact, not estimates


def hint(view: SeatView, seed: str) -> Hint:
    """The hint for the seat to move in ``view`` (it must have legal actions)."""
    if not view.legal:
        raise ValueError("a hint needs a view of the seat to move")
    key = _position_key(view)
    action = decide(make_player(HINT_LEVEL, random.Random(f"hint/{seed}/{key}")), view)
    if view.phase is not Phase.PLAY:
        return Hint(action, (), False)
    if view.strict:
        losses: dict[Card, float] = dict(strict_losses(view))
    else:
        losses = stock_losses(view, random.Random(f"hint-points/{seed}/{key}"), _knobs())
    return Hint(action, tuple(sorted(losses.items())), view.strict)


def _position_key(view: SeatView) -> str:
    """Where the game stands, from public facts only."""
    ctx = view.context
    return (f"{ctx.hand_index}/{ctx.scores_before}/{view.deal_number}/{len(view.bids)}/"
            f"{len(view.tricks)}/{len(view.current_trick)}/{view.seat}")


@functools.lru_cache(maxsize=1)
def _knobs() -> StockKnobs:
    level: Level = load_levels()[PLAYOUT_LEVEL]
    return StockKnobs(DEFAULT_SAMPLES, DEFAULT_SOLVE_CARDS, level.play)
