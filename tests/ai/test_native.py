"""The compiled core (``_native_*.c``) against its Python twin (``solver.py``,
``playout.py``; the follow rule's mirror ``_native_follow.h`` against
``follow.py`` in ``test_follow.py``).

Every function of the solver, on random positions (every trump, both leaders,
one to eight cards a hand, with and without a card led, the capot game on and
off, with and without a memo), must give exactly what the Python reference
gives: the same values, the same sets of optimal cards (as ``Card`` objects),
the same ``SolverError`` on a bad position.  A tips playout from any point of
a deal must leave the ``Sim`` exactly as the Python playout leaves it.  And no
argument reachable from Python may crash the extension: called directly it
raises ValueError.

Skipped where the native core is not built or ``BELOTE2P_PURE_PYTHON`` forces
the Python core (then both sides would be Python).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.ai import core, load_levels, playout, solver
from belote2p.ai.fastsim import Sim, sim_from_deck
from belote2p.core.cards import CARDS, Card

pytestmark = pytest.mark.skipif(
    core.native is None, reason="the native core is not built (python hatch_build.py) "
    "or BELOTE2P_PURE_PYTHON forces the Python core")

Position = tuple[int, int, tuple[list[int], list[int]], "int | None"]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A strict-phase position: n cards each (one fewer for a leader who led)."""
    n = draw(st.integers(1, 8))
    lead = draw(st.booleans())
    cards = draw(st.permutations(range(32)))[: 2 * n]
    trump, leader = draw(st.integers(0, 3)), draw(st.integers(0, 1))
    hands: list[list[int]] = [sorted(cards[:n]), sorted(cards[n:])]
    led = None
    if lead:
        led = hands[leader].pop(draw(st.integers(0, n - 1)))
    return trump, leader, (hands[0], hands[1]), led


@given(positions(), st.booleans())
@settings(max_examples=400, deadline=None)
def test_every_function_answers_as_the_python_solver(position, capot):
    trump, leader, hands, lead = position
    capot_for = leader if capot else None
    want = solver.python_solve(trump, leader, hands, lead, capot_for)
    got = solver.solve(trump, leader, hands, lead, capot_for)
    assert got == want
    assert all(type(c) is Card for c in got[1])  # they print as cards
    values = solver.card_values(trump, leader, hands, lead, capot_for)
    assert values == solver.python_card_values(trump, leader, hands, lead, capot_for)
    assert list(values) == sorted(values) and all(type(c) is Card for c in values)
    assert (solver.position_value(trump, leader, hands, lead, capot_for)
            == solver.python_position_value(trump, leader, hands, lead, capot_for) == want[0])
    assert (solver.can_capot(trump, leader, hands, lead)
            == solver.python_can_capot(trump, leader, hands, lead))


def test_a_shared_memo_gives_the_python_values_over_many_positions():
    """Level 4's way: one memo over a decision's many endgames (which share
    endings), every trump, the capot game on and off."""
    rng = random.Random(30)
    memo = solver.Memo()
    for _ in range(400):
        n = rng.randint(3, 8)
        cards = rng.sample(range(32), 2 * n)
        trump, leader = rng.randrange(4), rng.randrange(2)
        hands = (sorted(cards[:n]), sorted(cards[n:]))
        capot_for = leader if rng.random() < 0.3 else None
        assert (solver.position_value(trump, leader, hands, None, capot_for, memo=memo)
                == solver.python_position_value(trump, leader, hands, None, capot_for))


def test_a_belote_pair_and_a_capot_are_valued_alike():
    # seat 0 holds K and Q of trumps (hearts) and every master: the capot game
    hands = ([CARDS[i] for i in (8 + 6, 8 + 5, 8 + 4, 7)], [0, 1, 2, 16])
    for capot_for in (None, 0):
        assert (solver.solve(1, 0, hands, None, capot_for)
                == solver.python_solve(1, 0, hands, None, capot_for))
    assert solver.can_capot(1, 0, hands) == solver.python_can_capot(1, 0, hands)


BAD = [
    (4, 0, ([0], [1]), None, None),           # no such trump
    (True, 0, ([0], [1]), None, None),        # a bool is not a suit
    (0, 2, ([0], [1]), None, None),           # no such seat
    (0, 0, ([0], [1]), None, 1),              # capot for the follower
    (0, 0, ([0],), None, None),               # one hand
    (0, 0, ([0, 1], [2]), None, None),        # uneven hands
    (0, 0, ([], []), None, None),             # nothing to play
    (0, 0, ([0], [0]), None, None),           # a card twice
    (0, 0, ([32], [1]), None, None),          # not a card
    (0, 0, ([-1], [1]), None, None),
    (0, 0, (["AS"], [1]), None, None),
    (0, 0, ([1 << 70], [1]), None, None),     # an int far out of range
    (0, 0, ([0], [1, 2]), 0, None),           # the lead is in a hand
    (0, 0, ([0], [1, 2]), 40, None),          # the lead is not a card
    (0, 0, ([0, 3], [1, 2]), 4, None),        # a card led, but even hands
]


@pytest.mark.parametrize("args", BAD)
def test_a_bad_position_raises_the_python_solver_error(args):
    for function in (solver.solve, solver.card_values, solver.position_value):
        with pytest.raises(solver.SolverError) as native_error:
            function(*args)
        with pytest.raises(solver.SolverError) as python_error:
            getattr(solver, "python_" + function.__name__)(*args)
        assert str(native_error.value) == str(python_error.value)


@pytest.mark.parametrize("args", BAD + [
    (0, 0, ([0] * 17, [1]), None, None),      # more cards than a hand holds
    (0, 0, (list(range(17)), list(range(17, 32))), None, None),
    (0, 0, 5, None, None),                    # not hands at all
    (0, 0, ([0], None), None, None),
])
def test_called_directly_a_bad_position_raises_and_never_crashes(args):
    native = core.native
    assert native is not None
    for function in (native.solve, native.card_values, native.position_value):
        with pytest.raises((ValueError, TypeError)):
            function(*args)
    with pytest.raises(TypeError):
        native.position_value(0, 0, ([0], [1]), None, None, memo=object())


def test_sixteen_cards_each_is_solved_alike():
    """The largest position the boundary accepts (the whole deck): no table
    is too small for it."""
    rng = random.Random(16)
    cards = rng.sample(range(32), 32)
    hands = (sorted(cards[:16]), sorted(cards[16:]))
    # the Python solver takes too long on a whole deck: the native answers
    # must at least agree with each other
    value, best = solver.solve(0, 0, hands)
    values = solver.card_values(0, 0, hands)
    assert max(values.values()) == value
    assert best == [c for c, v in values.items() if v == value]


def test_the_version_names_the_core_and_the_switch_forces_python():
    env = {**os.environ, core.PURE_PYTHON_ENV: "1"}
    out = subprocess.run([sys.executable, "-m", "belote2p", "--version"],
                         capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().endswith("(Python core)")
    env[core.PURE_PYTHON_ENV] = "0"  # "0" does not force it
    out = subprocess.run([sys.executable, "-m", "belote2p", "--version"],
                         capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().endswith("(native core)")


def test_the_build_speaks_this_version_s_interface():
    assert core.native.INTERFACE == core.INTERFACE


def test_a_build_of_other_sources_is_refused_and_python_plays():
    """A compiled core left in a checkout by older sources (another entry point's
    arguments) would fail at import, or worse: it is refused, saying why."""
    probe = (
        "import logging, sys, types\n"
        "logging.basicConfig(level=logging.WARNING)\n"
        "stale = types.ModuleType('belote2p.ai._native')\n"
        "stale.__file__ = 'stale.so'\n"
        "stale.INTERFACE = -1\n"
        "sys.modules['belote2p.ai._native'] = stale\n"
        "from belote2p.ai import core, playout\n"
        "print(core.NAME)\n")
    env = {k: v for k, v in os.environ.items() if k != core.PURE_PYTHON_ENV}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, check=True)
    assert out.stdout.strip() == "Python core"
    assert "stale.so was built from other sources (interface -1" in out.stderr


# --- the playouts ------------------------------------------------------------------

LEVELS = list(load_levels().values())


def random_point(rng: random.Random, moves: int) -> Sim:
    """A random deal (every trump, either taker) after up to ``moves`` random cards."""
    deck = list(range(32))
    rng.shuffle(deck)
    sim = sim_from_deck(deck, rng.randrange(2), rng.randrange(2), rng.randrange(4))
    for _ in range(moves):
        if sim.done:
            break
        sim.play(rng.choice(sim.legal()))
    return sim


@given(st.randoms(use_true_random=False), st.integers(0, len(LEVELS) - 1),
       st.integers(0, 30), st.sampled_from([0, 0, 3, 4, 5, 6]))
@settings(max_examples=300, deadline=None)
def test_a_tips_playout_leaves_the_sim_the_python_playout_leaves(rng, level, moves, until):
    """From a random point of a random deal (stock or strict phase, every
    trump, either taker), the compiled playout plays every card the Python one
    plays: the two sims end identical, hand order included."""
    sim = random_point(rng, moves)
    knobs = LEVELS[level].play
    python, compiled = sim.copy(), sim.copy()
    playout.python_run_tips(python, knobs, until)
    playout.run_tips(compiled, knobs, until)
    assert ({name: getattr(compiled, name) for name in Sim.__slots__}
            == {name: getattr(python, name) for name in Sim.__slots__})


@given(st.randoms(use_true_random=False), st.integers(0, len(LEVELS) - 1),
       st.integers(0, 24), st.sampled_from([0, 0, 6, 9]), st.booleans(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_batched_playouts_score_what_the_python_playouts_score(rng, level, moves, until,
                                                                for_capot, with_memo):
    """``playouts`` (the search's hot loop in one call): every line of one or
    two cards on every base, played out and scored (the solver from ``until``
    cards, the capot game on or off, a memo or none), gives the Python twin's
    scores in the same order, and leaves the bases as they were."""
    sim = random_point(rng, moves)
    if sim.ntricks >= 15:
        return
    bases = [sim]
    if sim.stock:  # a second base: the same position with the stock shuffled
        other = sim.copy()
        rng.shuffle(other.stock)
        bases.append(other)
    lines: list[tuple[int, ...]] = [(c,) for c in sim.legal()]
    if sim.lead < 0:  # a lead and every answer the other hand holds
        lead = sim.legal()[0]
        after = sim.copy()
        after.play(lead)
        lines += [(lead, reply) for reply in after.legal()]
    knobs = LEVELS[level].play
    before = [{name: getattr(b, name) for name in Sim.__slots__} for b in bases]
    memos = (solver.Memo(), solver.Memo()) if with_memo else (None, None)
    python = playout.python_playouts(bases, lines, knobs, until, for_capot, memos[0])
    compiled = playout.playouts(bases, lines, knobs, until, for_capot, memos[1])
    assert compiled == python
    assert len(compiled) == len(lines) * len(bases)
    assert [{name: getattr(b, name) for name in Sim.__slots__} for b in bases] == before


def test_a_batched_line_with_a_card_not_in_hand_raises():
    deck = list(range(32))
    sim = sim_from_deck(deck, 0, 0, 1)
    stranger = sim.stock[0]
    with pytest.raises(ValueError, match="not in the hand"):
        playout.playouts([sim], [(stranger,)], LEVELS[-1].play)


def test_a_sim_that_does_not_add_up_raises_and_never_crashes():
    native = core.native
    assert native is not None
    knobs = playout._packed(LEVELS[-1].play)
    deck = list(range(32))
    for breakage in ("card twice", "not a card", "odd stock", "empty hands", "bad lead"):
        sim = sim_from_deck(deck, 0, 0, 1)
        if breakage == "card twice":
            sim.hands[0][0] = sim.hands[1][0]
        elif breakage == "not a card":
            sim.hands[0][0] = 40
        elif breakage == "odd stock":
            sim.stock.pop()
        elif breakage == "empty hands":
            sim.stock += sim.hands[0] + sim.hands[1]
            sim.hands = [[], []]
        else:
            sim.lead = 5
        with pytest.raises(ValueError):
            native.run_tips(sim, knobs, 0)
    with pytest.raises(ValueError):
        native.run_tips(sim_from_deck(deck, 0, 0, 1), knobs[:5], 0)


# --- whole runs --------------------------------------------------------------------

STARTED, ENDED = "2026-11-30T10:00:00+00:00", "2026-11-30T10:20:00+00:00"
RECORD = f"""
import json, sys
from belote2p.services.runfile import export_run
from lab.play import play_run
from tests.support.builders import fast_levels
levels = fast_levels()
run = play_run(sys.argv[1], "3", levels)
print(json.dumps(export_run(str(run.seed), run.actions, "Ana", None, "{STARTED}", "{ENDED}",
                            levels=levels)))
"""

VERIFY = """
import sys
from belote2p.services.verify import verify_bytes
from tests.support.builders import fast_levels
result = verify_bytes(sys.stdin.buffer.read(), fast_levels())
print(result.valid, result.streak, result.score, result.problem)
"""


def _python_core(script: str, *args: str, stdin: str | None = None) -> str:
    """``script``'s output, run with the Python core forced."""
    env = {**os.environ, core.PURE_PYTHON_ENV: "1"}
    return subprocess.run([sys.executable, "-c", script, *args], input=stdin, env=env,
                          capture_output=True, text=True, check=True).stdout


def test_a_run_recorded_with_one_core_verifies_with_the_other():
    """A run whose last match is against level 4 (its rollouts, the solver):
    recorded with the Python core, it verifies with the native one, and the
    other way round; both cores record the very same run file."""
    from belote2p.services.runfile import export_run
    from belote2p.services.verify import verify_bytes
    from lab.play import play_run
    from tests.support.builders import fast_levels

    levels = fast_levels()
    recorded_in_python = _python_core(RECORD, "s4")
    result = verify_bytes(recorded_in_python.encode(), levels)
    assert result.valid and result.streak == 3, result.problem

    run = play_run("s4", "3", levels)
    recorded_native = json.dumps(export_run(str(run.seed), run.actions, "Ana", None, STARTED,
                                            ENDED, levels=levels))
    assert json.loads(recorded_native) == json.loads(recorded_in_python)
    assert _python_core(VERIFY, stdin=recorded_native).split() == [
        "True", str(run.streak), str(run.score), "None"]


def _outcome(function, *args):
    """A call's answer, or its exception's type and message."""
    try:
        return function(*args)
    except Exception as exc:  # noqa: BLE001 - the outcome compared, whatever it is
        return type(exc), str(exc)


@pytest.mark.parametrize("args", [
    (1.0, 0, ([0, 9], [1, 17]), None, None),    # a float suit: refused natively
    (1, 1.0, ([0, 9], [1, 17]), None, None),
    (1, 0, ([0, 9], [1, 17]), None, 0.0),
    (1, 0, ([True, 9], [2, 17]), None, None),   # a bool card is an int, as in Python
    (1, 0, ([0, 9], None), None, None),         # not a hand
    (1, 0, "ab", None, None),
])
def test_an_odd_argument_fails_or_answers_as_without_the_native_core(args):
    for function in (solver.solve, solver.card_values, solver.position_value):
        python = getattr(solver, "python_" + function.__name__)
        assert _outcome(function, *args) == _outcome(python, *args)


def test_the_agreement_benchmark_agrees_on_a_few_hundred_positions():
    from benchmarks.native_agreement import agree

    result = agree(300, 7)
    assert result["agree"] and result["positions"] == 300
