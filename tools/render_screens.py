"""Render every screen of the desktop game to PNG, at 960x600 and 1600x1000.

    python tools/render_screens.py [--lang {en,pt,es,fr,all}] [OUT_DIR]   (default: out/screens)

    python tools/render_screens.py --size 1920x1080 [OUT_DIR]    (other sizes)

    python tools/render_screens.py --only fair [--lang all] [OUT_DIR]
        only the fair-play screens (title, History, Statistics, Export, the
        commitment and seed on the table)

Each language goes to OUT_DIR/<lang>/<W>x<H>/ (English by default).

No display is needed (SDL's dummy driver).  The table screens are reached by
playing real runs with fixed seeds: both seats are scripted here (first legal
action) so the pictures do not depend on the AI; the state comes from the
engine exactly as in the game.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from belote2p.actions import PASS, Event, EventKind, Phase
from belote2p.match import MatchResult, Run
from belote2p.services.i18n import LANGUAGES, _, set_language
from belote2p.services.run_session import ActiveRun, now_iso
from belote2p.store.api import LeaderboardEntry, MemoryStore
from belote2p.ui.help_text import HELP_PAGES
from belote2p.ui.model import RIVAL, Beat, BeatKind, Celebration
from belote2p.ui.navigation import Route
from belote2p.ui.table.scene import TableScene
from tests.ui_harness import make_app, open_table

SIZES = ((960, 600), (1600, 1000))
HUMAN_FIRST, HUMAN_DEALS = "a", "b"  # seeds: who deals the first hand


class Shooter:
    """Draws the current scenes (no update: the state stays as set) and saves
    them; ``folder`` None draws only (the layout test watches the drawing)."""

    def __init__(self, game, folder: Path | None, before: Callable[[str], None] | None = None):
        self.app, self.folder, self.before = game.app, folder, before
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self.names: list[str] = []

    def __call__(self, name: str) -> None:
        if self.before is not None:
            self.before(name)
        for scene in self.app.scenes:  # a whole picture, not just what changed
            scene.invalidate()
        self.app._draw(0.0)
        if self.folder is not None:
            pygame.image.save(self.app.surface, str(self.folder / f"{name}.png"))
        self.names.append(name)


class SampleStore(MemoryStore):
    """A memory store whose leaderboard starts with a few sample rows."""

    SAMPLE: ClassVar[list[tuple[str, int, int, int, int]]] = [
        ("Ana", 30412, 3, 412, 4), ("Bruno", 20233, 2, 233, 3), ("Chloé", 10150, 1, 150, 2),
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


def scripted_table(game, seed: str) -> TableScene:
    table = open_table(game, seed, now_iso())
    table.ai_seats = set()  # both seats played from here
    return table


def settle(game, table) -> None:
    app = game.app
    for _step in range(200):
        panel = table.beats.panel
        if table.idle() or (panel is not None and panel.age > 0.2):
            break  # a panel waits for the player: nothing more will move
        app.step(1 / 60)
    table.beats.banners.clear()  # announcements of earlier moves would have faded by now
    app.toasts.clear()
    game.store.warnings.clear()  # this script replaces runs freely; the store says so
    app._warned = 0
    app.step(1 / 60)  # one more frame: the idle state is drawn (and synced)


def advance(game, table, until, limit: int = 400) -> bool:
    """First legal action for whoever is to move, until ``until(table)``."""
    for _step in range(limit):
        settle(game, table)
        if until(table):
            return True
        if table.beats.panel is not None:
            table.beats.panel.done = True
            continue
        if table.run.over or not table.in_hand():
            return False
        table.apply(table.hand.legal_actions()[0])
    return False


def render_review(game, table, shot) -> None:
    """The review of the hand just finished: computing, a stock-phase trick, a
    strict one; then back to the end-of-hand panel."""
    record, title = table.beats.panel.review
    review = game.nav.push(Route.REVIEW, record=record, title=title)
    verdicts, review.hand = review.hand, dataclasses.replace(review.hand, review=None)
    shot("review_computing")
    review.hand = verdicts
    review.update(0.0)  # the inline worker has answered: take its verdicts
    review.select(3)
    shot("review_stock_trick")
    review.select(9)
    shot("review_strict_trick")
    game.nav.pop()


def render(size: tuple[int, int], out: Path | None, lang: str = "en",
           before: Callable[[str], None] | None = None) -> list[str]:
    """Every screen at ``size`` in ``lang``; ``before(name)`` is called as each is drawn."""
    set_language(lang)
    game = make_app(size=size, store=sample_store(), settings={"animation_speed": "normal"})
    app, nav = game.app, game.nav
    folder = None if out is None else out / lang / f"{size[0]}x{size[1]}"
    shot = Shooter(game, folder, before)

    # -- title, with a saved run and a storage warning
    game.store.save_run("demo", [], now_iso())
    nav.reset(Route.TITLE)
    shot("title")
    app.toast(_("The saved run could not be resumed ({error}); it was set aside.")
              .format(error="database is locked"))
    app.step(1 / 60)
    shot("title_toast")
    app.toasts.clear()
    nav.push(Route.CONFIRM, question=_("You have a run in progress. Abandon it and start a new "
                                       "one? The unfinished match counts as lost."),
             on_yes=lambda: None)
    shot("title_confirm_new_run")
    nav.reset(Route.SETTINGS)
    shot("settings")
    help_scene = nav.reset(Route.HELP)
    for i, (name, _paragraphs) in enumerate(HELP_PAGES):
        help_scene.page, help_scene.scroll = i, 0
        help_scene.build()
        shot(f"help_{i + 1}_{name.lower().replace(' ', '_')}")
    nav.reset(Route.LEADERBOARD, highlight=102)
    shot("leaderboard")

    # -- a hand where you speak first: the deal, both bidding rounds
    table = scripted_table(game, HUMAN_FIRST)
    for _step in range(22):
        app.step(1 / 60)
    shot("table_dealing")
    app.settings["animation_speed"] = "off"
    settle(game, table)
    shot("bidding_round1")
    table.apply(PASS)
    table.apply(PASS)
    settle(game, table)
    shot("bidding_round2")
    table.apply(table.hand.legal_bids()[0])
    settle(game, table)
    shot("free_play_your_lead")
    advance(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3
            and len(t.hand.current) == 1 and t.hand.to_move == 0)
    table.input.hover = None
    shot("free_play_follow")
    table.input.show_last = True
    shot("last_trick")
    table.input.show_last = False
    advance(game, table, lambda t: t.hand.to_move == RIVAL and t.hand.trick_number >= 5)
    table.ai_seats = {RIVAL}
    shot("rival_thinking")
    table.ai_seats = set()
    found = advance(game, table, lambda t: t.in_hand() and t.hand.strict and t.hand.to_move == 0
                    and bool(t.hand.current) and bool(t.illegal_now()))
    if found:
        table.try_play(sorted(table.illegal_now())[0])
        app.step(1 / 60)
        shot("strict_play_illegal")
    app.settings["four_colour"] = True
    shot("strict_play_four_colour")
    app.settings["four_colour"] = False
    table.input.show_tracker = False
    shot("strict_play_no_tracker")
    table.input.show_tracker = True
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    shot("end_of_hand")
    render_review(game, table, shot)
    table.beats.panel.done = True
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    shot("end_of_match")
    render_moments(game, table, shot)
    table.beats.panel.done = True
    settle(game, table)
    menu = nav.push(Route.PAUSE, demo=False, run_over=table.run.over, on_abandon=table.abandon)
    shot("pause_menu")
    nav.push(Route.CONFIRM, question=_("Abandon this run? The unfinished match counts as lost; "
                                       "the matches you have won stand."), on_yes=lambda: None)
    shot("confirm_abandon")
    nav.pop()
    if not table.run.over:
        menu.abandon()  # closes the menu; the table shows the end of the run
    else:
        nav.pop()
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "run_over")
    shot("end_of_run")
    render_run_over_best(game, shot)
    name_entry = nav.reset(Route.NAME_ENTRY, active=ActiveRun(table.run, table.started))
    name_entry.name = "Zoë Ñandú"
    name_entry.build()
    shot("name_entry")

    # -- the forced dealer: you deal, both pass twice, twice over
    table = scripted_table(game, HUMAN_DEALS)
    settle(game, table)
    for _step in range(8):
        table.apply(PASS)
    for _step in range(3):
        table.apply(PASS)
    settle(game, table)
    shot("bidding_forced_dealer")
    render_practice(game, shot)
    app.quit()
    app.shutdown()
    return shot.names


def render_moments(game, table, shot) -> None:
    """The announcements (each as the table shows it, over the match panel's
    table) and a match won's celebration, mid-flight."""
    app = game.app
    panel, beat = table.beats.panel, table.beats.beat
    table.beats.panel = None
    table.beats.beat = None
    builder = table.builder
    moments = {
        "announce_belote": builder.belote(Event(EventKind.REBELOTE, RIVAL)),
        "announce_redeal": builder.redeal_notice(),
        "announce_forced_dealer": builder.forced_dealer(RIVAL),
        "announce_capot": builder.capot(0),
        "announce_dedans": builder.dedans(1, 162),
    }
    for name, moment in moments.items():
        table.beats.banners.clear()
        table.beats._start(moment)
        table.beats.beat = None
        shot(name)
    table.beats.banners.clear()
    celebration = Beat(BeatKind.CELEBRATE, 0.9, payload=Celebration(
        122, (0, 1), (0, 10_122), (1, 2)), skippable=True, hard=True)
    table.beats.beat, table.beats.beat_t = celebration, 0.45
    shot("celebration")
    table.beats.beat, table.beats.panel = beat, panel
    app.step(0.0)


def render_run_over_best(game, shot) -> None:
    """The end of a run that won a match: its place on the board and a personal best."""
    run = Run(HUMAN_FIRST)
    run.results.append(MatchResult((233, 111), 0))
    run.abandon()
    table = game.nav.reset(Route.TABLE, active=ActiveRun(run, now_iso()))
    settle(game, table)
    shot("end_of_run_best")


def render_practice(game, shot) -> None:
    """Practice: the level picker, then a practice table with a hint shown
    (stock phase), the rival's cards face up, and a strict-phase hint."""
    app, nav = game.app, game.nav
    nav.reset(Route.TITLE)
    nav.push(Route.PRACTICE)
    shot("practice_pick_level")
    table = nav.reset(Route.TABLE, active=ActiveRun(Run(HUMAN_FIRST), ""), practice=3)
    table.ai_seats = set()  # both seats scripted, as above
    advance(game, table, lambda t: t.in_hand() and t.hand.phase is Phase.PLAY
            and t.hand.trick_number >= 2 and t.hand.to_move == 0 and bool(t.hand.current))
    table.ask_hint()
    app.step(1 / 60)
    table.input.hover = None
    shot("practice_hint")
    table.toggle_face_up()
    app.step(1 / 60)
    shot("practice_face_up")
    table.toggle_face_up()
    if advance(game, table, lambda t: t.in_hand() and t.hand.strict and t.hand.to_move == 0):
        table.ask_hint()
        app.step(1 / 60)
        shot("practice_hint_strict")


def render_fair(size: tuple[int, int], out: Path | None, lang: str = "en",
                before: Callable[[str], None] | None = None) -> list[str]:
    """The fair-play screens over real sample runs (tests/recorded_runs.py:
    played by the AI, recorded as the game records them, with fixed dates)."""
    from belote2p.fairness import daily_seed, today_utc
    from tests.recorded_runs import DAILY_DAY, recorded_store

    set_language(lang)
    store = recorded_store()
    game = make_app(size=size, store=store, settings={"animation_speed": "off"})
    app, nav = game.app, game.nav
    folder = None if out is None else out / lang / f"{size[0]}x{size[1]}"
    shot = Shooter(game, folder, before)
    title = nav.reset(Route.TITLE)
    shot("fair_title")
    today = today_utc()  # played earlier today: this attempt is practice
    store.claim_daily(today.isoformat(), daily_seed(today), "2000-01-01T00:00:00+00:00")
    title.activate(next(b for b in title.buttons if b.value == "daily"))
    shot("fair_title_daily_practice")
    history = nav.reset(Route.HISTORY)
    shot("fair_history")
    history.open(next(r for r in history.records if r.daily == DAILY_DAY))
    shot("fair_history_run")
    history.activate(next(b for b in history.buttons if b.value == "export"))
    shot("fair_export")
    app.top.export()
    shot("fair_export_done")
    app.top.folder = str(Path(__file__).resolve())
    app.top.export()
    shot("fair_export_error")
    nav.reset(Route.STATS)
    shot("fair_stats")
    game.session.store = MemoryStore()
    nav.reset(Route.STATS)
    shot("fair_stats_empty")
    table = scripted_table(game, HUMAN_FIRST)
    settle(game, table)
    shot("fair_table_commitment")
    table.abandon()
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "run_over")
    shot("fair_end_of_run_seed")
    app.quit()
    app.shutdown()
    return shot.names


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Render every screen of the game to PNG.")
    parser.add_argument("--lang", choices=(*LANGUAGES, "all"), default="en",
                        help="the language of the screens, or all of them (default: en)")
    parser.add_argument("--only", choices=("all", "fair"), default="all",
                        help="every screen, or only the fair-play ones")
    parser.add_argument("--size", action="append", metavar="WxH",
                        help="a window size to render (repeatable; default: 960x600 and "
                             "1600x1000)")
    parser.add_argument("out", nargs="?", default="out/screens", help="the folder to write to")
    args = parser.parse_args(argv[1:])
    os.environ.setdefault("BELOTE2P_DATA_DIR", tempfile.mkdtemp(prefix="belote2p-shots-"))
    draw = render_fair if args.only == "fair" else render
    out = Path(args.out)
    for lang in LANGUAGES if args.lang == "all" else (args.lang,):
        sizes = SIZES if not args.size else tuple(
            (int(w), int(h)) for w, h in (v.lower().split("x") for v in args.size))
        for size in sizes:
            names = draw(size, out, lang)
            where = out / lang / f"{size[0]}x{size[1]}"
            print(f"{lang} {size[0]}x{size[1]}: {len(names)} screens in {where}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
