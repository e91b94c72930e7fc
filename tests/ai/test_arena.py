"""`belote2p arena`: the JSON line, determinism, seat-swapped pairs, --jobs."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from belote2p.ai.arena import (
    Outcome,
    capot_chance,
    main,
    play_match,
    run_arena,
    score_interval,
    summarize,
)
from belote2p.core.actions import Trick
from belote2p.core.resources import levels_path

KEYS = ["a", "b", "matches", "a_wins", "b_wins", "draws", "a_mean_margin", "capots",
        "capot_chances", "capots_broken", "decision_ms"]


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


def tricks_won_by(winners: list[int]) -> list[Trick]:
    return [Trick(w, (0, 1), w) for w in winners]


def test_a_capot_chance_is_every_stock_phase_trick_to_one_seat():
    assert capot_chance(tricks_won_by([1] * 16)) == 1
    assert capot_chance(tricks_won_by([0] * 7 + [1] + [0] * 8)) == 0
    assert capot_chance(tricks_won_by([0] * 15 + [1])) == 0
    assert capot_chance(tricks_won_by([0] * 6 + [1] + [0] * 9)) is None  # broken in the stock phase
    assert capot_chance(tricks_won_by([0] * 7)) is None  # not a finished hand


def test_the_summary_counts_capots_made_chances_and_breaks_per_side():
    outcomes = [Outcome(0, 252, 0, [1.0], [1.0], a_capots=1, a_chances=2),
                Outcome(1, 20, 300, [1.0], [1.0], b_capots=1, b_chances=3)]
    summary = summarize("a", "b", outcomes)
    assert summary["capots"] == {"a": 1, "b": 1}
    assert summary["capot_chances"] == {"a": 2, "b": 3}
    assert summary["capots_broken"] == {"a": 2, "b": 1}  # A broke 2 of B's 3, B 1 of A's 2


def test_every_capot_the_engine_scores_was_a_chance_of_the_census():
    # Seed chosen so level 3 gets capot chances against random, makes one and
    # sees one broken.  Capots made are the engine's own flags (HandScore.capot),
    # chances the census of the tricks: each capot must have been a chance.
    summary, outcomes = run_arena("3", "random", 16, "c31")
    assert summary["capot_chances"]["a"] == 2 and summary["capots"]["a"] == 1
    assert summary["capots_broken"]["b"] == 1
    for o in outcomes:
        assert 0 <= o.a_capots <= o.a_chances and 0 <= o.b_capots <= o.b_chances


def test_a_levels_file_changes_the_players(tmp_path: Path):
    broken = tmp_path / "levels.yaml"
    broken.write_text(levels_path().read_text(encoding="utf-8").replace(
        "play_for_capot: true", "play_for_capot: maybe", 1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "belote2p", "arena", "3", "random", "--matches", "2",
         "--levels", str(broken)],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2 and "play_for_capot" in done.stderr
    assert done.stdout == ""
