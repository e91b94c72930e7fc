"""The days of the world daily: made ahead with their secret, closed at 00:00 UTC.

A day's row is made before the day opens (today's and tomorrow's at start-up,
tomorrow's again whenever a request sees it missing): an insert that does
nothing if the row exists, so workers starting together make each day once
and the first secret stays.  The engine the day is played with is recorded in
its row and never changes afterwards.

A day closes once the database's clock passes its midnight: in one
transaction its open runs close as abandoned, their unfinished hands are
queued for the skill comparison, and the transcript digest (over every run's
final receipt) is written with ``closed_at``.  The secret is revealed only
from a row whose ``closed_at`` is set, so only after that close committed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import Engine, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from ..core.fairness import day_commitment, new_day_secret, transcript_digest
from ..core.match import Run
from ..services.rival import levels_digest
from .clock import Clock, day_of, utc
from .db import days, reading, runs, skill_jobs
from .runlog import run_seed, run_words

log = logging.getLogger(__name__)


def engine_version() -> str:
    """What decides how the rival plays: the level data's digest (the native and
    the Python core decide alike, so the core is not part of it)."""
    return f"levels:{levels_digest()}"


@dataclass(frozen=True)
class Day:
    day: date
    commitment: str
    engine: str
    closed: bool
    secret: str | None  # only once closed
    transcript_digest: str | None


def _insert_ignore(connection: Connection) -> sqlite.Insert | postgresql.Insert:
    """An insert into ``days`` in the dialect's own form (for ON CONFLICT)."""
    if connection.dialect.name == "sqlite":
        return sqlite.insert(days)
    return postgresql.insert(days)


def _ahead(now: datetime) -> tuple[date, date]:
    today = day_of(now)
    return today, today + timedelta(days=1)


def days_missing(connection: Connection, now: datetime) -> bool:
    """Is today's or tomorrow's row still to be made?"""
    wanted = _ahead(now)
    found = connection.execute(select(days.c.day).where(days.c.day.in_(wanted))).all()
    return len(found) < len(wanted)


def ensure_days(connection: Connection, now: datetime) -> None:
    """Today's and tomorrow's rows, made if missing (insert-or-ignore on the day)."""
    engine = engine_version()
    for day in _ahead(now):
        if connection.execute(select(days.c.day).where(days.c.day == day)).first():
            continue
        secret = new_day_secret()
        statement = _insert_ignore(connection).values(
            day=day, secret=secret, commitment=day_commitment(day, secret), engine=engine,
            created_at=utc(now)).on_conflict_do_nothing(index_elements=["day"])
        connection.execute(statement)
        log.info("day made", extra={"day": day.isoformat()})


def read_day(connection: Connection, day: date) -> Day | None:
    row = connection.execute(select(days).where(days.c.day == day)).first()
    if row is None:
        return None
    closed = row.closed_at is not None
    return Day(row.day, row.commitment, row.engine, closed,
               row.secret if closed else None, row.transcript_digest if closed else None)


def close_due_days(engine: Engine, clock: Clock) -> list[date]:
    """Close every day whose midnight has passed by the clock; the days closed."""
    closed: list[date] = []
    with reading(engine).connect() as connection:
        now = clock.now(connection)
        due = connection.execute(select(days.c.day).where(
            days.c.closed_at.is_(None), days.c.day < day_of(now))).scalars().all()
    for day in due:
        if _close(engine, clock, day):
            closed.append(day)
    return closed


def _close(engine: Engine, clock: Clock, day: date) -> bool:
    with engine.begin() as connection:
        now = clock.now(connection)
        open_runs = connection.execute(select(runs.c.id, runs.c.hands).where(
            runs.c.day == day, runs.c.status == "open").with_for_update()).all()
        for run in open_runs:
            _abandon(connection, run.id, run.hands, now)
        links = connection.execute(select(runs.c.chain).where(runs.c.day == day)).scalars().all()
        done = connection.execute(update(days).where(
            days.c.day == day, days.c.closed_at.is_(None)).values(
            closed_at=now, transcript_digest=transcript_digest(list(links))))
        if done.rowcount:
            log.info("day closed", extra={"day": day.isoformat(), "runs": len(links),
                                          "abandoned": len(open_runs)})
        return bool(done.rowcount)


def _abandon(connection: Connection, run_id: str, hands: int, now: datetime) -> None:
    """An open run closed by the day's end: its unfinished match is lost, and its
    unfinished hand (if begun) is queued for skill with its remaining tricks
    going to the rival (``worker``)."""
    connection.execute(update(runs).where(runs.c.id == run_id, runs.c.status == "open")
                       .values(status="abandoned", ended_at=now))
    where = unfinished_hand(connection, run_id)
    if where is not None:
        match, hand = where
        connection.execute(skill_jobs.insert().values(
            run_id=run_id, match=match, hand=hand, abandoned=True, done=False,
            attempts=0))


def unfinished_hand(connection: Connection, run_id: str) -> tuple[int, int] | None:
    """(match, hand) of the run's hand in progress, if any action of it was played."""
    row = connection.execute(select(runs).where(runs.c.id == run_id)).first()
    if row is None:
        return None
    run = Run.replay(run_seed(connection, row), run_words(connection, row))
    if run.over and not run.abandoned:
        return None
    if not run.match.hand.actions:
        return None
    return run.match.match_index, len(run.match.hand_scores)
