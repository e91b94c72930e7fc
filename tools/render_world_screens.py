"""Render the world daily's screens (issue #42) to PNG, at 960x600 and 1600x1000.

    python tools/render_world_screens.py [--lang {en,pt,es,fr,all}] [OUT_DIR]
        (default: out/world-screens; each language in OUT_DIR/<lang>/<W>x<H>/)

A real server runs on loopback (``lab.world_server.Live``, the [server]
extra); the window plays it under SDL's dummy driver: the title with "World
daily", Settings with the server's row and its address typed in, the name
asked the first time (and a taken one refused with the server's message), the
world table and its "waiting for the server…", the way in with no server (the
local daily offered offline), that daily's dialog and table, and the local
daily board labelled offline.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from belote2p.server.ratelimit import Limit
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.world.client import WorldClient
from belote2p.ui.navigation import Route
from belote2p.ui.scenes.world_entry import Step, WorldEntryScene
from belote2p.ui.table.scene import TableScene
from lab import harness as h
from lab.world_server import Live

SIZES = ((960, 600), (1600, 1000))


def _steps(game: Any, until: Callable[[], bool], seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not until():
        if time.monotonic() > end:
            raise SystemExit(f"the window never got there: {type(game.app.top).__name__}")
        game.app.step(1 / 60)
        time.sleep(0.002)


def _press(game: Any, value: str) -> None:
    button = next(b for b in game.app.top.buttons if b.value == value)
    h.click(button.rect.center)
    game.app.step(1 / 60)


def _shoot(game: Any, folder: Path, name: str) -> None:
    for _ in range(3):
        game.app.step(1 / 60)
    pygame.image.save(game.app.surface, str(folder / f"{name}.png"))


def _name(game: Any, text: str) -> None:
    entry = game.app.top
    assert isinstance(entry, WorldEntryScene)
    _steps(game, lambda: entry.step is Step.NAME and entry.asking is None)
    entry.name, entry.typed = text, True
    entry.build()


def render(server: Live, size: tuple[int, int], lang: str, out: Path) -> None:
    set_language(lang)
    folder = out / lang / f"{size[0]}x{size[1]}"
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        os.environ["BELOTE2P_DATA_DIR"] = data
        game = h.make_app(size=size, settings={"world_server": server.url}, worker="thread",
                          instant=False)
        game.ctx.settings.pause_scale = 0.0
        try:
            _world(game, server, folder, f"{lang}{size[0]}")
        finally:
            game.app.shutdown()
    with tempfile.TemporaryDirectory() as data:
        os.environ["BELOTE2P_DATA_DIR"] = data
        game = h.make_app(size=size, settings={"world_server": "http://127.0.0.1:9"},
                          worker="thread")
        try:
            _offline(game, folder)
        finally:
            game.app.shutdown()


def _world(game: Any, server: Live, folder: Path, tag: str) -> None:
    h.open_title(game)
    _shoot(game, folder, "01-title-world-daily")
    game.nav.push(Route.SETTINGS)
    _shoot(game, folder, "02-settings-server")
    _press(game, "world_server")
    _shoot(game, folder, "03-server-address")
    game.nav.pop()
    game.nav.pop()
    with WorldClient(server.url) as other:
        other.create_account(f"Taken{tag}")
    _press(game, "daily")
    _name(game, "Ana")
    _shoot(game, folder, "04-name-asked")
    _name(game, f"taken{tag}")
    _press(game, "create")
    entry = game.app.top
    _steps(game, lambda: entry.asking is None and bool(entry.message))
    _shoot(game, folder, "05-name-taken")
    _name(game, f"Ana{tag}")
    _press(game, "create")
    _steps(game, lambda: isinstance(game.app.top, TableScene))
    table = game.app.top
    _steps(game, lambda: table.human_turn() and table.idle() and table.mode.feed is None)
    _shoot(game, folder, "06-world-table")
    server.app.delay = 5.0
    h.click(h.first_legal_policy(h.table_offer(table))[1])
    end = time.monotonic() + 0.8
    while time.monotonic() < end:
        game.app.step(1 / 60)
        time.sleep(1 / 60)
    _shoot(game, folder, "07-waiting-for-the-server")
    server.app.delay = 0.0
    _steps(game, lambda: table.mode.sending is None)
    game.nav.reset(Route.LEADERBOARD)
    _press(game, "world")
    board = game.app.top
    _steps(game, lambda: board.board is not None)
    _shoot(game, folder, "12-world-board")
    game.ctx.settings["animation_speed"] = "off"
    h.open_title(game)
    _press(game, "daily")  # the same run, resumed from the journal
    _steps(game, lambda: isinstance(game.app.top, TableScene))
    table = game.app.top
    _play_out(game, table)
    _shoot(game, folder, "13-run-over-copy-result")
    panel = table.beats.panel
    h.click(panel.extra_rect(table.L).center)
    _shoot(game, folder, "14-copy-result-no-clipboard")


def _play_out(game: Any, table: Any) -> None:
    """The first legal action each turn, until the run's end panel."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        game.app.step(1 / 60)
        offer = h.table_offer(table)
        if offer["panel"] == "run_over":
            return
        if offer["panel"] is not None:
            h.click(offer["panel_button"].center)
        elif offer["human_turn"] and offer["idle"] and table.mode.sending is None \
                and table.mode.feed is None:
            h.click(h.first_legal_policy(offer)[1])
        time.sleep(0.001)
    raise SystemExit("the run never ended")


def _offline(game: Any, folder: Path) -> None:
    h.open_title(game)
    _press(game, "daily")
    entry = game.app.top
    _steps(game, lambda: entry.step is Step.OFFLINE)
    _shoot(game, folder, "08-offline-offer")
    _press(game, "offline")
    _steps(game, lambda: any(b.value == "yes" for b in getattr(game.app.top, "buttons", [])))
    _shoot(game, folder, "09-offline-daily-question")
    _press(game, "yes")
    _steps(game, lambda: isinstance(game.app.top, TableScene))
    table = game.app.top
    _steps(game, lambda: table.human_turn() and table.idle())
    _shoot(game, folder, "10-offline-table")
    board = game.nav.reset(Route.LEADERBOARD)
    _press(game, "tab:daily")
    del board
    _shoot(game, folder, "11-offline-board")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=(*LANGUAGES, "all"), default="en")
    parser.add_argument("out", nargs="?", default="out/world-screens")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as db:
        # (an account and a refused name for each of the 8 screens' sets: past the
        # 20 an hour one address may make)
        server = Live(Path(db) / "world.sqlite3", account_limit=Limit(1000, 3600))
        try:
            for lang in LANGUAGES if args.lang == "all" else (args.lang,):
                for size in SIZES:
                    render(server, size, lang, Path(args.out))
        finally:
            server.stop()
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
