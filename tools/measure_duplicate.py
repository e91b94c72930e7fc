"""Measure the levels' own duplicate figures (issue #32): runs with level L in
the player's seat, every finished hand compared with level 4 in that seat.

    python tools/measure_duplicate.py [--players 1,2,3] [--runs N] [--matches M]
        [--prefix dup-ladder] >> benchmarks/duplicate_ladder.jsonl

One JSON line a run: the player level, the seed, and per match the rival's
level, the player's score (1, ½, 0) and each hand's difference (your points
minus level 4's in your seat, ``services.duplicate``), with the command that
measured it.  Level 4 in the player's seat is its own duplicate (every
difference is exactly 0: ``tests/services/test_duplicate.py``), so its hands
are not replayed: its lines say so (``"by_construction": true``).

``tools/fit_duplicate_anchors.py`` turns these lines into
``duplicate_anchors.yaml`` and the rating comparison of docs/RIVAL.md.  CPU:
a few seconds a hand on the Python core (``benchmarks/bench_duplicate.py``);
scale up with more ``--runs`` and several processes with distinct ``--prefix``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from belote2p.core.match import MAX_LEVEL, PLAYER  # noqa: E402
from belote2p.services.duplicate import YARDSTICK_LEVEL, run_duplicates  # noqa: E402
from lab.play import play_run  # noqa: E402


def measure_run(seed: str, player: int, matches: int) -> dict[str, object]:
    run = play_run(seed, str(player), max_matches=matches)
    by_construction = player == YARDSTICK_LEVEL
    differences = ([] if by_construction
                   else [d.difference for d in run_duplicates(seed, run.actions)])
    rows, wins = [], 0
    for index, result in enumerate(run.results):
        score = 1.0 if result.won_by(PLAYER) else 0.5 if result.winner is None else 0.0
        hands = [0, 0] if by_construction else differences[2 * index:2 * index + 2]
        rows.append({"level": min(1 + wins, MAX_LEVEL), "score": score, "differences": hands})
        wins += int(result.won_by(PLAYER))
    return {"player": player, "seed": seed, "matches": rows,
            "by_construction": by_construction}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--prefix", default="dup-ladder")
    args = parser.parse_args()
    command = " ".join(["python tools/measure_duplicate.py", *sys.argv[1:]])
    for player in (int(p) for p in args.players.split(",")):
        for n in range(args.runs):
            line = measure_run(f"{args.prefix}-{player}-{n}", player, args.matches)
            print(json.dumps({**line, "command": command}), flush=True)


if __name__ == "__main__":
    main()
