"""Practice hints (issue #13): the card marked and the figures above the cards
come from one evaluation, level 4's own, and the mark is level 4's real choice.

Hidden cards never change a hint: tests/ai/test_ai_hidden_info.py."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
import statistics

import pytest

from belote2p.ai import decide, make_player
from belote2p.ai.hints import (
    HINT_LEVEL,
    NOTE_MARGIN,
    NOTE_MIN_POINTS,
    _position_key,
    beaten_beyond_noise,
    hint,
)
from belote2p.ai.levels import load_levels
from belote2p.ai.sampling import sim_from_view
from belote2p.ai.search import DealScores, PointsNotingSearch, SearchPlayer, distinct_cards
from belote2p.core.actions import Phase
from belote2p.core.cards import parse_card
from belote2p.core.match import Match
from belote2p.core.view import view_of
from tests.support.builders import fast_levels
from tests.support.positions import STOCK


@pytest.mark.parametrize("view", STOCK, ids=range(len(STOCK)))
def test_stock_hint_marks_level_4s_card_and_figures_agree(view):
    """Every legal card has a figure, a mean over the same final-round deals;
    the marked card is what level 4 plays here (same seed); the note shows
    exactly when a card beats it beyond the noise, and then it is not the top."""
    got = hint(view, "practice")
    figures = dict(got.points)
    assert set(figures) == set(view.legal_cards())
    rng = random.Random(f"hint/practice/{_position_key(view)}")
    assert got.action == decide(make_player(HINT_LEVEL, rng), view)
    # the final race's deals: as many as it played before one finalist was left
    assert 0 < got.deals <= load_levels()[HINT_LEVEL].search.final_samples
    rng = random.Random(f"hint/practice/{_position_key(view)}")
    _card, scores = PointsNotingSearch(load_levels()[HINT_LEVEL], rng).choose_card_with_points(view)
    assert got.deals == len(scores.deals)
    assert got.for_match == gap_beyond_noise(scores, got.action)
    top = max(figures.values())
    assert not (got.for_match and got.within_noise)
    assert (figures[got.action] < top) == (got.for_match or got.within_noise)
    assert not got.exact and all(0 <= p <= 252 + 20 for p in figures.values())


def gap_beyond_noise(scores: DealScores, card) -> bool:
    """The note's rule, restated: the top mean beats ``card``'s by NOTE_MIN_POINTS
    and by more than NOTE_MARGIN standard errors of the paired differences."""
    means = {c: statistics.fmean(s) for c, s in scores.scores.items()}
    best = max(means, key=means.__getitem__)
    diffs = [b - m for b, m in zip(scores.scores[best], scores.scores[card])]
    gap = statistics.fmean(diffs)
    return gap >= NOTE_MIN_POINTS and gap > NOTE_MARGIN * statistics.stdev(diffs) / math.sqrt(
        len(diffs))


@pytest.mark.parametrize("index", range(4))
def test_noting_the_points_changes_no_decision(index):
    """PointsNotingSearch decides as SearchPlayer, seeded alike: the figures are
    read from its playouts, never a playout more before the choice."""
    levels = fast_levels()
    view = STOCK[index]
    plain = SearchPlayer(levels[4], random.Random(index))
    noting = PointsNotingSearch(levels[4], random.Random(index))
    card, scores = noting.choose_card_with_points(view)
    assert card == plain.choose_card(view)
    assert set(scores.scores) == set(view.legal_cards())


RACE = {"final_samples": 12, "final_batch": 3, "final_drop": 3.0, "final_budget": 24}


@pytest.mark.parametrize("race", [False, True], ids=["one round", "a race"])
def test_every_figure_is_a_mean_over_the_same_deals(race):
    """Cards dropped in screening, in the final race and finalists alike: each
    card's scores are its playouts on the final round's deals, in order, with
    the final round's endgame (replayed here from the recorded deals by a plain
    SearchPlayer)."""
    levels = fast_levels()
    if race:
        levels[4] = dataclasses.replace(
            levels[4], search=dataclasses.replace(levels[4].search, **RACE))
    knobs = levels[4].search
    dropped = raced = 0
    for index, view in enumerate(STOCK[:4]):
        _card, scores = PointsNotingSearch(levels[4], random.Random(index)).choose_card_with_points(
            view)
        if race:  # the race plays batches until one finalist is left or the budget is spent
            assert len(scores.deals) <= knobs.final_samples
            raced += len(scores.deals) > knobs.final_batch
        else:
            assert len(scores.deals) == knobs.final_samples
        assert scores.solve_cards == knobs.final_solve_cards
        assert {len(s) for s in scores.scores.values()} == {len(scores.deals)}
        replayer = SearchPlayer(levels[4], random.Random(0))
        for card, per_deal in scores.scores.items():
            for (other, stock), score in zip(scores.deals, per_deal):
                sim = sim_from_view(view, other, stock)
                sim.play(card)
                assert replayer.playout_scores(sim, scores.solve_cards)[view.seat] == score
        dropped += len(distinct_cards(view)) > knobs.finalists + 1
    assert dropped  # some position had cards dropped in screening
    assert raced or not race  # and some race went past its first batch


def test_the_note_needs_a_gap_beyond_the_noise():
    """A steady gap of a few points is a note; the same mean gap with a wide
    spread over few deals is noise; a gap under a point is never a note."""
    a, b = parse_card("AS"), parse_card("7S")
    deals = tuple(((), ()) for _ in range(6))

    def scores(a_scores, b_scores):
        return DealScores(deals, 0, {a: tuple(a_scores), b: tuple(b_scores)})

    assert beaten_beyond_noise(scores([83] * 6, [80] * 6), b)
    assert not beaten_beyond_noise(scores([83] * 6, [80] * 6), a)  # the top card itself
    assert not beaten_beyond_noise(scores([100, 60, 100, 60, 100, 98], [80] * 6), b)
    assert not beaten_beyond_noise(scores([80.5] * 6, [80] * 6), b)  # under a point
    with pytest.raises(ValueError):
        DealScores(deals, 0, {a: (1, 2)})


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
