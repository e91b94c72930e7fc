"""A run's skill figure for a screen (issue #32), computed off the frame loop.

The hands whose difference is kept with the run (``services.skill_kept``) are
read off the frame loop (``AIWorker.in_background``); each finished hand not
kept yet is played again with level 4 in the player's seat in the AI worker
(``AIWorker.submit_duplicate``), one hand at a time, and kept as it arrives
(written behind), so the next screen to ask reads it.  A screen polls the
job each frame and never waits, and a screen left early stops it after the
hand in hand (a few tenths of a second), so the worker is soon free for the
rival's decisions.  No pygame here.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from ..ai.levels import LevelsError
from ..services import skill_kept
from ..services.duplicate import Duplicate, finished_hands
from ..services.duplicate_text import skill_line
from ..services.skill import Skill, skill_of
from ..services.skill_board import SkillEntry, comparable, ranked
from .worker import AIWorker, taken

if TYPE_CHECKING:
    from ..store.api import HandDifference, HandKey, LeaderboardEntry, RunRecord, Store

log = logging.getLogger(__name__)


class SkillJob:
    """The skill figure of the run ``record`` (with its actions), hand by hand:
    the kept differences read from ``store``, the others compared and kept."""

    def __init__(self, worker: AIWorker, store: Store, record: RunRecord):
        self.worker, self.store = worker, store
        self.seed, self.started, self.actions = record.seed, record.started, record.actions
        self._hands = list(finished_hands(self.seed, self.actions))  # the engine alone: ms
        self._kept: Future[dict[HandKey, HandDifference]] | None = worker.in_background(
            lambda: skill_kept.kept_of(store, self.seed, self.started))
        self._missing: list[HandKey] = []
        self._pending: Future[Any] | None = None
        self._differences: dict[HandKey, int] = {}
        self.failed = False

    def poll(self) -> None:
        """Once a frame: take the kept differences, then the hand compared, and
        ask for the next; never waits."""
        if self._kept is not None and not self._take_kept():
            return
        pending = self._pending
        if pending is not None:
            if not pending.done():
                return
            self._pending = None
            try:
                compared = pending.result()
            except Exception:  # a figure shown for interest: the screen goes on without it
                log.warning("the skill figure of run %s failed", self.seed, exc_info=True)
                self.failed = True
            else:
                self._differences[(compared.match, compared.hand)] = compared.difference
                self._keep(compared)
        if not self.failed and self._missing:
            match, hand = self._missing.pop(0)
            self._pending = self.worker.submit_duplicate(self.seed, self.actions, match, hand)

    def _keep(self, compared: Duplicate) -> None:
        """Keep the hand with the run (written behind): the next screen reads it."""
        try:
            skill_kept.keep(self.store, self.seed, self.started, [compared])
        except LevelsError:  # no version to keep it with: shown, not kept
            log.warning("run %s: a hand compared but not kept", self.seed, exc_info=True)

    def _take_kept(self) -> bool:
        """The kept differences once read (True), the hands still to compare with them."""
        read = taken(self._kept, self._none_kept)
        if read is None:
            return False
        self._kept = None
        found = read.value
        self._differences = {key: found[key].yours for key in self._hands if key in found}
        self._missing = [key for key in self._hands if key not in self._differences]
        return True

    def _none_kept(self, exc: Exception) -> dict[HandKey, HandDifference]:
        """None read: every hand is compared again."""
        log.warning("the kept differences of run %s could not be read", self.seed,
                    exc_info=True)
        return {}

    def result(self) -> Skill | None:
        """The figure once every hand is known; None until then (or if it failed)."""
        if self.failed or self._kept is not None or self._pending is not None or self._missing:
            return None
        return skill_of([self._differences[key] for key in self._hands])

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
                 store: Store):
        self.worker, self.store = worker, store
        self._days: dict[str, list[LeaderboardEntry]] = dict(boards)
        self._skills: dict[int, Skill] = {}
        self._queue: list[tuple[int, SkillJob]] = []
        ids = [entry.entry_id for _day, entries in boards for entry in entries]
        # the runs' moves, read off the frame loop like every store read
        self._records: Future[list[tuple[int, RunRecord | None]]] | None = \
            worker.in_background(lambda: [(i, store.run_record(i)) for i in ids])

    def _take_records(self) -> bool:
        """Queue the comparable runs once their records are read; True when
        they just arrived (the runs that cannot be compared are known then)."""
        read = taken(self._records, self._no_records)
        if read is None:
            return False
        self._records = None
        for entry_id, record in read.value:
            if record is not None and comparable(record):
                self._queue.append((entry_id, SkillJob(self.worker, self.store, record)))
            else:
                self._skills[entry_id] = skill_of([])
        return True

    def _no_records(self, exc: Exception) -> list[tuple[int, RunRecord | None]]:
        """A figure shown for interest: every run shows "–"."""
        log.exception("the daily boards' runs could not be read for their skill")
        return [(e.entry_id, None) for entries in self._days.values() for e in entries]

    def poll(self) -> bool:
        """Once a frame: the run in hand's next hand; True when a run's figure arrived."""
        if self._records is not None:
            return self._take_records()
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
        if self._records is not None:
            self._records.cancel()
            self._records = None
        for _entry_id, job in self._queue:
            job.stop()
        self._queue = []
