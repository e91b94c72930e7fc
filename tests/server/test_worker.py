"""Skill jobs: two workers at once store each job once (and on PostgreSQL, with
SKIP LOCKED, compute it once); a failing job is retried, then kept with its error."""

from __future__ import annotations

import random

from sqlalchemy import select, update

from belote2p.server.db import skill_jobs
from belote2p.server.worker import MAX_ATTEMPTS, work_until_idle

from .helpers import at_once, engine_of, new_account, play


def test_two_workers_do_each_job_once(client):
    for number in range(2):
        play(client, new_account(client, f"w{number}"), random.Random(20 + number))
    engine = engine_of(client)
    counts, errors = at_once(2, lambda: work_until_idle(engine))
    assert not errors
    with engine.connect() as connection:
        jobs = connection.execute(select(skill_jobs)).all()
    assert jobs and all(job.done and job.attempts == 1 for job in jobs)  # each stored once
    if engine.dialect.name == "postgresql":  # SKIP LOCKED: each computed once, too
        assert sum(counts) == len(jobs)


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


def test_a_hand_left_unfinished_at_the_close_is_compared_conceded(client, clock):
    from datetime import timedelta

    from belote2p.core.match import Run
    from belote2p.services.duplicate import conceded_scores, duplicate_unfinished

    answers = play(client, new_account(client, "una"), random.Random(6), limit=12)
    assert answers[-1]["status"] == "open"
    clock.move(timedelta(hours=12))
    assert client.get("/api/v1/days/2026-12-04").json()["closed"]
    engine = engine_of(client)
    work_until_idle(engine)
    with engine.connect() as connection:
        job = connection.execute(select(skill_jobs).where(skill_jobs.c.abandoned)).one()
    assert job.done and job.difference is not None
    from .helpers import true_run

    seed, _run, words = true_run(client, answers[-1]["run_id"])
    compared = duplicate_unfinished(seed, words)
    assert compared is not None and compared.difference == job.difference
    hand = Run.replay(seed, words).match.hand
    assert compared.yours == conceded_scores(hand)
    # Leaving gains nothing: the player keeps at most what it had won (and its belote).
    assert compared.yours[0] <= hand.card_points[0] + (20 if hand.belote == 0 else 0)
