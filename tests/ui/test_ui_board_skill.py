"""The daily tab ranked by skill (issue #32), through the real loop: the
toggle asks the worker to play each day's runs again with level 4 in the same
seat, one hand at a time ("…" until a day's runs are all compared), then shows
each day's best by skill a hand; a run without its moves shows "–" at once."""

from __future__ import annotations

import pytest

from belote2p.services.duplicate import Duplicate, finished_hands
from belote2p.services.duplicate_text import skill_cell
from belote2p.services.skill import skill_of
from belote2p.ui.navigation import Route
from belote2p.ui.scenes.leaderboard import LeaderboardScene
from lab import harness as h
from lab.samples import DAILY_DAY, recorded_store

pytestmark = pytest.mark.ui


def test_the_daily_tab_ranks_by_skill_computed_in_the_worker():
    store = recorded_store(in_progress=False)
    game = h.make_app(size=(960, 600), store=store)
    try:
        board = game.nav.reset(Route.LEADERBOARD)
        assert isinstance(board, LeaderboardScene)
        board.show_tab(2)  # the daily tab
        h.step(game)
        by_score = list(board.cells)
        h.click(board.offer()["buttons"]["order"].center)
        h.step(game, 3)
        held = h.held_comparisons(game)
        assert len(held.asked) == 1  # one hand at a time
        row = next(i for i, cells in enumerate(board.cells) if cells[3] == "…")
        assert store.run_record(board.ids[row]).daily == DAILY_DAY
        assert board.cells[row][3] == "…" and board.cells[row][:3] == by_score[row][:3]
        record = store.run_record(board.ids[row])
        assert record is not None
        hands = list(finished_hands(record.seed, record.actions))
        for n, (match, hand) in enumerate(hands):  # each hand 10 points better than level 4's
            (seed, actions, asked_match, asked_hand), future = held.asked[n]
            assert (seed, actions, asked_match, asked_hand) == (record.seed, record.actions,
                                                               match, hand)
            future.set_result(Duplicate(match, hand, (100, 62), (90, 72), (), ()))
            h.step(game)
        assert len(held.asked) == len(hands)
        assert board.cells[row][3] == skill_cell(skill_of([10] * len(hands))) == "+10.0"
        h.click(board.offer()["buttons"]["order"].center)  # back to the score's order
        h.step(game)
        assert board.cells == by_score
    finally:
        game.app.shutdown()
