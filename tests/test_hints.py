"""Practice hints (issue #13): the card marked and the figures above the cards
come from one evaluation, level 4's own, and the mark is level 4's real choice.

Hidden cards never change a hint: tests/test_ai_hidden_info.py."""

from __future__ import annotations

import copy
import random

import pytest

from belote2p.actions import Phase
from belote2p.ai import decide, make_player
from belote2p.ai.hints import HINT_LEVEL, _position_key, hint
from belote2p.ai.levels import load_levels
from belote2p.ai.search import PointsNotingSearch, SearchPlayer
from belote2p.match import Match
from belote2p.view import SeatView, view_of
from tests.helpers import fast_levels


def play_positions(seed: str, strict: bool, count: int) -> list[SeatView]:
    """Card decisions with a choice (stock or strict phase), from level-3 matches."""
    found: list[SeatView] = []
    k = 0
    while len(found) < count:
        players = [make_player(3, random.Random(f"{seed}/{k}/{seat}")) for seat in (0, 1)]
        match = Match(seed, k)
        while not match.over and len(found) < count:
            view = match.view(match.to_move)
            if view.phase is Phase.PLAY and view.strict == strict and len(view.legal) > 1:
                found.append(view)
            match.apply(decide(players[match.to_move], view))
        k += 1
    return found[::-1][:count]


STOCK = play_positions("hints-stock", False, 8)


@pytest.mark.parametrize("view", STOCK, ids=range(len(STOCK)))
def test_stock_hint_marks_level_4s_card_and_figures_agree(view):
    """Every legal card has a figure; the marked card is what level 4 plays
    here (same seed), and it has the top figure unless the hint says level 4
    plays for the match."""
    got = hint(view, "practice")
    figures = dict(got.points)
    assert set(figures) == set(view.legal_cards())
    rng = random.Random(f"hint/practice/{_position_key(view)}")
    assert got.action == decide(make_player(HINT_LEVEL, rng), view)
    top = max(figures.values())
    assert figures[got.action] == top or got.for_match
    assert got.for_match == (figures[got.action] < top)
    assert not got.exact and all(0 <= p <= 252 + 20 for p in figures.values())


@pytest.mark.parametrize("index", range(4))
def test_noting_the_points_changes_no_decision(index):
    """PointsNotingSearch decides as SearchPlayer, seeded alike: the figures are
    read from its playouts, never a playout more before the choice."""
    levels = fast_levels()
    view = STOCK[index]
    plain = SearchPlayer(levels[4], random.Random(index))
    noting = PointsNotingSearch(levels[4], random.Random(index))
    card, figures = noting.choose_card_with_points(view)
    assert card == plain.choose_card(view)
    assert set(figures) == set(view.legal_cards())


def test_strict_figures_are_the_hand_scores_of_perfect_play():
    """Strict phase: exact.  Playing the marked card, then level 4's (solver)
    cards for both seats to the end scores the marked card's figure."""
    players = [make_player(3, random.Random(f"hints-strict/{seat}")) for seat in (0, 1)]
    solver = make_player(4, random.Random(0), load_levels())
    match, checked = Match("hints-strict", 0), 0
    while not match.over and checked < 6:
        view = match.view(match.to_move)
        if view.phase is Phase.PLAY and view.strict and len(view.legal) > 1:
            got = hint(view, "practice")
            figures = dict(got.points)
            assert got.exact and set(figures) == set(view.legal_cards())
            assert figures[got.action] == max(figures.values()) and not got.for_match
            hand = copy.deepcopy(match.hand)
            hand.apply(got.action)
            while hand.phase is not Phase.DONE:
                hand.apply(decide(solver, view_of(hand, hand.to_move)))
            assert hand.score().scores[view.seat] == figures[got.action]
            checked += 1
        match.apply(decide(players[match.to_move], view))
    assert checked == 6
