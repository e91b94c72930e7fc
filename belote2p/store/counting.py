"""Schema 4's counting in the background: the window's store counts the
figures of the runs recorded before version 4 from a thread of its own, after
opening, so that its first frame does not wait for it (issue #31: some 30 s
for 10,000 runs, once).

A batch is read (a query), replayed without the store's lock and written in
a short transaction (``SqliteStore._count_batch``, ``queries.figures_batch``):
the thread never holds the lock longer than one of those.  It stops between
two runs when asked (``stop``: the window closes), leaving the mark
(``queries.FIGURES_FROM``) for whoever opens the folder next.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

# seconds the thread sleeps between two runs' replays: the window's loop then
# takes the GIL at once, where it waited up to the interpreter's switch
# interval (5 ms) at each of its releases (10,000 runs, frames while
# counting: without it p95 33 ms and longest 49-55 ms; 1 ms: 19.5 and 36 ms;
# 3 ms: 18.5 and 20 ms, against 16.5-18 and 21-31 ms once counted).  The
# count then takes about twice as long: it is behind the window, once.
BETWEEN_RUNS = 0.002
RETRY_FIRST = 0.1  # seconds before trying a batch again whose write did not go through
RETRY_MAX = 2.0
RETRIES = 30  # batches in a row that could not be written: then the next opening goes on

# ``batch(stopping)``: one batch; True while more may remain, False when all is
# counted, None when it was not written (``stopping()`` said so, or storage failed)
Batch = Callable[[Callable[[], bool]], bool | None]


class Counting:
    """Calls ``batch`` in a thread until every run is counted, pausing
    ``pause`` seconds between two batches (other processes write then)."""

    def __init__(self, batch: Batch, pause: float, name: str = "belote2p-figures") -> None:
        self._batch = batch
        self._pause = pause
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        failed = 0
        while not self._stopping.is_set():
            more = self._batch(self._between_runs)
            if more is False:
                return
            if more is None:
                if self._stopping.is_set():
                    return
                failed += 1
                if failed >= RETRIES:
                    log.info("the figures of older runs could not be written %d times in a "
                             "row; whoever opens the folder next goes on", failed)
                    return
                pause = min(RETRY_FIRST * 2 ** (failed - 1), RETRY_MAX)
            else:
                failed, pause = 0, self._pause
            self._stopping.wait(pause)

    def _between_runs(self) -> bool:
        """A pause between two runs' replays; True: stop now."""
        return self._stopping.wait(BETWEEN_RUNS)

    def stop(self, timeout: float) -> bool:
        """Stop before the next run is replayed (``timeout`` seconds at most,
        a transaction under way ends first); True when it stopped."""
        self._stopping.set()
        self._thread.join(timeout)
        return not self._thread.is_alive()
