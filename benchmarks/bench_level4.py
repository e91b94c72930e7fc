"""Level 4's decision times on seeded positions, in one process.

    python benchmarks/bench_level4.py [--decisions N] [--seed S] [--kinds bid,stock,strict]
                                      [--profile FILE] [--levels FILE]

The positions come from matches between two level-3 players (``Match(seed, k)``,
fast and deterministic); every decision with more than one legal action is a
candidate, of three kinds: ``bid``, ``stock`` (a card while the stock lasts: the
search) and ``strict`` (a card once the stock is empty: the solver).  The first N
candidates of the chosen kinds are timed, each decided by a fresh level-4 player
seeded by the position's index, so the decisions depend only on the seed.

The last stdout line is JSON: the decision count, p50 / p95 / max in ms (all
kinds together and per kind; ``cpu``: the same over the process's CPU time,
which other programs on the machine do not inflate), and ``decisions_digest``, a
hash of every answer:
two runs (say before and after a speed-up) decided identically if and only if
their digests match.  ``reference_ms`` is the host's yardstick: the CPU time of
a fixed workload that no change to the package touches (``bench_solver``'s plain
memoised minimax on 20 seeded seven-card endgames, the best of three runs, timed
before the decisions), and ``cpu_p95_per_reference`` the decisions' CPU p95 in
that unit.  Hosts here differ in speed by half or more from one session to the
next; two readings of the p95 on different hosts compare through the ratio, not
through the milliseconds.  ``--profile FILE`` writes cProfile statistics of the timed
decisions to FILE (read them with ``python -m pstats FILE``).  ``--levels FILE``
times the level 4 of another levels file (say with inference on); the
positions always come from the shipped level 3.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import importlib.util
import json
import os
import random
import sys
import time

if importlib.util.find_spec("belote2p") is None:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# benchmarks.bench_solver (the host's yardstick), from the checkout
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai import decide, load_levels, make_player
from belote2p.core.actions import Phase
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from benchmarks.bench_solver import baseline, random_position

KINDS = ("bid", "stock", "strict")
REFERENCE_POSITIONS = 20   # seven-card endgames for the host's yardstick
REFERENCE_RUNS = 3         # its best run is kept (the least disturbed)


def kind_of(view: SeatView) -> str:
    if view.phase is Phase.BIDDING:
        return "bid"
    return "strict" if view.strict else "stock"


def positions(seed: str, count: int, kinds: set[str]) -> list[SeatView]:
    """The first ``count`` views of the chosen kinds with a real choice to make,
    from level 3 against level 3 (match k uses ``Match(seed, k)``)."""
    found: list[SeatView] = []
    k = 0
    while len(found) < count:
        players = [make_player(3, random.Random(f"bench4/{seed}/{k}/{seat}")) for seat in (0, 1)]
        match = Match(seed, k)
        while not match.over:
            seat = match.to_move
            assert seat is not None  # the match is not over
            view = match.view(seat)
            if len(view.legal) > 1 and kind_of(view) in kinds and len(found) < count:
                found.append(view)
            match.apply(decide(players[seat], view))
        k += 1
    return found


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    if not ordered:
        return {"n": 0}
    return {"n": len(ordered), "p50_ms": round(percentile(ordered, 0.5), 1),
            "p95_ms": round(percentile(ordered, 0.95), 1), "max_ms": round(ordered[-1], 1)}


def reference_ms() -> float:
    """The host's yardstick: the best of ``REFERENCE_RUNS`` CPU times (ms) of
    the plain minimax of ``bench_solver`` (code the package never changes) on
    ``REFERENCE_POSITIONS`` seeded seven-card endgames."""
    rng = random.Random("bench4/host-reference")
    endgames = [random_position(rng, 7) for _ in range(REFERENCE_POSITIONS)]
    best = float("inf")
    for _ in range(REFERENCE_RUNS):
        start = time.process_time()
        for trump, leader, hands in endgames:
            baseline(trump, leader, hands)
        best = min(best, (time.process_time() - start) * 1000.0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--seed", default="bench4")
    parser.add_argument("--kinds", default="bid,stock,strict",
                        help="comma-separated: bid, stock, strict")
    parser.add_argument("--profile", metavar="FILE", help="write cProfile stats here")
    parser.add_argument("--levels", metavar="FILE", help="level 4 from this levels file")
    args = parser.parse_args()
    kinds = set(args.kinds.split(","))
    if not kinds <= set(KINDS):
        parser.error(f"--kinds: expected some of {', '.join(KINDS)}, got {args.kinds!r}")

    views = positions(args.seed, args.decisions, kinds)
    reference = reference_ms()
    levels = load_levels(args.levels) if args.levels else None
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    every: list[float] = []
    cpu: list[float] = []  # CPU time: the work itself, whatever else the machine runs
    digest = hashlib.sha256()
    profiler = cProfile.Profile() if args.profile else None
    for index, view in enumerate(views):
        player = make_player(4, random.Random(f"bench4/{args.seed}/decide/{index}"), levels)
        if profiler:
            profiler.enable()
        start, cpu_start = time.perf_counter(), time.process_time()
        action = decide(player, view)
        elapsed = (time.perf_counter() - start) * 1000.0
        cpu.append((time.process_time() - cpu_start) * 1000.0)
        if profiler:
            profiler.disable()
        times[kind_of(view)].append(elapsed)
        every.append(elapsed)
        digest.update(f"{index}:{action}\n".encode())
    if profiler:
        profiler.dump_stats(args.profile)
    cpu_summary = summary(cpu)
    result = {"decisions": len(views), "seed": args.seed, **summary(every),
              "cpu": cpu_summary,
              "by_kind": {kind: summary(times[kind]) for kind in KINDS if kind in kinds},
              "decisions_digest": digest.hexdigest()[:16],
              "reference_ms": round(reference, 1),
              "cpu_p95_per_reference": round(cpu_summary.get("p95_ms", 0.0) / reference, 3)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
