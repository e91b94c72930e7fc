"""The leaderboard reads the store off the frame loop, like History and
Statistics (issue #31): each tab's rows are read in the background the first
time it is shown ("Loading…" meanwhile), and the daily tab's boards — which
look through every run, about 2 s of 100,000 — never hold a frame."""

from __future__ import annotations

import threading

import pygame
import pytest

from belote2p.core.match import Run
from belote2p.services.i18n import set_language
from belote2p.store import MemoryStore
from belote2p.ui import gfx
from belote2p.ui.navigation import Route
from lab import harness as h

pytestmark = pytest.mark.ui


class SlowBoardStore(MemoryStore):
    """The board's reads wait until the test lets them finish, and note their thread."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []

    def _slow(self) -> None:
        self.threads.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():  # else fail, not hang
            assert self.release.wait(timeout=60), "the test never let the store answer"

    def leaderboard(self, *args, **kwargs):
        self._slow()
        return super().leaderboard(*args, **kwargs)

    def runs_page(self, before=None, limit=None):
        self._slow()
        return super().runs_page(before, limit)


def _game_with_a_run(store: SlowBoardStore):
    """A window (store reads in a thread) on ``store``, which holds one finished run."""
    set_language("en")
    run = Run("board-loading")
    run.abandon()
    store.record_finished_run(run, "Alice", "2026-01-02T10:00:00")
    return h.make_app(store=store, worker="thread")


def _drawn_while(game, frames: int) -> list[str]:
    drawn: list[str] = []
    gfx.text_hook = lambda text, rect, within, clipped: drawn.append(text)
    try:
        before = game.app.frames
        h.step(game, frames)
        assert game.app.frames == before + frames  # the loop went on while the store worked
    finally:
        gfx.text_hook = None
    return drawn


def _until_loaded(game, board) -> None:
    for _ in range(600):  # frames, not seconds: until the thread hands the rows over
        h.step(game)
        if board.cells:
            return
        threading.Event().wait(0.005)


def test_each_tab_is_read_while_the_loop_keeps_drawing():
    store = SlowBoardStore()
    game = _game_with_a_run(store)
    try:
        store.release.set()  # the title reads its best score itself (off the loop too)
        h.open_title(game)
        store.release.clear()
        store.threads.clear()
        game.nav.push(Route.LEADERBOARD)
        board = game.app.top
        assert "Loading…" in _drawn_while(game, 5) and board.cells == []
        for _attempt in range(2000):  # the loading thread may not have begun yet (a busy host)
            if store.threads:
                break
            threading.Event().wait(0.005)
        assert store.threads and threading.main_thread() not in store.threads
        h.key(pygame.K_RIGHT)  # the AI tab meanwhile: the loop still answers
        h.key(pygame.K_RIGHT)  # and the daily tab
        h.step(game)
        assert board.tab == 2 and "Loading…" in _drawn_while(game, 3)
        store.release.set()
        h.key(pygame.K_LEFT)
        h.key(pygame.K_LEFT)
        h.step(game)
        _until_loaded(game, board)
        assert [cells[1] for cells in board.cells] == ["Alice"]
        assert threading.main_thread() not in store.threads
    finally:
        store.release.set()
        game.app.shutdown()
        game.ctx.worker.shutdown()
