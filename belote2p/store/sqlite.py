"""The SQLite store: one database file in the data folder, WAL mode.

Every write is one short transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``).
What could not be written (read-only folder, full disk) stays in memory, is
read back from there, and is written with the next write that succeeds: the
game never sees an exception from storage, only ``warnings`` and ``saving``.

Opening and checking: ``store/connection.py``; moving a bad file aside and
carrying over what it still holds: ``store/guard.py``; the SQL:
``store/queries.py``; checking what is read back: ``store/rows.py``; locks:
``store/locks.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import sys
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import connection, guard, paths, queries, rows
from .api import (
    BOARD_SIZE,
    CONFLICT_MESSAGE,
    GAME_SLOT,
    LeaderboardEntry,
    PlayedBy,
    RunLock,
    RunRecord,
    RunRow,
    SavedRun,
    abandoned_row,
    check_settings,
    daily_rows,
    dropped_message,
    export_source,
    extends,
    finished_row,
    newest_first,
    progress_record,
    qualifies_on,
    ranked,
    record_of_row,
    replayed,
    settings_over,
)
from .connection import NotRegularFile, StoreUnavailable, Unreadable, classify, describe
from .locks import FileLock, folder_lock, lock_path
from .names import clean_name
from .runs import FinishedRun, RunTracker, now_iso
from .schema import missing_tables

if TYPE_CHECKING:
    from .api import ExportSource

_MISSING = object()


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive(owner: str | None) -> bool:
    """Is the process that owns an autoplay slot still running? (When unsure: yes.)"""
    if not isinstance(owner, str) or ":" not in owner:
        return False
    host, _, pid_text = owner.rpartition(":")
    if host != socket.gethostname() or os.name == "nt":
        return True
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def run_lock_path(db: Path, slot: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in slot)
    return lock_path(db, f"run-{safe}.lock")


@dataclass
class _Finished:
    """A finished run recorded here and not written yet: its ``runs`` row
    (``id``: the temporary id), its id once written, and whether the caller
    holds the temporary id (then that id stays the run's for this store)."""

    row: RunRow
    real_id: int | None = None
    handed_out: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return self.row.key


class _Unsaved:
    """What this process changed and has not written yet (all of it, normally
    for the length of one call; for the session when writes fail)."""

    def __init__(self) -> None:
        self.settings: dict[str, str | None] = {}
        self.name: Any = _MISSING
        self.runs: dict[str, SavedRun | None] = {}
        self.records: dict[tuple[str, str], dict[tuple[int, int], str]] = {}
        self.finished: list[_Finished] = []


class SqliteStore:
    """The ``Store`` on an SQLite file.  Thread-safe; several processes may
    share one file (docs/STORE.md says why that is safe)."""

    def __init__(self, path: str | os.PathLike[str], *, echo: bool = True, open_now: bool = True):
        self.path = Path(path)
        self.location: str | None = str(self.path)
        self.shown = str(self.path)  # where the data is, in messages
        self.warnings: list[str] = []
        self.saving = True
        self.echo = echo
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._mark: connection.FileMark | None = None
        self._users = FileLock(lock_path(self.path, "users"), shared=True)
        self._unsaved = _Unsaved()
        self._trackers: dict[str, RunTracker] = {}
        self._slot_info: dict[str, tuple[str, str | None]] = {}  # slot -> (kind, key)
        self._alias: dict[int, int] = {}  # real entry id -> id handed out before it was saved
        self._next_temp = -1
        self._me = _owner()
        self._recovered = False
        self._settled: list[RunRow] = []
        self._conflict = self._conflict_told = False
        self._known_settings: dict[str, str] = {}
        self._known_name: Any = _MISSING
        self._bad_told: set[str] = set()
        if open_now:
            self.open()

    # -- messages
    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        if self.echo:
            with contextlib.suppress(OSError, ValueError):
                print(f"belote2p: {message}", file=sys.stderr, flush=True)

    def _bad_row(self, table: str, bad: rows.BadRow) -> None:
        """Report a row that fails its check (once per table and session)."""
        if table not in self._bad_told:
            self._bad_told.add(table)
            self._warn(f"a row of {table} in {self.shown} is not valid ({bad}); it is skipped.")

    def _save_failed(self, exc: BaseException) -> None:
        if self.saving:
            self.saving = False
            self._warn(f"cannot save to {self.path}: {describe(exc)}. The game goes on "
                       "without saving (it keeps trying).")

    def _save_worked(self) -> None:
        if not self.saving:
            self.saving = True
            self._warn(f"saving to {self.path} works again; nothing was lost.")

    # -- opening
    def open(self) -> None:
        """Open (creating, checking, migrating; moving an unreadable file
        aside).  Raises ``StoreUnavailable`` when no database can be used."""
        self._open_checked()
        # A write now, so a read-only folder or a full disk shows at launch.
        self._transact(lambda c: queries.put_state(c, "opened", now_iso()))

    def open_quietly(self) -> None:
        self._open_checked()

    def _open_checked(self) -> None:
        with self._lock:
            self._drop()
            connection.check_files(self.path)  # before anything opens it: a FIFO hangs
            folder = self.path.parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreUnavailable(
                    f"cannot create the data folder {folder}: {describe(exc)}") from None
            with folder_lock(self.path):
                self._users.acquire()
                full = self._users.alone() and connection.unclean_stop(self.path)
                try:
                    conn = connection.connect(self.path, full_check=full)
                except Unreadable as bad:
                    conn = self._replace(str(bad))
                self._conn, self._mark = conn, connection.file_mark(self.path)

    def _replace(self, reason: str) -> sqlite3.Connection:
        """Move the unreadable file aside, open a fresh one, carry over what the
        old one still holds."""
        moved = guard.move_aside(self.path, reason)
        self._recovered = True
        try:
            conn = connection.connect(self.path, full_check=False)
        except Unreadable as again:
            raise StoreUnavailable(f"a fresh database at {self.path} is unusable: "
                                   f"{again}") from None
        kept = guard.salvage(moved)
        carried = ""
        if kept is not None and kept.count():
            try:
                guard.carry_over(conn, kept, owner="", now=now_iso())
                carried = (f" {len(kept.runs)} finished runs and every other row that could "
                           "still be read were carried over")
                if kept.skipped:
                    carried += f" ({kept.skipped} unreadable rows left behind)"
                carried += "."
            except sqlite3.Error as exc:
                carried = f" Nothing could be carried over ({describe(exc)})."
        self._warn(f"the database {self.path} could not be read ({reason}). It was moved to "
                   f"{moved} (kept, not deleted) and a fresh one was created.{carried}")
        return conn

    def _file_mark(self) -> connection.FileMark | None:
        return connection.file_mark(self.path)

    def _drop(self) -> None:
        if self._conn is not None:
            connection.close(self._conn, self.path)
        self._conn, self._mark = None, None

    def close(self) -> None:
        with self._lock:
            self._drop()
            self._users.release()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _connection(self) -> sqlite3.Connection:
        """The open connection, checked again if the file changed from outside
        since our last transaction (replaced, moved, removed, or written by
        someone: a checkpoint of another process, or garbage); an unreadable
        file is moved aside and what this process knows is written again."""
        if self._conn is None or self._file_mark() != self._mark:
            replaced = self._conn is not None
            self.open_quietly()
            self._recovered = self._recovered or replaced
        if self._recovered:
            self._recovered = False
            self._rewrite_known()
        assert self._conn is not None
        return self._conn

    def _rewrite_known(self) -> None:
        """After the file was moved aside mid-session: write again what this
        process knows (settings, name; the run in progress comes whole with
        its next save, its hand records too)."""
        for key, text in self._known_settings.items():
            self._unsaved.settings.setdefault(key, text)
        if self._known_name is not _MISSING and self._unsaved.name is _MISSING:
            self._unsaved.name = self._known_name
        self._trackers.clear()

    # -- the write path
    def _transact(self, work: Callable[[sqlite3.Connection], Any] | None = None,
                  *, durable: bool = False) -> tuple[bool, Any]:
        """Write everything unsaved, then ``work``, in one transaction.
        ``durable``: sync to disk at commit (hand and run ends)."""
        with self._lock:
            for attempt in range(3):
                self._settled, self._conflict = [], False
                try:
                    conn = self._connection()
                    value = self._commit(conn, work, durable)
                except (StoreUnavailable, Unreadable) as exc:
                    self._drop()
                    self._save_failed(exc)
                    return False, None
                except (sqlite3.Error, OSError) as exc:
                    if classify(exc) == "corrupt" and attempt < 2:
                        self._drop()  # reopen: the check moves the file aside
                        continue
                    self._save_failed(exc)
                    return False, None
                self._mark = self._file_mark()  # our own writes are known
                self._after_commit()
                self._save_worked()
                return True, value
            return False, None

    def _commit(self, conn: sqlite3.Connection,
                work: Callable[[sqlite3.Connection], Any] | None, durable: bool) -> Any:
        if durable:
            conn.execute("PRAGMA synchronous = FULL")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                self._write_unsaved(conn)
                value = work(conn) if work is not None else None
                conn.execute("COMMIT")
                return value
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        finally:
            if durable:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA synchronous = NORMAL")

    def _write_unsaved(self, conn: sqlite3.Connection) -> None:
        u = self._unsaved
        for key, text in u.settings.items():
            queries.put_setting(conn, key, text)
        if u.name is not _MISSING:
            queries.put_state(conn, "last_name", u.name)
        for done in u.finished:
            done.real_id = queries.insert_run(conn, done.row)
            queries.drop_current_of(conn, *done.key)
        ours = {done.key for done in u.finished}
        stale: set[tuple[str, str]] = set()  # runs whose moves here are not to be kept
        for slot, saved in u.runs.items():
            if not self._write_slot(conn, slot, saved, ours):
                stale.add((saved.seed, saved.started))  # type: ignore[union-attr]
        for (seed, started), records in u.records.items():
            if (seed, started) in stale:
                continue
            for (match_index, hand_index), text in records.items():
                queries.put_record(conn, seed, started, match_index, hand_index, text)
        if u.finished or any(saved is None for saved in u.runs.values()) or self._settled:
            queries.prune_records(conn)

    def _write_slot(self, conn: sqlite3.Connection, slot: str, saved: SavedRun | None,
                    ours: set[tuple[str, str]]) -> bool:
        """Write one slot; False when this process's moves there do not stand."""
        old = self._checked_run(queries.current(conn, slot))
        same = old is not None and saved is not None \
            and (old.seed, old.started) == (saved.seed, saved.started)
        if old is not None and not same:
            self._settle(conn, slot, old, replaced=saved is not None)  # not a way out
        if saved is None:
            queries.drop_current(conn, slot)
            return True
        if same and not extends(old.actions, saved.actions):  # type: ignore[union-attr]
            self._conflict = True  # another window went another way: it stands
            return False
        if queries.recorded(conn, saved.seed, saved.started):
            return (saved.seed, saved.started) in ours  # recorded before: it stands
        kind, key = self._slot_info.get(slot, ("game", None))
        queries.put_current(conn, slot, kind, key, self._me, saved.seed, saved.started,
                            saved.actions, now_iso())
        return True

    def _settle(self, conn: sqlite3.Connection, slot: str, old: SavedRun,
                replaced: bool) -> None:
        if queries.recorded(conn, old.seed, old.started):
            return
        try:
            name = rows.name_value(queries.state(conn, "last_name") or "null")
        except rows.BadRow:
            name = None
        kind, key = queries.slot_kind(conn, slot) or (None, None)
        autoplay = kind == "autoplay" and isinstance(key, str)
        row = abandoned_row(old, name, key if autoplay else None)
        queries.insert_run(conn, row)
        if replaced:
            self._settled.append(row)

    def _after_commit(self) -> None:
        for row in self._settled:
            self._warn(dropped_message(row))
        if self._conflict and not self._conflict_told:
            self._conflict_told = True
            self._warn(CONFLICT_MESSAGE)
        for done in self._unsaved.finished:
            if done.handed_out and done.real_id is not None:
                self._alias[done.real_id] = done.row.id
        self._unsaved = _Unsaved()

    # -- the read path
    def _read(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        with self._lock:
            for attempt in range(2):
                try:
                    return work(self._connection())
                except (StoreUnavailable, Unreadable) as exc:
                    self._drop()
                    self._save_failed(exc)
                    return default
                except (sqlite3.Error, OSError) as exc:
                    if classify(exc) == "corrupt" and attempt == 0:
                        self._drop()
                        continue
                    self._save_failed(exc)
                    return default
            return default

    def _checked_run(self, raw: Sequence[Any] | None) -> SavedRun | None:
        try:
            return rows.saved_run(raw)
        except rows.BadRow as bad:
            self._bad_row("current_run", bad)
            return None

    # -- settings
    def load_settings(self, defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        """The saved settings; with ``defaults``: the defaults, each replaced by
        the saved value when it has the same type (a value of another type, a
        list or an object falls back to the default)."""
        texts = dict(self._read(queries.settings, []))
        texts.update(self._unsaved.settings)
        self._known_settings = {k: v for k, v in texts.items() if v is not None}
        out = {}
        for key, text in texts.items():
            if text is None or not isinstance(key, str):
                continue
            try:
                out[key] = rows.setting(text)
            except rows.BadRow as bad:
                self._bad_row("settings", rows.BadRow(f"{key}: {bad}"))
        return out if defaults is None else settings_over(defaults, out)

    def save_settings(self, settings: dict[str, Any]) -> None:
        texts = check_settings(settings)
        with self._lock:
            self._unsaved.settings.update(texts)
            for key, text in texts.items():
                if text is None:
                    self._known_settings.pop(key, None)
                else:
                    self._known_settings[key] = text
            self._transact()

    # -- the run in progress
    def load_run(self, slot: str = GAME_SLOT) -> SavedRun | None:
        with self._lock:
            if slot in self._unsaved.runs:
                return self._unsaved.runs[slot]
            return self._checked_run(self._read(lambda c: queries.current(c, slot), None))

    def save_run(self, seed: str, actions: list[str], started: str,
                 slot: str = GAME_SLOT) -> None:
        seed, actions = str(seed), [str(a) for a in actions]
        with self._lock:
            tracker = self._trackers.setdefault(slot, RunTracker())
            finished = tracker.advance(seed, started, actions)
            self._unsaved.runs[slot] = SavedRun(seed, tuple(actions), started)
            for match_index, hand_index, record in finished:
                self._unsaved.records.setdefault((seed, started), {})[
                    (match_index, hand_index)] = json.dumps(record)
            self._transact(durable=bool(finished))

    def clear_run(self, slot: str = GAME_SLOT) -> None:
        with self._lock:
            saved = self.load_run(slot)
            if saved is not None:
                self._unsaved.records.pop((saved.seed, saved.started), None)
            self._unsaved.runs[slot] = None
            self._trackers.pop(slot, None)
            self._transact()

    def run_lock(self, slot: str = GAME_SLOT) -> RunLock:
        """The lock of a run slot, shared by every process on this data folder:
        ``acquire()`` is False while another process (or another lock object)
        holds it; the OS releases it when the holder dies."""
        return FileLock(run_lock_path(self.path, slot))

    def claim_autoplay(self, key: str, seed: str) -> tuple[str, SavedRun | None]:
        def claim(conn: sqlite3.Connection) -> tuple[str, SavedRun | None] | None:
            for slot, owner, *rest in queries.autoplay_slots(conn, key, str(seed)):
                if isinstance(slot, str) and not _alive(owner):
                    queries.set_owner(conn, slot, self._me)
                    return slot, self._checked_run(rest)
            return None

        with self._lock:
            _ok, found = self._transact(claim)
            if found is not None and found[1] is not None:
                slot, saved = found
            else:
                slot, saved = f"autoplay/{uuid.uuid4().hex[:16]}", None
            self._slot_info[slot] = ("autoplay", key)
            return slot, saved

    # -- finished runs
    def record_finished_run(self, run: FinishedRun, name: str, started: str, *,
                            ai_key: str | None = None, daily: str | None = None) -> int:
        with self._lock:
            row = finished_row(run, name, started, ai_key, daily, entry_id=self._next_temp)
            self._next_temp -= 1
            key = row.key
            for slot, saved in list(self._unsaved.runs.items()):
                if saved is not None and (saved.seed, saved.started) == key:
                    del self._unsaved.runs[slot]
            for slot, tracker in list(self._trackers.items()):
                if tracker._key == key:
                    del self._trackers[slot]
            done = _Finished(row)
            self._unsaved.finished.append(done)
            ok, _ = self._transact(durable=True)
            if ok and done.real_id is not None:
                return done.real_id
            done.handed_out = True
            return row.id

    def _checked_rows(self, found: list[tuple[Any, ...]], limit: int | None = None
                      ) -> list[RunRow]:
        """The rows that pass their checks, with their figures replayed
        (``api.replayed``); with ``limit``: the first ``limit`` that are not
        altered (stored figures are the replayed ones for those, so the
        stored order is theirs)."""
        out: list[RunRow] = []
        for raw in found:
            if limit is not None and len(out) >= limit:
                break
            try:
                row = replayed(rows.run_row(raw))
            except rows.BadRow as bad:
                self._bad_row("runs", bad)
                continue
            if limit is None or not row.altered:
                out.append(row)
        return out

    def _run_rows(self, limit: int | None, ai: bool | None = None) -> list[RunRow]:
        """Every finished run (``limit`` None), or the best ``limit`` not altered;
        ``ai`` True or False: only the autoplay runs, or only the player's."""
        found = self._read(lambda c: queries.run_rows(c, best_first=limit is not None, ai=ai),
                           [])
        return self._checked_rows(found, limit)

    def _as_handed_out(self, found: list[RunRow]) -> list[RunRow]:
        """Rows with the ids their callers hold (a run written after its
        record had to hand out a temporary id keeps that one here)."""
        with self._lock:
            return [replace(row, id=self._alias[row.id]) if row.id in self._alias else row
                    for row in found]

    def leaderboard(self, limit: int = BOARD_SIZE,
                    played_by: PlayedBy = PlayedBy.PLAYER) -> list[LeaderboardEntry]:
        with self._lock:
            found = self._as_handed_out(self._run_rows(limit, played_by.ai_column))
            return ranked(found + [d.row for d in self._unsaved.finished], limit, played_by)

    def qualifies(self, score: int) -> bool:
        return qualifies_on(self.leaderboard(BOARD_SIZE), score)

    def finished_runs(self) -> list[dict[str, Any]]:
        """Every finished run stored, oldest first (for tools and tests)."""
        keys = ("id", "name", "score", "streak", "margin_total", "level", "matches", "started",
                "ended", "seed", "abandoned", "results", "ai")
        return [{k: list(row.results) if k == "results" else getattr(row, k) for k in keys}
                for row in self._run_rows(None)]

    # -- history and the daily challenge
    def _all_rows(self) -> list[RunRow]:
        """Every finished run: stored (ids as handed out) and not yet written."""
        with self._lock:
            found = self._as_handed_out(self._run_rows(None))
            return found + [replayed(d.row) for d in self._unsaved.finished]

    def list_runs(self) -> list[RunRecord]:
        with self._lock:
            found = [record_of_row(row) for row in self._all_rows()]
            saved = self.load_run()
            if saved is not None:
                found.append(progress_record(saved, self.last_name()))
        return newest_first(found)

    def run_record(self, run_id: int) -> RunRecord | None:
        if run_id == 0:
            return next((r for r in self.list_runs() if r.run_id == 0), None)
        with self._lock:
            real = {v: k for k, v in self._alias.items()}.get(run_id, run_id)
            for done in self._unsaved.finished:
                if done.row.id == run_id:
                    return record_of_row(replayed(done.row))
            raw = self._read(lambda c: queries.run_row_by_id(c, real), None)
        if raw is None:
            return None
        checked = self._checked_rows([raw])
        if not checked:
            return None
        return record_of_row(replace(checked[0], id=run_id))

    def run_for_export(self, run_id: int) -> ExportSource | None:
        return export_source(self.run_record(run_id))

    def claim_daily(self, day: str, seed: str, started: str, slot: str = GAME_SLOT) -> bool:
        def claim(conn: sqlite3.Connection) -> bool:
            queries.claim_daily(conn, day, seed, started)
            mine = queries.daily_claim(conn, day) == (seed, started)
            old = self._checked_run(queries.current(conn, slot))
            if old is None or (old.seed, old.started) != (seed, started):
                # the run itself, in the claim's transaction: a kill between
                # the two never leaves the day claimed by a run nowhere kept
                self._write_slot(conn, slot, SavedRun(seed, (), started), set())
            return mine

        with self._lock:
            ok, mine = self._transact(claim, durable=True)
        return bool(ok and mine)

    def daily_claim(self, day: str) -> tuple[str, str] | None:
        raw = self._read(lambda c: queries.daily_claim(c, day), None)
        try:
            return rows.daily_claim(raw)
        except rows.BadRow as bad:
            self._bad_row("daily_claims", bad)
            return None

    def daily_attempted(self, day: str) -> bool:
        def attempted(conn: sqlite3.Connection) -> bool:
            return queries.daily_claim(conn, day) is not None \
                or bool(queries.daily_counted_rows(conn, day))

        return bool(self._read(attempted, False))

    def daily_leaderboard(self, day: str, limit: int = BOARD_SIZE) -> list[LeaderboardEntry]:
        found = self._checked_rows(self._read(lambda c: queries.daily_counted_rows(c, day), []))
        return ranked(daily_rows(self._as_handed_out(found), day), limit)

    # -- the name
    def last_name(self) -> str | None:
        with self._lock:
            if self._unsaved.name is not _MISSING:
                unsaved_name: str | None = self._unsaved.name
                return unsaved_name
            text = self._read(lambda c: queries.state(c, "last_name"), None)
        try:
            return rows.name_value(text) if text is not None else None
        except rows.BadRow as bad:
            self._bad_row("state", bad)
            return None

    def set_last_name(self, name: str) -> None:
        with self._lock:
            self._unsaved.name = self._known_name = clean_name(name)
            self._transact()

    # -- hand records
    def hand_records(self, entry_id: int | None = None,
                     slot: str = GAME_SLOT) -> list[dict[str, Any]]:
        with self._lock:
            key = None
            if entry_id is not None:
                real = {v: k for k, v in self._alias.items()}.get(entry_id, entry_id)
                found = self._read(lambda c: queries.records_of_entry(c, real), [])
            else:
                saved = self.load_run(slot)
                if saved is None:
                    return []
                key = (saved.seed, saved.started)
                found = self._read(lambda c: queries.records_of_run(c, *key), [])
            texts = {(m, h): text for m, h, text in found
                     if isinstance(m, int) and isinstance(h, int)}
            if key is not None:
                texts.update(self._unsaved.records.get(key, {}))
        out = []
        for k in sorted(texts):
            try:
                out.append(rows.record(texts[k]))
            except rows.BadRow as bad:
                self._bad_row("hand_records", bad)
        return out


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
        super().__init__(":memory:", echo=echo, open_now=False)
        self.shown = shown
        self._copy_of = copy_of
        self.location = None
        self.saving = False
        self.warnings = list(warnings or [])
        self._held: set[str] = set()  # slots whose lock is taken
        self._failed = False
        self.open()

    def _open_checked(self) -> None:
        with self._lock:
            if self._conn is None:
                self._conn = connection.connect_memory(self._copy_of)
                self._copy_of = None

    def _file_mark(self) -> None:
        return None  # no file that could change from outside

    def _drop(self) -> None:
        """Nothing: the database is its connection (``close`` ends it)."""

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
            self._conn = None

    def _save_failed(self, exc: BaseException) -> None:
        if not self._failed:
            self._failed = True
            self._warn(f"the store in memory failed: {describe(exc)}.")

    def _save_worked(self) -> None:
        """Nothing: a store in memory never saves."""

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
               echo: bool = True) -> SqliteStore:
    """The game's store: SQLite in ``data_dir`` (default: ``paths.data_dir()``).

    When the folder cannot be used at all, a ``MemoryStore`` holding whatever
    could still be read, with a warning: the game goes on without saving.
    Raises ``NotRegularFile`` when the database or its folder is not a file or
    a folder (a FIFO, a device...): nothing was opened, nothing to go on with."""
    folder = Path(data_dir) if data_dir is not None else paths.data_dir()
    path = folder / paths.DB_NAME
    store = SqliteStore(path, echo=echo, open_now=False)
    try:
        store.open()
        return store
    except NotRegularFile:
        raise  # not a folder or file of ours at all: the caller says so and stops
    except Exception as exc:  # noqa: BLE001 - StoreUnavailable, or a bug: never stop the game
        message = f"{exc}. The game goes on without saving."
        memory = _read_only_snapshot(path) or MemoryStore()
        memory.warnings[:0] = store.warnings
        memory.warnings.append(message)
        if echo:
            print(f"belote2p: {message}", file=sys.stderr, flush=True)
        return memory
