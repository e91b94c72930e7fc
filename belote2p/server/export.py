"""A closed day's run as a run file (``services.runfile``) with its world proof:
what ``belote2p verify`` checks offline.  Before the day closes there is
nothing to export: the secret is not out, so no deal can be checked."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import Engine, select

from ..services.runfile import WorldProof, export_run
from .clock import utc
from .days import read_day
from .db import accounts, reading, runs
from .referee import Conflict, NotFound
from .runlog import run_seed, run_words


def run_file(engine: Engine, server: str, day: date, run_id: str) -> dict[str, Any]:
    with reading(engine).connect() as connection:
        found = read_day(connection, day)
        if found is None:
            raise NotFound(f"no day {day.isoformat()} on this server")
        if not found.closed or found.secret is None or found.transcript_digest is None:
            raise Conflict(f"the day {day.isoformat()} is still open: its runs can be "
                           "exported and verified once it closes at 00:00 UTC")
        row = connection.execute(
            select(runs, accounts.c.name).join(accounts, accounts.c.id == runs.c.account_id)
            .where(runs.c.id == run_id, runs.c.day == day)).first()
        if row is None:
            raise NotFound(f"no run {run_id!r} on {day.isoformat()}")
        seed, words = run_seed(connection, row), run_words(connection, row)
        receipts = sorted(connection.execute(
            select(runs.c.chain).where(runs.c.day == day)).scalars().all())
    proof = WorldProof(server, day.isoformat(), row.account_id, found.secret,
                       found.commitment, row.chain, tuple(receipts),
                       found.transcript_digest)
    made = export_run(seed, words, row.name, None, utc(row.started_at).isoformat(),
                      utc(row.ended_at).isoformat() if row.ended_at else None,
                      abandoned=row.status == "abandoned")
    actions = made.pop("actions")
    return {**made, "world": proof.as_json(), "actions": actions}
