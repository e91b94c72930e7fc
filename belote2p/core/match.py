"""The two-hand match and the run (the streak challenge).

Every shuffle comes from the run's seed through ``deck_for``, so a run is fully
determined by its seed and the list of actions taken: that is how a run is
saved, resumed and replayed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .actions import (
    Action,
    Event,
    EventKind,
    IllegalAction,
    Phase,
    Refusal,
    RefusalCode,
    parse_action,
)
from .cards import CARDS, Card
from .events import HandScored, MatchEnded, Standing
from .hand import Hand
from .rules import HandScore
from .view import MatchContext, SeatView, view_of

HANDS_PER_MATCH = 2
MAX_LEVEL = 4
STREAK_WEIGHT = 10_000
MARGIN_CAP = 9_999
PLAYER, RIVAL = 0, 1  # the desktop game's seats


def deck_for(seed: object, match_index: int, hand_index: int, deal_index: int) -> list[Card]:
    """The shuffled deck for one deal, derived only from the seed and its place."""
    rng = random.Random(f"belote2p/{seed}/{match_index}/{hand_index}/{deal_index}")
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck


def first_dealer_for(seed: object, match_index: int) -> int:
    return random.Random(f"belote2p/{seed}/{match_index}/dealer").randrange(2)


class Match:
    """Two hands; each seat deals once.  ``apply`` plays for the seat to move
    and redeals by itself when both players pass twice."""

    def __init__(self, seed: object, match_index: int = 0, first_dealer: int | None = None):
        self.seed = seed
        self.match_index = match_index
        self.first_dealer = (
            first_dealer_for(seed, match_index) if first_dealer is None else first_dealer
        )
        self.hands: list[Hand] = [Hand(self.first_dealer, self._deck(0, 0))]
        self.hand_scores: list[HandScore] = []

    def _deck(self, hand_index: int, deal_index: int) -> list[Card]:
        return deck_for(self.seed, self.match_index, hand_index, deal_index)

    @property
    def hand(self) -> Hand:
        """The hand in play (the last one once the match is over)."""
        return self.hands[-1]

    @property
    def over(self) -> bool:
        return len(self.hand_scores) == HANDS_PER_MATCH

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.hand.to_move

    def legal_actions(self) -> Sequence[Action]:
        return [] if self.over else self.hand.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        hand = self.hand
        events = hand.apply(action)
        if hand.phase is Phase.REDEAL:
            hand.redeal(self._deck(len(self.hands) - 1, hand.deal_number))
            events.append(hand.dealt(EventKind.REDEAL, len(self.hands)))
        elif hand.phase is Phase.DONE:
            self.hand_scores.append(hand.score())
            events = [replace(ev, hand_no=len(self.hand_scores), match_index=self.match_index)
                      if isinstance(ev, HandScored) else ev for ev in events]
            if not self.over:
                self.hands.append(Hand(1 - self.first_dealer, self._deck(1, 0)))
                events.append(self.hand.dealt(EventKind.NEXT_HAND, len(self.hands)))
            else:
                events.append(MatchEnded(
                    EventKind.MATCH_OVER, self.winner, scores=self.scores, margin=self.margin,
                    hands=tuple((s.scores[0], s.scores[1]) for s in self.hand_scores)))
        return events

    @property
    def scores(self) -> tuple[int, int]:
        """Match totals so far (finished hands only)."""
        return (
            sum(s.scores[0] for s in self.hand_scores),
            sum(s.scores[1] for s in self.hand_scores),
        )

    @property
    def winner(self) -> int | None:
        """The seat that won the match, None for a draw or a match in progress."""
        if not self.over:
            return None
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)

    @property
    def margin(self) -> int:
        a, b = self.scores
        return abs(a - b)

    def context(self) -> MatchContext:
        index = len(self.hands) - 1
        return MatchContext(index, _scores_of(self.hand_scores[:index]))

    def view(self, seat: int) -> SeatView:
        return view_of(self.hand, seat, self.context())


def _scores_of(hand_scores: list[HandScore]) -> tuple[int, int]:
    return (sum(s.scores[0] for s in hand_scores), sum(s.scores[1] for s in hand_scores))


@dataclass(frozen=True)
class MatchResult:
    scores: tuple[int, int]
    winner: int | None  # seat, None for a draw

    def won_by(self, seat: int) -> bool:
        return self.winner == seat

    @property
    def margin(self) -> int:
        return abs(self.scores[0] - self.scores[1])


def run_score(streak: int, margin_total: int) -> int:
    return streak * STREAK_WEIGHT + min(margin_total, MARGIN_CAP)


@dataclass(eq=False)
class Run:
    """The streak challenge: the player (seat 0) against the rival (seat 1),
    who starts at level 1 and climbs one level per match the player wins.
    A run is a changing game, so it compares by identity (``eq=False``)."""

    seed: object
    results: list[MatchResult] = field(default_factory=list)
    abandoned: bool = False

    def __post_init__(self) -> None:
        self.actions: list[str] = []  # every action of the run, as record words
        self.match = Match(self.seed, 0)

    # -- the streak
    @property
    def streak(self) -> int:
        return sum(1 for r in self.results if r.won_by(PLAYER))

    @property
    def margin_total(self) -> int:
        return sum(r.margin for r in self.results if r.won_by(PLAYER))

    @property
    def score(self) -> int:
        return run_score(self.streak, self.margin_total)

    @property
    def rival_level(self) -> int:
        return min(1 + self.streak, MAX_LEVEL)

    @property
    def standing(self) -> Standing:
        return Standing(self.streak, self.score, self.rival_level)

    # ``rival_level`` is the level of the match in progress.  A run that ended
    # with a loss or draw faced it last; one stopped unbeaten between matches
    # (autoplay's --max-matches) never played it (store.runs.run_summary).

    @property
    def over(self) -> bool:
        if self.abandoned:
            return True
        return bool(self.results) and not self.results[-1].won_by(PLAYER)

    # -- play
    def apply(self, action: Action) -> list[Event]:
        if self.over:
            raise IllegalAction(Refusal(RefusalCode.RUN_OVER))
        before = self.standing
        events = self.match.apply(action)
        self.actions.append(str(action))
        if self.match.over:
            self.results.append(MatchResult(self.match.scores, self.match.winner))
            events = [replace(ev, before=before, after=self.standing, run_over=self.over)
                      if isinstance(ev, MatchEnded) else ev for ev in events]
            if not self.over:
                self.match = Match(self.seed, len(self.results))
                events.append(self.match.hand.dealt(EventKind.NEXT_MATCH, 1))
            else:
                events.append(Event(EventKind.RUN_OVER))
        return events

    def abandon(self) -> None:
        """End the run now; the unfinished match counts as lost."""
        if not self.over:
            self.abandoned = True

    @classmethod
    def replay(cls, seed: object, actions: list[str]) -> Run:
        """Rebuild a run from its seed and its action words (a saved run)."""
        run = cls(seed)
        for word in actions:
            run.apply(parse_action(word))
        return run
