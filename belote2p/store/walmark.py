"""Which database file a WAL belongs to.

SQLite finds a database's write-ahead log by name (``belote2p.db-wal``) and
nothing in the log names the file it was written for: a log left by a crash
is applied to whatever file has the name next, a backup copied over the
database included, and its pages then replace the backup's (issue #31).  So
the store keeps the proof itself, in ``belote2p.db.walmark``:

- the database file changes only when a checkpoint copies the log into it
  (the store turns SQLite's automatic checkpoints off and makes its own,
  under the folder lock), so after each checkpoint the mark records what the
  file looks like (inode, size and modification time, ``os.stat``: no
  descriptor);
- while a checkpoint runs the mark says ``checkpointing`` (a kill then
  leaves a half-copied file that needs its log: the log is trusted);
- on opening, under the folder lock, a log whose mark no longer describes
  the file beside it belongs to another file: it is set aside (renamed, with
  its ``-shm``), never applied.  No mark (a folder written by an older
  version): the log is trusted, as before;
- except when another process has the folder open and the mark is of this
  very file (its inode): a checkpoint the mark did not see, by an older
  version of the game at work now (its automatic checkpoints do not keep
  the mark), and the log is that process's, in use.  Set aside under a live
  writer it would split: its later commits would go to the renamed log, and
  its last checkpoint would copy them over ours.  So it is trusted.

A store that finds its file replaced (``mv``) closes its connection to the
old file keeping the names: SQLite's last connection to a file deletes the
``-wal`` and ``-shm`` *by name* after its final checkpoint, and those names
may by then be the new file's (``close_keeping_names``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from . import connection
from .locks import lock_path

log = logging.getLogger(__name__)

CHECKPOINTING = "checkpointing"
CHECKPOINT_BYTES = 4 * 1024 * 1024  # a log this long is copied into the file
WAL_SIDES = ("-wal", "-shm")


def _mark_path(db: Path) -> Path:
    return lock_path(db, "walmark")


def _side(db: Path, suffix: str) -> Path:
    return Path(str(db) + suffix)


def file_mark(db: Path) -> str | None:
    """What the database file looks like: inode, size and modification time (ns)."""
    try:
        st = os.stat(db)
    except OSError:
        return None
    return f"{st.st_ino} {st.st_size} {st.st_mtime_ns}"


def _inode(mark: str) -> str | None:
    """The inode a mark names (None: a mark of two numbers, before it named one)."""
    fields = mark.split()
    return fields[0] if len(fields) == 3 else None


def _describes(mark: str, now: str) -> bool:
    """Does the mark describe the file as it is now?  Its size and time: a
    copy that keeps them (``cp -p`` of the folder after a crash) has the same
    contents, whatever its inode, so its log is its own."""
    return mark.split()[-2:] == now.split()[-2:]


MARK_BYTES = 80  # a mark is three numbers or a word: anything longer is not one


def recorded(db: Path) -> str | None:
    """The mark, or None (none, or not a mark of ours: a file too long, not
    ASCII, or not a regular file; opened without waiting, so a FIFO put
    there cannot hang the game)."""
    try:
        fd = os.open(_mark_path(db), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = os.read(fd, MARK_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > MARK_BYTES:
        return None
    try:
        return data.decode("ascii").strip() or None
    except UnicodeDecodeError:
        return None


def record(db: Path, text: str | None) -> None:
    """Write the mark (atomically: a temporary file renamed over it)."""
    if text is None:
        return
    target = _mark_path(db)
    temporary = target.with_name(f"{target.name}.{os.getpid()}")
    try:
        temporary.write_text(text, encoding="ascii")
        os.replace(temporary, target)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()  # a read-only folder: nothing to protect there either


def record_file(db: Path) -> None:
    """The mark of the file as it is now (after opening or a checkpoint)."""
    record(db, file_mark(db))


def wal_size(db: Path) -> int:
    try:
        return os.stat(_side(db, "-wal")).st_size
    except OSError:
        return 0


def wal_belongs(db: Path, in_use: bool = False) -> bool:
    """May SQLite apply the ``-wal`` beside ``db`` to it?  (Ask under the
    folder lock, before connecting.)  ``in_use``: another process has the
    folder open now (then a mark of this same file that no longer describes
    it is an older version's checkpoint: see above)."""
    if wal_size(db) == 0:
        return True
    mark = recorded(db)
    if mark is None or mark == CHECKPOINTING:
        return True
    now = file_mark(db)
    if now is None:
        return False
    if _describes(mark, now):
        return True
    return in_use and _inode(mark) is not None and _inode(mark) == _inode(now)


def set_aside(db: Path) -> Path:
    """Rename the ``-wal`` and ``-shm`` beside ``db`` to
    ``<db>.stale-<time>-wal``/``-shm``; returns the log's new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = db.with_name(f"{db.name}.stale-{stamp}")
    n = 1
    while any(_side(base, s).exists() for s in WAL_SIDES):
        base = db.with_name(f"{db.name}.stale-{stamp}-{n}")
        n += 1
    for suffix in WAL_SIDES:
        with contextlib.suppress(FileNotFoundError):
            os.rename(_side(db, suffix), _side(base, suffix))
    return _side(base, "-wal")


@contextlib.contextmanager
def checkpointing(db: Path) -> Iterator[None]:
    """Around anything that may copy the log into the file (a checkpoint, the
    last connection closing): the mark says so meanwhile, then describes the
    file as it is after."""
    record(db, CHECKPOINTING)
    try:
        yield
    finally:
        record_file(db)


def checkpoint(conn: sqlite3.Connection, db: Path) -> None:
    """Copy what the log holds into the file (``PASSIVE``: never waits for
    readers or writers), keeping the mark true.  Call under the folder lock."""
    with checkpointing(db):
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    log.debug("checkpointed %s", db)


def close_keeping_names(conn: sqlite3.Connection, db: Path) -> None:
    """Close a connection to a file that is no longer the one at ``db``
    without letting SQLite delete the ``-wal``/``-shm`` now under those names
    (the new file's, once anyone opened it): each is hard-linked aside
    first and put back if the close removed it.  Call under the folder lock."""
    kept: list[tuple[Path, Path]] = []
    for suffix in WAL_SIDES:
        side = _side(db, suffix)
        spare = side.with_name(f"{side.name}.keep-{os.getpid()}")
        with contextlib.suppress(OSError):
            spare.unlink()  # left by a kill in the middle of this
        with contextlib.suppress(OSError):
            os.link(side, spare)
            kept.append((side, spare))
    connection.close(conn, db)
    for side, spare in kept:
        if side.exists():
            with contextlib.suppress(OSError):
                spare.unlink()
        else:
            with contextlib.suppress(OSError):
                os.rename(spare, side)
