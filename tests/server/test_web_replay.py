"""The run page's story of a run agrees with the core card for card: every
finished hand has its sixteen tricks, the tricks' points add up to the deck's,
and the hands' and matches' scores are the run's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.core.actions import parse_action
from belote2p.core.cards import DECK_POINTS
from belote2p.core.match import Run
from belote2p.server.web_replay import run_story
from tests.support.web_board import played_actions


@settings(max_examples=25, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), chooser=st.integers(0, 10_000))
def test_the_story_is_the_cores_run(seed, chooser):
    actions = played_actions(seed, chooser)
    story = run_story(seed, actions)
    run = Run.replay(seed, list(actions))
    assert story.score == run.score and story.streak == run.streak and story.over
    assert [m.scores for m in story.matches] == [r.scores for r in run.results]
    assert [m.winner for m in story.matches] == [r.winner for r in run.results]
    assert [m.level for m in story.matches] == [min(n, 4) for n in range(1, len(run.results) + 1)]
    told = 0
    for match in story.matches:
        assert [h.number for h in match.hands] == [1, 2]
        first, second = (h.score.scores for h in match.hands)
        assert match.scores == (first[0] + second[0], first[1] + second[1])
        for hand in match.hands:
            assert len(hand.tricks) == 16
            assert sum(t.points for t in hand.tricks) == DECK_POINTS
            assert hand.deals[-1].bids[-1][0] == hand.taker
            assert hand.deals[0].dealer != hand.deals[0].bids[0][0]  # the other seat bids first
            told += sum(len(d.bids) for d in hand.deals) + 32
    assert told == len(actions)


def test_a_run_cut_by_the_close_tells_the_hand_so_far():
    actions = played_actions("cut", 3, stop=40)
    story = run_story("cut", actions)
    last = story.matches[-1]
    assert last.scores is None and last.winner is None and not story.over
    assert last.hands[-1].score is None
    played = sum(len(d.bids) for h in last.hands for d in h.deals) + sum(
        2 * len(h.tricks) for h in last.hands)
    assert 40 - played in (0, 1)  # every bid and whole trick told (a lead alone is not a trick)


@pytest.mark.parametrize("bad", ["XX", "", "take:Z", "7S7S"])
def test_a_record_the_rules_refuse_is_told_up_to_there(bad):
    actions = list(played_actions("bad", 1, stop=5)) + [bad, "pass"]
    story = run_story("bad", actions)
    assert story.broken_at == 6 and bad[:16] in (story.broken_because or "")


def test_an_illegal_card_is_refused_with_the_cores_reason():
    run = Run("legal")
    while not run.match.hand.stock:  # play until the contract is made
        run.apply(run.match.legal_actions()[0])
    hand = run.match.hand
    other = next(c for c in hand.hands[1 - hand.to_move])
    story = run_story("legal", list(run.actions) + [str(other)])
    assert story.broken_at == len(run.actions) + 1
    assert "is not in your hand" in (story.broken_because or "")
    assert parse_action(str(other)) == other
