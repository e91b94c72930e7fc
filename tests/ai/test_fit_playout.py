"""benchmarks/fit_playout.py: its positions, labels and fit measure what they say."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import pytest

from belote2p.actions import Phase
from belote2p.ai.heuristics import choose_card
from belote2p.ai.levels import shipped_levels
from belote2p.ai.search import SearchPlayer, distinct_cards
from belote2p.resources import levels_path
from benchmarks import fit_playout


def test_the_positions_are_the_stock_phase_choices_of_one_match_every_time() -> None:
    views = list(fit_playout.stock_positions("fit-test", 0))
    assert views, "a match has stock-phase choices"
    for view in views:
        assert view.phase is Phase.PLAY and not view.strict
        assert len(distinct_cards(view)) > 1
    assert {v.seat for v in views} == {0, 1}
    again = list(fit_playout.stock_positions("fit-test", 0))
    assert [(v.seat, v.hand, v.current_trick) for v in again] == [
        (v.seat, v.hand, v.current_trick) for v in views]


@pytest.fixture(scope="module")
def labels() -> list[dict[str, Any]]:
    return fit_playout.label_match(("fit-test", 0, 1))


@pytest.fixture(scope="module")
def more_labels(labels) -> list[dict[str, Any]]:
    return labels + fit_playout.label_match(("fit-test", 1, 1))


def test_a_label_values_every_distinct_card_and_maps_every_legal_card(labels) -> None:
    views = list(fit_playout.stock_positions("fit-test", 0))
    assert len(labels) == len(views)
    for row, view in zip(labels, views):
        legal = {str(int(c)) for c in view.legal_cards()}
        assert set(row["stand_in"]) == legal
        assert set(row["values"]) == {str(c) for c in distinct_cards(view)}
        assert all(str(r) in row["values"] for r in row["stand_in"].values())
        assert all(-0.5 <= v <= 1.5 for v in row["values"].values())
    assert fit_playout.label_match(("fit-test", 0, 1)) == labels  # a seed fixes them


def test_the_regret_is_the_best_value_minus_the_tips_cards(labels) -> None:
    knobs = shipped_levels()[4].play
    for row in labels:
        position = fit_playout.Position(row)
        card = choose_card(position.info, knobs)
        chosen = row["values"][str(row["stand_in"][str(card)])]
        assert position.regret(knobs) == pytest.approx(max(row["values"].values()) - chosen)
        assert position.regret(knobs) >= 0


def test_one_knob_changes_alone() -> None:
    knobs = shipped_levels()[4].play
    changed = fit_playout.with_knob(knobs, "keep_plain.ace", 99.0)
    assert changed.keep_plain[7] == 99.0 and changed.keep_plain[:7] == knobs.keep_plain[:7]
    assert changed.keep_trump == knobs.keep_trump
    assert fit_playout.knob_value(changed, "keep_plain.ace") == 99.0
    assert fit_playout.with_knob(knobs, "win_bonus", 0.25).win_bonus == 0.25
    for old in (0.0, 0.1, 3.0, 60.0):
        assert all(v >= 0 for v in fit_playout.trial_values(old, 0.5))


def test_the_fit_finds_knobs_that_play_the_labelled_best_cards(more_labels, tmp_path: Path,
                                                                capsys) -> None:
    """Labels that reward exactly the cards another set of knobs plays: the fit
    must move toward them (lower regret than the shipped knobs on the training
    half), and report what it changed."""
    target = fit_playout.with_knob(shipped_levels()[4].play, "lead_trump_penalty", 0.0)
    target = fit_playout.with_knob(target, "keep_plain.ace", 0.0)
    rigged = []
    for row in more_labels:
        card = choose_card(fit_playout.Position(row).info, target)
        best = row["stand_in"][str(card)]
        rigged.append({**row, "values": {c: float(int(c) == best) for c in row["values"]}})
    path = tmp_path / "labels.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rigged), encoding="utf-8")
    fit_playout.fit(argparse.Namespace(labels=[str(path)], rounds=3, levels=None))
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["regret_before"]["train"] > 0
    assert report["train"] and report["test"]  # match 0 trains, match 1 tests
    assert report["regret_after"]["train"] < report["regret_before"]["train"]
    assert report["regret_after"]["test"] <= report["regret_before"]["test"]
    assert report["changed"]


def test_the_judges_value_the_screenings_finalists_and_the_searchs_card(labels) -> None:
    """``screen`` takes the best label value among the finalists (the tips' own
    card always among them), ``choice`` the label value of the card played."""
    path = str(levels_path())
    views = list(fit_playout.stock_positions("fit-test", 0))[:6]
    values = [row["values"] for row in labels[:6]]
    screened = fit_playout.judge_match(("screen", "fit-test", 0, (path,), values))
    chosen = fit_playout.judge_match(("choice", "fit-test", 0, (path,), values))
    assert len(screened) == len(chosen) == len(views)
    level = shipped_levels()[4]
    for index, (view, row) in enumerate(zip(views, labels)):
        stand_in = row["stand_in"]
        player = SearchPlayer(level, random.Random(f"bench4/screen/fit-test/0/{index}"))
        kept = fit_playout.finalists(player, view)
        _, default = player.candidates(view)
        assert default in kept and 1 <= len(kept) <= level.search.finalists + 1
        assert screened[index] == [max(row["values"][str(stand_in[str(int(c))])] for c in kept)]
        player = SearchPlayer(level, random.Random(f"bench4/choice/fit-test/0/{index}"))
        card = player.search_card(view)
        assert chosen[index] == [row["values"][str(stand_in[str(int(card))])]]
