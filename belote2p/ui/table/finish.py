"""The strict phase with nothing left to decide: "the rest are yours" (or
the rival's).  Decided by the solver from the player's view alone (once the
stock is empty the view holds both hands), never by looking at the engine:

- the player leads and can take every remaining trick against any defence
  (``solver.can_capot``): the rest are the player's, their cards are then the
  solver's capot line;
- the rival has led and takes every remaining trick against any answer: the
  rest are the rival's, the player's cards then cost them nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ai.solver import SolverError, can_capot, solve
from ...core.cards import Card
from ...core.match import PLAYER, RIVAL
from ...core.view import SeatView


@dataclass(frozen=True)
class Claim:
    """Who takes the remaining tricks, and the player's card to play now."""

    seat: int
    card: Card


def claim(view: SeatView) -> Claim | None:
    """The claim for the player to move in ``view``, or None while there is
    something to decide (or the position is not the strict phase's)."""
    if (view.seat != PLAYER or view.to_move != PLAYER or not view.strict or view.trump is None
            or view.other_hand is None or not view.hand):
        return None
    hands = (tuple(view.hand), tuple(view.other_hand))
    lead = view.current_trick[0] if view.current_trick else None
    try:
        if lead is None and view.leader == PLAYER:
            if not can_capot(view.trump, PLAYER, hands):
                return None
            return Claim(PLAYER, _card(solve(view.trump, PLAYER, hands, capot_for=PLAYER)[1]))
        if lead is not None and view.leader == RIVAL:
            if not can_capot(view.trump, RIVAL, hands, lead):
                return None
            return Claim(RIVAL, _card(solve(view.trump, RIVAL, hands, lead)[1]))
    except SolverError:
        return None
    return None


def next_card(view: SeatView, seat: int) -> Card | None:
    """The player's card while the claimed tricks play out (the solver's best
    for the side that takes them; None if the player is not to move)."""
    if view.to_move != PLAYER or view.trump is None or view.other_hand is None:
        return None
    hands = (tuple(view.hand), tuple(view.other_hand))
    lead = view.current_trick[0] if view.current_trick else None
    try:
        capot_for = seat if lead is None and view.leader == seat else None
        return _card(solve(view.trump, view.leader, hands, lead, capot_for=capot_for)[1])
    except SolverError:
        return None


def _card(best: list[int]) -> Card:
    card = best[0]
    assert isinstance(card, Card), "the solver answers with the cards it was given"
    return card
