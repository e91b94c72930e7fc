"""The run session catches only the failures the store's protocol allows
(``store.api.STORAGE_FAILURES``): those read as "nothing known" and are
reported, the game goes on; anything else is a bug and surfaces (a TypeError
once read as an empty leaderboard)."""

from __future__ import annotations

import sqlite3
from datetime import date

import pytest

from belote2p.core.fairness import daily_seed
from belote2p.core.match import Run
from belote2p.services.run_session import ActiveRun, DailyFacts, RunSession
from belote2p.store import MemoryStore
from belote2p.store.api import STORAGE_FAILURES, StoreError
from belote2p.store.connection import StoreUnavailable, Unreadable

READS = ("load_run", "leaderboard", "qualifies", "list_runs", "last_name", "daily_attempted",
         "daily_leaderboard", "claim_daily", "daily_claim")


class FailingStore(MemoryStore):
    """A store in memory whose reads, records and run lock raise ``error``."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def fail(self, *args: object, **kwargs: object) -> None:
        raise self.error

    def __getattribute__(self, name: str) -> object:
        if name in READS or name == "record_finished_run":
            return object.__getattribute__(self, "fail")
        return super().__getattribute__(name)


def session_over(error: Exception) -> tuple[RunSession, list[str]]:
    told: list[str] = []
    return RunSession(FailingStore(error), report=told.append), told


def finished() -> ActiveRun:
    run = Run("s")
    run.abandon()
    return ActiveRun(run, "2026-01-01T00:00:00+00:00")


@pytest.mark.parametrize("error", [
    sqlite3.OperationalError("disk I/O error"), OSError(28, "No space left on device"),
    StoreUnavailable("cannot open the database"), Unreadable("not an SQLite database"),
], ids=["sqlite", "os", "unavailable", "unreadable"])
def test_a_storage_failure_reads_as_nothing_known_and_is_reported(error):
    assert isinstance(error, STORAGE_FAILURES)
    session, told = session_over(error)
    assert session.saved() is None and session.saved_detail() is None
    assert session.leaderboard() == [] and session.daily_board() == []
    assert session.qualifies(10) is None and session.standing(finished()) is None
    assert session.last_name() == "" and session.default_name() == "Player"
    assert session.daily_attempted("2026-01-02")  # unknown: never promise a count
    assert session.start_daily("2026-01-02") is False
    assert session.record(finished(), "Ann") is None
    daily = ActiveRun(Run(daily_seed(date(2026, 1, 2))), "2026-01-02T08:00:00+00:00",
                      "2026-01-02")
    assert session.daily_facts(daily) == DailyFacts("2026-01-02", counted=False)
    assert told and all(str(error) in line for line in told)


@pytest.mark.parametrize("ask", [
    lambda s: s.leaderboard(), lambda s: s.daily_board(), lambda s: s.saved(),
    lambda s: s.qualifies(10), lambda s: s.standing(finished()), lambda s: s.last_name(),
    lambda s: s.daily_attempted("2026-01-02"), lambda s: s.start_daily("2026-01-02"),
    lambda s: s.record(finished(), "Ann"),
], ids=["leaderboard", "daily_board", "saved", "qualifies", "standing", "last_name",
        "daily_attempted", "start_daily", "record"])
def test_a_bug_in_the_store_surfaces(ask):
    session, told = session_over(TypeError("unsupported operand"))
    with pytest.raises(TypeError, match="unsupported operand"):
        ask(session)
    assert told == []


def test_the_stores_errors_are_its_own_type():
    assert issubclass(StoreUnavailable, StoreError) and issubclass(Unreadable, StoreError)
    assert not isinstance(TypeError(), STORAGE_FAILURES)
    assert not isinstance(ValueError(), STORAGE_FAILURES)


# -- whether a daily run counts is a read -----------------------------------------

DAY = "2026-03-04"
SEED = daily_seed(date.fromisoformat(DAY))


def test_the_days_claim_is_read_without_claiming(store):
    assert store.daily_claim(DAY) is None
    assert store.claim_daily(DAY, SEED, "2026-03-04T08:00:00+00:00")
    assert not store.claim_daily(DAY, SEED, "2026-03-04T09:00:00+00:00")  # the second: practice
    assert store.daily_claim(DAY) == (SEED, "2026-03-04T08:00:00+00:00")
    assert store.daily_claim("2026-03-05") is None


def test_showing_a_daily_run_never_claims_its_day():
    """A saved daily run that holds no claim (its claim lost with a damaged
    file, say) reads as practice, and reading it writes nothing: the day stays
    free and unattempted (asking once claimed the day for it)."""
    store = MemoryStore()
    store.save_run(SEED, [], "2026-03-04T08:00:00+00:00")
    session = RunSession(store)
    assert session.saved_daily() == DailyFacts(DAY, counted=False)
    assert store.daily_claim(DAY) is None and not store.daily_attempted(DAY)


def test_the_run_that_claimed_the_day_counts_in_a_later_window():
    store = MemoryStore()
    first = RunSession(store)
    assert first.start_daily(DAY)
    active = first.last_started
    first.close()
    later = RunSession(store)  # a new window: nothing remembered but the store
    assert later.saved_daily() == DailyFacts(DAY, counted=True)
    assert later.daily_facts(active) == DailyFacts(DAY, counted=True)
    other = ActiveRun(Run(SEED), "2026-03-04T23:00:00+00:00", DAY)
    assert later.daily_facts(other) == DailyFacts(DAY, counted=False)
