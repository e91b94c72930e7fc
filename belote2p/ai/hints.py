"""Practice hints: what level 4 would do in the player's seat, and why.

A hint reads only the player's ``SeatView`` (the same no-peeking rule as the
rival, checked in tests/test_ai_hidden_info.py) and a seed.  Its random
stream comes from the seed and the view's public position, so the same
position always gets the same hint and hidden cards cannot change it.

Each legal card's figure is the player's expected score for this hand if
that card is played, as level 4 sees it:

* stock phase: the figures of level 4's own search (``search.PointsNotingSearch``):
  the mean hand score over the very playouts, on sampled deals of the unseen
  cards, that made its choice;
* strict phase: exact, both hands being in view: the score with perfect play
  by both seats after the card (the solver, as levels 3-4 play it).

Level 4 plays for the match, not for this hand's points alone, so its card
need not have the highest figure; the hint says so (``for_match``) rather than
look contradictory.  Bids get the level-4 choice only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..actions import Action, Phase
from ..cards import Card
from ..view import SeatView
from . import decide, make_player
from .fastsim import Sim
from .levels import load_levels
from .sampling import sim_from_view
from .search import PointsNotingSearch
from .solver import Memo, solve
from .tables import PTS, STR

HINT_LEVEL = 4  # the strongest rival advises


@dataclass(frozen=True)
class Hint:
    """Level 4's choice and, in the card play, each legal card's expected score
    for this hand for the player (whole points), sorted by card."""

    action: Action
    points: tuple[tuple[Card, int], ...]
    exact: bool  # True in the strict phase: the figures are exact, not estimates
    for_match: bool = False  # level 4's card has not the highest figure


def hint(view: SeatView, seed: str) -> Hint:
    """The hint for the seat to move in ``view`` (it must have legal actions)."""
    if not view.legal:
        raise ValueError("a hint needs a view of the seat to move")
    key = _position_key(view)
    rng = random.Random(f"hint/{seed}/{key}")
    if view.phase is not Phase.PLAY:
        return Hint(decide(make_player(HINT_LEVEL, rng), view), (), False)
    if view.strict:
        card = decide(make_player(HINT_LEVEL, rng), view)
        figures: dict[Card, float] = dict(strict_points(view, _plays_for_capot()))
    else:
        level = load_levels()[HINT_LEVEL]
        searcher = PointsNotingSearch(level, rng, f"level {level.number} ({level.name})")
        card, figures = searcher.choose_card_with_points(view)
    points = tuple(sorted((c, round(p)) for c, p in figures.items()))
    marked = dict(points)[card] if isinstance(card, Card) else None
    top = max(p for _c, p in points)
    return Hint(card, points, view.strict, marked is not None and marked < top)


def strict_points(view: SeatView, play_for_capot: bool) -> dict[Card, int]:
    """{legal card: the seat's score for this hand} in a strict-phase view of
    the seat to move, both seats playing perfectly after the card (the
    solver's play: for points, and for or against a capot if
    ``play_for_capot``)."""
    if view.other_hand is None:
        raise ValueError("strict_points needs a strict-phase view (both hands in it)")
    memo = Memo()  # the cards' endgames share their search tables
    out = {}
    for card in view.legal_cards():
        sim = sim_from_view(view, view.other_hand, ())
        sim.play(card)
        if sim.lead >= 0:  # a lead: the other seat answers as the solver would
            sim.play(_solver_reply(sim, play_for_capot))
        out[card] = sim.solved_scores(memo, play_for_capot)[view.seat]
    return out


def _solver_reply(sim: Sim, play_for_capot: bool) -> int:
    """The follower's perfect answer to the card led (the cheapest optimal one,
    as ``players.solver_card`` picks)."""
    trump, leader = sim.trump, sim.leader
    capot_for = leader if play_for_capot and sim.won[leader] == sim.ntricks > 0 else None
    _value, best = solve(trump, leader, (sim.hands[0], sim.hands[1]), sim.lead, capot_for)
    return min(best, key=lambda c: (PTS[trump][c], STR[trump][c], c))


def _plays_for_capot() -> bool:
    return load_levels()[HINT_LEVEL].play.play_for_capot


def _position_key(view: SeatView) -> str:
    """Where the game stands, from public facts only."""
    ctx = view.context
    return (f"{ctx.hand_index}/{ctx.scores_before}/{view.deal_number}/{len(view.bids)}/"
            f"{len(view.tricks)}/{len(view.current_trick)}/{view.seat}")

