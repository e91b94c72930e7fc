"""The table repaints only what changed: every frame must still equal a full
repaint of the same state, and nothing may change outside the areas it
reports to the window (those are all the screen receives)."""

from __future__ import annotations

import os

import pygame
import pytest

from belote2p.core.match import Run
from belote2p.services.run_session import ActiveRun
from belote2p.ui.navigation import Route
from belote2p.ui.table.demo import DemoConfig
from belote2p.ui.table.renderer import TableRenderer
from belote2p.ui.table.scene import TableScene
from lab.harness import make_app


class FrozenClock:
    """The thinking dots follow the clock: both paintings must see one time."""

    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def _full_repaint(table: TableScene, size: tuple[int, int]) -> pygame.Surface:
    ctx = table.ctx
    fresh = TableRenderer(ctx.window, ctx.art, ctx.theme)
    out = pygame.Surface(size)
    fresh.draw(out, table.state())
    return out


def _first_difference(a: pygame.Surface, b: pygame.Surface) -> tuple[int, int] | None:
    w, h = a.get_size()
    for y in range(h):
        for x in range(w):
            if a.get_at((x, y)) != b.get_at((x, y)):
                return x, y
    return None


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_partial_frames_equal_full_repaints(monkeypatch, size):
    clock = FrozenClock()
    monkeypatch.setattr(pygame.time, "get_ticks", clock)
    game = make_app(size=size, instant=False)
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run("frames"), ""),
                           demo=DemoConfig(levels=(1, 1), seed="frames"))
    assert isinstance(table, TableScene)
    app = game.app
    before = app.surface.copy()
    partial = 0
    for frame in range(900):
        clock.ms += 33
        app.step(1 / 30)
        if app.top is not table:
            break
        now = app.surface
        damage = table.damage()
        assert damage is not None
        if damage != [now.get_rect()]:
            partial += 1
            # nothing outside the reported areas changed
            expected = before.copy()
            for area in damage:
                expected.blit(now, area, area)
            if _pixels(expected) != _pixels(now):
                raise AssertionError(f"frame {frame}: pixels changed outside {damage} at "
                                     f"{_first_difference(expected, now)}")
        if frame % 3 == 0:  # a full repaint is slow: every third frame is plenty
            full = _full_repaint(table, size)
            if _pixels(full) != _pixels(now):
                raise AssertionError(f"frame {frame}: differs from a full repaint at "
                                     f"{_first_difference(full, now)}")
        before = now.copy()
    assert partial > 100  # the partial path was really exercised


@pytest.mark.parametrize("driver, hinted", [("x11", True), ("wayland", False),
                                            ("dummy", False), ("windows", False)])
def test_x11_presents_through_its_own_framebuffer(monkeypatch, driver, hinted):
    """On X11 the window is presented with XShm, not an OpenGL texture: with
    Mesa's software OpenGL (no GPU) every ``display.update`` cost 10-20 ms,
    most of a 60 Hz frame, whatever the size of the rectangles updated."""
    from belote2p.ui import app as app_module

    # setenv first, so that monkeypatch restores the variable's absence after
    # the test (a bare delenv of an absent variable records nothing, and the
    # hint the code sets would leak into every later test)
    monkeypatch.setenv(app_module.FRAMEBUFFER_HINT, "")
    monkeypatch.delenv(app_module.FRAMEBUFFER_HINT)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    app_module._native_framebuffer()
    assert (os.environ.get(app_module.FRAMEBUFFER_HINT) == "0") is hinted


def test_a_framebuffer_hint_set_by_the_player_is_kept(monkeypatch):
    from belote2p.ui import app as app_module

    monkeypatch.setenv(app_module.FRAMEBUFFER_HINT, "opengl")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    app_module._native_framebuffer()
    assert os.environ[app_module.FRAMEBUFFER_HINT] == "opengl"


def test_a_dialog_over_the_table_repaints_only_what_changed_under_it(monkeypatch):
    """With the pause menu open the table went on being repainted whole and
    the dim layer blended over the whole window every frame (14 ms a frame at
    1920x1080): now the table repaints what changed under the dialog, the dim
    layer is blended again only then, and the frame is still the full picture."""
    from belote2p.ui import gfx

    clock = FrozenClock()
    monkeypatch.setattr(pygame.time, "get_ticks", clock)
    game = make_app(size=(960, 600), instant=False)
    try:
        table = game.nav.reset(Route.TABLE, active=ActiveRun(Run("dialog"), ""))
        assert isinstance(table, TableScene)
        app = game.app
        for _ in range(240):  # the deal lands, the player is to move
            app.step(1 / 60)
        table.open_menu()
        app.step(1 / 60)
        shades: list[int] = []
        real_shade = gfx.shade

        def counted_shade(*args: object, **kwargs: object) -> None:
            shades.append(1)
            real_shade(*args, **kwargs)

        monkeypatch.setattr(gfx, "shade", counted_shade)
        for _ in range(5):
            app.step(1 / 60)
            assert table.renderer.damage() == []  # nothing under the menu changed
        assert shades == []  # so the dim layer was not blended again
        shown = _pixels(app.surface)
        for scene in app.scenes:
            scene.invalidate()
        app._under = None  # the whole picture drawn afresh: the same pixels
        app._draw(0.0)
        assert _pixels(app.surface) == shown
        game.nav.pop()  # the menu closes: the table is drawn whole on the screen again
        app.step(1 / 60)
        assert table.renderer.damage() == [app.surface.get_rect()]
    finally:
        game.app.shutdown()


def test_the_animations_clock_counts_each_frame_whole(monkeypatch):
    """The time step handed to the scenes covers the whole frame, its own work
    included: measured from the last flip, the time a frame spent presenting
    (10-20 ms under a software-rendered X server) was lost, so the table ran
    slower than its timings on the real clock (2.26 s a trick, 47 s a hand,
    against 1.73 s and 33.7 s on the simulated one)."""
    import time

    from belote2p.ui.scene import Scene

    now = [100.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    game = make_app(size=(960, 600))
    app = game.app
    steps: list[float] = []

    class Clocked(Scene):
        def update(self, dt: float) -> None:
            steps.append(dt)

        def draw(self, surf: pygame.Surface) -> None:
            now[0] += 0.012  # drawing and presenting this frame take 12 ms

    try:
        app.reset_to(Clocked(game.ctx))
        for _ in range(6):
            app.step()
            now[0] += 0.005  # then 5 ms until the next frame begins
        assert steps[1:] == pytest.approx([0.017] * 5)
        assert sum(steps[1:]) == pytest.approx(now[0] - 100.0 - 0.017)
    finally:
        app.shutdown()


def test_a_frame_is_shown_after_the_wait_for_its_tick():
    """Drawn, then the wait for the 60 Hz tick, then presented: the frames
    reach the screen at the tick's pace whatever each took to draw (shown
    before the wait, a frame drawn slower than the last came late by the
    difference, and the benchmark's p95 showed it)."""
    import types

    game = make_app(size=(960, 600))
    app = game.app
    order: list[str] = []
    try:
        app.fps = 60
        real_present = app._present

        def tick(fps: int) -> int:
            order.append("tick")
            return 0

        def present() -> None:
            order.append("present")
            real_present()

        app.clock = types.SimpleNamespace(tick=tick)
        app._present = present
        app.step(1 / 60)
        app.step(1 / 60)
        assert order == ["tick", "present", "tick", "present"]
    finally:
        app.shutdown()
