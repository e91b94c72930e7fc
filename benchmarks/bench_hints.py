"""Practice hints on seeded stock-phase positions: how often the "plays for the
match" note shows, and how long a hint takes, in one process.

    python benchmarks/bench_hints.py [--positions N] [--seed S]

The positions are the first N stock-phase card decisions with a choice from
level-3 matches (``bench_level4.positions``), so a run depends only on the seed.
The last stdout line is JSON: the position count, the note rate, how many hints
show level 4's card below the top figure but within the noise, and the hint
times (median and max, wall clock and CPU: the CPU figures are what other
programs on the machine do not inflate).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import time

if importlib.util.find_spec("belote2p") is None:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.*

from belote2p.ai.hints import hint
from benchmarks.bench_level4 import positions  # the same seeded positions as the level-4 bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", default="hints")
    args = parser.parse_args()
    views = positions(args.seed, args.positions, {"stock"})
    notes, close, wall, cpu = 0, 0, [], []
    for view in views:
        start, cpu_start = time.perf_counter(), time.process_time()
        got = hint(view, "bench")
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
        notes += got.for_match
        close += getattr(got, "within_noise", False)  # absent before the noise rule
    print(json.dumps({"positions": len(views), "seed": args.seed, "notes": notes,
                      "note_rate": round(notes / len(views), 3),
                      "within_noise": close,
                      "wall": times_ms(wall), "cpu": times_ms(cpu)}))


def times_ms(seconds: list[float]) -> dict[str, int]:
    return {"median_ms": round(1000 * statistics.median(seconds)),
            "max_ms": round(1000 * max(seconds))}


if __name__ == "__main__":
    main()
