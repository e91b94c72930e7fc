"""Where the points go between a level and the PIMC test rival: contracts and card play.

    python benchmarks/cardplay_diag.py A --matches N --seed S [--jobs J] [--levels FILE]
                                       [--sub NAME] [--rows FILE] [--start K] [--no-replay]

It plays exactly the matches of ``benchmarks/arena_pimc.py A pimc`` with the
same arguments (the same pairs, the same players seeded the same way, so the
same cards and the same final scores: its JSON line's ``arena`` part is that
arena's line), and for every hand:

- the **contract**: whose side took it (A or B), whether it was made, tied or
  went down (dedans), capots, and A's hand-score lead (A's score for the hand
  minus B's);
- the **card play given the contract**: when the bidding is over, the hand is
  copied and played again from that position with ``--sub`` (default
  ``pimc``) in A's seat and a fresh PIMC in B's seat, each seeded from the
  arena seed, the match and the hand.  The hand's *card-play delta* is A's real
  hand-score lead minus the replay's: what A's cards earned over those the
  substitute would have played on the same deal, the same contract and the
  same match score.  One replay per hand is one noisy sample, so only means
  over many hands say anything (the standard errors are printed).  It is in
  points; levels 3-4 play for the match (in the second hand a lead may be
  protected at a cost in points), so a small negative delta is not
  necessarily a loss.

The last stdout line is JSON: ``arena`` (the arena's summary), ``contracts``
(per taker side and result: count and A's mean lead, and the share of the
point difference from each), and ``cardplay`` (the mean delta and its
standard error over all hands, over A's contracts and over B's).  ``--rows
FILE`` writes one JSON line a hand.  A summary goes to stderr.  The seed fixes
everything (no timing enters a decision), whatever ``--jobs`` is.

``--start K`` plays the arena's matches K to K + N - 1 (match ``i`` of an arena
run depends only on the seed, ``i`` and the levels, so the matches 100-199 of a
200-match run can be played apart from its first 100); ``--no-replay`` skips
the replays (no card-play delta: the matches are played by the arena's own
``play_match``, a plain arena run with the contracts noted, at the arena's cost).
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

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.pimc

from belote2p.actions import Phase
from belote2p.ai.arena import (
    Outcome,
    _levels,
    capot_chance,
    play_match,
    results_in_order,
    score_interval,
    summarize,
)
from belote2p.ai.base import Player, decide
from belote2p.hand import Hand
from belote2p.match import Match
from belote2p.view import MatchContext, view_of
from benchmarks.pimc import NAME, make_rival

Row = dict[str, Any]
Job = tuple[str, str, int, "str | None", "str | None"]  # a, seed, index, levels, sub


def replay(hand: Hand, context: MatchContext, players: dict[int, Player]) -> tuple[int, int]:
    """Play a copy of ``hand`` (its bidding over) to the end with ``players``;
    each seat's score for the hand."""
    hand = copy.deepcopy(hand)
    while hand.phase is not Phase.DONE:
        seat = hand.to_move
        hand.apply(decide(players[seat], view_of(hand, seat, context)))
    return hand.score().scores


def play(job: Job) -> tuple[Outcome, list[Row]]:
    """Match ``index`` exactly as ``arena.play_match`` plays it with the PIMC
    factory (A against ``pimc``), and one row per hand."""
    a, seed, index, levels, sub = job
    pair, swapped = divmod(index, 2)
    a_seat = 1 if swapped else 0
    if sub is None:  # no replays: the arena's own match, its contracts noted
        noted: list[Row] = []

        def note(hand: Hand, match: Match) -> None:
            score = match.hand_scores[-1]
            noted.append({"index": index, "hand": len(match.hand_scores) - 1,
                          "taker": "a" if score.taker == a_seat else "b",
                          "result": str(score.result.value),
                          "capot": None if score.capot is None else
                          ("a" if score.capot == a_seat else "b"),
                          "a_lead": score.scores[a_seat] - score.scores[1 - a_seat]})

        return play_match(a, NAME, seed, index, make_rival, levels, on_hand=note), noted
    specs = {a_seat: ("a", a), 1 - a_seat: ("b", NAME)}
    players = {seat: make_rival(level, random.Random(f"arena/{seed}/{pair}/{swapped}/{tag}"),
                                _levels(levels))
               for seat, (tag, level) in specs.items()}
    times: dict[int, list[float]] = {0: [], 1: []}
    chances = {0: 0, 1: 0}
    rows: list[Row] = []
    match = Match(seed, pair)
    replayed: tuple[int, int] | None = None
    while not match.over:
        hand = match.hand
        if replayed is None and hand.phase is Phase.PLAY and not hand.tricks and not hand.current:
            tag = f"diag/{seed}/{index}/{len(match.hand_scores)}"
            subs = {a_seat: make_rival(sub, random.Random(tag + "/a"), _levels(levels)),
                    1 - a_seat: make_rival(NAME, random.Random(tag + "/b"), _levels(levels))}
            replayed = replay(hand, match.context(), subs)
        seat = hand.to_move
        view = match.view(seat)
        start = time.perf_counter()
        action = decide(players[seat], view)
        times[seat].append((time.perf_counter() - start) * 1000.0)
        finished = len(match.hand_scores)
        match.apply(action)
        if len(match.hand_scores) > finished:
            chance = capot_chance(hand.tricks)
            if chance is not None:
                chances[chance] += 1
            score = match.hand_scores[-1]
            assert replayed is not None  # every hand that ends was played
            lead = score.scores[a_seat] - score.scores[1 - a_seat]
            rows.append({"index": index, "hand": finished,
                         "taker": "a" if score.taker == a_seat else "b",
                         "result": str(score.result.value),
                         "capot": None if score.capot is None else
                         ("a" if score.capot == a_seat else "b"),
                         "a_lead": lead,
                         "replay_lead": replayed[a_seat] - replayed[1 - a_seat],
                         "cardplay": lead - (replayed[a_seat] - replayed[1 - a_seat])})
            replayed = None
    scores = match.scores
    capots = [h.capot for h in match.hand_scores]
    outcome = Outcome(index, scores[a_seat], scores[1 - a_seat], times[a_seat],
                      times[1 - a_seat], a_capots=capots.count(a_seat),
                      b_capots=capots.count(1 - a_seat), a_chances=chances[a_seat],
                      b_chances=chances[1 - a_seat])
    return outcome, rows


def mean_se(values: list[float]) -> dict[str, float]:
    n = len(values)
    if not n:
        return {"n": 0}
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return {"n": n, "mean": round(mean, 2), "se": round(se, 2)}


def breakdown(rows: list[Row], matches: int) -> dict[str, Any]:
    contracts: dict[str, Any] = {}
    for side in ("a", "b"):
        for result in ("made", "tie", "dedans"):
            leads = [r["a_lead"] for r in rows if r["taker"] == side and r["result"] == result]
            contracts[f"{side}_{result}"] = {
                "n": len(leads), "mean_a_lead": round(sum(leads) / len(leads), 1) if leads else 0,
                "a_points_per_match": round(sum(leads) / matches, 2)}
    capots = {side: sum(1 for r in rows if r["capot"] == side) for side in ("a", "b")}
    played = [r for r in rows if "cardplay" in r]
    cardplay = {"all": mean_se([r["cardplay"] for r in played]),
                "a_took": mean_se([r["cardplay"] for r in played if r["taker"] == "a"]),
                "b_took": mean_se([r["cardplay"] for r in played if r["taker"] == "b"])}
    return {"contracts": contracts, "capots": capots, "cardplay": cardplay}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="the level in A's seat (1-4)")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", default="pimc-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    parser.add_argument("--sub", default=NAME, help="who replays A's cards (default pimc)")
    parser.add_argument("--rows", default=None, help="write one JSON line a hand here")
    parser.add_argument("--start", type=int, default=0, help="the first match's index")
    parser.add_argument("--no-replay", action="store_true", help="no card-play replays")
    args = parser.parse_args()
    if args.matches < 1 or args.jobs < 1 or args.start < 0:
        parser.error("--matches and --jobs must be at least 1, --start at least 0")
    sub = None if args.no_replay else args.sub
    work: list[Job] = [(args.a, args.seed, i, args.levels, sub)
                       for i in range(args.start, args.start + args.matches)]
    outcomes: list[Outcome] = []
    rows: list[Row] = []
    start = time.monotonic()

    def noted(outcome: Outcome, match_rows: list[Row]) -> None:
        """Keep a finished match; its rows go to the file at once and a progress
        line to stderr (so a run stopped early still says what it played)."""
        outcomes.append(outcome)
        rows.extend(match_rows)
        for r in match_rows:
            out.write(json.dumps(r) + "\n")
        out.flush()
        done = sum(o.a_score for o in outcomes)
        print(f"cardplay_diag: {len(outcomes)}/{args.matches} matches, A scores "
              f"{100 * done / len(outcomes):.1f}%, {time.monotonic() - start:.0f}s",
              file=sys.stderr, flush=True)

    with open(args.rows or os.devnull, "w", encoding="utf-8") as out:
        for outcome, match_rows in results_in_order(play, work, args.jobs):
            noted(outcome, match_rows)
    outcomes.sort(key=lambda o: o.index)
    result = {"arena": summarize(args.a, NAME, outcomes), **breakdown(rows, len(outcomes))}
    rate, half = score_interval(outcomes)
    cp = result["cardplay"]
    print(f"A ({args.a}) vs pimc: A scores {100 * rate:.1f}%"
          + (f" ± {100 * half:.1f}%" if half is not None else "")
          + f" over {len(outcomes)} matches; card-play delta a hand {cp['all']}, "
          f"A's contracts {cp['a_took']}, B's {cp['b_took']}", file=sys.stderr)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
