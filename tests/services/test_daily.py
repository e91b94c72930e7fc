"""The daily challenge: the same deals for every data folder on the same day,
and a day's board that keeps only that day's first attempt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from belote2p.commands.autoplay import play_autoplay
from belote2p.core.fairness import daily_seed, today_utc
from belote2p.core.match import Run
from belote2p.services.run_session import RunSession
from belote2p.store import open_store
from belote2p.store.api import daily_of_seed

ROOT = Path(__file__).resolve().parents[2]
# A daily run is played on its day (issue #31): the commands play today's.
TODAY = today_utc()
DAY = TODAY.isoformat()
SEED = daily_seed(TODAY)
NEXT = TODAY + timedelta(days=1)


def _at_noon(day: date):
    """A clock for ``play_autoplay``: a run that starts on ``day``."""
    return lambda: f"{day.isoformat()}T12:00:00.000000+00:00"


def _cli(*args: str, data: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    prefix = ["--data-dir", str(data)] if data is not None else []
    return subprocess.run([sys.executable, "-m", "belote2p", *prefix, *args], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_a_run_is_a_daily_run_by_its_seed():
    assert daily_of_seed(SEED) == DAY
    for seed in ("daily-2026-02-30", "daily-2026-1-01", f"x{SEED}", "abc", ""):
        assert daily_of_seed(seed) is None


def test_two_data_folders_get_the_same_deals_and_the_same_run(tmp_path):
    summaries, runs = [], []
    for folder in ("a", "b"):
        done = _cli("autoplay", "--no-skill", "--level", "2", "--daily", DAY, "--max-matches", "2",
                    data=tmp_path / folder)
        assert done.returncode == 0, done.stderr
        summaries.append(json.loads(done.stdout.splitlines()[-1]))
        listed = _cli("runs", "--json", data=tmp_path / folder)
        runs.append(json.loads(listed.stdout))
    assert summaries[0]["seed"] == summaries[1]["seed"] == SEED
    assert summaries[0]["score"] == summaries[1]["score"]
    assert summaries[0]["daily_counted"] is summaries[1]["daily_counted"] is True
    assert runs[0][0]["commitment"] == runs[1][0]["commitment"]
    assert runs[0][0]["daily"] == runs[1][0]["daily"] == DAY
    first_deal = [Run(SEED).match.hand.decks[0] for _ in range(2)]
    assert first_deal[0] == first_deal[1]


def test_the_days_board_keeps_only_the_first_attempt(store):
    first = play_autoplay(store, "1", SEED, "First", 1, daily=DAY, compare=False)
    second = play_autoplay(store, "3", SEED, "Second", 1, daily=DAY, compare=False)
    other_day = play_autoplay(store, "3", daily_seed(NEXT), "Next", 1,
                              daily=NEXT.isoformat(), clock=_at_noon(NEXT), compare=False)
    assert (first["daily_counted"], second["daily_counted"]) == (True, False)
    assert other_day["daily_counted"] is True
    board = store.daily_leaderboard(DAY)
    assert [e.name for e in board] == ["First"] and board[0].entry_id == first["id"]
    day_after = (NEXT + timedelta(days=1)).isoformat()
    assert store.daily_attempted(DAY) and not store.daily_attempted(day_after)
    names = {r.name for r in store.list_runs()}
    assert {"First", "Second", "Next"} <= names  # the main history keeps every run
    practice = store.run_record(second["id"])
    assert practice.daily == DAY and not practice.daily_counted


def test_the_game_session_says_whether_the_daily_counts(store):
    session = RunSession(store)
    assert not session.daily_attempted(DAY)
    assert session.start_daily(DAY) is True
    active = session.last_started
    assert active.daily == DAY and str(active.run.seed) == SEED
    assert session.daily_attempted(DAY)
    session.abandon(active)
    session.record(active, "Ana")
    assert session.start_daily(TODAY) is False  # practice, said before it starts
    again = session.last_started
    session.abandon(again)
    session.record(again, "Ana")
    board = store.daily_leaderboard(DAY)
    assert len(board) == 1 and board[0].streak == 0
    records = [r for r in store.list_runs() if r.daily == DAY]
    assert sorted(r.daily_counted for r in records) == [False, True]


def test_a_resumed_daily_run_keeps_its_daily_date(store):
    session = RunSession(store)
    session.start_daily(DAY)
    session.close()  # the window closes (its lock goes); another opens and continues
    resumed = RunSession(store).resume()
    assert resumed is not None and resumed.daily == DAY
    progress = store.list_runs()[0]
    assert progress.status.value == "in progress" and progress.daily == DAY


def test_only_one_of_two_processes_claims_the_day(tmp_path):
    data = tmp_path / "shared"
    open_store(data, echo=False).close()
    procs = [subprocess.Popen(
        [sys.executable, "-m", "belote2p", "--data-dir", str(data), "autoplay", "--no-skill",
         "--level", "1",
         "--daily", DAY, "--max-matches", "1", "--name", f"P{i}"],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, cwd=ROOT) for i in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    counted = [json.loads(out.splitlines()[-1])["daily_counted"] for out, _err in outs]
    assert sorted(counted) == [False, True]
    board = json.loads(_cli("leaderboard", "--daily", DAY, "--json", data=data).stdout)
    assert len(board) == 1


def test_daily_arguments_are_checked_with_one_clear_line(tmp_path):
    for args in (["leaderboard", "--daily", "2026-02-30"], ["autoplay", "--level", "1",
                                                             "--daily", "30/11/2026"],
                 ["autoplay", "--level", "1"],
                 ["autoplay", "--level", "1", "--seed", "x", "--daily", DAY]):
        done = _cli(*args, data=tmp_path)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith("belote2p ")
    empty = _cli("leaderboard", "--daily", DAY, data=tmp_path)
    assert empty.returncode == 0 and DAY in empty.stdout
    assert _cli("leaderboard", "--daily", DAY, "--json", data=tmp_path).stdout.strip() == "[]"
