"""The connection keeper: the one SQLite connection of a store, kept right.

It opens the database (creating, checking, migrating; an unreadable file is
moved aside and what it still holds carried over, ``guard``), notices before
every transaction when the file under its path changed from outside, and
runs reads and write transactions, turning storage failures into
``Messages`` (never an exception to the game).  What the transactions write
is not its business: the store hands it a function of the connection.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from . import connection, guard, walmark
from .connection import StoreUnavailable, Unreadable, classify, describe
from .locks import TELL_PLAYER, FileLock, folder_lock, lock_path
from .messages import Messages
from .runs import now_iso

T = TypeVar("T")
log = logging.getLogger(__name__)


class Keeper:
    """Opens, watches and uses the database file at ``path``.  Thread-safe
    (``lock``); ``on_reopen`` runs after the file was replaced or moved aside
    mid-session, before the next transaction (the store writes again what it
    knows)."""

    def __init__(self, path: Path, messages: Messages,
                 on_reopen: Callable[[], None] = lambda: None) -> None:
        # Set while another process keeps the write lock past our bounded
        # wait (a writer suspended with Ctrl-Z, say): writes then try once,
        # without waiting, until one gets through, so a stopped writer costs
        # this process one bounded wait in all, not one per write.
        self.blocked = False
        self.has_file = True  # False: a database in memory
        self.path = path
        self.messages = messages
        self.on_reopen = on_reopen
        self.lock = threading.RLock()
        self.conn: sqlite3.Connection | None = None
        self._mark: connection.FileMark | None = None
        self._users = FileLock(lock_path(path, "users"), shared=True)
        self._recovered = False

    # -- opening
    def open_checked(self) -> None:
        """Open (creating, checking, migrating; moving an unreadable file
        aside).  Raises ``StoreUnavailable`` when no database can be used."""
        with self.lock:
            self.drop()
            connection.check_files(self.path)  # before anything opens it: a FIFO hangs
            folder = self.path.parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreUnavailable(
                    f"cannot create the data folder {folder}: {describe(exc)}") from None
            with folder_lock(self.path):
                self._users.acquire()
                if not walmark.wal_belongs(self.path, in_use=not self._users.alone()):
                    self._stale_wal_aside()
                full = self._users.alone() and connection.unclean_stop(self.path)
                try:
                    conn = connection.connect(self.path, full_check=full)
                except Unreadable as bad:
                    conn = self._replace(str(bad))
                walmark.record_file(self.path)  # the log there now is this file's
                self.conn, self._mark = conn, connection.file_mark(self.path)

    def _stale_wal_aside(self) -> None:
        moved = walmark.set_aside(self.path)
        self.messages.warn(
            f"the write-ahead log beside {self.path} was not written for it (the database "
            f"was replaced, by a copy or a move, after the game that wrote the log stopped "
            f"or while it ran). It was set aside as {moved}, not applied: the database is "
            "used as it is.")

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
        self.messages.warn(f"the database {self.path} could not be read ({reason}). It was "
                           f"moved to {moved} (kept, not deleted) and a fresh one was "
                           f"created.{carried}")
        return conn

    def file_mark(self) -> connection.FileMark | None:
        return connection.file_mark(self.path)

    def drop(self) -> None:
        """Close the connection.  The last connection to a file copies its log
        into it as it closes: under the folder lock, with the mark saying so
        (``walmark.checkpointing``).  Never call it holding the folder lock."""
        if self.conn is not None and self.replaced():
            self._leave_replaced()
        elif self.conn is not None:
            with folder_lock(self.path), walmark.checkpointing(self.path):
                connection.close(self.conn, self.path)
        self.conn, self._mark = None, None

    def close(self) -> None:
        with self.lock:
            self.drop()
            self._users.release()

    def _identity(self) -> tuple[int, int] | None:
        """(device, inode) of the file our connection has open."""
        return None if self._mark is None else self._mark[:2]

    def replaced(self) -> bool:
        """Is the file at our path another one than our connection's (moved
        or copied over it, or removed)?"""
        mark = self.file_mark()
        return self.conn is not None and self._identity() != (None if mark is None
                                                               else mark[:2])

    def _leave_replaced(self) -> None:
        """Our file is not at our path any more: keep what it holds aside (a
        copy made through our connection, its log included), close it without
        touching the new file's log, and say so."""
        assert self.conn is not None
        with folder_lock(self.path):
            kept = guard.keep_replaced(self.conn, self.path, self._identity())
            walmark.close_keeping_names(self.conn, self.path)
        self.conn, self._mark, self._recovered = None, None, True
        where = f"is kept as {kept}" if kept is not None else "could not be kept"
        self.messages.warn(
            f"the database {self.path} was replaced or removed while the game had it open. "
            f"The file it had open, with everything written to it, {where}; the game goes "
            f"on with the file now at {self.path}, and writes there what it had not "
            "written yet.")

    def connection(self) -> sqlite3.Connection:
        """The open connection, checked again if the file changed from outside
        since our last transaction (replaced, moved, removed, or written by
        someone: a checkpoint of another process, or garbage); an unreadable
        file is moved aside and ``on_reopen`` says what to write again."""
        if self.conn is None or self.file_mark() != self._mark:
            replaced = self.conn is not None
            if self.replaced():
                self._leave_replaced()
            self.open_checked()
            self._recovered = self._recovered or replaced
        if self._recovered:
            self._recovered = False
            self.on_reopen()
        assert self.conn is not None
        return self.conn

    # -- using it
    def read(self, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        """``work`` on the connection; ``default`` when storage fails (told)."""
        with self.lock:
            for attempt in range(2):
                try:
                    return work(self.connection())
                except (StoreUnavailable, Unreadable) as exc:
                    self.drop()
                    self.messages.save_failed(exc)
                    return default
                except (sqlite3.Error, OSError) as exc:
                    if classify(exc) == "corrupt" and attempt == 0:
                        self.drop()
                        continue
                    self.messages.save_failed(exc)
                    return default
            return default

    def patience(self) -> float:
        """How long the next write may wait for another process's lock."""
        return 0.0 if self.blocked else connection.BUSY_TIMEOUT

    def transact(self, work: Callable[[sqlite3.Connection], T], *, durable: bool = False,
                 wait: float | None = None) -> tuple[bool, T | None]:
        """``work`` in one write transaction (``BEGIN IMMEDIATE``), retried on
        a fresh connection when the file turned out corrupt; (True, its value)
        once committed, (False, None) when storage failed (told).  ``durable``:
        sync to disk at commit (hand and run ends).  ``wait``: how long to wait
        for another process's write lock (default ``patience()``)."""
        wait = self.patience() if wait is None else wait
        with self.lock:
            for attempt in range(3):
                try:
                    value = self._commit(self.connection(), work, durable, wait)
                except (StoreUnavailable, Unreadable) as exc:
                    self.drop()
                    self.messages.save_failed(exc)
                    return False, None
                except (sqlite3.Error, OSError) as exc:
                    if classify(exc) == "corrupt" and attempt < 2:
                        self.drop()  # reopen: the check moves the file aside
                        continue
                    busy = classify(exc) == "busy"
                    self.blocked = self.blocked or busy
                    if wait > 0 or not busy:  # a caller that would not wait tries again
                        self.messages.save_failed(exc)
                    return False, None
                self.blocked = False
                if self.replaced():
                    continue  # it went into the file that was replaced: again, into the new
                self._mark = self.file_mark()  # our own writes are known
                self._checkpoint_if_long()
                self.messages.save_worked()
                return True, value
            return False, None

    def _checkpoint_if_long(self) -> None:
        """Copy a long log into the file (SQLite's automatic checkpoints are
        off: ours keep ``walmark`` true); skipped while another process holds
        the folder lock, tried again after the next write."""
        if self.conn is None or walmark.wal_size(self.path) < walmark.CHECKPOINT_BYTES:
            return
        with folder_lock(self.path, wait=0) as held:
            if held:
                walmark.checkpoint(self.conn, self.path)
                self._mark = self.file_mark()

    def _begin(self, conn: sqlite3.Connection, wait: float) -> None:
        """``BEGIN IMMEDIATE``, waiting at most ``wait`` seconds for another
        process's write lock (each try waits ``connection.POLL`` inside SQLite),
        and saying what it waits for."""
        if wait <= 0:  # one try, holding our lock no longer than it takes
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                conn.execute("BEGIN IMMEDIATE")
            finally:
                conn.execute(f"PRAGMA busy_timeout = {int(connection.POLL * 1000)}")
            return
        deadline = time.monotonic() + wait
        waited_since: float | None = None
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if classify(exc) != "busy" or time.monotonic() >= deadline:
                    if waited_since is not None:
                        log.warning("gave up waiting for the write lock of %s after %.1f s",
                                    self.path, time.monotonic() - waited_since)
                    raise
                if waited_since is None:
                    waited_since = time.monotonic()
                    log.info("waiting up to %.1f s for the write lock of %s (another process "
                             "is writing, or stopped while writing)", wait, self.path,
                             extra=TELL_PLAYER)
                continue
            if waited_since is not None:
                log.info("got the write lock of %s after %.1f s", self.path,
                         time.monotonic() - waited_since)
            return

    def _commit(self, conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T],
                durable: bool, wait: float) -> T:
        if durable:
            conn.execute("PRAGMA synchronous = FULL")
        try:
            self._begin(conn, wait)
            try:
                value = work(conn)
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


class MemoryKeeper(Keeper):
    """The keeper of a database in memory: no file to check, mark, move aside
    or lock; the database is its connection (``copy_of``: start as a copy of
    that connection's database)."""

    def __init__(self, messages: Messages, copy_of: sqlite3.Connection | None = None) -> None:
        super().__init__(Path(":memory:"), messages)
        self.has_file = False
        self._copy_of = copy_of

    def open_checked(self) -> None:
        with self.lock:
            if self.conn is None:
                self.conn = connection.connect_memory(self._copy_of)
                self._copy_of = None

    def file_mark(self) -> None:
        return None  # no file that could change from outside

    def drop(self) -> None:
        """Nothing: the database is its connection (``close`` ends it)."""

    def close(self) -> None:
        with self.lock:
            if self.conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self.conn.close()
            self.conn = None
