"""`belote2p arena`: the JSON line, determinism, seat-swapped pairs, --jobs."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from belote2p.ai.arena import main, play_match, run_arena, score_interval

KEYS = ["a", "b", "matches", "a_wins", "b_wins", "draws", "a_mean_margin", "capots",
        "decision_ms"]


def without_times(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "decision_ms"}


def test_last_stdout_line_is_the_json_summary(capsys):
    args = argparse.Namespace(a="2", b="1", matches=6, seed="shape", jobs=1)
    assert main(args) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert list(data) == KEYS
    assert data["a"] == "2" and data["b"] == "1" and data["matches"] == 6
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 6
    assert isinstance(data["a_mean_margin"], float)
    for side in ("a", "b"):
        times = data["decision_ms"][side]
        assert set(times) == {"median", "p95", "max"}
        assert 0 <= times["median"] <= times["p95"] <= times["max"]


def test_same_seed_same_matches_and_other_seed_other_matches():
    first, outs1 = run_arena("3", "1", 6, "det")
    again, outs2 = run_arena("3", "1", 6, "det")
    _, outs3 = run_arena("3", "1", 6, "other")
    assert without_times(first) == without_times(again)
    totals = [[(o.a_total, o.b_total) for o in outs] for outs in (outs1, outs2, outs3)]
    assert totals[0] == totals[1] != totals[2]


def test_pairs_replay_the_same_deals_with_the_seats_swapped():
    # Level 2 never draws a random number, so a pair of level 2 against itself
    # mirrors exactly: A's total in the second match is B's in the first.
    outcomes = [play_match("2", "2", "pairs", i) for i in range(6)]
    for k in range(0, 6, 2):
        first, second = outcomes[k], outcomes[k + 1]
        assert (first.a_total, first.b_total) == (second.b_total, second.a_total)


def test_jobs_do_not_change_the_results():
    one, _ = run_arena("2", "random", 8, "jobs", jobs=1)
    two, _ = run_arena("2", "random", 8, "jobs", jobs=2)
    assert without_times(one) == without_times(two)


def test_score_interval_counts_draws_half():
    outcomes = [play_match("1", "2", "ci", i) for i in range(4)]
    rate, half = score_interval(outcomes)
    assert 0.0 <= rate <= 1.0 and half >= 0.0


def test_command_line_with_level_4():
    done = subprocess.run(
        [sys.executable, "-m", "belote2p", "arena", "4", "random",
         "--matches", "2", "--seed", "cli"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    data = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(data) == KEYS and data["a"] == "4" and data["b"] == "random"
    assert data["matches"] == 2
