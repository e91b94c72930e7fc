"""Skill jobs: each finished hand played again with level 4 in the player's seat.

A job is enqueued in the very transaction that stores the hand's last action
(``referee``), or the close of its day (an abandoned hand), so none is ever
lost.  A worker claims one with ``SELECT ... FOR UPDATE SKIP LOCKED`` on
PostgreSQL (any number of ``belote2p worker`` processes on any machines); on
SQLite the one writer lock serializes the same query, in the server's own
process.  The comparison runs inside the claim's transaction, so a worker
killed mid-job leaves it pending for the next (on SQLite the job is computed
between two short transactions, so the writer lock is never held while level 4
thinks); a job that raises is counted and retried up to ``MAX_ATTEMPTS``, then
kept with its error for an operator.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.engine import Connection

from ..services.duplicate import duplicate_hand, duplicate_unfinished
from ..services.rival import Levels
from .db import is_sqlite, reading, runs, skill_jobs
from .runlog import run_seed, run_words

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3


def _claim(connection: Connection) -> Any:
    query = (select(skill_jobs).where(skill_jobs.c.done.is_(False),
                                      skill_jobs.c.attempts < MAX_ATTEMPTS)
             .order_by(skill_jobs.c.id).limit(1))
    if not is_sqlite(connection):
        query = query.with_for_update(skip_locked=True)
    return connection.execute(query).first()


def _inputs(connection: Connection, job: Any) -> tuple[str, list[str]]:
    row = connection.execute(select(runs).where(runs.c.id == job.run_id)).first()
    assert row is not None  # skill_jobs.run_id references runs
    return run_seed(connection, row), run_words(connection, row)


def difference_of(job: Any, seed: str, words: list[str], levels: Levels | None = None) -> int:
    """The job's hand: your points minus level 4's in your seat (``services.duplicate``)."""
    if job.abandoned:
        compared = duplicate_unfinished(seed, words, levels)
        return 0 if compared is None else compared.difference
    return duplicate_hand(seed, words, job.match, job.hand, levels).difference


def _done(connection: Connection, job: Any, difference: int) -> None:
    connection.execute(update(skill_jobs).where(
        skill_jobs.c.id == job.id, skill_jobs.c.done.is_(False)).values(
        done=True, difference=difference, attempts=job.attempts + 1, error=None))


def _failed(connection: Connection, job: Any, exc: Exception) -> None:
    log.exception("skill job failed", extra={"job": job.id})
    connection.execute(update(skill_jobs).where(skill_jobs.c.id == job.id).values(
        attempts=job.attempts + 1, error=f"{type(exc).__name__}: {exc}"[:500]))


def work_one(engine: Engine, levels: Levels | None = None) -> bool:
    """Do one pending job; False if there was none."""
    if is_sqlite(engine):
        return _work_one_unlocked(engine, levels)
    with engine.begin() as connection:  # the claim's row lock lasts the job
        job = _claim(connection)
        if job is None:
            return False
        try:
            difference = difference_of(job, *_inputs(connection, job), levels)
        except Exception as exc:  # noqa: BLE001 - kept with the job, retried, never lost
            _failed(connection, job, exc)
            return True
        _done(connection, job, difference)
    return True


def _work_one_unlocked(engine: Engine, levels: Levels | None) -> bool:
    """SQLite: the one writer lock must not be held while level 4 thinks (every
    request would wait), so the job is read, computed, then written; a second
    worker on the same file could compute a job twice, never store it twice."""
    with reading(engine).connect() as connection:
        job = _claim(connection)
        if job is None:
            return False
        seed, words = _inputs(connection, job)
    try:
        difference = difference_of(job, seed, words, levels)
    except Exception as exc:  # noqa: BLE001 - kept with the job, retried, never lost
        with engine.begin() as connection:
            _failed(connection, job, exc)
        return True
    with engine.begin() as connection:
        _done(connection, job, difference)
    return True


def work_until_idle(engine: Engine, levels: Levels | None = None) -> int:
    """Do every pending job; how many were done."""
    count = 0
    while work_one(engine, levels):
        count += 1
    return count


def work_forever(engine: Engine, stop: threading.Event, idle_seconds: float = 0.5) -> None:
    while not stop.is_set():
        try:
            busy = work_one(engine)
        except Exception:
            log.warning("skill worker: database unavailable", exc_info=True)
            busy = False
        if not busy:
            stop.wait(idle_seconds)
