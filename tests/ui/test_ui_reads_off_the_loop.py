"""The title, the name entry and a scored run's end read the store off the
frame loop (issue #31: "a frame never waits on SQLite"): the title's facts
(the saved run, rebuilt from its moves, the best score and whether today's
challenge would count), the name entered last, and where a finished run
stands (its place on the board, a personal best: 0.6 s of a 100,000-run
history, all of the player's runs looked through).  Here every such read
of the store (a real SQLite data folder, written behind as the window's)
takes 0.3 s, as a long history's or a locked database's may; the real loop
runs.  Each test failed on main, where they were read on the frame loop:
the frame that opened the title took four such reads (1.2 s), the click on
today's challenge one, the name entry's opening one, the run's end two.
"""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from belote2p.core.fairness import daily_seed, today_utc
from belote2p.core.match import Run
from belote2p.services.board_text import daily_label
from belote2p.services.i18n import set_language
from belote2p.services.run_session import ActiveRun
from belote2p.store import open_store
from belote2p.ui.navigation import Route
from lab import harness as h

pytestmark = pytest.mark.ui

READ_DELAY = 0.3  # seconds each of the title's store reads takes here
# The reads the title makes (the saved run, its day's claim, the best run,
# today's attempt), the name entry's (the last name), the run's end (the
# board and the player's runs) and History's (a run with its moves, to show
# or to export): each made slow, and noted when made on the frame loop.
READS = ("load_run", "daily_claim", "leaderboard", "daily_attempted", "last_name",
         "runs_page", "run_record", "run_for_export")
STARTED = "2026-11-30T09:00:00.000000+00:00"


class SlowReads:
    """The store's reads take ``READ_DELAY`` each; those made on the frame
    loop's thread (the main one) are counted: none may be."""

    def __init__(self, store, monkeypatch) -> None:
        self.on_the_loop: list[str] = []
        self.done = 0
        for name in READS:
            monkeypatch.setattr(store, name, self._slow(name, getattr(store, name)))

    def _slow(self, name, read):
        def slow(*args, **kwargs):
            if threading.current_thread() is threading.main_thread():
                self.on_the_loop.append(name)
            time.sleep(READ_DELAY)
            self.done += 1
            return read(*args, **kwargs)
        return slow


@pytest.fixture()
def window(tmp_path, monkeypatch):
    """A window on a data folder holding a finished run (Alice's) and a run in
    progress; its store's reads slow from the start."""
    set_language("en")
    store = open_store(tmp_path / "data", echo=False)
    store.write_behind()  # as the window's (``ui.main.start_game``)
    run = Run("title-best")
    run.abandon()
    store.record_finished_run(run, "Alice", "2026-11-29T09:00:00.000000+00:00")
    store.save_run("title-saved", [], STARTED)
    store.set_last_name("Ana")
    store.flush()
    slow = SlowReads(store, monkeypatch)
    game = h.make_app(size=(960, 600), store=store, worker="thread")
    try:
        yield game, slow
    finally:
        game.app.shutdown()
        game.ctx.worker.shutdown()
        store.close()


def _frames(game, until, seconds: float = 20.0) -> list[float]:
    """The loop's frames (ms each) until ``until()``, ``seconds`` at most."""
    frames: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        frames.append(_frame(game))
    return frames


def _frame(game) -> float:
    """One frame of the loop, in ms."""
    t0 = time.perf_counter()
    game.app.step(1 / 60)
    return (time.perf_counter() - t0) * 1000


def _press(game, value: str) -> None:
    button = next(b for b in game.app.top.buttons if b.value == value)
    h.click(button.rect.center)


def test_back_from_a_table_the_title_draws_at_once_and_shows_its_facts_when_read(window,
                                                                                drawn):
    """The player leaves the table for the title (pause, "Save and quit to
    title"): the frame of the click and every frame after it go on at the
    loop's pace while the title's facts are read; meanwhile it guesses
    nothing (no menu, no score line), and once they come it shows the run to
    continue and the best score."""
    game, slow = window
    h.open_table(game, "title-saved", STARTED)
    h.step(game, 3)
    h.key(pygame.K_ESCAPE)
    h.step(game)
    assert game.app.top.offer()["scene"] == "PauseMenu"
    drawn.clear()
    slow.done = 0
    _press(game, "quit")  # back to the title: a fresh one, which reads its facts
    frames = [_frame(game)]
    title = game.app.top
    assert type(title).__name__ == "TitleScene"
    assert frames[0] < READ_DELAY * 1000, frames  # main: 1,200 ms and more
    # so the facts are not in yet (four reads of 0.3 s): nothing guessed
    assert title.facts is None and title.buttons == []
    assert not any(text.startswith(("Best score", "No score", "No finished"))
                   for text in drawn), drawn
    assert "Continue run" not in drawn and "New run" not in drawn
    frames += _frames(game, until=lambda: title.facts is not None)
    assert title.facts is not None, "the title's facts never came"
    assert slow.done >= 3  # the reads were made (and slow)
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)  # main: 1,200 ms and more
    drawn.clear()
    h.step(game)
    assert "Continue run" in drawn and "continue" in title.offer()["buttons"]
    # Alice's best won nothing: no "Best score: 0" (issue #45)
    assert any(text.startswith("No finished run yet") or text.startswith("No score yet")
               for text in drawn), drawn
    assert "streak 0 · rival level 1" in drawn  # the saved run's detail


def test_the_title_says_it_is_loading_when_the_store_is_slow(window, drawn):
    """A read that takes long (here each of the title's four takes 0.3 s): for
    half a second the title shows the felt alone (the facts usually come in a
    frame or so, and the title then comes whole, where it stays), then its art
    and "Loading…", then the menu replaces it."""
    game, slow = window
    title = game.nav.reset(Route.TITLE)
    frames = [_frame(game)]
    assert drawn == [] and title.facts is None  # the felt
    frames += _frames(game, until=lambda: title.facts is not None or "Loading…" in drawn)
    assert "Loading…" in drawn and "Belote 2P" in drawn and title.buttons == []
    frames += _frames(game, until=lambda: title.facts is not None)
    assert slow.on_the_loop == [] and max(frames) < READ_DELAY * 1000, max(frames)
    drawn.clear()
    h.step(game)
    assert "Loading…" not in drawn and "New run" in drawn


def test_today_s_challenge_asks_the_store_again_off_the_frame_loop(window, drawn):
    """Today's challenge, clicked: the store is asked again whether the day was
    played (another window played it since the title opened), off the loop;
    the click takes nothing else meanwhile, then the dialog and the title say
    it is practice now.  On main the click's frame waited for the read."""
    game, slow = window
    title = h.open_title(game)
    assert title.facts is not None and title.facts.today_counts
    day = today_utc().isoformat()
    store = game.store
    assert store.claim_daily(day, "daily-elsewhere", "2026-11-30T08:00:00")  # another window
    drawn.clear()
    _press(game, "daily")
    frames = _frames(game, until=lambda: game.app.top is not title)
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)
    dialog = game.app.top
    assert dialog.offer()["scene"] == "ConfirmDialog"
    h.step(game)
    assert any("You have played today's challenge already" in text for text in drawn), drawn
    assert not title.facts.today_counts  # and its button says so once the dialog is gone


def test_coming_back_to_the_title_reads_its_facts_again(window):
    """A new title each time (a run started, finished or abandoned resets to
    it): its facts are read again, not kept from the last one."""
    game, slow = window
    first = h.open_title(game)
    assert first.facts is not None and first.facts.saved is not None
    game.store.clear_run()  # the saved run is gone (recorded, say)
    game.store.flush()
    slow.on_the_loop.clear()  # (the test's own reads)
    again = h.open_title(game)
    assert again is not first and again.facts is not None
    assert again.facts.saved is None and "continue" not in again.offer()["buttons"]
    assert slow.on_the_loop == []


def _name_entry(game):
    """The name entry opened (as a run that makes the board opens it), the time it took."""
    run = Run("name-entry")
    run.abandon()
    t0 = time.perf_counter()
    entry = game.nav.push(Route.NAME_ENTRY, active=ActiveRun(run, STARTED))
    return entry, (time.perf_counter() - t0) * 1000


def test_the_name_entry_fills_in_the_last_name_when_read(window, drawn):
    """The name entered last fills the field once read, off the loop; the
    field is empty meanwhile and Save is not offered."""
    game, slow = window
    entry, opening = _name_entry(game)
    assert opening < READ_DELAY * 1000, opening  # main: the read, on the loop
    assert entry.name == "" and "ok" not in entry.offer()["buttons"]
    frames = _frames(game, until=lambda: entry.name != "")
    assert slow.on_the_loop == [] and max(frames) < READ_DELAY * 1000, max(frames)
    assert entry.name == "Ana" and "ok" in entry.offer()["buttons"]
    h.step(game)
    assert "Ana" in drawn


def test_what_the_player_types_before_the_last_name_comes_stays(window):
    game, slow = window
    entry, _opening = _name_entry(game)
    h.type_text("Zoé")
    h.step(game)
    _frames(game, until=lambda: getattr(entry, "reading", None) is None)
    assert entry.name == "Zoé" and slow.on_the_loop == []


def _abandoned(game):
    """A scored run abandoned from the pause menu (its end's frames, in ms):
    the run-over panel opens."""
    table = h.open_table(game, "standing-run", STARTED)
    h.step(game, 3)
    h.key(pygame.K_ESCAPE)
    h.step(game)
    _press(game, "abandon")
    h.step(game)
    assert game.app.top.offer()["scene"] == "ConfirmDialog"
    _press(game, "yes")
    frames = [_frame(game) for _ in range(2)]
    assert game.app.top is table and table.run.over
    return table, frames


def test_a_run_s_end_reads_its_place_off_the_frame_loop(window):
    """The run-over panel opens at once with "…" where the run's place goes,
    and shows the place when the store has answered; Continue then opens the
    name entry (the run makes the board).  On main the frame that ended the
    run read the board and every run of the player's on the loop."""
    game, slow = window
    table, frames = _abandoned(game)
    assert slow.on_the_loop == [], slow.on_the_loop  # main: the board, the runs, the name
    assert max(frames) < READ_DELAY * 1000, max(frames)  # main: 600 ms and more
    offer = h.table_offer(table)
    assert offer["panel"] == "run_over" and "…" in offer["panel_lines"], offer["panel_lines"]
    frames += _frames(game, until=lambda: "…" not in h.table_offer(table)["panel_lines"])
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)
    lines = h.table_offer(table)["panel_lines"]
    # nothing won: no place claimed, however the board stands (issue #45)
    assert "No match won: nothing goes on the leaderboard" in lines, lines
    h.key(pygame.K_RETURN)
    h.step(game)
    assert game.app.top.offer()["scene"] == "TitleScene"


def test_continue_pressed_before_the_place_is_read_goes_on_when_it_is(window):
    game, slow = window
    table, frames = _abandoned(game)
    assert slow.on_the_loop == [] and max(frames) < READ_DELAY * 1000, max(frames)
    assert "…" in h.table_offer(table)["panel_lines"]
    h.key(pygame.K_RETURN)  # before the place is known: the next screen waits for it
    frames += _frames(game, until=lambda: game.app.top is not table)
    assert slow.on_the_loop == [] and max(frames) < READ_DELAY * 1000, max(frames)
    assert game.app.top.offer()["scene"] == "TitleScene"  # nothing won: no name to enter


def _at_table(game) -> bool:
    return type(game.app.top).__name__ == "TableScene"


@pytest.mark.parametrize("button", ["continue", "new"])
def test_the_title_s_run_changes_read_the_saved_run_off_the_frame_loop(window, button):
    """Continue (the saved run read and rebuilt) and New run over a saved run
    (read and given up: its end shows): off the loop, the table opens when
    done.  On main the click's frame (the dialog's Yes) read the saved run."""
    game, slow = window
    title = h.open_title(game)
    slow.on_the_loop.clear()  # (main: the title's own reads)
    _press(game, button)
    frames = [_frame(game)]
    if button == "new":
        assert game.app.top.offer()["scene"] == "ConfirmDialog"
        _press(game, "yes")
        frames.append(_frame(game))
    frames += _frames(game, until=lambda: _at_table(game))
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)
    table = game.app.top
    assert _at_table(game) and title not in game.app.scenes
    assert (str(table.run.seed), table.active.started) == ("title-saved", STARTED)
    assert table.run.abandoned == (button == "new")


def test_a_saved_daily_run_s_table_finds_its_day_s_facts_known(window):
    """A saved daily run continued: whether it counts (its day's claim, a read)
    was asked with the title's facts, off the loop; the table and its pause
    menu, which show it, read nothing."""
    game, slow = window
    day = today_utc()
    seed = daily_seed(day)
    store = game.store
    assert store.claim_daily(day.isoformat(), seed, STARTED)
    store.save_run(seed, [], STARTED)
    store.flush()
    h.open_title(game)
    slow.on_the_loop.clear()
    _press(game, "continue")
    frames = _frames(game, until=lambda: _at_table(game))
    h.key(pygame.K_ESCAPE)
    frames += [_frame(game)]
    assert game.app.top.offer()["scene"] == "PauseMenu"
    assert game.app.top.label == daily_label(day.isoformat(), True)  # counted
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)


def test_history_opens_and_exports_a_run_off_the_frame_loop(window):
    """A run opened in History is read with its moves, and read again to be
    exported: off the loop, the run (then the export screen) shows when the
    store has answered.  On main the click's frame read it."""
    game, slow = window
    h.open_title(game)
    game.nav.push(Route.HISTORY)
    history = game.app.top
    _frames(game, until=lambda: len(history.offer()["rows"]) == 2)  # the saved run, Alice's
    slow.on_the_loop.clear()
    h.click(history.offer()["row_points"][1])  # Alice's, finished: it can be exported
    frames = _frames(game, until=lambda: history.opened is not None)
    assert history.opened is not None and history.opened.name == "Alice"
    _press(game, "export")
    frames += _frames(game, until=lambda: game.app.top is not history)
    assert game.app.top.offer()["scene"] == "ExportScene"
    assert slow.on_the_loop == [], slow.on_the_loop
    assert max(frames) < READ_DELAY * 1000, max(frames)
