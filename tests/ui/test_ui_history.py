"""The fair-play screens over real recorded runs, driven through the real
loop with posted events: the title's daily challenge, History, Statistics,
Export, and the fairness note and seed in the side panel.

The runs are played by the AI and recorded as the game records them
(lab/samples.py); each test gets a fresh store built from them.
"""

from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.core.fairness import commitment, daily_seed, today_utc
from belote2p.services.board_text import fair_deals_note
from belote2p.services.duplicate_text import skill_line
from belote2p.services.history import match_summaries
from belote2p.services.i18n import format_number, set_language
from belote2p.services.runfile import parse_run_file
from belote2p.services.runs_text import figure_rows
from belote2p.services.skill import run_differences, skill_of
from belote2p.services.stats import compute_stats, score_series
from belote2p.services.verify import verify_bytes
from belote2p.store import MemoryStore
from belote2p.store.api import RunStatus
from belote2p.store.runs import now_iso
from belote2p.ui import plot
from belote2p.ui.navigation import Route
from lab import harness as h
from lab.samples import (
    DAILY_DAY,
    FINISHED,
    IN_PROGRESS,
    played_actions,
    recorded_store,
)


@pytest.fixture(scope="module", autouse=True)
def played():
    """The sample runs are played once for the whole module."""
    for sample in (*FINISHED, IN_PROGRESS):
        played_actions(sample)


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The data folder (the export's default) is the test's own."""
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path / "data"))
    set_language("en")  # the assertions read English words
    return tmp_path / "data"


@pytest.fixture
def store() -> MemoryStore:
    return recorded_store()


def press(game, button: str) -> None:
    h.click(game.app.top.offer()["buttons"][button].center)
    h.step(game, 2)


def open_history(game):
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.HISTORY)
    h.step(game, 2)
    return game.app.top


def open_run(game, index: int) -> dict:
    """Click the ``index``-th row of the History screen; what the screen offers then."""
    h.click(game.app.top.offer()["row_points"][index])
    h.step(game, 2)
    return game.app.top.offer()


def index_of(store, run_id: int) -> int:
    return [r.run_id for r in store.list_runs()].index(run_id)


def daily_run(store):
    return next(r for r in store.list_runs() if r.daily == DAILY_DAY)


# ---------------------------------------------------------------- the title
def test_title_offers_daily_history_and_statistics(store):
    game = h.make_app(store=store)
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


def test_first_daily_attempt_says_it_is_the_one_that_counts_then_starts_on_the_daily_seed():
    store = recorded_store(in_progress=False)
    game = h.make_app(store=store)
    game.nav.reset(Route.TITLE)
    h.step(game)
    assert next(b for b in game.app.top.buttons if b.value == "daily").label.endswith("counted")
    press(game, "daily")
    dialog = game.app.top
    assert dialog.offer()["scene"] == "ConfirmDialog"  # nothing starts on one click
    assert dialog.label.endswith("· counted") and "one counted attempt" in dialog.question
    assert "practice" not in dialog.label and not store.daily_attempted(today_utc().isoformat())
    press(game, "yes")
    top = game.app.top
    assert h.offer_of(top)["scene"] == "table"
    assert str(top.run.seed) == daily_seed(today_utc())
    day = today_utc().isoformat()
    assert store.daily_attempted(day)
    assert store.daily_claim(day) == (str(top.run.seed), top.started)  # this run holds the day


def test_a_second_daily_attempt_is_announced_as_practice_first():
    store = recorded_store(in_progress=False)
    game = h.make_app(store=store)
    game.nav.reset(Route.TITLE)
    h.step(game)
    press(game, "daily")
    press(game, "yes")
    first = game.app.top
    h.step(game, 2)
    game.nav.reset(Route.TITLE)  # the first attempt stays saved, unfinished
    h.step(game)
    title = game.app.top
    assert next(b for b in title.buttons if b.value == "daily").label.endswith("practice")
    assert title.saved_label.endswith("counted")  # the saved run is the day's counted one
    press(game, "daily")
    dialog = game.app.top
    assert dialog.offer()["scene"] == "ConfirmDialog"
    # The heading names the attempt about to start, as the text does (it once read
    # "· counted" over "this attempt is practice"); the saved run is named in the text.
    assert dialog.label.endswith("· practice") and "counted attempt" not in dialog.question
    assert "this attempt is practice" in dialog.question
    assert f"({title.saved_label}) will be abandoned" in dialog.question
    press(game, "yes")
    second = game.app.top
    assert str(second.run.seed) == daily_seed(today_utc())
    assert second.started != first.started
    day = today_utc().isoformat()
    board = store.daily_leaderboard(day)  # the first attempt, abandoned, is the day's
    assert len(board) == 1
    assert store.daily_claim(day) != (str(second.run.seed), second.started)


# ---------------------------------------------------------------- history
def test_history_lists_the_recorded_runs_newest_first(store):
    game = h.make_app(store=store)
    offer = open_history(game).offer()
    runs = store.list_runs()
    assert len(offer["rows"]) == len(runs) == len(FINISHED) + 1
    assert all(offer["actions"])
    assert offer["rows"][0][2] == "in progress"
    assert [cells[4] for cells in offer["rows"]] == [format_number(r.score) for r in runs]
    assert [cells[1] for cells in offer["rows"]].count("Bot") == 1
    daily = offer["rows"][index_of(store, daily_run(store).run_id)]
    assert daily[2] == "over · daily"


def test_an_opened_run_shows_its_matches_hands_seed_and_export(store):
    game = h.make_app(store=store)
    open_history(game)
    record = daily_run(store)
    offer = open_run(game, index_of(store, record.run_id))
    assert offer["opened"] == record.run_id
    matches = match_summaries(record)
    match_rows = [cells for cells in offer["rows"] if cells[0].startswith("Match")]
    hand_rows = [cells for cells in offer["rows"] if cells[0].strip().startswith("Hand")]
    assert len(match_rows) == len(matches)
    assert len(hand_rows) == sum(len(m.hands) for m in matches)
    first = matches[0]
    assert match_rows[0][1] == f"Level {first.level}" and match_rows[0][3] == first.outcome.value
    assert match_rows[0][4] == f"{first.player_score} – {first.rival_score}"
    assert record.seed in offer["fair"] and commitment(record.seed) in offer["fair"]
    assert "export" in offer["buttons"]
    h.key(pygame.K_ESCAPE)  # back to the list, not out of the screen
    h.step(game, 2)
    assert game.app.top.offer()["opened"] is None


def test_a_hand_opens_its_review(store):
    game = h.make_app(store=store)
    history = open_history(game)
    record = daily_run(store)
    offer = open_run(game, index_of(store, record.run_id))
    row = next(i for i, cells in enumerate(offer["rows"]) if cells[0].strip() == "Hand 2")
    assert offer["actions"][row]
    history.selected = row
    h.key(pygame.K_RETURN)
    h.step(game, 2)
    review = game.app.top
    assert review.offer()["scene"] == "ReviewScene"
    assert review.record == match_summaries(record)[0].hands[1].record
    assert review.title == "Match 1 · Hand 2"


def test_a_run_in_progress_shows_its_commitment_but_never_its_seed(store):
    game = h.make_app(store=store)
    open_history(game)
    offer = open_run(game, 0)
    assert offer["opened"] == 0
    assert commitment(IN_PROGRESS.seed) in offer["fair"] and IN_PROGRESS.seed not in offer["fair"]
    assert "export" not in offer["buttons"]
    assert any("in play" in cells for cells in offer["rows"])


def test_an_opened_run_shows_its_skill_figure_computed_in_the_worker(store):
    """Its finished hands against level 4 in the same seat (issue #32), one hand at
    a time in the worker: "…" while a hand is being compared, then the figure."""
    game = h.make_app(store=store)
    open_history(game)
    offer = open_run(game, 0)  # the run in progress: one hand finished
    held = h.held_comparisons(game)
    assert offer["skill"] == "…" and len(held.asked) == 1
    record = store.run_record(0)
    assert record is not None
    held.answer(0)
    h.step(game)
    expected = skill_line(skill_of(run_differences(record.seed, record.actions)))
    assert expected is not None and game.app.top.offer()["skill"] == expected


def test_an_empty_history_says_so():
    game = h.make_app()
    offer = open_history(game).offer()
    assert offer["rows"] == []
    h.step(game, 2)


def test_keyboard_opens_the_selected_run(store):
    game = h.make_app(store=store)
    open_history(game)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RETURN)
    h.step(game, 2)
    assert game.app.top.offer()["opened"] == store.list_runs()[1].run_id


# ---------------------------------------------------------------- export
def open_export(game, store) -> None:
    open_history(game)
    open_run(game, index_of(store, daily_run(store).run_id))
    press(game, "export")
    assert game.app.top.offer()["scene"] == "ExportScene"


def test_export_from_history_writes_a_file_verify_finds_valid(store, data_folder):
    game = h.make_app(store=store)
    open_export(game, store)
    press(game, "export")
    offer = game.app.top.offer()
    files = list(data_folder.glob("belote2p-run-*.json"))
    assert offer["ok"] and len(files) == 1 and str(files[0]) in offer["message"]
    data = files[0].read_bytes()
    record = daily_run(store)
    assert parse_run_file(data).seed == record.seed
    verdict = verify_bytes(data)
    assert verdict.valid, verdict.problem
    assert (verdict.streak, verdict.score) == (record.streak, record.score)


def test_export_into_a_typed_folder(store, tmp_path):
    game = h.make_app(store=store)
    open_export(game, store)
    for _ in range(len(game.app.top.folder)):
        h.key(pygame.K_BACKSPACE)
    target = tmp_path / "elsewhere"
    h.type_text(str(target))
    h.key(pygame.K_RETURN)
    h.step(game, 2)
    offer = game.app.top.offer()
    assert offer["ok"] and offer["folder"] == str(target)
    assert len(list(target.glob("*.json"))) == 1


def test_export_into_a_file_says_what_is_wrong(store, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    game = h.make_app(store=store)
    open_export(game, store)
    game.app.top.folder = str(blocker)
    press(game, "export")
    offer = game.app.top.offer()
    assert not offer["ok"] and "not a folder" in offer["message"]


# ---------------------------------------------------------------- statistics
def test_statistics_show_the_figures_of_the_players_runs(store):
    game = h.make_app(store=store)
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.STATS)
    h.step(game, 2)
    offer = game.app.top.offer()
    runs = store.list_runs()
    stats = compute_stats(runs)
    assert offer["figures"] == dict(figure_rows(stats))
    assert offer["figures"]["Runs"] == str(len(runs) - 1)  # the AI run is left out
    assert stats.matches > 0 and stats.by_level
    expected = score_series(r for r in runs if not r.ai)
    assert offer["series"] == expected
    assert len(expected) == sum(not r.ai and r.status is not RunStatus.IN_PROGRESS
                                for r in runs)
    times = [t for t, _v in offer["series"]]
    assert times == sorted(times)  # oldest first, left to right
    press(game, "back")
    assert game.app.top.offer()["scene"] == "TitleScene"


def test_a_run_kept_without_its_moves_is_listed_but_not_replayed_or_exported(store):
    oldest = store.list_runs()[-1]
    store.keeper.transact(lambda c: c.execute("UPDATE runs SET actions = NULL WHERE id = ?",
                                        (oldest.run_id,)))  # as before version 3
    game = h.make_app(store=store)
    open_history(game)
    offer = open_run(game, index_of(store, oldest.run_id))
    assert "export" not in offer["buttons"] and oldest.seed in offer["fair"]
    game.nav.reset(Route.STATS)
    h.step(game, 2)
    offer = game.app.top.offer()
    assert offer["older_runs"] == 1
    assert offer["figures"]["Runs"] == str(len(FINISHED))  # still counted as a run


def test_statistics_without_runs_draw_the_empty_screen():
    game = h.make_app()
    game.nav.reset(Route.STATS)
    h.step(game, 2)
    assert game.app.top.offer()["figures"] == {}


# ---------------------------------------------------------------- the table
def test_side_panel_says_deals_are_fair_in_words_and_shows_the_seed_at_the_end():
    game = h.make_app()
    table = h.open_table(game, "fair-seed")
    h.settle(game)
    side = table.state().side
    texts = [x.text for x in side.who]
    assert fair_deals_note() in texts  # plain words; the hash is in History's details
    assert not any(commitment("fair-seed") in f"{x.text} {x.value}" for x in side.who)
    assert "Seed" not in texts
    table.abandon()
    offer = h.settle(game)
    assert offer["panel"] is not None
    side = table.state().side
    assert ("Seed", "fair-seed") in [(x.text, x.value) for x in side.who]


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


@given(st.lists(st.integers(1, 120), min_size=0, max_size=60), st.integers(200, 1400),
       st.integers(0, 20))
def test_x_labels_never_touch_and_stay_inside_the_chart(widths, span, gap):
    """The Statistics chart's dates (a Spanish "10 mar 2026" ran into "12 mar
    2026", a Portuguese date ran past the panel's edge)."""
    left, right = 40, 40 + span
    step = span / max(1, len(widths))
    centres = [round(left + step * (i + 0.5)) for i in range(len(widths))]
    chosen = plot.label_spans(centres, widths, left, right, gap)
    if not widths:
        assert chosen == []
        return
    assert chosen[-1][0] == len(widths) - 1
    assert [i for i, _, _ in chosen] == sorted({i for i, _, _ in chosen})
    for (_, _, a_right), (_, b_left, _) in itertools.pairwise(chosen):
        assert b_left >= a_right + gap
    for i, x_left, x_right in chosen:
        assert left <= x_left and x_right <= right and x_right - x_left == widths[i]


def test_charts_draw_at_both_sizes_without_error():
    pygame.font.init()
    for size, font in (((960, 600), 12), ((1600, 1000), 19)):
        surf = pygame.Surface(size)
        rect = pygame.Rect(10, 10, size[0] // 2, size[1] // 3)
        plot.line_chart(surf, rect, ["a"] * 40, list(range(40)), font, str)
        plot.line_chart(surf, rect, [], [], font, str)
        plot.bar_chart(surf, rect, [plot.Bar("L1", 0.5, "1/2")], font, lambda n: f"{n}%")



def test_history_loads_a_page_at_a_time_and_the_next_as_the_list_scrolls(monkeypatch):
    """Issue #31: History reads a page of runs (``history.PAGE``, 100; 40
    here), and the next page when the list is scrolled near its end; opening
    a run reads its moves."""
    from belote2p.core.match import Run
    from belote2p.ui.scenes import history as history_scene
    from tests.support.store_runs import random_actions

    monkeypatch.setattr(history_scene, "PAGE", 40)
    monkeypatch.setattr(history_scene, "NEAR_END", 2)
    PAGE = history_scene.PAGE
    set_language("en")
    store = MemoryStore()
    actions = random_actions("pages", n_matches=2)
    total = 2 * PAGE + 7
    for i in range(total):  # different runs: prefixes of one, abandoned
        run = Run.replay("pages", actions[:1 + i * (len(actions) - 1) // total])
        if not run.over:
            run.abandon()
        store.record_finished_run(run, f"P{i}", f"2026-03-01T10:{i // 60:02d}:{i % 60:02d}")
    game = h.make_app(store=store)
    history = open_history(game)
    assert len(history.offer()["rows"]) == PAGE  # the first page only
    for _ in range(100):  # the wheel, down to the end of the list
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
        h.step(game)
    rows = history.offer()["rows"]
    assert len(rows) == total and [r[1] for r in rows] == [f"P{i}" for i in
                                                          reversed(range(total))]
    offer = open_run(game, max(history.offer()["row_points"]))
    assert offer["opened"] is not None and offer["rows"]  # its matches, from its moves
