"""What one seat may know, as an immutable value: the only thing a player (the
rival's AI, or a hint engine) is ever given.

There is no path from a ``SeatView`` back to the hand, the other player's cards
(until the stock is empty) or the stock order: it holds copies of public facts
and of the seat's own cards, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Bid, Phase, Trick
from .cards import CARDS, KING, QUEEN, Card, card

if TYPE_CHECKING:  # a view reads a hand; the hand never builds views
    from .hand import Hand


@dataclass(frozen=True)
class MatchContext:
    """Where the hand stands in its match (levels 3-4 play for the match)."""

    hand_index: int = 0  # 0 = first hand, 1 = second
    scores_before: tuple[int, int] = (0, 0)  # match scores before this hand, by seat


@dataclass(frozen=True)
class SeatView:
    seat: int
    dealer: int
    deal_number: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    turned: Card
    bid_round: int
    bids: tuple[tuple[int, Bid], ...]  # this deal's bids, in order
    trump: int | None
    taker: int | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]  # the leader's card, if the trick is under way
    leader: int
    stock_size: int
    card_points: tuple[int, int]  # card points won so far, by seat
    belote: int | None  # seat that announced belote
    known_other_cards: frozenset[Card]  # cards the other seat is known to hold
    other_hand: tuple[Card, ...] | None  # only once the stock is empty
    legal: tuple[Action, ...]  # what this seat may do now (empty if not its turn)
    context: MatchContext = MatchContext()

    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def strict(self) -> bool:
        return self.phase is Phase.PLAY and self.stock_size == 0

    @property
    def forced_dealer(self) -> bool:
        return self.deal_number == 3

    @property
    def contract(self) -> tuple[int, int]:
        """(trump, taker): set once someone has taken, so in every play-phase view."""
        trump, taker = self.trump, self.taker
        if trump is None or taker is None:
            raise ValueError("no contract yet: the hand is still in bidding")
        return trump, taker

    def legal_bids(self) -> list[Bid]:
        """``legal`` as bids (all of it during bidding, nothing in play)."""
        return [a for a in self.legal if isinstance(a, Bid)]

    def legal_cards(self) -> list[Card]:
        """``legal`` as cards (all of it in play, nothing during bidding)."""
        return [a for a in self.legal if isinstance(a, Card)]

    def played_cards(self) -> set[Card]:
        seen = {c for t in self.tricks for c in t.cards}
        seen.update(self.current_trick)
        return seen

    def unseen_cards(self) -> set[Card]:
        """Cards this seat has not seen: in the other hand or the stock
        (the other seat's known cards excluded)."""
        seen = self.played_cards() | set(self.hand) | self.known_other_cards
        if self.taker is None:
            seen.add(self.turned)
        return set(CARDS) - seen


def view_of(hand: Hand, seat: int, context: MatchContext | None = None) -> SeatView:
    """What ``seat`` may know of ``hand`` now (``context``: where the hand stands in its match)."""
    other = 1 - seat
    in_play = hand.phase in (Phase.PLAY, Phase.DONE)
    known: set[Card] = set()
    if in_play and not (hand.phase is Phase.PLAY and not hand.stock):
        played = {c for t in hand.tricks for c in t.cards} | set(hand.current)
        if hand.taker == other and hand.turned not in played:
            known.add(hand.turned)
        if hand.belote == other:
            trump = hand.contract_trump()
            known.update(
                c for c in (card(KING, trump), card(QUEEN, trump))
                if c not in played
            )
    other_visible = in_play and not hand.stock
    return SeatView(
        seat=seat,
        dealer=hand.dealer,
        deal_number=hand.deal_number,
        phase=hand.phase,
        to_move=hand.to_move if hand.phase in (Phase.BIDDING, Phase.PLAY) else None,
        hand=tuple(sorted(hand.hands[seat])),
        turned=hand.turned,
        bid_round=hand.bid_round,
        bids=tuple(hand.bids),
        trump=hand.trump,
        taker=hand.taker,
        tricks=tuple(hand.tricks),
        current_trick=tuple(hand.current),
        leader=hand.leader,
        stock_size=len(hand.stock),
        card_points=(hand.card_points[0], hand.card_points[1]),
        belote=hand.belote,
        known_other_cards=frozenset(known),
        other_hand=tuple(sorted(hand.hands[other])) if other_visible else None,
        legal=tuple(hand.legal_actions()) if hand.to_move == seat else (),
        context=context or MatchContext(),
    )
