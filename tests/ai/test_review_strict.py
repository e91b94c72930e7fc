"""The review's strict phase against an independent plain minimax.

Records come from the independent reference engine (tests/support/reference_rules.py),
which also gives each strict-phase position; the minimax below is written from
the rules alone (card order, points, strict play, the last trick's 10): cards
are notation strings, hands frozensets, every line of play searched with a
memo and no pruning.  For every card of tricks 8-16 the review's loss and its
whole set of best cards must match.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from belote2p.ai.review import ReviewSettings, review_record
from tests.support import reference_rules as ref

CHEAP = ReviewSettings(samples=1, solve_cards=0)  # the stock phase is not checked here
RECORDS_PER_CHUNK = 50  # 4 chunks: 200 records, 3,600 strict-phase cards


CARD_BIT = {c: 1 << i for i, c in enumerate(ref.ALL_CARDS)}


@cache
def cards_in(mask: int) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        out.append(ref.ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


@cache
def card_points(card: str, trump: str) -> int:
    return ref.card_points(card, trump)


@cache
def points_of(mask: int, trump: str) -> int:
    return sum(card_points(c, trump) for c in cards_in(mask))


@cache
def legal_answers(follow_hand: int, lead: str, trump: str) -> list[str]:
    return ref.legal_follows(cards_in(follow_hand), lead, trump, True)


def mask_of(cards) -> int:
    return sum(CARD_BIT[c] for c in cards)


@cache
def trick_facts(lead: str, follow: str, trump: str) -> tuple[bool, int]:
    """Whether the follower's card takes the trick, and the trick's card points."""
    return ref.follower_wins(lead, follow, trump), points_of(CARD_BIT[lead] | CARD_BIT[follow],
                                                              trump)


@cache
def leader_points(lead_hand: int, follow_hand: int, trump: str) -> int:
    """Points the player on lead takes from the remaining tricks (card points,
    and 10 for the last trick), both sides playing their best.  Hands are
    bitmasks of ``ref.ALL_CARDS`` (only to make the memo cheap)."""
    if not lead_hand:
        return 0
    return max(min(answers(lead_hand & ~CARD_BIT[c], follow_hand, c, trump).values())
               for c in cards_in(lead_hand))


def answers(lead_hand: int, follow_hand: int, lead: str, trump: str) -> dict[str, int]:
    """{each legal answer to ``lead``: the leader's points from that trick and
    the rest}, the leader holding ``lead_hand`` once it has led."""
    out = {}
    last = 0 if lead_hand else ref.LAST_TRICK_BONUS
    for follow in legal_answers(follow_hand, lead, trump):
        follow_rest = follow_hand & ~CARD_BIT[follow]
        follower_takes, trick = trick_facts(lead, follow, trump)
        if follower_takes:  # the leader gets what the follower, now on lead, leaves
            rest = points_of(lead_hand | follow_rest, trump) + ref.LAST_TRICK_BONUS - last
            out[follow] = rest - leader_points(follow_rest, lead_hand, trump)
        else:
            out[follow] = trick + last + leader_points(lead_hand, follow_rest, trump)
    return out


def reference_losses(hand: ref.Hand) -> dict[str, int]:
    """{legal card: points it gives away} for the player to move in ``hand``."""
    trump, mover = hand.trump, hand.to_act
    assert trump is not None  # a hand in play has a trump
    mine, theirs = hand.hands[mover], hand.hands[1 - mover]
    if not hand.current:  # leading: my points are the leader's
        values = {c: min(answers(mask_of(mine) & ~CARD_BIT[c], mask_of(theirs), c, trump).values())
                  for c in mine}
    else:  # following: my points are what the leader does not take
        lead = hand.current[0]
        left = sum(ref.card_points(c, trump) for c in mine + theirs + [lead])
        left += ref.LAST_TRICK_BONUS
        values = {f: left - v for f, v in answers(mask_of(theirs), mask_of(mine), lead,
                                                   trump).items()}
    top = max(values.values())
    return {c: top - v for c, v in values.items()}


def strict_positions(record: dict):
    """(seat, card played, reference losses) for every card of tricks 8-16."""
    hand = ref.Hand(record["dealer"], record["decks"])
    for action in record["actions"]:
        if hand.phase == "play" and hand.strict():
            yield hand.to_act, action, reference_losses(hand)
        hand.apply(action)


@pytest.mark.parametrize("chunk", range(4))
def test_strict_phase_matches_plain_minimax(chunk):
    rng = random.Random(f"review-strict/{chunk}")
    checked = 0
    for _ in range(RECORDS_PER_CHUNK):
        record, _ = ref.random_record(rng)
        got = review_record(record, CHEAP)
        strict = [d for d in got["decisions"] if d["phase"] == "strict"]
        expected = list(strict_positions(record))
        assert len(strict) == len(expected) == 18
        for verdict, (seat, played, losses) in zip(strict, expected):
            assert (verdict["seat"], verdict["card"]) == (seat, played)
            assert verdict["exact"] is True and isinstance(verdict["loss"], int)
            assert verdict["loss"] == losses[played], (record, verdict)
            assert sorted(verdict["best"]) == sorted(c for c, v in losses.items() if v == 0)
            checked += 1
        assert got["strict_loss"] == [
            sum(d["loss"] for d in strict if d["seat"] == s) for s in (0, 1)]
        for memo in (leader_points, cards_in, points_of, legal_answers, trick_facts):
            memo.cache_clear()
    assert checked == RECORDS_PER_CHUNK * 18


def test_reference_minimax_sees_a_blunder():
    """The reference itself: the last two tricks, where leading the wrong card
    gives away a trick (sanity check of the minimax, by hand)."""
    hand = ref.Hand.__new__(ref.Hand)
    hand.trump, hand.to_act, hand.current = "H", 0, []
    hand.hands = {0: ["JH", "7S"], 1: ["AS", "8D"]}
    # JH first takes 8D (20), then 7S loses to AS: seat 0 gets 20.
    # 7S first loses to AS, then JH trumps the 8D lead with the last 10: 30.
    assert reference_losses(hand) == {"7S": 0, "JH": 10}
