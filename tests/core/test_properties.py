"""Property tests over random decks and random legal play."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.core.actions import Phase
from belote2p.core.cards import CAPOT_POINTS, CARDS, HAND_POINTS
from belote2p.core.record import record_of, replay_hand, summary
from belote2p.core.rules import legal_follows
from tests.support.builders import random_hand

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _all_cards_accounted_for(hand) -> bool:
    played = [c for t in hand.tricks for c in t.cards] + list(hand.current)
    dealing = hand.phase in (Phase.BIDDING, Phase.REDEAL)  # hands of six, the rest undealt
    pending_turned = [hand.turned] if dealing else []
    undealt = hand.decks[-1][13:] if dealing else []
    everything = hand.hands[0] + hand.hands[1] + hand.stock + played + pending_turned + undealt
    return sorted(everything) == list(CARDS)


@settings(max_examples=150, deadline=None)
@given(seeds, st.floats(0.05, 0.9))
def test_cards_are_conserved_at_every_step(seed, take_bias):
    def check(hand):
        assert _all_cards_accounted_for(hand)

    hand = random_hand(random.Random(seed), take_bias, each_step=check)
    assert hand.hands == [[], []] and len(hand.tricks) == 16


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_a_hand_has_162_trick_points_or_252_with_a_capot(seed):
    score = random_hand(random.Random(seed)).score()
    expected = CAPOT_POINTS if score.capot is not None else HAND_POINTS
    assert sum(score.trick_points) == expected
    assert sum(score.totals) == expected + (20 if score.belote is not None else 0)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_legal_moves_are_exactly_the_cards_that_are_not_refused(seed):
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    from belote2p.core.hand import Hand

    hand = Hand(0, deck)
    hand.apply(hand.legal_actions()[0])  # take
    while hand.phase is Phase.PLAY:
        legal = set(hand.legal_cards())
        for c in hand.hands[hand.to_move]:
            assert (hand.why_illegal(c) is None) == (c in legal), (str(c), hand.current)
        if hand.strict and hand.current:
            # strict play offers exactly the follow/overtrump/trump rule's cards
            follows = legal_follows(hand.hands[hand.to_move], hand.current[0], hand.trump)
            assert legal == set(follows)
        else:
            assert legal == set(hand.hands[hand.to_move])
        hand.apply(rng.choice(sorted(legal)))


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_replaying_a_recorded_hand_reproduces_it(seed):
    hand = random_hand(random.Random(seed), take_bias=0.2)
    record = json.loads(json.dumps(record_of(hand)))
    again = replay_hand(record)
    assert summary(again) == summary(hand)
    assert again.decks == hand.decks and again.actions == hand.actions
