"""Issue #32 item 2 in the window, through the real loop: a scored table keeps
each hand's comparison with level 4 with its run once the hand is over;
Statistics shows the skill figure read (off the frame loop) from the kept
differences; History's opened run reads them and compares only the hands
not kept yet, keeping those too."""

from __future__ import annotations

import threading

import pytest

from belote2p.core.match import Run
from belote2p.services.duplicate import finished_hands, run_duplicates
from belote2p.services.duplicate_text import skill_line
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.skill import skill_of
from belote2p.services.skill_kept import game_yardstick, kept_of
from belote2p.store import MemoryStore
from belote2p.store.api import HandDifference
from belote2p.ui import gfx
from belote2p.ui.navigation import Route
from lab import harness as h
from lab.play import play_run
from tests.support.fit import SIZES, draw_screens

pytestmark = pytest.mark.ui

STARTED = "2026-12-01T10:00:00+00:00"


def test_the_table_keeps_each_hands_comparison_once_the_hand_is_over():
    store = MemoryStore()
    game = h.make_app(size=(960, 600), store=store)
    try:
        table = h.open_table(game, "kept-line", started=STARTED)
        held = h.held_comparisons(game)
        h.play_to_hand_over(game)
        seed = str(table.play.run.seed)
        assert kept_of(store, seed, STARTED) == {}  # asked, not answered: nothing kept
        (_seed, actions, match, hand), _future = held.asked[0]
        assert list(finished_hands(seed, actions))[-1] == (match, hand)  # the hand is over
        compared = held.answer(0)
        h.step(game)
        assert kept_of(store, seed, STARTED) == {
            (0, 0): HandDifference(compared.difference, compared.rival_difference)}
    finally:
        game.app.shutdown()


def _finished(seed: str) -> tuple[Run, list[int]]:
    """A finished run of the level-1 AI of one match, and its differences."""
    run = play_run(seed, "1", max_matches=1)
    if not run.over:
        run.abandon()
    return run, [d.difference for d in run_duplicates(seed, run.actions)]


class ThreadNotingStore(MemoryStore):
    """Notes the thread that reads the kept differences."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[threading.Thread] = []

    def difference_sums(self, yardstick, include_ai=False):
        self.threads.append(threading.current_thread())
        return super().difference_sums(yardstick, include_ai)


def test_statistics_show_the_kept_skill_figure_read_off_the_frame_loop():
    set_language("en")
    store = ThreadNotingStore()
    store.record_finished_run(Run("no-hand-kept"), "Alice", "2026-11-30T10:00:00+00:00")
    values = [-30, 12, 4, -7]  # the run's four finished hands (two matches of two)
    store.record_finished_run(play_run("kept-stats", "1", max_matches=2), "Alice", STARTED)
    store.keep_differences("kept-stats", STARTED, game_yardstick(),
                           {(i // 2, i % 2): HandDifference(v, -v) for i, v in enumerate(values)})
    game = h.make_app(size=(960, 600), store=store, worker="thread")
    drawn: list[str] = []
    try:
        game.nav.reset(Route.TITLE)
        h.step(game)
        game.nav.push(Route.STATS)
        stats = game.app.top
        for _ in range(2000):
            h.step(game)
            if not stats.offer()["loading"]:
                break
            threading.Event().wait(0.005)
        expected = skill_line(skill_of(values))
        assert expected is not None and stats.offer()["skill"] == expected
        assert store.threads and threading.main_thread() not in store.threads
        gfx.text_hook = lambda text, rect, within, clipped: drawn.append(text)
        try:
            h.step(game)
        finally:
            gfx.text_hook = None
        assert expected in drawn
    finally:
        game.app.shutdown()
        game.ctx.worker.shutdown()


def test_history_reads_the_kept_differences_and_compares_only_the_others():
    set_language("en")
    store = MemoryStore()
    run, differences = _finished("kept-history")
    assert len(differences) >= 2
    store.record_finished_run(run, "Alice", STARTED)
    compared = run_duplicates("kept-history", run.actions)
    first = compared[0]
    store.keep_differences("kept-history", STARTED, game_yardstick(),
                           {(0, 0): HandDifference(first.difference, first.rival_difference)})
    game = h.make_app(store=store)
    try:
        game.nav.reset(Route.TITLE)
        game.nav.push(Route.HISTORY)
        h.step(game, 2)
        h.click(game.app.top.offer()["row_points"][0])
        h.step(game, 2)
        held = h.held_comparisons(game)
        assert [args[2:] for args, _future in held.asked] == [(0, 1)]  # the first is kept
        for index in range(len(differences) - 1):
            held.answer(index)
            h.step(game)
        assert game.app.top.offer()["skill"] == skill_line(skill_of(differences))
        assert len(kept_of(store, "kept-history", STARTED)) == len(differences)
    finally:
        game.app.shutdown()


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kept_skill_figure_fits_on_statistics_and_history(renderer, lang):
    """The skill line under the rating on Statistics, and in an opened run's
    details in History, fit their window in every language at both sizes."""
    drawn = [d for size in SIZES
             for d in draw_screens(renderer.render_kept_skill, lang, size)[1]]
    set_language(lang)
    skill = skill_line(skill_of([0]))
    assert skill is not None
    head = skill.split()[0]  # "Skill:", "Habileté :"...
    for screen in ("stats_skill", "history_run_skill"):
        assert any(d.screen.endswith(screen) and d.text.startswith(head) for d in drawn)
    problems = {p for d in drawn if (p := d.problem()) is not None}
    assert not problems, "\n".join(sorted(problems))
