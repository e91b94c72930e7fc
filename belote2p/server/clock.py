"""The server's clock: the database's, so every worker agrees on when a day ends.

``Clock`` is injectable: the tests hand the app a ``ManualClock`` and move it
past midnight to close a day without waiting for one.
"""

from __future__ import annotations

import threading
from datetime import date, datetime, timedelta, timezone
from typing import Protocol

from sqlalchemy import text
from sqlalchemy.engine import Connection


def utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC time (SQLite hands naive UTC back)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


class Clock(Protocol):
    def now(self, connection: Connection) -> datetime: ...


class DatabaseClock:
    """The time by the database server (UTC), read in the caller's transaction."""

    def now(self, connection: Connection) -> datetime:
        if connection.dialect.name == "sqlite":
            value = connection.execute(
                text("SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')")).scalar_one()
            return datetime.fromisoformat(str(value)).replace(tzinfo=timezone.utc)
        value = connection.execute(text("SELECT statement_timestamp()")).scalar_one()
        return utc(value)


class ManualClock:
    """A clock the tests set and move (thread-safe: the app reads it from workers)."""

    def __init__(self, moment: datetime):
        self._moment = utc(moment)
        self._lock = threading.Lock()

    def now(self, connection: Connection | None = None) -> datetime:
        with self._lock:
            return self._moment

    def move(self, delta: timedelta) -> None:
        with self._lock:
            self._moment += delta

    def set(self, moment: datetime) -> None:
        with self._lock:
            self._moment = utc(moment)


def day_of(moment: datetime) -> date:
    return utc(moment).date()


def day_end(day: date) -> datetime:
    """The moment ``day`` closes: the next 00:00 UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=timezone.utc) + timedelta(days=1)
