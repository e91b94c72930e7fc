"""Random full hands through the engine, on one core.

    python benchmarks/bench_engine.py [--hands N] [--repeats R] [--seed S]

Each hand: a fresh seeded deck, uniformly random legal bids and cards until the
hand is scored (redeals included).  Prints hands/second for each repeat, the
median, and a final JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from belote2p.core.actions import Phase
from belote2p.core.cards import CARDS
from belote2p.core.hand import Hand


def play_random_hand(rng: random.Random) -> Hand:
    deck = list(CARDS)
    rng.shuffle(deck)
    hand = Hand(rng.randrange(2), deck)
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.REDEAL:
            rng.shuffle(deck)
            hand.redeal(deck)
            continue
        hand.apply(rng.choice(hand.legal_actions()))
    hand.score()
    return hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rates = []
    for r in range(args.repeats):
        rng = random.Random(args.seed + r)
        start = time.perf_counter()
        for _ in range(args.hands):
            play_random_hand(rng)
        rates.append(args.hands / (time.perf_counter() - start))
        print(f"repeat {r}: {rates[-1]:.0f} hands/s")
    print(json.dumps({"hands": args.hands, "repeats": args.repeats,
                      "hands_per_second_median": round(statistics.median(rates))}))


if __name__ == "__main__":
    main()
