"""The server's database: its tables (SQLAlchemy Core) and how it is opened.

SQLite by default (a file in the user data folder: WAL, ``synchronous=FULL``,
every write transaction ``BEGIN IMMEDIATE`` so two writers queue instead of
failing halfway, every read a deferred ``BEGIN`` that waits for no one),
PostgreSQL by URL (``postgresql+psycopg://...``), where any number of workers
share one database and keep no state of their own.  The
schema is made by the Alembic migrations in ``migrations/`` only
(``migrate.py``); these tables are the code's view of it and a test checks the
two agree.

What the tables hold, and the constraints the referee's promises rest on:

- ``days``: one row per UTC day, made ahead: the secret, its commitment, the
  engine and level version the day is played with, and, once closed, the close
  time and the transcript digest.  The secret leaves the database only once
  ``closed_at`` is set.
- ``accounts``: an immutable random id (what seeds the deals), the display
  name and its NFKC + casefold key (unique), the token's and recovery code's
  SHA-256 (unique): never the token itself.
- ``runs``: unique (account, day): the one counted run of an account's day.
- ``actions``: one row per answered action, unique (run, seq): the player's
  word, the rival's replies, the receipt and the answer sent, written before
  the answer leaves.
- ``skill_jobs``: a finished hand to compare with level 4 in the player's
  seat, enqueued in the transaction of the hand's last action.
- ``rate_hits``: the rate limiter's counters, where every worker sees them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Connection

metadata = MetaData()

days = Table(
    "days", metadata,
    Column("day", Date, primary_key=True),
    Column("secret", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("engine", Text, nullable=False),  # rival and level version, never changed mid-day
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("closed_at", DateTime(timezone=True)),
    Column("transcript_digest", String(64)),
)

accounts = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("name_key", Text, nullable=False, unique=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("recovery_hash", String(64)),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

runs = Table(
    "runs", metadata,
    Column("id", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("day", Date, ForeignKey("days.day"), nullable=False),
    Column("status", String(16), nullable=False),  # open, over, abandoned
    Column("moves", Integer, nullable=False),  # answered player actions (the last seq)
    Column("opening", Text, nullable=False),  # the rival's words before the first move
    Column("chain", String(64), nullable=False),  # the receipt after every action so far
    Column("streak", Integer, nullable=False),
    Column("margin_total", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("hands", Integer, nullable=False),  # finished hands (skill jobs enqueued)
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    UniqueConstraint("account_id", "day", name="one_run_per_account_and_day"),
)
Index("runs_by_day", runs.c.day, runs.c.score)

actions = Table(
    "actions", metadata,
    Column("run_id", String(32), ForeignKey("runs.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("word", String(8), nullable=False),
    Column("replies", Text, nullable=False),  # the rival's words after it, space-separated
    Column("receipt", String(64), nullable=False),
    Column("answer", Text, nullable=False),  # the JSON answer sent, sent again on a retry
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("run_id", "seq", name="one_action_per_seq"),
)

skill_jobs = Table(
    "skill_jobs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(32), ForeignKey("runs.id"), nullable=False),
    Column("match", Integer, nullable=False),
    Column("hand", Integer, nullable=False),
    Column("abandoned", Boolean, nullable=False),  # the unfinished hand of a closed run
    Column("done", Boolean, nullable=False),
    Column("difference", Integer),
    Column("attempts", Integer, nullable=False),
    Column("error", Text),
    UniqueConstraint("run_id", "match", "hand", name="one_job_per_hand"),
)
Index("skill_jobs_pending", skill_jobs.c.done, skill_jobs.c.id)

rate_hits = Table(
    "rate_hits", metadata,
    Column("bucket", String(96), primary_key=True),  # what, who, which window
    Column("hits", Integer, nullable=False),
    Column("expires", Integer, nullable=False),  # unix seconds
)

def default_url() -> str:
    """A SQLite file in the game's data folder (``services.world.paths``)."""
    from ..services.world.paths import server_db_path

    path = server_db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


READ_OPTION = "belote2p_read"


def reading(engine: Engine) -> Engine:
    """``engine`` for a read-only transaction (``reading(engine).connect()``): on
    SQLite it begins deferred, so reads never wait for the writer's lock; every
    ``engine.begin()`` is a write and begins IMMEDIATE."""
    return engine.execution_options(**{READ_OPTION: True})


def is_sqlite(engine: Engine | Connection) -> bool:
    return engine.dialect.name == "sqlite"


def open_engine(url: str) -> Engine:
    """An engine on ``url``; a SQLite file gets WAL, ``synchronous=FULL``, a busy
    wait, foreign keys and ``BEGIN IMMEDIATE`` write transactions."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": 30})
        _sqlite_pragmas(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        # A write takes the writer's lock at once (a read that turned into a write
        # could fail halfway); a read (``reading``) shares the WAL with everyone.
        read = connection.get_execution_options().get(READ_OPTION, False)
        connection.exec_driver_sql("BEGIN" if read else "BEGIN IMMEDIATE")


@contextmanager
def transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction: committed when the block ends, rolled back on an error."""
    with engine.begin() as connection:
        yield connection
