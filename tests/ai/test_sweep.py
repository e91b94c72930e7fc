"""Issue #41's sweep (lab/experiments/sweep.py, scaled_levels.py): a point is
level 4 with exactly its counts scaled, and 4x1 is level 4 itself."""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

import pytest

from belote2p.ai.arena import duplicate_summary, run_arena
from belote2p.ai.levels import load_levels
from belote2p.ai.search import SearchPlayer
from lab.experiments import scaled_levels, sweep
from tests.support.builders import fast_levels

LEVELS = fast_levels()


@pytest.mark.parametrize("shape", sorted(scaled_levels.SHAPES))
def test_a_point_scales_its_shape_and_nothing_else(shape: str) -> None:
    base = LEVELS[4]
    point = sweep.scaled_level(base, 4, shape)
    for key, value in vars(base.search).items():
        scaled = key in scaled_levels.SHAPES[shape]
        assert getattr(point.search, key) == (value * 4 if scaled else value), key
    assert (point.play, point.bidding, point.match) == (base.play, base.bidding, base.match)


def test_four_times_one_is_level_4_on_every_deal() -> None:
    def factory(name: str, rng: random.Random, levels: object = None):
        return sweep.make_point(name, rng, LEVELS)

    _, outcomes = run_arena("4x1", "4", 4, "sweep-test", factory=factory, duplicate=True)
    assert duplicate_summary(outcomes).leads == (0, 0)
    player = sweep.make_point("4x2bids", random.Random(1), LEVELS)
    assert isinstance(player, SearchPlayer)
    assert player.search_knobs.bid_samples == 2 * LEVELS[4].search.bid_samples


def test_point_names() -> None:
    for good in ("4", "pimc", "pimc1024", "4x2", "4x16play", "4x4bids", "random"):
        assert sweep.point_name(good) == good
    for bad in ("4x0", "4x2deep", "5x2", "4x"):
        with pytest.raises(argparse.ArgumentTypeError):
            sweep.point_name(bad)


def test_scaled_levels_writes_a_levels_file_with_the_counts_scaled(tmp_path) -> None:
    done = subprocess.run([sys.executable, "lab/experiments/scaled_levels.py", "4",
                           "--shape", "play"], capture_output=True, text=True, check=True)
    path = tmp_path / "x4play.yaml"
    path.write_text(done.stdout, encoding="utf-8")
    shipped, scaled = load_levels()[4], load_levels(path)[4]
    assert scaled.search.play_samples == 4 * shipped.search.play_samples
    assert scaled.search.bid_samples == shipped.search.bid_samples
    assert load_levels(path)[3] == load_levels()[3]


def test_paired_rows_subtract_deal_by_deal_over_common_deals(tmp_path) -> None:
    from lab.experiments import paired_rows

    first = {0: {"deal": 0, "lead": 30, "match_value": 1.0},
             1: {"deal": 1, "lead": -10, "match_value": 0.0},
             2: {"deal": 2, "lead": 99, "match_value": 1.0}}
    second = {0: {"deal": 0, "lead": 10, "match_value": 0.0},
              1: {"deal": 1, "lead": -30, "match_value": -1.0}}
    got = paired_rows.paired(first, second)
    assert got["deals"] == 2 and got["lead"]["mean"] == 20.0 and got["lead"]["half"] == 0.0
    assert got["match_value"] == {"mean": 1.0, "half": 0.0}
    bad = tmp_path / "bad.rows"
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="cannot read"):
        paired_rows.read_rows(str(bad))
