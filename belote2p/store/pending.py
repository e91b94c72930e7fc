"""Finished runs kept aside when the database cannot take them.

A run that finished while the database could not be written (another
process kept its write lock past our bounded wait: a writer suspended with
Ctrl-Z inside a transaction, say) must outlive this process.  It is written
into a small database of its own beside the main one,
``belote2p.db.pending-<host>-<pid>-<n>.db`` (the same schema, made with the
same queries: nothing new to parse), and the next store to open the folder
carries it over with the checks every moved-aside file gets
(``guard.salvage``), then deletes it.  Recording a run is idempotent (one
entry per seed and start), so a file carried over twice, or written again
by its own process later, adds nothing twice.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import sqlite3
from pathlib import Path

from . import queries
from .api import RunRow
from .schema import migrate

_numbers = itertools.count(1)


def _prefix(db: Path) -> str:
    return f"{db.name}.pending-"


def keep(db: Path, runs: list[RunRow]) -> Path | None:
    """Write ``runs`` into a new pending file beside ``db``; its path, or None
    when it cannot be written (the folder is read-only or full: the runs then
    stay in memory only, and the caller says so)."""
    name = f"{_prefix(db)}{socket.gethostname()}-{os.getpid()}-{next(_numbers)}.db"
    target = db.with_name(name)
    temporary = target.with_name(name + ".tmp")
    try:
        conn = sqlite3.connect(temporary, isolation_level=None)
        try:
            migrate(conn)
            conn.execute("BEGIN IMMEDIATE")
            for row in runs:
                queries.insert_run(conn, row)
            conn.execute("COMMIT")
        finally:
            conn.close()
        os.replace(temporary, target)
    except (sqlite3.Error, OSError):
        with contextlib.suppress(OSError):
            temporary.unlink()
        return None
    return target


def waiting(db: Path) -> list[Path]:
    """The pending files beside ``db`` (complete ones: a file is written under
    another name and renamed when whole)."""
    return sorted(p for p in db.parent.glob(f"{_prefix(db)}*.db") if p.is_file())


def discard(paths: list[Path]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink()
