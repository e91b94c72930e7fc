"""Skill jobs: two workers at once do each job once (SKIP LOCKED on PostgreSQL,
the one writer on SQLite); a failing job is retried, then kept with its error."""

from __future__ import annotations

import random
import threading

from sqlalchemy import select, update

from belote2p.server.db import skill_jobs
from belote2p.server.worker import MAX_ATTEMPTS, work_until_idle

from .helpers import engine_of, new_account, play


def test_two_workers_do_each_job_once(client):
    for number in range(2):
        play(client, new_account(client, f"w{number}"), random.Random(20 + number))
    engine = engine_of(client)
    counts: list[int] = []
    threads = [threading.Thread(target=lambda: counts.append(work_until_idle(engine)))
               for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with engine.connect() as connection:
        jobs = connection.execute(select(skill_jobs)).all()
    assert jobs and sum(counts) == len(jobs)
    assert all(job.done and job.attempts == 1 for job in jobs)


def test_a_failing_job_is_retried_then_kept_with_its_error(client):
    play(client, new_account(client, "x"), random.Random(4))
    engine = engine_of(client)
    with engine.begin() as connection:  # a job pointing past the run's hands
        first = connection.execute(select(skill_jobs.c.id)).scalars().first()
        connection.execute(update(skill_jobs).where(skill_jobs.c.id == first)
                           .values(match=99))
    work_until_idle(engine)
    with engine.connect() as connection:
        broken = connection.execute(select(skill_jobs).where(skill_jobs.c.id == first)).one()
    assert not broken.done and broken.attempts == MAX_ATTEMPTS and broken.error
    board = client.get("/api/v1/days/2026-12-04/board").json()
    assert board["rows"][0]["skill_pending"]  # never shown as if complete
