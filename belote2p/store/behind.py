"""Write-behind: the window's writes go to the database from a thread of
their own, so that no frame ever waits on SQLite.

The store's changes land in its write buffer at once (and are read back
from there); this thread writes them, one short try at a time (no wait for
another process's lock while holding the store's), and tries again later,
the pause doubling up to ``RETRY_MAX``, while the database is locked or
slow.  ``since`` tells since when something waits to be written (the
window shows a quiet "saving..." after a moment).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

RETRY_FIRST = 0.05  # seconds before the first retry of a write that could not go through
RETRY_MAX = 1.0


class WriteBehind:
    """Calls ``flush(durable) -> bool`` (True: all written) in a thread,
    whenever ``soon`` says there is something to write."""

    def __init__(self, flush: Callable[[bool], bool], name: str = "belote2p-store") -> None:
        self._flush = flush
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._durable = False
        self._asked = 0  # how many times ``soon`` was called: a write covers those before it
        self._since: float | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def since(self) -> float | None:
        """``time.monotonic()`` of the oldest change not written yet, or None."""
        return self._since

    def soon(self, durable: bool = False) -> None:
        """Something changed: write it (``durable``: sync it to disk)."""
        with self._lock:
            self._durable = self._durable or durable
            self._asked += 1
            if self._since is None:
                self._since = time.monotonic()
        self._wake.set()

    def _run(self) -> None:
        pause = RETRY_FIRST
        while True:
            waiting = self._since is not None
            self._wake.wait(timeout=pause if waiting else None)
            self._wake.clear()
            with self._lock:
                if self._since is None:
                    if self._stopping:
                        return
                    continue
                durable, asked = self._durable, self._asked
                self._durable = False
            if self._flush(durable):
                pause = RETRY_FIRST
                with self._lock:
                    if self._asked == asked:
                        self._since = None
            else:
                with self._lock:
                    self._durable = self._durable or durable
                if pause == RETRY_FIRST:
                    log.info("a write could not go through (the database is locked or "
                             "slow); trying again, every %.1f s at most", RETRY_MAX)
                pause = min(pause * 2, RETRY_MAX)

    def stop(self, timeout: float) -> bool:
        """Stop the thread after its current try (``timeout`` seconds at most);
        True when it stopped.  What is left unwritten stays in the buffer."""
        with self._lock:
            self._stopping = True
            self._since = None  # the caller writes what is left itself
        self._wake.set()
        self._thread.join(timeout)
        return not self._thread.is_alive()
