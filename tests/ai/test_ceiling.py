"""The ceiling's sighted players (lab/experiments/ceiling.py, issue #41): each
is shown exactly what its sight says, and nothing changes for a plain view."""

from __future__ import annotations

import argparse
import random

import pytest

from belote2p.ai import decide
from belote2p.ai.fastsim import sim_from_deck
from belote2p.ai.sampling import deal_positions
from belote2p.ai.search import SearchPlayer
from belote2p.core.actions import Phase
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from lab.experiments import ceiling
from lab.rivals.pimc import PimcKnobs, PimcPlayer
from tests.support.builders import fast_levels

LEVELS = fast_levels()


def plain(view: SeatView) -> SeatView:
    """The seat's own view inside a sighted one."""
    return SeatView(**{name: getattr(view, name) for name in SeatView.__dataclass_fields__})


def play_out(seed: str, check) -> None:
    """A match of two level-3 players, ``check(match, seat)`` at every decision."""
    match = Match(seed, 0)
    players = {s: ceiling.make_sighted("3", random.Random(s), LEVELS) for s in (0, 1)}
    while not match.over:
        seat = match.hand.to_move
        check(match, seat)
        match.apply(decide(players[seat], match.view(seat)))


@pytest.mark.parametrize("sight", ceiling.SIGHTS)
def test_a_sighted_view_shows_its_sight_and_keeps_the_seat_view(sight: str) -> None:
    seen = {"bid": 0, "stock": 0, "strict": 0}

    def check(match: Match, seat: int) -> None:
        hand, view = match.hand, match.view(seat)
        sighted = ceiling.sighted_view(match, seat, sight)
        other = hand.hands[1 - seat]
        if view.phase is Phase.BIDDING:
            seen["bid"] += 1
            assert isinstance(sighted, ceiling.SightedView) and plain(sighted) == view
            assert sighted.deck == (tuple(hand.decks[-1]) if sight == "all" else None)
            assert sighted.other_six == (None if sight == "all" else tuple(other))
        elif view.strict:
            seen["strict"] += 1
            # the stock is empty: nothing more to show
            assert sighted == view and type(sighted) is SeatView
        else:
            seen["stock"] += 1
            assert sighted.known_other_cards == frozenset(other)
            assert plain(sighted) == SeatView(**{**plain(view).__dict__,
                                                 "known_other_cards": frozenset(other)})
            assert ceiling.sighted_deal(sighted) == (
                (sorted(other), list(hand.stock)) if sight == "all" else None)

    play_out("sight", check)
    assert all(seen.values())


def test_a_bidder_shown_the_other_hand_deals_it_where_it_is() -> None:
    match = Match("sight-deck", 0)
    hand, seat = match.hand, match.hand.to_move
    shown = ceiling.sighted_view(match, seat, "hand")
    deck = ceiling.sighted_deck(shown, random.Random(1))
    assert deck is not None and sorted(deck) == sorted(hand.decks[-1])
    mine, theirs = deal_positions(hand.dealer)
    if seat == 1:
        mine, theirs = theirs, mine
    assert sorted(deck[p] for p in theirs) == sorted(hand.hands[1 - seat])
    assert sorted(deck[p] for p in mine) == sorted(hand.hands[seat])
    assert deck[12] == hand.turned
    assert deck != ceiling.sighted_deck(shown, random.Random(2))  # the rest is dealt
    everything = ceiling.sighted_view(match, seat, "all")
    real = ceiling.sighted_deck(everything, random.Random(1))
    assert real == list(hand.decks[-1])
    # the engine's deal and the simulator's read the deck alike
    sim = sim_from_deck(real, hand.dealer, seat, hand.turned.suit)
    assert sorted(sim.hands[1 - seat][:6]) == sorted(hand.hands[1 - seat])
    assert ceiling.sighted_deck(match.view(seat), random.Random(1)) is None


def test_unsighted_the_players_decide_as_level_4_and_pimc_do() -> None:
    """For a plain view the sighted players are level 4 and PIMC, draw for draw."""
    small = PimcKnobs(deals=4, screen=2, bid_deals=3)
    checked = [0]

    def check(match: Match, seat: int) -> None:
        view = match.view(seat)
        if len(view.legal) < 2 or view.strict:
            return
        pairs = [(ceiling.SightedSearch(LEVELS[4], random.Random(7)),
                  SearchPlayer(LEVELS[4], random.Random(7))),
                 (ceiling.SightedPimc(random.Random(7), small),
                  PimcPlayer(random.Random(7), small))]
        for sighted, real in pairs:
            assert decide(sighted, view) == decide(real, view)
        checked[0] += 1

    play_out("unsighted", check)
    assert checked[0] > 5


def test_pimc_shown_everything_decides_on_one_deal_as_on_all() -> None:
    """Every deal is the real one: one deal gives the decision of all of them."""
    full = PimcKnobs(deals=6, screen=3, finalists=2, bid_deals=4)
    checked = [0]

    def check(match: Match, seat: int) -> None:
        view = ceiling.sighted_view(match, seat, "all")
        if len(view.legal) < 2 or not ceiling.shows_everything(view):
            return
        quick = ceiling.SightedPimc(random.Random(3), full)
        slow = ceiling.SightedPimc(random.Random(3), full)
        # PIMC's own decision on all its (real) deals, without the one-deal shortcut
        assert decide(quick, view) == PimcPlayer.choose(slow, view)
        assert quick.knobs == full
        checked[0] += 1

    play_out("one-deal", check)
    assert checked[0] > 5


@pytest.mark.parametrize("name", ["4+all", "4+hand"])
def test_a_sighted_player_against_itself_differs_by_0_a_deal(name: str, monkeypatch) -> None:
    fast = ceiling.make_sighted

    def factory(level: str, rng: random.Random, levels: object = None):
        return fast(level, rng, LEVELS)

    monkeypatch.setattr(ceiling, "make_sighted", factory)
    outcomes = [ceiling.play((name, name, "self", i, None)) for i in range(4)]
    assert [o.a_total - o.b_total for o in outcomes[0::2]] == [
        o.b_total - o.a_total for o in outcomes[1::2]]


def test_only_searching_players_take_a_sight() -> None:
    for good in ("4", "4+all", "pimc+hand", "3"):
        assert ceiling.player_name(good) == good
    for bad in ("3+all", "4+peek", "5", "pimc+"):
        with pytest.raises(argparse.ArgumentTypeError):
            ceiling.player_name(bad)
