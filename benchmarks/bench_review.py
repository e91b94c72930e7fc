"""``belote2p review`` timed hand by hand, as a user runs it.

    python benchmarks/bench_review.py [--hands N] [--seed S] [--levels A B] [--samples K]

Makes N hand records by seeded AI play (level A in seat 0, level B in seat 1,
each hand a fresh seeded deck and dealer), writes each to its own file, then
runs ``python -m belote2p review FILE`` once per hand and times the whole
process (start-up included).  Prints median / p95 / max seconds per hand and a
final JSON line.  Records are the same for the same arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai import decide, make_player
from belote2p.core.actions import Phase
from belote2p.core.cards import CARDS
from belote2p.core.hand import Hand
from belote2p.core.record import record_of
from belote2p.core.view import view_of

ROOT = Path(__file__).resolve().parent.parent


def ai_hand(rng: random.Random, levels: tuple[str, str]) -> Hand:
    """One hand played by two rival levels from a seeded deck."""
    deck = list(CARDS)
    rng.shuffle(deck)
    hand = Hand(rng.randrange(2), deck)
    players = [make_player(level, random.Random(rng.random())) for level in levels]
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.REDEAL:
            rng.shuffle(deck)
            hand.redeal(deck)
            continue
        hand.apply(decide(players[hand.to_move], view_of(hand, hand.to_move)))
    return hand


def time_review(path: Path, samples: int | None) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    extra = ["--samples", str(samples)] if samples else []
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "belote2p", "review", *extra, str(path)],
                          capture_output=True, text=True, env=env, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or "error" in done.stdout:
        raise SystemExit(f"review failed on {path}: {done.stderr or done.stdout}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", default="bench-review")
    parser.add_argument("--levels", nargs=2, default=["3", "2"], metavar=("A", "B"))
    parser.add_argument("--samples", type=int, default=None, help="default: the command's")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(args.hands):
            path = Path(tmp) / f"hand{index}.jsonl"
            path.write_text(json.dumps(record_of(ai_hand(rng, tuple(args.levels)))) + "\n")
            times.append(time_review(path, args.samples))
            print(f"hand {index + 1}: {times[-1]:.2f} s", file=sys.stderr)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    median = statistics.median(times)
    print(f"review, {args.hands} hands: median {median:.2f} s, p95 {p95:.2f} s, "
          f"max {times[-1]:.2f} s")
    print(json.dumps({"hands": args.hands, "median_s": round(median, 3), "p95_s": round(p95, 3),
                      "max_s": round(times[-1], 3), "levels": args.levels,
                      "samples": args.samples}))


if __name__ == "__main__":
    main()
