"""A seat the AI plays (the rival; both seats in the demo).

The decision is asked of the worker as soon as the seat is to move, and
taken from the future on a later frame: nothing here waits.  The worker
follows the rival rule of ``services.rival`` (the run's seed, the seat and the
action's index), so a resumed run plays exactly like an uninterrupted one and
``verify`` can re-run every rival decision.
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from ...match import Run
from ..worker import AIWorker


@dataclass
class Pending:
    future: Future[tuple[Any, float]]
    seat: int
    moves: int  # the run's action count when asked
    run: Run


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
            self.pending = Pending(future, seat, moves, run)

    def ready(self) -> bool:
        return self.pending is not None and self.pending.future.done()

    def take(self, run: Run) -> Any:
        """The answer (cards and bids unpickle as the shared instances), checked by
        the engine; a random legal action if the AI broke (the game must not end
        because of it)."""
        assert self.pending is not None
        hand = run.match.hand
        try:
            action, _seconds = self.pending.future.result()
        except Exception as exc:  # noqa: BLE001 - a broken AI must not end the game
            print(f"belote2p: the rival failed; playing a random legal card instead: {exc}",
                  file=sys.stderr)
            action = None
        if action is None or hand.why_illegal(action) is not None:
            rng = random.Random(f"{run.seed}/fallback/{len(run.actions)}")
            action = rng.choice(hand.legal_actions())
        return action
