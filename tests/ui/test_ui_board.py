"""The window's side of issue #17: the board is the player's (tabs for the
autoplay runs and the daily boards), the daily run is labelled wherever it can
be continued or ended, dialogs stack under exactly one dim layer, and practice's
menu says that nothing is saved."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

import pygame
import pytest

from belote2p.core.fairness import daily_seed
from belote2p.core.match import Run
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.run_session import ActiveRun
from belote2p.store import MemoryStore
from belote2p.ui import gfx
from belote2p.ui.navigation import Route
from lab import harness as h
from lab.figures import FakeRun

DAY = "2026-12-01"
SEED = daily_seed(date(2026, 12, 1))
STARTED = f"{DAY}T10:00:00+00:00"


@contextmanager
def texts() -> Iterator[list[str]]:
    """Every text drawn meanwhile."""
    seen: list[str] = []
    gfx.text_hook = lambda s, rect, box, clipped: seen.append(s)
    try:
        yield seen
    finally:
        gfx.text_hook = None


def drawn(game) -> list[str]:
    with texts() as seen:
        for scene in game.app.scenes:
            scene.invalidate()
        game.app._draw(0.0)
    return seen


def board_store() -> MemoryStore:
    """The player's run, an autoplay run that scores higher, three daily days."""
    store = MemoryStore()
    store.record_finished_run(FakeRun("mine", 1, 50), "Ann", STARTED)
    store.record_finished_run(FakeRun("auto", 3, 412), "AI level 2", STARTED, ai_key="auto/2")
    for day, name, ai_key, streak in (("2026-11-28", "Ann", None, 0),
                                      ("2026-11-30", "AI level 2", "auto/d", 2),
                                      ("2026-11-29", "Ann", None, 1)):
        seed = daily_seed(date.fromisoformat(day))
        assert store.claim_daily(day, seed, f"{day}T08:00:00+00:00")
        store.record_finished_run(FakeRun(seed, streak, 7), name, f"{day}T08:00:00+00:00",
                                  ai_key=ai_key, daily=day)
    # a second attempt of the 29th: practice, not on that day's board
    seed = daily_seed(date(2026, 11, 29))
    store.record_finished_run(FakeRun(seed, 0, 99), "Again", "2026-11-29T12:00:00+00:00",
                              daily="2026-11-29")
    return store


@pytest.fixture
def game():
    built = h.make_app(size=(960, 600), store=board_store())
    yield built
    built.app.shutdown()


# -- the title's best score ------------------------------------------------------------

def test_the_titles_best_score_ignores_autoplay_runs(game):
    game.nav.reset(Route.TITLE)
    lines = [t for t in drawn(game) if t.startswith("Best score")]
    assert lines == ["Best score: 10,050  (Ann, streak 1)"]  # not the AI's 30,412


def test_only_autoplay_runs_leave_the_title_without_a_best_score():
    store = MemoryStore()
    store.record_finished_run(FakeRun("auto", 3, 412), "AI level 2", STARTED, ai_key="auto/2")
    game = h.make_app(size=(960, 600), store=store)
    try:
        game.nav.reset(Route.TITLE)
        assert "No score yet: win a match to start a streak" in drawn(game)
        assert not any(t.startswith("Best score") for t in drawn(game))
    finally:
        game.app.shutdown()


# -- the leaderboard's tabs ------------------------------------------------------------

def names_on(game) -> set[str]:
    return {t for t in drawn(game)} & {"Ann", "AI level 2", "Again"}


def test_the_tabs_switch_by_keys_and_clicks(game):
    board = game.nav.reset(Route.LEADERBOARD)
    assert names_on(game) == {"Ann", "Again"}  # the player's runs only
    seen = []
    for key, mod in ((pygame.K_RIGHT, 0), (pygame.K_TAB, 0), (pygame.K_TAB, 0),
                     (pygame.K_LEFT, 0), (pygame.K_TAB, pygame.KMOD_SHIFT)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                             scancode=0))
        h.step(game)
        seen.append(board.tab)
    assert seen == [1, 2, 0, 2, 1]
    assert names_on(game) == {"AI level 2"}  # the autoplay tab
    tabs = game.app.top.offer()["buttons"]
    h.click(tabs["tab:daily"].center)
    h.step(game)
    assert board.tab == 2 and names_on(game) == {"Ann", "AI level 2"}  # each day's first
    h.click(tabs["tab:mine"].center)
    h.step(game)
    assert board.tab == 0 and names_on(game) == {"Ann", "Again"}
    h.key(pygame.K_ESCAPE)
    h.step(game)
    assert game.app.top.offer()["scene"] == "TitleScene"


def test_the_daily_tab_has_one_row_a_day_newest_first(game):
    set_language("pt")
    board = game.nav.reset(Route.LEADERBOARD, highlight=None)
    board.show_tab(2)
    assert board.cells == [("30 de nov. de 2026", "AI level 2", "20.007", "2"),
                           ("29 de nov. de 2026", "Ann", "10.007", "1"),
                           ("28 de nov. de 2026", "Ann", "7", "0")]  # "Again" was practice
    assert board.ai_rows == [True, False, False]
    tags: list[str] = []
    board._draw_ai_tag = lambda surf, tag, at: tags.append(tag)
    drawn(game)
    assert tags == ["IA"]  # the day autoplay played first


def test_the_board_in_every_language_names_its_tabs(game):
    labels = {}
    for code in LANGUAGES:
        set_language(code)
        board = game.nav.reset(Route.LEADERBOARD)
        labels[code] = [b.label for b in board.buttons if str(b.value).startswith("tab:")]
    assert labels["en"] == ["Your runs", "AI runs", "Daily challenge"]
    assert labels["pt"] == ["Suas séries", "Séries da IA", "Desafio diário"]
    assert len({tuple(v) for v in labels.values()}) == 4


# -- one dim layer ---------------------------------------------------------------------

def frame(game) -> pygame.Surface:
    for scene in game.app.scenes:
        scene.invalidate()
    game.app._draw(0.0)
    return game.app.surface.copy()


def play_to_hand_panel(game):
    """The real loop, first legal moves, until the end of the first hand."""
    table = h.open_table(game, "a")
    for _ in range(400):
        offer = h.settle(game)
        if offer["panel"] == "hand_over":
            return table
        if offer["panel"] is not None:
            h.click(offer["panel_button"].center)
        else:
            h.click(h.first_legal_policy(offer)[1])
        h.step(game)
    raise AssertionError("no end of hand")


def test_a_menu_over_an_end_of_hand_panel_dims_the_table_once():
    game = h.make_app(size=(960, 600))
    try:
        table = play_to_hand_panel(game)
        corner = (table.L.table.left + 2, table.L.table.bottom - 2)  # bare felt
        panel = table.beats.panel.rect(table.L)
        on_panel = (panel.left + 6, panel.centery)  # the hand panel, left of the menu's box
        alone = frame(game)  # the panel over the table's own dim layer
        table.open_menu()
        paused = frame(game)
        menu = game.app.top
        first = menu.buttons[0].rect
        assert on_panel[0] < first.centerx - (first.w + menu.fonts.body * 4) // 2
        assert paused.get_at(corner) == alone.get_at(corner)  # once, not the panel's + the menu's
        assert paused.get_at(on_panel) != alone.get_at(on_panel)  # the panel is under the dim
        inside = menu.buttons[0].rect.move(0, -menu.fonts.body).midleft  # on the menu's box
        game.nav.pop()
        game.nav.pop()  # the table alone, no panel drawn over it: the same box, nothing under
        game.nav.push(Route.TABLE, active=ActiveRun(Run("a"), "x"))
        game.nav.push(Route.PAUSE, demo=False, run_over=False, on_abandon=lambda: None)
        assert frame(game).get_at(inside) == paused.get_at(inside)  # opaque: nothing through
    finally:
        game.app.shutdown()


def test_a_question_over_the_menu_dims_once_and_hides_the_menu():
    game = h.make_app(size=(960, 600))
    try:
        table = h.open_table(game, "a")
        h.settle(game)
        question = "Abandon this run?"
        felt = (table.L.table.left + 2, table.L.table.bottom - 2)
        bare = frame(game)
        game.nav.push(Route.CONFIRM, question=question, on_yes=lambda: None)
        single = frame(game)  # the table, one dim layer, the question
        assert single.get_at(felt) != bare.get_at(felt)  # the dim layer is there
        game.nav.pop()
        table.open_menu()
        game.nav.push(Route.CONFIRM, question=question, on_yes=lambda: None)
        stacked = frame(game)
        box = game.app.top._box()
        menu = game.app.scenes[-2].buttons[-1].rect  # "Save and quit": outside the question
        assert stacked.get_at(felt) == single.get_at(felt)  # dimmed once, not twice
        assert all(stacked.get_at(p) == single.get_at(p)  # the question's box: nothing through
                   for p in ((x, y) for x in range(box.left + 2, box.right - 2, 7)
                             for y in range(box.top + 2, box.bottom - 2, 7)))
        assert stacked.get_at(menu.center) != single.get_at(menu.center)  # the menu is there
    finally:
        game.app.shutdown()


# -- the daily run's label -------------------------------------------------------------

def daily_game(counted: bool):
    store = MemoryStore()
    started = STARTED
    if not counted:
        store.claim_daily(DAY, SEED, "2026-12-01T06:00:00+00:00")  # played earlier today
    else:
        store.claim_daily(DAY, SEED, started)
    store.save_run(SEED, [], started)
    return h.make_app(size=(960, 600), store=store), started


DATE_SHOWN = "Dec\u00a01,\u00a02026"  # no-break spaces: a wrapped label keeps its date whole


@pytest.mark.parametrize("counted, word", [(True, "counted"), (False, "practice")])
def test_the_titles_continue_names_the_daily_run(counted, word):
    game, _started = daily_game(counted)
    try:
        title = game.nav.reset(Route.TITLE)
        label = f"Daily challenge · {DATE_SHOWN} · {word}"
        assert label in drawn(game)
        title.activate(next(b for b in title.buttons if b.value == "new"))
        assert game.app.top.label == label and label in drawn(game)  # the abandon question
    finally:
        game.app.shutdown()


@pytest.mark.parametrize("counted, word", [(True, "counted"), (False, "practice")])
def test_the_pause_menu_and_its_abandon_question_name_the_daily_run(counted, word):
    game, started = daily_game(counted)
    try:
        table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(SEED), started, DAY))
        h.settle(game)
        table.open_menu()
        label = f"Daily challenge · {DATE_SHOWN} · {word}"
        assert label in drawn(game)
        h.click(game.app.top.offer()["buttons"]["abandon"].center)
        h.step(game)
        assert game.app.top.offer()["scene"] == "ConfirmDialog" and label in drawn(game)
    finally:
        game.app.shutdown()


def test_the_label_speaks_the_players_language():
    game, _started = daily_game(True)
    try:
        set_language("fr")
        game.nav.reset(Route.TITLE)
        assert "Défi du jour · 1\u00a0déc.\u00a02026 · compté" in drawn(game)
    finally:
        game.app.shutdown()


def test_an_ordinary_run_has_no_daily_label():
    store = MemoryStore()
    store.save_run("plain", [], STARTED)
    game = h.make_app(size=(960, 600), store=store)
    try:
        game.nav.reset(Route.TITLE)
        table = game.nav.reset(Route.TABLE, active=ActiveRun(Run("plain"), STARTED))
        h.settle(game)
        table.open_menu()
        assert not any("Daily challenge ·" in t for t in drawn(game))
    finally:
        game.app.shutdown()


# -- practice's menu -------------------------------------------------------------------

def test_practices_menu_says_nothing_is_saved_and_offers_to_leave():
    game = h.make_app(size=(960, 600))
    try:
        table = game.nav.reset(Route.TABLE, active=ActiveRun(Run("a"), ""), practice=2)
        h.settle(game)
        table.open_menu()
        buttons = game.app.top.offer()["buttons"]
        assert list(buttons) == ["resume", "help", "settings", "leave_practice"]
        shown = drawn(game)
        assert "Practice · nothing is scored or saved" in shown and "Leave practice" in shown
        assert "Abandon run" not in shown and "Save and quit to title" not in shown
        h.click(buttons["leave_practice"].center)
        h.step(game)
        assert game.app.top.offer()["scene"] == "TitleScene"
        assert game.store.load_run() is None and game.store.list_runs() == []
    finally:
        game.app.shutdown()


# -- every new screen fits, in every language ------------------------------------------

@pytest.mark.timeout(240)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_and_dialog_screens_fit(lang):
    from tests.support.fit import SIZES, draw_screens, load_renderer

    renderer = load_renderer()
    problems: set[str] = set()
    for size in SIZES:
        names, texts_drawn = draw_screens(renderer.render_board, lang, size)
        assert {"board_daily", "pause_confirm_abandon_daily", "pause_practice"} <= set(names)
        problems |= {p for d in texts_drawn if (p := d.problem()) is not None}
        boards = [d for d in texts_drawn if d.screen.split()[-1].startswith("board_")]
        problems |= {f"{a.screen}: {a.text!r} overlaps {b.text!r}"  # the columns stay apart
                     for i, a in enumerate(boards) for b in boards[i + 1:]
                     if a.screen == b.screen and a.rect.colliderect(b.rect)}
    assert not problems, "\n".join(sorted(problems))
