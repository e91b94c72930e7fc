"""The window programs, ``play`` and ``demo``: build the app, the run session
and the screens.  The only UI module that imports concrete scenes; each
route gets its factory here (a new screen: a scene module, a ``Route`` and
one ``register`` line below)."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from typing import Any

from ..match import Run
from ..services.run_session import ActiveRun, RunSession
from ..store import MemoryStore, open_store
from .app import FPS, App, initial_size
from .context import SceneContext
from .navigation import Navigator, Route
from .scenes.confirm import ConfirmDialog
from .scenes.export import ExportScene
from .scenes.help import HelpScene
from .scenes.history import HistoryScene
from .scenes.leaderboard import LeaderboardScene
from .scenes.learn import LearnScene
from .scenes.learn_offer import LearnOffer
from .scenes.name_entry import NameEntryScene
from .scenes.pause import PauseMenu
from .scenes.practice_setup import PracticeSetupScene
from .scenes.review import ReviewScene
from .scenes.settings import SettingsScene
from .scenes.stats import StatsScene
from .scenes.title import TitleScene
from .settings import Settings
from .table.demo import DemoConfig
from .table.scene import TableScene
from .theme import settings_with_defaults, theme
from .worker import AIWorker


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
    try:
        return open_store()
    except Exception as exc:  # noqa: BLE001 - the game must open anyway
        return MemoryStore(warnings=[f"Saving is off: {exc}"])


def build_game(store: Any, size: tuple[int, int] = (1280, 800),
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
    worker = AIWorker(worker_mode)
    app.on_close += [session.close, worker.shutdown]
    nav = Navigator(app)
    ctx = SceneContext(window=app, nav=nav, session=session, settings=prefs, art=app.art,
                       sounds=app.sounds, worker=worker, theme=app.theme,
                       toast=app.toast)
    _register_screens(nav, ctx)
    return Game(app, ctx, session)


def _register_screens(nav: Navigator, ctx: SceneContext) -> None:
    nav.register(Route.TITLE, lambda: TitleScene(ctx))
    nav.register(Route.TABLE, lambda active, demo=None, practice=None:
                 TableScene(ctx, active, demo, practice))
    nav.register(Route.PAUSE, lambda **kw: PauseMenu(ctx, **kw))
    nav.register(Route.CONFIRM, lambda **kw: ConfirmDialog(ctx, **kw))
    nav.register(Route.SETTINGS, lambda: SettingsScene(ctx))
    nav.register(Route.HELP, lambda: HelpScene(ctx))
    nav.register(Route.LEADERBOARD, lambda highlight=None: LeaderboardScene(ctx, highlight))
    nav.register(Route.NAME_ENTRY, lambda active: NameEntryScene(ctx, active))
    nav.register(Route.HISTORY, lambda **kw: HistoryScene(ctx, **kw))
    nav.register(Route.STATS, lambda **kw: StatsScene(ctx, **kw))
    nav.register(Route.EXPORT, lambda source, folder=None: ExportScene(ctx, source, folder))
    nav.register(Route.REVIEW, lambda **kw: ReviewScene(ctx, **kw))
    nav.register(Route.PRACTICE, lambda: PracticeSetupScene(ctx))
    nav.register(Route.LEARN, lambda: LearnScene(ctx))
    nav.register(Route.LEARN_OFFER, lambda: LearnOffer(ctx))


def _saved_settings(store: Any) -> dict[str, Any]:
    try:
        return dict(store.load_settings())
    except Exception:  # noqa: BLE001 - storage problems become warnings, not crashes
        return {}


def _settings_saver(store: Any):
    def save(values: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # the store reports its trouble in its warnings
            store.save_settings(values)
    return save


# ----------------------------------------------------------------- commands
def play_main(args: Any) -> int:
    game = build_game(open_game_store(), size=initial_size())
    game.nav.reset(Route.TITLE)
    game.app.run()
    return 0


def demo_main(args: Any) -> int:
    size = parse_size(getattr(args, "size", "1280x800"))
    shots = getattr(args, "screenshots", None)
    if shots:
        os.makedirs(shots, exist_ok=True)
    config = DemoConfig(levels=tuple(_level(v) for v in args.levels),
                        hands=getattr(args, "hands", None), fast=bool(args.fast),
                        screenshots=shots, seed=str(args.seed))
    settings = dict(theme().defaults, animation_speed="off" if args.fast else "normal")
    game = build_game(MemoryStore(), size=size, settings=settings, save_settings=False)
    game.nav.reset(Route.TABLE, active=ActiveRun(Run(str(args.seed)), ""), demo=config)
    game.app.run()
    print(json.dumps(game.app.frame_stats()), flush=True)
    return 0


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"belote2p: --size {text!r}: expected WxH, e.g. 1280x800") from None
    return max(w, 320), max(h, 240)


def _level(text: str) -> int | str:
    return text if text == "random" else int(text)
