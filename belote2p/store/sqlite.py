"""The SQLite store: one database file in the data folder, WAL mode.

Every write is one short transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``).
What could not be written (read-only folder, full disk) stays in memory, is
read back from there, and is written with the next write that succeeds: the
game never sees an exception from storage, only ``warnings`` and ``saving``.

A database that cannot be read (not SQLite, corrupt, a newer schema, not
ours) is moved aside, never deleted, and a fresh one is created.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from . import paths
from .api import (
    BOARD_SIZE,
    CONFLICT_MESSAGE,
    GAME_SLOT,
    LeaderboardEntry,
    MemoryStore,
    SavedRun,
    abandoned_row,
    check_settings,
    dropped_message,
    extends,
    finished_row,
    qualifies_on,
    ranked,
)
from .names import clean_name
from .runs import RunTracker, now_iso
from .schema import NewerSchema, migrate, missing_tables, version_of

BUSY_TIMEOUT = 15.0  # seconds a write waits for another process's transaction
KEEP_RECORDS_OF = 50  # finished runs whose hand records are kept (besides the top 10)
_MISSING = object()


class StoreUnavailable(Exception):
    """The database cannot be used at all (folder not writable and no file,
    unreadable and cannot be moved aside, ...)."""


class _Unreadable(Exception):
    """The file is not a database this game can use: move it aside."""


def classify(exc: BaseException) -> str:
    """'corrupt', 'busy', 'unavailable' (read-only, full, I/O) or 'other'."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text \
            or "not a database" in text:
        return "corrupt"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "is locked" in text:
        return "busy"
    if name.startswith(("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN",
                        "SQLITE_PERM", "SQLITE_AUTH", "SQLITE_NOLFS")) \
            or any(s in text for s in ("readonly", "read-only", "disk is full", "i/o error",
                                       "unable to open")):
        return "unavailable"
    return "other"


def describe(exc: BaseException) -> str:
    text = str(exc).lower()
    name = getattr(exc, "sqlite_errorname", "") or ""
    if "readonly" in text or "read-only" in text or name.startswith("SQLITE_READONLY"):
        return "the folder or the file is read-only"
    if "disk is full" in text or name == "SQLITE_FULL":
        return "the disk is full"
    if classify(exc) == "busy":
        return "another game kept the database locked"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive(owner: str | None) -> bool:
    """Is the process that owns an autoplay slot still running? (When unsure: yes.)"""
    if not owner or ":" not in owner:
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


SQLITE_HEADER = b"SQLite format 3\x00"


def _header_ok(path: Path) -> bool:
    """Does the file (still) start like an SQLite database?  (Missing or empty: yes.)"""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return True
    except OSError:
        return True  # unreadable for another reason: let SQLite say what
    return not head or head == SQLITE_HEADER


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


@contextmanager
def folder_lock(path: Path) -> Iterator[None]:
    """An advisory lock (``<db>.lock``) held while a process opens, checks,
    moves aside or migrates the database, so two never do it at once."""
    try:
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield  # a read-only folder: nothing can be moved or created anyway
        return
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # Windows
            import msvcrt

            for _ in range(60):
                try:
                    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                    break
                except OSError:
                    time.sleep(0.25)
        yield
    finally:
        os.close(fd)


class _Unsaved:
    """What this process changed and has not written yet (all of it, normally
    for the length of one call; for the session when writes fail)."""

    def __init__(self) -> None:
        self.settings: dict[str, str | None] = {}
        self.name: Any = _MISSING
        self.runs: dict[str, SavedRun | None] = {}
        self.records: dict[tuple[str, str], dict[tuple[int, int], str]] = {}
        self.finished: list[dict[str, Any]] = []

    def empty(self) -> bool:
        return not (self.settings or self.runs or self.records or self.finished) \
            and self.name is _MISSING


class SqliteStore:
    """The ``Store`` on an SQLite file.  Thread-safe; several processes may
    share one file."""

    def __init__(self, path: str | os.PathLike, *, echo: bool = True, open_now: bool = True):
        self.path = Path(path)
        self.location: str | None = str(self.path)
        self.warnings: list[str] = []
        self.saving = True
        self.echo = echo
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._ident: tuple[int, int] | None = None
        self._unsaved = _Unsaved()
        self._trackers: dict[str, RunTracker] = {}
        self._slot_info: dict[str, tuple[str, str | None]] = {}  # slot -> (kind, key)
        self._alias: dict[int, int] = {}  # real entry id -> id handed out before it was saved
        self._next_temp = -1
        self._me = _owner()
        self._recovered = False
        self._settled: list[dict[str, Any]] = []
        self._conflict = self._conflict_told = False
        self._known_settings: dict[str, str] = {}
        self._known_name: Any = _MISSING
        if open_now:
            self.open()

    # -- messages
    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        if self.echo:
            try:
                print(f"belote2p: {message}", file=sys.stderr, flush=True)
            except (OSError, ValueError):
                pass

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
        with self._lock:
            self._drop()
            folder = self.path.parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreUnavailable(
                    f"cannot create the data folder {folder}: {describe(exc)}") from None
            with folder_lock(self.path):
                try:
                    conn = self._connect_checked()
                except _Unreadable as bad:
                    self._move_aside(str(bad))
                    try:
                        conn = self._connect_checked()
                    except _Unreadable as again:
                        raise StoreUnavailable(f"a fresh database at {self.path} is unusable: "
                                               f"{again}") from None
            self._conn, self._ident = conn, _identity(self.path)
        # A write now, so a read-only folder or a full disk shows at launch.
        self._transact(lambda c: c.execute(
            "INSERT OR REPLACE INTO state (key, value) VALUES ('opened', ?)",
            (json.dumps(now_iso()),)))

    def _connect_checked(self) -> sqlite3.Connection:
        if not _header_ok(self.path):  # before SQLite touches it or its journal
            raise _Unreadable("it is not an SQLite database")
        try:
            conn = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open {self.path}: {describe(exc)}") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            check = conn.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                raise _Unreadable("it failed the integrity check: "
                                  + "; ".join(str(r[0]) for r in check[:3]))
            if version_of(conn) == 0 and conn.execute(
                    "SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise _Unreadable("it is an SQLite file, but not a Belote 2P database")
            conn.execute("PRAGMA journal_mode = WAL").fetchone()
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            migrate(conn)
            missing = missing_tables(conn)
            if missing:
                raise _Unreadable(f"tables missing: {', '.join(missing)}")
            return conn
        except NewerSchema as exc:
            conn.close()
            raise _Unreadable(f"it was written by a newer version of the game ({exc})") from None
        except _Unreadable:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            if classify(exc) == "corrupt":
                raise _Unreadable(f"{exc}") from None
            raise StoreUnavailable(f"cannot use {self.path}: {describe(exc)}") from None

    def _move_aside(self, reason: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while any(Path(str(target) + s).exists() for s in ("", "-wal", "-shm", "-journal")):
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.rename(self.path, target)
        except OSError as exc:
            raise StoreUnavailable(
                f"the database {self.path} cannot be read ({reason}) and could not be moved "
                f"aside: {describe(exc)}") from None
        for suffix in ("-wal", "-shm", "-journal"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                try:
                    os.rename(side, Path(str(target) + suffix))
                except OSError:
                    try:
                        side.unlink()  # a stale journal must not be applied to the fresh file
                    except OSError:
                        pass
        self._recovered = True
        self._warn(f"the database {self.path} could not be read ({reason}). It was moved to "
                   f"{target} (kept, not deleted) and a fresh one was created.")
        return target

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
        self._conn, self._ident = None, None

    def close(self) -> None:
        with self._lock:
            self._drop()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _connection(self) -> sqlite3.Connection:
        """The open connection, reopened if the file was replaced, moved, removed
        or overwritten (then it is moved aside and what this process knows is
        written again into the fresh file)."""
        if self._conn is None or _identity(self.path) != self._ident \
                or not _header_ok(self.path):
            replaced = self._conn is not None
            self.open_quietly()
            self._recovered = self._recovered or replaced
        if self._recovered:
            self._recovered = False
            self._rewrite_known()
        assert self._conn is not None
        return self._conn

    def open_quietly(self) -> None:
        with self._lock:
            self._drop()
            folder = self.path.parent
            folder.mkdir(parents=True, exist_ok=True)
            with folder_lock(self.path):
                try:
                    conn = self._connect_checked()
                except _Unreadable as bad:
                    self._move_aside(str(bad))
                    conn = self._connect_checked()
            self._conn, self._ident = conn, _identity(self.path)

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
                    if durable:
                        conn.execute("PRAGMA synchronous = FULL")
                    try:
                        conn.execute("BEGIN IMMEDIATE")
                        try:
                            self._write_unsaved(conn)
                            value = work(conn) if work is not None else None
                            conn.execute("COMMIT")
                        except BaseException:
                            try:
                                conn.execute("ROLLBACK")
                            except sqlite3.Error:
                                pass
                            raise
                    finally:
                        if durable:
                            try:
                                conn.execute("PRAGMA synchronous = NORMAL")
                            except sqlite3.Error:
                                pass
                except (StoreUnavailable, _Unreadable) as exc:
                    self._drop()
                    self._save_failed(exc)
                    return False, None
                except (sqlite3.Error, OSError) as exc:
                    if classify(exc) == "corrupt" and attempt < 2:
                        self._drop()  # reopen: the check moves the file aside
                        continue
                    self._save_failed(exc)
                    return False, None
                self._after_commit()
                self._save_worked()
                return True, value
            return False, None

    def _write_unsaved(self, conn: sqlite3.Connection) -> None:
        u = self._unsaved
        for key, text in u.settings.items():
            if text is None:
                conn.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) "
                             "DO UPDATE SET value = excluded.value", (key, text))
        if u.name is not _MISSING:
            if u.name is None:
                conn.execute("DELETE FROM state WHERE key = 'last_name'")
            else:
                conn.execute("INSERT OR REPLACE INTO state (key, value) VALUES ('last_name', ?)",
                             (json.dumps(u.name, ensure_ascii=False),))
        for row in u.finished:
            row["real_id"] = _insert_run(conn, row)
            conn.execute("DELETE FROM current_run WHERE seed = ? AND started = ?",
                         (row["seed"], row["started"]))
        now = now_iso()
        ours = {(row["seed"], row["started"]) for row in u.finished}
        stale: set[tuple[str, str]] = set()  # runs whose moves here are not to be kept
        for slot, saved in u.runs.items():
            old = _saved(conn.execute("SELECT seed, started, actions FROM current_run "
                                      "WHERE slot = ?", (slot,)).fetchone())
            same = old is not None and saved is not None \
                and (old.seed, old.started) == (saved.seed, saved.started)
            if old is not None and not same:
                # cleared or replaced unrecorded: not a way out
                self._settle(conn, old, replaced=saved is not None)
            if saved is None:
                conn.execute(
                    "DELETE FROM hand_records WHERE run_id IS NULL AND EXISTS (SELECT 1 FROM "
                    "current_run c WHERE c.slot = ? AND c.seed = hand_records.seed "
                    "AND c.started = hand_records.started)", (slot,))
                conn.execute("DELETE FROM current_run WHERE slot = ?", (slot,))
                continue
            if same and not extends(old.actions, saved.actions):
                self._conflict = True  # another window went another way: it stands
                stale.add((saved.seed, saved.started))
                continue
            if conn.execute("SELECT 1 FROM runs WHERE seed = ? AND started = ?",
                            (saved.seed, saved.started)).fetchone():
                if (saved.seed, saved.started) not in ours:
                    stale.add((saved.seed, saved.started))  # recorded before: it stands
                continue
            kind, key = self._slot_info.get(slot, ("game", None))
            conn.execute(
                "INSERT INTO current_run (slot, kind, key, owner, seed, started, actions, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE SET "
                "kind = excluded.kind, key = excluded.key, owner = excluded.owner, "
                "seed = excluded.seed, started = excluded.started, actions = excluded.actions, "
                "updated = excluded.updated",
                (slot, kind, key, self._me, saved.seed, saved.started,
                 json.dumps(list(saved.actions)), now))
        for (seed, started), records in u.records.items():
            if (seed, started) in stale:
                continue
            for (match_index, hand_index), text in records.items():
                conn.execute(
                    "INSERT OR REPLACE INTO hand_records (seed, started, match_index, hand_index, "
                    "run_id, record) VALUES (?, ?, ?, ?, (SELECT id FROM runs WHERE seed = ? "
                    "AND started = ?), ?)",
                    (seed, started, match_index, hand_index, seed, started, text))
        if u.finished or any(saved is None for saved in u.runs.values()) or self._settled:
            conn.execute(
                "DELETE FROM hand_records WHERE run_id IS NOT NULL "
                f"AND run_id NOT IN (SELECT id FROM runs ORDER BY id DESC LIMIT {KEEP_RECORDS_OF}) "
                "AND run_id NOT IN (SELECT id FROM runs ORDER BY score DESC, margin_total DESC, "
                f"ended, id LIMIT {BOARD_SIZE})")

    def _settle(self, conn: sqlite3.Connection, old: SavedRun, replaced: bool) -> None:
        if conn.execute("SELECT 1 FROM runs WHERE seed = ? AND started = ?",
                        (old.seed, old.started)).fetchone():
            return
        name_row = conn.execute("SELECT value FROM state WHERE key = 'last_name'").fetchone()
        try:
            name = json.loads(name_row[0]) if name_row else None
        except ValueError:
            name = None
        row = abandoned_row(old, name if isinstance(name, str) else None)
        _insert_run(conn, row)
        if replaced:
            self._settled.append(row)

    def _after_commit(self) -> None:
        for row in self._settled:
            self._warn(dropped_message(row))
        if self._conflict and not self._conflict_told:
            self._conflict_told = True
            self._warn(CONFLICT_MESSAGE)
        for row in self._unsaved.finished:
            if row.get("handed_out"):  # the caller holds the temporary id
                self._alias[row["real_id"]] = row["id"]
        self._unsaved = _Unsaved()

    # -- the read path
    def _read(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        with self._lock:
            for attempt in range(2):
                try:
                    return work(self._connection())
                except (StoreUnavailable, _Unreadable) as exc:
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

    # -- settings
    def load_settings(self) -> dict[str, Any]:
        rows = self._read(lambda c: c.execute("SELECT key, value FROM settings").fetchall(), [])
        texts = dict(rows)
        texts.update(self._unsaved.settings)
        self._known_settings = {k: v for k, v in texts.items() if v is not None}
        out = {}
        for key, text in texts.items():
            if text is None:
                continue
            try:
                out[key] = json.loads(text)
            except ValueError:
                pass
        return out

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
            row = self._read(lambda c: c.execute(
                "SELECT seed, started, actions FROM current_run WHERE slot = ?",
                (slot,)).fetchone(), None)
        return _saved(row)

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

    def claim_autoplay(self, key: str, seed: str) -> tuple[str, SavedRun | None]:
        def claim(conn: sqlite3.Connection):
            rows = conn.execute(
                "SELECT slot, owner, seed, started, actions FROM current_run "
                "WHERE kind = 'autoplay' AND key = ? AND seed = ? ORDER BY updated DESC",
                (key, str(seed))).fetchall()
            for slot, owner, *rest in rows:
                if not _alive(owner):
                    conn.execute("UPDATE current_run SET owner = ? WHERE slot = ?",
                                 (self._me, slot))
                    return slot, _saved(rest)
            return None

        with self._lock:
            ok, found = self._transact(claim)
            if found is not None and found[1] is not None:
                slot, saved = found
            else:
                slot, saved = f"autoplay/{uuid.uuid4().hex[:16]}", None
            self._slot_info[slot] = ("autoplay", key)
            return slot, saved

    # -- finished runs
    def record_finished_run(self, run, name: str, started: str) -> int:
        row = finished_row(run, name, started)
        with self._lock:
            row["id"] = self._next_temp
            self._next_temp -= 1
            key = (row["seed"], started)
            for slot, saved in list(self._unsaved.runs.items()):
                if saved is not None and (saved.seed, saved.started) == key:
                    del self._unsaved.runs[slot]
            for slot, tracker in list(self._trackers.items()):
                if tracker._key == key:
                    del self._trackers[slot]
            self._unsaved.finished.append(row)
            ok, _ = self._transact(durable=True)
            if ok:
                return row["real_id"]
            row["handed_out"] = True
            return row["id"]

    def _board_rows(self, limit: int) -> list[dict[str, Any]]:
        rows = self._read(lambda c: c.execute(
            "SELECT id, name, score, streak, margin_total, level, ended FROM runs "
            "ORDER BY score DESC, margin_total DESC, ended, id LIMIT ?", (limit,)).fetchall(), [])
        keys = ("id", "name", "score", "streak", "margin_total", "level", "ended")
        out = [dict(zip(keys, r)) for r in rows]
        for row in out:
            row["id"] = self._alias.get(row["id"], row["id"])
        return out + [dict(r) for r in self._unsaved.finished]

    def leaderboard(self, limit: int = BOARD_SIZE) -> list[LeaderboardEntry]:
        with self._lock:
            return ranked(self._board_rows(limit), limit)

    def qualifies(self, score: int) -> bool:
        return qualifies_on(self.leaderboard(BOARD_SIZE), score)

    def finished_runs(self) -> list[dict[str, Any]]:
        """Every finished run stored, oldest first (for tools and tests)."""
        keys = ("id", "name", "score", "streak", "margin_total", "level", "matches", "started",
                "ended", "seed", "abandoned", "results")
        rows = self._read(lambda c: c.execute(
            f"SELECT {', '.join(keys)} FROM runs ORDER BY id").fetchall(), [])
        out = []
        for r in rows:
            row = dict(zip(keys, r))
            row["abandoned"] = bool(row["abandoned"])
            row["results"] = json.loads(row["results"])
            out.append(row)
        return out

    # -- the name
    def last_name(self) -> str | None:
        with self._lock:
            if self._unsaved.name is not _MISSING:
                return self._unsaved.name
            row = self._read(lambda c: c.execute(
                "SELECT value FROM state WHERE key = 'last_name'").fetchone(), None)
        try:
            value = json.loads(row[0]) if row else None
        except ValueError:
            return None
        return value if isinstance(value, str) else None

    def set_last_name(self, name: str) -> None:
        with self._lock:
            self._unsaved.name = self._known_name = clean_name(name)
            self._transact()

    # -- hand records
    def hand_records(self, entry_id: int | None = None,
                     slot: str = GAME_SLOT) -> list[dict[str, Any]]:
        with self._lock:
            if entry_id is not None:
                real = {v: k for k, v in self._alias.items()}.get(entry_id, entry_id)
                rows = self._read(lambda c: c.execute(
                    "SELECT match_index, hand_index, record FROM hand_records WHERE run_id = ?",
                    (real,)).fetchall(), [])
                key = None
            else:
                saved = self.load_run(slot)
                if saved is None:
                    return []
                key = (saved.seed, saved.started)
                rows = self._read(lambda c: c.execute(
                    "SELECT match_index, hand_index, record FROM hand_records "
                    "WHERE seed = ? AND started = ?", key).fetchall(), [])
            found = {(m, h): text for m, h, text in rows}
            if key is not None:
                found.update(self._unsaved.records.get(key, {}))
        return [json.loads(found[k]) for k in sorted(found)]

    # -- for the fallback
    def snapshot(self) -> MemoryStore:
        """Everything readable now, in a ``MemoryStore``."""
        memory = MemoryStore(warnings=list(self.warnings), settings=self.load_settings(),
                             name=self.last_name())
        for row in self.finished_runs():
            memory.rows.append(row)
            memory.record_owner[(row["seed"], row["started"])] = row["id"]
        slots = self._read(lambda c: c.execute("SELECT slot FROM current_run").fetchall(), [])
        for (slot,) in slots:
            saved = self.load_run(slot)
            if saved is not None:
                memory.runs[slot] = saved
        return memory


def _insert_run(conn: sqlite3.Connection, row: dict[str, Any]) -> int:
    """Insert a finished run (once per seed and start) and give it its hand records."""
    named = int(row.get("named", True))
    conn.execute(
        "INSERT INTO runs (name, score, streak, margin_total, level, matches, started, "
        "ended, seed, abandoned, named, results) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (seed, started) DO UPDATE SET name = excluded.name, named = 1 "
        "WHERE runs.named = 0 AND excluded.named = 1",
        (row["name"], row["score"], row["streak"], row["margin_total"], row["level"],
         row["matches"], row["started"], row["ended"], row["seed"],
         int(row["abandoned"]), named, json.dumps(row["results"])))
    real = conn.execute("SELECT id FROM runs WHERE seed = ? AND started = ?",
                        (row["seed"], row["started"])).fetchone()[0]
    conn.execute("UPDATE hand_records SET run_id = ? WHERE seed = ? AND started = ?",
                 (real, row["seed"], row["started"]))
    return real


def _saved(row) -> SavedRun | None:
    if not row:
        return None
    seed, started, actions = row
    try:
        words = json.loads(actions)
    except ValueError:
        return None
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return None
    return SavedRun(str(seed), tuple(words), started)


def _read_only_snapshot(path: Path) -> MemoryStore | None:
    """What a database we cannot write still tells (read-only, immutable)."""
    if not path.is_file():
        return None
    store = SqliteStore(path, echo=False, open_now=False)
    try:
        uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)] or missing_tables(conn):
            conn.close()
            return None
        store._conn, store._ident = conn, _identity(path)
        store.saving = False
        memory = store.snapshot()
        conn.close()
        return memory
    except (sqlite3.Error, OSError, ValueError):
        return None


def open_store(data_dir: str | os.PathLike | None = None, *, echo: bool = True):
    """The game's store: SQLite in ``data_dir`` (default: ``paths.data_dir()``).

    When the folder cannot be used at all, a ``MemoryStore`` holding whatever
    could still be read, with a warning: the game goes on without saving."""
    folder = Path(data_dir) if data_dir is not None else paths.data_dir()
    path = folder / paths.DB_NAME
    store = SqliteStore(path, echo=echo, open_now=False)
    try:
        store.open()
        return store
    except Exception as exc:  # noqa: BLE001 - StoreUnavailable, or a bug: never stop the game
        message = f"{exc}. The game goes on without saving."
        memory = _read_only_snapshot(path) or MemoryStore()
        memory.warnings[:0] = store.warnings
        memory.warnings.append(message)
        if echo:
            print(f"belote2p: {message}", file=sys.stderr, flush=True)
        return memory
