"""Card play alone, duplicate style: two players on the same deals and contracts.

    python lab/experiments/cardplay_duel.py A [B] --deals N --seed S [--jobs J] [--levels FILE]
                                       [--rows FILE] [--paired-with FILE]

The arena's score mixes the deal's luck, the bidding and the card play, and
100 matches leave ±9 points of percentage.  This measures the card play only,
and cancels most of the luck the way duplicate bridge does: deal ``i`` is the
first hand of ``Match(seed, i)``, bid by two level-3 players (the same words
whoever plays the cards, so the same contract), then played out twice from
that position: once with A in seat 0 and B in seat 1, once with the seats
swapped.  A's **duplicate lead** for the deal is the sum of its hand-score
leads over the two tables (its score minus B's, at each); the cards and the
contract are the same at both tables, so what is left is how the two played
them.  A holds the taker's seat at one table and the defender's at the other.

B defaults to the PIMC test rival (``lab/rivals/pimc.py``).  ``--levels FILE``
gives A's levels (a variant of level 4, say); B and the bidders always use the
shipped levels.  Every player is seeded by the seed, the deal and the table,
so the figures depend only on the arguments (not on ``--jobs`` or timing).

The last stdout line is JSON: A's mean duplicate lead a deal with its standard
error, the same split into A's lead as taker and as defender (a hand each), and
how often each side made its contracts.  ``--rows FILE`` writes one JSON line
a deal.  ``--paired-with FILE`` reads the rows of another run on the same seed
(another variant of A, say) and adds ``paired``: this run's leads minus that
run's, deal by deal over the deals both played, with their standard error
(the same deals and contracts, so only the card play differs).  Progress goes
to stderr.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import sys
import time
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai.arena import _levels, results_in_order
from belote2p.ai.base import decide
from belote2p.core.actions import HandResult, Phase
from belote2p.core.hand import Hand
from belote2p.core.match import Match
from belote2p.core.view import MatchContext, view_of
from lab.rivals.pimc import NAME, make_rival

BIDDER = "3"  # both seats bid as level 3: a threshold bidder, cheap and deterministic
Row = dict[str, Any]
Job = tuple[str, str, str, int, "str | None"]  # a, b, seed, deal, A's levels file


def contract_position(seed: str, deal: int) -> tuple[Hand, MatchContext]:
    """The first hand of ``Match(seed, deal)`` with its bidding over (two level-3 bidders)."""
    match = Match(seed, deal)
    bidders = {s: make_rival(BIDDER, random.Random(f"duel/{seed}/{deal}/bid/{s}"), _levels(None))
               for s in (0, 1)}
    hand = match.hand
    while hand.phase is Phase.BIDDING:
        seat = hand.to_move
        match.apply(decide(bidders[seat], match.view(seat)))
    return hand, match.context()


def play_table(hand: Hand, context: MatchContext, job: Job, a_seat: int) -> Row:
    """Play a copy of ``hand`` to the end with A in ``a_seat``; A's side of it."""
    a, b, seed, deal, levels = job
    tag = f"duel/{seed}/{deal}/table{a_seat}"
    players = {a_seat: make_rival(a, random.Random(tag + "/a"), _levels(levels)),
               1 - a_seat: make_rival(b, random.Random(tag + "/b"), _levels(None))}
    hand = copy.deepcopy(hand)
    while hand.phase is not Phase.DONE:
        seat = hand.to_move
        hand.apply(decide(players[seat], view_of(hand, seat, context)))
    score = hand.score()
    return {"a_took": score.taker == a_seat, "made": score.result is not HandResult.DEDANS,
            "a_lead": score.scores[a_seat] - score.scores[1 - a_seat]}


def play(job: Job) -> Row:
    """Deal ``job``'s contract played at both tables."""
    hand, context = contract_position(job[2], job[3])
    tables = [play_table(hand, context, job, a_seat) for a_seat in (0, 1)]
    taker = next(t for t in tables if t["a_took"])
    defender = next(t for t in tables if not t["a_took"])
    return {"deal": job[3], "lead": taker["a_lead"] + defender["a_lead"],
            "as_taker": taker["a_lead"], "as_defender": defender["a_lead"],
            "a_made": taker["made"], "b_made": defender["made"]}


def mean_se(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return {"n": n, "mean": round(mean, 2), "se": round(se, 2)}


def summary(rows: list[Row], a: str, b: str, levels: str | None, seed: str) -> dict[str, Any]:
    n = len(rows)
    return {"a": a, "b": b, "levels": levels, "seed": seed, "deals": n,
            "duplicate_lead": mean_se([r["lead"] for r in rows]),
            "as_taker": mean_se([r["as_taker"] for r in rows]),
            "as_defender": mean_se([r["as_defender"] for r in rows]),
            "a_made": round(sum(r["a_made"] for r in rows) / n, 3),
            "b_made": round(sum(r["b_made"] for r in rows) / n, 3)}


def paired(rows: list[Row], other: list[Row]) -> dict[str, Any]:
    """``rows``' leads minus ``other``'s, deal by deal, over the deals both hold."""
    theirs = {r["deal"]: r for r in other}
    both = [r for r in rows if r["deal"] in theirs]
    if len(both) < 2:
        raise SystemExit("cardplay_duel: --paired-with needs two deals or more in common "
                         "(the same --seed)")
    return {key: mean_se([r[key] - theirs[r["deal"]][key] for r in both])
            for key in ("lead", "as_taker", "as_defender")}


def read_rows(path: str) -> list[Row]:
    """A ``--rows`` file's rows; a clear message if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as exc:
        raise SystemExit(f"cardplay_duel: cannot read the rows of {path}: {exc}") from exc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="A: a level (1-4) or pimc")
    parser.add_argument("b", nargs="?", default=NAME, help="B (default pimc)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="duel-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="A's levels file")
    parser.add_argument("--rows", default=None, help="write one JSON line a deal here")
    parser.add_argument("--paired-with", default=None,
                        help="another run's --rows file: the paired difference")
    args = parser.parse_args()
    if args.deals < 2 or args.jobs < 1:
        parser.error("--deals must be at least 2 and --jobs at least 1")
    other = read_rows(args.paired_with) if args.paired_with else None
    work: list[Job] = [(args.a, args.b, args.seed, i, args.levels) for i in range(args.deals)]
    rows: list[Row] = []
    start = time.monotonic()
    with open(args.rows or os.devnull, "w", encoding="utf-8") as out:
        def noted(row: Row) -> None:
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
            mean = sum(r["lead"] for r in rows) / len(rows)
            print(f"cardplay_duel: {len(rows)}/{args.deals} deals, A's duplicate lead "
                  f"{mean:+.1f}, {time.monotonic() - start:.0f}s", file=sys.stderr, flush=True)

        for row in results_in_order(play, work, args.jobs):
            noted(row)
    result = summary(rows, args.a, args.b, args.levels, args.seed)
    if other is not None:
        result["paired"] = paired(rows, other)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
