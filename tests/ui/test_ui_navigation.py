"""Screens move by route: the navigator builds them from registered factories;
the run session holds the run lock and refuses what it must."""

from __future__ import annotations

import pytest

from belote2p.ai.levels import LevelsError
from belote2p.services import run_session
from belote2p.services.run_session import RunSession
from belote2p.store import MemoryStore
from belote2p.ui.navigation import Navigator, Route, UnknownRoute
from lab import harness as h


class Stack:
    def __init__(self):
        self.scenes: list = []

    def push(self, scene) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()

    def reset_to(self, scene) -> None:
        self.scenes = [scene]

    @property
    def depth(self) -> int:
        return len(self.scenes)


def navigator() -> tuple[Navigator, Stack]:
    stack = Stack()
    nav = Navigator(stack)
    nav.register(Route.TITLE, lambda: "title")
    nav.register(Route.HELP, lambda: "help")
    nav.register(Route.LEADERBOARD, lambda highlight=None: f"board {highlight}")
    return nav, stack


def test_go_push_pop_reset_move_the_stack():
    nav, stack = navigator()
    nav.reset(Route.TITLE)
    nav.push(Route.HELP)
    assert stack.scenes == ["title", "help"] and nav.depth == 2
    nav.go(Route.LEADERBOARD, highlight=7)
    assert stack.scenes == ["title", "board 7"]
    nav.pop()
    assert stack.scenes == ["title"]
    nav.push(Route.HELP)
    nav.reset(Route.LEADERBOARD)
    assert stack.scenes == ["board None"]


def test_an_unregistered_route_is_named():
    nav, _ = navigator()
    with pytest.raises(UnknownRoute, match="SETTINGS"):
        nav.push(Route.SETTINGS)


def test_every_route_has_a_screen_in_the_game():
    game = h.make_app(size=(960, 600))
    try:
        for route in (Route.TITLE, Route.SETTINGS, Route.HELP, Route.LEADERBOARD):
            scene = game.nav.push(route)
            assert game.app.top is scene
        game.nav.push(Route.CONFIRM, question="Sure?", on_yes=lambda: None)
        answers: list[str] = []
        game.nav.push(Route.CONFIRM, question="Sure?", on_yes=lambda: answers.append("yes"))
        h.key(ord("y"))
        h.step(game)
        assert answers == ["yes"] and type(game.app.top).__name__ == "ConfirmDialog"
    finally:
        game.app.shutdown()


class Lock:
    """One lock per data folder, shared by the windows' stores."""

    holder: object | None = None

    def __init__(self, owner):
        self.owner = owner

    def acquire(self) -> bool:
        if Lock.holder is None or Lock.holder is self.owner:
            Lock.holder = self.owner
            return True
        return False

    def release(self) -> None:
        if Lock.holder is self.owner:
            Lock.holder = None


class LockingStore(MemoryStore):
    def run_lock(self, slot="game"):
        return Lock(self)


def test_a_second_window_may_not_play_the_open_run():
    Lock.holder = None
    first, second = RunSession(LockingStore()), RunSession(LockingStore())
    assert first.claim() and not first.open_elsewhere
    assert second.open_elsewhere
    first.close()
    assert not second.open_elsewhere  # asked again when its title is shown


def test_a_store_without_a_lock_is_always_ours():
    assert RunSession(MemoryStore()).claim()


def test_the_title_refuses_runs_when_another_window_plays():
    Lock.holder = object()  # another window
    game = h.make_app(store=LockingStore())
    try:
        game.store.save_run("s", [], "now")
        title = game.nav.reset(Route.TITLE)
        h.step(game)
        offer = title.offer()
        assert "new" not in offer["buttons"] and "continue" not in offer["buttons"]
        assert "another window" in title.blocked
    finally:
        game.app.shutdown()
        Lock.holder = None


def test_broken_level_data_blocks_scored_runs(monkeypatch):
    def broken():
        raise LevelsError("levels.yaml: levels.2: missing")

    monkeypatch.setattr(run_session, "shipped_levels", broken)
    game = h.make_app()
    try:
        title = game.nav.reset(Route.TITLE)
        h.step(game)  # (the data is read once the title's first frame is shown)
        assert "new" not in title.offer()["buttons"]
        assert "levels.2: missing" in title.blocked
    finally:
        game.app.shutdown()


def test_abandoning_then_closing_records_the_run_and_frees_the_lock():
    Lock.holder = None
    store = LockingStore()
    session = RunSession(store)
    assert session.claim()
    active = session.start_new()
    session.abandon(active)
    session.close()
    assert active.run.abandoned and len(store.leaderboard()) == 1
    assert store.load_run() is None and Lock.holder is None


def test_the_board_marks_runs_the_computer_played():
    """The player's tab has no autoplay run; the daily tab, where a day's first
    attempt may be autoplay's, tags it."""
    from datetime import date

    from belote2p.core.fairness import daily_seed
    from lab.figures import FakeRun

    store = MemoryStore()
    for name, day, ai_key in (("Bot", "2025-01-02", "autoplay"), ("Ana", "2025-01-01", None)):
        seed, started = daily_seed(date.fromisoformat(day)), f"{day}T08:00:00+00:00"
        store.claim_daily(day, seed, started)
        store.record_finished_run(FakeRun(seed, 1, 5), name, started, ai_key=ai_key, daily=day)
    game = h.make_app(store=store)
    try:
        board = game.nav.reset(Route.LEADERBOARD)
        drawn: list[str] = []
        board._draw_ai_tag = lambda surf, tag, at: drawn.append(tag)
        h.step(game)
        assert drawn == [] and [row[1] for row in board.cells] == ["Ana"]
        board.show_tab(2)
        h.step(game)
        assert drawn == ["AI"]  # the autoplay run only
    finally:
        game.app.shutdown()


def test_the_titles_lines_agree_on_the_run_in_progress():
    """A saved run with a streak and no finished run: the title once said "No
    score yet: win a match to start a streak" under "streak 1" (issue #29)."""
    from lab.figures import FakeRun

    store = MemoryStore()
    store.save_run("title-facts", [], "now")
    game = h.make_app(store=store)
    # The saved run as replayed: one match won, the rival at level 2.
    game.session.saved_detail = lambda: FakeRun("title-facts", 1, 30, over=False)
    try:
        title = game.nav.reset(Route.TITLE)
        h.step(game)
        assert title.detail == "streak 1 · rival level 2"
        assert title.facts.score_line() == (
            "No finished run yet: the run in progress has a streak of 1")
    finally:
        game.app.shutdown()
