"""The cyclic collector is paused over level 4's card search, and left as it was."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from belote2p.ai import collector
from belote2p.ai.levels import Level, shipped_levels
from belote2p.ai.search import SearchPlayer
from belote2p.ai.solver import Memo
from belote2p.ai.utility import HandWorth
from belote2p.core.view import SeatView
from tests.support.positions import STOCK


@pytest.fixture
def collector_running() -> Iterator[None]:
    was_running = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not was_running:
            gc.disable()


def test_a_pause_inside_a_pause_leaves_the_collector_as_the_outer_one_found_it(
        collector_running) -> None:
    with collector.paused():
        assert not gc.isenabled()
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause found it paused
    assert gc.isenabled()
    gc.disable()
    try:
        with collector.paused():
            pass
        assert not gc.isenabled()  # paused before, paused after
    finally:
        gc.enable()


def test_an_error_inside_the_pause_still_resumes_the_collector(collector_running) -> None:
    with pytest.raises(ZeroDivisionError), collector.paused():
        1 / 0  # noqa: B018
    assert gc.isenabled()


class Watcher(SearchPlayer):
    """Level 4 noting whether the collector ran during its playouts."""

    def __init__(self, level: Level, rng: random.Random):
        super().__init__(level, rng)
        self.seen: set[bool] = set()

    def rollouts(self, view: SeatView, candidates: Sequence[int], samples: int, solve_cards: int,
                 outlook: HandWorth, memo: Memo | None = None) -> list[list[float]]:
        self.seen.add(gc.isenabled())
        return super().rollouts(view, candidates, samples, solve_cards, outlook, memo)


def small_level4() -> Level:
    level = shipped_levels()[4]
    return replace(level, search=replace(level.search, play_samples=3, final_samples=4,
                                         final_batch=2, final_budget=12, final_solve_cards=4))


def test_the_card_search_pauses_the_collector_and_plays_the_same_card(
        collector_running) -> None:
    level = small_level4()
    for index, view in enumerate(STOCK[:4]):
        player = Watcher(level, random.Random(f"collector/{index}"))
        card = player.search_card(view)
        assert player.seen == {False}  # every playout ran with the collector paused
        assert gc.isenabled()  # and it runs again after the decision
        gc.disable()
        try:  # the collector's state is no input to the decision
            again = Watcher(level, random.Random(f"collector/{index}")).search_card(view)
        finally:
            gc.enable()
        assert again == card
