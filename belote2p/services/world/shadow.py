"""The world daily's run as the table plays it: a ``Run`` whose hidden cards
are stand-ins, kept consistent with everything the player's seat is told.

The server never sends the stock's order or the rival's hand (its answers are
a ``SeatView``, its replies the rival's public actions), yet the table tells a
run through the core's engine: its events become the beats.  So the client
plays a *shadow* of the run: the same actions, on decks whose every card the
seat can see is the true one (its own cards, the turned card, each card the
rival plays, each card the seat draws), and whose unseen cards (the stock, the
rival's hand) are stand-ins.  Before each action is applied the stand-ins are
moved out of the way just in time (``Shadow.before``): the card the rival
plays is swapped into its hand, the card the seat draws into the stock slot it
draws from, the seat's share of the deal into its slots, and a rival's belote
is announced exactly when the server's view says it was.  After each answer
the shadow's view of the seat is compared with the server's (``check``): any
difference is a ``ShadowMismatch``, never a table that quietly disagrees.

Nothing here can cheat or leak: the shadow only ever holds what the seat was
told, and the stand-ins are arbitrary.  What it cannot know it does not show:
which 6 of its first 9 cards the seat was dealt when it saw the deal only after
the rival took (the deal's animation then shows the sorted hand's first six),
and no comparison with level 4 is made from it (its seed is not the run's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.actions import Action, Bid, Phase, parse_action
from ...core.cards import CARDS, KING, QUEEN, Card, card
from ...core.hand import Hand
from ...core.match import PLAYER, RIVAL, Match, Run
from ...core.rules import trick_winner
from ...core.view import SeatView
from .protocol import ProtocolError, view_from_json, view_to_json


class ShadowMismatch(ProtocolError):
    """The shadow's view of the seat is not the server's: names the first field."""


@dataclass(frozen=True)
class Answer:
    """One server answer, as the table needs it: the player's word that led to it
    (None for the run's start), the rival's replies and the seat's view after."""

    seq: int
    word: str | None
    replies: tuple[str, ...]
    view: dict[str, Any]
    status: str
    score: int
    streak: int
    match: int  # the match the view is in (0-based)

    @classmethod
    def of(cls, answer: dict[str, Any], word: str | None) -> Answer:
        try:
            state = answer["state"]
            return cls(int(answer["seq"]), word, tuple(str(w) for w in answer["replies"]),
                       state["view"], str(answer["status"]), int(state["score"]),
                       int(state["streak"]), int(state["match"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ProtocolError(f"answer: malformed ({type(exc).__name__}: {exc})") from None


def _dealt_slots(dealer: int) -> list[int]:
    """The deck positions of the player's six first cards (``Hand._deal``)."""
    return [0, 1, 2, 6, 7, 8] if dealer == RIVAL else [3, 4, 5, 9, 10, 11]


def _completion_slots(dealer: int, taker: int) -> list[int]:
    """The deck positions of the player's cards given at the contract (the
    turned card, when the player takes it, is not among them)."""
    first = 1 - dealer
    if first == PLAYER:
        return [13, 14] if taker == first else [13, 14, 15]
    return [15, 16, 17] if taker == first else [16, 17]


def _trump_pair(c: Card, trump: int | None) -> Card | None:
    """The other card of the belote pair when ``c`` is the trump king or queen."""
    if trump is None or c.suit != trump or c.rank not in (KING, QUEEN):
        return None
    return card(QUEEN if c.rank == KING else KING, trump)


def _hand_order(view: SeatView) -> list[Card]:
    """The seat's cards in the order the hand holds them (dealt, given, drawn):
    the order of its legal cards when every card is legal (its lead, or any
    play while the stock is open), else sorted (the view's own order)."""
    if view.phase is Phase.PLAY and view.to_move == PLAYER and view.stock_size > 0:
        return view.legal_cards()
    return list(view.hand)


class ShadowMatch(Match):
    """A match whose decks are made by the shadow from the seat's view."""

    def __init__(self, shadow: Shadow, match_index: int, first_dealer: int):
        self.shadow = shadow
        super().__init__(shadow.seed, match_index, first_dealer)

    def _deck(self, hand_index: int, deal_index: int) -> list[Card]:
        return self.shadow.new_deck(self.match_index, hand_index, deal_index)


class ShadowRun(Run):
    """A ``Run`` whose matches are ``ShadowMatch``es (``Run.apply`` makes each
    next match with the plain constructor: the setter turns it into one)."""

    def __init__(self, shadow: Shadow):
        self._shadow = shadow
        super().__init__(shadow.seed)

    @property
    def match(self) -> Match:
        return self._match

    @match.setter
    def match(self, value: Match) -> None:
        if not isinstance(value, ShadowMatch):
            value = ShadowMatch(self._shadow, value.match_index, self._shadow.next_dealer())
        self._match = value


class Shadow:
    """The shadow of one world run, fed the server's answers in order."""

    def __init__(self, run_id: str, first: Answer):
        self.seed = f"world-{run_id}"  # not the run's seed: that stays on the server
        self.target: SeatView = view_from_json(first.view)  # the answer being applied
        self.target_match = first.match
        self.run = ShadowRun(self)
        self.seq = 0

    # ------------------------------------------------------------ the decks
    def _target_in(self, match_index: int, hand_index: int, deal_number: int) -> SeatView:
        view = self.target
        if (self.target_match, view.context.hand_index, view.deal_number) != \
                (match_index, hand_index, deal_number):
            raise ShadowMismatch(f"the server's answer is not in the deal dealt now (match "
                                 f"{match_index + 1}, hand {hand_index + 1}, deal {deal_number})")
        return view

    def next_dealer(self) -> int:
        return self.target.dealer

    def new_deck(self, match_index: int, hand_index: int, deal_index: int) -> list[Card]:
        """A deck for the deal starting now, from the view that follows it: the
        seat's cards and the turned card in their places, stand-ins elsewhere."""
        view = self._target_in(match_index, hand_index, deal_index + 1)
        deck: list[Card | None] = [None] * 32
        deck[12] = view.turned
        mine = [c for c in _hand_order(view) if c != view.turned]
        slots = _dealt_slots(view.dealer)
        if view.taker is not None:
            slots = slots + _completion_slots(view.dealer, view.taker)
        if len(mine) != len(slots):
            raise ShadowMismatch(f"the seat holds {len(view.hand)} cards at the deal")
        for slot, c in zip(slots, mine, strict=True):
            deck[slot] = c
        rest = iter(c for c in CARDS if c not in set(mine) and c != view.turned)
        return [c if c is not None else next(rest) for c in deck]

    # ------------------------------------------------------------ applying
    def begin(self, answer: Answer) -> None:
        """The answer about to be applied: its view guides the stand-ins."""
        self.target = view_from_json(answer.view)
        self.target_match = answer.match

    def before(self, action: Action) -> None:
        """Move the stand-ins so that ``action``, applied next, tells what the
        server told: called before every action of an answer.  The seat's draw
        is placed first, then the rival's card, then its belote (whose stand-in
        is never the card the seat draws)."""
        hand = self.run.match.hand
        if hand.phase is Phase.BIDDING and isinstance(action, Bid) and action.is_take:
            self._complete(hand, hand.to_move)
        if hand.phase is not Phase.PLAY or not isinstance(action, Card):
            return
        seat = hand.to_move
        slot = None
        if hand.current and len(hand.stock) >= 2:
            slot = self._seat_draws(hand, seat, action)
        if seat == RIVAL:
            self._rival_plays(hand, action, slot)

    def _same_deal(self, hand: Hand) -> bool:
        view, match = self.target, self.run.match
        return (self.target_match, view.context.hand_index, view.deal_number) == \
            (match.match_index, len(match.hands) - 1, hand.deal_number)

    def _complete(self, hand: Hand, taker: int) -> None:
        """The contract deals the rest: the seat's share must be the one it gets."""
        if not self._same_deal(hand):
            raise ShadowMismatch("a contract without the seat's view of it")
        order = _hand_order(self.target)
        dealt = [c for c in order if c in hand.hands[PLAYER]]
        wanted = [c for c in order if c not in hand.hands[PLAYER] and c != hand.turned]
        deck = hand.decks[-1]
        if len(dealt) == len(hand.hands[PLAYER]):  # the dealt cards' order, now it shows
            hand.hands[PLAYER][:] = dealt
            for slot, c in zip(_dealt_slots(hand.dealer), dealt, strict=True):
                deck[slot] = c
        for slot, c in zip(_completion_slots(hand.dealer, taker), wanted, strict=True):
            if deck[slot] != c:
                _swap(hand, deck[slot], c)

    def _rival_plays(self, hand: Hand, played: Card, seat_slot: int | None) -> None:
        """The rival's card in its hand; its belote announced as the server's view says
        (the announcement is the first trump king or queen it plays holding both)."""
        pair = _trump_pair(played, hand.trump)
        announced = (pair is not None and hand.belote != RIVAL and self._same_deal(hand)
                     and self.target.belote == RIVAL)
        if played not in hand.hands[RIVAL]:
            if played not in hand.stock:
                raise ShadowMismatch(f"the rival played {played}, which the seat knows elsewhere")
            keep = {played} | ({pair} if announced and pair is not None else set())
            _swap(hand, played, self._stand_in(hand, exclude=keep))
        if pair is None or hand.belote == RIVAL:
            return
        if announced and pair not in hand.hands[RIVAL]:
            _swap(hand, pair, self._stand_in(hand, exclude={played, pair}))
        elif not announced and pair in hand.hands[RIVAL] and hand.stock:
            spare = [c for i, c in enumerate(hand.stock) if i != seat_slot]
            _swap(hand, pair, spare[-1])

    def _stand_in(self, hand: Hand, exclude: set[Card]) -> Card:
        """A card of the rival's the seat knows nothing of, the last dealt first."""
        known = {hand.turned} if hand.taker == RIVAL else set()
        if hand.belote == RIVAL and hand.trump is not None:
            known |= {card(KING, hand.trump), card(QUEEN, hand.trump)}
        deck = hand.decks[-1]
        free = [c for c in hand.hands[RIVAL] if c not in known and c not in exclude]
        if not free:
            raise ShadowMismatch("the rival's hand has no unseen card left to stand in")
        return max(free, key=deck.index)

    def _seat_draws(self, hand: Hand, seat: int, played: Card) -> int:
        """The trick ends with the stock open: the seat draws the card it holds next."""
        if not self._same_deal(hand):
            raise ShadowMismatch("a draw without the seat's view after it")
        lead = hand.current[0]
        winner = hand.leader if trick_winner(lead, played, hand.contract_trump()) == 0 else seat
        keeps = set(hand.hands[PLAYER]) - ({played} if seat == PLAYER else set())
        drawn = [c for c in self.target.hand if c not in keeps]
        if len(drawn) != 1:
            raise ShadowMismatch(f"the seat's hand grew by {len(drawn)} cards at a draw")
        slot = 0 if winner == PLAYER else 1
        if hand.stock[slot] != drawn[0]:
            _swap(hand, hand.stock[slot], drawn[0])
        return slot

    def apply(self, answer: Answer) -> None:
        """Apply a whole answer at once (a resumed run, the tests)."""
        self.begin(answer)
        words = ([answer.word] if answer.word is not None else []) + list(answer.replies)
        for word in words:
            action = parse_action(word)
            self.before(action)
            self.run.apply(action)
        self.check(answer)

    def check(self, answer: Answer) -> None:
        """The shadow's view of the seat must be the server's, field by field."""
        self.seq = answer.seq
        mine = view_to_json(self.run.match.view(PLAYER))
        for key, value in answer.view.items():
            if mine.get(key) != _plain(value):
                raise ShadowMismatch(f"the table's {key} is {mine.get(key)!r}, the server's "
                                     f"{value!r}")
        if (self.run.score, self.run.streak) != (answer.score, answer.streak):
            raise ShadowMismatch("the table's run score is not the server's")


def _plain(value: Any) -> Any:
    """JSON's lists for tuples (the server's answer went through JSON)."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _swap(hand: Hand, a: Card, b: Card) -> None:
    """Cards ``a`` and ``b`` change places wherever the hand keeps them unseen."""
    if a == b:
        return
    lists: Sequence[list[Card]] = (hand.decks[-1], hand.hands[PLAYER], hand.hands[RIVAL],
                                   hand.stock)
    for cards in lists:
        for i, c in enumerate(cards):
            if c == a:
                cards[i] = b
            elif c == b:
                cards[i] = a
