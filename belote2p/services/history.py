"""A run's matches and hands, rebuilt from its actions (the History screen,
``belote2p stats``).

Nothing is stored besides the actions: the run is replayed with the core and
each hand is summarised as it finishes, with its hand record
(``record.record_of``) so the review screen can open it.  Scores are given
from the player's side: ``(player, rival)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..core.actions import HandResult, Phase, parse_action
from ..core.cards import SUITS
from ..core.match import PLAYER, RIVAL, Run

if TYPE_CHECKING:
    from ..core.hand import Hand
    from ..store.api import RunRecord


class Outcome(str, Enum):
    """How a match went for the player."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"
    ABANDONED = "abandoned"  # the run was given up during it: counts as lost
    IN_PLAY = "in play"  # the match under way of a run in progress



@dataclass(frozen=True)
class HandSummary:
    number: int  # 1, 2 within the match
    taker: int | None  # the seat that took (None only if the core allowed it)
    trump: str | None  # the trump suit's letter (S, H, D, C)
    result: HandResult  # for the taker: made, dedans or tie
    scores: tuple[int, int]  # what the player and the rival scored for the hand
    record: dict[str, Any]  # record.record_of(hand): the review screen replays it
    belote: int | None = None  # the seat that scored belote/rebelote
    capot: int | None = None  # the seat that won every trick


@dataclass(frozen=True)
class MatchSummary:
    number: int  # 1 for the run's first match
    level: int  # the rival's level in this match
    player_score: int
    rival_score: int
    outcome: Outcome
    hands: tuple[HandSummary, ...]

    @property
    def counted(self) -> bool:
        """Is it a match played (finished, or lost by abandoning)?"""
        return self.outcome is not Outcome.IN_PLAY


def hand_summary(number: int, hand: Hand) -> HandSummary:
    """A finished hand from the player's side."""
    from ..core.record import record_of

    score = hand.score()
    return HandSummary(
        number=number, taker=hand.taker,
        trump=None if hand.trump is None else SUITS[hand.trump],
        result=score.result, scores=(score.scores[PLAYER], score.scores[RIVAL]),
        record=record_of(hand), belote=score.belote, capot=score.capot)


@dataclass
class _Match:
    """The match under way while rebuilding."""

    level: int
    hands: list[HandSummary]


def _rebuild(seed: str, actions: tuple[str, ...]) -> tuple[Run, list[MatchSummary], _Match]:
    """Replay the actions: the run, its finished matches and the match under
    way.  Stops quietly at an action the engine refuses (a stored run always
    replays; a damaged one shows as far as it goes)."""
    run = Run(seed)
    done: list[MatchSummary] = []
    current = _Match(run.rival_level, [])
    for word in actions:
        match = run.match
        hand, number = match.hand, len(match.hands)
        try:
            run.apply(parse_action(word))
        except Exception:  # noqa: BLE001 - see above
            break
        if hand.phase is Phase.DONE:
            current.hands.append(hand_summary(number, hand))
        if match.over:
            result = run.results[-1]
            done.append(MatchSummary(
                len(done) + 1, current.level, result.scores[PLAYER], result.scores[RIVAL],
                _outcome(result.won_by(PLAYER), result.winner is None), tuple(current.hands)))
            current = _Match(run.rival_level, [])
    return run, done, current


def _outcome(won: bool, drawn: bool) -> Outcome:
    return Outcome.WON if won else Outcome.DRAWN if drawn else Outcome.LOST


def match_summaries(record: RunRecord) -> list[MatchSummary]:
    """Every match of the run, in order: the finished ones, then the match
    under way (abandoned: it counts as lost, as on the leaderboard; in
    progress: in play).  A run stopped unbeaten has no match under way."""
    from ..store.api import RunStatus

    run, out, current = _rebuild(record.seed, record.actions)
    under_way = {RunStatus.ABANDONED: Outcome.ABANDONED,
                 RunStatus.IN_PROGRESS: Outcome.IN_PLAY}.get(record.status)
    if under_way is not None and not run.over:
        mine, theirs = run.match.scores[PLAYER], run.match.scores[RIVAL]
        out.append(MatchSummary(len(out) + 1, current.level, mine, theirs, under_way,
                                tuple(current.hands)))
    return out
