"""One hand of two-player Belote as a state machine: deals, bidding (with the
redeal and the forced dealer), 16 tricks with the draws, belote/rebelote, and
the score.  It says whose turn it is and what they may do, and refuses anything
else with a reason a player can read.

Seats are 0 and 1.  Actions are ``Bid`` values during bidding and ``Card``
values during play; ``parse_action``/``str`` convert them to and from the
hand-record words (``pass``, ``take``, ``take:H``, ``7S``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence, Union

from .cards import (
    CARDS,
    KING,
    QUEEN,
    SUITS,
    SUIT_SYMBOLS,
    Card,
    CardError,
    card,
    parse_card,
    points,
)
from .rules import HandScore, legal_follows, score_hand, trick_winner, why_illegal

TRICKS_PER_HAND = 16
FREE_TRICKS = 7
MAX_DEALS = 3


class Phase(enum.Enum):
    BIDDING = "bidding"
    REDEAL = "redeal"  # both passed twice: the hand waits for a fresh deck
    PLAY = "play"
    DONE = "done"


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``str()`` is a player-readable reason."""


@dataclass(frozen=True)
class Bid:
    """``pass``, ``take`` (round 1) or ``take:S`` (round 2, naming a suit)."""

    word: str

    @property
    def is_take(self) -> bool:
        return self.word != "pass"

    @property
    def suit(self) -> int | None:
        return SUITS.index(self.word[5]) if self.word.startswith("take:") else None

    @property
    def label(self) -> str:
        if self.word == "pass":
            return "Pass"
        if self.word == "take":
            return "Take"
        return "Take " + SUIT_SYMBOLS[self.suit]  # type: ignore[index]

    def __str__(self) -> str:
        return self.word

    def __reduce__(self):  # pickle/copy as the shared instance (the AI runs in a worker)
        return (_bid_from_word, (self.word,))


def _bid_from_word(word: str) -> "Bid":
    return BIDS[word]


PASS = Bid("pass")
TAKE = Bid("take")
TAKE_SUIT = tuple(Bid("take:" + s) for s in SUITS)
BIDS = {b.word: b for b in (PASS, TAKE, *TAKE_SUIT)}

Action = Union[Bid, Card]


def parse_action(text: str) -> Action:
    """A hand-record word, exactly as RULES.md writes it: a bid word or a card."""
    if isinstance(text, str) and text in BIDS:
        return BIDS[text]
    try:
        return parse_card(text)
    except CardError:
        raise CardError(
            f"{text!r} is neither a bid (pass, take, take:S/H/D/C) nor a card (e.g. 'TS')"
        ) from None


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[Card, Card]  # leader's card, then the follower's
    winner: int

    def card_of(self, seat: int) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]


@dataclass(frozen=True)
class Event:
    """Something that happened, for the table to show: kind is one of
    bid, redeal, contract, play, belote, rebelote, trick, draw, hand_over."""

    kind: str
    seat: int | None = None
    card: Card | None = None
    bid: Bid | None = None


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
    def _deal(self, deck: Sequence[int]) -> None:
        deck = [CARDS[c] for c in deck]
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
            raise IllegalAction("the hand is not waiting for a redeal")
        self._deal(deck)
        return [Event("redeal", self.dealer)]

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
        return legal_follows(hand, self.current[0], self.trump)  # type: ignore[arg-type]

    def legal_actions(self) -> list[Action]:
        return self.legal_bids() if self.phase is Phase.BIDDING else self.legal_cards()

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else the reason in a player's words."""
        if self.phase is Phase.DONE:
            return "the hand is over"
        if self.phase is Phase.REDEAL:
            return "the hand must be redealt first"
        if self.phase is Phase.BIDDING:
            if not isinstance(action, Bid):
                return "it is time to bid (pass or take), not to play a card"
            if action in self.legal_bids():
                return None
            if action == PASS:
                return "the dealer may not pass on the third deal: name a trump suit"
            if self.bid_round == 1:
                return "in the first round you may only take the turned suit or pass"
            if action == TAKE:
                return "in the second round you must name a suit (take:S, take:H...)"
            return f"{SUIT_SYMBOLS[self.turned.suit]} was refused in the first round: name another suit"
        if not isinstance(action, Card):
            return "bidding is over: play a card"
        hand = self.hands[self.to_move]
        if action not in hand:
            return f"{action.label} is not in your hand"
        if not self.current or self.stock:
            return None
        lead = self.current[0]
        if action in legal_follows(hand, lead, self.trump):  # type: ignore[arg-type]
            return None
        return why_illegal(hand, lead, self.trump, action)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- actions
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move; returns what happened."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.actions.append(action)
        if self.phase is Phase.BIDDING:
            return self._bid(action)  # type: ignore[arg-type]
        return self._play(action)  # type: ignore[arg-type]

    def _bid(self, bid: Bid) -> list[Event]:
        seat = self.to_move
        self.bids.append((seat, bid))
        events = [Event("bid", seat, bid=bid)]
        if bid.is_take:
            self.taker = seat
            self.trump = self.turned.suit if bid == TAKE else bid.suit
            self._complete_deal()
            events.append(Event("contract", seat))
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
        events = [Event("play", seat, played)]
        if played.suit == self.trump and played.rank in (KING, QUEEN):
            events += self._belote_check(seat, played)
        if not self.current:
            self.current.append(played)
            self.to_move = 1 - seat
            return events
        lead = self.current[0]
        winner = self.leader if trick_winner(lead, played, self.trump) == 0 else seat  # type: ignore[arg-type]
        self.tricks.append(Trick(self.leader, (lead, played), winner))
        self.current = []
        self.card_points[winner] += points(lead, self.trump) + points(played, self.trump)
        self.tricks_won[winner] += 1
        events.append(Event("trick", winner))
        if self.stock:
            for drawer in (winner, 1 - winner):
                drawn = self.stock.pop(0)
                self.hands[drawer].append(drawn)
                events.append(Event("draw", drawer, drawn))
        self.leader = self.to_move = winner
        if len(self.tricks) == TRICKS_PER_HAND:
            self.phase = Phase.DONE
            events.append(Event("hand_over"))
        return events

    def _belote_check(self, seat: int, played: Card) -> list[Event]:
        partner = card(QUEEN if played.rank == KING else KING, played.suit)
        if partner in self.hands[seat]:
            self.belote = seat
            return [Event("belote", seat, played)]
        if self.belote == seat:
            return [Event("rebelote", seat, played)]
        return []

    # ------------------------------------------------------------------- score
    def score(self) -> HandScore:
        if self.phase is not Phase.DONE:
            raise IllegalAction("the hand is not over")
        return score_hand(
            self.taker, self.card_points, self.tricks[-1].winner,  # type: ignore[arg-type]
            self.tricks_won, self.belote,
        )

    def trick_points_so_far(self) -> tuple[int, int]:
        """Card points taken so far (the last trick's 10 once it is won)."""
        pts = list(self.card_points)
        if self.phase is Phase.DONE:
            pts[self.tricks[-1].winner] += 10
        return pts[0], pts[1]

    def view(self, seat: int, context=None):
        from .view import view_of

        return view_of(self, seat, context)
