"""The stock phase (tricks 1-7), estimated from what the seat knew then.

The estimate reads only the seat's ``SeatView`` and a ``random.Random``: never
the other hand or the stock order (the same no-peeking rule as the rival,
checked the same way in tests/ai/test_review_hidden_info.py).  For each of
``samples`` deals of the unseen cards consistent with the view (level 4's
``sample_hidden``), every distinct legal card is played and the hand is played
out by the tips policy for both seats, each seeing only its own information,
until the stock is empty and each hand holds ``solve_cards`` cards; the solver
plays the rest perfectly, as the strict phase is judged.  The same deals serve
every card, so their differences are not blurred by the luck of the deal.

A card's value on a deal is the seat's points from here to the end of the hand
(card points, the last trick's 10, and its belote); its loss is the best card's
mean value minus its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...core.cards import CARDS, KING, LAST_TRICK_BONUS, QUEEN, Card
from ...core.view import SeatView
from ..fastsim import TRICKS, Sim
from ..levels import PlayKnobs
from ..playout import run_tips
from ..sampling import sample_hidden, sim_from_view
from ..search import representatives
from ..solver import position_value
from ..tables import PTS

BELOTE_POINTS = 20


@dataclass(frozen=True)
class StockKnobs:
    """How hard the stock-phase estimate looks (fixed counts: never a time budget)."""

    samples: int  # deals of the unseen cards per decision (at most 100: see loss rounding)
    solve_cards: int  # the solver plays the strict phase from this many cards a hand
    play: PlayKnobs  # the playout policy (the tips of levels 3-4)


def stock_losses(view: SeatView, rng: random.Random, knobs: StockKnobs) -> dict[Card, float]:
    """{legal card: estimated points it gives away} for the seat to move."""
    representative = representatives(view)  # equivalent cards get the same verdict
    candidates = sorted(set(representative.values()))
    totals = dict.fromkeys(candidates, 0)
    if len(candidates) > 1:
        for _ in range(knobs.samples):
            other, stock = sample_hidden(view, rng)
            start = sim_from_view(view, other, stock)
            for c in candidates:
                totals[c] += _playout_points(start.copy(), c, view.seat, knobs)
    top = max(totals.values())
    return {CARDS[c]: _loss(top - totals[representative[c]], knobs.samples)
            for c in sorted(representative)}


def _loss(point_sum: int, samples: int) -> float:
    """A mean over ``samples`` deals to two decimals; never rounded down to 0
    (with at most 100 samples a positive sum is at least 0.01)."""
    return round(point_sum / samples, 2) if point_sum else 0.0


def _playout_points(sim: Sim, card: int, seat: int, knobs: StockKnobs) -> int:
    """Play ``card``, then the tips for both seats and the solver at the end:
    the seat's points for the hand (the constant points won before cancel out)."""
    sim.play(card)
    run_tips(sim, knobs.play, knobs.solve_cards)
    return _final_points(sim, seat)


def _final_points(sim: Sim, seat: int) -> int:
    """The seat's trick points and belote, the rest solved if the hand is unfinished."""
    points = sim.pts[seat]
    if sim.ntricks == TRICKS:
        points += LAST_TRICK_BONUS if sim.last_winner == seat else 0
    else:
        seat0 = position_value(sim.trump, sim.leader, (sim.hands[0], sim.hands[1]))
        left = sum(PTS[sim.trump][c] for c in sim.hands[0] + sim.hands[1]) + LAST_TRICK_BONUS
        points += seat0 if seat == 0 else left - seat0
    return points + (BELOTE_POINTS if _belote_of(sim) == seat else 0)


def _belote_of(sim: Sim) -> int:
    """The seat that scores belote: announced already, or holding both K and Q
    of trumps for the strict phase (it will announce it then)."""
    if sim.belote >= 0:
        return sim.belote
    pair = {sim.trump * 8 + KING, sim.trump * 8 + QUEEN}
    return next((s for s in (0, 1) if pair <= set(sim.hands[s])), -1)
