"""What reading the other hand could be worth at most: A plays seeing B's cards.

    python benchmarks/peek_ceiling.py A [B] --matches N --seed S [--jobs J] [--levels FILE]
                                      [--start K]

A measurement, never a player: while the stock lasts, A's views are given the
other seat's whole hand as "known cards" (``SeatView.known_other_cards``), so
A's search samples only the stock's order.  Inference (weighting deals by how
likely the other seat's bids and plays are) can at best come close to this:
the score A reaches here is the ceiling of what knowing the other hand brings
to its card play, with the same search.  A's bids see only its own view.
The arena's own matches (``arena.play_match`` with a ``view_for``): the same
pairs, seeds, players and JSON line as ``arena_pimc.py`` (B defaults to
``pimc``; ``--levels`` is the levels of both, as there).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import sys

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai.arena import Outcome, play_match, results_in_order, score_interval, summarize
from belote2p.core.actions import Phase
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from lab.rivals.pimc import NAME, make_rival

Job = tuple[str, str, str, int, "str | None"]  # a, b, seed, index, levels


def peeking(view: SeatView, match: Match) -> SeatView:
    """``view`` with the other seat's hand known, while the stock lasts."""
    if view.phase is not Phase.PLAY or view.strict:
        return view
    other = frozenset(match.hand.hands[view.other])
    return dataclasses.replace(view, known_other_cards=other)


def peeking_seat(a_seat: int, match: Match, seat: int) -> SeatView:
    """The arena's ``view_for``: A's views peek, B's are the real ones."""
    view = match.view(seat)
    return peeking(view, match) if seat == a_seat else view


def play(job: Job) -> Outcome:
    """Match ``index`` exactly as the arena plays it, A peeking."""
    a, b, seed, index, levels = job
    a_seat = index % 2  # the arena's seat-swapped pairs: A in seat 1 in odd matches
    return play_match(a, b, seed, index, make_rival, levels,
                      view_for=functools.partial(peeking_seat, a_seat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b", nargs="?", default=NAME)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="pimc-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
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
    summary["interval"] = half
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
