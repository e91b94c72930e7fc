"""The PIMC test rival (lab/rivals/pimc.py): legal, deterministic, blind to the
cards its seat cannot see, exact in the strict phase, and its greedy rule."""

from __future__ import annotations

import random

import pytest

from belote2p.ai import Player, decide, make_player
from belote2p.ai.arena import run_arena
from belote2p.ai.fastsim import Sim
from belote2p.ai.solver import solve
from belote2p.core.cards import ACE, JACK, KING, SEVEN, TEN
from belote2p.core.match import Match
from belote2p.core.view import view_of
from lab.rivals.pimc import PimcKnobs, PimcPlayer, greedy, make_rival
from tests.support.builders import fast_levels
from tests.support.positions import first_position, hidden_variants

SMALL = PimcKnobs(deals=6, screen=3, finalists=2, bid_deals=4)  # every path, fast
LEVELS = fast_levels()


def play(seed: str, rival_seat: int) -> tuple[list[str], tuple[int, int]]:
    """A whole match against level 2: every action in order, and the scores."""
    players = {rival_seat: PimcPlayer(random.Random(seed), SMALL),
               1 - rival_seat: make_player(2, random.Random(seed), LEVELS)}
    match = Match(seed, 0)
    actions: list[str] = []
    while not match.over:
        view = match.view(match.hand.to_move)
        action = decide(players[view.seat], view)  # checks legality
        actions.append(f"{view.seat}:{action}")
        match.apply(action)
    return actions, match.scores


def test_plays_whole_matches_legally_and_a_seed_fixes_them() -> None:
    for seat in (0, 1):
        actions, scores = play(f"pimc/{seat}", seat)
        assert sum(a.startswith(f"{seat}:") for a in actions) >= 16 and sum(scores) > 0
    assert play("pimc/again", 1) == play("pimc/again", 1)


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(4))
def test_same_view_same_decision(kind: str, seed: int) -> None:
    """Deals that differ only in what the seat cannot see get the same answer."""
    rng = random.Random(f"pimc-hidden/{kind}/{seed}")
    decks, dealer, actions, hand = first_position(rng, kind)
    view = view_of(hand, hand.to_move)
    same = [view_of(other, view.seat) for other in
            hidden_variants(rng, decks, dealer, actions, hand, 3)]
    same = [v for v in same if v == view]  # a belote the new deal forbids changes the view
    answers = {PimcPlayer(random.Random(seed), SMALL).choose(v) for v in [view, *same]}
    assert len(answers) == 1 and answers <= set(view.legal)
    assert same or kind == "strict"


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


def test_the_arena_plays_the_rival_through_its_factory() -> None:
    """``make_rival`` knows ``pimc`` and the levels; the arena takes a factory."""
    assert isinstance(make_rival("pimc", random.Random(1)), PimcPlayer)
    assert make_rival("3", random.Random(1), LEVELS).name.startswith("level 3")
    made: list[str] = []

    def factory(level: str, rng: random.Random, levels: object = None) -> Player:
        made.append(level)
        return make_rival(level, rng, LEVELS, SMALL)

    summary, _ = run_arena("2", "pimc", 2, "factory", factory=factory)
    assert summary["matches"] == 2 and sorted(made) == ["2", "2", "pimc", "pimc"]

