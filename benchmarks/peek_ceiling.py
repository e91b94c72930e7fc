"""What reading the other hand could be worth at most: A plays seeing B's cards.

    python benchmarks/peek_ceiling.py A [B] --matches N --seed S [--jobs J] [--levels FILE]
                                      [--start K]

A measurement, never a player: while the stock lasts, A's views are given the
other seat's whole hand as "known cards" (``SeatView.known_other_cards``), so
A's search samples only the stock's order.  Inference (weighting deals by how
likely the other seat's bids and plays are) can at best come close to this:
the score A reaches here is the ceiling of what knowing the other hand brings
to its card play, with the same search.  A's bids see only its own view.
Same pairs, seeds, players and JSON line as ``arena_pimc.py`` (B defaults to
``pimc``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.*

from belote2p.actions import Phase
from belote2p.ai.arena import Outcome, _levels, results_in_order, score_interval, summarize
from belote2p.ai.base import decide
from belote2p.match import Match
from belote2p.view import SeatView
from benchmarks.pimc import NAME, make_rival

Job = tuple[str, str, str, int, "str | None"]  # a, b, seed, index, levels


def peeking(view: SeatView, match: Match) -> SeatView:
    """``view`` with the other seat's hand known, while the stock lasts."""
    if view.phase is not Phase.PLAY or view.strict:
        return view
    other = frozenset(match.hand.hands[view.other])
    return dataclasses.replace(view, known_other_cards=other)


def play(job: Job) -> Outcome:
    """Match ``index`` as the arena plays it, A peeking."""
    a, b, seed, index, levels = job
    pair, swapped = divmod(index, 2)
    a_seat = 1 if swapped else 0
    specs = {a_seat: ("a", a), 1 - a_seat: ("b", b)}
    players = {seat: make_rival(level, random.Random(f"arena/{seed}/{pair}/{swapped}/{tag}"),
                                _levels(levels if tag == "a" else None))
               for seat, (tag, level) in specs.items()}
    match = Match(seed, pair)
    while not match.over:
        seat = match.hand.to_move
        view = match.view(seat)
        if seat == a_seat:
            view = peeking(view, match)
        match.apply(decide(players[seat], view))
    scores = match.scores
    return Outcome(index, scores[a_seat], scores[1 - a_seat], [], [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b", nargs="?", default=NAME)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="pimc-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="A's levels file")
    parser.add_argument("--start", type=int, default=0,
                        help="the first match's index (the arena's matches K to K + N - 1)")
    args = parser.parse_args()
    work: list[Job] = [(args.a, args.b, args.seed, i, args.levels)
                       for i in range(args.start, args.start + args.matches)]
    outcomes: list[Outcome] = []
    for outcome in results_in_order(play, work, args.jobs):
        outcomes.append(outcome)
        done = sum(o.a_score for o in outcomes)
        print(f"peek: {len(outcomes)}/{args.matches}, A scores "
              f"{100 * done / len(outcomes):.1f}%", file=sys.stderr, flush=True)
    _, half = score_interval(outcomes)
    summary = summarize(args.a, args.b, outcomes)
    del summary["decision_ms"]  # not timed here: the peeking views cost nothing to build
    summary["interval"] = half
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
