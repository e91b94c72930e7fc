"""Fit the playout policy (the tips' knobs of level 4) to the search's own values,
and judge level 4's search stages against the same values.

    python benchmarks/fit_playout.py label --matches M [--start K] [--seed S] [--deals D]
                                           [--jobs J] --out F
    python benchmarks/fit_playout.py fit F [F ...] [--rounds R] [--levels FILE]
    python benchmarks/fit_playout.py screen F LEVELS [LEVELS ...] [--matches M] [--jobs J]
    python benchmarks/fit_playout.py choice F LEVELS [LEVELS ...] [--matches M] [--jobs J]

Level 4 values a stock-phase card by playing the hand out with the tips for
both seats while the stock lasts and the solver after.  The better that
continuation plays, the truer the values.  This is one step of policy
iteration: ``label`` values every distinct legal card of stock-phase positions
with that search (``D`` deals each, the solver over the whole strict phase,
match value, as level 4's final round; one JSON line a position, appended to
F), and ``fit`` looks for tips knobs whose card loses least against those
values (its *regret*: the best card's value minus the value of the card the
tips choose), a policy closer to what the search itself would play.  Positions
come from level-3 matches (``Match(seed, k)``; tips in the stock phase, as the
playouts), both seats.

``fit`` searches the knobs of ``play`` (keep values, bonuses, penalties) one at
a time, trying each scaled up and down, keeping a change only if it lowers the
regret on the training half (the even matches); it reports the regret on the
other half, which it never fits, before and after, and the knobs it changed (a
JSON line).  ``screen`` and ``choice`` replay the labelled positions and judge,
for each LEVELS file, the cards its level 4's screening sends to the final
round (the best label value among them) or the card its whole search plays
(its label value), paired on the same positions: each file's mean loss against
the labels' best card, and its mean difference from the first file.  Testing
only: what these find is judged by the arena (``benchmarks/arena_pimc.py 4
pimc --levels FILE``), never by the labels alone, which share the tips' model
beyond one move.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.actions import Phase
from belote2p.ai import decide, make_player
from belote2p.ai.arena import results_in_order
from belote2p.ai.heuristics import choose_card
from belote2p.ai.knowledge import Info, info_from_view
from belote2p.ai.levels import PlayKnobs, load_levels, shipped_levels
from belote2p.ai.search import SearchPlayer, column_means, distinct_cards, representatives
from belote2p.ai.solver import Memo
from belote2p.ai.utility import Outlook
from belote2p.match import Match
from belote2p.view import SeatView

INFO_FIELDS = ("hand", "hand_mask", "trump", "lead", "stock", "unseen", "opp_known",
               "opp_count", "seat", "taker", "my_pts", "opp_pts", "ntricks")
Job = tuple[str, int, int]  # seed, match index, deals


def stock_positions(seed: str, k: int) -> Iterator[SeatView]:
    """Match ``k``'s stock-phase positions with more than one distinct card,
    level 3 playing both seats (the same positions every time)."""
    players = [make_player(3, random.Random(f"fit/{seed}/{k}/{seat}")) for seat in (0, 1)]
    match = Match(seed, k)
    while not match.over:
        seat = match.to_move
        assert seat is not None
        view = match.view(seat)
        if (len(view.legal) > 1 and view.phase is Phase.PLAY and not view.strict
                and len(distinct_cards(view)) > 1):
            yield view
        match.apply(decide(players[seat], view))


def label_match(job: Job) -> list[dict[str, Any]]:
    """Every position of ``stock_positions``: the seat's Info (counting as
    level 4 does), each legal card's representative and each representative's
    value over ``deals`` deals."""
    seed, k, deals = job
    level = shipped_levels()[4]
    rows: list[dict[str, Any]] = []
    for view in stock_positions(seed, k):
        stand_in = representatives(view)
        cards = sorted(set(stand_in.values()))
        searcher = SearchPlayer(level, random.Random(f"fit/{seed}/{k}/{len(rows)}"))
        values = column_means(searcher.rollouts(
            view, cards, deals, level.search.final_solve_cards, Outlook(view, level.match),
            Memo()))
        info = info_from_view(view, level.play.count_plain)
        fields = {f: getattr(info, f) for f in INFO_FIELDS}
        fields["hand"] = [int(c) for c in info.hand]  # Card objects print as "8D"
        rows.append({"match": k, "info": fields,
                     "stand_in": {str(c): r for c, r in stand_in.items()},
                     "values": {str(c): v for c, v in zip(cards, values)}})
    return rows


def label(args: argparse.Namespace) -> None:
    matches = range(args.start, args.start + args.matches)
    work: list[Job] = [(args.seed, k, args.deals) for k in matches]
    with open(args.out, "a", encoding="utf-8") as out:
        for done, rows in enumerate(results_in_order(label_match, work, args.jobs), 1):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"label: {done}/{len(work)} matches", file=sys.stderr, flush=True)


def read_labels(paths: list[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows += [json.loads(line) for line in lines]
    return rows


# --------------------------------------------------------- the screening loss
# (screen or choice, seed, match, levels files, the match's labels)
JudgeJob = tuple[str, str, int, tuple[str, ...], list[dict[str, float]]]


def finalists(player: SearchPlayer, view: SeatView) -> list[int]:
    """The cards ``player``'s screening sends to its final round."""
    candidates, default = player.candidates(view)
    return player.screened(view, candidates, default, Outlook(view, player.match_knobs), Memo())


def played(player: SearchPlayer, view: SeatView) -> list[int]:
    """The card ``player`` plays (its whole search)."""
    return [player.search_card(view)]


JUDGED = {"screen": finalists, "choice": played}  # what each comparison judges


def judge_match(job: JudgeJob) -> list[list[float]]:
    """For each labelled position of match ``k`` and each levels file: the best
    label value among the cards that file's level 4 is judged by there."""
    command, seed, k, files, labels = job
    levels = [load_levels(path)[4] for path in files]
    judged = JUDGED[command]
    out = []
    for index, (view, values) in enumerate(zip(stock_positions(seed, k), labels)):
        stand_in = representatives(view)
        row = []
        for level in levels:
            player = SearchPlayer(level, random.Random(f"bench4/{command}/{seed}/{k}/{index}"))
            row.append(max(values[str(stand_in[c])] for c in judged(player, view)))
        out.append(row)
    return out


def compare(args: argparse.Namespace) -> None:
    """``judge_match`` over the labelled matches; each file's mean loss against
    the best label value, and its mean difference from the first file."""
    rows = read_labels([args.labels])
    by_match: dict[int, list[dict[str, float]]] = {}
    for row in rows:
        by_match.setdefault(int(row["match"]), []).append(row["values"])
    matches = sorted(by_match)[:args.matches]
    files = tuple(args.levels)
    work: list[JudgeJob] = [(args.command, args.seed, k, files, by_match[k]) for k in matches]
    kept: list[list[float]] = []
    best: list[float] = []
    for k, result in zip(matches, results_in_order(judge_match, work, args.jobs)):
        kept += result
        best += [max(v.values()) for v in by_match[k][:len(result)]]
        losses = [statistics.fmean(b - r[f] for b, r in zip(best, kept)) for f in range(len(files))]
        print(f"{args.command}: match {k}, {len(kept)} positions: "
              + "  ".join(f"{x:.5f}" for x in losses), file=sys.stderr, flush=True)
    n = len(kept)
    report = {}
    for f, path in enumerate(files):
        loss = [b - r[f] for b, r in zip(best, kept)]
        diff = [r[f] - r[0] for r in kept]
        report[path] = {"loss": round(statistics.fmean(loss), 5),
                        "best": round(sum(x == 0 for x in loss) / n, 3),
                        "vs_first": round(statistics.fmean(diff), 5),
                        "vs_first_se": round(statistics.stdev(diff) / n ** 0.5, 5)}
    print(json.dumps({"command": args.command, "positions": n, "files": report}))


# ------------------------------------------------------------------- fitting
class Position:
    __slots__ = ("best", "info", "stand_in", "values")

    def __init__(self, row: dict[str, Any]):
        self.info = Info(**row["info"])
        self.stand_in: dict[int, int] = {int(c): r for c, r in row["stand_in"].items()}
        self.values: dict[int, float] = {int(c): v for c, v in row["values"].items()}
        self.best = max(self.values.values())

    def regret(self, knobs: PlayKnobs) -> float:
        card = choose_card(self.info, knobs)
        return self.best - self.values[self.stand_in[card]]


def mean_regret(positions: list[Position], knobs: PlayKnobs) -> float:
    return statistics.fmean(p.regret(knobs) for p in positions)


def with_knob(knobs: PlayKnobs, name: str, value: float) -> PlayKnobs:
    """``knobs`` with one knob changed; ``keep_trump.nine`` names a rank's value."""
    if "." in name:
        table, rank = name.split(".")
        old = getattr(knobs, table)
        index = RANKS.index(rank)
        changes: dict[str, Any] = {table: tuple(value if i == index else v
                                                for i, v in enumerate(old))}
    else:
        changes = {name: value}
    return replace(knobs, **changes)


def knob_value(knobs: PlayKnobs, name: str) -> float:
    if "." in name:
        table, rank = name.split(".")
        return float(getattr(knobs, table)[RANKS.index(rank)])
    return float(getattr(knobs, name))


RANKS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
KNOBS = tuple(f"keep_trump.{r}" for r in RANKS) + tuple(f"keep_plain.{r}" for r in RANKS) + (
    "belote_keep", "master_bonus", "win_bonus", "lead_trump_penalty", "short_suit_bonus",
    "force_trump_bonus")


def fit(args: argparse.Namespace) -> None:
    rows = read_labels(args.labels)
    positions = [Position(r) for r in rows]
    train = [p for i, p in enumerate(positions) if r_match(rows[i]) % 2 == 0]
    test = [p for i, p in enumerate(positions) if r_match(rows[i]) % 2 == 1]
    levels = load_levels(args.levels) if args.levels else shipped_levels()
    start = knobs = levels[4].play
    before = {"train": mean_regret(train, start), "test": mean_regret(test, start)}
    best = before["train"]
    print(f"positions: train {len(train)}, test {len(test)}; regret train {best:.5f}, "
          f"test {before['test']:.5f}", file=sys.stderr)
    for step in range(args.rounds):
        scale = 0.5 / (step + 1)
        improved = False
        for name in KNOBS:
            for value in trial_values(knob_value(knobs, name), scale):
                trial = with_knob(knobs, name, value)
                got = mean_regret(train, trial)
                if got < best - 1e-6:
                    knobs, best, improved = trial, got, True
        print(f"round {step + 1}: train {best:.5f}, test {mean_regret(test, knobs):.5f}",
              file=sys.stderr, flush=True)
        if not improved and scale < 0.1:
            break
    changed = {n: (knob_value(start, n), knob_value(knobs, n)) for n in KNOBS
               if knob_value(start, n) != knob_value(knobs, n)}
    print(json.dumps({"train": len(train), "test": len(test),
                      "regret_before": {half: round(v, 5) for half, v in before.items()},
                      "regret_after": {"train": round(best, 5),
                                       "test": round(mean_regret(test, knobs), 5)},
                      "changed": changed}))


def r_match(row: dict[str, Any]) -> int:
    return int(row["match"])


def trial_values(old: float, scale: float) -> list[float]:
    """Candidate values around ``old``: scaled up and down, and a step from 0."""
    if old == 0:
        return [scale * 2]
    values = {round(old * (1 + scale), 3), round(old * (1 - scale), 3), round(old + scale * 2, 3),
              round(old - scale * 2, 3)}
    return sorted(v for v in values if v >= 0)  # every play knob is at least 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("label")
    lab.add_argument("--matches", type=int, default=20)
    lab.add_argument("--start", type=int, default=0)
    lab.add_argument("--seed", default="fit")
    lab.add_argument("--deals", type=int, default=48)
    lab.add_argument("--jobs", type=int, default=1)
    lab.add_argument("--out", required=True)
    fitp = sub.add_parser("fit")
    fitp.add_argument("labels", nargs="+")
    fitp.add_argument("--rounds", type=int, default=6)
    fitp.add_argument("--levels")
    for command, what in (("screen", "screening"), ("choice", "level 4")):
        judge = sub.add_parser(command)
        judge.add_argument("labels")
        judge.add_argument("levels", nargs="+", help=f"levels files whose {what} to compare")
        judge.add_argument("--seed", default="fit")
        judge.add_argument("--matches", type=int, default=1000)
        judge.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.command == "label":
        label(args)
    elif args.command == "fit":
        fit(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
