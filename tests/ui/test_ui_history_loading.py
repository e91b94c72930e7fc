"""History and Statistics read the store off the frame loop (``runs_page``, a
page of runs at a time; ``figure_totals``), so the screen says "Loading…" and
the loop goes on drawing and answering the player until the figures are there,
however long the store takes (a locked or huge database, issue #31)."""

from __future__ import annotations

import sqlite3
import threading

import pygame
import pytest

from belote2p.services.i18n import LANGUAGES, _, set_language
from belote2p.store import MemoryStore
from belote2p.ui import gfx
from belote2p.ui.navigation import Route
from lab import harness as h


class SlowStore(MemoryStore):
    """``runs_page`` waits until the test lets it finish, and notes its thread."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []

    def runs_page(self, before=None, limit=None):
        self.threads.append(threading.current_thread())
        if threading.current_thread() is threading.main_thread():
            return super().runs_page(before, limit)  # on the frame loop: fail, do not hang
        assert self.release.wait(timeout=60), "the test never let runs_page finish"
        return super().runs_page(before, limit)


def test_history_loads_its_runs_while_the_loop_keeps_drawing_and_answering():
    store = SlowStore()
    game = _game_with_a_run(store)
    try:
        history = _opened(game, Route.HISTORY)
        _read_started(store)
        assert store.threads and store.threads[0] is not threading.main_thread(), \
            "runs_page ran on the frame loop"
        frames = game.app.frames
        drawn: list[str] = []
        from belote2p.ui import gfx

        def hook(text, rect, within, clipped):
            drawn.append(text)

        gfx.text_hook = hook
        try:
            h.step(game, 5)
            assert game.app.frames == frames + 5  # the loop went on while the store worked
            assert "Loading…" in drawn
            assert history.offer()["loading"] and history.offer()["rows"] == []
            back = history.buttons[-1]
            assert not back.hover
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=back.rect.center,
                                                 rel=(0, 0), buttons=(0, 0, 0)))
            h.step(game)
            assert back.hover  # the player's input is answered meanwhile
            store.release.set()
            for _ in range(600):  # frames, not seconds: until the thread hands the list over
                h.step(game)
                if not history.offer()["loading"]:
                    break
                threading.Event().wait(0.005)
        finally:
            gfx.text_hook = None
        offer = history.offer()
        assert not offer["loading"]
        assert [row[1] for row in offer["rows"]] == ["Alice"]
        h.key(pygame.K_ESCAPE)
        h.step(game)
        assert game.app.top is not history
    finally:
        store.release.set()
        game.app.shutdown()
        game.ctx.worker.shutdown()


def _finished_run():
    from belote2p.core.match import Run

    run = Run("history-loading")
    run.abandon()
    return run


class FailingStore(MemoryStore):
    """``runs_page`` fails with ``error``."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def runs_page(self, before=None, limit=None):
        raise self.error


def test_a_store_that_cannot_list_its_runs_shows_none_and_says_why():
    set_language("en")
    game = h.make_app(store=FailingStore(sqlite3.OperationalError("disk I/O error")))
    game.nav.reset(Route.TITLE)
    h.step(game)
    game.nav.push(Route.HISTORY)
    h.step(game)
    offer = game.app.top.offer()
    assert not offer["loading"] and offer["rows"] == []
    assert any("disk I/O error" in message for message, _ in game.app.toasts)


def test_a_bug_in_listing_the_runs_is_not_hidden_as_an_empty_history():
    set_language("en")
    game = h.make_app(store=FailingStore(TypeError("a bug")))
    game.nav.reset(Route.TITLE)
    h.step(game)
    with pytest.raises(TypeError, match="a bug"):
        game.nav.push(Route.HISTORY)
        h.step(game)


class SlowFiguresStore(MemoryStore):
    """``figure_totals`` waits until the test lets it finish."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []

    def figure_totals(self, include_ai=False):
        self.threads.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            assert self.release.wait(timeout=60), "the test never let figure_totals finish"
        return super().figure_totals(include_ai)


def test_statistics_read_their_figures_while_the_loop_keeps_drawing():
    store = SlowFiguresStore()
    game = _game_with_a_run(store)
    try:
        stats = _opened(game, Route.STATS)
        frames = game.app.frames
        h.step(game, 5)
        _read_started(store)
        assert store.threads and threading.main_thread() not in store.threads, \
            "figure_totals ran on the frame loop"
        assert game.app.frames == frames + 5 and stats.offer()["loading"]
        store.release.set()
        while stats.offer()["loading"]:  # the thread hands the figures over
            h.step(game)
            threading.Event().wait(0.005)
        assert stats.offer()["figures"]
    finally:
        store.release.set()
        game.app.shutdown()
        game.ctx.worker.shutdown()


def _opened(game, route):
    """The screen of ``route``, opened over the title (whole: its own facts read)."""
    h.open_title(game)
    game.nav.push(route)
    return game.app.top


def _read_started(store) -> None:
    """Until the loading thread (running already: the title read its facts
    there) has begun the slow read, 10 s at most."""
    for _attempt in range(2000):
        if store.threads:
            return
        threading.Event().wait(0.005)


def _game_with_a_run(store):
    """A window (AI work in threads) on ``store``, which holds one finished run."""
    set_language("en")
    store.record_finished_run(_finished_run(), "Alice", "2026-01-02T10:00:00")
    return h.make_app(store=store, worker="thread")


class CountingStore(SlowFiguresStore):
    """Still counting older runs' figures (schema 4's count behind the window)."""

    def counting_figures(self) -> bool:
        return True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_statistics_say_why_they_wait_while_older_runs_are_counted(lang, drawn):
    """Opened in the minute after an update over a long history, Statistics
    replay the runs not counted yet: the panel says so (once, after an
    update), not a bare "Loading…" for seconds, in every language and within
    the panel at the smallest window."""
    store = CountingStore()
    game = _game_with_a_run(store)
    set_language(lang)
    try:
        game.app._on_resize(960, 600)
        stats = _opened(game, Route.STATS)
        _read_started(store)
        h.step(game)
        drawn.clear()
        h.step(game)  # one frame's texts
        said = _("Counting the figures of your earlier runs, once after an update…")
        lines = [text for text in drawn if text and text in said]
        assert " ".join(lines) == said and _("Loading…") not in drawn
        panel = stats.size[0] - stats.fonts.body * 4
        assert all(gfx.font(stats.fonts.body).size(line)[0] <= panel for line in lines)
        store.release.set()
        while stats.offer()["loading"]:
            h.step(game)
            threading.Event().wait(0.005)
        drawn.clear()
        h.step(game)
        assert not any(text in said for text in drawn if text)
    finally:
        store.release.set()
        game.app.shutdown()
        game.ctx.worker.shutdown()
