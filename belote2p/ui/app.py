"""The window, the main loop and the scene stack.

The loop knows scenes only as ``Scene``s on a stack; which scenes exist and
how they follow each other is the entry module's business (``ui.main``).

One frame: read the events (the top scene answers them at once), update the
top scene, draw, flip, and wait for the next 60 Hz tick.  Nothing in a frame
waits on the AI (see ``worker``), on the disk beyond one small save, or on
audio.
"""

# ruff: noqa: E402 - pygame is imported after setting its environment and the shim below
from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Ask Windows for real pixels on high-DPI screens (no blurry upscaling); the
# layout then sizes everything from the actual window size.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def _import_pygame_without_pkg_resources() -> None:
    """pygame's ``pkgdata`` imports setuptools' ``pkg_resources`` (a tenth to a
    third of a second, most of the time before the first frame) only to find
    its own files, and falls back to plain paths when that import fails.  Make
    it fail for pygame's import alone; anyone importing it later gets it."""
    if "pygame" in sys.modules or "pkg_resources" in sys.modules:
        return
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
    try:
        import pygame  # noqa: F401
    finally:
        del sys.modules["pkg_resources"]


_import_pygame_without_pkg_resources()

import pygame

from ..core.resources import asset_path
from ..services.i18n import _, set_language
from ..services.language_setting import SETTING_KEY as LANGUAGE_KEY
from . import gfx
from .cards_art import CardArt, felt
from .layout import table_layout
from .protocols import Screen
from .settings import Settings
from .sound import Sounds
from .theme import theme

FPS = 60
_REPAINT_EVENTS = {getattr(pygame, name) for name in
                   ("VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED",
                    "WINDOWSIZECHANGED", "WINDOWMAXIMIZED") if hasattr(pygame, name)}


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def _native_framebuffer() -> None:
    """On X11, present the window through the X server's own shared-memory
    images, not through an OpenGL texture.

    SDL's default puts the window's pixels in a texture and draws it with
    OpenGL on every ``display.update``, however small the rectangle.  Where
    OpenGL is Mesa's software renderer (no GPU: a virtual machine, a remote
    or headless X server) that costs 10-20 ms of CPU per update at 1280x800
    (more at 1920x1080), most of a 60 Hz frame, and takes the CPU from the
    rival's worker; XShm copies only the rectangles asked for, in well under
    a millisecond (SDL makes the same choice under WSL).  Only X11 has that
    native path in SDL 2 (Wayland, macOS and Windows keep SDL's default), and
    it is chosen before the window's surface exists; a value set in the
    environment wins.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def process_age() -> float | None:
    """Seconds since this process started (Linux), to time the first frame honestly."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


SAVING_SHOWN_AFTER = 0.5  # seconds a save may wait before the window says "saving..."
# Seconds the window goes on drawing while it closes (the last saves): past
# the store's own bounded waits (two of 15 s: the writing thread's last try,
# then the final flush), after which it keeps aside what it could not write.
CLOSING_LIMIT = 40.0


class App:
    """The window and its loop.  ``warnings`` lists the store's problems
    (each new one is shown once); ``on_close`` hooks run at shutdown."""

    def __init__(self, settings: Settings, size: tuple[int, int] = (1280, 800), fps: int = FPS,
                 warnings: Callable[[], list[str]] = list):
        self.started = time.perf_counter()
        self.settings = settings
        self.theme = theme()
        self.fps = fps
        self.warnings = warnings
        pygame.display.init()
        _native_framebuffer()
        pygame.font.init()
        pygame.key.set_repeat(350, 45)
        self.windowed_size = tuple(size)
        self.min_size = tuple(self.theme.layout["min_size"])
        self._open_window(self.settings["fullscreen"])
        pygame.display.set_caption(_("Belote 2P"))
        self.art = CardArt()
        self.sounds = Sounds(self.settings["sound"])
        settings.on_change("fullscreen", self.set_fullscreen)
        settings.on_change("sound", self.sounds.set_enabled)
        for key in ("left_handed", "large_cards"):  # the table's geometry changes at once
            settings.on_change(key, lambda _value: self._resized())
        settings.on_change(LANGUAGE_KEY, self.set_language)
        self.scenes: list[Screen] = []
        self.toasts: list[list[Any]] = []  # [text, seconds left]
        self.running = True
        self.frame_times: list[float] = []
        self.frames = 0
        self.first_frame_s: float | None = None
        self._last_flip: float | None = None
        self._last_step: float | None = None  # when the previous frame began
        self._skip_stat = False
        self._felt: pygame.Surface | None = None
        self.clock = pygame.time.Clock()
        self.on_close: list[Callable[[], None]] = []
        # What the first frame need not wait for (the rival's worker process,
        # audio): started once it is on the screen, in this order.
        self.after_first_frame: list[Callable[[], None]] = [self.sounds.start]
        self._warned = 0  # store warnings already shown
        # Since when a save waits for the database (``RunSession.saving_since``):
        # after a moment the window says "saving..." in a corner, quietly.
        self.saving_since: Callable[[], float | None] = lambda: None
        self._closing_since: float | None = None  # the window is closing: its last saves
        self._shown: bytes | None = None  # the pixels last sent to the screen
        # The scene whose own picture alone is on the surface (no overlay, no
        # toast over it): it may then repaint only what changed.
        self._painter: Screen | None = None
        self._damage: list[pygame.Rect] | None = None  # what this frame changed, if known
        # What lies under the top dialog, as its scenes drew it, and that dimmed:
        # the table goes on repainting only what changed (on ``_under``), and
        # the dim layer is blended again only when something under it did.
        self._under: pygame.Surface | None = None
        self._under_dimmed: pygame.Surface | None = None
        self._under_scenes: tuple[Screen, ...] = ()
        self._resized()

    # ---------------------------------------------------------------- window
    def _open_window(self, fullscreen: bool) -> None:
        if fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            self.surface = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        with contextlib.suppress(pygame.error, OSError):  # no icon is no reason to stop
            pygame.display.set_icon(_icon())

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def set_fullscreen(self, on: bool) -> None:
        if not on:
            self._open_window(False)
        else:
            self.windowed_size = self.size
            self._open_window(True)
        self._resized()

    def _on_resize(self, w: int, h: int) -> None:
        if self.settings["fullscreen"]:
            return
        w, h = max(w, self.min_size[0]), max(h, self.min_size[1])
        if (w, h) != self.size:
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.windowed_size = (w, h)
        self._resized()

    def set_language(self, code: str) -> None:
        """The player picked another language: every screen on the stack
        builds its words again, no restart."""
        set_language(code)
        pygame.display.set_caption(_("Belote 2P"))
        for scene in self.scenes:
            scene.resize()

    def _resized(self) -> None:
        self.surface = pygame.display.get_surface()
        self._shown, self._painter = None, None
        self._under = self._under_dimmed = None
        self.layout = table_layout(self.size, self.theme.layout,
                                   bool(self.settings.get("left_handed")),
                                   bool(self.settings.get("large_cards")))
        self._felt = None
        self.art.clear()
        for scene in self.scenes:
            scene.resize()

    def felt(self) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != self.size:
            self._felt = felt(self.size)
        return self._felt

    # ---------------------------------------------------------------- scenes
    @property
    def top(self) -> Screen | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        self.scenes.append(scene)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()

    def reset_to(self, scene: Screen) -> None:
        self.scenes = [scene]

    @property
    def depth(self) -> int:
        return len(self.scenes)

    def toast(self, message: str) -> None:
        self.toasts.append([message, self.theme.timing["toast"]])

    # ------------------------------------------------------------------ loop
    def step(self, dt: float | None = None) -> None:
        """One frame (``dt`` overrides the measured time step: tests)."""
        now = time.perf_counter()
        if dt is None:
            # From the start of the previous frame to this one's: the whole
            # interval, its work included (counted from the last flip, a
            # frame's own events, update, draw and present were lost from the
            # animations' clock, and the table ran slower than its timings).
            dt = min(0.1, now - self._last_step) if self._last_step is not None else 1 / FPS
        self._last_step = now
        for event in pygame.event.get():
            self._dispatch(event)
        self._poll_warnings()
        if self.top is not None:
            self.top.update(dt)
        self._draw(dt)
        if self.fps:
            # Wait for the frame's moment, then show it: the frames reach the
            # screen at the tick's steady pace, however long each one took to
            # draw (presented before the wait, a frame that drew in 6 ms after
            # one that drew in 1 ms came 5 ms late, and the next one early).
            self.clock.tick(self.fps)
        self._present()
        self._after_flip()
        if self.top is not None:
            self.top.after_draw(self.surface)
        if self.frames == 1:
            hooks, self.after_first_frame = self.after_first_frame, []
            for hook in hooks:
                hook()

    def _poll_warnings(self) -> None:
        """The store reports trouble (saving off, a database moved aside) in a
        list; show each new entry once."""
        warnings = self.warnings()
        for message in warnings[self._warned:]:
            self.toast(str(message))
        self._warned = len(warnings)

    def _present(self) -> None:
        """Send the frame to the screen, only the parts that changed.

        Waiting for the player most frames are identical, and during an
        animation only a few cards move; the display server (an X server,
        say) then copies far less, which keeps frames regular while the
        rival's search shares the CPU.  A scene that knows what it changed
        says so (``Scene.damage``); otherwise the frame is compared with the
        last one, band by band.
        """
        if self._damage is not None:
            self._shown = None  # the comparison's copy is stale from now on
            if self._damage == [self.surface.get_rect()]:
                pygame.display.flip()
            elif self._damage:
                pygame.display.update(self._damage)
            return
        try:
            raw = self.surface.get_buffer().raw
        except (pygame.error, ValueError):
            raw = None
        shown, self._shown = self._shown, raw
        if raw is None or shown is None or len(raw) != len(shown):
            pygame.display.flip()
            return
        if raw == shown:
            return
        rects = _changed_bands(raw, shown, self.surface.get_pitch(), self.size)
        pygame.display.update(rects)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type in _REPAINT_EVENTS:
            # the window was uncovered or restored: repaint it all
            self._shown, self._painter = None, None
            self._under = self._under_dimmed = None
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_resize(event.w, event.h)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.change("fullscreen", not self.settings["fullscreen"])
            return
        if self.top is not None:
            self.top.handle(event)

    def _draw(self, dt: float) -> None:
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        drawn = self.scenes[start:]
        sole = drawn[0] if len(drawn) == 1 else None
        dialogs = [i for i, scene in enumerate(drawn) if not scene.opaque]
        if sole is None or sole is not self._painter:
            for scene in drawn[dialogs[-1]:] if dialogs else drawn:
                scene.invalidate()  # (those under a dialog paint on ``_under``)
        self._draw_scenes(drawn)
        overlaid = bool(self.toasts) or self._saving_shown()
        self._damage = sole.damage() if sole is not None and not overlaid else None
        self._painter = sole if not overlaid else None
        self._draw_toasts(dt)
        if self._saving_shown():
            self._draw_saving()

    def _saving_shown(self) -> bool:
        since = self._closing_since if self._closing_since is not None else self.saving_since()
        return since is not None and time.monotonic() - since >= SAVING_SHOWN_AFTER

    def _draw_saving(self) -> None:
        """A quiet "saving..." in the bottom right corner (the database is
        locked or slow; the game goes on, the save follows)."""
        L = self.layout
        gfx.blit_text(self.surface, _("saving…"), L.fonts.small, gfx.c("text_dim"),
                      (self.size[0] - L.margin, self.size[1] - L.margin // 2), "bottomright")

    def _draw_scenes(self, drawn: list[Screen]) -> None:
        """Bottom to top.  Under a dialog (a scene that is not opaque) there is
        exactly one dim layer, drawn just below the topmost dialog: what lies
        under it, a panel of the table or another dialog, is drawn undimmed
        and dimmed once, never once per layer."""
        dialogs = [i for i, scene in enumerate(drawn) if not scene.opaque]
        if not dialogs:
            self._under = self._under_dimmed = None  # the memory goes with the dialog
            self._under_scenes = ()
            for scene in drawn:
                scene.draw(self.surface)
            return
        top = dialogs[-1]
        self.surface.blit(self._dimmed_under(tuple(drawn[:top])), (0, 0))
        with gfx.undimmed():  # a dialog dims nothing itself
            for scene in drawn[top:]:
                scene.draw(self.surface)

    def _dimmed_under(self, below: tuple[Screen, ...]) -> pygame.Surface:
        """What lies under the top dialog, drawn undimmed, then the one dim layer.

        A dialog's every frame used to repaint the whole table and blend the
        dim layer over the whole window (14 ms a frame at 1920x1080).  The
        scenes below now draw on a surface of their own: a lone scene that
        knows its damage (the table) repaints only what changed there, and the
        dim layer is blended again only when something changed under it."""
        fresh = (self._under is None or self._under_dimmed is None
                 or self._under.get_size() != self.size or self._under_scenes != below)
        if fresh:
            self._under = pygame.Surface(self.size).convert(self.surface)
            self._under_scenes = below
        under = self._under
        assert under is not None
        if fresh or len(below) != 1:
            for scene in below:
                scene.invalidate()
        with gfx.undimmed():
            for scene in below:
                scene.draw(under)
        damage = below[0].damage() if len(below) == 1 and not fresh else None
        if damage is None or damage or self._under_dimmed is None:
            dimmed = self._under_dimmed
            if dimmed is None or dimmed.get_size() != under.get_size():
                dimmed = self._under_dimmed = under.copy()
            else:
                dimmed.blit(under, (0, 0))
            gfx.shade(dimmed)  # the one dim layer
        assert self._under_dimmed is not None
        return self._under_dimmed

    def _draw_toasts(self, dt: float) -> None:
        self.toasts = [t for t in self.toasts if t[1] > 0]
        L = self.layout
        y = L.margin
        for t in self.toasts:
            t[1] -= dt
            size = L.fonts.body
            lines = gfx.wrap(t[0], size, min(self.size[0] - 4 * L.margin, size * 40))
            w = max(gfx.font(size).size(s)[0] for s in lines) + 2 * size
            h = len(lines) * round(size * 1.35) + size
            rect = pygame.Rect((self.size[0] - w) // 2, y, w, h)
            gfx.panel(self.surface, rect, radius=size // 2, colour=gfx.c("toast"))
            for i, line in enumerate(lines):
                gfx.blit_text(self.surface, line, size, gfx.c("text"),
                              (rect.x + size, rect.y + size // 2 + i * round(size * 1.35)),
                              within=rect)
            y = rect.bottom + L.margin // 2

    def _after_flip(self) -> None:
        now = time.perf_counter()
        if self._last_flip is None:
            age = process_age()
            self.first_frame_s = age if age is not None else now - self.started
        elif not self._skip_stat:
            self.frame_times.append((now - self._last_flip) * 1000)
        self._skip_stat = False
        self._last_flip = now
        self.frames += 1

    def not_a_game_frame(self) -> None:
        """The frame just drawn did extra work that is not the game's (saving a
        screenshot): leave the next interval out of the frame statistics."""
        self._skip_stat = True

    def run(self) -> None:
        try:
            while self.running and self.scenes:
                self.step()
        finally:
            self.shutdown()

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        hooks, self.on_close = self.on_close, []
        self._close_drawing(hooks)
        self.sounds.stop()
        pygame.display.quit()

    def _close_drawing(self, hooks: list[Callable[[], None]]) -> None:
        """Run the closing hooks (the last saves: ``RunSession.close``) off the
        loop while the window goes on drawing, with "saving..." once they take
        a moment (issue #31: over a locked database the window froze up to
        30 s); at most ``CLOSING_LIMIT`` seconds.  A hook's error is raised
        here, as if it had run here."""
        failed: list[BaseException] = []

        def close() -> None:
            try:
                for hook in hooks:
                    hook()
            except BaseException as exc:  # noqa: BLE001 - raised again on the loop's thread
                failed.append(exc)

        closing = threading.Thread(target=close, name="belote2p-closing", daemon=True)
        self._closing_since = time.monotonic()
        closing.start()
        closing.join(1 / FPS)  # most closes are done by now: no frame more
        while closing.is_alive() and time.monotonic() - self._closing_since < CLOSING_LIMIT:
            self._closing_frame()
            closing.join(1 / FPS)
        self._closing_since = None
        if failed:
            raise failed[0]

    def _closing_frame(self) -> None:
        """A frame while the window closes: what was on it, and "saving...";
        the player's input is let go (the window is closing)."""
        pygame.event.get()
        self._draw(1 / FPS)
        self._present()
        self._after_flip()

    def frame_stats(self) -> dict[str, float]:
        times = sorted(self.frame_times)

        def pct(p: float) -> float:
            if not times:
                return 0.0
            return round(times[min(len(times) - 1, int(p * len(times)))], 2)

        return {"frames": self.frames, "frame_ms_p50": pct(0.5), "frame_ms_p95": pct(0.95),
                "max_frame_ms": round(times[-1], 2) if times else 0.0,
                "first_frame_ms": round((self.first_frame_s or 0) * 1000, 1)}


def _changed_bands(raw: bytes, shown: bytes, pitch: int, size: tuple[int, int],
                   rows: int = 16) -> list[pygame.Rect]:
    """Full-width bands of ``rows`` rows that differ, adjacent ones merged."""
    step = pitch * rows
    rects: list[pygame.Rect] = []
    for top in range(0, len(raw), step):
        if raw[top:top + step] != shown[top:top + step]:
            y = top // pitch
            if rects and rects[-1].bottom == y:
                rects[-1].h += rows
            else:
                rects.append(pygame.Rect(0, y, size[0], rows))
    for r in rects:
        r.h = min(r.h, size[1] - r.y)
    return rects


def _icon() -> pygame.Surface:
    """The program's icon (assets/icon.png, the same picture as the desktop entry's)."""
    return pygame.image.load(str(asset_path("icon.png")))


def initial_size() -> tuple[int, int]:
    """1280x800, or less on a small screen (never below the 960x600 table)."""
    w, h = 1280, 800
    try:
        pygame.display.init()
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        w, h = min(w, round(desk_w * 0.92)), min(h, round(desk_h * 0.88))
    except (pygame.error, IndexError):
        pass
    min_w, min_h = theme().layout["min_size"]
    return max(w, min_w), max(h, min_h)
