"""Level 4 in your seat on the end-of-hand panel (issue #32), through the real
loop: asked of the worker once the hand is over, the panel waits for it with
a placeholder of the same size, and the line takes its place the frame the
answer is polled; the demo shows none."""

from __future__ import annotations

from typing import Any

import pytest

from belote2p.core.match import Run
from belote2p.services.duplicate import finished_hands
from belote2p.services.duplicate_text import level4_line, level4_pending, level4_widest
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.run_session import ActiveRun
from belote2p.ui import gfx
from belote2p.ui.layout import table_layout
from belote2p.ui.navigation import Route
from belote2p.ui.table.demo import DemoConfig
from belote2p.ui.table.model import HandOver
from belote2p.ui.table.panels import hand_over_panel
from belote2p.ui.table.scene import TableScene
from belote2p.ui.words import seat_name
from lab import harness as h

pytestmark = pytest.mark.ui


def test_the_panel_shows_level_4_in_your_seat_once_ready():
    game = h.make_app(size=(960, 600))
    try:
        table = h.open_table(game, "level4-line")
        held = h.held_comparisons(game)
        offer = h.play_to_hand_over(game)
        (seed, actions, match, hand), _future = held.asked[0]
        assert len(held.asked) == 1 and (match, hand) == (0, 0)
        # asked as the hand ended, every card public: its last action is the run's last
        assert list(finished_hands(seed, actions))[-1] == (0, 0)
        assert offer["panel_lines"][-1] == level4_pending()
        h.step(game, 5)  # the table runs on, the panel waiting, nothing blocks
        panel = table.play.beats.panel
        assert panel is not None and panel.lines[-1][0] == level4_pending()
        size = panel.rect(game.ctx.window.layout).size

        expected = level4_line(held.answer(0))
        h.step(game)
        assert h.table_offer(table)["panel_lines"][-1] == expected
        shown = table.play.beats.panel
        assert shown is not None and shown.rect(game.ctx.window.layout).size == size
        beat = table.play.beats.beat
        assert beat is not None and isinstance(beat.payload, HandOver)
        _fits_without_moving(beat.payload, game.ctx.theme.layout)
    finally:
        game.app.shutdown()


def test_the_demo_compares_nothing():
    game = h.make_app(size=(960, 600))
    try:
        table = game.nav.reset(Route.TABLE, active=ActiveRun(Run("level4-line"), "now"),
                               demo=DemoConfig(levels=(1, 1), seed="level4-line"))
        assert isinstance(table, TableScene)
        held = h.held_comparisons(game)
        offer = h.settle(game)
        assert offer["panel"] == "hand_over"
        assert held.asked == [] and level4_pending() not in offer["panel_lines"]
    finally:
        game.app.shutdown()


def _fits_without_moving(data: HandOver, theme_layout: Any) -> None:
    """Every language, the smallest and a large window: the panel is the same
    size with the placeholder and with the widest lines, inside the table, and
    each text fits between its margins."""
    try:
        for size in ((960, 600), (1600, 1000)):
            L = table_layout(size, theme_layout)
            for lang in LANGUAGES:
                set_language(lang)
                rects = set()
                for line in (level4_pending(), *level4_widest()):
                    r = hand_over_panel(data, lambda s: seat_name(s, demo=False),
                                        level4=line).rect(L)
                    rects.add(tuple(r))
                    assert L.table.contains(r), (size, lang, line)
                    width = gfx.font(L.fonts.body, True).size(line)[0]
                    assert width <= r.w - L.fonts.body * 2, (size, lang, line)
                assert len(rects) == 1, (size, lang)
    finally:
        set_language("en")
