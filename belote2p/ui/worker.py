"""The AI thinks off the UI thread.

Level 4 searches for up to a second; a Python thread would share the GIL with
the renderer and stall frames, so the default is a one-process pool (spawned,
not forked: a forked child would inherit SDL's state).  The parent polls the
future each frame.  Every decision follows the one rival rule of
``services.rival.rival_decision`` (a fresh player of the level, its rng seeded
from the run's seed, the seat and the action's index), the rule autoplay and
``verify`` use too: a resumed run plays exactly like an uninterrupted one, a
run file of a game verifies, and nothing stateful crosses the process boundary.

This module must not import pygame: the worker process imports it.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import random
import time


def make_rival(level, rng: random.Random):
    """The rival at ``level``.  Never a stand-in: a level whose data cannot be
    read raises (the title screen refuses scored runs in that case).  Imported
    here, not at the top: the window's process need not load the AI."""
    from ..ai import make_player

    return make_player(level, rng)


def think(level, seed: str, action_index: int, view):
    """Runs in the worker: one decision of the seat to move in ``view`` as the
    run's action number ``action_index``, returned with the seconds it took."""
    from ..services.rival import rival_decision

    start = time.perf_counter()
    try:
        action = rival_decision(view, level, seed, action_index)
    except Exception as exc:  # carry the worker's traceback to the parent's report
        import traceback

        raise RivalFailed(f"level {level}, seed {seed}, action {action_index}: {exc!r}\n"
                          f"{traceback.format_exc()}") from None
    return action, time.perf_counter() - start


class RivalFailed(RuntimeError):
    """The AI raised; the message holds the worker-side traceback."""


def _lower_priority() -> None:
    """The worker yields to the window when both want a core: a search that
    takes a little longer is invisible, a late frame is not."""
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass


def _warm() -> bool:
    from ..services.rival import game_levels

    game_levels()  # read the level data once, before the first decision
    make_rival(1, random.Random(0))
    return True


class AIWorker:
    """``submit`` a decision, ``poll`` for it.  ``mode``: process, thread or
    inline (computed at once; for tests)."""

    def __init__(self, mode: str = "process"):
        self.mode = mode
        self.pool: cf.Executor | None = None
        self._start()

    def _start(self) -> None:
        if self.mode == "process":
            try:
                ctx = multiprocessing.get_context("spawn")
                self.pool = cf.ProcessPoolExecutor(max_workers=1, mp_context=ctx,
                                                    initializer=_lower_priority)
                self.pool.submit(_warm)  # start the process and import the AI now
                return
            except (OSError, ValueError, NotImplementedError):
                self.mode = "thread"  # no processes here: threads still keep the UI alive
        if self.mode == "thread":
            self.pool = cf.ThreadPoolExecutor(max_workers=1)

    def submit(self, level, seed: str, action_index: int, view) -> cf.Future:
        if self.mode == "inline":
            fut: cf.Future = cf.Future()
            try:
                fut.set_result(think(level, seed, action_index, view))
            except Exception as exc:  # surfaced by poll, like a pool's future
                fut.set_exception(exc)
            return fut
        try:
            return self.pool.submit(think, level, seed, action_index, view)  # type: ignore[union-attr]
        except (RuntimeError, cf.process.BrokenProcessPool):
            # the worker died (killed, out of memory): fall back to a thread
            self.mode = "thread"
            self._start()
            return self.pool.submit(think, level, seed, action_index, view)  # type: ignore[union-attr]

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
