"""The two-hand match and the run (streak, levels, score, abandon)."""

import random

import pytest

from belote2p.core.actions import IllegalAction, Phase, parse_action
from belote2p.core.match import Match, MatchResult, Run, deck_for, first_dealer_for, run_score


def play_out(target, rng, stop=lambda t: False):
    """Random legal actions until the target (a Match or Run) is over."""
    while not target.over and not stop(target):
        target.apply(rng.choice(target.legal_actions() if isinstance(target, Match)
                                else target.match.legal_actions()))
    return target


def test_the_same_seed_always_gives_the_same_decks_and_dealer():
    assert deck_for("abc", 0, 1, 2) == deck_for("abc", 0, 1, 2)
    assert deck_for("abc", 0, 1, 2) != deck_for("abc", 0, 1, 1)
    assert {first_dealer_for(s, 0) for s in range(20)} == {0, 1}


def test_each_player_deals_once_and_scores_add_up():
    match = play_out(Match("m1"), random.Random(1))
    assert [h.dealer for h in match.hands] == [match.first_dealer, 1 - match.first_dealer]
    assert match.scores == tuple(sum(s.scores[i] for s in match.hand_scores) for i in (0, 1))
    assert match.margin == abs(match.scores[0] - match.scores[1])
    with pytest.raises(IllegalAction, match="over"):
        match.apply(parse_action("7S"))


def test_a_match_redeals_by_itself_with_the_next_deck():
    match = Match("redeal", first_dealer=0)
    for _ in range(4):
        match.apply(match.legal_actions()[-1])  # pass
    assert match.hand.deal_number == 2 and match.hand.phase is Phase.BIDDING
    assert match.hand.decks[1] == deck_for("redeal", 0, 0, 1)


def test_equal_sums_are_a_draw():
    match = Match("x")
    match.hand_scores = [_score((81, 81)), _score((100, 100))]
    assert match.over and match.winner is None and match.margin == 0


def _score(scores):
    from belote2p.core.rules import HandScore

    return HandScore(0, scores, None, None, scores, "tie", scores)


def test_the_second_hands_view_knows_the_first_hands_scores():
    match = play_out(Match("ctx"), random.Random(3), stop=lambda m: len(m.hands) == 2)
    view = match.view(0)
    assert view.context.hand_index == 1
    assert view.context.scores_before == match.hand_scores[0].scores


# ---------------------------------------------------------------- the run
def _run_with(results):
    run = Run("r")
    run.results = [MatchResult(s, None if s[0] == s[1] else (0 if s[0] > s[1] else 1))
                   for s in results]
    return run


def test_wins_climb_the_rival_one_level_up_to_four():
    assert _run_with([]).rival_level == 1
    assert _run_with([(200, 100)]).rival_level == 2
    assert _run_with([(200, 100)] * 3).rival_level == 4
    assert _run_with([(200, 100)] * 7).rival_level == 4


def test_score_is_streak_times_10000_plus_capped_margins():
    run = _run_with([(300, 100), (250, 240)])
    assert (run.streak, run.margin_total, run.score) == (2, 210, 20_210)
    assert run_score(5, 12_345) == 59_999
    assert _run_with([(500, 0)] * 30).score == 30 * 10_000 + 9_999


def test_a_loss_or_a_draw_ends_the_run():
    assert _run_with([(200, 100), (100, 200)]).over
    assert _run_with([(200, 100), (150, 150)]).over
    assert not _run_with([(200, 100)]).over
    lost = _run_with([(200, 100), (100, 200)])
    assert (lost.streak, lost.score) == (1, 10_100)


def test_abandon_counts_the_unfinished_match_as_lost():
    run = _run_with([(200, 100)])
    run.abandon()
    assert run.over and run.streak == 1 and run.score == 10_100
    with pytest.raises(IllegalAction, match="over"):
        run.apply(run.match.legal_actions()[0])


def test_a_run_replays_exactly_from_its_seed_and_actions():
    rng = random.Random(7)
    run = Run("seed-7")
    for _ in range(150):
        if run.over:
            break
        run.apply(rng.choice(run.match.legal_actions()))
    again = Run.replay("seed-7", run.actions)
    assert again.actions == run.actions and again.results == run.results
    assert again.match.hand.hands == run.match.hand.hands
    assert again.match.hand.to_move == run.match.hand.to_move


def test_a_random_run_plays_matches_until_one_is_not_won():
    run = play_out(Run("long"), random.Random(11))
    assert run.over and run.results
    assert all(r.won_by(0) for r in run.results[:-1]) and not run.results[-1].won_by(0)
    assert run.rival_level == min(1 + run.streak, 4)
