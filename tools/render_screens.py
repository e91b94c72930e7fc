"""Render every screen of the desktop game to PNG, at 960x600 and 1600x1000.

    python tools/render_screens.py [--lang {en,pt,es,fr,all}] [OUT_DIR]   (default: out/screens)

    python tools/render_screens.py --size 1920x1080 [OUT_DIR]    (other sizes)

    python tools/render_screens.py --format bmp [OUT_DIR]
        uncompressed pictures: the same screens, written about 15 times faster
        than PNG (tests/ui/test_ui_demo.py runs the script so)

    python tools/render_screens.py --only fair [--lang all] [OUT_DIR]
        only the fair-play screens (title, History, Statistics, Export, the
        commitment and seed on the table)

    python tools/render_screens.py --only learn [--lang all] [OUT_DIR]
        only the learning screens of issue #19 (hints in words on a bid and a
        card, a review in sentences, a replayed deal and its comparison, the
        rating on Statistics, and "too few matches")
    python tools/render_screens.py --only words [--lang all] [OUT_DIR]
        only the title with its daily question, How to play and every step of
        the guided hand (issue #29)
    python tools/render_screens.py --only board [--lang all] [OUT_DIR]
        only the leaderboard's tabs (the daily one by score and by skill), the
        daily run's labels (title, pause menu, abandon question), dialogs over
        dialogs and practice's pause menu
    python tools/render_screens.py --only level4 [--lang all] [OUT_DIR]
        only level 4 in your seat (issue #32): the end-of-hand panel while the
        hand is played again and with its line, a hand's review with both
        lines of play side by side, Statistics with the skill figure and a
        run's skill figure in History

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

from belote2p.core.actions import PASS, Event, EventKind, Phase
from belote2p.core.match import RIVAL, MatchResult, Run
from belote2p.services.i18n import LANGUAGES, _, set_language
from belote2p.services.run_session import ActiveRun
from belote2p.store import MemoryStore
from belote2p.store.api import LeaderboardEntry, PlayedBy
from belote2p.store.runs import now_iso
from belote2p.ui.navigation import Route
from belote2p.ui.table.input import Practice as PracticeKey
from belote2p.ui.table.model import Beat, BeatKind, Celebration
from belote2p.ui.table.scene import TableScene
from lab.harness import held_comparisons, make_app, open_table

SIZES = ((960, 600), (1600, 1000))
HUMAN_FIRST, HUMAN_DEALS = "a", "b"  # seeds: who deals the first hand


class Shooter:
    """Draws the current scenes (no update: the state stays as set) and saves
    them; ``folder`` None draws only (the layout test watches the drawing)."""

    extension: ClassVar[str] = "png"  # the picture format (--format), from its file name

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
            pygame.image.save(self.app.surface, str(self.folder / f"{name}.{self.extension}"))
        self.names.append(name)


class SampleStore(MemoryStore):
    """A memory store whose leaderboard starts with a few sample rows."""

    SAMPLE: ClassVar[list[tuple[str, int, int, int, int]]] = [
        ("Ana", 30412, 3, 412, 4), ("Bruno", 20233, 2, 233, 3), ("Chloé", 10150, 1, 150, 2),
        ("Dmitri", 10042, 1, 42, 2), ("Eve", 0, 0, 0, 1)]

    def leaderboard(self, limit: int = 10,
                    played_by: PlayedBy = PlayedBy.PLAYER) -> list[LeaderboardEntry]:
        rows = [LeaderboardEntry(0, n, s, st, m, lv, f"2025-11-2{i}", 100 + i)
                for i, (n, s, st, m, lv) in enumerate(self.SAMPLE) if played_by.holds(False)]
        rows += super().leaderboard(limit, played_by)
        rows.sort(key=lambda e: -e.score)
        return [LeaderboardEntry(i + 1, e.name, e.score, e.streak, e.margin_total, e.level,
                                 e.date, e.entry_id) for i, e in enumerate(rows[:limit])]


def sample_store() -> MemoryStore:
    store = SampleStore()
    store.set_last_name("Ana")
    return store


def scripted_table(game, seed: str) -> TableScene:
    table = open_table(game, seed, now_iso())
    table.mode.ai_seats = frozenset()  # both seats played from here
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
    title = nav.reset(Route.TITLE)  # today's challenge, first attempt: says it counts
    title.activate(next(b for b in title.buttons if b.value == "daily"))
    shot("title_confirm_daily_counted")
    nav.reset(Route.SETTINGS)
    shot("settings")
    render_help(game, shot)
    render_learning(game, shot)
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
    table.mode.ai_seats = frozenset({RIVAL})
    shot("rival_thinking")
    table.mode.ai_seats = frozenset()
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
    table.input.show_last = True  # "Last trick (L)" over the hand's panel (issue #45)
    shot("end_of_hand_last_trick")
    table.input.show_last = False
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
    app.settings.change("left_handed", True)  # the side panel mirrored (issue #45)
    table = scripted_table(game, HUMAN_FIRST)
    advance(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3
            and t.hand.to_move == 0)
    shot("left_handed")
    app.settings.change("left_handed", False)
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
    builder = table.play.builder
    moments = {
        "announce_belote": builder.belote(Event(EventKind.REBELOTE, RIVAL)),
        "announce_redeal": builder.redeal_notice(),
        "announce_forced_dealer": builder.forced_dealer(RIVAL),
        "announce_capot": builder.capot(0),
        "announce_dedans": builder.dedans(1, 162),
        "announce_strict_play": builder.strict_play(),
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


def shoot_stock_hint(game, table, shot, name: str) -> None:
    """Play on to the player's turn at trick 2 or later with a card led, and
    shoot the hint shown there (a stock-phase card)."""
    advance(game, table, lambda t: t.in_hand() and t.hand.phase is Phase.PLAY
            and t.hand.trick_number >= 2 and t.hand.to_move == 0 and bool(t.hand.current))
    table.perform(PracticeKey("hint"))
    game.app.step(1 / 60)
    table.input.hover = None
    shot(name)


def shoot_strict_hint(game, table, shot, name: str) -> None:
    """Play on to the player's first turn of the strict phase, if the hand
    gets there, and shoot the hint shown there."""
    if advance(game, table, lambda t: t.in_hand() and t.hand.strict and t.hand.to_move == 0):
        table.perform(PracticeKey("hint"))
        game.app.step(1 / 60)
        shot(name)


def render_practice(game, shot) -> None:
    """Practice: the level picker, then a practice table with a hint shown
    (stock phase), the rival's cards face up, and a strict-phase hint."""
    app, nav = game.app, game.nav
    nav.reset(Route.TITLE)
    nav.push(Route.PRACTICE)
    shot("practice_pick_level")
    table = nav.reset(Route.TABLE, active=ActiveRun(Run(HUMAN_FIRST), ""), practice=3)
    table.mode.ai_seats = frozenset()  # both seats scripted, as above
    shoot_stock_hint(game, table, shot, "practice_hint")
    table.perform(PracticeKey("face_up"))
    app.step(1 / 60)
    shot("practice_face_up")
    table.perform(PracticeKey("face_up"))
    shoot_strict_hint(game, table, shot, "practice_hint_strict")


def opened(size: tuple[int, int], out: Path | None, lang: str, store: MemoryStore,
           before: Callable[[str], None] | None):
    """A window over ``store`` in ``lang`` (no animations) and its camera."""
    set_language(lang)
    game = make_app(size=size, store=store, settings={"animation_speed": "off"})
    folder = None if out is None else out / lang / f"{size[0]}x{size[1]}"
    return game, Shooter(game, folder, before)


# -- Learn to play and How to play (issue #19) -------------------------------
def render_help(game, shot) -> None:
    """Every page of How to play (their number depends on the window and the language)."""
    help_scene = game.nav.reset(Route.HELP)
    for i in range(len(help_scene.pages)):
        help_scene.page = i
        help_scene.section = help_scene.pages[i][0]
        shot(f"help_{i + 1:02d}")


def render_learning(game, shot) -> None:
    """The first launch's offer, then every step of the guided hand, with a
    wrong move of each kind explained where the lesson meets it."""
    from belote2p.core.actions import PASS
    from belote2p.core.cards import parse_card

    nav = game.nav
    nav.reset(Route.TITLE)
    nav.push(Route.LEARN_OFFER)
    shot("learn_offer")
    learn = nav.reset(Route.LEARN)
    wrong = {"Tricks 1 to 7": "AC", "The rival leads K♦": "JH", "The rival leads 10♥": "QH",
             "The rival leads 10♠": "AC"}
    while True:
        lesson = learn.lesson
        shot(f"learn_{lesson.index:02d}")
        if lesson.finished:
            break
        if lesson.step.is_page:
            learn.next_page()
            continue
        if lesson.index == 1:
            learn.play(PASS)
            shot(f"learn_{lesson.index:02d}_wrong")
        card = next((w for k, w in wrong.items() if lesson.step.text.startswith(k)), None)
        if card is not None:
            learn.play(parse_card(card))
            shot(f"learn_{lesson.index:02d}_wrong")
        learn.play(lesson.accepted()[0])
        if lesson.index == 4:  # the finished trick held (as at Normal speed): the
            learn.hold = 1.0  # panel still tells of it, not of the rival's next lead
            shot("learn_04_held")
        learn.hold = 0.0


def render_fair(size: tuple[int, int], out: Path | None, lang: str = "en",
                before: Callable[[str], None] | None = None) -> list[str]:
    """The fair-play screens over real sample runs (lab/samples.py:
    played by the AI, recorded as the game records them, with fixed dates)."""
    from belote2p.core.fairness import daily_seed, today_utc
    from lab.samples import DAILY_DAY, recorded_store

    store = recorded_store()
    game, shot = opened(size, out, lang, store, before)
    app, nav = game.app, game.nav
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


# ----------------------------------------------------------- issue #19: learning
def rated_store() -> MemoryStore:
    """The recorded runs plus a few more played by level 3 in the player's seat
    (at most three matches a run: rivals 1-3, quick), so the rating has a number."""
    from lab.samples import NAME, SampleRun, played_actions, recorded_store

    store = recorded_store(in_progress=False)
    for i in range(6):
        sample = SampleRun(f"rated{i}", f"2026-03-1{i}T18:00:00+00:00", 3)
        run = Run.replay(sample.seed, list(played_actions(sample)))
        store.record_finished_run(run, NAME, sample.started)
    return store


def render_learn(size: tuple[int, int], out: Path | None, lang: str = "en",
                 before: Callable[[str], None] | None = None) -> list[str]:
    """Hints in words (a bid, a stock card, a strict card), a review in
    sentences with its replay button, the replayed deal and both results,
    Statistics with a rating and with too few matches."""
    from lab.samples import recorded_store

    set_language(lang)
    game = make_app(size=size, store=recorded_store(in_progress=False),
                    settings={"animation_speed": "off"})
    app, nav = game.app, game.nav
    folder = None if out is None else out / lang / f"{size[0]}x{size[1]}"
    shot = Shooter(game, folder, before)

    table = nav.reset(Route.TABLE, active=ActiveRun(Run(HUMAN_FIRST), ""), practice=2)
    table.mode.ai_seats = frozenset()  # both seats scripted, as above
    settle(game, table)
    table.perform(PracticeKey("hint"))
    app.step(1 / 60)
    shot("learn_hint_bid")
    shoot_stock_hint(game, table, shot, "learn_hint_card")
    shoot_strict_hint(game, table, shot, "learn_hint_strict")

    history = nav.reset(Route.HISTORY)
    history.open(next(r for r in history.records if r.seed == "c0ffee"))
    match = history.matches[0]
    history._review(match, match.hands[0])()
    review = app.top
    review.update(0.0)  # the inline worker has answered
    costly = [d for d in review.hand.review.decisions if d.seat == 0 and d.loss >= 5]
    review.select(costly[0].trick if costly else 1)
    shot("learn_review_sentences")
    review.activate(next(b for b in review.buttons if b.value == "replay"))
    table = app.top
    table.mode.ai_seats = frozenset()
    settle(game, table)
    shot("learn_replay_start")
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    shot("learn_replay_hand_over")
    table.beats.panel.done = True
    settle(game, table)
    shot("learn_replay_compare")

    game.session.store = rated_store()
    nav.reset(Route.STATS)
    shot("learn_stats_rating")
    few = MemoryStore()
    from lab.samples import FINISHED, replayed

    few.record_finished_run(replayed(FINISHED[1]), "Ana", FINISHED[1].started)
    game.session.store = few
    nav.reset(Route.STATS)
    shot("learn_stats_few_matches")
    app.quit()
    app.shutdown()
    return shot.names


# -- the player's board, dialogs over dialogs, practice's menu (issue #17) ------------

BOARD_DAY = "2026-12-01"  # the daily challenge of the board screens


def board_store() -> MemoryStore:
    """The player's runs, autoplay runs that score higher, and three days of
    the daily challenge (one played by autoplay), with fixed dates."""
    from datetime import date, timedelta

    from belote2p.core.fairness import daily_seed
    from lab.figures import FakeRun

    store = MemoryStore()

    def ended_at(entry_id: int, when: str) -> None:  # a fixed end time for the pictures
        store._transact(lambda c: c.execute("UPDATE runs SET ended = ? WHERE id = ?",
                                            (when, entry_id)))

    runs = [("Ana", 2, 233, "2026-11-20", None), ("Bruno", 1, 150, "2026-11-22", None),
            ("Chloé", 1, 42, "2026-11-25", None), ("Dmitri", 0, 0, "2026-11-26", None),
            ("AI level 3", 4, 987, "2026-11-27", "autoplay/3"),
            ("AI level 2", 3, 412, "2026-11-28", "autoplay/2")]
    for i, (name, streak, margin, ended, ai_key) in enumerate(runs):
        ended_at(store.record_finished_run(FakeRun(f"board{i}", streak, margin), name,
                                           f"{ended}T18:00:00+00:00", ai_key=ai_key),
                 f"{ended}T19:00:00+00:00")
    for back, (name, streak, margin, ai_key) in enumerate(
            [("Ana", 1, 88, None), ("AI level 2", 2, 301, "autoplay/2/daily"),
             ("Ana", 0, 0, None)], start=1):
        day = date.fromisoformat(BOARD_DAY) - timedelta(days=back)
        seed, started = daily_seed(day), f"{day.isoformat()}T08:00:00+00:00"
        store.claim_daily(day.isoformat(), seed, started)
        ended_at(store.record_finished_run(FakeRun(seed, streak, margin), name, started,
                                           ai_key=ai_key, daily=day.isoformat()),
                 f"{day.isoformat()}T09:00:00+00:00")
    store.set_last_name("Ana")
    return store


def render_board(size: tuple[int, int], out: Path | None, lang: str = "en",
                 before: Callable[[str], None] | None = None) -> list[str]:
    """The leaderboard's three tabs, the title with a daily run to continue
    (counted, then practice), the pause menu over its abandon question and
    over an end-of-hand panel (one dim layer), and practice's pause menu."""
    from datetime import date

    from belote2p.core.fairness import daily_seed

    store = board_store()
    game, shot = opened(size, out, lang, store, before)
    app, nav = game.app, game.nav

    board = nav.reset(Route.LEADERBOARD, highlight=store.leaderboard()[1].entry_id)
    shot("board_your_runs")
    for name in ("board_ai_runs", "board_daily"):
        board.show_tab(board.tab + 1)
        shot(name)
    board.activate(next(b for b in board.buttons if b.value == "order"))
    shot("board_daily_by_skill")  # issue #32: each day's best by skill a hand
    game.session.store = MemoryStore()
    for name in ("board_daily_empty", "board_your_runs_empty", "board_ai_runs_empty"):
        board.show_tab(board.tab + 1)
        shot(name)
    game.session.store = store

    # -- the title with today's daily run saved: counted, then practice
    seed, started = daily_seed(date.fromisoformat(BOARD_DAY)), f"{BOARD_DAY}T10:00:00+00:00"
    store.claim_daily(BOARD_DAY, seed, started)
    store.save_run(seed, [], started)
    title = nav.reset(Route.TITLE)
    shot("title_continue_daily_counted")
    title.activate(next(b for b in title.buttons if b.value == "new"))
    shot("title_confirm_new_run_daily")
    day = ActiveRun(Run(seed), started, BOARD_DAY)
    table = nav.reset(Route.TABLE, active=day)
    table.mode.ai_seats = frozenset()
    settle(game, table)
    table.open_menu()
    shot("pause_daily_counted")
    app.top.activate(next(b for b in app.top.buttons if b.value == "abandon"))
    shot("pause_confirm_abandon_daily")
    later = f"{BOARD_DAY}T12:00:00+00:00"  # a second attempt of the day: practice
    store.claim_daily(BOARD_DAY, seed, later)
    store.save_run(seed, [], later)
    nav.reset(Route.TITLE)
    shot("title_continue_daily_practice")

    # -- a pause menu over an end-of-hand panel: one dim layer
    table = scripted_table(game, HUMAN_FIRST)
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    shot("hand_panel")
    table.open_menu()
    shot("pause_over_hand_panel")

    # -- practice: its menu says nothing is saved
    table = nav.reset(Route.TABLE, active=ActiveRun(Run(HUMAN_FIRST), ""), practice=2)
    table.mode.ai_seats = frozenset()
    settle(game, table)
    table.open_menu()
    shot("pause_practice")
    app.quit()
    app.shutdown()
    return shot.names


def render_level4(size: tuple[int, int], out: Path | None, lang: str = "en",
                  before: Callable[[str], None] | None = None) -> list[str]:
    """The end-of-hand panel while level 4 in your seat is being compared
    (issue #32: the worker's answer held back), then with its line; the
    second hand's panel (the match's too) with its line."""
    game, shot = opened(size, out, lang, sample_store(), before)
    held = held_comparisons(game)

    def answer() -> None:
        held.answer()
        game.app.step(1 / 60)

    table = scripted_table(game, HUMAN_FIRST)
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    shot("end_of_hand_comparing")
    answer()
    shot("end_of_hand_level4")
    table.beats.panel.done = True
    advance(game, table, lambda t: t.beats.panel is not None and t.beats.panel.kind == "hand_over")
    answer()
    shot("end_of_match_level4")
    game.app.quit()
    game.app.shutdown()
    render_review_lines(size, out, lang, shot)
    render_kept_skill(size, out, lang, shot=shot)
    return shot.names


def render_kept_skill(size: tuple[int, int], out: Path | None, lang: str = "en",
                      before: Callable[[str], None] | None = None,
                      shot: Shooter | None = None) -> list[str]:
    """Statistics with the rating and the skill figure over the hands kept
    with the runs, and a run's skill figure in History, both read from the
    store (issue #32; the differences made up, the pictures are of the words).
    ``shot``: the camera to go on with (else one of its own)."""
    from belote2p.services.duplicate import finished_hands
    from belote2p.services.skill_kept import game_yardstick
    from belote2p.store.api import HandDifference

    store = rated_store()
    for record in store.list_runs():
        hands = list(finished_hands(record.seed, record.actions))
        store.keep_differences(record.seed, record.started, game_yardstick(), {
            key: HandDifference((i * 37) % 61 - 38, 38 - (i * 37) % 61)
            for i, key in enumerate(hands)})
    game, camera = opened(size, out, lang, store, before)
    if shot is None:
        shot = camera
    shot.app = game.app
    stats = game.nav.reset(Route.STATS)
    stats.update(0.0)  # the inline worker has read the figures
    shot("stats_skill")
    history = game.nav.reset(Route.HISTORY)
    history.open(next(r for r in store.list_runs() if r.seed == "c0ffee"))
    history.update(0.0)
    shot("history_run_skill")
    game.app.quit()
    game.app.shutdown()
    return shot.names


def render_review_lines(size: tuple[int, int], out: Path | None, lang: str, shot) -> None:
    """A finished run's hand reviewed from History with level 4's line beside
    yours: while it is played again (held back), then with it."""
    from lab.samples import recorded_store

    store = recorded_store(in_progress=False)
    game, _camera = opened(size, out, lang, store, None)
    shot.app = game.app
    history = game.nav.reset(Route.HISTORY)
    history.open(next(r for r in store.list_runs() if r.seed == "c0ffee"))  # parts at trick 3
    match = history.matches[0]
    history._review(match, match.hands[0])()
    review = game.app.top
    review.update(0.0)  # the inline worker has judged the cards
    review.activate(next(b for b in review.buttons if b.value == "lines"))
    shot("review_lines_comparing")
    held_comparisons(game).answer()
    game.app.step(1 / 60)
    shot("review_lines")
    game.app.quit()
    game.app.shutdown()


def render_words(size: tuple[int, int], out: Path | None, lang: str = "en",
                 before: Callable[[str], None] | None = None) -> list[str]:
    """The screens of issue #29's words: the title (a run in progress), today's
    challenge asked about before it starts, every page of How to play and every
    step of the guided hand."""
    store = sample_store()
    game, shot = opened(size, out, lang, store, before)
    store.save_run("demo", [], now_iso())
    title = game.nav.reset(Route.TITLE)
    shot("title")
    title.activate(next(b for b in title.buttons if b.value == "daily"))
    shot("title_confirm_daily_counted")
    render_help(game, shot)
    render_learning(game, shot)
    game.app.quit()
    game.app.shutdown()
    return shot.names


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Render every screen of the game to PNG.")
    parser.add_argument("--lang", choices=(*LANGUAGES, "all"), default="en",
                        help="the language of the screens, or all of them (default: en)")
    parser.add_argument("--only", choices=("all", "fair", "learn", "board", "words", "level4"),
                        default="all",
                        help="every screen, or only the fair-play ones, the learning ones "
                             "(issue #19), the board's and the dialogs' (issue #17) or the "
                             "title, How to play and the guided hand (issue #29), or the "
                             "end-of-hand panel with level 4 in your seat (issue #32)")
    parser.add_argument("--size", action="append", metavar="WxH",
                        help="a window size to render (repeatable; default: 960x600 and "
                             "1600x1000)")
    parser.add_argument("--format", choices=("png", "bmp"), default="png",
                        help="the pictures' format: png (default) or bmp (uncompressed, much "
                             "quicker to write)")
    parser.add_argument("out", nargs="?", default="out/screens", help="the folder to write to")
    args = parser.parse_args(argv[1:])
    Shooter.extension = args.format
    os.environ.setdefault("BELOTE2P_DATA_DIR", tempfile.mkdtemp(prefix="belote2p-shots-"))
    draw = {"fair": render_fair, "learn": render_learn, "board": render_board,
            "words": render_words, "level4": render_level4}.get(args.only, render)
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
