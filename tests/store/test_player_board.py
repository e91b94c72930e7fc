"""The leaderboard is the player's (issue #17, item 4): autoplay runs stay off
the player's board, the title's best score and the "top 10" promise, and show
with ``leaderboard --include-ai`` and on their own tab in the window."""

from __future__ import annotations

import json

import pytest

from belote2p.store import open_store
from belote2p.store.api import BOARD_SIZE, PlayedBy
from lab.figures import FakeRun
from tests.support.cli import cli

STARTED = "2026-11-30T10:00:00+00:00"
AI_KEY = "autoplay/level=2/name=AI level 2/max=None"


def fill(store) -> None:
    """The README's scenario: the player's run, then an autoplay run that scores higher."""
    store.record_finished_run(FakeRun("mine", 1, 50), "Ann", STARTED)
    store.record_finished_run(FakeRun("auto", 3, 412), "AI level 2", STARTED, ai_key=AI_KEY)


def test_the_board_holds_the_players_runs_unless_asked(store):
    fill(store)
    mine = store.leaderboard()
    assert [(e.rank, e.name, e.ai) for e in mine] == [(1, "Ann", False)]
    assert [(e.rank, e.name) for e in store.leaderboard(played_by=PlayedBy.AI)] \
        == [(1, "AI level 2")]
    assert [(e.rank, e.name, e.ai) for e in store.leaderboard(played_by=PlayedBy.ANYONE)] \
        == [(1, "AI level 2", True), (2, "Ann", False)]


def test_the_limit_counts_the_players_runs_only(store):
    """Ten autoplay runs above the player's do not push it off its own top 10."""
    for i in range(BOARD_SIZE):
        store.record_finished_run(FakeRun(f"auto{i}", 3, i), "AI", STARTED, ai_key=f"k{i}")
    store.record_finished_run(FakeRun("mine", 0, 0), "Ann", STARTED)
    assert [e.name for e in store.leaderboard(3)] == ["Ann"]
    assert len(store.leaderboard(3, PlayedBy.ANYONE)) == 3
    assert store.qualifies(0)  # the player's board has nine free places


def fill_folder(tmp_path):
    store = open_store(tmp_path, echo=False)
    fill(store)
    store.close()
    return tmp_path


def board(folder, *args, lang="en"):
    done = cli("--data-dir", str(folder), "--lang", lang, "leaderboard", *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cli_json_without_and_with_include_ai(tmp_path):
    folder = fill_folder(tmp_path)
    mine = json.loads(board(folder, "--json"))
    assert [(e["rank"], e["name"], e["ai"]) for e in mine] == [(1, "Ann", False)]
    both = json.loads(board(folder, "--include-ai", "--json"))
    assert [(e["rank"], e["name"], e["ai"], e["score"]) for e in both] \
        == [(1, "AI level 2", True, 30412), (2, "Ann", False, 10050)]


@pytest.mark.parametrize("lang, ai_word", [("en", "AI"), ("pt", "IA"), ("fr", "IA")])
def test_cli_text_without_and_with_include_ai(tmp_path, lang, ai_word):
    folder = fill_folder(tmp_path)
    _head, _rule, *rows = board(folder, lang=lang).splitlines()
    assert len(rows) == 1 and "Ann" in rows[0] and "AI level 2" not in board(folder, lang=lang)
    _head, _rule, *rows = board(folder, "--include-ai", lang=lang).splitlines()
    assert [("AI level 2" in r, "Ann" in r) for r in rows] == [(True, False), (False, True)]
    assert f" {ai_word} " in rows[0]


def test_cli_says_so_when_only_autoplay_runs_exist(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.record_finished_run(FakeRun("auto", 3, 412), "AI level 2", STARTED, ai_key=AI_KEY)
    store.close()
    assert board(tmp_path).startswith("No finished runs yet")
    assert "AI level 2" in board(tmp_path, "--include-ai")


# -- the daily run's facts come from the session (never decided in the UI) -------------

def test_the_session_says_which_daily_run_counts():
    from belote2p.services.run_session import DailyFacts, RunSession
    from belote2p.store import MemoryStore

    day = "2026-12-01"
    session = RunSession(MemoryStore())
    assert session.start_daily(day) is True
    first = session.last_started
    assert session.daily_facts(first) == DailyFacts(day, True)
    assert session.saved_daily() == DailyFacts(day, True)
    session.record(first, "Ann")
    assert session.start_daily(day) is False  # the day's second attempt
    again = session.last_started
    assert session.daily_facts(again) == DailyFacts(day, False)
    assert session.saved_daily() == DailyFacts(day, False)
    session.close()  # the window closes (a run is another window's only once it is free)
    fresh = RunSession(session.store)  # another window: asks the store, same answer
    assert fresh.saved_daily() == DailyFacts(day, False)
    assert fresh.daily_facts(fresh.resume()) == DailyFacts(day, False)
    fresh.close()
    assert session.daily_facts(session.start_new()) is None and session.saved_daily() is None


def test_the_daily_board_is_one_row_a_day_newest_first():
    from datetime import date, timedelta

    from belote2p.core.fairness import daily_seed
    from belote2p.services.run_session import RunSession
    from belote2p.store import MemoryStore

    store = MemoryStore()
    for back in range(12):
        day = date(2026, 12, 1) - timedelta(days=back)
        seed, started = daily_seed(day), f"{day.isoformat()}T08:00:00+00:00"
        store.claim_daily(day.isoformat(), seed, started)
        store.record_finished_run(FakeRun(seed, 1, back), f"P{back}", started,
                                  daily=day.isoformat())
        store.record_finished_run(FakeRun(seed, 3, 0), "Later", f"{day.isoformat()}T20:00:00",
                                  daily=day.isoformat())  # practice: never on the board
    rows = RunSession(store).daily_board(10)
    assert [r.day for r in rows] == [(date(2026, 12, 1) - timedelta(days=b)).isoformat()
                                     for b in range(10)]
    assert [r.entry.name for r in rows] == [f"P{b}" for b in range(10)]
