"""The SQLite store: one database file in the data folder, WAL mode.

``SqliteStore`` is the ``Store`` (``store/api.py``) made of three parts:

- the connection keeper (``keeper.Keeper``): opens, checks and watches the
  file, moves an unreadable one aside, runs the transactions;
- the write buffer (``buffer.WriteBuffer``): every change lands there first
  and is written by the next transaction that succeeds.  What could not be
  written (read-only folder, full disk) stays there, is read back from
  there, and is written with the next write that succeeds: the game never
  sees an exception from storage, only ``warnings`` and ``saving``;
- the repository (``repository.Repository``): the queries, with every value
  read back checked and typed.

The SQL: ``store/queries.py``; locks: ``store/locks.py``; moving a bad file
aside and carrying over what it still holds: ``store/guard.py``.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from . import connection, guard, paths, pending, queries, rows
from .api import (
    BOARD_SIZE,
    GAME_SLOT,
    PROGRESS_ID,
    DifferenceSums,
    HandDifference,
    HandKey,
    LeaderboardEntry,
    PlayedBy,
    RunLock,
    RunRecord,
    RunRow,
    SavedRun,
    check_settings,
    daily_rows,
    export_source,
    finished_row,
    newest_first,
    page_of,
    progress_record,
    qualifies_on,
    ranked,
    record_of_row,
    replayed,
    settings_over,
    totals_of,
)
from .behind import WriteBehind
from .buffer import WriteBuffer
from .connection import Untouchable
from .counting import Counting
from .figures import Totals, evenly_spread
from .keeper import Keeper, MemoryKeeper
from .locks import FileLock, lock_path, owner_alive
from .messages import MemoryMessages, Messages
from .names import clean_name
from .repository import RecordTexts, Repository
from .runs import FinishedRun, now_iso
from .schema import missing_tables

if TYPE_CHECKING:
    from .api import ExportSource

T = TypeVar("T")


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def run_lock_path(db: Path, slot: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in slot)
    return lock_path(db, f"run-{safe}.lock")


@dataclass(frozen=True)
class Page:
    """History's page: the runs listed after the run of ``before`` (its start
    and id; None: from the first), at most ``limit`` (None: all)."""

    before: tuple[str, int] | None
    limit: int | None


def _page_key(before: RunRecord | None) -> tuple[str, int] | None:
    """Where a page after ``before`` starts among the finished runs (the run
    in progress comes first: after it, all of them)."""
    return None if before is None or before.ended is None else (before.started, before.run_id)


class SqliteStore:
    """The ``Store`` on an SQLite file.  Thread-safe; several processes may
    share one file (docs/STORE.md says why that is safe)."""

    def __init__(self, path: str | os.PathLike[str], *, echo: bool = True, open_now: bool = True,
                 keeper: Keeper | None = None):
        self.path = Path(path)
        self.location: str | None = str(self.path)
        self.messages: Messages = keeper.messages if keeper is not None \
            else Messages(str(self.path), echo=echo)
        self.repository = Repository(self.messages)
        self.buffer = WriteBuffer(self.messages, self.repository, _owner())
        self.keeper = keeper if keeper is not None else Keeper(self.path, self.messages)
        self.keeper.on_reopen = self.buffer.rewrite_known
        self._lock = self.keeper.lock
        self._behind: WriteBehind | None = None
        self._counting: Counting | None = None  # schema 4's counting, behind (the window)
        self._kept_aside: list[Path] = []  # this store's pending files (``pending.py``)
        if open_now:
            self.open()

    # -- what the store tells (``Store.warnings``, ``Store.saving``)
    @property
    def warnings(self) -> list[str]:
        return self.messages.warnings

    @warnings.setter
    def warnings(self, value: list[str]) -> None:
        self.messages.warnings = value

    @property
    def saving(self) -> bool:
        return self.messages.saving

    @saving.setter
    def saving(self, value: bool) -> None:
        self.messages.saving = value

    @property
    def shown(self) -> str:
        return self.messages.shown

    # -- opening
    def open(self, *, behind: bool = False) -> None:
        """Open (creating, checking, migrating; moving an unreadable file
        aside).  Raises ``StoreUnavailable`` when no database can be used.
        ``behind``: the window's store, writing behind from the start
        (``write_behind``), so that opening never waits for another process's
        write lock (issue #31: it waited up to 15 s before the window showed)."""
        self.keeper.open_checked()
        # A write at once, so a read-only folder or a full disk shows at launch.
        self.buffer.unsaved.opened = now_iso()
        if behind:
            self.write_behind()
        self._write()
        if self.keeper.has_file:
            self._carry_pending(wait=0 if behind else None)
        self._count_pending_figures(behind)

    def _count_pending_figures(self, behind: bool = False) -> None:
        """Schema 4's counting of the runs that were there before it, a batch
        at a time (``queries.FIGURES_FROM``, ``_count_batch``): other processes
        write between two, read runs not counted yet as before version 4
        (replayed), and whoever opens the folder next goes on if this process
        stops.  ``behind`` (the window): from a thread of the store's own
        (``counting.Counting``, stopped by ``flush``), after opening; else
        here, before the command goes on."""
        if self._read(lambda c: queries.state(c, queries.FIGURES_FROM), None) is None:
            return  # (a read: opening writes nothing more when all is counted)
        if behind and self.keeper.has_file:
            if self.counting_figures():
                return  # (opened again: the thread goes on)
            self._counting = Counting(partial(self._count_batch, wait=0), queries.FIGURES_PAUSE)
            return
        while self._count_batch(lambda: False):
            time.sleep(queries.FIGURES_PAUSE)

    def _count_batch(self, stopping: Callable[[], bool], wait: float | None = None
                     ) -> bool | None:
        """One batch: read (the store's lock held for a query), replayed
        without the lock, written in a short transaction that keeps only the
        figures of rows unchanged since read (``queries.keep_figures_batch``).
        True while more may remain, False when all is counted, None when not
        written (``stopping()``, or storage failed: told)."""
        batch = self._read(queries.figures_batch, None)
        if batch is None:
            return False  # all counted (or unreadable: told, and the next opening goes on)
        counted = queries.replay_batch(batch, stopping)
        if counted is None:
            return None
        with self._lock:  # the count's own transaction: the buffer's writes keep theirs
            ok, more = self.keeper.transact(partial(queries.keep_figures_batch, batch=batch,
                                                    counted=counted), wait=wait)
        return bool(more) if ok else None

    def counting_figures(self) -> bool:
        """Is a thread of this store still counting older runs' figures?"""
        return self._counting is not None and self._counting.running

    def open_quietly(self) -> None:
        self.keeper.open_checked()

    def close(self) -> None:
        self.flush()
        self.keeper.close()

    # -- writing behind, and what could not be written
    def write_behind(self) -> None:
        """From now on, changes are written by a thread of their own (the
        window: no frame waits on the database); ``writing_since`` says since
        when something waits, ``flush`` writes what is left.  A store in
        memory writes at once (nothing there can wait)."""
        if self._behind is None and self.keeper.has_file:
            self._behind = WriteBehind(lambda durable: self._transact(durable=durable,
                                                                      wait=0)[0])

    def writing_since(self) -> float | None:
        """``time.monotonic()`` since when a change waits to be written, or None."""
        return self._behind.since if self._behind is not None else None

    def flush(self) -> None:
        """Write everything held back now, waiting for the lock as a command
        would; finished runs that still cannot be written are kept aside
        (``pending``).  Writing behind stops (the window is closing).  It
        waits once even when the thread's tries found the lock held (the
        keeper is then ``blocked`` and would not wait): before, the run in
        progress's last moves were given up at once (issue #31); the window
        goes on drawing meanwhile (``ui.app``)."""
        counting, self._counting = self._counting, None
        if counting is not None:  # before its next run: the mark stays for the next opening
            counting.stop(timeout=connection.BUSY_TIMEOUT)
        behind, self._behind = self._behind, None
        if behind is not None:
            behind.stop(timeout=connection.BUSY_TIMEOUT)
            with self._lock:
                if not self._transact(durable=True, wait=connection.BUSY_TIMEOUT)[0]:
                    self._keep_aside()

    def _write(self, durable: bool = False) -> None:
        """Write the buffer: now, or soon from the thread behind."""
        if self._behind is not None:
            self._behind.soon(durable)
        else:
            self._transact(durable=durable)

    def _keep_aside(self) -> None:
        """The finished runs not written go into a pending file of their own
        (replacing this store's earlier one), so that they outlive the process."""
        finished = [done.row for done in self.buffer.unsaved.finished]
        if not finished:
            return
        kept = pending.keep(self.path, finished)
        if kept is None:
            return  # nowhere to write at all: ``saving`` is False, and said
        pending.discard(self._kept_aside)
        self._kept_aside = [kept]
        self.messages.warn(
            f"{len(finished)} finished run(s) could not be written to {self.path}; they are "
            f"kept in {kept} and go into the database with the next write that works, or "
            "when the game or a command next opens this folder.")

    def _carry_pending(self, wait: float | None = None) -> None:
        """Record the finished runs other processes kept aside (``pending``);
        ``wait``: for another process's lock (0: one try; what is not
        recorded now is at the next opening)."""
        for path in pending.waiting(self.path):
            if path in self._kept_aside:
                continue
            kept = guard.salvage(path)
            if kept is None or not kept.runs:
                continue  # not a file of ours: left as it is
            ok, _ = self._transact(partial(guard.write_salvaged, salvaged=kept, owner="",
                                           now=now_iso()), wait=wait)
            if not ok:
                return
            pending.discard([path])
            self.messages.warn(f"{len(kept.runs)} finished run(s) kept aside in {path} by a "
                               "game that could not write them were recorded.")

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the write and read paths
    def _transact(self, work: Callable[[sqlite3.Connection], T] | None = None,
                  *, durable: bool = False, wait: float | None = None) -> tuple[bool, T | None]:
        """Write everything unsaved, then ``work``, in one transaction
        (``wait``: for another process's lock, ``Keeper.transact``)."""
        def everything(conn: sqlite3.Connection) -> T | None:
            self.buffer.write(conn)
            return work(conn) if work is not None else None

        with self._lock:
            ok, value = self.keeper.transact(everything, durable=durable, wait=wait)
            if ok:
                self.buffer.after_commit()
                if self._kept_aside:  # written now: the copy kept aside is not needed
                    pending.discard(self._kept_aside)
                    self._kept_aside = []
            return ok, value

    def _read(self, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        return self.keeper.read(work, default)

    # -- settings
    def load_settings(self, defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        """The saved settings; with ``defaults``: the defaults, each replaced by
        the saved value when it has the same type (a value of another type, a
        list or an object falls back to the default)."""
        with self._lock:
            texts: dict[str, str | None] = {
                **self._read(self.repository.setting_texts, {}), **self.buffer.unsaved.settings}
            self.buffer.known_settings = {k: v for k, v in texts.items() if v is not None}
        out = {}
        for key, text in texts.items():
            if text is None:
                continue
            try:
                out[key] = rows.setting(text)
            except rows.BadRow as bad:
                self.messages.bad_row("settings", rows.BadRow(f"{key}: {bad}"))
        return out if defaults is None else settings_over(defaults, out)

    def save_settings(self, settings: dict[str, Any]) -> None:
        texts = check_settings(settings)
        with self._lock:
            self.buffer.set_settings(texts)
            self._write()

    # -- the run in progress
    def load_run(self, slot: str = GAME_SLOT) -> SavedRun | None:
        with self._lock:
            if slot in self.buffer.unsaved.runs:
                return self.buffer.unsaved.runs[slot]
            return self._read(lambda c: self.repository.current(c, slot), None)

    def save_run(self, seed: str, actions: list[str], started: str,
                 slot: str = GAME_SLOT) -> None:
        saved = SavedRun(str(seed), tuple(str(a) for a in actions), started)
        with self._lock:
            hand_ended = self.buffer.save_run(slot, saved)
            self._write(durable=hand_ended)

    def clear_run(self, slot: str = GAME_SLOT) -> None:
        with self._lock:
            self.buffer.clear_run(slot, self.load_run(slot))
            self._write()

    def run_lock(self, slot: str = GAME_SLOT) -> RunLock:
        """The lock of a run slot, shared by every process on this data folder:
        ``acquire()`` is False while another process (or another lock object)
        holds it; the OS releases it when the holder dies."""
        return FileLock(run_lock_path(self.path, slot))

    def claim_autoplay(self, key: str, seed: str) -> tuple[str, SavedRun | None]:
        def claim(conn: sqlite3.Connection) -> tuple[str, SavedRun | None] | None:
            for slot, owner, updated, *rest in queries.autoplay_slots(conn, key, str(seed)):
                if isinstance(slot, str) and not owner_alive(owner, updated):
                    queries.set_owner(conn, slot, self.buffer.owner)
                    return slot, self.repository.checked_run(rest)
            return None

        with self._lock:
            _ok, found = self._transact(claim)
            if found is not None and found[1] is not None:
                slot, saved = found
            else:
                slot, saved = f"autoplay/{uuid.uuid4().hex[:16]}", None
            self.buffer.slot_info[slot] = ("autoplay", key)
            return slot, saved

    # -- finished runs
    def record_finished_run(self, run: FinishedRun, name: str, started: str, *,
                            ai_key: str | None = None, daily: str | None = None) -> int:
        with self._lock:
            row = finished_row(run, name, started, ai_key, daily,
                               entry_id=self.buffer.take_temp_id())
            done = self.buffer.record(row)
            if self._behind is not None:
                done.handed_out = True  # the id handed out stays the run's here
                self._behind.soon(durable=True)
                return row.id
            ok, _ = self._transact(durable=True)
            if ok and done.real_id is not None:
                return done.real_id
            done.handed_out = True
            self._keep_aside()
            return row.id

    def _as_handed_out(self, found: list[RunRow]) -> list[RunRow]:
        """Rows with the ids their callers hold (a run written after its
        record had to hand out a temporary id keeps that one here)."""
        with self._lock:
            alias = self.buffer.alias
            return [replace(row, id=alias[row.id]) if row.id in alias else row for row in found]

    def _run_rows(self, limit: int | None, ai: bool | None = None) -> list[RunRow]:
        found: list[RunRow] = self._read(lambda c: self.repository.run_rows(c, limit, ai), [])
        return found

    def leaderboard(self, limit: int = BOARD_SIZE,
                    played_by: PlayedBy = PlayedBy.PLAYER) -> list[LeaderboardEntry]:
        ai = played_by.ai_column
        with self._lock:  # every run judged by its replay, its cached figures never believed
            best: list[RunRow] = self._read(
                lambda c: self.repository.best_by_record(c, limit, ai), [])
            found = self._as_handed_out(best) + [replayed(row) for row in self._unsaved(ai)]
            return ranked(found, limit, played_by)

    def qualifies(self, score: int) -> bool:
        return qualifies_on(self.leaderboard(BOARD_SIZE), score)

    def finished_runs(self) -> list[dict[str, Any]]:
        """Every finished run stored, oldest first (for tools and tests)."""
        keys = ("id", "name", "score", "streak", "margin_total", "level", "matches", "started",
                "ended", "seed", "abandoned", "results", "ai")
        return [{k: list(row.results) if k == "results" else getattr(row, k) for k in keys}
                for row in self._run_rows(None)]

    # -- history and the daily challenge
    def _unsaved(self, ai: bool | None) -> list[RunRow]:
        """The finished runs not written yet (``ai``: only those of it)."""
        return [d.row for d in self.buffer.unsaved.finished if ai is None or d.row.ai is ai]

    def _without_figures_later(self, ai: bool | None = None, page: Page | None = None
                               ) -> tuple[bool, Callable[[], list[RunRow]]]:
        """The finished runs whose figures are not stored (kept without their
        actions, damaged or edited, not counted yet, or not written yet), in
        two steps: the rows are read now (under the store's lock, with what
        the caller reads beside them), checked and replayed by the function
        returned, to be called without the lock: a history not counted yet
        (schema 4's count, behind the window) takes seconds to replay, and
        the window's saves and reads would wait.  The
        flag: were there any?  With ``page`` (History's: no ids handed out in
        this process), only those its page may show are replayed: the first
        ``limit`` listed after ``before``."""
        with self._lock:
            raw: list[tuple[Any, ...]] = self._read(
                lambda c: queries.rows_without_figures(c, ai) if page is None
                else queries.newest_without_figures(c, page.before), [])
            alias = dict(self.buffer.alias)
            unsaved = self._unsaved(ai)

        def replay() -> list[RunRow]:
            limit = None if page is None else page.limit
            found = self.repository.checked_rows(raw, limit, altered_too=True)
            return [replace(row, id=alias[row.id]) if row.id in alias else row
                    for row in found] + [replayed(row) for row in unsaved]
        return bool(raw or unsaved), replay

    def _listed(self, before: RunRecord | None, limit: int | None) -> list[RunRecord]:
        """The runs with stored figures, read without their actions (ids as handed out)."""
        key = _page_key(before)
        with self._lock:
            found: list[RunRecord] = self._read(
                lambda c: self.repository.listed(c, key, limit), [])
            alias = self.buffer.alias
        return [replace(r, run_id=alias[r.run_id]) if r.run_id in alias else r for r in found]

    def list_runs(self) -> list[RunRecord]:
        with self._lock:
            found = [record_of_row(row) for row in self._all_rows()]
            found += self._in_progress()
        return newest_first(found)

    def _all_rows(self) -> list[RunRow]:
        """Every finished run: stored (ids as handed out) and not yet written."""
        with self._lock:
            found = self._as_handed_out(self._run_rows(None))
            return found + [replayed(d.row) for d in self.buffer.unsaved.finished]

    def _in_progress(self) -> list[RunRecord]:
        saved = self.load_run()
        return [] if saved is None else [progress_record(saved, self.last_name())]

    def runs_page(self, before: RunRecord | None = None,
                  limit: int | None = None) -> list[RunRecord]:
        with self._lock:  # read together; the runs without figures replayed after
            listed = self._listed(before, limit)  # newest first, by stored ids
            aliased = bool(self.buffer.alias)
            _any, without_figures = self._without_figures_later(
                page=None if aliased else Page(_page_key(before), limit))
            going = self._in_progress()
        # (schema 4's count behind the window: History replays the runs not
        # counted yet, seconds of them, without holding the store's lock)
        others = [record_of_row(row) for row in without_figures()] + going
        if aliased:  # ids handed out in their place: the order is theirs
            listed, others = [], listed + others
        return page_of(listed, others, before, limit)

    def runs_objects(self) -> list[dict[str, Any]]:
        # Straight from the stored figures' rows while every finished run has
        # them (no records: 100,000 runs, issue #31); else as ``runs_page``.
        with self._lock:
            without_figures, _replay = self._without_figures_later()
            if not (without_figures or self.buffer.alias):
                listed: list[dict[str, Any]] = self._read(self.repository.listed_objects, [])
                return [record.as_json() for record in self._in_progress()] + listed
        return [record.as_json() for record in self.runs_page()]

    def run_scores(self, include_ai: bool = False,
                   most: int | None = None) -> list[tuple[str, int]]:
        ai = None if include_ai else False
        with self._lock:
            others, later = self._without_figures_later(ai)
            spread = None if others else most  # else spread below, with the others
            found: list[tuple[str, int]] = self._read(
                lambda c: self.repository.figure_scores(c, ai, spread), [])
        rest = later()  # replayed without the lock
        scores = sorted(found + [(row.started, row.score) for row in rest])
        return [scores[i] for i in evenly_spread(len(scores), most)] \
            if most is not None else scores

    def figure_totals(self, include_ai: bool = False) -> Totals:
        ai = None if include_ai else False
        with self._lock:
            stored = self._read(lambda c: queries.figure_totals(c, ai), Totals())
            _others, rest = self._without_figures_later(ai)
            saved = self.load_run()
            # the bests are the board's, each replayed: a cached figure never raises them
            best = self.leaderboard(1, PlayedBy.ANYONE if include_ai else PlayedBy.PLAYER)
        stored = replace(stored, best_score=best[0].score if best else 0,
                         best_streak=best[0].streak if best else 0)
        return stored + totals_of(rest(), saved)  # replayed without the lock

    def best_earlier_score(self, started: str) -> int:
        with self._lock:  # the board's two best, replayed: the run just over may be one
            best: list[RunRow] = self._read(
                lambda c: self.repository.best_by_record(c, 2, False), [])
            best += [replayed(row) for row in self._unsaved(False)]
        return max([0, *(row.score for row in best
                         if row.started != started and not row.altered)])

    def run_record(self, run_id: int) -> RunRecord | None:
        if run_id == PROGRESS_ID:
            return next(iter(self._in_progress()), None)
        with self._lock:
            for done in self.buffer.unsaved.finished:
                if done.row.id == run_id:
                    return record_of_row(replayed(done.row))
            real = self.buffer.real_id(run_id)
            row = self._read(lambda c: self.repository.run_by_id(c, real), None)
        return None if row is None else record_of_row(replace(row, id=run_id))

    def run_for_export(self, run_id: int) -> ExportSource | None:
        return export_source(self.run_record(run_id))

    def claim_daily(self, day: str, seed: str, started: str, slot: str = GAME_SLOT) -> bool:
        def claim(conn: sqlite3.Connection) -> bool:
            queries.claim_daily(conn, day, seed, started)
            mine = queries.daily_claim(conn, day) == (seed, started)
            old = self.repository.current(conn, slot)
            if old is None or old.key != (seed, started):
                # the run itself, in the claim's transaction: a kill between
                # the two never leaves the day claimed by a run nowhere kept
                self.buffer.write_slot(conn, slot, SavedRun(seed, (), started), set())
            return mine

        with self._lock:
            ok, mine = self._transact(claim, durable=True)
        return bool(ok and mine)

    def daily_claim(self, day: str) -> tuple[str, str] | None:
        return self._read(lambda c: self.repository.daily_claim(c, day), None)

    def daily_attempted(self, day: str) -> bool:
        return self._read(lambda c: self.repository.daily_attempted(c, day), False)

    def daily_leaderboard(self, day: str, limit: int = BOARD_SIZE) -> list[LeaderboardEntry]:
        found: list[RunRow] = self._read(lambda c: self.repository.daily_counted(c, day), [])
        return ranked(daily_rows(self._as_handed_out(found), day), limit)

    # -- each hand compared with level 4 in the player's seat (schema version 5)
    def keep_differences(self, seed: str, started: str, yardstick: str,
                         hands: dict[HandKey, HandDifference]) -> None:
        with self._lock:
            self.buffer.keep_differences((seed, started, yardstick), dict(hands))
            self._write()

    def differences_of(self, seed: str, started: str,
                       yardstick: str) -> dict[HandKey, HandDifference]:
        with self._lock:
            kept: dict[HandKey, HandDifference] = self._read(
                lambda c: self.repository.differences_of(c, seed, started, yardstick), {})
            return kept | self.buffer.unsaved.differences.get((seed, started, yardstick), {})

    def kept_differences(self, yardstick: str, include_ai: bool = False) -> list[int]:
        ai = None if include_ai else False
        found: list[int] = self._read(
            lambda c: self.repository.kept_differences(c, yardstick, ai), [])
        return found

    def difference_sums(self, yardstick: str, include_ai: bool = False) -> DifferenceSums:
        ai = None if include_ai else False
        try:
            sums: DifferenceSums = self._read(
                lambda c: self.repository.difference_sums(c, yardstick, ai), DifferenceSums())
        except rows.BadRow as bad:  # a value that is not a whole number: none is believed
            self.messages.bad_row("hand_skill", bad)
            return DifferenceSums()
        if sums.skipped:
            self.messages.skipped_differences(sums.skipped)
        return sums

    def runs_missing_differences(self, yardstick: str, include_ai: bool = False) -> list[int]:
        ai = None if include_ai else False
        with self._lock:
            found: list[int] = self._read(
                lambda c: self.repository.runs_missing_differences(c, yardstick, ai), [])
            alias = self.buffer.alias
        return [alias.get(run_id, run_id) for run_id in found]

    # -- the name
    def last_name(self) -> str | None:
        with self._lock:
            if self.buffer.unsaved.has_name:
                return self.buffer.unsaved.name
            return self._read(self.repository.last_name, None)

    def set_last_name(self, name: str) -> None:
        with self._lock:
            self.buffer.set_name(clean_name(name))
            self._write()

    # -- hand records
    def hand_records(self, entry_id: int | None = None,
                     slot: str = GAME_SLOT) -> list[dict[str, Any]]:
        with self._lock:
            if entry_id is not None:
                real = self.buffer.real_id(entry_id)
                texts: RecordTexts = self._read(
                    lambda c: self.repository.records_of_entry(c, real), {})
            else:
                saved = self.load_run(slot)
                if saved is None:
                    return []
                texts = self._read(
                    lambda c: self.repository.records_of_run(c, saved.seed, saved.started), {})
                texts.update(self.buffer.unsaved.records.get(saved.key, {}))
        return self.repository.records(texts)


class MemoryStore(SqliteStore):
    """The same store on an SQLite database in memory: every rule is the SQLite
    store's own.  Nothing survives the process (or ``close``): ``saving`` stays
    False and ``location`` None.  With no file there is nothing to check, move
    aside or lock between processes: opening makes a fresh database, and the
    lock of a run slot is shared only by the lock objects of this store.
    ``copy_of``: start as a copy of that connection's database (the file
    ``shown``, named in messages)."""

    def __init__(self, *, warnings: list[str] | None = None, echo: bool = False,
                 copy_of: sqlite3.Connection | None = None, shown: str = "memory") -> None:
        messages = MemoryMessages(shown, echo=echo)
        messages.warnings = list(warnings or [])
        super().__init__(":memory:", echo=echo, keeper=MemoryKeeper(messages, copy_of))
        self.location = None
        self._held: set[str] = set()  # slots whose lock is taken

    def run_lock(self, slot: str = GAME_SLOT) -> MemoryRunLock:
        return MemoryRunLock(self._held, slot)


class MemoryRunLock:
    """``run_lock`` of a ``MemoryStore``: nothing outlives the process, so the
    lock is only shared by the lock objects of one store."""

    def __init__(self, held: set[str], slot: str) -> None:
        self._taken, self.slot, self.held = held, slot, False

    def acquire(self) -> bool:
        if not self.held:
            if self.slot in self._taken:
                return False
            self._taken.add(self.slot)
            self.held = True
        return True

    def release(self) -> None:
        if self.held:
            self._taken.discard(self.slot)
            self.held = False


def _read_only(path: Path) -> sqlite3.Connection:
    """Read-only, WAL included; ``immutable`` (WAL ignored) only when SQLite
    cannot read the WAL in a read-only folder."""
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(uri + "?mode=ro", uri=True, check_same_thread=False)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        conn = sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True, check_same_thread=False)
    conn.text_factory = rows.decode_text
    return conn


def _read_only_snapshot(path: Path) -> MemoryStore | None:
    """What a database we cannot write still tells (read-only): a copy of it
    in memory, read with the same checks as the file."""
    if not path.is_file():
        return None
    try:
        conn = _read_only(path)
    except (sqlite3.Error, OSError, ValueError):
        return None
    try:
        if connection.integrity(conn, full=False) != ["ok"] or missing_tables(conn):
            return None
        return MemoryStore(copy_of=conn, shown=f"{path} (read-only)")
    except (sqlite3.Error, OSError, ValueError):
        return None
    finally:
        conn.close()


def open_store(data_dir: str | os.PathLike[str] | None = None, *,
               echo: bool = True, behind: bool = False) -> SqliteStore:
    """The game's store: SQLite in ``data_dir`` (default: ``paths.data_dir()``).

    When the folder cannot be used at all, a ``MemoryStore`` holding whatever
    could still be read, with a warning: the game goes on without saving.
    Raises ``connection.Untouchable`` when the database is not ours to touch:
    it or its folder is not a file or a folder (a FIFO, a device...:
    ``NotRegularFile``), or a newer version of the game wrote it
    (``NewerDatabase``); nothing was moved or created, nothing to go on with.
    ``behind``: the window's store, every write from a thread of its own
    (``SqliteStore.open``)."""
    folder = Path(data_dir) if data_dir is not None else paths.data_dir()
    path = folder / paths.DB_NAME
    store = SqliteStore(path, echo=echo, open_now=False)
    try:
        store.open(behind=behind)
        return store
    except Untouchable:
        raise  # not ours to touch (not a file, or a newer version's): the caller stops
    except Exception as exc:  # noqa: BLE001 - StoreUnavailable, or a bug: never stop the game
        message = f"{exc}. The game goes on without saving."
        memory = _read_only_snapshot(path) or MemoryStore()
        memory.warnings[:0] = store.warnings
        memory.warnings.append(message)
        if echo:
            print(f"belote2p: {message}", file=sys.stderr, flush=True)
        return memory
