"""A run's skill figure for a screen (issue #32), computed off the frame loop.

Each finished hand is played again with level 4 in the player's seat in the
AI worker (``AIWorker.submit_duplicate``), one hand at a time: a screen polls
the job each frame and never waits, and a screen left early stops it after
the hand in hand (a few tenths of a second), so the worker is soon free for
the rival's decisions.  No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from ..services.duplicate import finished_hands
from ..services.duplicate_text import skill_line
from ..services.skill import Skill, skill_of
from ..services.skill_board import SkillEntry, comparable, ranked
from .worker import AIWorker

if TYPE_CHECKING:
    from ..store.api import LeaderboardEntry, RunRecord

log = logging.getLogger(__name__)


class SkillJob:
    """The skill figure of the run ``seed`` + ``actions``, hand by hand."""

    def __init__(self, worker: AIWorker, seed: str, actions: tuple[str, ...]):
        self.worker, self.seed, self.actions = worker, seed, actions
        self._hands = list(finished_hands(seed, actions))  # the engine alone: milliseconds
        self._asked = 0
        self._pending: Future[Any] | None = None
        self._differences: list[int] = []
        self.failed = False

    def poll(self) -> None:
        """Once a frame: take the hand compared, ask for the next; never waits."""
        pending = self._pending
        if pending is not None:
            if not pending.done():
                return
            self._pending = None
            try:
                self._differences.append(pending.result().difference)
            except Exception:  # a figure shown for interest: the screen goes on without it
                log.warning("the skill figure of run %s failed", self.seed, exc_info=True)
                self.failed = True
        if not self.failed and self._asked < len(self._hands):
            match, hand = self._hands[self._asked]
            self._asked += 1
            self._pending = self.worker.submit_duplicate(self.seed, self.actions, match, hand)

    def result(self) -> Skill | None:
        """The figure once every hand is compared; None until then (or if it failed)."""
        if self.failed or self._pending is not None or self._asked < len(self._hands):
            return None
        return skill_of(self._differences)

    def text(self) -> str:
        """"…" while it is computed, then the skill line ("" if it failed, or
        before the run's first hand ended)."""
        if self.failed:
            return ""
        skill = self.result()
        return "…" if skill is None else skill_line(skill) or ""

    def stop(self) -> None:
        """Nobody reads it any more: ask for no further hand."""
        self.failed = True
        if self._pending is not None:
            self._pending.cancel()


class BoardSkillJob:
    """The daily board ranked by skill (``services.skill_board``): each day's
    runs compared one run at a time (``SkillJob``), each day's best by skill
    a hand known once all its runs are."""

    def __init__(self, worker: AIWorker, boards: list[tuple[str, list[LeaderboardEntry]]],
                 find: Callable[[int], RunRecord | None]):
        self._days: dict[str, list[LeaderboardEntry]] = dict(boards)
        self._skills: dict[int, Skill] = {}
        self._queue: list[tuple[int, SkillJob]] = []
        for _day, entries in boards:
            for entry in entries:
                record = find(entry.entry_id)
                if record is not None and comparable(record):
                    self._queue.append((entry.entry_id,
                                        SkillJob(worker, record.seed, tuple(record.actions))))
                else:
                    self._skills[entry.entry_id] = skill_of([])

    def poll(self) -> bool:
        """Once a frame: the run in hand's next hand; True when a run's figure arrived."""
        if not self._queue:
            return False
        entry_id, job = self._queue[0]
        job.poll()
        if job.failed or job.result() is not None:
            self._skills[entry_id] = job.result() or skill_of([])
            self._queue.pop(0)
            return True
        return False

    def best(self, day: str) -> SkillEntry | None:
        """The day's best run by skill a hand; None until all its runs are compared."""
        entries = self._days.get(day, [])
        if not entries or any(e.entry_id not in self._skills for e in entries):
            return None
        return ranked([SkillEntry(e, e.rank, self._skills[e.entry_id]) for e in entries])[0]

    def stop(self) -> None:
        for _entry_id, job in self._queue:
            job.stop()
        self._queue = []
