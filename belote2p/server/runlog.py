"""A stored run read back: its seed (from the day's secret and the account's id)
and every action word of it, both seats', in order.  The referee, the close
of a day, the skill worker and the board all read runs this way."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Row

from ..core.fairness import world_run_seed
from .db import actions, days


def day_secret(connection: Connection, day: date) -> str | None:
    """The day's secret, for deriving seeds: never put in an answer or a log."""
    secret: str | None = connection.execute(
        select(days.c.secret).where(days.c.day == day)).scalar()
    return secret


def run_seed(connection: Connection, row: Row[Any]) -> str:
    """The seed of the stored run ``row`` (a ``runs`` row)."""
    secret = day_secret(connection, row.day)
    assert secret is not None  # runs.day references days
    return world_run_seed(secret, row.day, row.account_id)


def run_words(connection: Connection, row: Row[Any]) -> list[str]:
    """Every action word of the run as ``row`` stands, both seats', in order:
    the actions up to the row's move count only, so a row read just before
    another worker stored the next action still gives the run it describes."""
    words: list[str] = row.opening.split()
    for word, replies in connection.execute(
            select(actions.c.word, actions.c.replies).where(
                actions.c.run_id == row.id, actions.c.seq <= row.moves)
            .order_by(actions.c.seq)).all():
        words.append(word)
        words.extend(replies.split())
    return words
