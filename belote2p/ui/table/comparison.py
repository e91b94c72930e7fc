"""Level 4 in your seat, for the end-of-hand panel (issue #32).

When a hand ends the table asks the worker to play it again with level 4 in
the player's seat (``AIWorker.submit_duplicate``, its low-priority process)
and polls the future each frame without waiting; until the line is ready the
panel says the hand is being played again.  Only finished hands are asked for: every card is
public by then, so nothing shown during a hand depends on the comparison.  A scored
run's answers are kept with it (``services.skill_kept``: the hand's difference is its
skill figure, which Statistics and History read), written behind the frame loop.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from ...ai.levels import LevelsError
from ...services.duplicate_text import level4_line, level4_pending
from ...services.skill_kept import keep
from ..worker import AIWorker

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ...store.api import Store

HandKey = tuple[int, int]  # (match, hand), both from 0


class Comparisons:
    """The comparisons asked of the worker this table, by hand, and their lines."""

    def __init__(self, worker: AIWorker, store: Store | None = None):
        self.worker, self.store = worker, store  # store: where the answers are kept
        self._pending: dict[HandKey, tuple[str, str, Future[Any]]] = {}
        self._lines: dict[HandKey, str] = {}

    def ask(self, seed: str, started: str, actions: tuple[str, ...], key: HandKey) -> None:
        """Compare the finished hand ``key`` of the run ``seed`` + ``actions``
        started at ``started`` (asked again, e.g. after practice's undo, the
        newer answer counts)."""
        self._lines.pop(key, None)
        self._pending[key] = (seed, started, self.worker.submit_duplicate(seed, actions, *key))

    def poll(self) -> None:
        """Once a frame: take the answers that are done, never wait for one."""
        for key, (seed, started, future) in list(self._pending.items()):
            if not future.done():
                continue
            del self._pending[key]
            try:
                compared = future.result()
                self._lines[key] = level4_line(compared)
            except Exception:  # a decoration: the hand's panel shows without it
                log.warning("comparing hand %s with level 4 failed", key, exc_info=True)
                self._lines[key] = ""
                continue
            if self.store is not None:
                try:
                    keep(self.store, seed, started, [compared])
                except LevelsError:  # no version to keep it with: the panel shows it anyway
                    log.warning("hand %s's comparison not kept", key, exc_info=True)

    def line(self, key: HandKey) -> str:
        """The hand's line once ready ("" if it failed); its placeholder meanwhile."""
        line = self._lines.get(key)
        return level4_pending() if line is None else line
