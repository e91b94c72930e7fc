"""Level 4's cheap playout rule (heuristics.cheap_card) and the knob that selects it."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given
from hypothesis import strategies as st

from belote2p.ai.fastsim import Sim
from belote2p.ai.heuristics import CHEAP_TRUMP_POINTS, cheap_card
from belote2p.ai.search import SearchPlayer
from belote2p.ai.tables import PTS
from belote2p.cards import parse_card
from tests.support.builders import fast_levels

SPADES = parse_card("7S").suit


def cards(words: str) -> list[int]:
    return [int(parse_card(w)) for w in words.split()]


def test_the_leader_plays_its_cheapest_plain_card():
    assert cheap_card(cards("AH 8D JS KC"), SPADES, -1) == cards("8D")[0]
    # only trumps left: the cheapest trump
    assert cheap_card(cards("JS 9S QS"), SPADES, -1) == cards("QS")[0]


def test_a_follower_wins_with_its_cheapest_winning_plain_card():
    assert cheap_card(cards("AH KH 7S 8D"), SPADES, cards("QH")[0]) == cards("KH")[0]


def test_a_follower_trumps_a_trick_worth_a_trump_with_its_cheapest_trump():
    ten = cards("TH")[0]
    assert PTS[SPADES][ten] >= CHEAP_TRUMP_POINTS
    assert cheap_card(cards("JS 8S 7D"), SPADES, ten) == cards("8S")[0]


def test_a_follower_does_not_trump_a_cheap_trick_and_throws_its_cheapest_card():
    assert cheap_card(cards("JS 8S AD 7D"), SPADES, cards("KH")[0]) == cards("7D")[0]


@given(st.lists(st.integers(0, 31), min_size=1, max_size=9, unique=True),
       st.integers(-1, 31), st.integers(0, 3))
def test_the_rule_always_answers_a_card_of_the_hand(hand, lead, trump):
    if lead in hand:
        lead = -1
    assert cheap_card(hand, trump, lead) in hand


def _stock_sim() -> Sim:
    hands = [cards("7H 8H 9H TD AD KS 7C 8C QS"), cards("AH KH JS 9S TC AC 7D 8D 9D")]
    stock = cards("TH JH QH JD QD KD TS AS 7S 8S 9C JC QC KC")
    return Sim(SPADES, 0, hands, stock, 0)


def test_the_knob_selects_the_cheap_rule_while_the_stock_lasts_only():
    levels = fast_levels()
    tips = SearchPlayer(levels[4], random.Random(0))
    cheap = SearchPlayer(dataclasses.replace(
        levels[4], search=dataclasses.replace(levels[4].search, cheap_playouts=True)),
        random.Random(0))
    sim = _stock_sim()
    assert cheap.policy(sim, 0) == cheap_card(sim.hands[0], SPADES, -1) == cards("7H")[0]
    assert tips.policy(sim, 0) != cheap.policy(sim, 0)  # the tips lead the 7 of clubs
    strict = _stock_sim()
    while strict.stock:
        strict.play(strict.legal()[0])
    assert cheap.policy(strict, strict.to_move) == tips.policy(strict, strict.to_move)
