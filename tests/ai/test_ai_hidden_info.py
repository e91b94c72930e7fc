"""No level may see a card it should not.

For a decision point, build other game states that differ only in the cards
the deciding seat cannot see (the other hand's unplayed cards and the stock
order, and the decks of earlier deals), replay the same actions on them,
check the seat's views compare equal, and check that every level, seeded
identically, answers the same.  Bidding, free play and strict play positions
are all covered.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from belote2p.ai import make_player
from belote2p.core.hand import Hand
from belote2p.core.view import MatchContext, SeatView, view_of
from tests.support.positions import LEVELS, first_position, hidden_changes, hidden_variants

CONTEXTS = [MatchContext(0, (0, 0)), MatchContext(1, (120, 40)), MatchContext(1, (30, 190))]


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(12))
def test_same_view_same_decision(kind, seed):
    rng = random.Random(f"hidden/{kind}/{seed}")
    position = first_position(rng, kind)
    decks, dealer, actions, hand = position
    seat = hand.to_move
    context = CONTEXTS[seed % len(CONTEXTS)]
    view = view_of(hand, seat, context)
    variants = hidden_variants(rng, decks, dealer, actions, hand, 3)
    if kind != "strict":
        assert variants, "expected other deals consistent with the view"
    for level in (1, 2, 3, 4):
        expected = make_player(level, random.Random(seed), LEVELS).choose(view)
        assert expected in view.legal
        for other in variants:
            other_view = view_of(other, seat, context)
            if other_view != view:  # e.g. a belote the new deal does not allow
                continue
            got = make_player(level, random.Random(seed), LEVELS).choose(other_view)
            assert got == expected, f"level {level} saw a hidden card ({kind})"


def test_variants_really_hide_cards():
    """The construction above changes the other hand in most free-play positions."""
    assert hidden_changes(random.Random(7), 10) >= 10


def _reachable(obj, seen=None):
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _reachable(getattr(obj, f.name), seen)
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for item in obj:
            yield from _reachable(item, seen)


def test_a_view_holds_no_path_to_the_game():
    rng = random.Random(3)
    for kind in ("bid", "free", "strict"):
        position = first_position(rng, kind)
        hand = position[3]
        view = view_of(hand, hand.to_move)
        assert isinstance(view, SeatView)
        for obj in _reachable(view):
            assert not isinstance(obj, (Hand, list, set)), type(obj)


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(3))
def test_hints_never_read_a_hidden_card(kind, seed):
    """A practice hint (level 4's card and every card's points) is the same
    for every game state that shows the player the same view."""
    from belote2p.ai.hints import hint

    rng = random.Random(f"hint-hidden/{kind}/{seed}")
    position = first_position(rng, kind)
    decks, dealer, actions, hand = position
    seat = hand.to_move
    view = view_of(hand, seat)
    expected = hint(view, "practice")
    assert expected.action in view.legal
    if kind == "bid":
        assert expected.points == ()
    else:  # every legal card has its figure
        assert {c for c, _points in expected.points} == set(view.legal_cards())
    for other in hidden_variants(rng, decks, dealer, actions, hand, 2):
        other_view = view_of(other, seat)
        if other_view == view:
            assert hint(other_view, "practice") == expected, f"a hint saw a hidden card ({kind})"


def level4_with(**search) -> dict:
    """The test levels with these search knobs in level 4."""
    levels = dict(LEVELS)
    levels[4] = dataclasses.replace(
        levels[4], search=dataclasses.replace(levels[4].search, **search))
    return levels


def assert_level4_blind_to_hidden_cards(levels: dict, label: str, seed: int) -> None:
    """Level 4 (of ``levels``) decides a free-play position and the same view
    over other hidden cards alike.  Some variant must have the very same view
    once a trick was played (a new deal may change what the seat sees, e.g. a
    belote)."""
    rng = random.Random(f"hidden/{label}/{seed}")
    decks, dealer, actions, hand = first_position(rng, "free")
    seat = hand.to_move
    view = view_of(hand, seat, CONTEXTS[seed % len(CONTEXTS)])
    variants = hidden_variants(rng, decks, dealer, actions, hand, 3)
    assert variants, "expected other deals consistent with the view"
    expected = make_player(4, random.Random(seed), levels).choose(view)
    assert expected in view.legal
    compared = 0
    for other in variants:
        other_view = view_of(other, seat, view.context)
        if other_view == view:
            compared += 1
            got = make_player(4, random.Random(seed), levels).choose(other_view)
            assert got == expected, f"level 4 ({label}) saw a hidden card"
    assert compared or not view.tricks


@pytest.mark.parametrize("seed", range(8))
def test_the_final_race_reads_no_hidden_card(seed):
    """Level 4's final race (issue #20) drops finalists by their playouts on
    deals drawn from the view: which finalist stops, and so the card, come from
    the view alone."""
    levels = level4_with(play_samples=4, finalists=3, final_samples=9, final_batch=3,
                         final_drop=0.5, final_budget=18)
    assert_level4_blind_to_hidden_cards(levels, "race", seed)


@pytest.mark.parametrize("seed", range(6))
def test_the_learned_playouts_read_no_hidden_card(seed):
    """Level 4 with its playouts played by the network (issue #33,
    ``playout_net``): each playout seat's inputs come from its own information
    (tests/ai/test_evaluator.py), so the card comes from the view alone."""
    from belote2p.ai.evaluator import WEIGHTS_PATH, load_net

    levels = level4_with(play_samples=3, finalists=2, final_samples=4,
                         playout_net=load_net(WEIGHTS_PATH).digest)
    assert_level4_blind_to_hidden_cards(levels, "net", seed)
