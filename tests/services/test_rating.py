"""The player's rating (issue #19): services.rating's estimate (monotone,
bounded, deterministic, order-free), the shipped anchors (checked on load,
equal to a fresh fit of the ladder), the fit itself, and the rating in
``stats --json`` and on the Statistics screen."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.services.rating import (
    MIN_MATCHES,
    RATING_CEILING,
    RATING_FLOOR,
    Anchors,
    ArenaResult,
    RatingDataError,
    anchors_from,
    expected,
    fit_anchors,
    load_anchors,
    placement,
    rating_of,
)
from belote2p.services.stats import compute_stats
from lab.samples import FINISHED, recorded_store, replayed

ROOT = Path(__file__).resolve().parents[2]
ANCHORS = Anchors({1: 1000.0, 2: 1374.0, 3: 1553.0, 4: 1646.0})

results = st.lists(st.tuples(st.sampled_from((1, 2, 3, 4)), st.sampled_from((0.0, 0.5, 1.0))),
                   min_size=MIN_MATCHES, max_size=60)


@settings(max_examples=80, deadline=None)
@given(results, st.data())
def test_a_better_result_never_lowers_the_rating(games, data):
    i = data.draw(st.integers(0, len(games) - 1))
    level, score = games[i]
    better = list(games)
    better[i] = (level, min(1.0, score + 0.5))
    assert rating_of(better, ANCHORS).value >= rating_of(games, ANCHORS).value


@settings(max_examples=80, deadline=None)
@given(results, st.randoms(use_true_random=False))
def test_the_rating_is_bounded_deterministic_and_order_free(games, rnd):
    first = rating_of(games, ANCHORS)
    assert first.value is not None and first.interval is not None
    assert RATING_FLOOR <= first.value <= RATING_CEILING and first.interval > 0
    shuffled = list(games)
    rnd.shuffle(shuffled)
    assert rating_of(shuffled, ANCHORS) == rating_of(games, ANCHORS) == first
    assert first.matches == len(games)


def test_few_matches_give_no_number_and_many_wins_stay_finite():
    few = rating_of([(1, 1.0)] * (MIN_MATCHES - 1), ANCHORS)
    assert few.value is None and few.interval is None and few.matches == MIN_MATCHES - 1
    assert few.as_json() == {"value": None, "interval": None, "matches": MIN_MATCHES - 1}
    wins = rating_of([(4, 1.0)] * 200, ANCHORS)
    losses = rating_of([(1, 0.0)] * 200, ANCHORS)
    assert wins.value is not None and losses.value is not None
    assert ANCHORS.of(4) < wins.value < RATING_CEILING  # above level 4, yet finite
    assert RATING_FLOOR < losses.value < ANCHORS.of(1)
    assert wins.between == (4, None) and losses.between == (None, 1)


def test_more_matches_narrow_the_interval_and_even_results_sit_at_the_level():
    even = [(2, 1.0), (2, 0.0)] * 10
    wide, narrow = rating_of(even, ANCHORS), rating_of(even * 10, ANCHORS)
    assert narrow.interval < wide.interval
    assert abs(narrow.value - ANCHORS.of(2)) < 25  # prior pull is small


def test_placement_names_the_levels_either_side():
    assert placement(1480, ANCHORS) == (2, 3)
    assert placement(999, ANCHORS) == (None, 1)
    assert placement(1000, ANCHORS) == (1, 2)
    assert placement(1700, ANCHORS) == (4, None)


def test_the_fit_recovers_ratings_from_exact_scores():
    truth = {"1": 1000.0, "2": 1300.0, "3": 1450.0, "4": 1700.0, "random": 600.0}
    pairs = [("2", "1"), ("3", "2"), ("4", "3"), ("4", "1"), ("1", "random"), ("3", "1")]
    lines = []
    for a, b in pairs:
        e = expected(truth[a], truth[b])
        wins = round(e * 100_000)
        lines.append(ArenaResult(a, b, 100_000, wins, 100_000 - wins, 0))
    fitted = fit_anchors(lines)
    assert fitted["1"] == 1000.0
    for name, value in truth.items():
        assert math.isclose(fitted[name], value, abs_tol=1.0), (name, fitted[name])
    with pytest.raises(ValueError, match="links"):
        fit_anchors([ArenaResult("2", "3", 10, 5, 5, 0)])  # nothing reaches level 1


def test_the_shipped_anchors_load_and_match_a_fresh_fit_of_the_ladder():
    anchors = load_anchors()
    assert anchors.of(1) == 1000.0
    assert anchors.of(1) < anchors.of(2) < anchors.of(3) < anchors.of(4)
    assert anchors.random is not None and anchors.random < anchors.of(1)
    done = subprocess.run([sys.executable, "tools/fit_rating_anchors.py",
                           "benchmarks/ladder_arena.jsonl", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("ratings", "message"), [
    ({1: 1000, 2: 1300, 3: 1500}, r"ratings\.4: missing"),
    ({1: 1000, 2: "high", 3: 1500, 4: 1600}, r"ratings\.2: must be a number"),
    ({1: 1000, 2: True, 3: 1500, 4: 1600}, r"ratings\.2: must be a number"),
    ({1: 1000, 2: 1300, 3: float("nan"), 4: 1600}, r"ratings\.3: must be 0-4000"),
    ({1: -5, 2: 1300, 3: 1500, 4: 1600}, r"ratings\.1: must be 0-4000"),
    ({1: 1000, 2: 1300, 3: 1500, 4: 1e9}, r"ratings\.4: must be 0-4000"),
    ({1: 1000, 2: 1300, 3: 1500, 4: 1600, 5: 1700}, r"ratings\.5: unknown key"),
])
def test_bad_anchor_values_are_named(ratings, message):
    with pytest.raises(RatingDataError, match=message):
        anchors_from({"ratings": ratings}, "anchors.yaml")


def test_an_unreadable_anchors_file_is_one_error(tmp_path):
    bad = tmp_path / "a.yaml"
    bad.write_text("ratings: [1, 2", encoding="utf-8")
    with pytest.raises(RatingDataError, match="cannot be read"):
        load_anchors(bad)
    bad.write_text("- 1\n", encoding="utf-8")
    with pytest.raises(RatingDataError, match="needs a 'ratings' mapping"):
        load_anchors(bad)


def test_stats_hold_the_rating_of_the_counted_matches():
    """The recorded runs: too few matches for a number, but the count is right;
    with the same matches counted many times over, a number."""
    stats = compute_stats(recorded_store().list_runs())
    rating = stats.as_json()["rating"]
    assert rating == {"value": None, "interval": None, "matches": stats.matches}
    assert sum(stats.results.values()) == stats.matches
    wins = sum(n for (_level, s), n in stats.results.items() if s == 1.0)
    assert wins == stats.matches_won
    from belote2p.store import MemoryStore

    many = MemoryStore()
    for i in range(4):
        for sample in FINISHED[:3]:
            many.record_finished_run(replayed(sample), "Ana", f"2026-04-0{i + 1}T10:00:00+00:00")
    big = compute_stats(many.list_runs(), anchors=ANCHORS)
    assert big.matches >= MIN_MATCHES
    each = [key for key, n in big.results.items() for _ in range(n)]  # one a match
    assert big.rating == rating_of(each, ANCHORS) and big.rating.value is not None


def test_stats_json_carries_the_rating(tmp_path):
    data = tmp_path / "data"
    run = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(data), "stats",
                          "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["rating"] == {"value": None, "interval": None, "matches": 0}


def test_bad_anchors_leave_the_statistics_screen_without_a_rating(monkeypatch):
    """The figures still show; the rating's data problem is one toast."""
    from belote2p.services import stats as stats_module
    from belote2p.ui.navigation import Route
    from lab import harness as h

    def broken(path=None):
        raise RatingDataError("rating_anchors.yaml: ratings.4: missing")

    monkeypatch.setattr(stats_module, "load_anchors", broken)
    game = h.make_app(size=(960, 600), store=recorded_store())
    try:
        game.app.toasts.clear()
        scene = game.nav.reset(Route.STATS)
        assert scene.offer()["rating"] is None and scene.offer()["figures"]
        assert [t for t, _s in game.app.toasts] == ["rating_anchors.yaml: ratings.4: missing"]
    finally:
        game.app.shutdown()


def test_stats_command_names_a_bad_anchors_file_in_one_line(tmp_path):
    import shutil

    shutil.copytree(ROOT / "belote2p", tmp_path / "belote2p",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "levels.yaml", tmp_path / "levels.yaml")
    (tmp_path / "rating_anchors.yaml").write_text("ratings: {1: 1000, 2: 1300, 3: 1500}\n",
                                                  encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path / "d"),
                          "stats", "--json"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, env={"PATH": "", "PYTHONPATH": str(tmp_path)})
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "ratings.4: missing" in lines[0], run.stderr
