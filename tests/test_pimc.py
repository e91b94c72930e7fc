"""The PIMC test rival (benchmarks/pimc.py): legal, deterministic, blind to the
cards its seat cannot see, exact in the strict phase, and its greedy rule."""

from __future__ import annotations

import random

import pytest

from belote2p.ai import Player, decide, make_player
from belote2p.ai.arena import run_arena
from belote2p.ai.fastsim import Sim
from belote2p.ai.solver import solve
from belote2p.cards import ACE, JACK, KING, SEVEN, TEN
from belote2p.match import Match
from belote2p.view import view_of
from benchmarks.pimc import PimcKnobs, PimcPlayer, greedy, make_rival
from tests.helpers import fast_levels
from tests.test_ai_hidden_info import first_position, hidden_variants

SMALL = PimcKnobs(deals=6, screen=3, finalists=2, bid_deals=4)  # every path, fast
LEVELS = fast_levels()


def play(seed: str, rival_seat: int) -> tuple[list[str], tuple[int, int]]:
    """A whole match against level 2; the rival's answers and the scores."""
    match = Match(seed, 0)
    rival = PimcPlayer(random.Random(seed), SMALL)
    other = make_player(2, random.Random(seed), LEVELS)
    answers = []
    while not match.over:
        seat = match.to_move
        assert seat is not None
        action = decide(rival if seat == rival_seat else other, match.view(seat))
        if seat == rival_seat:
            answers.append(str(action))
        match.apply(action)
    return answers, match.scores


@pytest.mark.parametrize("seat", [0, 1])
def test_plays_whole_matches_legally(seat: int) -> None:
    answers, scores = play(f"pimc/{seat}", seat)
    assert len(answers) >= 16 and sum(scores) > 0


def test_a_seed_fixes_every_decision() -> None:
    assert play("pimc/again", 1) == play("pimc/again", 1)


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(4))
def test_same_view_same_decision(kind: str, seed: int) -> None:
    rng = random.Random(f"pimc-hidden/{kind}/{seed}")
    decks, dealer, actions, hand = first_position(rng, kind)
    seat = hand.to_move
    view = view_of(hand, seat)
    expected = PimcPlayer(random.Random(seed), SMALL).choose(view)
    assert expected in view.legal
    checked = 0
    for other in hidden_variants(rng, decks, dealer, actions, hand, 3):
        other_view = view_of(other, seat)
        if other_view == view:
            assert PimcPlayer(random.Random(seed), SMALL).choose(other_view) == expected
            checked += 1
    assert checked or kind == "strict"


@pytest.mark.parametrize("seed", range(4))
def test_the_strict_phase_is_perfect_play(seed: int) -> None:
    rng = random.Random(f"pimc-strict/{seed}")
    hand = first_position(rng, "strict")[3]
    view = view_of(hand, hand.to_move)
    trump, _ = view.contract
    hands = [list(hand.hands[0]), list(hand.hands[1])]
    lead = view.current_trick[0] if view.current_trick else None
    winners = {t.winner for t in view.tricks}
    capot_for = view.leader if winners == {view.leader} else None
    _, best = solve(trump, view.leader, (hands[0], hands[1]), lead, capot_for)
    assert int(PimcPlayer(random.Random(seed), SMALL).choose(view)) in best


def test_the_greedy_rule() -> None:
    """Leads its cheapest plain card; trumps a ten, not a king; wins a plain
    king cheaply with a plain card of the suit."""
    spades, hearts, clubs = 0, 1, 3
    mine = [spades * 8 + JACK, hearts * 8 + ACE, clubs * 8 + SEVEN]
    sim = Sim(spades, 0, [mine, [hearts * 8 + TEN, hearts * 8 + KING, clubs * 8 + ACE]],
              list(range(16, 24)), 0)
    assert greedy(sim, 0) == clubs * 8 + SEVEN
    sim.lead = hearts * 8 + TEN  # the other seat led a ten of hearts: worth a trump?
    sim.leader = 1
    assert greedy(sim, 0) == hearts * 8 + ACE  # the ace wins it without a trump
    sim.hands[0] = [spades * 8 + JACK, clubs * 8 + SEVEN]
    assert greedy(sim, 0) == spades * 8 + JACK  # a ten is worth the trump
    sim.lead = hearts * 8 + KING
    assert greedy(sim, 0) == clubs * 8 + SEVEN  # a king is not


def test_the_factory_knows_the_rival_and_the_levels() -> None:
    assert isinstance(make_rival("pimc", random.Random(1)), PimcPlayer)
    assert make_rival("2", random.Random(1), LEVELS).name.startswith("level 2")


def small_rival(level: str, rng: random.Random, levels: object = None) -> Player:
    return PimcPlayer(rng, SMALL) if level == "pimc" else make_player(level, rng, LEVELS)


def test_the_arena_plays_the_rival_through_its_factory() -> None:
    summary, outcomes = run_arena("pimc", "2", 2, "factory", factory=small_rival)
    assert summary["matches"] == 2 and [o.index for o in outcomes] == [0, 1]
