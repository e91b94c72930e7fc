"""The database schema, versioned with ``PRAGMA user_version``.

``MIGRATIONS`` lists every step from an empty file; step N brings a version
N-1 database to version N.  A database is only ever moved forward, one step
per transaction, so a crash in the middle of a migration leaves it at the last
complete version.  Never edit a released step: add the next one.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Sequence
from typing import TypeAlias

from .figures import TALLY_COLUMNS
from .queries import FIGURES_FROM, put_state
from .seals import register, seal_of_row

Step: TypeAlias = Sequence[str] | Callable[[sqlite3.Connection], None]

# Version 4: the figures of each finished run (``store/figures.py``), counted
# by replaying its actions once: statistics, History's list and the
# leaderboard sum or read them instead of replaying every run.  Any change to
# a ``runs`` row, or to its figures, deletes its figures (the triggers), so an
# edited run is read, checked and replayed again as before version 4.
FIGURES_SCHEMA = (
    "CREATE TABLE run_figures ("
    " run_id INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,"
    " score INTEGER NOT NULL, streak INTEGER NOT NULL, margin_total INTEGER NOT NULL,"
    " level INTEGER NOT NULL, matches INTEGER NOT NULL,"
    " altered INTEGER NOT NULL,"  # 1: the stored figures are not the actions' (edited)
    # the run's own, copied so that the sums and the plot never read the runs
    # table (its rows hold the actions): a change to the run deletes them anyway
    " ai INTEGER NOT NULL, started TEXT NOT NULL,"
    + "".join(f" {name} INTEGER NOT NULL," for name in TALLY_COLUMNS).rstrip(",") + ")",
    # the plot: the runs in order, their scores read from the index alone
    "CREATE INDEX run_figures_series ON run_figures (ai, started, run_id, score)",
    "CREATE INDEX runs_started ON runs (started, id)",  # History's pages, newest first
    "CREATE TRIGGER runs_edited AFTER UPDATE ON runs "
    "BEGIN DELETE FROM run_figures WHERE run_id = old.id; END",
    "CREATE TRIGGER runs_removed AFTER DELETE ON runs "
    "BEGIN DELETE FROM run_figures WHERE run_id = old.id; END",
    "CREATE TRIGGER run_figures_edited AFTER UPDATE ON run_figures "
    "BEGIN DELETE FROM run_figures WHERE run_id = old.run_id; END",
)


def _figures_step(conn: sqlite3.Connection) -> None:
    """Make ``run_figures``; the figures of the runs already there are counted
    after, a batch a transaction (``queries.FIGURES_FROM``), so that other
    processes go on writing meanwhile and a crash loses one batch at most."""
    for statement in FIGURES_SCHEMA:
        conn.execute(statement)
    put_state(conn, FIGURES_FROM, 0)


def _hand_skill_step(conn: sqlite3.Connection) -> None:
    """Version 5 (issue #32): each finished hand's difference with level 4 in
    the player's seat (``services.duplicate``): ``yours``, the player's points
    minus level 4's from that seat, ``rival``, the rival's points against the
    player minus against level 4, and ``yardstick``, the version of level 4
    (and of the rival's rule) they were measured with, so that a later level 4
    is never mixed in.  Keyed like ``hand_records`` by the run's seed and
    start, so a hand of the run in progress is kept as soon as it is compared.
    Derived numbers (the services compute them), dropped by the triggers when
    the run's seed, start or moves change or its row goes, and when a
    difference itself is changed: an edited run's are computed again or shown
    missing, never trusted.  Nothing to count for the runs already there:
    their differences are computed later (``belote2p stats --json --skill``,
    History)."""
    same_run = ("DELETE FROM hand_skill WHERE (seed = old.seed AND started = old.started) "
                "OR (seed = new.seed AND started = new.started);")
    for statement in (
        "CREATE TABLE hand_skill ("
        " seed TEXT NOT NULL, started TEXT NOT NULL,"
        " match_index INTEGER NOT NULL, hand_index INTEGER NOT NULL,"
        " yardstick TEXT NOT NULL, yours INTEGER NOT NULL, rival INTEGER NOT NULL,"
        " PRIMARY KEY (seed, started, yardstick, match_index, hand_index)) WITHOUT ROWID",
        # a rename (a run dropped unnamed, then named) keeps them: they follow the moves
        f"CREATE TRIGGER runs_replayed_skill AFTER UPDATE OF seed, started, actions ON runs "
        f"BEGIN {same_run} END",
        "CREATE TRIGGER runs_removed_skill AFTER DELETE ON runs BEGIN DELETE FROM hand_skill "
        "WHERE seed = old.seed AND started = old.started; END",
        f"CREATE TRIGGER hand_skill_edited AFTER UPDATE ON hand_skill BEGIN {same_run} END",
    ):
        conn.execute(statement)


HAND_SKILL_EDITED = ("CREATE TRIGGER hand_skill_edited AFTER UPDATE ON hand_skill BEGIN "
                     "DELETE FROM hand_skill WHERE (seed = old.seed AND started = old.started) "
                     "OR (seed = new.seed AND started = new.started); END")


def _sealed_skill_step(conn: sqlite3.Connection) -> None:
    """Version 6 (issue #44): each kept hand comparison carries its seal
    (``store/seals.py``), and readers count only the rows whose seal holds:
    ``INSERT OR REPLACE`` fires no trigger, so a forged or phantom row raised
    the skill figure.  The rows already kept are sealed as they are (they were
    believed until now); the trigger that drops a run's comparisons when one
    is updated is lifted meanwhile, and set again."""
    register(conn)  # whoever migrates (a pending file's connection too) seals
    conn.execute("ALTER TABLE hand_skill ADD COLUMN proof INTEGER")
    conn.execute("DROP TRIGGER IF EXISTS hand_skill_edited")
    conn.execute(f"UPDATE hand_skill SET proof = {seal_of_row('hand_skill')}")
    conn.execute(HAND_SKILL_EDITED)


MIGRATIONS: list[tuple[int, str, Step]] = [
    (1, "initial schema", [
        # key -> JSON value
        """CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL)""",
        # the store's own small facts (the last name entered, ...), JSON values
        """CREATE TABLE state (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL)""",
        # runs in progress: 'game' is the player's; autoplay runs have their own
        # slots, with ``key`` (level/seed/name/max) and ``owner`` (host:pid) so
        # a killed autoplay can be resumed by the next identical command
        """CREATE TABLE current_run (
            slot    TEXT PRIMARY KEY,
            kind    TEXT NOT NULL DEFAULT 'game',
            key     TEXT,
            owner   TEXT,
            seed    TEXT NOT NULL,
            started TEXT NOT NULL,
            actions TEXT NOT NULL,      -- JSON list of action words
            updated TEXT NOT NULL)""",
        # every finished run (the leaderboard is its top 10)
        """CREATE TABLE runs (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            name         TEXT NOT NULL,
            score        INTEGER NOT NULL,
            streak       INTEGER NOT NULL,
            margin_total INTEGER NOT NULL,
            level        INTEGER NOT NULL,  -- highest rival level faced
            matches      INTEGER NOT NULL,  -- an abandoned match counts
            started      TEXT NOT NULL,
            ended        TEXT NOT NULL,
            seed         TEXT NOT NULL,
            abandoned    INTEGER NOT NULL DEFAULT 0,
            named        INTEGER NOT NULL DEFAULT 1,  -- 0: recorded by the store when the
                                                      -- run was dropped; a later explicit
                                                      -- record may still name it
            results      TEXT NOT NULL DEFAULT '[]',  -- JSON, one object a match
            UNIQUE (seed, started))""",
        "CREATE INDEX runs_rank ON runs (score DESC, margin_total DESC, ended, id)",
        # the engine's hand records (record.record_of) of finished hands, for
        # the run in progress (run_id NULL) and recent finished runs
        """CREATE TABLE hand_records (
            seed        TEXT NOT NULL,
            started     TEXT NOT NULL,
            match_index INTEGER NOT NULL,
            hand_index  INTEGER NOT NULL,
            run_id      INTEGER REFERENCES runs (id) ON DELETE CASCADE,
            record      TEXT NOT NULL,
            PRIMARY KEY (seed, started, match_index, hand_index))""",
        "CREATE INDEX hand_records_run ON hand_records (run_id)",
    ]),
    (2, "AI runs are marked; one entry per autoplay command", [
        # ai: played by ``belote2p autoplay``; ai_key: the command (level, name,
        # max matches) so that running it again with the same seed adds nothing
        "ALTER TABLE runs ADD COLUMN ai INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE runs ADD COLUMN ai_key TEXT",
        "CREATE UNIQUE INDEX runs_ai_key ON runs (ai_key, seed) WHERE ai_key IS NOT NULL",
    ]),
    (3, "finished runs keep their actions; the daily challenge", [
        # actions: JSON list of action words (NULL: recorded before version 3,
        # listed but not exportable); daily: the challenge's date (YYYY-MM-DD)
        # when the seed is a daily seed; daily_counted: 1 for the day's first
        # attempt, the one on that day's board
        "ALTER TABLE runs ADD COLUMN actions TEXT",
        "ALTER TABLE runs ADD COLUMN daily TEXT",
        "ALTER TABLE runs ADD COLUMN daily_counted INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX runs_daily ON runs (daily) WHERE daily IS NOT NULL",
        # the first attempt of each day, claimed when that run starts (the
        # primary key makes the claim atomic across processes)
        """CREATE TABLE daily_claims (
            day     TEXT PRIMARY KEY,
            seed    TEXT NOT NULL,
            started TEXT NOT NULL)""",
    ]),
    (4, "a finished run's figures, counted once", _figures_step),
    (5, "each hand's difference with level 4 in the player's seat", _hand_skill_step),
    (6, "each kept hand comparison sealed", _sealed_skill_step),
]

SCHEMA_VERSION = MIGRATIONS[-1][0]
# The tables whose rows are the player's (a damaged file's rows are carried
# over from these; ``run_figures`` is derived, and recounted as runs are).
TABLES = ("settings", "state", "current_run", "runs", "hand_records", "daily_claims")


class NewerSchema(Exception):
    """The database was written by a newer version of the game."""


def version_of(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(conn: sqlite3.Connection,
            migrations: Sequence[tuple[int, str, Step]] | None = None) -> int:
    """Bring ``conn`` (autocommit mode) to the latest version; returns it.

    Raises ``NewerSchema`` for a version this code does not know, and lets
    ``sqlite3.DatabaseError`` through for a database that is not ours."""
    migrations = MIGRATIONS if migrations is None else migrations
    latest = migrations[-1][0]
    version = version_of(conn)
    if version > latest:
        raise NewerSchema(f"schema version {version}, newer than this game's {latest}")
    for number, _what, step in migrations:
        if number <= version:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = version_of(conn)  # another process may have migrated meanwhile
            if current < number:
                if callable(step):
                    step(conn)
                else:
                    for statement in step:
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {int(number)}")
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise
        version = number
    return version


def missing_tables(conn: sqlite3.Connection) -> list[str]:
    have = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [t for t in TABLES if t not in have]


def _rollback(conn: sqlite3.Connection) -> None:
    with contextlib.suppress(sqlite3.Error):
        conn.execute("ROLLBACK")
