"""The window programs, ``play`` and ``demo``: build the app, the run session
and the screens.  The only UI module that imports concrete scenes; each
route gets its factory here (a new screen: a scene module, a ``Route`` and
a factory in ``_register_screens`` below, which imports the scene when it first opens)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.match import Run
from ..services.i18n import _
from ..services.run_session import ActiveRun, RunSession
from ..store import MemoryStore, Store, open_store
from ..store.api import STORAGE_FAILURES
from ..store.connection import NewerDatabase
from .app import FPS, App, initial_size
from .context import SceneContext
from .navigation import Navigator, Route
from .protocols import Screen
from .scenes.title import TitleScene
from .settings import Settings
from .theme import settings_with_defaults, theme
from .worker import AIWorker

if TYPE_CHECKING:  # the table's parts load when a table first opens, not before the title
    from ..services.deal_replay import DealReplay
    from .table.demo import DemoConfig
    from .table.mode import TableMode


@dataclass(frozen=True)
class Game:
    """Everything one window runs on."""

    app: App
    ctx: SceneContext
    session: RunSession

    @property
    def nav(self) -> Navigator:
        return self.ctx.nav

    @property
    def store(self) -> Any:
        return self.session.store


def open_game_store() -> Any:
    """The SQLite store, or memory with a warning when it cannot be opened."""
    return _open_for_window()[0]


def _open_for_window() -> tuple[Any, bool]:
    """The store, and whether the data folder holds a newer version's
    database (left as it is: the window plays without saving and offers to
    quit)."""
    try:
        return open_store(behind=True), False  # no frame, not even the first, waits on it
    except NewerDatabase as exc:
        return MemoryStore(warnings=[f"Saving is off: {exc}"]), True
    except Exception as exc:  # noqa: BLE001 - the game must open anyway
        return MemoryStore(warnings=[f"Saving is off: {exc}"]), False


def build_game(store: Store, size: tuple[int, int] = (1280, 800),
               settings: dict[str, Any] | None = None, worker_mode: str = "process",
               fps: int | None = None, save_settings: bool = True) -> Game:
    """The app, the session and the screens over ``store``.  ``settings``
    replaces the saved ones (the demo, tests)."""
    if settings is None:
        settings = _saved_settings(store)
    save = _settings_saver(store) if save_settings else None
    prefs = Settings(settings_with_defaults(settings), theme(), save)
    app = App(prefs, size=size, fps=FPS if fps is None else fps)
    session = RunSession(store, report=app.toast)
    app.warnings = session.warnings
    app.saving_since = session.saving_since
    worker = AIWorker(worker_mode, start=False)
    app.after_first_frame.append(worker.start)
    app.on_close += [session.close, worker.shutdown]
    nav = Navigator(app)
    ctx = SceneContext(window=app, nav=nav, session=session, settings=prefs, art=app.art,
                       sounds=app.sounds, worker=worker, theme=app.theme,
                       toast=app.toast)
    _register_screens(nav, ctx)
    return Game(app, ctx, session)


def table_mode(ctx: SceneContext, active: ActiveRun, demo: DemoConfig | None,
               practice: int | DealReplay | None, world: Any = None) -> TableMode:
    """The kind of table a run is played on: the demo, a practice table, the world
    daily or scored (each imported when a table first opens, as the table itself is)."""
    if world is not None:
        from .table.world_mode import WorldMode
        return WorldMode(ctx, world)
    if demo is not None:
        from .table.demo import DemoMode
        return DemoMode(ctx, demo)
    if practice:
        from .table.practice_mode import PracticeMode
        return PracticeMode(ctx, practice)
    from .table.scored import ScoredMode
    return ScoredMode(ctx, active)


def _register_screens(nav: Navigator, ctx: SceneContext) -> None:
    """One factory per route.  Only the title is imported with this module: every
    other screen's module (the table's, the review's with the AI's reviewer...) is
    imported when the screen first opens, so none of them delays the window's
    first frame (issue #29: a fifth of a second of imports)."""
    nav.register(Route.TITLE, lambda: TitleScene(ctx))

    def table(active: ActiveRun, demo: Any = None, practice: Any = None,
              world: Any = None) -> Screen:
        from .table.scene import TableScene
        return TableScene(ctx, active, table_mode(ctx, active, demo, practice, world))

    def world(**kw: Any) -> Screen:
        from .scenes.world_entry import WorldEntryScene
        return WorldEntryScene(ctx, **kw)

    def world_board(**kw: Any) -> Screen:
        from .scenes.world_board import WorldBoardScene
        return WorldBoardScene(ctx, **kw)

    def text_entry(**kw: Any) -> Screen:
        from .scenes.text_entry import TextEntryScene
        return TextEntryScene(ctx, **kw)

    def pause(**kw: Any) -> Screen:
        from .scenes.pause import PauseMenu
        return PauseMenu(ctx, **kw)

    def confirm(**kw: Any) -> Screen:
        from .scenes.confirm import ConfirmDialog
        return ConfirmDialog(ctx, **kw)

    def settings() -> Screen:
        from .scenes.settings import SettingsScene
        return SettingsScene(ctx)

    def help_pages() -> Screen:
        from .scenes.help import HelpScene
        return HelpScene(ctx)

    def leaderboard(highlight: Any = None) -> Screen:
        from .scenes.leaderboard import LeaderboardScene
        return LeaderboardScene(ctx, highlight)

    def name_entry(active: ActiveRun) -> Screen:
        from .scenes.name_entry import NameEntryScene
        return NameEntryScene(ctx, active)

    def history(**kw: Any) -> Screen:
        from .scenes.history import HistoryScene
        return HistoryScene(ctx, **kw)

    def stats(**kw: Any) -> Screen:
        from .scenes.stats import StatsScene
        return StatsScene(ctx, **kw)

    def export(source: Any, folder: Any = None) -> Screen:
        from .scenes.export import ExportScene
        return ExportScene(ctx, source, folder)

    def review(**kw: Any) -> Screen:
        from .scenes.review import ReviewScene
        return ReviewScene(ctx, **kw)

    def practice() -> Screen:
        from .scenes.practice_setup import PracticeSetupScene
        return PracticeSetupScene(ctx)

    def learn() -> Screen:
        from .scenes.learn import LearnScene
        return LearnScene(ctx)

    def learn_offer() -> Screen:
        from .scenes.learn_offer import LearnOffer
        return LearnOffer(ctx)

    for route, factory in ((Route.TABLE, table), (Route.PAUSE, pause), (Route.CONFIRM, confirm),
                           (Route.SETTINGS, settings), (Route.HELP, help_pages),
                           (Route.LEADERBOARD, leaderboard), (Route.NAME_ENTRY, name_entry),
                           (Route.HISTORY, history), (Route.STATS, stats),
                           (Route.EXPORT, export), (Route.REVIEW, review),
                           (Route.PRACTICE, practice), (Route.LEARN, learn),
                           (Route.LEARN_OFFER, learn_offer), (Route.WORLD, world),
                           (Route.TEXT_ENTRY, text_entry), (Route.WORLD_BOARD, world_board)):
        nav.register(route, factory)


def _saved_settings(store: Store) -> dict[str, Any]:
    try:
        return dict(store.load_settings())
    except STORAGE_FAILURES:  # storage problems become warnings, not crashes
        return {}


def _settings_saver(store: Store) -> Callable[[dict[str, Any]], None]:
    def save(values: dict[str, Any]) -> None:
        with contextlib.suppress(*STORAGE_FAILURES):  # the store reports them in its warnings
            store.save_settings(values)
    return save


# ----------------------------------------------------------------- commands
# SDL's stand-ins when there is no screen: chosen on purpose (SDL_VIDEODRIVER,
# the tests), they are fine; fallen back to, the game would run with no window.
_NO_SCREEN_DRIVERS = ("offscreen", "dummy")


def display_problem() -> str | None:
    """Why no window can be opened here, or None."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # a driver asked for by name: the caller knows what it wants
    no_screen = ("no display to open the game window on (DISPLAY is not set; on a machine "
                 "without a screen, run it under xvfb-run)")
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return no_screen  # (asked before SDL, which would print its own complaints)
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        return f"no display to open the game window on ({exc})"
    if driver in _NO_SCREEN_DRIVERS:
        pygame.display.quit()
        return no_screen
    return None


class _Signals:
    """SIGTERM (and SIGHUP: the terminal went away) close the window the way its
    Quit does: the run is saved, the worker ends.  Installed before the window
    and its worker exist, so no signal finds the game half built."""

    def __init__(self) -> None:
        self.received: list[int] = []
        self.game: Game | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        for name in ("SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is not None:
                with contextlib.suppress(ValueError, OSError):  # not the main thread
                    self._previous[sig] = signal.signal(sig, self._close)
        _end_with_the_launcher()
        return self

    def _close(self, signum: int, _frame: Any) -> None:
        self.received.append(signum)
        if self.game is not None:
            self.game.app.quit()

    def run(self, game: Game) -> None:
        """The window's loop, unless a signal came while it was being built."""
        self.game = game
        if self.received:
            game.app.shutdown()
        else:
            game.app.run()

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)

    @property
    def status(self) -> int:
        return 128 + self.received[0] if self.received else 0


def _end_with_the_launcher() -> None:
    """The one-file build on Linux: this process is the child of PyInstaller's
    launcher, which cannot pass on a SIGKILL it gets.  The kernel is asked to
    send SIGTERM here when the launcher dies (``prctl(PR_SET_PDEATHSIG)``), so
    the game, and with it its worker, ends as on a plain SIGTERM."""
    if not getattr(sys, "frozen", False) or not sys.platform.startswith("linux"):
        return
    import ctypes

    pr_set_pdeathsig = 1
    with contextlib.suppress(OSError, AttributeError):
        launcher = os.getppid()
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, int(signal.SIGTERM))
        if os.getppid() != launcher:  # it died before the request: as if it had just now
            os.kill(os.getpid(), signal.SIGTERM)


def start_game(size: tuple[int, int], server: str | None = None) -> Game:
    """The window on the data folder's store, at the title; over it, when a
    newer version's database is there, the offer to quit (else the game
    plays without saving, the database left as it is).  ``server``: the world
    daily's server for this session (``--server``), over the saved setting's."""
    store, newer = _open_for_window()
    game = build_game(store, size=size)
    game.ctx.settings.server_override = server
    game.nav.reset(Route.TITLE)
    if newer:
        game.nav.push(Route.CONFIRM, question=_(
            "This data folder was saved by a newer version of Belote 2P. This version "
            "leaves it untouched, so nothing played here will be saved. Quit now?"),
            on_yes=game.app.quit)
    return game


def play_main(args: Any) -> int:
    problem = display_problem()
    if problem is not None:
        print(f"belote2p: {problem}", file=sys.stderr)
        return 2
    with _Signals() as signals:
        game = start_game(initial_size(), getattr(args, "window_server", None))
        signals.run(game)
    return signals.status


def _screenshot_folder(shots: str) -> str | None:
    """``--screenshots DIR`` made ready, or the one-line problem with it."""
    shown = shots if len(shots) <= 80 else shots[:80] + "..."
    if os.path.exists(shots) and not os.path.isdir(shots):
        return f"demo --screenshots {shown}: that is not a folder"
    try:
        os.makedirs(shots, exist_ok=True)
    except OSError as exc:
        return f"demo --screenshots {shown}: cannot make that folder ({exc.strerror or exc})"
    if not os.access(shots, os.W_OK | os.X_OK):
        return f"demo --screenshots {shown}: not a folder the game can write into"
    return None


def demo_main(args: Any) -> int:
    size = parse_size(getattr(args, "size", "1280x800"))
    shots = getattr(args, "screenshots", None)
    problem = _screenshot_folder(shots) if shots else None
    if problem is None:
        problem = display_problem()
    if problem is not None:
        print(f"belote2p: {problem}", file=sys.stderr)
        return 2
    from .table.demo import DemoConfig

    config = DemoConfig(levels=tuple(_level(v) for v in args.levels),
                        hands=getattr(args, "hands", None), fast=bool(args.fast),
                        screenshots=shots, seed=str(args.seed))
    settings = dict(theme().defaults, animation_speed="off" if args.fast else "normal")
    with _Signals() as signals:
        game = build_game(MemoryStore(), size=size, settings=settings, save_settings=False)
        game.nav.reset(Route.TABLE, active=ActiveRun(Run(str(args.seed)), ""), demo=config)
        signals.run(game)
    print(json.dumps(game.app.frame_stats()), flush=True)
    return signals.status


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"belote2p: --size {text!r}: expected WxH, e.g. 1280x800") from None
    return max(w, 320), max(h, 240)


def _level(text: str) -> int | str:
    return text if text == "random" else int(text)
