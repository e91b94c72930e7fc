"""The fair-play screens, driven through the real loop with posted events:
the title's daily challenge, History, Statistics, Export, and the commitment
and seed in the side panel."""

from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.fairness import commitment, daily_seed, today_utc
from belote2p.services.i18n import set_language
from belote2p.services.run_session import now_iso
from belote2p.services.runfile import parse_run_file
from belote2p.ui import plot
from belote2p.ui.navigation import Route
from tests import ui_harness as h
from tests.fair_ui_fakes import (
    HistoryStore,
    fake_history_service,
    fake_stats_service,
    sample_records,
)


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The data folder (the export's default) is the test's own."""
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path / "data"))
    set_language("en")  # the assertions read English words
    return tmp_path / "data"


def press(game, button: str) -> None:
    h.click(game.app.top.offer()["buttons"][button].center)
    h.step(game, 2)


def open_history(game):
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.HISTORY, service=fake_history_service())
    h.step(game, 2)
    return game.app.top


def open_run(game, index: int) -> dict:
    """Click the ``index``-th run of the History list; what the screen offers then."""
    h.click(game.app.top.offer()["row_points"][index])
    h.step(game, 2)
    return game.app.top.offer()


# ---------------------------------------------------------------- the title
def test_title_offers_daily_history_and_statistics():
    game = h.make_app(store=HistoryStore())
    game.nav.reset(Route.TITLE)
    h.step(game)
    offer = game.app.top.offer()
    assert {"new", "daily", "history", "stats"} <= set(offer["buttons"])
    daily = next(b for b in game.app.top.buttons if b.value == "daily")
    assert str(today_utc().year) in daily.label
    press(game, "history")
    assert game.app.top.offer()["scene"] == "HistoryScene"
    h.key(pygame.K_ESCAPE)
    h.step(game, 2)
    press(game, "stats")
    assert game.app.top.offer()["scene"] == "StatsScene"


def test_first_daily_attempt_starts_at_once_on_the_daily_seed():
    game = h.make_app(store=HistoryStore())
    game.nav.reset(Route.TITLE)
    h.step(game)
    press(game, "daily")
    top = game.app.top
    assert top.offer()["scene"] == "table"
    assert str(top.run.seed) == daily_seed(today_utc())


def test_a_second_daily_attempt_is_announced_as_practice_first():
    store = HistoryStore(attempted={today_utc()})
    game = h.make_app(store=store)
    game.nav.reset(Route.TITLE)
    h.step(game)
    press(game, "daily")
    dialog = game.app.top
    assert dialog.offer()["scene"] == "ConfirmDialog"
    assert "practice" in dialog.question
    press(game, "yes")
    assert str(game.app.top.run.seed) == daily_seed(today_utc())


# ---------------------------------------------------------------- history
def test_history_lists_runs_newest_first_and_opens_one():
    game = h.make_app(store=HistoryStore())
    offer = open_history(game).offer()
    assert len(offer["rows"]) == len(sample_records())
    assert offer["rows"][0][1] == "Ana" and all(offer["actions"])
    offer = open_run(game, 1)  # the daily run, over
    assert offer["opened"] == 5
    assert offer["rows"][0][0] == "Match 1"
    assert any(cells[0].strip() == "Hand 1" for cells in offer["rows"])
    assert "daily-2026-11-29" in offer["fair"]
    assert commitment("daily-2026-11-29") in offer["fair"]
    assert "export" in offer["buttons"]
    h.key(pygame.K_ESCAPE)  # back to the list, not out of the screen
    h.step(game, 2)
    assert game.app.top.offer()["opened"] is None


def test_a_run_in_progress_shows_its_commitment_but_never_its_seed():
    game = h.make_app(store=HistoryStore())
    open_history(game)
    offer = open_run(game, 0)
    assert commitment("a1b2c3") in offer["fair"] and "a1b2c3" not in offer["fair"]
    assert "export" not in offer["buttons"]


def test_history_without_the_store_api_is_empty_not_broken():
    game = h.make_app()  # a plain memory store: no list_runs
    offer = open_history(game).offer()
    assert offer["rows"] == []
    h.step(game, 2)


def test_keyboard_opens_the_selected_run():
    game = h.make_app(store=HistoryStore())
    open_history(game)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RETURN)
    h.step(game, 2)
    assert game.app.top.offer()["opened"] == 5


# ---------------------------------------------------------------- export
def test_export_from_history_writes_into_the_data_folder_and_says_where(data_folder):
    game = h.make_app(store=HistoryStore())
    open_history(game)
    open_run(game, 1)
    press(game, "export")
    assert game.app.top.offer()["scene"] == "ExportScene"
    press(game, "export")
    offer = game.app.top.offer()
    files = list(data_folder.glob("belote2p-run-*.json"))
    assert offer["ok"] and len(files) == 1 and str(files[0]) in offer["message"]
    assert parse_run_file(files[0].read_bytes()).seed == "daily-2026-11-29"


def test_export_into_a_typed_folder(tmp_path):
    game = h.make_app(store=HistoryStore())
    open_history(game)
    open_run(game, 1)
    press(game, "export")
    for _ in range(len(game.app.top.folder)):
        h.key(pygame.K_BACKSPACE)
    target = tmp_path / "elsewhere"
    h.type_text(str(target))
    h.key(pygame.K_RETURN)
    h.step(game, 2)
    offer = game.app.top.offer()
    assert offer["ok"] and offer["folder"] == str(target)
    assert len(list(target.glob("*.json"))) == 1


def test_export_into_a_file_says_what_is_wrong(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    game = h.make_app(store=HistoryStore())
    open_history(game)
    open_run(game, 1)
    press(game, "export")
    game.app.top.folder = str(blocker)
    press(game, "export")
    offer = game.app.top.offer()
    assert not offer["ok"] and "not a folder" in offer["message"]


# ---------------------------------------------------------------- statistics
def test_statistics_show_the_figures_of_the_players_runs():
    game = h.make_app(store=HistoryStore())
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.STATS, service=fake_stats_service())
    h.step(game, 2)
    offer = game.app.top.offer()
    assert offer["figures"]["Runs"] == "5"  # the AI run is left out
    assert offer["figures"]["Best score"] == "30,410"
    times = [t for t, _v in offer["series"]]
    assert times == sorted(times)  # oldest first, left to right
    press(game, "back")
    assert game.app.top.offer()["scene"] == "TitleScene"


def test_statistics_without_runs_draw_the_empty_screen():
    game = h.make_app()
    game.nav.reset(Route.STATS, service=fake_stats_service())
    h.step(game, 2)
    assert game.app.top.offer()["figures"] == {}


# ---------------------------------------------------------------- the table
def test_side_panel_commits_at_the_start_and_shows_the_seed_at_the_end():
    game = h.make_app()
    table = h.open_table(game, "fair-seed")
    h.settle(game)
    side = table._side_state((0, 0), False)
    assert side.commitment == commitment("fair-seed") and side.seed is None
    table.abandon()
    offer = h.settle(game)
    assert offer["panel"] is not None
    side = table._side_state((0, 0), False)
    assert side.seed == "fair-seed"


def test_run_over_panel_exports_the_run(data_folder):
    game = h.make_app()
    table = h.open_table(game, "fair-seed", now_iso())
    h.settle(game)
    table.abandon()
    h.settle(game)
    panel = table.beats.panel
    assert panel.kind == "run_over" and panel.extra
    h.click(panel.extra_rect(table.L).center)
    h.step(game, 2)
    assert game.app.top.offer()["scene"] == "ExportScene"
    press(game, "export")
    files = list(data_folder.glob("*.json"))
    assert len(files) == 1
    run_file = parse_run_file(files[0].read_bytes())
    assert run_file.seed == "fair-seed" and run_file.end.value == "abandoned"
    press(game, "back")
    assert game.app.top is table and table.beats.panel is panel


# ---------------------------------------------------------------- charts
@given(st.integers(-10**6, 10**7), st.integers(0, 10**7), st.integers(1, 8))
def test_ticks_are_round_even_and_cover_the_values(low, span, parts):
    ticks = plot.nice_ticks(low, low + span, parts)
    assert len(ticks) >= 2 and ticks[0] <= low and ticks[-1] >= low + span - 1e-6
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1


@given(st.integers(0, 500), st.integers(1, 30))
def test_spread_keeps_the_ends_and_fits(count, most):
    chosen = plot.spread(count, most)
    assert len(chosen) <= max(most, 1) and chosen == sorted(set(chosen))
    if count:
        assert chosen[-1] == count - 1
        assert most == 1 or chosen[0] == 0


def test_charts_draw_at_both_sizes_without_error():
    pygame.font.init()
    for size, font in (((960, 600), 12), ((1600, 1000), 19)):
        surf = pygame.Surface(size)
        rect = pygame.Rect(10, 10, size[0] // 2, size[1] // 3)
        plot.line_chart(surf, rect, ["a"] * 40, list(range(40)), font, str)
        plot.line_chart(surf, rect, [], [], font, str)
        plot.bar_chart(surf, rect, [plot.Bar("L1", 0.5, "1/2")], font, lambda n: f"{n}%")


def test_review_of_a_hand_needs_the_review_screen():
    """Without a Review screen the hands are listed but cannot be opened."""
    game = h.make_app(store=HistoryStore())
    open_history(game)
    offer = open_run(game, 1)
    hands = [i for i, cells in enumerate(offer["rows"]) if cells[0].strip().startswith("Hand")]
    assert hands
    expected = getattr(Route, "REVIEW", None) is not None
    assert all(offer["actions"][i] == expected for i in hands)

