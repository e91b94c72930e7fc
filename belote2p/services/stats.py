"""The player's statistics, summarised from the history (``belote2p stats``,
the Statistics screen).

Everything is recomputed by replaying each run's actions with the core
(``services.history``), so the figures always agree with the runs listed by
``belote2p runs``: the same runs (the player's; with ``include_ai`` the
autoplay runs too), the run in progress included.  Counted for the player's
seat (``match.PLAYER``):

- matches: finished matches, and the match under way of an abandoned run
  (it counts as lost, as on the leaderboard); the match of a run in progress
  is not counted yet, its finished hands are;
- by_level: matches played and won against each rival level;
- hands: finished hands; contracts taken / made / dedans: hands the player
  took, and how they ended for the player (a tie is neither made nor dedans);
- capots and belotes: those the player scored;
- rating: ``services.rating`` over the counted matches (a win 1, a draw ½,
  a loss or an abandoned match 0, against that match's level).

A run recorded before runs kept their actions counts in ``runs``,
``best_streak`` and ``best_score`` only (``without_actions`` says how many).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import HandResult
from ..match import PLAYER
from .history import HandSummary, MatchSummary, Outcome, match_summaries
from .rating import Anchors, Rating, load_anchors, rating_of

if TYPE_CHECKING:
    from ..store.api import RunRecord


@dataclass(frozen=True)
class LevelStats:
    played: int
    won: int


@dataclass
class Stats:
    runs: int = 0
    matches: int = 0
    matches_won: int = 0
    matches_drawn: int = 0
    best_streak: int = 0
    best_score: int = 0
    by_level: dict[int, LevelStats] = field(default_factory=dict)
    hands: int = 0
    contracts_taken: int = 0
    contracts_made: int = 0
    contracts_dedans: int = 0
    capots: int = 0
    belotes: int = 0
    without_actions: int = 0  # runs recorded before actions were kept
    results: list[tuple[int, float]] = field(default_factory=list)  # (level, score) a match
    rating: Rating | None = None  # set by compute_stats

    @property
    def matches_lost(self) -> int:
        return self.matches - self.matches_won - self.matches_drawn

    def as_json(self) -> dict[str, Any]:
        """The ``belote2p stats --json`` object (``by_level`` keyed "1".."4")."""
        return {"runs": self.runs, "matches": self.matches, "matches_won": self.matches_won,
                "matches_drawn": self.matches_drawn, "best_streak": self.best_streak,
                "best_score": self.best_score,
                "by_level": {str(level): {"played": s.played, "won": s.won}
                             for level, s in sorted(self.by_level.items())},
                "hands": self.hands, "contracts_taken": self.contracts_taken,
                "contracts_made": self.contracts_made,
                "contracts_dedans": self.contracts_dedans, "capots": self.capots,
                "belotes": self.belotes, "without_actions": self.without_actions,
                "rating": (self.rating or Rating(None, None, len(self.results))).as_json()}


def counted_records(records: Iterable[RunRecord], include_ai: bool = False) -> list[RunRecord]:
    """The runs the statistics summarise."""
    return [r for r in records if include_ai or not r.ai]


def compute_stats(records: Iterable[RunRecord], include_ai: bool = False,
                  anchors: Anchors | None = None, rated: bool = True) -> Stats:
    """The statistics; the rating's level anchors are the shipped ones unless
    given (``rating.RatingDataError`` if that file is bad); ``rated`` False:
    no rating (``rating`` stays None)."""
    stats = Stats()
    for record in counted_records(records, include_ai):
        stats.runs += 1
        stats.best_streak = max(stats.best_streak, record.streak)
        stats.best_score = max(stats.best_score, record.score)
        if record.ended is not None and not record.exportable:
            stats.without_actions += 1  # finished before actions were kept
            continue
        for match in match_summaries(record):
            _add_match(stats, match)
    if rated:
        stats.rating = rating_of(stats.results, load_anchors() if anchors is None else anchors)
    return stats


def _add_match(stats: Stats, match: MatchSummary) -> None:
    for hand in match.hands:
        _add_hand(stats, hand)
    if not match.counted:
        return
    won = match.outcome is Outcome.WON
    stats.matches += 1
    stats.matches_won += int(won)
    stats.matches_drawn += int(match.outcome is Outcome.DRAWN)
    stats.results.append((match.level, 1.0 if won else 0.5 if match.outcome is Outcome.DRAWN
                          else 0.0))
    level = stats.by_level.get(match.level, LevelStats(0, 0))
    stats.by_level[match.level] = LevelStats(level.played + 1, level.won + int(won))


def _add_hand(stats: Stats, hand: HandSummary) -> None:
    stats.hands += 1
    if hand.taker == PLAYER:
        stats.contracts_taken += 1
        stats.contracts_made += int(hand.result is HandResult.MADE)
        stats.contracts_dedans += int(hand.result is HandResult.DEDANS)
    stats.capots += int(hand.capot == PLAYER)
    stats.belotes += int(hand.belote == PLAYER)


def score_series(records: Iterable[RunRecord]) -> list[tuple[str, int]]:
    """``(started, score)`` of each finished run, oldest first (for the plot)."""
    return sorted((r.started, r.score) for r in records if r.ended is not None)
