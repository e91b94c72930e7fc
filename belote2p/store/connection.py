"""Opening the SQLite file: connect, check, pragmas, migrate; what errors mean.

The database file is read with a plain ``open()`` in one place only,
``header_ok``, and only while this process has no SQLite connection to it:
on POSIX, closing any descriptor of a file drops every lock the process holds
on it, SQLite's included (see ``store/locks.py`` and docs/STORE.md).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import threading
from pathlib import Path

from . import seals
from .api import StoreError
from .rows import decode_text
from .schema import SCHEMA_VERSION, NewerSchema, migrate, missing_tables, version_of

BUSY_TIMEOUT = 15.0  # seconds a write waits for another process's transaction, at most
POLL = 0.05  # seconds SQLite waits for a lock in one statement (the keeper loops on it)


class StoreUnavailable(StoreError):
    """The database cannot be used at all (folder not writable and no file,
    unreadable and cannot be moved aside, ...)."""


class Unreadable(StoreError):
    """The file is not a database this game can use: move it aside."""


class Untouchable(StoreUnavailable):
    """The database is there but this version must not touch it: nothing is
    moved, nothing is created in its place, and the commands stop with this
    message (exit 2; the window offers to quit)."""


class NotRegularFile(Untouchable):
    """The database (or a side file, or the folder) is something else than a
    regular file (a folder): a FIFO, a device, a socket, a folder.  Opening
    it could wait for good (a FIFO) or read garbage for ever (a device), and
    moving it aside is not ours to do."""


class NewerDatabase(Untouchable):
    """The database was written by a newer version of the game (its
    ``user_version`` is above ``schema.SCHEMA_VERSION``): its data is not
    ours to move, migrate or hide; going back to that version shows it all."""


_KINDS = ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))
SIDE_SUFFIXES = ("-wal", "-shm", "-journal")


def _kind(mode: int) -> str:
    return next((what for test, what in _KINDS if test(mode)), "neither a file nor a folder")


def check_files(path: Path) -> None:
    """Raise ``NotRegularFile`` unless the folder of ``path`` is a folder and
    ``path`` and its side files are regular files (or missing).  ``os.stat``
    only (symbolic links followed): no descriptor of the database is opened."""
    _check_folder(path.parent)
    for name in (str(path), *(str(path) + s for s in SIDE_SUFFIXES)):
        try:
            st = os.stat(name)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"{name} is {_kind(st.st_mode)}, not a regular file: the "
                                 "game keeps its data only in a regular file; move it away "
                                 "or choose another data folder (--data-dir)")


def _check_folder(folder: Path) -> None:
    """The data folder is a folder, or missing with a folder above it (it is
    created then).  Unreadable: SQLite says so when it opens."""
    for place in (folder, *folder.parents):
        where = f"the data folder {folder}" if place == folder else \
            f"the data folder {folder} cannot be made: {place}"
        try:
            st = os.stat(place)
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(place):
                raise NotRegularFile(f"{where} is a symbolic link to {os.readlink(place)}, "
                                     "which does not exist; choose another folder "
                                     "(--data-dir)") from None
            continue  # missing: made when the store opens, if what is above allows
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise NotRegularFile(f"{where} is a symbolic link that leads back to "
                                     "itself; choose another folder (--data-dir)") from None
            return
        if stat.S_ISDIR(st.st_mode):
            return
        raise NotRegularFile(f"{where} is {_kind(st.st_mode)}, not a folder; "
                             "choose another one (--data-dir)")


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


SQLITE_HEADER = b"SQLite format 3\x00"
_open_here: dict[str, int] = {}  # database (real path) -> connections this process holds
_open_here_lock = threading.Lock()


def _key(path: Path) -> str:
    return os.path.realpath(path)


def header_ok(path: Path) -> bool:
    """Does the file start like an SQLite database?  (Missing or empty: yes.)
    Only asked before SQLite touches the file or its WAL, so that a stale WAL
    of a garbage file goes aside with it; skipped (True) while this process has
    a connection to the file, as closing our descriptor would drop its locks."""
    with _open_here_lock:
        if _open_here.get(_key(path)):
            return True
        try:
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except OSError:
            return True  # missing, or unreadable for another reason: let SQLite say
    return not head or head == SQLITE_HEADER


def close(conn: sqlite3.Connection, path: Path) -> None:
    """Close a connection made by ``connect``."""
    with contextlib.suppress(sqlite3.Error):
        conn.close()
    with _open_here_lock:
        key = _key(path)
        left = _open_here.pop(key, 0) - 1
        if left > 0:
            _open_here[key] = left


FileMark = tuple[int, int, int, int]  # device, inode, size, mtime (ns)


def file_mark(path: Path) -> FileMark | None:
    """What the file looks like from outside (``os.stat``: no descriptor opened)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def unclean_stop(path: Path) -> bool:
    """Did the last process using the database stop without closing it?  (Ask
    only when no other process has it open: SQLite deletes the WAL when the
    last connection closes cleanly, so a WAL left behind tells a crash.)"""
    return os.path.exists(f"{path}-wal")


def integrity(conn: sqlite3.Connection, full: bool) -> list[str]:
    """``integrity_check`` (every page, index against table) or the cheaper
    ``quick_check``; ["ok"] when fine."""
    pragma = "integrity_check" if full else "quick_check"
    return [str(r[0]) for r in conn.execute(f"PRAGMA {pragma}(20)").fetchall()]


def problems(check: list[str], shown: int = 3) -> str:
    """The first few lines of an integrity check's report, on one line."""
    lines = [line for entry in check for line in entry.splitlines()
             if line.strip() and not line.startswith("***")]
    text = "; ".join(lines[:shown])
    return text + (f" (and {len(lines) - shown} more)" if len(lines) > shown else "")


def connect(path: Path, *, full_check: bool) -> sqlite3.Connection:
    """A checked, migrated connection in WAL mode.  Raises ``Unreadable`` (move
    the file aside) or ``StoreUnavailable``."""
    if not header_ok(path):
        raise Unreadable("it is not an SQLite database")
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreUnavailable(f"cannot open {path}: {describe(exc)}") from None
    conn.text_factory = decode_text
    seals.register(conn)
    with _open_here_lock:
        _open_here[_key(path)] = _open_here.get(_key(path), 0) + 1
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        refuse_newer(conn, path)  # before anything else reads or writes it
        check = integrity(conn, full_check)
        if check != ["ok"]:
            what = "the full integrity check after an unclean stop" if full_check \
                else "the integrity check"
            raise Unreadable(f"it failed {what}: {problems(check)}")
        if version_of(conn) == 0 and conn.execute(
                "SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise Unreadable("it is an SQLite file, but not a Belote 2P database")
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        conn.execute("PRAGMA wal_autocheckpoint = 0")  # the keeper's own, marked (walmark.py)
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        missing = missing_tables(conn)
        if missing:
            raise Unreadable(f"tables missing: {', '.join(missing)}")
        # From now on a statement waits at most POLL for a lock; the keeper
        # loops on it, bounded, saying what it waits for (``keeper.py``).
        conn.execute(f"PRAGMA busy_timeout = {int(POLL * 1000)}")
        return conn
    except NewerSchema:  # another process made it newer meanwhile
        try:
            refuse_newer(conn, path)
        finally:
            close(conn, path)
        raise
    except (Unreadable, NewerDatabase):
        close(conn, path)
        raise
    except sqlite3.Error as exc:
        close(conn, path)
        if classify(exc) == "corrupt":
            raise Unreadable(f"{exc}") from None
        raise StoreUnavailable(f"cannot use {path}: {describe(exc)}") from None


def refuse_newer(conn: sqlite3.Connection, path: Path) -> None:
    """Raise ``NewerDatabase`` when ``conn``'s database is of a newer schema
    (the caller closes ``conn``)."""
    try:
        version = version_of(conn)
    except sqlite3.Error:
        return  # not readable as a database: the checks that follow say what it is
    if version > SCHEMA_VERSION:
        raise NewerDatabase(
            f"{path} was written by a newer version of Belote 2P (its schema version is "
            f"{version}, this version knows up to {SCHEMA_VERSION}); it is left as it is. "
            "Play with that newer version, or choose another data folder (--data-dir)")


def connect_memory(copy_of: sqlite3.Connection | None = None) -> sqlite3.Connection:
    """A database in memory (``store.sqlite.MemoryStore``): fresh and migrated,
    or a copy of the database of ``copy_of`` (a read-only fallback's file),
    migrated in memory when older: the store's queries need the tables of
    this version (``run_figures``, schema 4), and the file itself is not
    touched.  No file: nothing to check, lock or register, and nothing
    outlives it."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.text_factory = decode_text
    seals.register(conn)
    conn.execute("PRAGMA foreign_keys = ON")
    if copy_of is not None:
        copy_of.backup(conn)
    if copy_of is None or version_of(conn) < SCHEMA_VERSION:
        migrate(conn)
    return conn
