"""A run's skill figure for a screen (issue #32), computed off the frame loop.

Each finished hand is played again with level 4 in the player's seat in the
AI worker (``AIWorker.submit_duplicate``), one hand at a time: a screen polls
the job each frame and never waits, and a screen left early stops it after
the hand in hand (a few tenths of a second), so the worker is soon free for
the rival's decisions.  No pygame here.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any

from ..services.duplicate import finished_hands
from ..services.duplicate_text import skill_line
from ..services.skill import Skill, skill_of
from .worker import AIWorker

log = logging.getLogger(__name__)


class SkillJob:
    """The skill figure of the run ``seed`` + ``actions``, hand by hand."""

    def __init__(self, worker: AIWorker, seed: str, actions: tuple[str, ...]):
        self.worker, self.seed, self.actions = worker, seed, actions
        self._hands = list(finished_hands(seed, actions))  # the engine alone: milliseconds
        self._asked = 0
        self._pending: Future[Any] | None = None
        self._differences: list[int] = []
        self.failed = False

    def poll(self) -> None:
        """Once a frame: take the hand compared, ask for the next; never waits."""
        pending = self._pending
        if pending is not None:
            if not pending.done():
                return
            self._pending = None
            try:
                self._differences.append(pending.result().difference)
            except Exception:  # a figure shown for interest: the screen goes on without it
                log.warning("the skill figure of run %s failed", self.seed, exc_info=True)
                self.failed = True
        if not self.failed and self._asked < len(self._hands):
            match, hand = self._hands[self._asked]
            self._asked += 1
            self._pending = self.worker.submit_duplicate(self.seed, self.actions, match, hand)

    def result(self) -> Skill | None:
        """The figure once every hand is compared; None until then (or if it failed)."""
        if self.failed or self._pending is not None or self._asked < len(self._hands):
            return None
        return skill_of(self._differences)

    def text(self) -> str:
        """"…" while it is computed, then the skill line ("" if it failed, or
        before the run's first hand ended)."""
        if self.failed:
            return ""
        skill = self.result()
        return "…" if skill is None else skill_line(skill) or ""

    def stop(self) -> None:
        """Nobody reads it any more: ask for no further hand."""
        self.failed = True
        if self._pending is not None:
            self._pending.cancel()
