"""Walk a hand's decisions again: each bid and card with the view its seat had then."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.actions import Action, Bid, Phase
from ...core.cards import Card
from ...core.hand import Hand
from ...core.view import SeatView, view_of


@dataclass(frozen=True)
class Decision:
    """One action of the deal that was played, and the view of its seat just before."""

    index: int  # 0-based among the actions of that deal (a public fact)
    view: SeatView
    action: Action

    @property
    def is_card(self) -> bool:
        return isinstance(self.action, Card)

    @property
    def is_bid(self) -> bool:
        return isinstance(self.action, Bid)


def decisions(hand: Hand) -> Iterator[Decision]:
    """The bids and cards of the hand's last deal (the one that was played), in
    order.  Earlier deals ended in two rounds of passes and are not reviewed."""
    fresh = Hand(hand.dealer, hand.decks[0])
    index = 0
    for action in hand.actions:
        if fresh.phase is Phase.REDEAL:  # only when an action follows: a hand may stop here
            fresh.redeal(hand.decks[fresh.deal_number])
        if fresh.deal_number == hand.deal_number:
            yield Decision(index, view_of(fresh, fresh.to_move), action)
            index += 1
        fresh.apply(action)
