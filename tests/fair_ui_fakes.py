"""Stand-ins for the run history the History and Statistics screens read:
a store with ``list_runs`` and ``daily_attempted``, and the two services
(``compute_stats``/``score_series``, ``match_summaries``), shaped like the
store and services API those screens are written against.  The UI tests and
tools/render_screens.py use them where the real ones are not there."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from types import SimpleNamespace
from typing import Any

from belote2p.store import MemoryStore


@dataclass(frozen=True)
class FakeRunRecord:
    run_id: int
    name: str
    started: str
    ended: str | None
    status: str  # "in progress", "over", "abandoned" (RunStatus values)
    streak: int
    margin_total: int
    score: int
    daily: str | None
    commitment: str
    ai: bool
    seed: str
    actions: tuple[str, ...] = ()


def sample_records() -> list[FakeRunRecord]:
    """Six runs over a few days, newest first (the order ``list_runs`` gives)."""
    rows = [(6, "Ana", "2026-11-30T18:02:00", "in progress", 1, 12, 10012, None, False, "a1b2c3"),
            (5, "Ana", "2026-11-29T20:10:00", "over", 3, 410, 30410, "2026-11-29", False,
             "daily-2026-11-29"),
            (4, "Bot", "2026-11-28T09:00:00", "over", 0, 0, 0, None, True, "ffee01"),
            (3, "Ana", "2026-11-27T21:45:00", "abandoned", 2, 95, 20095, None, False, "0badc0de"),
            (2, "Ana", "2026-11-25T19:30:00", "over", 1, 40, 10040, None, False, "c0ffee"),
            (1, "Ana", "2026-11-20T17:00:00", "over", 0, 0, 0, None, False, "beef42")]
    return [FakeRunRecord(i, n, s, None if st == "in progress" else s, st, k, m, sc, d, "", ai,
                          seed) for i, n, s, st, k, m, sc, d, ai, seed in rows]


@dataclass
class HistoryStore(MemoryStore):
    """A memory store that also lists runs and knows which dailies were played."""

    run_list: list[FakeRunRecord] = field(default_factory=sample_records)
    attempted: set[date] = field(default_factory=set)

    def list_runs(self) -> list[FakeRunRecord]:
        return list(self.run_list)

    def daily_attempted(self, day: date) -> bool:
        return day in self.attempted


def _compute_stats(records: list[Any], include_ai: bool = False) -> Any:
    mine = [r for r in records if include_ai or not r.ai]
    levels = {1: SimpleNamespace(played=5, won=4), 2: SimpleNamespace(played=4, won=2),
              3: SimpleNamespace(played=2, won=1), 4: SimpleNamespace(played=1, won=0)}
    return SimpleNamespace(runs=len(mine), matches=12, matches_won=7, matches_drawn=1,
                           best_streak=max((r.streak for r in mine), default=0),
                           best_score=max((r.score for r in mine), default=0),
                           by_level=levels, hands=24, contracts_taken=13, contracts_made=9,
                           contracts_dedans=4, capots=1, belotes=6)


def _score_series(records: list[Any]) -> list[tuple[str, int]]:
    return [(r.started, r.score) for r in records if not r.ai]


def fake_stats_service() -> Any:
    return SimpleNamespace(compute_stats=_compute_stats, score_series=_score_series)


def _match_summaries(record: Any) -> list[Any]:
    def hand(n: int, taker: int, trump: int, result: str, scores: tuple[int, int]) -> Any:
        return SimpleNamespace(number=n, taker=taker, trump=trump, result=result, scores=scores,
                               record={"hand": n, "seed": record.seed})
    won = SimpleNamespace(level=1, scores=(182, 142), outcome="won",
                          hands=[hand(1, 0, 2, "made", (92, 70)),
                                 hand(2, 1, 0, "made", (90, 72))])
    lost = SimpleNamespace(level=2, scores=(70, 254), outcome="lost",
                           hands=[hand(1, 0, 1, "dedans", (0, 162)),
                                  hand(2, 1, 3, "made", (70, 92))])
    return [won, lost]


def fake_history_service() -> Any:
    return SimpleNamespace(match_summaries=_match_summaries)
