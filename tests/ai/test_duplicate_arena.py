"""`belote2p arena --duplicate`: the luck-free yardstick (issue #41).

A deal is one match at two tables with the seats swapped, the players'
streams keyed by seat: a player against itself plays the same game at both
tables, so its difference is exactly 0 on every deal."""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys

import pytest

from belote2p.ai import Player
from belote2p.ai.arena import (
    Estimate,
    Outcome,
    deal_pairs,
    duplicate_summary,
    main,
    play_match,
    run_arena,
)
from lab.rivals.pimc import PimcKnobs, make_rival
from tests.support.builders import fast_levels

LEVELS = fast_levels()
SMALL = PimcKnobs(deals=6, screen=3, finalists=2, bid_deals=4)


def quick(level: str, rng: random.Random, levels: object = None) -> Player:
    """Level 4 on a few samples, the PIMC rival on a few deals."""
    return make_rival(level, rng, LEVELS, SMALL)


@pytest.mark.parametrize("player", ["4", "pimc"])
def test_a_player_against_itself_differs_by_exactly_0_on_every_deal(player: str) -> None:
    summary, outcomes = run_arena(player, player, 6, "self", factory=quick, duplicate=True)
    result = duplicate_summary(outcomes)
    assert result.deals == 3 and result.leads == (0, 0, 0)
    assert summary["duplicate"]["lead"] == {"mean": 0.0, "half": 0.0}
    assert summary["duplicate"]["match_value"] == {"mean": 0.0, "half": 0.0}
    assert summary["duplicate"]["share"]["mean"] == 0.5
    # every deal was a real game, not a no-op: someone scored at each table
    assert all(o.a_total + o.b_total > 0 for o in outcomes)


def test_without_duplicate_streams_a_searching_player_does_not_mirror_itself() -> None:
    """What the seat-keyed streams buy: keyed by side, level 4 against itself
    draws other samples at the second table and plays another game."""
    outcomes = [play_match("4", "4", "self", i, quick) for i in range(6)]
    leads = [first.a_total - first.b_total + second.a_total - second.b_total
             for first, second in deal_pairs(outcomes)]
    assert any(lead != 0 for lead in leads)


def test_the_duplicate_figures_are_a_function_of_the_seed() -> None:
    first, outs1 = run_arena("3", "2", 8, "det", duplicate=True)
    again, outs2 = run_arena("3", "2", 8, "det", duplicate=True)
    _, outs3 = run_arena("3", "2", 8, "other", duplicate=True)
    assert first["duplicate"] == again["duplicate"]
    leads = [duplicate_summary(outs).leads for outs in (outs1, outs2, outs3)]
    assert leads[0] == leads[1] != leads[2]


def test_jobs_do_not_change_the_duplicate_figures() -> None:
    one, _ = run_arena("2", "random", 8, "jobs", jobs=1, duplicate=True)
    two, _ = run_arena("2", "random", 8, "jobs", jobs=2, duplicate=True)
    assert one["duplicate"] == two["duplicate"]


def test_the_interval_shrinks_with_the_deals() -> None:
    _, few = run_arena("2", "1", 16, "shrink", duplicate=True)
    _, many = run_arena("2", "1", 64, "shrink", duplicate=True)
    small, large = duplicate_summary(few), duplicate_summary(many)
    assert large.deals == 4 * small.deals
    assert large.lead.half is not None and small.lead.half is not None
    assert large.lead.half < small.lead.half
    # the same spread over four times the values: half the interval (n - 1 aside)
    values = [30.0, -50.0, 110.0, 0.0, -20.0]
    once, four = Estimate.of(values), Estimate.of(values * 4)
    assert once.half is not None and four.half is not None
    assert four.half == pytest.approx(once.half / 2, rel=0.15)
    assert four.mean == once.mean


def outcome(index: int, a: int, b: int) -> Outcome:
    return Outcome(index, a, b, [], [])


def test_a_deal_sums_both_tables_and_an_unpaired_table_is_left_out() -> None:
    outcomes = [outcome(1, 100, 200), outcome(0, 250, 100), outcome(2, 80, 90),
                outcome(5, 10, 0)]  # deal 0 complete; deals 1 and 2 lack a table
    result = duplicate_summary(outcomes)
    assert result.deals == 1 and result.leads == (250 - 100 + 100 - 200,)
    assert result.match_value.mean == 0.0  # a win and a loss
    assert result.share.mean == 0.5 and result.lead.half is None
    with pytest.raises(ValueError, match="both tables"):
        duplicate_summary([outcome(0, 1, 0)])


def test_match_value_counts_a_draw_half() -> None:
    result = duplicate_summary([outcome(0, 100, 100), outcome(1, 90, 80),
                                outcome(2, 0, 10), outcome(3, 5, 5)])
    assert result.leads == (10, -10)
    assert result.match_value.mean == 0.0  # a draw and a win, then a loss and a draw
    assert duplicate_summary([outcome(0, 100, 100), outcome(1, 90, 80)]).match_value.mean == 0.5


def test_the_command_adds_the_duplicate_figures_and_wants_an_even_count(capsys) -> None:
    args = argparse.Namespace(a="2", b="1", matches=4, seed="cli", jobs=1, duplicate=True)
    assert main(args) == 0
    out, err = capsys.readouterr()
    data = json.loads(out.strip().splitlines()[-1])
    assert set(data["duplicate"]) == {"deals", "lead", "match_value", "share"}
    assert data["duplicate"]["deals"] == 2 and "hand points" in err
    odd = argparse.Namespace(a="2", b="1", matches=3, seed="cli", jobs=1, duplicate=True)
    assert main(odd) == 2
    assert "--matches must be even" in capsys.readouterr().err


def test_the_command_line_takes_duplicate() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "belote2p", "arena", "2", "random", "--matches", "2",
         "--seed", "cli", "--duplicate"],
        capture_output=True, text=True, timeout=120, check=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    assert data["duplicate"]["deals"] == 1


def test_rows_give_each_deal_its_lead(tmp_path, capsys) -> None:
    rows = tmp_path / "deals.rows"
    args = argparse.Namespace(a="3", b="2", matches=6, seed="rows", jobs=1, duplicate=True,
                              rows=str(rows))
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    lines = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    assert [line["deal"] for line in lines] == [0, 1, 2]
    assert sum(line["lead"] for line in lines) / 3 == pytest.approx(
        data["duplicate"]["lead"]["mean"], abs=0.01)
