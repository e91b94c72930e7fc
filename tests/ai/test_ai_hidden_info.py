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


def inference_levels() -> dict:
    """The test levels with level 4's inference on (bids and cards weighed)."""
    return level4_with(inference_deals=8, inference_bid_scale=6)


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


@pytest.mark.parametrize("seed", range(12))
def test_inference_reads_no_hidden_card(seed):
    """Level 4 with inference on weighs its deals by the other seat's bids and
    cards: the weights, and so the decision, come from the view alone."""
    assert_level4_blind_to_hidden_cards(inference_levels(), "inference", seed)


@pytest.mark.parametrize("seed", range(8))
def test_the_final_race_reads_no_hidden_card(seed):
    """Level 4's final race (issue #20) drops finalists by their playouts on
    deals drawn from the view: which finalist stops, and so the card, come from
    the view alone."""
    levels = level4_with(play_samples=4, finalists=3, final_samples=9, final_batch=3,
                         final_drop=0.5, final_budget=18)
    assert_level4_blind_to_hidden_cards(levels, "race", seed)


def test_inference_changes_the_deals_level4_draws():
    """The knob is live: with inference on, level 4 draws other deals than without
    (so the test above checks a search that really weighs its deals)."""
    from belote2p.ai.search import SearchPlayer

    plain, weighed = LEVELS[4], inference_levels()[4]
    rng = random.Random("inference-live")
    differ = 0
    for _ in range(5):
        hand = first_position(rng, "free")[3]
        view = view_of(hand, hand.to_move)
        if not view.tricks:
            continue
        a = SearchPlayer(plain, random.Random(1))
        b = SearchPlayer(weighed, random.Random(1))
        differ += [a.sample_deal(view) for _ in range(4)] != [b.sample_deal(view)
                                                            for _ in range(4)]
    assert differ >= 1


@pytest.mark.parametrize("seed", range(8))
def test_the_deeper_stock_phase_reads_no_hidden_card(seed):
    """Level 4 searching the other seat's reply (issue #33, ``reply_stocks``)
    plays out every card of a sampled hand: the hand and the stock orders are
    drawn from the view, so the card comes from the view alone."""
    levels = level4_with(play_samples=3, finalists=2, final_samples=4, reply_stocks=2)
    assert_level4_blind_to_hidden_cards(levels, "reply", seed)


def leading_views(label: str, tries: int) -> list[SeatView]:
    """The free-play views among ``tries`` seeded positions where the seat to move leads."""
    rng = random.Random(label)
    views = [view_of(hand, hand.to_move)
             for hand in (first_position(rng, "free")[3] for _ in range(tries))]
    return [view for view in views if not view.current_trick]
@pytest.mark.parametrize("seed", range(6))
def test_the_learned_playouts_read_no_hidden_card(seed):
    """Level 4 with its playouts played by the network (issue #33,
    ``playout_net``): each playout seat's inputs come from its own information
    (tests/ai/test_evaluator.py), so the card comes from the view alone."""
    from belote2p.ai.evaluator import WEIGHTS_PATH, load_net

    levels = level4_with(play_samples=3, finalists=2, final_samples=4,
                         playout_net=load_net(WEIGHTS_PATH).digest)
    assert_level4_blind_to_hidden_cards(levels, "net", seed)


def test_the_searched_reply_is_the_worst_for_the_leader():
    """With one stock order (the deal's own), a searched reply is the other
    seat's best answer on that deal: never better for the leader than the tips'
    reply, and worse somewhere (the knob is live)."""
    from belote2p.ai.sampling import sim_from_view
    from belote2p.ai.search import SearchPlayer
    from belote2p.ai.utility import Outlook

    level = level4_with(reply_stocks=1)[4]
    worse = 0
    for view in leading_views("reply-live", 6):
        player = SearchPlayer(level, random.Random(1))
        outlook = Outlook(view, player.match_knobs)
        other, stock = player.sample_deal(view)
        cards = sorted(view.hand)
        searched = player.reply_row(view, cards, other, stock, 9, outlook, None)
        for c, value in zip(cards, searched):
            sim = sim_from_view(view, other, stock)
            sim.play(c)
            tips = player.playout(sim, view.seat, outlook, 9)
            assert value <= tips
            worse += value < tips
    assert worse >= 1


@pytest.mark.parametrize("seed", range(8))
def test_the_blind_reply_reads_no_hidden_card(seed):
    """With ``reply_blind`` the other seat's reply is judged over re-deals of
    level 4's unseen cards with the stock: drawn from a sampled deal and level
    4's rng, so the card still comes from the view alone."""
    levels = level4_with(play_samples=3, finalists=2, final_samples=4, reply_stocks=3,
                         reply_blind=True)
    assert_level4_blind_to_hidden_cards(levels, "blind reply", seed)


def test_a_blind_world_keeps_what_the_other_seat_knows():
    """``unseen_by_other`` re-deals only what the other seat cannot see: its
    own hand, the cards gone and level 4's cards it knows of stay put, level
    4's other cards and the stock are the same cards dealt afresh (and, not
    blind, only the stock is shuffled; a card on the table stays too)."""
    from belote2p.ai.sampling import sim_from_view
    from belote2p.ai.search import SearchPlayer
    from belote2p.ai.tables import mask_of

    level = level4_with(reply_stocks=3, reply_blind=True)[4]
    rng = random.Random("blind-world")
    moved = 0
    for _ in range(8):
        hand = first_position(rng, "free")[3]
        view = view_of(hand, hand.to_move)
        player = SearchPlayer(level, random.Random(2))
        me, them = view.seat, 1 - view.seat
        other, stock = player.sample_deal(view)
        base = sim_from_view(view, other, stock)
        base.known[me] |= 1 << base.hands[me][0]  # as if it had shown its first card
        for blind in (False, True):
            world = player.unseen_by_other(base, me, () if blind else None)
            assert world.hands[them] == base.hands[them] and world.gone == base.gone
            assert world.hands[me][0] == base.hands[me][0]
            assert world.masks[me] == mask_of(world.hands[me])
            assert (sorted(world.hands[me] + world.stock)
                    == sorted(base.hands[me] + base.stock))
            if not blind:
                assert world.hands[me] == base.hands[me]
            moved += world.hands[me] != base.hands[me]
        shown = base.hands[me][-1]
        assert shown in player.unseen_by_other(base, me, (shown,)).hands[me]
    assert moved >= 6


def test_the_blind_reply_is_one_of_the_replies_on_the_deal():
    """Blind, the deal is worth what one reply gives on the deal itself: never
    less for the leader than the seeing reply's worst on that deal (the other
    seat judges without level 4's hand), and more somewhere (the knob is live)."""
    from belote2p.ai.search import SearchPlayer
    from belote2p.ai.utility import Outlook

    better = 0
    for view in leading_views("blind-live", 6):
        rows = {}
        for blind in (False, True):
            player = SearchPlayer(level4_with(reply_stocks=1, reply_blind=blind)[4],
                                  random.Random(1))
            other, stock = player.sample_deal(view)
            cards = sorted(view.hand)
            outlook = Outlook(view, player.match_knobs)
            rows[blind] = player.reply_row(view, cards, other, stock, 9, outlook, None)
        assert rows[True] == rows[False]  # one world: the deal itself, seen alike
        player = SearchPlayer(level4_with(reply_stocks=4, reply_blind=True)[4],
                              random.Random(1))
        other, stock = player.sample_deal(view)
        outlook = Outlook(view, player.match_knobs)
        blind_row = player.reply_row(view, cards, other, stock, 9, outlook, None)
        seeing = SearchPlayer(level4_with(reply_stocks=1)[4], random.Random(1))
        worst_row = seeing.reply_row(view, cards, other, stock, 9, outlook, None)
        assert all(b >= w for b, w in zip(blind_row, worst_row))
        better += blind_row != worst_row
    assert better >= 1
