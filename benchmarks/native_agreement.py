"""The native core against the Python one on many seeded random positions.

    python benchmarks/native_agreement.py [--positions N] [--seed S]

Each position: a random strict-phase endgame (one to eight cards a hand, every
trump, either leader, a card already led or not, the capot game on or off),
solved by both cores with every function (``solve``, ``card_values``,
``position_value`` with and without a memo shared by the run, ``can_capot``);
and a random point of a random deal (stock or strict phase), played out by
both cores' tips playouts with a random level's knobs, and scored by both
cores' batched playouts (``playouts``: the solver from the switch-over, if
any).  Any disagreement stops
the run with the position.  Prints the counts and the CPU seconds of each core,
then a final JSON line.  The issue's proof runs it on 100,000 positions
(``--positions 100000``, several minutes); tests/ai/test_native.py runs a few
hundred.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai import core, load_levels, playout, solver
from belote2p.ai.fastsim import Sim, sim_from_deck
from belote2p.ai.levels import PlayKnobs

Hands = tuple[list[int], list[int]]


def endgame(rng: random.Random) -> tuple[int, int, Hands, int | None, int | None]:
    """(trump, leader, hands, lead, capot_for): a random strict-phase position."""
    n = rng.randint(1, 8)
    cards = rng.sample(range(32), 2 * n)
    trump, leader = rng.randrange(4), rng.randrange(2)
    hands: list[list[int]] = [sorted(cards[:n]), sorted(cards[n:])]
    lead = hands[leader].pop(rng.randrange(n)) if rng.random() < 0.5 else None
    capot_for = leader if rng.random() < 0.3 else None
    return trump, leader, (hands[0], hands[1]), lead, capot_for


def deal_point(rng: random.Random) -> tuple[Sim, int]:
    """A random point of a random deal, and a solver switch-over (0: none)."""
    deck = list(range(32))
    rng.shuffle(deck)
    sim = sim_from_deck(deck, rng.randrange(2), rng.randrange(2), rng.randrange(4))
    for _ in range(rng.randrange(31)):
        if sim.done:
            break
        sim.play(rng.choice(sim.legal()))
    return sim, rng.choice((0, 0, 3, 4, 5, 6))


def check_endgame(position: tuple[int, int, Hands, int | None, int | None],
                  memos: dict[str, solver.Memo], clock: dict[str, float]) -> None:
    trump, leader, hands, lead, capot_for = position
    answers = {}
    for name, prefix in (("python", "python_"), ("native", "")):
        solve, card_values, position_value, can_capot = (
            getattr(solver, prefix + function)
            for function in ("solve", "card_values", "position_value", "can_capot"))
        start = time.process_time()
        answers[name] = (
            solve(trump, leader, hands, lead, capot_for),
            card_values(trump, leader, hands, lead, capot_for),
            position_value(trump, leader, hands, lead, capot_for),
            position_value(trump, leader, hands, lead, capot_for, memos[name]),
            can_capot(trump, leader, hands, lead),
        )
        clock[name] += time.process_time() - start
    assert answers["python"] == answers["native"], f"{position}: {answers}"


def check_playout(sim: Sim, until: int, knobs: PlayKnobs, clock: dict[str, float]) -> None:
    ends = {}
    for name, run in (("python", playout.python_run_tips), ("native", playout.run_tips)):
        copy = sim.copy()
        start = time.process_time()
        run(copy, knobs, until)
        clock[name] += time.process_time() - start
        ends[name] = {slot: getattr(copy, slot) for slot in Sim.__slots__}
    assert ends["python"] == ends["native"], f"{ends}"
    scores = {name: batch([sim], [()], knobs, until, until % 2 == 0)  # capot game on or off
              for name, batch in (("python", playout.python_playouts),
                                  ("native", playout.playouts))}
    assert scores["python"] == scores["native"], f"{scores}"


def agree(positions: int, seed: int) -> dict[str, Any]:
    """Check ``positions`` endgames and as many playouts; the counts and times."""
    if core.native is None:
        raise SystemExit(f"the native core is not running ({core.NAME}): build it with "
                         "python hatch_build.py, and leave BELOTE2P_PURE_PYTHON unset")
    rng = random.Random(seed)
    knobs = [level.play for level in load_levels().values()]
    memos = {"python": solver.Memo(), "native": solver.Memo()}
    solver_clock = {"python": 0.0, "native": 0.0}
    playout_clock = {"python": 0.0, "native": 0.0}
    for i in range(positions):
        if i % 1000 == 0:  # a memo per thousand positions, as a decision has one
            memos = {"python": solver.Memo(), "native": solver.Memo()}
        check_endgame(endgame(rng), memos, solver_clock)
        sim, until = deal_point(rng)
        check_playout(sim, until, rng.choice(knobs), playout_clock)
    return {"positions": positions, "seed": seed, "agree": True,
            "solver_cpu_s": {k: round(v, 2) for k, v in solver_clock.items()},
            "playout_cpu_s": {k: round(v, 2) for k, v in playout_clock.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    result = agree(args.positions, args.seed)
    print(f"{args.positions} endgames (5 answers each) and {args.positions} playouts: "
          f"both cores agree; CPU s, solver: {result['solver_cpu_s']}, "
          f"playouts: {result['playout_cpu_s']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
