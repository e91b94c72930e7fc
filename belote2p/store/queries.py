"""The SQL the store runs, one small function a statement (or a few that
belong together).  Values read here are raw: ``store/rows.py`` checks them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import rows
from .api import BOARD_SIZE, HandDifference, HandKey, RunRow, replayed
from .figures import SUMMARY_COLUMNS, TALLY_COLUMNS, Tally, Totals, evenly_spread, figures_of
from .rows import MAX_DIFFERENCE, MAX_JSON_CHARS, MAX_TEXT_CHARS, RUN_COLUMNS, TOO_LONG_SQL
from .seals import hand_seal, seal_of_row

KEEP_RECORDS_OF = 50  # finished runs whose hand records are kept (besides the top 10)
RANK_ORDER = "score DESC, margin_total DESC, ended, id"
_JSON = ("results", "actions", "value", "record")  # the columns holding JSON
_TEXT = ("name", "started", "ended", "seed", "ai_key", "daily", "key", "kind", "slot", "owner")


def capped(column: str) -> str:
    """``column`` as selected: a value longer than its limit (``rows``) comes
    back as ``rows.TOO_LONG`` instead, so that SQLite measures it
    (``length``) and Python never loads it."""
    limit = MAX_JSON_CHARS if column in _JSON else MAX_TEXT_CHARS if column in _TEXT else 0
    if not limit:
        return column
    return f"CASE WHEN length({column}) > {limit} THEN {TOO_LONG_SQL} ELSE {column} END"


def columns(*names: str) -> str:
    return ", ".join(capped(name) for name in names)


RUN_SELECT = columns(*RUN_COLUMNS)


# -- settings and the store's own facts
def settings(conn: sqlite3.Connection) -> list[tuple[Any, Any]]:
    return conn.execute(f"SELECT {columns('key', 'value')} FROM settings").fetchall()


def put_setting(conn: sqlite3.Connection, key: str, text: str | None) -> None:
    if text is None:
        conn.execute("DELETE FROM settings WHERE key = ?", (key,))
    else:
        conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) "
                     "DO UPDATE SET value = excluded.value", (key, text))


def state(conn: sqlite3.Connection, key: str) -> Any:
    row = conn.execute(f"SELECT {capped('value')} FROM state WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def put_state(conn: sqlite3.Connection, key: str, value: Any) -> None:
    if value is None:
        conn.execute("DELETE FROM state WHERE key = ?", (key,))
    else:
        conn.execute("INSERT OR REPLACE INTO state (key, value) VALUES (?, ?)",
                     (key, json.dumps(value, ensure_ascii=False)))


# -- runs in progress
def current(conn: sqlite3.Connection, slot: str) -> tuple[Any, ...] | None:
    row: tuple[Any, ...] | None = conn.execute(
        f"SELECT {columns('seed', 'started', 'actions')} FROM current_run WHERE slot = ?",
        (slot,)).fetchone()
    return row


def slot_kind(conn: sqlite3.Connection, slot: str) -> tuple[Any, Any] | None:
    row: tuple[Any, Any] | None = conn.execute(
        "SELECT kind, key FROM current_run WHERE slot = ?", (slot,)).fetchone()
    return row


def slots(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT slot FROM current_run").fetchall()]


def put_current(conn: sqlite3.Connection, slot: str, kind: str, key: str | None, owner: str,
                seed: str, started: str, actions: Sequence[str], now: str) -> None:
    conn.execute(
        "INSERT INTO current_run (slot, kind, key, owner, seed, started, actions, updated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slot) DO UPDATE SET "
        "kind = excluded.kind, key = excluded.key, owner = excluded.owner, "
        "seed = excluded.seed, started = excluded.started, actions = excluded.actions, "
        "updated = excluded.updated",
        (slot, kind, key, owner, seed, started, json.dumps(list(actions)), now))


def drop_current(conn: sqlite3.Connection, slot: str) -> None:
    """The slot's row and the hand records of its unrecorded run."""
    conn.execute(
        "DELETE FROM hand_records WHERE run_id IS NULL AND EXISTS (SELECT 1 FROM "
        "current_run c WHERE c.slot = ? AND c.seed = hand_records.seed "
        "AND c.started = hand_records.started)", (slot,))
    conn.execute("DELETE FROM current_run WHERE slot = ?", (slot,))


def drop_current_of(conn: sqlite3.Connection, seed: str, started: str) -> None:
    conn.execute("DELETE FROM current_run WHERE seed = ? AND started = ?", (seed, started))


def autoplay_slots(conn: sqlite3.Connection, key: str, seed: str) -> list[tuple[Any, ...]]:
    return conn.execute(
        f"SELECT {columns('slot', 'owner', 'updated', 'seed', 'started', 'actions')} "
        "FROM current_run "
        "WHERE kind = 'autoplay' AND key = ? AND seed = ? ORDER BY updated DESC",
        (key, seed)).fetchall()


def set_owner(conn: sqlite3.Connection, slot: str, owner: str) -> None:
    conn.execute("UPDATE current_run SET owner = ? WHERE slot = ?", (owner, slot))


# -- finished runs
def recorded(conn: sqlite3.Connection, seed: str, started: str) -> bool:
    return conn.execute("SELECT 1 FROM runs WHERE seed = ? AND started = ?",
                        (seed, started)).fetchone() is not None


def ai_entry(conn: sqlite3.Connection, ai_key: str, seed: str) -> int | None:
    row = conn.execute("SELECT id FROM runs WHERE ai_key = ? AND seed = ?",
                       (ai_key, seed)).fetchone()
    return row[0] if row else None


def insert_run(conn: sqlite3.Connection, row: RunRow) -> int:
    """Insert a finished run (once per seed and start, once per autoplay command
    and seed) and give it its hand records; returns its id."""
    if row.ai_key is not None:
        known = ai_entry(conn, row.ai_key, row.seed)
        if known is not None:
            if not _counted(conn, row) or _counted_entry(conn, known):
                return known
            # Two runs of one autoplay command on one day's seed: the day's
            # counted attempt is the entry kept, whichever was recorded first
            # (issue #44: the practice twin recorded first took the counted
            # run's place, and the day's board stayed empty).
            conn.execute("DELETE FROM runs WHERE id = ?", (known,))
    conn.execute(
        "INSERT INTO runs (name, score, streak, margin_total, level, matches, started, "
        "ended, seed, abandoned, named, results, ai, ai_key, actions, daily, daily_counted) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (seed, started) DO UPDATE SET name = excluded.name, named = 1 "
        "WHERE runs.named = 0 AND excluded.named = 1",
        (row.name, row.score, row.streak, row.margin_total, row.level, row.matches,
         row.started, row.ended, row.seed, int(row.abandoned), int(row.named),
         json.dumps(list(row.results)), int(row.ai), row.ai_key,
         None if row.actions is None else json.dumps(list(row.actions)), row.daily,
         int(_counted(conn, row))))
    real = conn.execute("SELECT id FROM runs WHERE seed = ? AND started = ?",
                        row.key).fetchone()[0]
    conn.execute("UPDATE hand_records SET run_id = ? WHERE seed = ? AND started = ?",
                 (real, *row.key))
    count_missing_figures(conn, real)  # its figures, counted once
    return int(real)


def _counted(conn: sqlite3.Connection, row: RunRow) -> bool:
    """Does this run count on its day's board?  It holds the day's claim (or,
    carried over from a moved-aside file, it was counted there)."""
    if row.daily is None:
        return False
    if row.daily_counted:
        return True
    return daily_claim(conn, row.daily) == row.key


def _counted_entry(conn: sqlite3.Connection, entry_id: int) -> bool:
    found = conn.execute("SELECT daily_counted FROM runs WHERE id = ?", (entry_id,)).fetchone()
    return found is not None and found[0] == 1


def run_rows(conn: sqlite3.Connection, best_first: bool = False,
             ai: bool | None = None) -> list[tuple[Any, ...]]:
    """Every ``runs`` row in ``RUN_COLUMNS`` order: by id, or best (stored) first;
    ``ai`` True or False: only the autoplay runs, or only the player's."""
    order = RANK_ORDER if best_first else "id"
    where, args = ("", ()) if ai is None else ("WHERE ai = ? ", (int(ai),))
    return conn.execute(f"SELECT {RUN_SELECT} FROM runs {where}ORDER BY {order}",
                        args).fetchall()


def run_row_by_id(conn: sqlite3.Connection, entry_id: int) -> tuple[Any, ...] | None:
    row: tuple[Any, ...] | None = conn.execute(
        f"SELECT {RUN_SELECT} FROM runs WHERE id = ?", (entry_id,)).fetchone()
    return row


# -- the daily challenge
def daily_claim(conn: sqlite3.Connection, day: str) -> tuple[Any, ...] | None:
    row: tuple[Any, ...] | None = conn.execute(
        "SELECT seed, started FROM daily_claims WHERE day = ?", (day,)).fetchone()
    return row


def claim_daily(conn: sqlite3.Connection, day: str, seed: str, started: str) -> None:
    """Claim the day for this run unless it is claimed, or a counted run of
    that day is on record (carried over from a moved-aside file)."""
    conn.execute(
        "INSERT OR IGNORE INTO daily_claims (day, seed, started) SELECT ?, ?, ? "
        "WHERE NOT EXISTS (SELECT 1 FROM runs WHERE daily = ? AND daily_counted = 1)",
        (day, seed, started, day))


def daily_counted_rows(conn: sqlite3.Connection, day: str) -> list[tuple[Any, ...]]:
    return conn.execute(f"SELECT {RUN_SELECT} FROM runs WHERE daily = ? AND daily_counted = 1 "
                        f"ORDER BY {RANK_ORDER}", (day,)).fetchall()


# -- hand records
def put_record(conn: sqlite3.Connection, seed: str, started: str, match_index: int,
               hand_index: int, text: str) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO hand_records (seed, started, match_index, hand_index, "
        "run_id, record) VALUES (?, ?, ?, ?, (SELECT id FROM runs WHERE seed = ? "
        "AND started = ?), ?)", (seed, started, match_index, hand_index, seed, started, text))


def records_of_entry(conn: sqlite3.Connection, entry_id: int) -> list[tuple[Any, ...]]:
    return conn.execute(f"SELECT match_index, hand_index, {capped('record')} FROM hand_records "
                        "WHERE run_id = ?", (entry_id,)).fetchall()


def records_of_run(conn: sqlite3.Connection, seed: str, started: str) -> list[tuple[Any, ...]]:
    return conn.execute(f"SELECT match_index, hand_index, {capped('record')} FROM hand_records "
                        "WHERE seed = ? AND started = ?", (seed, started)).fetchall()


def prune_records(conn: sqlite3.Connection) -> None:
    """Keep the records of the latest finished runs and of the top 10."""
    conn.execute(
        "DELETE FROM hand_records WHERE run_id IS NOT NULL "
        f"AND run_id NOT IN (SELECT id FROM runs ORDER BY id DESC LIMIT {KEEP_RECORDS_OF}) "
        f"AND run_id NOT IN (SELECT id FROM runs ORDER BY {RANK_ORDER} LIMIT {BOARD_SIZE})")


# -- a finished run's figures (schema version 4, ``store/figures.py``)
_FIGURE_COLUMNS = ("run_id", *SUMMARY_COLUMNS, "altered", "ai", "started", *TALLY_COLUMNS)
_PUT_FIGURES = (f"INSERT OR REPLACE INTO run_figures ({', '.join(_FIGURE_COLUMNS)}) "
                f"VALUES ({', '.join('?' for _ in _FIGURE_COLUMNS)})")
# the ids are read from an index (runs_started holds them), not from the runs' fat rows
_WITHOUT_FIGURES = ("id IN (SELECT id FROM runs INDEXED BY runs_started "
                    "WHERE id NOT IN (SELECT run_id FROM run_figures))")
_OWN_FIGURES_MISSING = ("actions IS NOT NULL AND NOT EXISTS "
                        "(SELECT 1 FROM run_figures f WHERE f.run_id = runs.id)")
# Schema 4 counts the figures of the runs already there a batch a transaction
# (issue #31: one transaction of some 30 s for 10,000 runs held every other
# process's writes): ``state.figures_from`` is the id after which runs may
# still lack them, until none do.  Whoever opens the folder goes on with it.
FIGURES_FROM = "figures_from"
FIGURES_BATCH = 200  # runs a transaction: some 0.6 s, then other processes write
# seconds between two batches: SQLite's busy handler retries every 100 ms at
# most, and a writer that never finds the lock free between two batches
# would wait for the whole count (seen: the lock taken again at once)
FIGURES_PAUSE = 0.1


def count_missing_figures(conn: sqlite3.Connection, entry_id: int | None = None) -> int:
    """Count and keep the figures of the runs that have none (of run
    ``entry_id`` only, when given): each row checked (``rows.run_row``) and
    its actions replayed.  A row that fails its check, or kept without its
    actions, gets none: it is read and judged as before version 4.  Returns
    how many runs got their figures."""
    where = f"actions IS NOT NULL AND {_WITHOUT_FIGURES}"
    args: tuple[Any, ...] = ()
    if entry_id is not None:  # one run: its own figures looked up, not every run's
        where, args = f"id = ? AND {_OWN_FIGURES_MISSING}", (entry_id,)
    found = conn.execute(f"SELECT {RUN_SELECT} FROM runs WHERE {where} ORDER BY id", args)
    return _count_figures(conn, found.fetchall())


@dataclass(frozen=True)
class FiguresBatch:
    """A batch of schema 4's counting as read (``figures_batch``): the mark it
    starts after (``FIGURES_FROM``, as stored), and the ``runs`` rows
    (``RUN_COLUMNS``) lacking figures after it, by id."""

    mark: Any
    after: int
    rows: list[tuple[Any, ...]]
    limit: int

    @property
    def more(self) -> bool:
        """May runs after this batch still lack their figures?"""
        return len(self.rows) == self.limit


def figures_batch(conn: sqlite3.Connection, limit: int | None = None) -> FiguresBatch | None:
    """The next batch of schema 4's counting (``limit`` runs, ``FIGURES_BATCH``),
    or None when every run is counted.  A read: the replay is done after it
    (``replay_batch``), without a transaction, and the figures written by
    ``keep_figures_batch``."""
    limit = FIGURES_BATCH if limit is None else limit
    mark = state(conn, FIGURES_FROM)
    if mark is None:
        return None
    try:
        after = int(mark)
    except (TypeError, ValueError):
        after = 0  # not a mark of ours: from the start (counting twice counts nothing)
    found = conn.execute(f"SELECT {RUN_SELECT} FROM runs WHERE id > ? AND "
                         f"{_OWN_FIGURES_MISSING} ORDER BY id LIMIT ?", (after, limit)).fetchall()
    return FiguresBatch(mark, after, [tuple(raw) for raw in found], limit)


Counted = list[tuple[tuple[Any, ...], tuple[Any, ...]]]  # (the row as read, its figures' values)


def replay_batch(batch: FiguresBatch,
                 stopping: Callable[[], bool] = lambda: False) -> Counted | None:
    """The figures of each of the batch's rows, replayed (no connection: the
    store's lock is not held meanwhile); None when ``stopping()`` said so
    (checked before each run).  A row that fails its check, or kept without
    its actions, gets none: it is read and judged as before version 4."""
    out: Counted = []
    for raw in batch.rows:
        if stopping():
            return None
        values = _figure_values(raw)
        if values is not None:
            out.append((raw, values))
    return out


def keep_figures_batch(conn: sqlite3.Connection, batch: FiguresBatch, counted: Counted) -> bool:
    """Write a replayed batch's figures, in the caller's (short) transaction,
    and move ``FIGURES_FROM`` past it; True while more runs may remain.  Only
    the rows unchanged since they were read get figures: each is read again
    here, under the write lock, so a row changed meanwhile (a rename, an edit:
    its triggers ran before this transaction) gets none and is judged by its
    replay, as a row changed after its figures were counted is.  When the
    mark moved meanwhile (another process counted this batch), nothing is
    written: the caller reads the next batch from the new mark."""
    if state(conn, FIGURES_FROM) != batch.mark:
        return state(conn, FIGURES_FROM) is not None
    if batch.rows:
        now = {raw[0]: tuple(raw) for raw in conn.execute(
            f"SELECT {RUN_SELECT} FROM runs WHERE id > ? AND id <= ? AND "
            f"{_OWN_FIGURES_MISSING}", (batch.after, batch.rows[-1][0]))}
        for raw, values in counted:
            if now.get(raw[0]) == raw:
                conn.execute(_PUT_FIGURES, values)
    put_state(conn, FIGURES_FROM, batch.rows[-1][0] if batch.more else None)
    return batch.more


def _count_figures(conn: sqlite3.Connection, found: list[Any]) -> int:
    counted = 0
    for raw in found:
        values = _figure_values(raw)
        if values is not None:
            conn.execute(_PUT_FIGURES, values)
            counted += 1
    return counted


def _figure_values(raw: Sequence[Any]) -> tuple[Any, ...] | None:
    """A ``runs`` row's figures (``_FIGURE_COLUMNS``), by replaying its
    actions; None for a row that fails its check (reported by the readers,
    as before) or kept without its actions."""
    try:
        row = replayed(rows.run_row(raw))
    except rows.BadRow:
        return None
    if row.actions is None:
        return None
    figures = figures_of(row.seed, row.actions, row.abandoned)
    return (row.id, *(getattr(figures, k) for k in SUMMARY_COLUMNS), int(row.altered),
            int(row.ai), row.started, *figures.tally.columns)


def _ai_filter(ai: bool | None, table: str = "runs") -> tuple[str, tuple[Any, ...]]:
    return ("1", ()) if ai is None else (f"{table}.ai = ?", (int(ai),))


def figure_totals(conn: sqlite3.Connection, ai: bool | None = None) -> Totals:
    """The figures of every run that has them, summed by SQLite (``ai`` True
    or False: only the autoplay runs, or only the player's)."""
    where, args = _ai_filter(ai, "+run_figures")  # "+": a plain scan, not the plot's index
    sums = ", ".join(f"SUM({name})" for name in TALLY_COLUMNS)
    found = conn.execute(
        f"SELECT COUNT(*), MAX(streak), MAX(score), {sums} FROM run_figures WHERE {where}",
        args).fetchone()
    return Totals(runs=int(found[0]), best_streak=int(found[1] or 0),
                  best_score=int(found[2] or 0), tally=Tally.from_columns(tuple(found[3:])))


def rows_without_figures(conn: sqlite3.Connection, ai: bool | None = None
                         ) -> list[tuple[Any, ...]]:
    """The ``runs`` rows (``RUN_COLUMNS``) that have no figures: kept without
    actions, damaged, or edited since their figures were counted."""
    where, args = _ai_filter(ai)
    return conn.execute(f"SELECT {RUN_SELECT} FROM runs WHERE {_WITHOUT_FIGURES} AND {where} "
                        "ORDER BY id", args).fetchall()


def newest_without_figures(conn: sqlite3.Connection, before: tuple[str, int] | None
                           ) -> list[tuple[Any, ...]]:
    """The same, newest first (by start, then id, as ``listed_runs``): those
    listed after the run of that (start, id) when ``before`` is given.  A
    page of History replays only as many as it shows (while schema 4's count
    is under way, most runs have no figures)."""
    where, args = "1", ()  # type: tuple[str, tuple[Any, ...]]
    if before is not None:
        where, args = "(started, id) < (?, ?)", before
    return conn.execute(f"SELECT {RUN_SELECT} FROM runs WHERE {_WITHOUT_FIGURES} AND {where} "
                        "ORDER BY started DESC, id DESC", args).fetchall()


RANKED_PAGE = 32  # ids read at a time while the board walks the runs, best stored first


def ranked_runs(conn: sqlite3.Connection, ai: bool | None = None) -> Iterator[tuple[Any, ...]]:
    """Every ``runs`` row (``RUN_COLUMNS``), best stored figures first
    (``RANK_ORDER``, the ``runs_rank`` index), each read when the caller asks
    for it: the board replays them in this order and stops at its size
    (issue #44: the stored figures only order the walk; the replay decides).
    Their ids are read a page at a time, so a board of 10 reads some 32 rows
    of 100,000."""
    where, args = _ai_filter(ai)
    after = 0
    while True:
        ids = [found for (found,) in conn.execute(
            f"SELECT id FROM runs WHERE {where} ORDER BY {RANK_ORDER} LIMIT ? OFFSET ?",
            args + (RANKED_PAGE, after))]
        for entry_id in ids:
            row = run_row_by_id(conn, entry_id)
            if row is not None:
                yield row
        if len(ids) < RANKED_PAGE:
            return
        after += RANKED_PAGE


def figure_scores(conn: sqlite3.Connection, ai: bool | None = None,
                  most: int | None = None) -> list[tuple[Any, ...]]:
    """(started, score) of the runs that have figures, oldest first (by start,
    then id), the figures' score; with ``most``: only that many, evenly
    spread (``figures.evenly_spread``), the starts read for those only."""
    where, args = _ai_filter(ai, "run_figures")
    order = f"FROM run_figures WHERE {where} ORDER BY started, run_id"
    if most is None:
        return conn.execute(f"SELECT started, score {order}", args).fetchall()
    ranked = conn.execute(f"SELECT run_id, score {order}", args).fetchall()  # numbers only
    picked = [ranked[i] for i in evenly_spread(len(ranked), most)]
    starts = dict(conn.execute(
        f"SELECT run_id, started FROM run_figures WHERE run_id IN "
        f"({', '.join('?' for _ in picked)})", [run_id for run_id, _score in picked]))
    return [(starts.get(run_id), score) for run_id, score in picked]


# -- each hand compared with level 4 in the player's seat (schema versions 5, 6)
def put_differences(conn: sqlite3.Connection, seed: str, started: str, yardstick: str,
                    hands: dict[HandKey, HandDifference]) -> None:
    conn.executemany(
        "INSERT OR REPLACE INTO hand_skill (seed, started, match_index, hand_index, yardstick, "
        "yours, rival, proof) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(seed, started, match, hand, yardstick, d.yours, d.rival,
          hand_seal(seed, started, yardstick, match, hand, d.yours, d.rival))
         for (match, hand), d in sorted(hands.items())])


# A kept comparison counts when its numbers are a hand's (``rows.MAX_DIFFERENCE``:
# no SUM can overflow), its seal holds (``store/seals.py``: not written around
# the store) and, for a finished run, it is one of the run's finished hands (a
# match is two hands: the k-th finished hand is (k // 2, k % 2), k < hands).
_IN_RANGE = (f"typeof(s.yours) = 'integer' AND typeof(s.rival) = 'integer' "
             f"AND s.yours BETWEEN -{MAX_DIFFERENCE} AND {MAX_DIFFERENCE} "
             f"AND s.rival BETWEEN -{MAX_DIFFERENCE} AND {MAX_DIFFERENCE}")
_SEALED = f"{_IN_RANGE} AND s.proof = {seal_of_row('s')}"
_OF_ITS_RUN = ("typeof(s.match_index) = 'integer' AND s.match_index >= 0 "
               "AND s.hand_index IN (0, 1) AND 2 * s.match_index + s.hand_index < f.hands")
_COUNTED = f"{_OF_ITS_RUN} AND {_SEALED}"


def differences_of(conn: sqlite3.Connection, seed: str, started: str,
                   yardstick: str) -> list[tuple[Any, ...]]:
    """The run's kept comparisons whose seal holds (the caller keeps only
    the run's own hands: a run in progress has no stored figures)."""
    return conn.execute("SELECT s.match_index, s.hand_index, s.yours, s.rival FROM hand_skill s "
                        f"WHERE s.seed = ? AND s.started = ? AND s.yardstick = ? AND {_SEALED}",
                        (seed, started, yardstick)).fetchall()


def _kept(yardstick: str, ai: bool | None) -> tuple[str, tuple[Any, ...]]:
    """FROM and WHERE: the hands kept with ``yardstick`` of the runs with stored figures."""
    where, args = _ai_filter(ai, "f")
    return ("FROM run_figures f JOIN runs r ON r.id = f.run_id "
            "JOIN hand_skill s ON s.seed = r.seed AND s.started = r.started "
            f"AND s.yardstick = ? WHERE {where}"), (yardstick, *args)


def kept_differences(conn: sqlite3.Connection, yardstick: str,
                     ai: bool | None = None) -> list[tuple[Any, ...]]:
    """(yours,) of every hand kept with ``yardstick`` that counts (``_COUNTED``)."""
    source, args = _kept(yardstick, ai)
    return conn.execute(f"SELECT s.yours {source} AND {_COUNTED}", args).fetchall()


def difference_sums(conn: sqlite3.Connection, yardstick: str,
                    ai: bool | None = None) -> tuple[Any, ...]:
    """(count, sum, sum of squares) of ``kept_differences``, and how many kept
    rows do not count (``_COUNTED``: out of range, unsealed, not a hand of
    their run)."""
    source, args = _kept(yardstick, ai)
    found: tuple[Any, ...] = conn.execute(
        f"SELECT COUNT(*), SUM(s.yours), SUM(s.yours * s.yours) {source} AND {_COUNTED}",
        args).fetchone()
    (every,) = conn.execute(f"SELECT COUNT(*) {source}", args).fetchone()
    return (*found, every - found[0])


def runs_missing_differences(conn: sqlite3.Connection, yardstick: str,
                             ai: bool | None = None) -> list[tuple[Any, ...]]:
    """(id,) of the runs with stored figures that count more finished hands
    than differences kept with ``yardstick`` that count (``_COUNTED``)."""
    where, args = _ai_filter(ai, "f")
    return conn.execute(
        "SELECT f.run_id FROM run_figures f JOIN runs r ON r.id = f.run_id "
        f"WHERE {where} AND f.hands > (SELECT COUNT(*) FROM hand_skill s WHERE "
        f"s.seed = r.seed AND s.started = r.started AND s.yardstick = ? AND {_COUNTED}) "
        "ORDER BY f.run_id", (*args, yardstick)).fetchall()


# History's list: what a row shows, and its figures (no actions, no results)
LISTED_COLUMNS = ("id", "name", "started", "ended", "seed", "abandoned", "ai",
                  "actions IS NOT NULL", "daily", "daily_counted")


def listed_runs(conn: sqlite3.Connection, before: tuple[str, int] | None = None,
                limit: int | None = None) -> list[tuple[Any, ...]]:
    """The runs that have figures, newest first (by start, then id):
    ``LISTED_COLUMNS`` then the figures' score, streak, margin total and
    altered.  ``before``: only those listed after the run of that (start,
    id), a page's last; ``limit``: at most that many."""
    where, args = "1", ()  # type: tuple[str, tuple[Any, ...]]
    if before is not None:
        where, args = "(runs.started, runs.id) < (?, ?)", before
    shown = ", ".join(f"runs.{c}" for c in LISTED_COLUMNS)
    return _decoded_in_c(
        conn, f"SELECT {shown}, f.score, f.streak, f.margin_total, f.altered FROM runs "
        f"JOIN run_figures f ON f.run_id = runs.id WHERE {where} "
        f"ORDER BY runs.started DESC, runs.id DESC{'' if limit is None else ' LIMIT ?'}",
        args + (() if limit is None else (limit,)))


_NOT_UTF8 = "Could not decode to UTF-8"  # how sqlite3 says a text is not UTF-8


def _decoded_in_c(conn: sqlite3.Connection, sql: str,
                  args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """``conn.execute(sql, args).fetchall()`` with its texts decoded by sqlite3
    itself (strict UTF-8, 0.2 s less for 100,000 runs than a ``text_factory``
    called for each text); if one is not UTF-8, the query is read again with
    the connection's own ``rows.decode_text``, so a damaged value still costs
    its row only, as everywhere else."""
    factory = conn.text_factory
    conn.text_factory = str
    try:
        return conn.execute(sql, args).fetchall()
    except sqlite3.OperationalError as exc:
        if not str(exc).startswith(_NOT_UTF8):
            raise
    finally:
        conn.text_factory = factory
    return conn.execute(sql, args).fetchall()
