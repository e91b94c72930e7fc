"""Level 4's samples of the unseen cards agree with the view they come from."""

from __future__ import annotations

import random

import pytest

from belote2p.ai.fastsim import sim_from_deck
from belote2p.ai.levels import load_levels
from belote2p.ai.sampling import bids_agree, first_six, sample_deck, sample_hidden, sim_from_view
from belote2p.ai.utility import match_value
from belote2p.core.cards import CARDS
from belote2p.core.hand import Hand
from belote2p.core.view import view_of
from tests.support.builders import random_taken_hand

LEVELS = load_levels()
BID = LEVELS[4].bidding


def hand_at(rng: random.Random, tricks: int) -> Hand:
    while True:
        hand = random_taken_hand(rng)
        while len(hand.tricks) < tricks or (rng.random() < 0.5 and not hand.current):
            hand.apply(rng.choice(hand.legal_cards()))
            if hand.strict:
                break
        if not hand.strict:
            return hand


@pytest.mark.parametrize("seed", range(40))
def test_play_samples_are_consistent_with_the_view(seed):
    rng = random.Random(seed)
    hand = hand_at(rng, rng.randrange(0, 7))
    view = view_of(hand, hand.to_move)
    for tries in (0, 5):
        other, stock = sample_hidden(view, rng, BID, tries)
        assert len(other) == len(hand.hands[1 - view.seat])
        assert len(stock) == len(hand.stock)
        assert set(view.known_other_cards) <= set(other)
        assert set(other) | set(stock) == view.unseen_cards() | set(view.known_other_cards)
        six = first_six(view, other, rng)
        assert len(six) == 6 and len(set(six)) == 6
        ever = set(other) | {t.card_of(1 - view.seat) for t in view.tricks}
        ever |= set(view.current_trick)
        assert set(six) <= ever
        if view.taker == 1 - view.seat:
            assert view.turned not in six
        sim = sim_from_view(view, other, stock)
        assert sim.to_move == view.seat and sorted(sim.legal()) == sorted(view.legal)


@pytest.mark.parametrize("seed", range(20))
def test_bidding_samples_put_the_seen_cards_in_place(seed):
    rng = random.Random(100 + seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    hand = Hand(rng.randrange(2), deck)
    if rng.random() < 0.5:
        hand.apply(hand.legal_bids()[-1])  # a pass
    view = view_of(hand, hand.to_move)
    sample = sample_deck(view, rng, BID, 10)
    assert sorted(sample) == list(range(32))
    assert sample[12] == view.turned
    probe = Hand(view.dealer, sample)
    assert sorted(probe.hands[view.seat]) == sorted(view.hand)
    sim = sim_from_deck(sample, view.dealer, view.seat, view.turned.suit)
    assert view.turned in sim.hands[view.seat] and len(sim.stock) == 14


def test_bid_conditioning_prefers_hands_that_match_the_bids():
    rng = random.Random(5)
    deck = list(CARDS)
    rng.shuffle(deck)
    hand = Hand(0, deck)
    hand.apply(hand.legal_bids()[-1])  # seat 1 (non-dealer) passes
    view = view_of(hand, 0)
    passed_six = []
    for _ in range(30):
        s = sample_deck(view, rng, BID, 30)
        six = [s[p] for p in (0, 1, 2, 6, 7, 8)]
        passed_six.append(bids_agree(view, six, BID))
    assert sum(passed_six) >= 25


def test_match_value_orders_results_then_margins():
    k = LEVELS[3].match
    assert match_value(1, 0, k) > match_value(0, 0, k) > match_value(-1, 0, k)
    assert match_value(50, 0, k) > match_value(10, 0, k)
    assert 0.5 < match_value(30, 1, k) < match_value(60, 1, k) < 1.1
