"""Nothing on the table covers a text (issue #29): at three window sizes and
in every language, at every frame of a real hand (posted clicks, the rival
in-line, the Fast pace), no text box overlaps a card lying on the table or
another text box, and no card in flight crosses the words said to the whole
table (a centre banner such as "The stock is empty: strict play", the
message line, the name plate, the rival's "thinking", the bid prompt and
buttons, the offer to play the rest out).

The renderer describes the table as sprites: a card's look holds its
rectangle, any other sprite's bounds are its box.  The modal overlays (a
panel, the last trick, the celebration) and the side panel are not the
table's own and are left out.
"""

from __future__ import annotations

import pytest

from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.rival import rival_decision
from belote2p.ui.table.scene import TableScene
from belote2p.ui.table.state import TableState
from lab import harness as h
from tests.support.overlaps import overlaps

pytestmark = pytest.mark.ui

SIZES = ((960, 600), (1280, 800), (1920, 1080))
SEED = "overlap0"  # its first hand has a redeal, both contracts' banners and a strict phase
DT = 1 / 8


def _my_click(table: TableScene, state: TableState) -> tuple[int, int] | None:
    run = table.run
    action = rival_decision(run.match.view(0), 2, f"{run.seed}/me", len(run.actions))
    pos = next((b.rect.center for b in state.bid_buttons if b.value == action), None)
    return pos or next((c.rect.center for c in state.hand if c.card == action), None)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_on_the_table_is_covered(size):
    """One hand a language, every frame checked: its deal, bids, banners,
    tricks, the strict phase and the panel's opening."""
    found: dict[tuple[str, object, object], int] = {}
    try:
        for lang in LANGUAGES:
            set_language(lang)
            game = h.make_app(size=size, worker="inline", instant=False,
                              settings={"animation_speed": "fast"})
            game.ctx.settings.pause_scale = 0.25
            table = h.open_table(game, SEED)
            checked = 0
            for _frame in range(3000):
                h.step(game, dt=DT)
                state = table.state()
                for name, other in overlaps(table.renderer.sprites(state), state):
                    found.setdefault((lang, name, other), _frame)
                checked += 1
                if state.panel is not None:
                    break
                if state.human_turn:
                    pos = _my_click(table, state)
                    if pos is not None:
                        h.click(pos)
            game.app.shutdown()
            assert checked > 50 and state.panel is not None, "the hand was played out"
    finally:
        set_language("en")
    assert not found, found
