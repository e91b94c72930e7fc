"""The cyclic garbage collector, paused over a burst of search.

A search allocates a great many small objects (the solver's tables, the
playouts' simulators and knowledge) and keeps many of them alive until it ends.
Every few hundred allocations the collector wakes up, and its fuller passes
walk everything still alive: over a level-4 decision, whose endgame tables grow
to tens of thousands of entries, that walk is a tenth of the time or more.
The search makes no reference cycles of its own that outlive it (the solver
cuts its closures' cycles when a call ends), so reference counting frees its
objects as before; pausing the collector only postpones its passes to the end
of the burst.  A pause inside a pause leaves the collector as the outer one
found it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


def pause() -> bool:
    """Pause the collector; whether it was running (give it to ``resume``)."""
    was_running = gc.isenabled()
    if was_running:
        gc.disable()
    return was_running


def resume(was_running: bool) -> None:
    """Undo the ``pause`` that answered ``was_running``."""
    if was_running:
        gc.enable()


@contextmanager
def paused() -> Iterator[None]:
    """The collector paused for the ``with`` block, then as it was."""
    was_running = pause()
    try:
        yield
    finally:
        resume(was_running)
