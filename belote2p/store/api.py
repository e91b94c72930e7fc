"""What the game needs from storage, and an in-memory version of it.

``Store`` is the interface the table and the commands use; the SQLite store
implements it, and ``MemoryStore`` serves tests and the fallback when the data
folder cannot be written (the game goes on without saving).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class SavedRun:
    """A run in progress: enough to rebuild it with ``Run.replay``."""

    seed: str
    actions: tuple[str, ...]
    started: str  # ISO 8601, UTC


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int
    name: str
    score: int
    streak: int
    margin_total: int
    level: int  # the highest rival level faced
    date: str  # ISO 8601 date the run ended
    entry_id: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "score": self.score,
                "streak": self.streak, "margin_total": self.margin_total,
                "level": self.level, "date": self.date}


class Store(Protocol):
    warnings: list[str]  # problems met (a database moved aside, saving off), for the player

    def load_settings(self) -> dict[str, Any]: ...
    def save_settings(self, settings: dict[str, Any]) -> None: ...

    def load_run(self) -> SavedRun | None: ...
    def save_run(self, seed: str, actions: list[str], started: str) -> None: ...
    def clear_run(self) -> None: ...

    def record_finished_run(self, run, name: str, started: str) -> int:
        """Store a finished (or abandoned) run; returns its entry id."""
        ...

    def leaderboard(self, limit: int = 10) -> list[LeaderboardEntry]: ...
    def qualifies(self, score: int) -> bool:
        """Would this score enter the top 10?"""
        ...

    def last_name(self) -> str | None: ...
    def set_last_name(self, name: str) -> None: ...


@dataclass
class MemoryStore:
    """Keeps everything in memory; nothing survives the process."""

    warnings: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    run: SavedRun | None = None
    entries: list[LeaderboardEntry] = field(default_factory=list)
    name: str | None = None

    def load_settings(self) -> dict[str, Any]:
        return dict(self.settings)

    def save_settings(self, settings: dict[str, Any]) -> None:
        self.settings = dict(settings)

    def load_run(self) -> SavedRun | None:
        return self.run

    def save_run(self, seed: str, actions: list[str], started: str) -> None:
        self.run = SavedRun(seed, tuple(actions), started)

    def clear_run(self) -> None:
        self.run = None

    def record_finished_run(self, run, name: str, started: str) -> int:
        from datetime import datetime, timezone

        entry_id = len(self.entries) + 1
        self.entries.append(LeaderboardEntry(
            0, name, run.score, run.streak, run.margin_total, run.rival_level,
            datetime.now(timezone.utc).date().isoformat(), entry_id))
        return entry_id

    def leaderboard(self, limit: int = 10) -> list[LeaderboardEntry]:
        ordered = sorted(self.entries, key=lambda e: (-e.score, e.entry_id))[:limit]
        return [LeaderboardEntry(i + 1, e.name, e.score, e.streak, e.margin_total,
                                 e.level, e.date, e.entry_id) for i, e in enumerate(ordered)]

    def qualifies(self, score: int) -> bool:
        board = self.leaderboard()
        return len(board) < 10 or score > board[-1].score

    def last_name(self) -> str | None:
        return self.name

    def set_last_name(self, name: str) -> None:
        self.name = name
