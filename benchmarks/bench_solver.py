"""The strict-phase solver against a plain memoised minimax, on nine-card positions.

    python benchmarks/bench_solver.py [--positions N] [--seed S] [--no-baseline]
                                       [--function F] [--memo] [--cores]

Each position: a seeded random deal of 18 cards (9 each), a random trump and a
random leader, no card on the table.  The solver runs on every position, then
the baseline (a plain minimax memoised on the position, no pruning: the same
kind as the reference in tests/ai/test_solver.py) on the same positions; both give
the value and the set of optimal cards, and the run asserts they agree.  Prints
median / p95 / max / total wall times in ms for each (and the solver's CPU
time, which other programs on the machine inflate less), the ratio of the
medians, then a final JSON line with the numbers.  ``--no-baseline`` times the
solver alone; ``--function`` times ``card_values`` or ``position_value`` (level
4's rollouts; ``--memo`` shares one ``Memo`` across the positions, as a decision
does) instead of ``solve`` (no baseline then: they answer other questions).

``--cores`` times the two cores side by side instead (no baseline): each
position is solved by the Python core (``solver.python_<function>``) and by the
native one (``solver.<function>``, the compiled core; it must be built), one
after the other, the order alternating, and the answers must agree; prints
both cores' median / p95 / total CPU times and the ratio of the medians and of
the totals (Python / native).

To compare two versions of the solver, run each several times, interleaved,
and compare the medians of the runs' totals (``solver_cpu.total_ms`` on a
busy machine; say what else was running: ``uptime``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai import core, solver
from belote2p.ai.solver import Memo, card_values, position_value, solve

PLAIN_ORDER = (0, 1, 2, 6, 3, 4, 5, 7)  # strength by rank: A 10 K Q J 9 8 7
TRUMP_ORDER = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_PTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_PTS = (0, 0, 14, 10, 20, 3, 4, 11)


Hands = tuple[Sequence[int], Sequence[int]]
Position = tuple[int, int, Hands]


def random_position(rng: random.Random, size: int = 9) -> Position:
    cards = rng.sample(range(32), 2 * size)
    return rng.randrange(4), rng.randrange(2), (sorted(cards[:size]), sorted(cards[size:]))


def baseline(trump: int, leader: int, hands: Hands) -> tuple[int, list[int]]:
    """Plain minimax over whole tricks, memoised on (hands, leader), no pruning:
    (seat 0's points, the leader's optimal cards)."""

    def pts(c: int) -> int:
        return TRUMP_PTS[c & 7] if c >> 3 == trump else PLAIN_PTS[c & 7]

    def power(c: int) -> int:
        return TRUMP_ORDER[c & 7] if c >> 3 == trump else PLAIN_ORDER[c & 7]

    def follows(hand: tuple[int, ...], lead: int) -> list[int]:
        suit = lead >> 3
        same = [c for c in hand if c >> 3 == suit]
        if suit == trump:
            higher = [c for c in same if power(c) > power(lead)]
            return higher or same or list(hand)
        return same or [c for c in hand if c >> 3 == trump] or list(hand)

    def follower_wins(lead: int, f: int) -> bool:
        if f >> 3 == lead >> 3:
            return power(f) > power(lead)
        return f >> 3 == trump

    memo: dict[tuple[tuple[int, ...], tuple[int, ...], int], int] = {}

    def lead_value(h0: tuple[int, ...], h1: tuple[int, ...], who: int, c: int) -> int:
        """Seat 0's points when ``who`` led ``c`` (already out of its hand)."""
        other = 1 - who
        hand = h1 if other == 1 else h0
        vals = []
        for f in follows(hand, c):
            rest = tuple(x for x in hand if x != f)
            n0, n1 = (h0, rest) if other == 1 else (rest, h1)
            winner = other if follower_wins(c, f) else who
            gain = pts(c) + pts(f) + (10 if not n0 else 0)
            vals.append(value(n0, n1, winner) + (gain if winner == 0 else 0))
        return max(vals) if other == 0 else min(vals)

    def value(h0: tuple[int, ...], h1: tuple[int, ...], who: int) -> int:
        if not h0:
            return 0
        key = (h0, h1, who)
        got = memo.get(key)
        if got is not None:
            return got
        hand = h0 if who == 0 else h1
        vals = []
        for c in hand:
            rest = tuple(x for x in hand if x != c)
            vals.append(lead_value(rest, h1, 0, c) if who == 0 else lead_value(h0, rest, 1, c))
        got = max(vals) if who == 0 else min(vals)
        memo[key] = got
        return got

    h0, h1 = tuple(sorted(hands[0])), tuple(sorted(hands[1]))
    hand = h0 if leader == 0 else h1
    scored = []
    for c in hand:
        rest = tuple(x for x in hand if x != c)
        v = lead_value(rest, h1, 0, c) if leader == 0 else lead_value(h0, rest, 1, c)
        scored.append((v, c))
    best_v = max(v for v, _ in scored) if leader == 0 else min(v for v, _ in scored)
    return best_v, sorted(c for v, c in scored if v == best_v)


def stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3),
            "total_ms": round(sum(ordered) * 1000, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-baseline", action="store_true",
                        help="time the solver only (no agreement check, no ratio)")
    parser.add_argument("--function", choices=("solve", "card_values", "position_value"),
                        default="solve", help="the solver function timed (default: solve)")
    parser.add_argument("--memo", action="store_true",
                        help="with --function position_value: one Memo for every position")
    parser.add_argument("--cores", action="store_true",
                        help="time the Python and the native core on the same positions")
    args = parser.parse_args()
    if args.memo and args.function != "position_value":
        parser.error("--memo goes with --function position_value")
    if args.cores:
        if core.native is None:
            parser.error(f"--cores needs the native core ({core.NAME} runs): build it with "
                         "python hatch_build.py, and leave BELOTE2P_PURE_PYTHON unset")
        compare_cores(args.function, args.positions, args.seed, args.memo)
        return
    memo = Memo() if args.memo else None
    if args.function == "solve":
        def call(trump: int, leader: int, hands: Hands) -> object:
            return solve(trump, leader, hands)
    elif args.function == "card_values":
        def call(trump: int, leader: int, hands: Hands) -> object:
            return card_values(trump, leader, hands)
    else:
        def call(trump: int, leader: int, hands: Hands) -> object:
            return position_value(trump, leader, hands, memo=memo)
    check = args.function == "solve" and not args.no_baseline
    rng = random.Random(args.seed)
    positions = [random_position(rng) for _ in range(args.positions)]

    # the solver on every position, then the baseline on every position (so the
    # baseline's large memo tables do not disturb the solver's timings)
    solver_times: list[float] = []
    solver_cpu: list[float] = []
    base_times: list[float] = []
    answers: list[object] = []
    for trump, leader, hands in positions:
        start, start_cpu = time.perf_counter(), time.process_time()
        answers.append(call(trump, leader, hands))
        solver_cpu.append(time.process_time() - start_cpu)
        solver_times.append(time.perf_counter() - start)
    if check:
        for i, (trump, leader, hands) in enumerate(positions):
            start = time.perf_counter()
            want = baseline(trump, leader, hands)
            base_times.append(time.perf_counter() - start)
            assert answers[i] == want, f"position {i}: solver {answers[i]} != baseline {want}"

    result: dict[str, Any] = {
        "positions": args.positions, "seed": args.seed, "function": args.function,
        "memo": args.memo, "solver": stats(solver_times), "solver_cpu": stats(solver_cpu)}
    print(f"solver:   median {result['solver']['median_ms']:.2f} ms, "
          f"p95 {result['solver']['p95_ms']:.2f} ms, max {result['solver']['max_ms']:.2f} ms, "
          f"total {result['solver']['total_ms']:.1f} ms "
          f"(CPU time: total {result['solver_cpu']['total_ms']:.1f} ms)")
    if base_times:
        result["baseline"] = stats(base_times)
        result["ratio_of_medians"] = round(
            statistics.median(base_times) / statistics.median(solver_times), 1)
        print(f"baseline: median {result['baseline']['median_ms']:.2f} ms, "
              f"p95 {result['baseline']['p95_ms']:.2f} ms, "
              f"max {result['baseline']['max_ms']:.2f} ms")
        print(f"ratio of medians (baseline / solver): {result['ratio_of_medians']}x; "
              f"all {args.positions} positions agree")
    print(json.dumps(result))


def compare_cores(function: str, count: int, seed: int, memo: bool) -> dict[str, Any]:
    """The Python and the native core on the same seeded positions, interleaved
    (the first core alternates, so neither always runs on a cold cache): their
    CPU times, and the ratios of the medians and of the totals."""
    calls = {"python": getattr(solver, "python_" + function), "native": getattr(solver, function)}
    memos = {name: Memo() if memo else None for name in calls}
    rng = random.Random(seed)
    positions = [random_position(rng) for _ in range(count)]
    times: dict[str, list[float]] = {name: [] for name in calls}
    for i, (trump, leader, hands) in enumerate(positions):
        answers = []
        for name in (("python", "native") if i % 2 == 0 else ("native", "python")):
            kwargs = {"memo": memos[name]} if memo else {}
            start = time.process_time()
            answers.append(calls[name](trump, leader, hands, **kwargs))
            times[name].append(time.process_time() - start)
        assert answers[0] == answers[1], f"position {i}: the cores disagree: {answers}"
    result: dict[str, Any] = {"positions": count, "seed": seed, "function": function,
                              "memo": memo, "cores_agree": True}
    for name in calls:
        result[name + "_cpu"] = stats(times[name])
    py, nat = result["python_cpu"], result["native_cpu"]
    result["ratio_of_medians"] = round(py["median_ms"] / max(nat["median_ms"], 1e-3), 1)
    result["ratio_of_totals"] = round(py["total_ms"] / max(nat["total_ms"], 1e-3), 1)
    for name in calls:
        got = result[name + "_cpu"]
        print(f"{name:7} core: median {got['median_ms']:.3f} ms, p95 {got['p95_ms']:.3f} ms, "
              f"total {got['total_ms']:.1f} ms (CPU time)")
    print(f"Python / native: {result['ratio_of_medians']}x (medians), "
          f"{result['ratio_of_totals']}x (totals); all {count} positions agree")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
