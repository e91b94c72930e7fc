"""Regret of level-4 variants' stock-phase cards against a heavy reference search.

    python benchmarks/card_regret.py [--positions N] [--reference DEALS] LEVELS_FILE...

The positions are ``bench_level4.py``'s stock-phase positions (level-3 games,
seed ``bench4``).  At each, every distinct legal card (``search.distinct_cards``)
is valued by a reference search: ``DEALS`` deals of the unseen cards, the tips
until the stock is empty and the solver from 9 cards a hand, in match value
(level 4's own playouts and utility, with far more deals).  Each variant (a
levels file; level 4 is taken from it) decides the position as ``bench_level4``
seeds it, and is charged the reference's best value minus the value of its card
(its representative's, for one of equivalent cards).

Only differences between variants mean something: the reference shares their
model (the tips playouts), so this measures their sampling noise, not how well
the model fits a real rival, and the reference's best mean is inflated by its
own noise.  Prints each position's regrets, then each variant's mean regret and
how often it picked the reference's best card.  Deterministic.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.*

from belote2p.ai import decide, load_levels, make_player
from belote2p.ai.search import SearchPlayer, distinct_cards, representatives
from belote2p.ai.solver import Memo
from belote2p.ai.utility import Outlook
from belote2p.cards import Card
from benchmarks.bench_level4 import positions

REFERENCE_SOLVE_CARDS = 9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="+", help="levels files, one a variant")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reference", type=int, default=200, help="the reference's deals")
    args = parser.parse_args()
    variants = {path: load_levels(path) for path in args.levels}
    regrets: dict[str, list[float]] = {path: [] for path in variants}
    for index, view in enumerate(positions("bench4", args.positions, {"stock"})):
        reference = make_player(4, random.Random(f"ref/{index}"))
        assert isinstance(reference, SearchPlayer)
        cards = distinct_cards(view)
        rows = reference.rollouts(view, cards, args.reference, REFERENCE_SOLVE_CARDS,
                                  Outlook(view, reference.match_knobs), Memo())
        means = [sum(row[i] for row in rows) / len(rows) for i in range(len(cards))]
        stand_in = representatives(view)
        for path, levels in variants.items():
            player = make_player(4, random.Random(f"bench4/bench4/decide/{index}"), levels)
            action = decide(player, view)
            assert isinstance(action, Card)  # a stock-phase position: a card
            card = stand_in[int(action)]
            regrets[path].append(max(means) - means[cards.index(card)])
        print(index, len(cards), {path: round(r[-1], 4) for path, r in regrets.items()},
              flush=True)
    for path, r in regrets.items():
        print(f"{path}: mean regret {sum(r) / len(r):.5f}, "
              f"the reference's card {sum(1 for x in r if x == 0)} / {len(r)}")


if __name__ == "__main__":
    main()
