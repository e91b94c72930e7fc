"""The player's statistics, summarised from the history (``belote2p stats``,
the Statistics screen).

A finished run's figures are counted once, by replaying its actions with the
core, when it is recorded (``store.figures``, kept in the database's
``run_figures``); the statistics sum them (``Store.figure_totals``: one SQL
query, however long the history), so they agree with the runs listed by
``belote2p runs``: the same runs (the player's; with ``include_ai`` the
autoplay runs too), the run in progress included.  What is counted, for the
player's seat, is written in ``store/figures.py``; the rating is
``services.rating`` over the counted matches (a win 1, a draw ½, a loss or an
abandoned match 0, against that match's level).

A run recorded before runs kept their actions counts in ``runs``,
``best_streak`` and ``best_score`` only (``without_actions`` says how many).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..store.api import RunStatus
from ..store.figures import LEVELS, Totals, evenly_spread, figures_of
from .rating import Anchors, Rating, load_anchors, rating_of_counts
from .skill import NO_SKILL, Skill

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
    # how many matches of each (rival level, score): 1 won, 0.5 drawn, 0 lost
    results: dict[tuple[int, float], int] = field(default_factory=dict)
    rating: Rating | None = None  # set by compute_stats
    # each hand against level 4 in the player's seat, as kept (``services.skill_kept``)
    skill: Skill = NO_SKILL

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
                "rating": (self.rating or Rating(None, None, self.matches)).as_json(),
                "skill": self.skill.as_json()}


def counted_records(records: Iterable[RunRecord], include_ai: bool = False) -> list[RunRecord]:
    """The runs the statistics summarise."""
    return [r for r in records if include_ai or not r.ai]


def stats_of(totals: Totals, anchors: Anchors | None = None, rated: bool = True) -> Stats:
    """The statistics of summed figures; the rating's level anchors are the
    shipped ones unless given (``rating.RatingDataError`` if that file is
    bad); ``rated`` False: no rating (``rating`` stays None)."""
    tally = totals.tally
    stats = Stats(
        runs=totals.runs, matches=sum(tally.played), matches_won=sum(tally.won),
        matches_drawn=sum(tally.drawn), best_streak=totals.best_streak,
        best_score=totals.best_score,
        by_level={level: LevelStats(tally.played[i], tally.won[i])
                  for i, level in enumerate(LEVELS) if tally.played[i]},
        hands=tally.hands, contracts_taken=tally.taken, contracts_made=tally.made,
        contracts_dedans=tally.dedans, capots=tally.capots, belotes=tally.belotes,
        without_actions=totals.without_actions)
    stats.results = {(level, score): count for i, level in enumerate(LEVELS)
                     for score, count in ((1.0, tally.won[i]), (0.5, tally.drawn[i]),
                                          (0.0, tally.played[i] - tally.won[i] - tally.drawn[i]))
                     if count}
    if rated:
        stats.rating = rating_of_counts(stats.results,
                                        load_anchors() if anchors is None else anchors)
    return stats


def compute_stats(records: Iterable[RunRecord], include_ai: bool = False,
                  anchors: Anchors | None = None, rated: bool = True) -> Stats:
    """The statistics of ``records`` that carry their actions (``run_record``),
    each replayed: what the stored figures must agree with."""
    totals = Totals()
    for record in counted_records(records, include_ai):
        if record.ended is not None and not record.exportable:
            totals += Totals(1, record.streak, record.score, without_actions=1)
            continue
        abandoned = record.status is RunStatus.ABANDONED
        totals += figures_of(record.seed, record.actions, abandoned).totals
    return stats_of(totals, anchors, rated)


MAX_POINTS = 500  # a chart of more points than it has pixels shows nothing more


def score_series(records: Iterable[RunRecord]) -> list[tuple[str, int]]:
    """``(started, score)`` of each finished run, oldest first (for the plot)."""
    return thinned(sorted((r.started, r.score) for r in records if r.ended is not None))


def thinned(found: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Beyond ``MAX_POINTS`` points, ``MAX_POINTS`` of them evenly spread,
    the first and the last included (``Store.run_scores`` picks the same)."""
    return [found[i] for i in evenly_spread(len(found), MAX_POINTS)]
