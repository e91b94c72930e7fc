"""One hand of two-player Belote as a state machine: deals, bidding (with the
redeal and the forced dealer), 16 tricks with the draws, belote/rebelote, and
the score.  It says whose turn it is and what they may do, and refuses anything
else with a ``Refusal`` (a code, worded by the screen; ``why_illegal`` gives
the English text).

Seats are 0 and 1.  Actions are ``Bid`` values during bidding and ``Card``
values during play (their types live in ``actions.py``).  A ``Hand`` builds no
views: ``view.view_of(hand, seat)`` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    PASS,
    TAKE,
    TAKE_SUIT,
    Action,
    Bid,
    Event,
    EventKind,
    IllegalAction,
    Phase,
    Refusal,
    RefusalCode,
    Trick,
)
from .cards import CARDS, KING, QUEEN, Card, card, points
from .events import BidMade, ContractMade, Dealt, HandScored, TrickTaken
from .rules import HandScore, legal_follows, refusal_to_follow, score_hand, trick_winner

TRICKS_PER_HAND = 16
FREE_TRICKS = 7
MAX_DEALS = 3

# The events of every card played, bound once: looking a member up on an Enum
# class costs ~50 ns, noticeable at 100,000 events a second (benchmarks/).
_PLAY, _TRICK, _DRAW = EventKind.PLAY, EventKind.TRICK, EventKind.DRAW


class Hand:
    """A hand from the first deal to the score.  Mutate it only through
    ``apply`` and ``redeal``; read everything else."""

    def __init__(self, dealer: int, deck: Sequence[int]):
        if dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1")
        self.dealer = dealer
        self.deal_number = 0
        self.decks: list[list[Card]] = []
        self.actions: list[Action] = []  # every bid and card, all deals, in order
        self._deal(deck)

    # ----------------------------------------------------------------- dealing
    def _deal(self, order: Sequence[int]) -> None:
        deck = [CARDS[c] for c in order]
        if len(deck) != 32 or len(set(deck)) != 32:
            raise ValueError("a deck must hold the 32 cards once each")
        self.deal_number += 1
        self.decks.append(deck)
        first, dealer = 1 - self.dealer, self.dealer
        self.hands: list[list[Card]] = [[], []]
        self.hands[first] = deck[0:3] + deck[6:9]
        self.hands[dealer] = deck[3:6] + deck[9:12]
        self.turned: Card = deck[12]
        self.stock: list[Card] = []  # top first; filled once someone takes
        self.bids: list[tuple[int, Bid]] = []  # this deal's bids
        self.bid_round = 1
        self.phase = Phase.BIDDING
        self.to_move = first
        self.trump: int | None = None
        self.taker: int | None = None
        self.tricks: list[Trick] = []
        self.current: list[Card] = []  # the trick in progress (0 or 1 card)
        self.leader = first
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.belote: int | None = None  # who announced belote (and so scores 20)

    def redeal(self, deck: Sequence[int]) -> list[Event]:
        """Deal again after both passed twice (same dealer, a fresh deck)."""
        if self.phase is not Phase.REDEAL:
            raise IllegalAction(Refusal(RefusalCode.NO_REDEAL_PENDING))
        self._deal(deck)
        return [Event(EventKind.REDEAL, self.dealer)]

    def dealt(self, kind: EventKind, hand_no: int) -> Dealt:
        """The event that shows this deal (``hand_no``: the hand's place in its match)."""
        return Dealt(kind, self.dealer, hand_no=hand_no, deal_number=self.deal_number,
                     hands=(tuple(self.hands[0][:6]), tuple(self.hands[1][:6])),
                     turned=self.turned, forced_dealer=self.forced_dealer)

    @property
    def forced_dealer(self) -> bool:
        """On the third deal the dealer may not pass in round 2."""
        return self.deal_number == MAX_DEALS

    def _complete_deal(self) -> None:
        deck, taker, first = self.decks[-1], self.taker, 1 - self.dealer
        if taker == first:
            self.hands[first] += [self.turned] + deck[13:15]
            self.hands[self.dealer] += deck[15:18]
        else:
            self.hands[first] += deck[13:16]
            self.hands[self.dealer] += [self.turned] + deck[16:18]
        self.stock = deck[18:32]
        self.phase = Phase.PLAY
        self.to_move = self.leader = first

    # ------------------------------------------------------------------ status
    @property
    def strict(self) -> bool:
        """Stock empty: the follower must follow, overtrump, trump (tricks 8-16)."""
        return self.phase is Phase.PLAY and not self.stock

    def contract_trump(self) -> int:
        """The trump once someone has taken (every card is played under a contract)."""
        trump = self.trump
        assert trump is not None, "no card is played before the contract"
        return trump

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (17 once the hand is over)."""
        return len(self.tricks) + 1

    def legal_bids(self) -> list[Bid]:
        if self.phase is not Phase.BIDDING:
            return []
        if self.bid_round == 1:
            return [TAKE, PASS]
        takes = [TAKE_SUIT[s] for s in range(4) if s != self.turned.suit]
        if self.forced_dealer and self.to_move == self.dealer:
            return takes
        return takes + [PASS]

    def legal_cards(self) -> list[Card]:
        if self.phase is not Phase.PLAY:
            return []
        hand = self.hands[self.to_move]
        if not self.current or self.stock:
            return list(hand)
        return legal_follows(hand, self.current[0], self.contract_trump())

    def legal_actions(self) -> Sequence[Action]:
        return self.legal_bids() if self.phase is Phase.BIDDING else self.legal_cards()

    def refusal(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else why not (a code and its parameters)."""
        if self.phase is Phase.DONE:
            return Refusal(RefusalCode.HAND_OVER)
        if self.phase is Phase.REDEAL:
            return Refusal(RefusalCode.MUST_REDEAL)
        if self.phase is Phase.BIDDING:
            return self._bid_refusal(action)
        if not isinstance(action, Card):
            return Refusal(RefusalCode.PLAY_NOW)
        hand = self.hands[self.to_move]
        if action not in hand:
            return Refusal(RefusalCode.NOT_IN_HAND, card=action)
        if not self.current or self.stock:
            return None
        lead, trump = self.current[0], self.contract_trump()
        if action in legal_follows(hand, lead, trump):
            return None
        return refusal_to_follow(hand, lead, trump, action)

    def _bid_refusal(self, action: Action) -> Refusal | None:
        if not isinstance(action, Bid):
            return Refusal(RefusalCode.BID_NOW)
        if action in self.legal_bids():
            return None
        if action == PASS:
            return Refusal(RefusalCode.DEALER_MUST_TAKE)
        if self.bid_round == 1:
            return Refusal(RefusalCode.TURNED_SUIT_ONLY)
        if action == TAKE:
            return Refusal(RefusalCode.NAME_A_SUIT)
        return Refusal(RefusalCode.SUIT_REFUSED, suit=self.turned.suit)

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else the reason in English."""
        refusal = self.refusal(action)
        return None if refusal is None else str(refusal)

    # ----------------------------------------------------------------- actions
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move; returns what happened."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.actions.append(action)
        # refusal() has matched the action's kind to the phase: a Bid while
        # bidding, a Card in play.
        if isinstance(action, Bid):
            return self._bid(action)
        return self._play(action)

    def _bid(self, bid: Bid) -> list[Event]:
        seat = self.to_move
        self.bids.append((seat, bid))
        events: list[Event] = [BidMade(EventKind.BID, seat, bid=bid, turned=self.turned)]
        if bid.is_take:
            self.taker = seat
            trump = self.turned.suit if bid == TAKE else bid.suit
            assert trump is not None, "a take names its trump"
            self.trump = trump
            before = (len(self.hands[0]), len(self.hands[1]))
            self._complete_deal()
            extra = (tuple(self.hands[0][before[0]:]), tuple(self.hands[1][before[1]:]))
            events.append(ContractMade(EventKind.CONTRACT, seat, trump=trump,
                                       turned=self.turned, dealer=self.dealer, extra=extra))
            return events
        if seat == self.dealer:  # both have spoken in this round
            if self.bid_round == 2:
                self.phase = Phase.REDEAL
                self.to_move = self.dealer
                return events
            self.bid_round = 2
        self.to_move = 1 - seat
        return events

    def _play(self, played: Card) -> list[Event]:
        seat = self.to_move
        self.hands[seat].remove(played)
        events = [Event(_PLAY, seat, played)]
        if played.suit == self.trump and played.rank in (KING, QUEEN):
            events += self._belote_check(seat, played)
        if not self.current:
            self.current.append(played)
            self.to_move = 1 - seat
            return events
        lead, trump = self.current[0], self.contract_trump()
        winner = self.leader if trick_winner(lead, played, trump) == 0 else seat
        self.tricks.append(Trick(self.leader, (lead, played), winner))
        self.current = []
        self.card_points[winner] += points(lead, trump) + points(played, trump)
        self.tricks_won[winner] += 1
        draws = []
        if self.stock:
            for drawer in (winner, 1 - winner):
                drawn = self.stock.pop(0)
                self.hands[drawer].append(drawn)
                draws.append(Event(_DRAW, drawer, drawn))
        self.leader = self.to_move = winner
        last = len(self.tricks) == TRICKS_PER_HAND
        # every card is known to both once the stock is empty: the end is played open
        open_hands = None if self.stock else (tuple(self.hands[0]), tuple(self.hands[1]))
        events.append(TrickTaken(_TRICK, winner, trick=self.tricks[-1],
                                 points=(self.card_points[0], self.card_points[1]),
                                 won=(self.tricks_won[0], self.tricks_won[1]), last=last,
                                 open_hands=open_hands))
        events += draws
        if last:
            self.phase = Phase.DONE
            events.append(HandScored(EventKind.HAND_OVER, score=self.score(),
                                     card_points=(self.card_points[0], self.card_points[1]),
                                     last_winner=winner, dealer=self.dealer,
                                     decks=tuple(tuple(d) for d in self.decks),
                                     actions=tuple(self.actions)))
        return events

    def _belote_check(self, seat: int, played: Card) -> list[Event]:
        partner = card(QUEEN if played.rank == KING else KING, played.suit)
        if partner in self.hands[seat]:
            self.belote = seat
            return [Event(EventKind.BELOTE, seat, played)]
        if self.belote == seat:
            return [Event(EventKind.REBELOTE, seat, played)]
        return []

    # ------------------------------------------------------------------- score
    def score(self) -> HandScore:
        if self.phase is not Phase.DONE:
            raise IllegalAction(Refusal(RefusalCode.HAND_NOT_OVER))
        taker = self.taker
        assert taker is not None, "a finished hand was played under a contract"
        return score_hand(
            taker, self.card_points, self.tricks[-1].winner, self.tricks_won, self.belote,
        )

    def trick_points_so_far(self) -> tuple[int, int]:
        """Card points taken so far (the last trick's 10 once it is won)."""
        pts = list(self.card_points)
        if self.phase is Phase.DONE:
            pts[self.tricks[-1].winner] += 10
        return pts[0], pts[1]
