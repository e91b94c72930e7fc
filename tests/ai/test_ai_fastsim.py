"""The rival's light simulator against the engine, move by move."""

from __future__ import annotations

import random

import pytest

from belote2p.ai.fastsim import sim_from_deck
from belote2p.ai.sampling import sim_from_view
from belote2p.core.actions import Phase
from belote2p.core.cards import CARDS
from belote2p.core.view import view_of
from tests.support.builders import random_taken_hand


@pytest.mark.parametrize("seed", range(300))
def test_sim_follows_the_engine(seed):
    rng = random.Random(seed)
    hand = random_taken_hand(rng)
    sim = sim_from_deck(hand.decks[-1], hand.dealer, hand.taker, hand.trump)
    while hand.phase is Phase.PLAY:
        assert sim.to_move == hand.to_move
        assert sorted(sim.hands[0]) == sorted(hand.hands[0])
        assert sorted(sim.hands[1]) == sorted(hand.hands[1])
        assert sorted(sim.legal()) == sorted(hand.legal_cards())
        assert sim.stock_size == len(hand.stock)
        card = rng.choice(hand.legal_cards())
        hand.apply(card)
        sim.play(card)
        assert sim.pts == hand.card_points
        assert (sim.belote if sim.belote >= 0 else None) == hand.belote
    assert sim.done
    assert sim.scores() == hand.score().scores


@pytest.mark.parametrize("seed", range(100))
def test_sim_from_a_view_matches_the_engine(seed):
    """A sim built from a view plus the true hidden cards plays on like the engine."""
    rng = random.Random(1000 + seed)
    hand = random_taken_hand(rng)
    for _ in range(rng.randrange(0, 20)):
        hand.apply(rng.choice(hand.legal_cards()))
    seat = hand.to_move
    view = view_of(hand, seat)
    other = hand.hands[1 - seat] if hand.stock else view.other_hand
    sim = sim_from_view(view, other, hand.stock)
    while hand.phase is Phase.PLAY:
        assert sorted(sim.legal()) == sorted(hand.legal_cards())
        card = rng.choice(hand.legal_cards())
        hand.apply(card)
        sim.play(card)
    assert sim.scores() == hand.score().scores


@pytest.mark.parametrize("seed", range(25))
def test_solved_scores_match_perfect_play_in_the_engine(seed):
    """From a strict-phase trick start, ``solved_scores`` is what the engine
    scores when both seats play solver-optimal cards (belote settled; a seat that
    has won every trick so far plays the capot game)."""
    from belote2p.ai.solver import solve

    rng = random.Random(500 + seed)
    hand = random_taken_hand(rng)
    while not hand.strict or hand.current or (len(hand.tricks) < 14 and rng.random() < 0.3):
        hand.apply(rng.choice(hand.legal_cards()))
    seat = hand.to_move
    sim = sim_from_view(view_of(hand, seat), hand.hands[1 - seat], [])
    expected = sim.solved_scores()
    while hand.phase is Phase.PLAY:
        lead = hand.current[0] if hand.current else None
        winners = {t.winner for t in hand.tricks}
        capot_for = hand.leader if winners == {hand.leader} else None
        _, best = solve(hand.trump, hand.leader, (hand.hands[0], hand.hands[1]), lead, capot_for)
        hand.apply(CARDS[best[0]])
    assert expected == hand.score().scores


def test_solved_scores_count_a_forced_capot():
    """Seat 0 took the first 13 tricks; with 9C 9D JD against 7D 8D AS (trump
    diamonds) it draws the trumps and takes the last three: a capot, 252."""
    from belote2p.ai.fastsim import Sim

    sim = Sim(2, 0, [S_("9C 9D JD"), S_("7D 8D AS")], [], 0)
    sim.ntricks, sim.won, sim.last_winner = 13, [13, 0], 0
    sim.pts = [162 - 55, 0]
    sim.gone = (1 << 32) - 1 & ~sum(1 << c for c in S_("9C 9D JD 7D 8D AS"))
    assert sim.solved_scores() == (252, 0)
    assert sim.solved_scores(play_for_capot=False) == (162, 0)  # points only, capot aside
    sim.won = [12, 1]  # one trick lost earlier: no capot to play for
    assert sim.solved_scores() == (162, 0)


def S_(text):
    from belote2p.core.cards import parse_card

    return [int(parse_card(t)) for t in text.split()]
