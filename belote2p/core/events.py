"""The events that tell a result, with everything a screen shows of it.

``actions.Event`` says what happened (a bid, a card, a draw); the events here
are its typed kin for the moments a table tells at length — a trick taken, a
hand scored, a match ended — and carry the figures the screen shows, so no
reader climbs back into the engine (which has moved on by the time they are
shown).  Values only: the core emits them, the table turns them into beats.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Event, Trick
from .cards import Card
from .rules import HandScore


@dataclass(frozen=True)
class Standing:
    """Where the run stands: the streak, the run score, the rival's level."""

    streak: int
    score: int
    rival_level: int


@dataclass(frozen=True, kw_only=True)
class Dealt(Event):
    """A deal on the table (``kind`` NEXT_HAND, NEXT_MATCH or REDEAL; ``seat``
    the dealer): the six cards each, the turned card, which deal of the hand."""

    hand_no: int  # 1 or 2 within the match
    deal_number: int  # 1 to 3 within the hand
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turned: Card
    forced_dealer: bool  # the third deal: the dealer may not pass in round 2

    @property
    def dealer(self) -> int:
        assert self.seat is not None, "a deal names its dealer"
        return self.seat


@dataclass(frozen=True, kw_only=True)
class BidMade(Event):
    """A bid (``kind`` BID, ``seat`` the bidder, ``bid``), with the turned card it answers."""

    turned: Card


@dataclass(frozen=True, kw_only=True)
class ContractMade(Event):
    """A take (``kind`` CONTRACT, ``seat`` the taker): the trump and the cards
    that complete each hand (the turned card goes to the taker)."""

    trump: int
    turned: Card
    dealer: int
    extra: tuple[tuple[Card, ...], tuple[Card, ...]]  # by seat, in dealing order


@dataclass(frozen=True, kw_only=True)
class TrickTaken(Event):
    """A trick taken (``kind`` TRICK, ``seat`` its winner)."""

    trick: Trick
    points: tuple[int, int]  # card points of the hand so far, by seat (no last-trick 10)
    won: tuple[int, int]  # tricks won so far, by seat
    last: bool  # the hand's sixteenth trick (its winner takes the 10)
    # both hands once the stock is empty (every card is known then): the end face up
    open_hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None


@dataclass(frozen=True, kw_only=True)
class HandScored(Event):
    """A hand over (``kind`` HAND_OVER): its score and the card points behind it."""

    score: HandScore
    card_points: tuple[int, int]
    last_winner: int  # the seat that took the last trick's 10
    # what replays the hand (``record.record_from``): the review is made of it
    dealer: int
    decks: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    hand_no: int = 0  # 1 or 2 within the match (``Match`` says; a lone hand: 0)
    match_index: int = 0  # the match's place in its run, from 0 (``Match`` says)


@dataclass(frozen=True, kw_only=True)
class MatchEnded(Event):
    """A match over (``kind`` MATCH_OVER, ``seat`` its winner or None): both
    hands' scores and, once the run has counted it, the run's standing before
    and after (``Match`` alone knows no run: ``before``/``after`` None)."""

    hands: tuple[tuple[int, int], ...]
    scores: tuple[int, int]
    margin: int
    before: Standing | None = None
    after: Standing | None = None
    run_over: bool = False
