"""The AI thinks off the UI thread.

Level 4 searches for up to a second; a Python thread would share the GIL with
the renderer and stall frames, so the default is a one-process pool (spawned,
not forked: a forked child would inherit SDL's state).  The parent polls the
future each frame.  Every decision follows the one rival rule of
``services.rival.rival_decision`` (a fresh player of the level, its rng seeded
from the run's seed, the seat and the action's index), the rule autoplay and
``verify`` use too: a resumed run plays exactly like an uninterrupted one, a
run file of a game verifies, and nothing stateful crosses the process boundary.

The same worker reviews finished hands (issue #11): a review is a job like
the rival's, queued behind a pending decision so that decision is never lost.
Its progress and a "stop" request cross the process boundary through a small
shared array (``ReviewBoard``), read by the window without waiting.

A worker that dies (killed, out of memory) or stops answering (SIGSTOP) is
replaced: ``rescue`` kills it, starts a fresh one for the next decisions, and
computes the pending decision by the same rule in a thread of this process,
so the move is the one ``verify`` expects.  A worker never outlives the game:
it watches its parent and exits when the parent is gone (however it ended).

This module must not import pygame: the worker process imports it.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import functools
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable, MutableSequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # the window's process need not load the AI (see make_rival)
    from ..ai.base import Player
    from ..ai.hints import Hint
    from ..core.actions import Action
    from ..core.view import SeatView
    from ..services.duplicate import Duplicate

# Seconds the rival's decision may take in the worker before it is computed here
# instead (level 4 takes about a second; a worker that takes this long is stuck).
ANSWER_BOUND = 30.0
PARENT_POLL = 0.5  # seconds between the worker's looks at its parent
T = TypeVar("T")
U = TypeVar("U")


def make_rival(level: int | str, rng: random.Random) -> Player:
    """The rival at ``level``.  Never a stand-in: a level whose data cannot be
    read raises (the title screen refuses scored runs in that case).  Imported
    here, not at the top: the window's process need not load the AI."""
    from ..ai import make_player

    return make_player(level, rng)


def think(level: int | str, seed: str, action_index: int, view: SeatView) -> tuple[Action, float]:
    """Runs in the worker: one decision of the seat to move in ``view`` as the
    run's action number ``action_index``, returned with the seconds it took."""
    from ..services.rival import rival_decision

    start = time.perf_counter()
    try:
        action = rival_decision(view, level, seed, action_index)
    except Exception as exc:  # noqa: BLE001 - carry the worker's traceback to the parent's report
        import traceback

        raise RivalFailed(f"level {level}, seed {seed}, action {action_index}: {exc!r}\n"
                          f"{traceback.format_exc()}") from None
    return action, time.perf_counter() - start


def advise(view: SeatView, seed: str) -> Hint:
    """Runs in the worker: the practice hint for the seat to move in ``view``
    (``ai.hints``; the view is all it reads)."""
    from ..ai.hints import hint

    return hint(view, seed)


@functools.lru_cache(maxsize=32)
def compare(seed: str, actions: tuple[str, ...], match: int, hand: int) -> Duplicate:
    """Runs in the worker: a finished hand played again with level 4 in the
    player's seat (``services.duplicate``; issue #32), at the worker's low
    priority, so the table never waits for it.  Remembered: the end-of-hand
    panel and the review it opens ask for the same hand, and the answer is a
    frozen value that depends on nothing but these arguments (the shipped
    levels are read once a process)."""
    from ..services.duplicate import duplicate_hand

    return duplicate_hand(seed, actions, match, hand)


class RivalFailed(RuntimeError):
    """The AI raised; the message holds the worker-side traceback."""


# -------------------------------------------------------------- hand reviews
# Slots of the board shared with the worker: the job being reviewed, how many
# of its decisions are judged, out of how many, and the job asked to stop.
JOB, DONE, TOTAL, STOP = range(4)
_board: MutableSequence[int] = [0, 0, 0, 0]  # the worker's view of the board


class ReviewStopped(RuntimeError):
    """The window no longer wanted this review (the player went back)."""


class ReviewFailed(RuntimeError):
    """The record could not be replayed; the message says why."""


def review(job: int, record: dict[str, Any], settings: Any) -> Any:
    """Runs in the worker: the ``HandReview`` of a hand record (plain data in,
    frozen picklable values out).  Imported here: the window need not load the AI."""
    from ..ai.review import review_hand
    from ..core.record import RecordError, replay_hand

    board = _board
    if board[STOP] == job:
        raise ReviewStopped(f"review {job} stopped before it began")
    try:
        hand = replay_hand(record)
    except RecordError as exc:
        raise ReviewFailed(str(exc)) from None

    def progress(done: int, total: int) -> None:
        board[DONE], board[TOTAL] = done, total
        board[JOB] = job  # last: a reader never pairs this job with another's counts
        if board[STOP] == job:
            raise ReviewStopped(f"review {job} stopped at {done}/{total}")

    board[DONE], board[TOTAL] = 0, 0
    board[JOB] = job
    return review_hand(hand, settings, progress)


def _share_board(board: MutableSequence[int]) -> None:
    global _board
    _board = board


def _init_process(board: MutableSequence[int], game_pid: int = 0) -> None:
    _share_board(board)
    _lower_priority()
    _watch_parent(game_pid)


def parent_gone(game_pid: int, first_parent: int) -> bool:
    """In the worker: has the game that started it ended?  (Its sentinel pipe
    closed, this process was handed to another parent, or the game's pid is gone.)"""
    parent = multiprocessing.parent_process()
    if parent is not None and not parent.is_alive():
        return True
    if os.name != "posix":
        return False  # (os.kill would end the process there, not probe it)
    if os.getppid() != first_parent:
        return True
    if game_pid > 0:
        try:
            os.kill(game_pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            pass
    return False


def _watch_parent(game_pid: int) -> None:
    """A daemon thread that ends this worker process once the game is gone:
    a killed game (SIGKILL, a crash) must not leave its worker behind."""
    first_parent = os.getppid()

    def watch() -> None:
        while not parent_gone(game_pid, first_parent):
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="belote2p-parent-watch", daemon=True).start()


def _lower_priority() -> None:
    """The worker yields to the window when both want a core: a search that
    takes a little longer is invisible, a late frame is not."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)


def _warm() -> bool:
    from ..services.rival import game_levels

    game_levels()  # read the level data once, before the first decision
    make_rival(1, random.Random(0))
    return True


class AIWorker:
    """``submit`` a decision, ``poll`` for it.  ``mode``: process, thread or
    inline (computed at once; for tests).  ``answer_bound``: the seconds a
    decision may take in the worker before ``RivalSeats`` rescues it.
    ``start``: False leaves the pool to ``start()`` (the window calls it after
    its first frame: a spawned process importing the AI would share the cores
    with the window's start) or to the first job submitted."""

    def __init__(self, mode: str = "process", answer_bound: float = ANSWER_BOUND,
                 start: bool = True):
        self.mode = mode
        self.answer_bound = answer_bound
        self.pool: cf.Executor | None = None
        self.board: MutableSequence[int] = [0, 0, 0, 0]
        self._jobs = 0
        self._rescuer: cf.ThreadPoolExecutor | None = None
        self._loader: cf.ThreadPoolExecutor | None = None
        self._closed = False
        if start:
            self.start()

    def start(self) -> None:
        """The pool, unless it runs already or the worker was shut down."""
        if self.pool is None and not self._closed:
            self._start()

    def _start(self) -> None:
        if self.mode == "process":
            try:
                ctx = multiprocessing.get_context("spawn")
                board = ctx.RawArray("i", 4)  # ints written whole: no lock needed
                self.pool = cf.ProcessPoolExecutor(max_workers=1, mp_context=ctx,
                                                    initializer=_init_process,
                                                    initargs=(board, os.getpid()))
                self.board = board
                self.pool.submit(_warm)  # start the process and import the AI now
                return
            except (OSError, ValueError, NotImplementedError):
                self.mode = "thread"  # no processes here: threads still keep the UI alive
        if self.mode == "thread":
            self.board = [0, 0, 0, 0]
            _share_board(self.board)  # same process: the module's board is ours
            self.pool = cf.ThreadPoolExecutor(max_workers=1)
        if self.mode == "inline":
            _share_board(self.board)

    def pids(self) -> list[int]:
        """The worker processes' ids (none in thread or inline mode)."""
        processes = getattr(self.pool, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.pid is not None]

    def _stop_pool(self) -> None:
        """The pool goes, its processes killed at once (SIGKILL also ends a
        stopped one, which nothing else would: closing must never wait on it)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()
        with contextlib.suppress(Exception):  # a broken pool may raise on shutdown
            pool.shutdown(wait=False, cancel_futures=True)

    def _restart(self) -> None:
        """A fresh pool of the same mode (a dead or stuck worker is killed first)."""
        if self.mode == "inline":
            return
        self._stop_pool()
        self._start()

    def _submit(self, fn: Any, *args: Any) -> cf.Future[Any]:
        self.start()  # (a job asked for before the window's first frame)
        try:
            return self.pool.submit(fn, *args)  # type: ignore[union-attr]
        except (RuntimeError, cf.process.BrokenProcessPool):
            self._restart()  # the worker died (killed, out of memory): a fresh one
            try:
                return self.pool.submit(fn, *args)  # type: ignore[union-attr]
            except (RuntimeError, cf.process.BrokenProcessPool):
                self.mode = "thread"  # no process will start: threads keep the UI alive
                self._restart()
                return self.pool.submit(fn, *args)  # type: ignore[union-attr]

    def submit(self, level: int | str, seed: str, action_index: int,
               view: SeatView) -> cf.Future[Any]:
        return self._job(think, level, seed, action_index, view)

    def rescue(self, level: int | str, seed: str, action_index: int,
               view: SeatView) -> cf.Future[Any]:
        """The worker died or did not answer in time: it is replaced (for the
        next decisions), and this decision is computed by the same rule in a
        thread of this process, off the frame loop."""
        self._restart()
        if self._rescuer is None:
            self._rescuer = cf.ThreadPoolExecutor(max_workers=1,
                                                  thread_name_prefix="belote2p-rescue")
        return self._rescuer.submit(think, level, seed, action_index, view)

    def submit_hint(self, view: SeatView, seed: str) -> cf.Future[Any]:
        """A practice hint for ``view``, computed off the UI thread; poll the future."""
        return self._job(advise, view, seed)

    def submit_duplicate(self, seed: str, actions: tuple[str, ...], match: int,
                         hand: int) -> cf.Future[Any]:
        """Level 4 in the player's seat for a finished hand (``compare``), off
        the UI's process; poll the future (a ``Duplicate``)."""
        return self._job(compare, seed, actions, match, hand)

    def _job(self, fn: Callable[..., Any], *args: Any) -> cf.Future[Any]:
        """``fn(*args)`` in the worker; inline mode computes it at once."""
        if self.mode == "inline":
            fut: cf.Future[Any] = cf.Future()
            try:
                fut.set_result(fn(*args))
            except Exception as exc:  # noqa: BLE001 - surfaced by poll, like a pool's future
                fut.set_exception(exc)
            return fut
        return self._submit(fn, *args)

    def submit_review(self, record: dict[str, Any], settings: Any) -> ReviewJob:
        """Review a finished hand's record in the worker; poll the job."""
        self._jobs += 1
        job = self._jobs
        if self.mode == "inline":
            fut: cf.Future[Any] = cf.Future()
            try:
                fut.set_result(review(job, record, settings))
            except Exception as exc:  # noqa: BLE001 - surfaced by the job's future, as a pool's
                fut.set_exception(exc)
            return ReviewJob(job, fut, self)
        return ReviewJob(job, self._submit(review, job, record, settings), self)

    def in_background(self, fn: Callable[[], T]) -> cf.Future[T]:
        """``fn()`` off the frame loop, in a thread of this process (work that
        reads the store, which the worker process does not have: History's
        list of runs replays every run).  Inline mode computes it at once."""
        if self.mode == "inline":
            fut: cf.Future[T] = cf.Future()
            try:
                fut.set_result(fn())
            except Exception as exc:  # noqa: BLE001 - surfaced by the future, as a pool's
                fut.set_exception(exc)
            return fut
        if self._loader is None:
            self._loader = cf.ThreadPoolExecutor(max_workers=1,
                                                 thread_name_prefix="belote2p-load")
        return self._loader.submit(fn)

    def shutdown(self) -> None:
        self._closed = True
        self._stop_pool()
        for pool in (self._rescuer, self._loader):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._rescuer = self._loader = None


@dataclass(frozen=True)
class Taken(Generic[T]):
    """What a done future gave: its result, or what stood in for it (a result
    may itself be None, so "not done yet" is ``taken``'s None, not this)."""

    value: T


def taken(future: cf.Future[T] | None, fallback: Callable[[Exception], U],
          failures: tuple[type[Exception], ...] = (Exception,)) -> Taken[T | U] | None:
    """A background job's outcome, for a screen that polls it each frame:
    None while ``future`` is not done (or there is none); once it is, its
    result, or ``fallback(exc)`` when it raised one of ``failures`` (called
    inside the ``except``, so a ``log.exception`` there logs the traceback).
    Any other exception is raised: a bug surfaces.  The one way every
    screen takes what ``AIWorker.in_background`` (or the worker) read."""
    if future is None or not future.done():
        return None
    try:
        return Taken(future.result())
    except failures as exc:
        return Taken(fallback(exc))


class ReviewJob:
    """A review asked of the worker: its future, its progress, and ``stop``."""

    def __init__(self, job: int, future: cf.Future[Any], worker: AIWorker) -> None:
        self.job, self.future, self._worker = job, future, worker

    def progress(self) -> tuple[int, int]:
        """(decisions judged, decisions in all); (0, 0) until it starts."""
        board = self._worker.board
        if self.future.done():
            return (board[TOTAL], board[TOTAL]) if board[JOB] == self.job else (0, 0)
        if board[JOB] != self.job:
            return 0, 0
        return board[DONE], board[TOTAL]

    def stop(self) -> None:
        """Give up the review: the worker stops at its next decision, so a
        rival's move asked later does not wait for a review nobody reads."""
        if not self.future.done():
            self.future.cancel()
            self._worker.board[STOP] = self.job
