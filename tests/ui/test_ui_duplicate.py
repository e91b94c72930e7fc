"""Level 4 in your seat, computed for the window (issue #32)."""

from __future__ import annotations

import pytest

from belote2p.core.match import Run
from belote2p.services.duplicate import duplicate_hand
from lab.play import play_run


@pytest.mark.parametrize("mode", ["inline", "process"])
def test_the_window_compares_a_hand_in_its_worker(mode: str) -> None:
    """The end-of-hand line is computed by the AI worker (its own low-priority
    process in the game), never on the frame loop; the answer is the service's."""
    from belote2p.ui.worker import AIWorker

    run: Run = play_run("duplicate-ui", "2", max_matches=1)
    worker = AIWorker(mode=mode)
    try:
        actions = tuple(run.actions)
        future = worker.submit_duplicate("duplicate-ui", actions, 0, 1)
        compared = future.result(timeout=120)
    finally:
        worker.shutdown()
    assert compared == duplicate_hand("duplicate-ui", actions, 0, 1)


def test_a_hand_compared_twice_is_played_again_once() -> None:
    """The end-of-hand panel and the review it opens ask the worker for the same
    hand: the second answer is the first, not another replay with level 4."""
    from belote2p.ui.worker import AIWorker

    run: Run = play_run("duplicate-twice", "1", max_matches=1)
    actions = tuple(run.actions)
    worker = AIWorker(mode="inline")
    try:
        first = worker.submit_duplicate("duplicate-twice", actions, 0, 0).result(timeout=120)
        again = worker.submit_duplicate("duplicate-twice", actions, 0, 0).result(timeout=120)
    finally:
        worker.shutdown()
    assert again is first
    assert first == duplicate_hand("duplicate-twice", actions, 0, 0)
