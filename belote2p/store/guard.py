"""A database that cannot be used: moved aside (never deleted), and every row
that can still be read carried over into the fresh one.

Moving happens under the folder lock (``locks.folder_lock``).  Other
processes that still have the old file open notice on their next write (its
identity changed) and write what they know into the fresh file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from . import queries, rows
from .api import RunRow, SavedRun
from .connection import SIDE_SUFFIXES, StoreUnavailable, describe
from .schema import SCHEMA_VERSION, version_of

SIDE_FILES = SIDE_SUFFIXES
_RESUME_JUMPS = (1, 2, 8, 64, 512, 4096, 65536)  # rowids skipped past a damaged page


def move_aside(path: Path, reason: str) -> Path:
    """Rename the database and its side files to ``<db>.corrupt-<time>[-n]``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while any(Path(str(target) + s).exists() for s in ("", *SIDE_FILES)):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.rename(path, target)
    except OSError as exc:
        raise StoreUnavailable(
            f"the database {path} cannot be read ({reason}) and could not be moved "
            f"aside: {describe(exc)}") from None
    for suffix in SIDE_FILES:
        side = Path(str(path) + suffix)
        if side.exists():
            try:
                os.rename(side, Path(str(target) + suffix))
            except OSError:
                # the old file's journal must not be applied to the fresh one
                with contextlib.suppress(OSError):
                    side.unlink()
    return target


def keep_replaced(conn: sqlite3.Connection, path: Path,
                  identity: tuple[int, int] | None) -> Path | None:
    """A copy of the database ``conn`` has open, which is no longer the file
    at ``path`` (moved or copied over, or removed): ``<db>.replaced-<time>-i<inode>``,
    made through ``conn`` (SQLite's backup: its log included).  Once per file:
    the first process to notice keeps it (what others write to it after
    that, they write again into the new file).  None when it cannot be made."""
    inode = identity[1] if identity is not None else 0
    done = sorted(path.parent.glob(f"{path.name}.replaced-*-i{inode}"))
    if done:
        return done[0]
    target = path.with_name(f"{path.name}.replaced-{time.strftime('%Y%m%d-%H%M%S')}-i{inode}")
    try:
        copy = sqlite3.connect(target)
        try:
            conn.backup(copy)
        finally:
            copy.close()
    except (sqlite3.Error, OSError):
        with contextlib.suppress(OSError):
            target.unlink()
        return None
    return target


@dataclass
class Salvaged:
    """The rows read back from a damaged file (each checked by ``rows``)."""

    runs: list[RunRow] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)  # key -> JSON text
    last_name: str | None = None
    current: dict[str, tuple[str, str | None, SavedRun]] = field(default_factory=dict)
    records: list[tuple[str, str, int, int, str]] = field(default_factory=list)
    skipped: int = 0

    def count(self) -> int:
        return len(self.runs) + len(self.settings) + len(self.current) + len(self.records)


# Bounds on reading a damaged file, none of them a time: a damaged b-tree can
# send a scan round in circles (a child page pointing back, rowids out of
# order), so every loop here counts its steps.
MAX_ROWS = 1_000_000  # rows read from one table (a lifetime of play is far less)
MAX_RESUMES = 64  # restarts past a damaged page, per table; the jump doubles each time
SQLITE_STEPS = 50_000  # per table, in thousands of SQLite VM instructions (~1 s)


class _Budget:
    """SQLite's progress handler: aborts the statement under way (the read
    fails with "interrupted") once a table has used its instructions."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn, self.left = conn, SQLITE_STEPS
        conn.set_progress_handler(self._tick, 1000)

    def _tick(self) -> int:
        self.left -= 1
        return int(self.left < 0)

    @property
    def spent(self) -> bool:
        return self.left < 0

    def renew(self) -> None:
        self.left = SQLITE_STEPS


class _Seen:
    """The rows a scan gave already, and how many it read (bounded)."""

    def __init__(self) -> None:
        self.rows: set[tuple[Any, ...]] = set()
        self.steps = 0

    def new(self, row: tuple[Any, ...]) -> bool:
        """Is ``row`` (rowid first) new?  Raises ``_Done`` past MAX_ROWS."""
        self.steps += 1
        if self.steps > MAX_ROWS:
            raise _Done
        if row in self.rows:
            return False
        self.rows.add(row)
        return True


class _Done(Exception):
    """A scan read all it may."""


def _walk(conn: sqlite3.Connection, table: str, columns: str,
          seen: _Seen) -> Iterator[tuple[Any, ...]]:
    """The table's rows as its tree gives them, leaf after leaf, as the sqlite3
    shell reads them (no rowid seek: with rowids out of order a seek's binary
    search can step over whole pages the walk reads), until a read fails."""
    with contextlib.suppress(sqlite3.DatabaseError, OverflowError):
        for row in conn.execute(f"SELECT rowid, {columns} FROM {table} NOT INDEXED"):
            if seen.new(row):
                yield row


def _seek(conn: sqlite3.Connection, table: str, columns: str, seen: _Seen,
          budget: _Budget) -> Iterator[tuple[Any, ...]]:
    """The rows past a damaged page: in rowid order from a rowid past the last
    one read, the jump doubling while nothing new is found."""
    floor, high, jump = 0, 0, 1
    for _attempt in range(MAX_RESUMES + 1):
        found = False
        try:
            for row in conn.execute(f"SELECT rowid, {columns} FROM {table} NOT INDEXED "
                                    "WHERE rowid > ? ORDER BY rowid", (floor,)):
                if isinstance(row[0], int):
                    high = max(high, row[0])
                if seen.new(row):
                    found = True
                    yield row
            return
        except (sqlite3.DatabaseError, OverflowError):
            if budget.spent:
                return
            jump = 1 if found else jump * 2
            floor = max(floor, high) + jump
            if floor >= 2 ** 63:
                return


def _scan(conn: sqlite3.Connection, table: str, columns: str,
          budget: _Budget) -> Iterator[tuple[Any, ...]]:
    """Every row of ``table`` still readable, reading the table itself (``NOT
    INDEXED``: an index may be what is damaged): first the walk of its tree
    (``_walk``, all the shell reads), then the rowid seeks past damaged pages
    (``_seek``), which find rows behind a page the walk cannot read.  A row
    met twice (a damaged tree may show a page twice) is given once.  Bounded:
    MAX_ROWS rows, MAX_RESUMES restarts and the SQLite instructions of
    ``budget``, whatever the damage."""
    budget.renew()
    seen = _Seen()
    with contextlib.suppress(_Done):
        for row in _walk(conn, table, columns, seen):
            yield row[1:]
        if not budget.spent:
            for row in _seek(conn, table, columns, seen, budget):
                yield row[1:]


def _columns(conn: sqlite3.Connection, table: str, wanted: tuple[str, ...],
             defaults: dict[str, str]) -> str:
    have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
    return ", ".join(queries.capped(c) if c in have else defaults.get(c, "NULL")
                     for c in wanted)


_T = TypeVar("_T")


def _keep(salvaged: Salvaged, reader: Callable[[], _T]) -> _T | None:
    try:
        return reader()
    except rows.BadRow:
        salvaged.skipped += 1
        return None


def _run_or_its_record(raw: tuple[Any, ...]) -> RunRow:
    """A salvaged ``runs`` row: as stored when it passes its checks, else
    rebuilt from its record (seed, start, actions) when that is intact
    (``rows.run_from_record``): a damaged score or ``results`` no longer
    costs a run whose moves are all there (issue #44: 6 of 7 carried over)."""
    try:
        return rows.run_row(raw)
    except rows.BadRow:
        return rows.run_from_record(raw)


def salvage(moved: Path) -> Salvaged | None:
    """What can still be read of a moved-aside database; None when it is not a
    Belote 2P database of this version or older (nothing to carry over)."""
    out = Salvaged()
    kept_runs: set[tuple[str, str]] = set()
    try:
        conn = sqlite3.connect(f"{moved.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return None
    conn.text_factory = rows.decode_text
    try:
        if not 1 <= version_of(conn) <= SCHEMA_VERSION:
            return None
        budget = _Budget(conn)
        run_cols = _columns(conn, "runs", rows.RUN_COLUMNS,
                            {"ai": "0", "named": "1", "daily_counted": "0"})
        for raw in _scan(conn, "runs", run_cols, budget):  # the runs first: they matter most
            row = _keep(out, partial(_run_or_its_record, raw))
            if row is not None and row.key not in kept_runs:
                kept_runs.add(row.key)
                out.runs.append(row)
        for key, text in _scan(conn, "settings", queries.columns("key", "value"), budget):
            if _keep(out, partial(rows.setting, text)) is not None and isinstance(key, str):
                out.settings[key] = text
        for key, text in _scan(conn, "state", queries.columns("key", "value"), budget):
            if key == "last_name":
                out.last_name = _keep(out, partial(rows.name_value, text))
        for slot, kind, key, seed, started, actions in _scan(
                conn, "current_run",
                queries.columns("slot", "kind", "key", "seed", "started", "actions"), budget):
            saved = _keep(out, partial(rows.saved_run, (seed, started, actions)))
            if saved is not None and isinstance(slot, str) and kind in ("game", "autoplay"):
                owner_key = key if isinstance(key, str) else None
                out.current[slot] = (kind, owner_key, saved)
        records: dict[tuple[Any, ...], tuple[str, str, int, int, str]] = {}
        for raw in _scan(conn, "hand_records", queries.columns(
                "seed", "started", "match_index", "hand_index", "record"), budget):
            if _keep(out, partial(rows.record, raw[4])) is not None \
                    and all(isinstance(v, str) for v in raw[:2]) \
                    and all(isinstance(v, int) for v in raw[2:4]):
                records[raw[:4]] = raw
        out.records = list(records.values())
        return out
    except sqlite3.DatabaseError:
        return out if out.count() else None
    finally:
        conn.close()


def carry_over(conn: sqlite3.Connection, salvaged: Salvaged, owner: str, now: str) -> None:
    """Write the salvaged rows into the fresh database, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        write_salvaged(conn, salvaged, owner, now)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def write_salvaged(conn: sqlite3.Connection, salvaged: Salvaged, owner: str, now: str) -> None:
    """Write the salvaged rows, inside the caller's transaction."""
    for row in salvaged.runs:
        queries.insert_run(conn, row)
    for key, text in salvaged.settings.items():
        queries.put_setting(conn, key, text)
    if salvaged.last_name is not None:
        queries.put_state(conn, "last_name", salvaged.last_name)
    for slot, (kind, owner_key, saved) in salvaged.current.items():
        queries.put_current(conn, slot, kind, owner_key, owner, saved.seed, saved.started,
                            saved.actions, now)
    for seed, started, match_index, hand_index, text in salvaged.records:
        queries.put_record(conn, seed, started, match_index, hand_index, text)
