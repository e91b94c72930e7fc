"""The PIMC arena with every contract noted: who took, and how it went.

    python benchmarks/arena_contracts.py A B --matches N --seed S [--jobs J] [--levels FILE]

A and B are 1-4, ``random`` or ``pimc`` (the PIMC test rival,
``benchmarks/pimc.py``).  It plays exactly the matches of
``benchmarks/arena_pimc.py`` with the same arguments (the same pairs, the same
players seeded the same way, so the same cards and the same final scores:
its JSON line's ``arena`` part is that arena's line) and notes each hand's
contract: the taker's side (A or B), the bidding round it was taken in
(1, 2, or 2 forced: the dealer's forced word on the third deal), the hand
of the match (0 or 1) and the taker's match lead before it, whether it
was made (the taker's total beats the defender's), tied or went down
(dedans), and the taker's hand-score lead (its score minus the defender's).

The last stdout line is JSON: ``arena`` (the arena's summary) and
``contracts``, per side: ``n``, ``made`` / ``tied`` / ``dedans`` counts,
``make_rate``, ``mean_lead`` (the taker's mean hand-score lead over its
contracts), ``by_round`` (the same per round: "1", "2", "2f"), ``by_hand``
(per hand of the match: "0", "1") and ``hands``
(the hands played, so ``n / hands`` is how often that side takes).  A
summary goes to stderr.  Deterministic: the seed fixes everything.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.pimc

from belote2p.actions import PASS, HandResult
from belote2p.ai.arena import (
    Outcome,
    _levels,
    play_match,
    results_in_order,
    score_interval,
    summarize,
)
from belote2p.hand import Hand
from belote2p.match import Match
from benchmarks.pimc import make_rival

Contract = dict[str, Any]  # side, round, hand, before, result, lead


def play(job: tuple[str, str, str, int, str | None]) -> tuple[Outcome, list[Contract]]:
    """Match ``index`` as ``arena_pimc.py`` plays it, and its contracts."""
    a, b, seed, index, levels = job
    a_seat = index % 2  # the arena's seat swap: A sits in seat 1 in odd matches
    contracts: list[Contract] = []

    def note(hand: Hand, match: Match) -> None:
        score = match.hand_scores[-1]
        taker = score.taker
        takes = [i for i, (_, bid) in enumerate(hand.bids) if bid is not PASS]
        rnd = "1" if takes and takes[0] < 2 else "2"
        if rnd == "2" and hand.forced_dealer and taker == hand.dealer:
            rnd = "2f"
        before = [sum(h.scores[s] for h in match.hand_scores[:-1]) for s in (0, 1)]
        contracts.append({
            "side": "a" if taker == a_seat else "b", "round": rnd,
            "hand": len(match.hand_scores) - 1, "before": before[taker] - before[1 - taker],
            "result": score.result.name.lower(),
            "lead": score.scores[taker] - score.scores[1 - taker]})

    outcome = play_match(a, b, seed, index, make_rival, levels, note)
    return outcome, contracts


def tally(contracts: list[Contract], hands: int) -> dict[str, Any]:
    def stats(group: list[Contract]) -> dict[str, Any]:
        n = len(group)
        made = sum(c["result"] == HandResult.MADE.name.lower() for c in group)
        dedans = sum(c["result"] == HandResult.DEDANS.name.lower() for c in group)
        return {"n": n, "made": made, "tied": n - made - dedans, "dedans": dedans,
                "make_rate": round(made / n, 3) if n else None,
                "mean_lead": round(sum(c["lead"] for c in group) / n, 1) if n else None}

    out = stats(contracts)
    out["hands"] = hands
    out["by_round"] = {r: stats([c for c in contracts if c["round"] == r])
                       for r in ("1", "2", "2f")}
    out["by_hand"] = {str(h): stats([c for c in contracts if c["hand"] == h]) for h in (0, 1)}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="pimc-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    args = parser.parse_args()
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    _levels(args.levels)  # a broken levels file stops here
    work = [(args.a, args.b, args.seed, i, args.levels) for i in range(args.matches)]
    results: list[tuple[Outcome, list[Contract]]] = []
    start = last = time.monotonic()
    for result in results_in_order(play, work, args.jobs):
        results.append(result)
        if time.monotonic() - last > 30:
            last = time.monotonic()
            rate, _ = score_interval([o for o, _ in results])
            print(f"contracts: {len(results)}/{args.matches} matches, A scores "
                  f"{rate:.1%}, {last - start:.0f}s", file=sys.stderr, flush=True)
    outcomes = [o for o, _ in results]
    every = [c for _, cs in results for c in cs]
    hands = len(every)
    summary = {"arena": summarize(args.a, args.b, outcomes),
               "contracts": {side: tally([c for c in every if c["side"] == side], hands)
                             for side in ("a", "b")}}
    rate, half = score_interval(outcomes)
    print(f"A ({args.a}) vs B ({args.b}): A scores {rate:.1%} ± {half or 0:.1%} over "
          f"{len(outcomes)} matches", file=sys.stderr)
    for side, name in (("a", args.a), ("b", args.b)):
        c = summary["contracts"][side]
        print(f"  {name} took {c['n']} of {hands} hands: made {c['made']}, tied {c['tied']}, "
              f"dedans {c['dedans']} (make rate {c['make_rate']}), mean lead {c['mean_lead']}",
              file=sys.stderr)
    print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
