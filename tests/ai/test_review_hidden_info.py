"""The review's estimates may not see a card their seat could not.

As in tests/ai/test_ai_hidden_info.py: build game states that differ only in the
cards the deciding seat cannot see (the other hand, the stock order, earlier
decks), make the same move in each, and check that the review gives that move
the same stock-phase verdict (and, for a bid, the same bid verdict) whenever
the seat's views compare equal.
"""

from __future__ import annotations

import random

import pytest

from belote2p.ai.review import ReviewSettings, review_hand
from belote2p.core.actions import Bid
from belote2p.core.hand import Hand
from belote2p.core.view import view_of
from tests.support.positions import first_position, hidden_changes, hidden_variants

QUICK = ReviewSettings(samples=4, solve_cards=6, with_bids=True)


def verdict_of_move(hand: Hand, move):
    """Make ``move`` in ``hand`` and return the review's verdict on it."""
    hand.apply(move)
    review = review_hand(hand, QUICK)
    return review.bids[-1] if isinstance(move, Bid) else review.decisions[-1]


@pytest.mark.parametrize("kind", ["free", "bid"])
@pytest.mark.parametrize("seed", range(6))
def test_same_view_same_verdict(kind, seed):
    rng = random.Random(f"review-hidden/{kind}/{seed}")
    decks, dealer, actions, hand = first_position(rng, kind)
    seat = hand.to_move
    view = view_of(hand, seat)
    move = rng.choice(hand.legal_actions())
    variants = hidden_variants(rng, decks, dealer, actions, hand, 3)
    assert variants, "expected other deals consistent with the view"
    expected = verdict_of_move(hand, move)
    assert expected.seat == seat
    compared = 0
    for other in variants:
        if view_of(other, seat) != view:  # e.g. a belote the new deal does not allow
            continue
        assert verdict_of_move(other, move) == expected, f"the review saw a hidden card ({kind})"
        compared += 1
    assert compared


def test_variants_change_what_the_review_may_not_see():
    """The check above is not vacuous: the variants' other hands differ."""
    assert hidden_changes(random.Random("review-hidden/vacuous"), 5) >= 5
