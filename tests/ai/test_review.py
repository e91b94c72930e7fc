"""The hand review's API and ``belote2p review``: the shape of the verdicts,
their invariants, determinism, progress, bids and the command line."""

from __future__ import annotations

import json
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.ai.review import ReviewPhase, ReviewSettings, review_hand, review_record
from belote2p.core.actions import Phase
from belote2p.core.cards import Card
from belote2p.core.hand import Hand
from belote2p.core.record import record_of, replay_line
from tests.support.builders import random_hand
from tests.support.cli import run_cli

QUICK = ReviewSettings(samples=3, solve_cards=5)


def played_cards(hand):
    """(seat, trick, card) of every card of the hand, in play order."""
    out = []
    for number, trick in enumerate(hand.tricks, 1):
        follower = 1 - trick.leader
        out += [(trick.leader, number, trick.cards[0]), (follower, number, trick.cards[1])]
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_one_verdict_per_card_with_its_invariants(seed):
    hand = random_hand(random.Random(seed))
    review = review_hand(hand, QUICK)
    assert [(d.seat, d.trick, d.card) for d in review.decisions] == played_cards(hand)
    for d in review.decisions:
        assert d.phase is (ReviewPhase.STOCK if d.trick <= 7 else ReviewPhase.STRICT)
        assert d.exact is (d.phase is ReviewPhase.STRICT)
        assert d.loss >= 0
        if d.exact:
            assert isinstance(d.loss, int)
        assert d.best and list(d.best) == sorted(d.best)
        assert all(isinstance(c, Card) for c in d.best)
        assert (d.loss == 0) is (d.card in d.best) is d.was_best
    for seat in (0, 1):
        mine = [d for d in review.decisions if d.seat == seat]
        assert review.strict_loss(seat) == sum(d.loss for d in mine if d.exact)
        assert review.loss(seat) == round(sum(d.loss for d in mine), 2)
        worst = review.costliest(seat)
        if worst is None:
            assert all(d.loss == 0 for d in mine)
        else:
            assert worst.loss == max(d.loss for d in mine)
            assert worst is next(d for d in mine if d.loss == worst.loss)  # the earliest


def test_deterministic_and_seeded():
    hand = random_hand(random.Random(5))
    first = review_hand(hand, QUICK)
    assert review_hand(hand, QUICK) == first
    other_seed = review_hand(hand, ReviewSettings(samples=3, solve_cards=5, seed="other"))
    strict = [d for d in first.decisions if d.exact]
    assert strict == [d for d in other_seed.decisions if d.exact]  # exact: no sampling


def test_progress_reports_every_decision():
    hand = random_hand(random.Random(6))
    calls = []
    review_hand(hand, ReviewSettings(samples=2, solve_cards=4, with_bids=True),
                progress=lambda done, total: calls.append((done, total)))
    total = 32 + sum(1 for _ in hand.bids)
    assert calls == [(i, total) for i in range(1, total + 1)]


def test_a_review_pickles_for_the_worker_process():
    review = review_hand(random_hand(random.Random(7)), QUICK)
    assert pickle.loads(pickle.dumps(review)) == review


def test_bids_of_the_played_deal_are_judged():
    rng = random.Random(8)
    hand = random_hand(rng, take_bias=0.2)
    while hand.deal_number == 1:  # a hand that was redealt: only its last deal counts
        hand = random_hand(rng, take_bias=0.2)
    review = review_hand(hand, ReviewSettings(samples=3, solve_cards=0, with_bids=True))
    assert [(b.seat, b.bid) for b in review.bids] == list(hand.bids)
    for b in review.bids:
        assert b.loss >= 0 and (b.loss == 0) is (b.bid in b.best)
        assert {w for w, _ in b.values} >= {b.bid}
        assert max(v for _, v in b.values) - dict(b.values)[b.bid] == b.loss


def test_an_unfinished_hand_gets_the_same_verdicts_so_far():
    """The table may review a hand in progress: its verdicts are the finished
    hand's, card for card (each decision's samples come from its own place)."""
    hand = random_hand(random.Random(9))
    full = review_hand(hand, QUICK)
    partial = Hand(hand.dealer, hand.decks[0])
    for action in hand.actions[:-7]:
        if partial.phase is Phase.REDEAL:
            partial.redeal(hand.decks[partial.deal_number])
        partial.apply(action)
    so_far = review_hand(partial, QUICK).decisions
    assert len(so_far) == 32 - 7 and so_far == full.decisions[:len(so_far)]


def test_a_record_that_cannot_be_replayed_gives_the_replay_error():
    record = record_of(random_hand(random.Random(9)))
    cut = dict(record, actions=record["actions"][:-5])
    assert review_record(cut, QUICK) == replay_line(json.dumps(cut))
    assert "unfinished" in review_record(cut, QUICK)["error"]


# ------------------------------------------------------------------ the CLI
def records_text(seeds) -> str:
    return "".join(json.dumps(record_of(random_hand(random.Random(s)))) + "\n" for s in seeds)


def test_cli_one_line_per_record_and_errors_in_place(tmp_path):
    text = records_text([1]) + "{oops\n\n" + json.dumps({"dealer": 0}) + "\n" + records_text([2])
    path = tmp_path / "hands.jsonl"
    path.write_text(text, encoding="utf-8")
    result = run_cli("review", "--samples", "2", str(path))
    assert result.returncode == 2, result.stderr
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[1] == {
        "error": "not valid JSON: Expecting property name enclosed in double quotes at column 2"}
    assert lines[2] == {"error": "missing key 'decks' (a list of deck orders, one per deal)"}
    for good in (lines[0], lines[3]):
        assert set(good) == {"decisions", "loss", "strict_loss"}
        assert len(good["decisions"]) == 32
        first = good["decisions"][0]
        assert set(first) == {"seat", "trick", "card", "phase", "loss", "best", "exact"}
        assert all(isinstance(d["loss"], int) for d in good["decisions"] if d["exact"])


def test_cli_reads_stdin_and_judges_bids_on_request():
    result = run_cli("review", "--samples", "2", "--bids", "-", stdin=records_text([3]))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["bids"] and set(out["bids"][0]) == {"seat", "bid", "loss", "best", "values"}


def test_cli_same_output_as_the_api():
    hand = random_hand(random.Random(4))
    result = run_cli("review", "--samples", "2", "--seed", "s", "-",
                     stdin=json.dumps(record_of(hand)) + "\n")
    api = review_hand(hand, ReviewSettings(samples=2, seed="s")).as_json()
    assert json.loads(result.stdout) == api


def test_cli_bad_arguments_say_what(tmp_path):
    too_many = run_cli("review", "--samples", "101", "-", stdin="")
    assert too_many.returncode == 2 and "--samples must be 1-100, not 101" in too_many.stderr
    missing = run_cli("review", str(tmp_path / "nope.jsonl"))
    assert missing.returncode != 0 and "cannot read" in missing.stderr
    assert "Traceback" not in missing.stderr + too_many.stderr
