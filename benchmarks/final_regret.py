"""How well level 4's final round picks among its finalists, against an oracle.

    python benchmarks/final_regret.py LEVELS [LEVELS ...] [--positions N] [--seed S]
                                      [--oracle-deals D] [--jobs J]

Each LEVELS file's level 4 decides the same seeded stock-phase positions
(``bench_level4.positions``, each decided by a player seeded as there).  The
screening round draws from the same random stream in every file whose
``play_samples`` and ``finalists`` agree, so the files' final rounds judge the
same finalists; an oracle then plays those finalists on D fresh deals of its
own (the same playouts: the tips while the stock lasts, the solver from
``final_solve_cards``).  A file's regret on a position is the oracle's value of
its best finalist minus the value of the card the file chose (match-value
units, as the search's own: 0.01 is one point of winning chance); the
mean over positions says how much a final round leaves on the table, and the
playouts it spent what it cost.  Much cheaper than an arena, and blind to
everything but the final round: a measurement to choose the round's knobs, the
arena having the last word.

The last stdout line is JSON: per file the mean regret (and its standard
error), how often it chose the oracle's card, and its mean and largest
count of final playouts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.*

from belote2p.ai.arena import results_in_order
from belote2p.ai.levels import Level, load_levels
from belote2p.ai.search import SearchPlayer, column_means
from belote2p.ai.solver import Memo
from belote2p.ai.utility import HandWorth, Outlook
from belote2p.view import SeatView
from benchmarks.bench_level4 import positions

Job = tuple[str, int, tuple[str, ...], int]  # seed, position index, levels files, oracle deals


class Recorder(SearchPlayer):
    """Level 4 noting its finalists and the final playouts it spent."""

    def __init__(self, level: Level, rng: random.Random):
        super().__init__(level, rng)
        self.finalists: list[int] = []
        self.spent = 0

    def final_race(self, view: SeatView, candidates: Sequence[int], outlook: HandWorth,
                   memo: Memo) -> tuple[list[int], list[list[float]]]:
        self.finalists = list(candidates)
        return super().final_race(view, candidates, outlook, memo)

    def rollouts(self, view: SeatView, candidates: Sequence[int], samples: int, solve_cards: int,
                 outlook: HandWorth, memo: Memo | None = None) -> list[list[float]]:
        if self.finalists:  # the final round
            self.spent += samples * len(candidates)
        return super().rollouts(view, candidates, samples, solve_cards, outlook, memo)


@dataclass(frozen=True)
class Judged:
    """One position: each file's card and final playouts, the oracle's values."""

    choices: list[int]
    spent: list[int]
    values: dict[int, float]  # finalist (or chosen card) -> the oracle's mean value


def judge(job: Job) -> Judged | None:
    """One position: each file's choice and spent playouts, and the oracle's
    values of the finalists (None if no file had a final round to judge)."""
    seed, index, files, oracle_deals = job
    view = positions(seed, index + 1, {"stock"})[index]
    choices, spent, finalists = [], [], set()
    level = None
    for path in files:
        level = load_levels(path)[4]
        player = Recorder(level, random.Random(f"bench4/{seed}/decide/{index}"))
        choices.append(player.search_card(view))
        spent.append(player.spent)
        finalists |= set(player.finalists)
    if len(finalists) < 2 or level is None:
        return None
    cards = sorted(finalists | set(choices))
    oracle = SearchPlayer(level, random.Random(f"oracle/{seed}/{index}"))
    rows = oracle.rollouts(view, cards, oracle_deals, level.search.final_solve_cards,
                           Outlook(view, level.match), Memo())
    values = dict(zip(cards, column_means(rows)))
    return Judged(choices, spent, values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="+", help="levels files to compare")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", default="bench4")
    parser.add_argument("--oracle-deals", type=int, default=480)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    files = tuple(args.levels)
    work: list[Job] = [(args.seed, i, files, args.oracle_deals) for i in range(args.positions)]
    regrets: list[list[float]] = [[] for _ in files]
    hits = [0] * len(files)
    spent: list[list[int]] = [[] for _ in files]
    for done, result in enumerate(results_in_order(judge, work, args.jobs), 1):
        if result is None:
            continue
        values = result.values
        best = max(values.values())
        for f, choice in enumerate(result.choices):
            regrets[f].append(best - values[choice])
            hits[f] += values[choice] == best
            spent[f].append(result.spent[f])
        print(f"{done}/{len(work)}: " + "  ".join(
            f"{statistics.mean(r):.4f}" for r in regrets), file=sys.stderr, flush=True)
    n = len(regrets[0])
    print(json.dumps({"positions": n, "seed": args.seed, "oracle_deals": args.oracle_deals,
                      "files": {path: {
                          "regret": round(statistics.mean(r), 5),
                          "regret_se": round(statistics.stdev(r) / math.sqrt(n), 5),
                          "oracle_card": round(h / n, 3),
                          "playouts_mean": round(statistics.mean(s), 1),
                          "playouts_max": max(s)}
                          for path, r, h, s in zip(files, regrets, hits, spent)}}))


if __name__ == "__main__":
    main()
