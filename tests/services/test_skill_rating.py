"""The rating that needs few matches (issue #32): results and duplicate
differences joined."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from belote2p.services.rating import Z95, Anchors, RatingDataError, estimate
from belote2p.services.skill_rating import (
    DuplicateAnchors,
    duplicate_anchors_from,
    duplicate_estimate,
    load_duplicate_anchors,
    skill_rating,
)

ANCHORS = Anchors({1: 1000.0, 2: 1400.0, 3: 1600.0, 4: 1700.0})
# on one line: 20 rating points a point a hand
FIGURES = DuplicateAnchors({1: -40.0, 2: -20.0, 3: -10.0, 4: -5.0}, hand_sd=30.0)


def test_a_level_s_own_average_stands_at_its_anchor() -> None:
    for level, points in FIGURES.per_hand.items():
        value, _sd = duplicate_estimate([int(points)] * 6, ANCHORS, FIGURES)
        assert value == pytest.approx(ANCHORS.of(level))
    halfway, _sd = duplicate_estimate([-30] * 4, ANCHORS, FIGURES)
    assert halfway == pytest.approx(1200)  # between levels 1 and 2
    beyond, _sd = duplicate_estimate([5] * 4, ANCHORS, FIGURES)
    assert beyond == pytest.approx(1900)  # the line, past level 4


def test_levels_measured_out_of_order_still_give_a_rising_line() -> None:
    """Close levels' averages can come out in the wrong order (level 3 above
    level 4 by a point over a few hands): the line through all four still rises."""
    noisy = DuplicateAnchors({1: -50.0, 2: -12.7, 3: 0.2, 4: 0.0}, hand_sd=45.0)
    low, _sd = duplicate_estimate([-40], ANCHORS, noisy)
    high, _sd = duplicate_estimate([0], ANCHORS, noisy)
    assert low < 1300 < 1500 < high


def test_its_spread_is_the_shipped_one_over_the_hands() -> None:
    """A player who plays exactly like level 4 (every difference 0) still gets
    an interval: the spread is the levels' measured one, not the player's."""
    _value, sd = duplicate_estimate([-5] * 6, ANCHORS, FIGURES)
    assert sd == pytest.approx(20 * 30 / 6 ** 0.5)


def test_three_matches_join_both_estimates_by_their_weights() -> None:
    results = [(1, 1.0), (2, 1.0), (3, 0.0)]
    differences = [-12, -3, -20, 4, -9, -15]
    rating = skill_rating(results, differences, ANCHORS, FIGURES)
    _value, results_sd = estimate([(ANCHORS.of(lv), s) for lv, s in results], ANCHORS.centre)
    assert rating.value is not None and rating.interval is not None
    _value, hands_sd = duplicate_estimate(differences, ANCHORS, FIGURES)
    assert hands_sd == pytest.approx(20 * 30 / 6 ** 0.5)
    assert rating.interval == round(Z95 / (results_sd ** -2 + hands_sd ** -2) ** 0.5)
    assert rating.interval < Z95 * min(results_sd, hands_sd)
    assert 1400 < rating.value < 1700
    assert skill_rating(results[:1], differences[:2], ANCHORS, FIGURES).value is None


def test_the_shipped_figures_load_and_bad_ones_are_named() -> None:
    shipped = load_duplicate_anchors()
    assert shipped.per_hand[4] == 0 and shipped.hand_sd > 0
    with pytest.raises(RatingDataError, match=r"per_hand\.3: missing"):
        duplicate_anchors_from({"per_hand": {1: -9, 2: -5, 4: 0}, "hand_sd": 20})
    with pytest.raises(RatingDataError, match=r"per_hand\.1 must be below per_hand\.4"):
        duplicate_anchors_from({"per_hand": {1: 3, 2: -12, 3: -1, 4: 0}, "hand_sd": 20})
    with pytest.raises(RatingDataError, match="hand_sd must be above 0"):
        duplicate_anchors_from({"per_hand": {1: -9, 2: -5, 3: -1, 4: 0}, "hand_sd": 0})


def test_the_shipped_figures_are_a_fresh_fit_of_the_measured_runs() -> None:
    root = pathlib.Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "tools/fit_duplicate_anchors.py",
                           "benchmarks/duplicate_ladder.jsonl", "--check"], cwd=root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
