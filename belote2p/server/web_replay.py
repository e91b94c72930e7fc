"""A closed day's run told hand by hand, rebuilt from its seed and actions with the core.

The board's replay page shows what the run file proves: per match the rival's
level and the result, per hand each deal (the dealer, the cards dealt, the
turned card and the bids), the contract, the sixteen tricks card by card and
the score.  Nothing here is taken on trust from the database but the seed and
the action words: the cards, the tricks and the points are the core's own
(``Run.apply``, the events it returns), so the page cannot show a hand the
rules did not play.  A record the core refuses part-way (a damaged row) is told
up to the refused action, and the refusal is said.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.actions import Bid, Event, EventKind, parse_action
from ..core.cards import Card, points
from ..core.events import BidMade, ContractMade, Dealt, HandScored, MatchEnded, TrickTaken
from ..core.match import Run
from ..core.rules import HandScore


@dataclass(frozen=True)
class DealStory:
    """One deal of a hand: a hand is dealt again when both pass twice."""

    number: int  # 1 to 3 within the hand
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # the six cards each, by seat
    turned: Card
    bids: tuple[tuple[int, Bid], ...]  # (seat, bid), in order


@dataclass(frozen=True)
class TrickStory:
    number: int  # 1 to 16
    leader: int
    cards: tuple[Card, Card]  # the leader's card, then the follower's
    winner: int
    points: int  # the trick's card points (the last trick's 10 is in the hand's score)
    belote: tuple[tuple[int, str], ...] = ()  # (seat, "belote" or "rebelote") said in it

    def card_of(self, seat: int) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]


@dataclass(frozen=True)
class HandStory:
    number: int  # 1 or 2 within the match
    deals: tuple[DealStory, ...]
    taker: int | None  # None: the record stops before a take
    trump: int | None
    tricks: tuple[TrickStory, ...]
    score: HandScore | None  # None: unfinished (the day closed first)


@dataclass(frozen=True)
class MatchStory:
    number: int  # from 1
    level: int  # the rival's level
    hands: tuple[HandStory, ...]
    scores: tuple[int, int] | None  # None: unfinished
    winner: int | None  # None: drawn or unfinished


@dataclass(frozen=True)
class RunStory:
    matches: tuple[MatchStory, ...]
    score: int
    streak: int
    over: bool  # lost or drawn; False: the run stopped while still unbeaten (the close)
    broken_at: int | None = None  # the action the core refused (from 1), if any
    broken_because: str | None = None


@dataclass
class _Teller:
    """Collects the run's events into stories (mutable while the run is replayed)."""

    matches: list[MatchStory] = field(default_factory=list)
    hands: list[HandStory] = field(default_factory=list)
    deals: list[DealStory] = field(default_factory=list)
    bids: list[tuple[int, Bid]] = field(default_factory=list)
    tricks: list[TrickStory] = field(default_factory=list)
    belote: list[tuple[int, str]] = field(default_factory=list)
    dealt: Dealt | None = None
    contract: ContractMade | None = None
    level: int = 1

    def deal(self, event: Dealt, level: int) -> None:
        self.close_deal()
        if event.kind is not EventKind.REDEAL:
            self.close_hand(None)
        if event.kind is EventKind.NEXT_MATCH:
            self.close_match(None, None)
            self.level = level
        self.dealt = event

    def close_deal(self) -> None:
        if self.dealt is not None:
            d = self.dealt
            self.deals.append(DealStory(d.deal_number, d.dealer, d.hands, d.turned,
                                        tuple(self.bids)))
        self.dealt, self.bids = None, []

    def close_hand(self, score: HandScore | None) -> None:
        self.close_deal()
        if self.deals:
            contract = self.contract
            self.hands.append(HandStory(
                len(self.hands) + 1, tuple(self.deals),
                None if contract is None else contract.seat,
                None if contract is None else contract.trump, tuple(self.tricks), score))
        self.deals, self.tricks, self.contract = [], [], None

    def close_match(self, scores: tuple[int, int] | None, winner: int | None) -> None:
        self.close_hand(None)
        if self.hands:
            self.matches.append(MatchStory(len(self.matches) + 1, self.level,
                                           tuple(self.hands), scores, winner))
        self.hands = []

    def trick(self, event: TrickTaken) -> None:
        trump = self.contract.trump if self.contract is not None else None
        t = event.trick
        self.tricks.append(TrickStory(
            len(self.tricks) + 1, t.leader, t.cards, t.winner,
            points(t.cards[0], trump) + points(t.cards[1], trump), tuple(self.belote)))
        self.belote = []

    def tell(self, event: Event) -> None:
        if isinstance(event, BidMade):
            assert event.seat is not None and event.bid is not None
            self.bids.append((event.seat, event.bid))
        elif isinstance(event, ContractMade):
            self.contract = event
        elif isinstance(event, TrickTaken):
            self.trick(event)
        elif isinstance(event, HandScored):
            self.close_hand(event.score)
        elif isinstance(event, MatchEnded):
            self.close_match(event.scores, event.seat)
        elif event.kind in (EventKind.BELOTE, EventKind.REBELOTE):
            assert event.seat is not None
            self.belote.append((event.seat, str(event.kind)))


def run_story(seed: str, actions: tuple[str, ...] | list[str]) -> RunStory:
    """The run of ``seed`` played by ``actions``, as the core plays it."""
    run = Run(seed)
    teller = _Teller()
    teller.deal(run.match.hand.dealt(EventKind.NEXT_MATCH, 1), run.rival_level)
    broken: tuple[int, str] | None = None
    for index, word in enumerate(actions, 1):
        try:
            events = run.apply(parse_action(word))
        except ValueError as exc:  # CardError, IllegalAction: a record the rules refuse
            broken = (index, f"{word[:16]!r}: {exc}")
            break
        for event in events:
            if isinstance(event, Dealt):
                teller.deal(event, run.rival_level)
            else:
                teller.tell(event)
    teller.close_match(None, None)  # an unfinished match (a finished one is closed already)
    return RunStory(tuple(teller.matches), run.score, run.streak, run.over,
                    broken[0] if broken else None, broken[1] if broken else None)
