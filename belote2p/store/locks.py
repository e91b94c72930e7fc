"""OS locks on small lock files beside the database, never on the database.

Why never on ``belote2p.db`` itself: on POSIX, closing *any* descriptor of a
file drops every fcntl lock the process holds on it, SQLite's included, so a
plain ``open()``/``close()`` of the database while a connection is open lets
another process think it is the last user and delete the WAL (issue #8).
These locks use ``flock`` (Linux, macOS) or ``msvcrt.locking`` (Windows) on
their own files, and the OS releases them when the process dies.

- ``folder_lock``: held while a process opens, checks, migrates or moves the
  database aside, so two never do it at once.
- ``FileLock`` in shared mode ("users"): held by every open store; a process
  that can take it exclusively is the only one with the database open.
- ``FileLock`` in exclusive mode: the lock of a run slot (``Store.run_lock``).
- ``owner_alive``: whether an autoplay slot's owner (host:pid) still plays it,
  so that the same command resumes a killed one: a process of this host is
  asked; one of another host (a shared or moved home) is gone once its slot
  has not been saved for ``FOREIGN_STALE_AFTER``.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

log = logging.getLogger(__name__)
# A wait the player is told of, at any log level: else a command seems to hang
# (the key services.logs shows on stderr).
TELL_PLAYER = {"player": True}


def lock_path(db: Path, what: str) -> Path:
    """``belote2p.db.<what>`` beside the database."""
    return db.with_name(f"{db.name}.{what}")


def _open(path: Path) -> int | None:
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None  # a read-only folder: nothing can be written there anyway


def _try_lock(fd: int, exclusive: bool) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
            return True
        except OSError:
            return False
    try:  # Windows has no shared lock here: every holder takes byte 0 exclusively
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return True
    except OSError:
        return False


def _unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass


@contextmanager
def folder_lock(db: Path, wait: float = 30.0) -> Iterator[bool]:
    """Held while a process opens, checks, migrates, checkpoints or moves the
    database.  Waits at most ``wait`` seconds, then goes on without it (a
    holder that stopped must not stop everyone); gives whether it is held.
    Never nest it in one process: a second ``flock`` there waits for the first."""
    fd = _open(lock_path(db, "lock"))
    if fd is None:
        yield True  # a read-only folder: nothing there to protect from anyone
        return
    try:
        deadline = time.monotonic() + wait
        held = _try_lock(fd, exclusive=True)
        if not held and wait > 0:
            log.info("waiting up to %.0f s for the folder lock of %s (another process "
                     "opens, checks or checkpoints the database)", wait, db,
                     extra=TELL_PLAYER)
        while not held and time.monotonic() < deadline:
            time.sleep(0.01)
            held = _try_lock(fd, exclusive=True)
        if not held and wait > 0:
            log.warning("the folder lock of %s is still held after %.0f s; going on", db, wait)
        yield held
    finally:
        os.close(fd)  # a lock file, not the database: closing it drops only this lock


class FileLock:
    """A lock on its own file; ``acquire`` never waits."""

    def __init__(self, path: Path, *, shared: bool = False) -> None:
        self.path = path
        self.shared = shared
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True when this object holds the lock now (also when it already did);
        False when another holder (another process, or another lock object on
        the same file) has it."""
        if self._fd is not None:
            return True
        fd = _open(self.path)
        if fd is None:
            return True  # nowhere to keep a lock: nobody else can either
        if self.shared and fcntl is None:
            self._fd = fd  # Windows: held open, never locked (see ``alone``)
            return True
        if not _try_lock(fd, exclusive=not self.shared):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def alone(self) -> bool:
        """For a shared lock held: is this the only holder?  (Turns it
        exclusive for a moment, then shared again.)"""
        if self._fd is None or fcntl is None:
            return False  # (Windows: no shared locks here; never claim to be alone)
        alone = _try_lock(self._fd, exclusive=True)
        # Linux drops the shared lock before trying the exclusive one, even when
        # that fails: take it again either way (nobody else takes this file
        # exclusively outside the folder lock, which the caller holds).
        _try_lock(self._fd, exclusive=False)
        return alone

    def release(self) -> None:
        if self._fd is not None:
            _unlock(self._fd)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FileLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# An autoplay saves after every action, so its slot's ``updated`` moves every
# second or so while it plays.  Its owner on another host (a data folder on a
# shared or moved home) cannot be asked whether it still runs: silent this
# long, it is gone (killed, or the folder was carried off its machine).
FOREIGN_STALE_AFTER = timedelta(minutes=10)


def owner_alive(owner: str | None, updated: str | None, now: datetime | None = None) -> bool:
    """Is the process that owns an autoplay slot (``owner`` = host:pid) still
    playing it?  On this host: is that process running (when unsure: yes).  On
    another host: did it save within ``FOREIGN_STALE_AFTER`` (an ``updated``
    that is not a time: no)."""
    if not isinstance(owner, str) or ":" not in owner:
        return False
    host, _, pid_text = owner.rpartition(":")
    if host != socket.gethostname():
        return _recent(updated, now or datetime.now(timezone.utc))
    if os.name == "nt":
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


def _recent(updated: str | None, now: datetime) -> bool:
    try:
        moment = datetime.fromisoformat(str(updated))
    except ValueError:
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return now - moment < FOREIGN_STALE_AFTER
