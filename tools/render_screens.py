"""Render every screen of the desktop game to PNG, at 960x600 and 1600x1000.

    python tools/render_screens.py [OUT_DIR]      (default: out/screens)

No display is needed (SDL's dummy driver).  The table screens are reached by
playing real runs with fixed seeds: both seats are scripted here (first legal
action) so the pictures do not depend on the AI; the state comes from the
engine exactly as in the game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from belote2p.hand import PASS, Phase  # noqa: E402
from belote2p.match import Run  # noqa: E402
from belote2p.store.api import LeaderboardEntry, MemoryStore  # noqa: E402
from belote2p.ui import flow  # noqa: E402
from belote2p.ui.harness import make_app  # noqa: E402
from belote2p.ui.menus import (ConfirmDialog, HelpScene, LeaderboardScene, NameEntryScene,  # noqa: E402
                               PauseMenu, SettingsScene, TitleScene)
from belote2p.ui.model import RIVAL  # noqa: E402
from belote2p.ui.table import TableScene  # noqa: E402

SIZES = ((960, 600), (1600, 1000))
HUMAN_FIRST, HUMAN_DEALS = "a", "b"  # seeds: who deals the first hand


class Shooter:
    def __init__(self, app, folder: Path):
        self.app, self.folder = app, folder
        folder.mkdir(parents=True, exist_ok=True)
        self.names: list[str] = []

    def __call__(self, name: str) -> None:
        """Draw the current scenes (no update: the state stays as set) and save."""
        self.app._draw(0.0)
        pygame.image.save(self.app.surface, str(self.folder / f"{name}.png"))
        self.names.append(name)


class SampleStore(MemoryStore):
    """A memory store whose leaderboard starts with a few sample rows."""

    SAMPLE = [("Ana", 30412, 3, 412, 4), ("Bruno", 20233, 2, 233, 3), ("Chloé", 10150, 1, 150, 2),
              ("Dmitri", 10042, 1, 42, 2), ("Eve", 0, 0, 0, 1)]

    def leaderboard(self, limit: int = 10) -> list[LeaderboardEntry]:
        rows = [LeaderboardEntry(0, n, s, st, m, lv, f"2025-11-2{i}", 100 + i)
                for i, (n, s, st, m, lv) in enumerate(self.SAMPLE)]
        rows += super().leaderboard(limit)
        rows.sort(key=lambda e: -e.score)
        return [LeaderboardEntry(i + 1, e.name, e.score, e.streak, e.margin_total, e.level,
                                 e.date, e.entry_id) for i, e in enumerate(rows[:limit])]


def sample_store() -> MemoryStore:
    store = SampleStore()
    store.name = "Ana"
    return store


def scripted_table(app, seed: str) -> TableScene:
    table = TableScene(app, Run(seed), started=flow.now_iso())
    table.ai_seats = set()  # both seats played from here
    app.reset_to(table)
    return table


def settle(app, table) -> None:
    for _ in range(200):
        if table.idle():
            break
        app.step(1 / 60)
    table.banners.clear()  # announcements of earlier moves would have faded by now
    app.toasts.clear()
    app.store.warnings.clear()  # this script replaces runs freely; the store says so
    app._warned = 0
    app.step(1 / 60)  # one more frame: the idle state is drawn (and synced)


def advance(app, table, until, limit: int = 400) -> bool:
    """First legal action for whoever is to move, until ``until(table)``."""
    for _ in range(limit):
        settle(app, table)
        if until(table):
            return True
        if table.panel is not None:
            table.panel.done = True
            continue
        if table.run.over or not table.in_hand():
            return False
        table.apply(table.hand.legal_actions()[0])
    return False


def render(size: tuple[int, int], out: Path) -> list[str]:
    app = make_app(size=size, store=sample_store(), settings={"animation_speed": "normal"})
    shot = Shooter(app, out / f"{size[0]}x{size[1]}")

    # -- title, with a saved run and a storage warning
    app.store.save_run("demo", [], flow.now_iso())
    app.reset_to(TitleScene(app))
    shot("title")
    app.toast("The leaderboard database could not be opened; it was moved aside and a new one started.")
    app.step(1 / 60)
    shot("title_toast")
    app.toasts.clear()
    app.push(ConfirmDialog(app, app.texts("title.replace_run"), lambda: None))
    shot("title_confirm_new_run")
    app.reset_to(SettingsScene(app))
    shot("settings")
    help_scene = HelpScene(app)
    app.reset_to(help_scene)
    for i, page in enumerate(app.texts.get("help.pages")):
        help_scene.page, help_scene.scroll = i, 0
        help_scene.build()
        shot(f"help_{i + 1}_{page['name'].lower().replace(' ', '_')}")
    app.reset_to(LeaderboardScene(app, highlight=102))
    shot("leaderboard")

    # -- a hand where you speak first: the deal, both bidding rounds
    table = scripted_table(app, HUMAN_FIRST)
    for _ in range(22):
        app.step(1 / 60)
    shot("table_dealing")
    app.settings["animation_speed"] = "off"
    settle(app, table)
    shot("bidding_round1")
    table.apply(PASS)
    table.apply(PASS)
    settle(app, table)
    shot("bidding_round2")
    table.apply(table.hand.legal_bids()[0])
    settle(app, table)
    shot("free_play_your_lead")
    advance(app, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3
            and len(t.hand.current) == 1 and t.hand.to_move == 0)
    table.hover = None
    shot("free_play_follow")
    table.show_last = True
    shot("last_trick")
    table.show_last = False
    advance(app, table, lambda t: t.hand.to_move == RIVAL and t.hand.trick_number >= 5)
    table.ai_seats = {RIVAL}
    shot("rival_thinking")
    table.ai_seats = set()
    found = advance(app, table, lambda t: t.in_hand() and t.hand.strict and t.hand.to_move == 0
                    and bool(t.hand.current) and bool(t.illegal_now()))
    if found:
        table.try_play(sorted(table.illegal_now())[0])
        app.step(1 / 60)
        shot("strict_play_illegal")
    app.settings["four_colour"] = True
    shot("strict_play_four_colour")
    app.settings["four_colour"] = False
    table.show_tracker = False
    shot("strict_play_no_tracker")
    table.show_tracker = True
    advance(app, table, lambda t: t.panel is not None and t.panel.kind == "hand_over")
    shot("end_of_hand")
    advance(app, table, lambda t: t.panel is not None and t.panel.kind == "match_over")
    shot("end_of_match")
    table.panel.done = True
    settle(app, table)
    app.push(PauseMenu(app, table))
    shot("pause_menu")
    app.push(ConfirmDialog(app, app.texts("menu.abandon_confirm"), lambda: None))
    shot("confirm_abandon")
    app.pop()
    app.pop()
    if not table.run.over:
        PauseMenu(app, table)._abandon()
    advance(app, table, lambda t: t.panel is not None and t.panel.kind == "run_over")
    shot("end_of_run")
    name_entry = NameEntryScene(app, table.run, table.started)
    app.reset_to(name_entry)
    name_entry.name = "Zoë Ñandú"
    name_entry.build()
    shot("name_entry")

    # -- the forced dealer: you deal, both pass twice, twice over
    table = scripted_table(app, HUMAN_DEALS)
    settle(app, table)
    for _ in range(8):
        table.apply(PASS)
    for _ in range(3):
        table.apply(PASS)
    settle(app, table)
    shot("bidding_forced_dealer")
    app.quit()
    app.shutdown()
    return shot.names


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "out/screens")
    for size in SIZES:
        names = render(size, out)
        print(f"{size[0]}x{size[1]}: {len(names)} screens in {out}/{size[0]}x{size[1]}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
