"""The ISMCTS test rival (lab/rivals/ismcts.py): legal, deterministic, and blind
to the cards its seat cannot see (same view, same answer)."""

from __future__ import annotations

import random

import pytest

from belote2p.ai import Player, decide, make_player
from belote2p.ai.arena import run_arena
from belote2p.core.match import Match
from belote2p.core.view import view_of
from lab.rivals.ismcts import IsmctsKnobs, IsmctsPlayer, make_rival
from tests.support.builders import fast_levels
from tests.support.positions import first_position, hidden_variants

SMALL = IsmctsKnobs(iterations=60, bid_samples=12)  # enough to exercise the tree, fast
LEVELS = fast_levels()


def play(seed: str, rival_seat: int) -> tuple[list[str], tuple[int, int]]:
    """A whole match against level 2; the rival's answers and the scores."""
    match = Match(seed, 0)
    rival = IsmctsPlayer(random.Random(seed), SMALL)
    other = make_player(2, random.Random(seed), LEVELS)
    answers = []
    while not match.over:
        seat = match.to_move
        assert seat is not None
        action = decide(rival if seat == rival_seat else other, match.view(seat))  # checks legality
        if seat == rival_seat:
            answers.append(str(action))
        match.apply(action)
    return answers, match.scores


@pytest.mark.parametrize("seat", [0, 1])
def test_plays_whole_matches_legally(seat: int) -> None:
    answers, scores = play(f"ismcts/{seat}", seat)
    assert len(answers) >= 16 and sum(scores) > 0


def test_a_seed_fixes_every_decision() -> None:
    assert play("ismcts/again", 0) == play("ismcts/again", 0)


@pytest.mark.parametrize("kind", ["bid", "free", "strict"])
@pytest.mark.parametrize("seed", range(4))
def test_same_view_same_decision(kind: str, seed: int) -> None:
    rng = random.Random(f"ismcts-hidden/{kind}/{seed}")
    position = first_position(rng, kind)
    decks, dealer, actions, hand = position
    seat = hand.to_move
    view = view_of(hand, seat)
    expected = IsmctsPlayer(random.Random(seed), SMALL).choose(view)
    assert expected in view.legal
    checked = 0
    for other in hidden_variants(rng, decks, dealer, actions, hand, 3):
        other_view = view_of(other, seat)
        if other_view != view:  # e.g. a belote the new deal does not allow
            continue
        assert IsmctsPlayer(random.Random(seed), SMALL).choose(other_view) == expected
        checked += 1
    assert checked or kind == "strict"


def test_the_factory_knows_the_rival_and_the_levels() -> None:
    assert isinstance(make_rival("ismcts", random.Random(1)), IsmctsPlayer)
    assert make_rival("2", random.Random(1), LEVELS).name.startswith("level 2")


def small_rival(level: str, rng: random.Random, levels: object = None) -> Player:
    """The arena factory of the tests: the rival with small counts, or a fast level."""
    return IsmctsPlayer(rng, SMALL) if level == "ismcts" else make_player(level, rng, LEVELS)


def test_the_arena_plays_the_rival_through_its_factory() -> None:
    summary, outcomes = run_arena("ismcts", "2", 4, "factory", factory=small_rival)
    assert summary["matches"] == 4 and [o.index for o in outcomes] == [0, 1, 2, 3]
    assert summary["a_wins"] + summary["b_wins"] + summary["draws"] == 4
    assert all(o.a_ms and o.b_ms for o in outcomes)
    assert summary["capots"] == {"a": sum(o.a_capots for o in outcomes),
                                 "b": sum(o.b_capots for o in outcomes)}
