"""The day's board over the server's database (``web.BoardSource``).

Each account has one run a day, so each player is one row.  Skill is the
sum of the run's finished skill jobs (``worker``), shown once every job of
the run is done and it has at least ``min_skill_hands`` hands; until then
the row says pending.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Engine, select

from ..core.fairness import world_run_seed
from ..services.skill import skill_of
from .clock import Clock, day_of
from .days import read_day
from .db import accounts, reading, runs, skill_jobs
from .runlog import run_words
from .web import BoardOrder, BoardRow, DayBoard, RunRecord

MIN_SKILL_HANDS = 4


class DatabaseBoard:
    def __init__(self, engine: Engine, clock: Clock, min_skill_hands: int = MIN_SKILL_HANDS):
        self.engine, self.clock, self.min_skill_hands = engine, clock, min_skill_hands

    def today(self) -> date:
        with reading(self.engine).connect() as connection:
            return day_of(self.clock.now(connection))

    def board(self, day: date, by: BoardOrder) -> DayBoard | None:
        with reading(self.engine).connect() as connection:
            found = read_day(connection, day)
            if found is None:
                return None
            rows = connection.execute(
                select(runs.c.id, runs.c.score, runs.c.streak, runs.c.status,
                       accounts.c.name)
                .join(accounts, accounts.c.id == runs.c.account_id)
                .where(runs.c.day == day)).all()
            jobs: dict[str, list[Any]] = {}
            for job in connection.execute(
                    select(skill_jobs.c.run_id, skill_jobs.c.done, skill_jobs.c.difference)
                    .join(runs, runs.c.id == skill_jobs.c.run_id)
                    .where(runs.c.day == day)).all():
                jobs.setdefault(job.run_id, []).append(job)
        board_rows = [self._row(row, jobs.get(row.id, [])) for row in rows]
        board_rows.sort(key=lambda r: _order(r, by))
        ranked = tuple(BoardRow(rank, *_fields(r)) for rank, r in enumerate(board_rows, 1))
        return DayBoard(day, by, found.commitment, found.closed, found.secret,
                        found.transcript_digest, self.min_skill_hands, ranked)

    def _row(self, row: Any, jobs: list[Any]) -> BoardRow:
        pending = any(not job.done for job in jobs)
        differences = [job.difference for job in jobs if job.done and job.difference is not None]
        skill = skill_of(differences)
        shown = not pending and skill.hands >= self.min_skill_hands
        return BoardRow(0, row.name, row.score, row.streak, skill.hands,
                        skill.per_hand if shown else None,
                        skill.interval if shown else None, pending, row.id,
                        row.status != "open")

    def run_record(self, day: date, run_id: str) -> RunRecord | None:
        with reading(self.engine).connect() as connection:
            found = read_day(connection, day)
            if found is None or found.secret is None:
                return None
            row = connection.execute(
                select(runs, accounts.c.name).join(accounts, accounts.c.id == runs.c.account_id)
                .where(runs.c.id == run_id, runs.c.day == day)).first()
            if row is None:
                return None
            words = run_words(connection, row)
        return RunRecord(row.name, world_run_seed(found.secret, day, row.account_id),
                         tuple(words), row.score)


def _fields(row: BoardRow) -> tuple[Any, ...]:
    return (row.name, row.score, row.matches_won, row.hands, row.skill_per_hand,
            row.skill_interval, row.skill_pending, row.run_id, row.finished)


def _order(row: BoardRow, by: BoardOrder) -> tuple[Any, ...]:
    if by == "skill":
        shown = row.skill_per_hand is not None
        return (not shown, -(row.skill_per_hand or 0.0), -row.score, row.name)
    return (-row.score, row.name)
