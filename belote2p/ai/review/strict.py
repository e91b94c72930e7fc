"""The strict phase (tricks 8-16), judged exactly.

From trick 8 on both hands are in view, so the solver gives the value of every
legal card under perfect play by both seats from there on (card points plus the
last trick's 10; capot and belote are not counted: belote is settled by then).
A card's loss is what it gave away against the best card.
"""

from __future__ import annotations

from ...core.cards import CARDS, Card
from ...core.view import SeatView
from ..solver import card_values


def strict_losses(view: SeatView) -> dict[Card, int]:
    """{legal card: points it gives away} for the seat to move in ``view``
    (a strict-phase view of the seat to move: the other hand is in it)."""
    if view.other_hand is None or not view.legal:
        raise ValueError("strict_losses needs a strict-phase view of the seat to move")
    hands: list[list[int]] = [[], []]
    hands[view.seat] = list(view.hand)
    hands[view.other] = list(view.other_hand)
    lead = view.current_trick[0] if view.current_trick else None
    trump, _ = view.contract
    seat0_values = card_values(trump, view.leader, (hands[0], hands[1]), lead)
    # card_values counts seat 0's points; seat 1 wants them low.
    sign = 1 if view.seat == 0 else -1
    top = max(sign * v for v in seat0_values.values())
    return {CARDS[c]: top - sign * v for c, v in sorted(seat0_values.items())}
