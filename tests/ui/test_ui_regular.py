"""What a regular Belote player notices at the table (issue #45), each on the
real loop (SDL's dummy driver) driven through lab/harness.py."""

from __future__ import annotations

import pytest

from belote2p.core.actions import Phase
from belote2p.core.cards import sort_for_display
from belote2p.ui.table.scene import TableScene
from lab import harness as h

pytestmark = pytest.mark.ui

SEED = "regular1"


@pytest.fixture
def game():
    g = h.make_app(size=(1280, 800))
    yield g
    g.app.shutdown()


def _play_until(game, table: TableScene, done, limit: int = 200) -> h.Offer:
    """The first legal action each turn until ``done(table)`` holds."""
    for _ in range(limit):
        offer = h.settle(game)
        if done(table):
            return offer
        assert offer["panel"] is None, "the hand ended first"
        h.click(h.first_legal_policy(offer)[1])
        h.step(game)
    raise AssertionError("never reached")


# 1 -------------------------------------------------------------------------
def test_the_rivals_open_hand_is_sorted_as_yours(game):
    table = h.open_table(game, SEED)
    _play_until(game, table, lambda t: t.model.rival_open is not None)
    for _ in range(6):  # through the strict phase: sorted after every card
        state = table.state()
        assert state.rival_faces is not None
        faces = list(state.rival_faces)
        assert faces == sort_for_display(faces, state.trump)
        assert set(faces) == set(table.hand.hands[1]) or not table.idle()
        offer = h.settle(game)
        if offer["panel"] is not None or table.hand.phase is not Phase.PLAY:
            break
        h.click(h.first_legal_policy(offer)[1])
        h.step(game)
