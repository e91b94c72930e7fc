"""Level 4's final round as a race (issue #20): the finalists play batches of
the same deals, a finalist clearly behind stops, and the round never spends
more than its budget of playouts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from belote2p.ai.levels import Level, load_levels
from belote2p.ai.search import SearchPlayer, survivors, trailing
from belote2p.ai.solver import Memo
from belote2p.ai.utility import HandWorth
from belote2p.core.view import SeatView
from tests.support.positions import STOCK


def level4(**search: object) -> Level:
    """The shipped level 4 with a small, quick search and these final-round knobs."""
    level = load_levels()[4]
    knobs = replace(level.search, play_samples=4, finalists=3, final_solve_cards=4,
                    **search)
    return replace(level, search=knobs)


class Spy(SearchPlayer):
    """Level 4 noting each final-round batch: (candidates, deals)."""

    def __init__(self, level: Level, rng: random.Random):
        super().__init__(level, rng)
        self.batches: list[tuple[list[int], int]] = []
        self.in_final = False

    def final_race(self, view: SeatView, candidates: Sequence[int], outlook: HandWorth,
                   memo: Memo) -> tuple[list[int], list[list[float]]]:
        self.in_final = True
        return super().final_race(view, candidates, outlook, memo)

    def rollouts(self, view: SeatView, candidates: Sequence[int], samples: int, solve_cards: int,
                 outlook: HandWorth, memo: Memo | None = None) -> list[list[float]]:
        if self.in_final:
            self.batches.append((list(candidates), samples))
        return super().rollouts(view, candidates, samples, solve_cards, outlook, memo)


def test_survivors_drop_only_a_candidate_clearly_behind():
    columns = {1: [10.0, 12.0, 11.0, 13.0], 2: [9.0, 12.5, 10.0, 12.0], 3: [0.0, 1.0, 0.5, 2.0]}
    assert survivors([1, 2, 3], columns, 2.0) == [1, 2]
    # a gap smaller than the noise keeps both
    assert survivors([1, 2], columns, 2.0) == [1, 2]
    # a constant gap has no noise at all: behind is behind
    assert survivors([1, 2], {1: [3.0, 4.0], 2: [2.0, 3.0]}, 2.0) == [1]
    # one deal tells nothing about the spread
    assert survivors([1, 3], {1: [10.0], 3: [0.0]}, 2.0) == [1, 3]


def test_trailing_is_the_lowest_mean():
    assert trailing([1, 2, 3], {1: [1.0, 3.0], 2: [0.0, 1.0], 3: [5.0, 0.0]}) == 2
    assert trailing([1, 2], {1: [1.0], 2: [1.0]}) == 2  # ties: the later one


@pytest.mark.parametrize("index", range(4))
def test_batches_of_one_round_decide_as_the_round(index):
    """Without dropping or a budget, the race is the plain final round: batches
    of the same deals drawn in the same order, so the same card."""
    view = STOCK[index]
    plain = SearchPlayer(level4(final_samples=12, final_batch=0, final_drop=0, final_budget=0),
                         random.Random(index))
    batched = Spy(level4(final_samples=12, final_batch=5, final_drop=0, final_budget=0),
                  random.Random(index))
    assert batched.choose_card(view) == plain.choose_card(view)
    assert [deals for _, deals in batched.batches] in ([], [5, 5, 2])


@pytest.mark.parametrize("index", range(8))
def test_the_race_keeps_its_budget_and_its_leaders(index):
    view = STOCK[index]
    level = level4(final_samples=40, final_batch=4, final_drop=1.0, final_budget=60)
    spy = Spy(level, random.Random(index))
    card = spy.choose_card(view)
    spent = sum(len(cands) * deals for cands, deals in spy.batches)
    assert spent <= 60
    for (before, _), (after, _) in zip(spy.batches, spy.batches[1:]):
        assert set(after) < set(before) or after == before  # only ever drops
        assert len(after) >= 1
    if spy.batches:
        assert int(card) in spy.batches[-1][0]  # the winner played to the end
        assert sum(deals for _, deals in spy.batches) <= 40


def test_the_race_drops_finalists_and_gives_their_deals_to_the_rest():
    """Over the stock positions, finalists do stop early, and the ones left
    play more deals than an even split of the budget would give them."""
    level = level4(final_samples=40, final_batch=4, final_drop=1.0, final_budget=60)
    longest = 0
    for index, view in enumerate(STOCK):
        spy = Spy(level, random.Random(index))
        spy.choose_card(view)
        if spy.batches and len(spy.batches[0][0]) >= 3:
            longest = max(longest, sum(deals for _, deals in spy.batches))
    assert longest > 60 // 3


def test_a_budget_smaller_than_one_batch_still_plays_a_deal_each():
    view = STOCK[0]
    spy = Spy(level4(final_samples=40, final_batch=4, final_drop=0, final_budget=1),
              random.Random(0))
    spy.choose_card(view)
    if spy.batches:
        assert spy.batches[0][1] == 1
        assert len(spy.batches) == 1
