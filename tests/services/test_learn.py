"""Learn by playing (issue #19): hints and reviews in words, replaying a deal.

- a hint's facts agree with the search they come from, and its sentences are
  whole messages in every language;
- hints' facts and sentences, and review sentences, never change when only
  hidden cards change (as tests/ai/test_ai_hidden_info.py for the decisions);
- ``belote2p review --text`` words the review; its JSON is unchanged;
- a deal replays with the same cards, level and rival rule, and the practice
  table shows both results when it ends; undo stays inside the deal.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from belote2p.ai import decide, make_player
from belote2p.ai.hints import (
    DEFENDER_SANK_FROM,
    TAKER_MADE_ABOVE,
    Alternative,
    ContractOdds,
    Hint,
    _position_key,
    closest_alternative,
    hint,
    made_on,
)
from belote2p.ai.levels import load_levels
from belote2p.ai.review import BidVerdict, CardVerdict, ReviewPhase, ReviewSettings, review_hand
from belote2p.ai.search import PointsNotingSearch
from belote2p.core.actions import PASS, TAKE, Bid, Phase, parse_action
from belote2p.core.cards import parse_card
from belote2p.core.match import Run
from belote2p.core.record import record_of
from belote2p.core.view import view_of
from belote2p.services.advice_text import (
    REVIEW_MIN_LOSS,
    bid_review_sentence,
    card_review_sentence,
    hint_sentences,
    rating_line,
)
from belote2p.services.deal_replay import NotReplayable, deal_replay
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.services.rating import Rating
from belote2p.services.rival import rival_action
from belote2p.store import MemoryStore
from belote2p.ui.navigation import Route
from belote2p.ui.table.input import Practice as PracticeKey
from belote2p.ui.table.practice import Practice
from belote2p.ui.table.practice_mode import PracticeMode
from belote2p.ui.table.scene import TableScene
from lab import harness as h
from lab.play import play_run
from tests.support.positions import STOCK, first_position, hidden_variants

ROOT = Path(__file__).resolve().parents[2]
QUICK = ReviewSettings(samples=4, solve_cards=6, with_bids=True)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# ------------------------------------------------------------------ hint facts
@pytest.mark.parametrize("index", range(3))
def test_stock_hint_facts_come_from_the_same_search(index):
    """The alternative, its gap and its count, and the contract's odds are
    read from the very deal scores the figures are means of."""
    view = STOCK[index]
    got = hint(view, "practice")
    rng = random.Random(f"hint/practice/{_position_key(view)}")
    _card, scores = PointsNotingSearch(load_levels()[4], rng).choose_card_with_points(view)
    trump, taker = view.contract
    assert got.contract == ContractOdds(trump, taker, made_on(scores.scores[got.action],
                                                                view.seat == taker),
                                        len(scores.deals))
    alt = got.alternative
    assert alt == closest_alternative(scores.scores, got.action)
    if alt is not None:
        mine, theirs = scores.scores[got.action], scores.scores[alt.action]
        assert alt.action != got.action and theirs != mine
        assert alt.worse_on == sum(t < m for m, t in zip(mine, theirs))
        assert alt.gap == pytest.approx(scores.mean(got.action) - scores.mean(alt.action))


def test_closest_alternative_skips_equivalent_cards():
    a, b, c = parse_card("AS"), parse_card("KS"), parse_card("7H")
    per_deal = {a: (10, 20, 30), b: (10, 20, 30), c: (5, 25, 20)}
    alt = closest_alternative(per_deal, a)
    assert alt == Alternative(c, (60 - 50) / 3, 2, 3)  # b scores as a: the same choice
    assert closest_alternative({a: (1,), b: (1,)}, a) is None


def test_made_on_reads_the_contract_from_the_seat_score():
    assert made_on((TAKER_MADE_ABOVE + 40, 20, 0), True) == 1  # dedans keeps 20 at most
    assert made_on((162, 90, DEFENDER_SANK_FROM + 30), False) == 1  # only 90: a made contract


def test_bid_hint_names_key_cards_and_the_odds_of_its_take():
    run = Run("bidhint")
    view = run.match.view(run.match.to_move)
    got = hint(view, "practice")
    assert isinstance(got.action, Bid) and got.contract is not None
    assert got.contract.taker == view.seat
    assert got.contract.deals == load_levels()[4].search.bid_samples
    seven = set(view.hand) | {view.turned}
    trump = got.contract.trump
    assert set(got.key_cards) <= seven
    for card in got.key_cards:
        assert (card.suit == trump and card.rank in (4, 5, 7, 6)) or card.rank == 7
    if got.action is not PASS:
        assert trump == got.action.trump(view.turned.suit)


# ------------------------------------------------------------------ sentences
CARD_A, CARD_B = parse_card("TC"), parse_card("7C")


def sample_hints():
    odds = ContractOdds(1, 0, 24, 30)
    return [
        Hint(PASS, (), False, contract=ContractOdds(2, 0, 3, 120)),
        Hint(TAKE, (), False, contract=ContractOdds(2, 0, 96, 120),
             key_cards=(parse_card("JH"), parse_card("9H"), parse_card("AS"))),
        Hint(CARD_B, ((CARD_A, 70), (CARD_B, 82)), False,
             alternative=Alternative(CARD_A, 12.0, 18, 30), contract=odds, deals=30),
        Hint(CARD_B, ((CARD_A, 90), (CARD_B, 82)), False, for_match=True,
             alternative=Alternative(CARD_A, -8.0, 5, 30), contract=ContractOdds(1, 1, 6, 30),
             deals=30),
        Hint(CARD_B, ((CARD_A, 82), (CARD_B, 82)), False,
             alternative=Alternative(CARD_A, 0.4, 10, 30), contract=odds, deals=30),
        Hint(CARD_B, ((CARD_A, 72), (CARD_B, 82)), True,
             alternative=Alternative(CARD_A, 10.0, 1, 1), contract=ContractOdds(1, 0, 1, 1)),
        Hint(CARD_B, ((CARD_B, 82),), True, contract=ContractOdds(1, 1, 0, 1)),
    ]


def test_hint_sentences_say_why_with_the_facts():
    take_pass, take, less, more, same, exact, lone = (hint_sentences(x, 0) for x in sample_hints())
    assert take_pass == ("Pass: taking ♦, level 4 would make the contract only about 0 times "
                         "in 10",)
    assert take == ("Take ♦: J♥ 9♥ A♠ — taken this way, level 4 makes the contract about 8 "
                    "times in 10",)
    assert less == ("Play 7♣: 10♣ scores less about 6 times in 10 (−12.0 points on average)",
                    "With it, you make the contract about 8 times in 10")
    assert more[0] == "Play 7♣: 10♣ shows about 8.0 points more this hand"
    assert more[1] == "With it, the rival goes dedans about 8 times in 10"
    assert same[0] == "Play 7♣: 10♣ scores about the same here (within a point)"
    assert exact == ("Play 7♣: 82 points with best play, 72 with 10♣",
                     "With best play by both, you make the contract")
    assert lone[1] == "With best play by both, the rival's contract goes dedans"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_is_translated_and_filled(lang):
    set_language(lang)
    texts = [t for x in sample_hints() for t in hint_sentences(x, 0)]
    verdicts = [CardVerdict(0, 9, CARD_A, ReviewPhase.STRICT, 10, (CARD_B,), True),
                CardVerdict(1, 3, CARD_A, ReviewPhase.STOCK, 6.5, (CARD_B,), False)]
    texts += [card_review_sentence(v, v.seat == 0) or "" for v in verdicts]
    bid = BidVerdict(0, PASS, 12.5, (TAKE,), ((PASS, 1.0), (TAKE, 13.5)))
    texts += [bid_review_sentence(bid, you, 2) for you in (True, False)]
    texts += [rating_line(Rating(None, None, 3)), rating_line(Rating(1480, 60, 40, (2, 3)))]
    for text in texts:
        assert text and "{" not in text and "}" not in text, text
    if lang != "en":
        set_language("en")
        english = [t for x in sample_hints() for t in hint_sentences(x, 0)]
        set_language(lang)
        assert sum(a != b for a, b in zip(texts, english)) >= len(english) - 1


def test_review_sentences_only_for_losses_of_five_or_more():
    small = CardVerdict(0, 2, CARD_A, ReviewPhase.STOCK, REVIEW_MIN_LOSS - 0.1, (CARD_B,), False)
    assert card_review_sentence(small, True) is None
    big = CardVerdict(0, 16, CARD_A, ReviewPhase.STRICT, 10, (CARD_B,), True)
    assert card_review_sentence(big, True) == \
        "With 7♣ you would have kept 10 more points, with best play: +10"
    took = BidVerdict(1, TAKE, 0.0, (TAKE,), ((PASS, -20.0), (TAKE, 30.0)))
    assert bid_review_sentence(took, False, 1) == \
        "The rival took ♥: about 50.0 points better for it than passing"


def test_rating_line_says_where_the_player_stands():
    assert rating_line(Rating(1480, 60, 40, (2, 3))) == \
        "Your rating 1,480 ± 60 · between levels 2 and 3"
    assert rating_line(Rating(None, None, 4)) == \
        "Your rating shows after 10 scored matches (4 played so far)"
    assert rating_line(Rating(1800, 90, 40, (4, None))).endswith("above level 4")


# ------------------------------------------------------------------ hidden cards
def same_view_positions(name: str, kind: str, count: int):
    """A position of ``kind`` (its hand, seat, view and random stream) and the
    game states that differ from it only in cards its seat cannot see."""
    rng = random.Random(name)
    decks, dealer, actions, hand = first_position(rng, kind)
    seat = hand.to_move
    view = view_of(hand, seat)
    others = [o for o in hidden_variants(rng, decks, dealer, actions, hand, count)
              if view_of(o, seat) == view]
    assert others, "expected other deals with the same view"
    return hand, seat, view, rng, others


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(2))
def test_hint_facts_and_sentences_never_read_a_hidden_card(kind, seed):
    _hand, seat, view, _rng, others = same_view_positions(f"learn-hidden/{kind}/{seed}", kind, 2)
    expected = hint(view, "practice")
    for other in others:
        got = hint(view_of(other, seat), "practice")
        assert (got.alternative, got.contract, got.key_cards) == \
            (expected.alternative, expected.contract, expected.key_cards)
        assert hint_sentences(got, seat) == hint_sentences(expected, seat)


@pytest.mark.parametrize("kind", ["free", "bid"])
@pytest.mark.parametrize("seed", range(3))
def test_review_sentences_never_read_a_hidden_card(kind, seed):
    hand, seat, view, rng, others = same_view_positions(f"learn-review-hidden/{kind}/{seed}",
                                                        kind, 3)
    move = rng.choice(hand.legal_actions())

    def sentence(h) -> str | None:
        h.apply(move)
        review = review_hand(h, QUICK)
        if isinstance(move, Bid):
            return bid_review_sentence(review.bids[-1], seat == 0, view.turned.suit)
        verdict = review.decisions[-1]
        return card_review_sentence(verdict, seat == 0) or f"{verdict.loss}"

    expected = sentence(hand)
    for other in others:
        assert sentence(other) == expected


# ------------------------------------------------------------------ review --text
def _records() -> str:
    run = play_run("learn-text", "2", max_matches=1)
    return "\n".join(json.dumps(record_of(hand)) for hand in replay_match_hands(run)) + "\n"


def replay_match_hands(run: Run):
    replay = Run(run.seed)
    hands = []
    for word in run.actions:
        hand = replay.match.hand
        replay.apply(parse_action(word))
        if hand.phase is Phase.DONE:
            hands.append(hand)
    return hands


def _review_cli(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "belote2p", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_review_text_words_the_review_and_json_is_unchanged(tmp_path):
    records = _records()
    plain = _review_cli("review", "-", "--samples", "2", "--bids", stdin=records)
    assert plain.returncode == 0 and all(json.loads(line) for line in plain.stdout.splitlines())
    expected = [review_hand(hand, ReviewSettings(samples=2, with_bids=True))
                for hand in replay_match_hands(play_run("learn-text", "2", max_matches=1))]
    assert [json.loads(line) for line in plain.stdout.splitlines()] == \
        [r.as_json(True) for r in expected]
    text = _review_cli("--lang", "fr", "--data-dir", str(tmp_path), "review", "-", "--samples",
                       "2", "--text", stdin=records + "not json\n")
    assert text.returncode == 2  # the bad line, named on stderr; the hands still worded
    assert text.stderr.strip().startswith("ligne 3 :"), text.stderr
    lines = text.stdout.splitlines()
    assert sum(line.startswith("Atout") for line in lines) == 2
    set_language("fr")
    wanted = [bid_review_sentence(v, v.seat == 0, hand.turned.suit)
              for hand, r in zip(replay_match_hands(play_run("learn-text", "2", max_matches=1)),
                                 expected) for v in r.bids]
    assert all(any(w in line for line in lines) for w in wanted)


# ------------------------------------------------------------------ replay a deal
def test_a_deal_replays_with_the_same_cards_level_and_rival_rule():
    # a seed whose level-2 player wins its first matches (the rival climbs levels)
    run = play_run("learn-replay-3", "2", max_matches=3)
    assert len(run.results) >= 2
    for match, hand in ((0, 0), (0, 1), (1, 0), (1, 1)):
        deal = deal_replay(str(run.seed), run.actions, match, hand)
        start = deal.start()
        assert start.match.match_index == match and len(start.match.hands) == hand + 1
        assert not start.match.hand.actions
        assert start.rival_level == deal.level == min(1 + match, 4)
        # the same deck as the original's, since the run is its seed and its actions
        original = Run.replay(run.seed, list(run.actions[:len(deal.prefix)]))
        assert start.match.hand.decks == original.match.hand.decks
        # the rival rule gives the same answer as then, move for move, when the
        # player repeats their moves
        replay = deal.start()
        for word in run.actions[len(deal.prefix):]:
            if deal.result(replay.actions) is not None:
                break
            if replay.match.to_move == 1:
                assert str(rival_action(replay)) == word
            replay.apply(parse_action(word))
        assert deal.result(replay.actions) == deal.original
        assert deal.result(list(deal.prefix)) is None


def test_only_a_finished_hand_replays():
    run = play_run("learn-replay-3", "2", max_matches=1)
    cut = list(run.actions[:10])
    with pytest.raises(NotReplayable):
        deal_replay(str(run.seed), cut, 0, 0)
    with pytest.raises(NotReplayable):
        deal_replay(str(run.seed), run.actions, 5, 0)


def test_practice_replay_keeps_undo_inside_the_deal():
    run = play_run("learn-replay-3", "2", max_matches=2)
    deal = deal_replay(str(run.seed), run.actions, 1, 0)
    practice = Practice(deal, worker=None)
    assert practice.level == deal.level and practice.replay is deal
    start = deal.start()
    assert practice.undo(start) is None  # no card of the deal played yet
    assert practice.replay_lines(start)[0].startswith("Replaying match 2, hand 1")


@pytest.fixture
def game():
    g = h.make_app(size=(960, 600), store=MemoryStore())
    yield g
    g.app.shutdown()


def test_replay_from_the_review_screen_ends_with_both_results(game):
    """History's hand review offers the replay; the practice table starts at
    the deal and, once it is over, shows the hand as played and as replayed."""
    run = play_run("learn-ui", "2", max_matches=1)
    store = game.session.store
    store.record_finished_run(run, "Ana", "2026-03-01T10:00:00+00:00")
    history = game.nav.reset(Route.HISTORY)
    history.open(history.records[0])
    match = history.matches[0]
    history._review(match, match.hands[1])()
    review = game.app.top
    assert "replay" in review.offer()["buttons"]
    h.click(review.offer()["buttons"]["replay"].center)
    h.step(game)
    table = game.app.top
    assert isinstance(table, TableScene) and isinstance(table.mode, PracticeMode)
    deal = table.mode.practice.replay
    assert deal is not None and (deal.match, deal.hand) == (0, 1)
    assert table.run.actions == list(deal.prefix)
    table.mode.ai_seats = frozenset()  # both seats played here: first legal action
    for _ in range(3000):
        game.app.step(1 / 60)
        panel = table.beats.panel
        if panel is not None and panel.kind == "hand_over":
            break
        if table.idle() and table.in_hand():
            table.apply(table.hand.legal_actions()[0])
    lines = table.state().practice.lines
    assert lines[0] == (f"This deal as played: you {deal.original[0]} – rival "
                        f"{deal.original[1]}")
    assert lines[1].startswith("This deal replayed: you ")


def test_no_replay_for_a_run_in_progress(game):
    store = game.session.store
    run = play_run("learn-ui", "2", max_matches=1)
    store.save_run("learn-ui", list(run.actions), "2026-03-01T10:00:00+00:00")
    history = game.nav.reset(Route.HISTORY)
    history.open(history.records[0])
    if history.matches and history.matches[0].hands:
        match = history.matches[0]
        assert history._deal(match, match.hands[0]) is None


def test_hinted_bid_is_marked_on_the_practice_table(game):
    game.nav.reset(Route.TABLE, active=__import__(
        "belote2p.services.run_session", fromlist=["ActiveRun"]).ActiveRun(Run("a"), ""),
        practice=2)
    table = game.app.top
    h.settle(game)
    if not (table.human_turn() and table.hand.phase is Phase.BIDDING):
        pytest.skip("the seed does not give the player the first word")
    table.perform(PracticeKey("hint"))
    h.step(game, 3)
    state = table.state()
    assert state.practice.hinted_bid in [b.value for b in state.bid_buttons]
    assert state.practice.hinted_bid == decide(
        make_player(4, random.Random(f"hint/a/{_position_key(table.run.match.view(0))}"),
                    load_levels()), table.run.match.view(0))
