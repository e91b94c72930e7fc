"""A seat the AI plays (the rival; both seats in the demo).

The decision is asked of the worker as soon as the seat is to move, and
taken from the future on a later frame: nothing here waits.  The worker
follows the rival rule of ``services.rival`` (the run's seed, the seat and the
action's index), so a resumed run plays exactly like an uninterrupted one and
``verify`` can re-run every rival decision.

A worker that dies, or gives no answer within ``worker.answer_bound`` seconds
(stopped, stuck), is rescued: the same decision is computed by the same rule
in this process (``AIWorker.rescue``), so a scored run always verifies.  There
is no other move than the rule's: no fallback, nothing a player could predict.
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from ...core.match import Run
from ..worker import ANSWER_BOUND, AIWorker, RivalFailed


@dataclass
class Pending:
    future: Future[tuple[Any, float]]
    seat: int
    moves: int  # the run's action count when asked
    run: Run
    level: Any = None
    asked: float = field(default_factory=time.monotonic)
    rescued: bool = False


class RivalSeats:
    def __init__(self, worker: AIWorker):
        self.worker = worker
        self.pending: Pending | None = None

    def forget(self) -> None:
        self.pending = None

    def ask(self, run: Run, seat: int, level: Any, now: bool = True) -> None:
        """Ask the worker for ``seat``'s move, once per position (``now``
        False: not yet, the screen is not showing this position)."""
        moves = len(run.actions)
        p = self.pending
        if p is not None and (p.run is not run or p.moves != moves):
            self.pending = None  # the game moved on (a new demo run)
        if self.pending is None and now:
            future = self.worker.submit(level, str(run.seed), moves, run.match.view(seat))
            self.pending = Pending(future, seat, moves, run, level)

    def ready(self) -> bool:
        p = self.pending
        if p is None:
            return False
        if not p.rescued and (_failed(p.future)
                              or time.monotonic() - p.asked > self._bound()):
            # the worker died or is stuck: the same decision, computed here
            p.future = self.worker.rescue(p.level, str(p.run.seed), p.moves,
                                          p.run.match.view(p.seat))
            p.rescued = True
            return p.future.done()
        return p.future.done()

    def _bound(self) -> float:
        return float(getattr(self.worker, "answer_bound", ANSWER_BOUND))

    def take(self, run: Run) -> Any:
        """The answer (cards and bids unpickle as the shared instances), checked
        by the engine.  The rule has no other move: if even the rescue failed,
        ``RivalFailed`` (a scored run is never played on with a made-up move)."""
        assert self.pending is not None
        action, _seconds = self.pending.future.result()
        reason = run.match.hand.why_illegal(action)
        if reason is not None:
            raise RivalFailed(f"the rival's rule answered {action}, which is illegal: {reason}")
        return action


def _failed(future: Future[Any]) -> bool:
    """Did the worker's future end without an answer (the worker died, the AI raised)?"""
    return future.done() and (future.cancelled() or future.exception() is not None)
