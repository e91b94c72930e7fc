"""Who bids right: level 4's and the PIMC rival's words judged by a heavier simulation.

    python lab/experiments/bid_judge.py [--positions 120] [--decks 200] [--other-threshold 46]
                                   [--levels FILE] [--rows FILE]

The positions are the bidding decisions with
passing allowed of level-3 matches (``Match("bids", k)``).  Level 4 (the
shipped one, and with ``--levels`` that file's level 4 too), the PIMC rival
and level 3 each decide every position, seeded by its index.

The judge then values every legal word of the position from the bidder's view
only, over ``--decks`` whole decks consistent with it (the unseen cards
uniform, rejection-sampled to agree with the other seat's passes, as level 4
does), all words on the same decks: a take is played out by the tips while
the stock lasts and **the solver over the whole strict phase** (how levels 3-4
and the rival really play it); a pass continues the bidding with a threshold
model of the other seat (it takes at strength ``--other-threshold``; the
shipped level 4 assumes 46, level 3's strength scale) and, where the bidder
speaks again, with its best round-2 word over the same decks; two passes in
round 2 are a fresh deal.  Each word is valued two ways: in match value
(``utility.py``, what level 4 maximises; the position's match score is in its
view) and in hand points (the taker's lead, what PIMC maximises; a fresh deal
is 0).

For each player the last stdout line (JSON) gives its takes, how often its
word is the judge's best, and its **regret**: the judge's value of the best
word minus that of the word it chose, summed over the positions (match value
and points), with the same split over the positions where level 4 and PIMC
disagree.  ``--rows FILE`` writes one JSON line per position (its words'
values and each player's word).  A seed fixes everything; about 5-10 s of CPU a
position at 200 decks.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai import decide, load_levels, make_player
from belote2p.ai.fastsim import sim_from_deck
from belote2p.ai.levels import STRICT_CARDS, Level
from belote2p.ai.sampling import sample_deck
from belote2p.ai.search import BidSearch, SearchPlayer
from belote2p.core.actions import PASS, Bid, Phase
from belote2p.core.cards import Card
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from lab.rivals.pimc import PimcPlayer

OPEN = None  # a word's outcome on a deck: the taker-seat's point lead, or OPEN (a fresh deal)


def positions(count: int) -> list[SeatView]:
    """The first ``count`` bidding views with passing allowed of level-3 matches."""
    views: list[SeatView] = []
    k = 0
    while len(views) < count:
        match = Match("bids", k)
        players = [make_player(3, random.Random(k * 2 + s)) for s in (0, 1)]
        while not match.over and len(views) < count:
            seat = match.to_move
            assert seat is not None  # the match is not over
            view = match.view(seat)
            if view.phase is Phase.BIDDING and PASS in view.legal:
                views.append(view)
            match.apply(decide(players[seat], view))
        k += 1
    return views


class Judge(BidSearch):
    """Level 4's bid simulation, noting each deck's raw point lead so that one
    set of playouts serves both the match value and the points."""

    def lead(self, deck: Sequence[Card], taker: int, trump: int,
             cache: dict[tuple[int, int], float]) -> float:
        """This seat's point lead for the hand when ``taker`` takes ``trump`` on ``deck``."""
        key = (taker, trump)
        if key not in cache:
            sim = sim_from_deck(deck, self.view.dealer, taker, trump)
            scores = self.player.playout_scores(sim, STRICT_CARDS, self.memo)
            cache[key] = scores[self.me] - scores[1 - self.me]
        return cache[key]

    def pass_lead(self, deck: Sequence[Card], plan: Bid | None,
                  cache: dict[tuple[int, int], float]) -> float | None:
        """As ``after_pass``: the point lead, or OPEN for a fresh deal."""
        contract = self.contract_after_pass(deck, plan)
        return OPEN if contract is None else self.lead(deck, *contract, cache)

    def values(self, decks: int, rejection: int) -> dict[Bid, tuple[float, float]]:
        """Each legal word: (match value, points), means over the same decks."""
        view = self.view
        takes = [b for b in view.legal_bids() if b is not PASS]
        plans = self.plans() if PASS in view.legal else []
        take_rows: list[list[float]] = [[] for _ in takes]
        plan_rows: list[list[float | None]] = [[] for _ in plans]
        for _ in range(decks):
            deck = sample_deck(view, self.player.rng, self.player.bid_knobs, rejection)
            cache: dict[tuple[int, int], float] = {}
            for i, take in enumerate(takes):
                take_rows[i].append(self.lead(deck, self.me, self.trump_of(take), cache))
            for i, plan in enumerate(plans):
                plan_rows[i].append(self.pass_lead(deck, plan, cache))
        out = {take: (self.mean_value(row), self.mean_points(row))
               for take, row in zip(takes, take_rows)}
        if plans:
            out[PASS] = (max(self.mean_value(row) for row in plan_rows),
                         max(self.mean_points(row) for row in plan_rows))
        return out

    def mean_value(self, row: Sequence[float | None]) -> float:
        o = self.outlook
        return sum(o.open_value() if d is OPEN else o.value(d) for d in row) / len(row)

    @staticmethod
    def mean_points(row: Sequence[float | None]) -> float:
        return sum(0.0 if d is OPEN else d for d in row) / len(row)


def judge_level(level: Level, threshold: float) -> Level:
    """Level 4 with the other seat's model at ``threshold``."""
    return dataclasses.replace(level, bidding=dataclasses.replace(
        level.bidding, take_threshold=threshold))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--decks", type=int, default=200)
    parser.add_argument("--other-threshold", type=float, default=46.0)
    parser.add_argument("--levels", metavar="FILE", help="also judge this file's level 4")
    parser.add_argument("--rows", metavar="FILE", help="one JSON line per position")
    args = parser.parse_args()
    shipped = load_levels()
    variant = load_levels(args.levels) if args.levels else None
    judge = judge_level(shipped[4], args.other_threshold)
    rejection = shipped[4].search.bid_rejection
    players: dict[str, Any] = {
        "pimc": lambda i: PimcPlayer(random.Random(i)),
        "4": lambda i: make_player(4, random.Random(i)),
        "3": lambda i: make_player(3, random.Random(i)),
    }
    if variant is not None:
        players["4-variant"] = lambda i: make_player(4, random.Random(i), variant)
    totals = {name: {"takes": 0, "best": 0, "regret_value": 0.0, "regret_points": 0.0,
                     "split_regret_value": 0.0, "split_regret_points": 0.0}
              for name in players}
    split = 0
    rows: list[str] = []
    for i, view in enumerate(positions(args.positions)):
        words = {name: make(i).choose(view) for name, make in players.items()}
        search = Judge(SearchPlayer(judge, random.Random(f"judge/{i}")), view)
        values = search.values(args.decks, rejection)
        best_value = max(v for v, _ in values.values())
        best_points = max(p for _, p in values.values())
        disagree = (words["4"] is PASS) != (words["pimc"] is PASS)
        split += disagree
        for name, word in words.items():
            t = totals[name]
            value, points = values[word]
            t["takes"] += word is not PASS
            t["best"] += value == best_value
            t["regret_value"] += best_value - value
            t["regret_points"] += best_points - points
            if disagree:
                t["split_regret_value"] += best_value - value
                t["split_regret_points"] += best_points - points
        if args.rows:
            rows.append(json.dumps({
                "index": i, "round": view.bid_round, "dealer": view.dealer == view.seat,
                "hand_index": view.context.hand_index,
                "scores_before": list(view.context.scores_before),
                "values": {str(w): [round(v, 4), round(p, 2)] for w, (v, p) in values.items()},
                "words": {n: str(w) for n, w in words.items()}}) + "\n")
    if args.rows:
        with open(args.rows, "w") as out:
            out.writelines(rows)
    for t in totals.values():
        for key in list(t):
            if isinstance(t[key], float):
                t[key] = round(t[key], 3 if "value" in key else 1)
    print(json.dumps({"positions": args.positions, "decks": args.decks,
                      "other_threshold": args.other_threshold, "split_positions": split,
                      "players": totals}))


if __name__ == "__main__":
    main()
