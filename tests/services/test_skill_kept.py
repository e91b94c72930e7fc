"""Issue #32 item 2: the differences kept with the runs are the comparisons
themselves (``services.skill_kept``), measured with level 4's version, and
the skill figure read from them is the one computed by replaying."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from belote2p.core.match import Run
from belote2p.services import skill_kept
from belote2p.services.duplicate import run_duplicates, yardstick
from belote2p.services.skill import skill_of
from belote2p.store import open_store
from belote2p.store.api import HandDifference
from tests.support.builders import fast_levels
from tests.support.store_runs import random_actions

LEVELS = fast_levels()  # level 4 with few samples: the tests stay quick


@pytest.fixture
def levels(monkeypatch: pytest.MonkeyPatch) -> dict:
    monkeypatch.setattr(skill_kept, "game_levels", lambda: LEVELS)
    return LEVELS


def _recorded(store, count: int) -> list[tuple[str, str, list[str]]]:
    runs = []
    for i in range(count):
        seed, started = f"kept-{i}", f"2026-11-1{i}T10:00:00+00:00"
        actions = random_actions(seed, n_matches=1)
        run = Run.replay(seed, actions)
        if not run.over:
            run.abandon()
        store.record_finished_run(run, "P", started)
        runs.append((seed, started, actions))
    return runs


def test_filled_differences_are_the_comparisons_and_are_computed_once(tmp_path: Path, levels):
    store = open_store(tmp_path, echo=False)
    runs = _recorded(store, 3)
    assert skill_kept.fill_missing(store) == sum(
        len(run_duplicates(seed, actions, levels)) for seed, _started, actions in runs)
    expected = []
    for seed, started, actions in runs:
        compared = run_duplicates(seed, actions, levels)
        assert skill_kept.kept_of(store, seed, started) == {
            (d.match, d.hand): HandDifference(d.difference, d.rival_difference)
            for d in compared if d.match is not None and d.hand is not None}
        expected += [d.difference for d in compared]
    assert skill_kept.kept_skill(store) == skill_of(expected)
    assert skill_kept.fill_missing(store) == 0  # nothing left to compare
    store.close()
    reopened = open_store(tmp_path, echo=False)
    assert skill_kept.kept_skill(reopened) == skill_of(expected)


def test_a_later_level_4_counts_none_of_the_earlier_differences(tmp_path: Path, levels):
    store = open_store(tmp_path, echo=False)
    (seed, started, actions), = _recorded(store, 1)
    assert skill_kept.compare_missing(store, seed, started, actions, levels) > 0
    later = dict(levels)
    later[4] = replace(levels[4], rival_version=levels[4].rival_version + 1)
    assert yardstick(later) != yardstick(levels)
    assert store.kept_differences(yardstick(later)) == []
    assert store.runs_missing_differences(yardstick(later)) == [1]
