"""``belote2p arena A B --matches N --seed S [--jobs J] [--levels FILE] [--duplicate]``:
level against level.

Matches come in pairs that replay the same shuffles with the seats swapped:
match ``2k`` is ``Match(seed, k)`` with A in seat 0, match ``2k + 1`` the same
match with A in seat 1.  Every player draws from its own ``random.Random``
seeded by the arena seed and the match, so the results depend only on the
seed (not on ``--jobs``, not on timing).  ``--levels`` plays the levels of
another levels file (an experiment: a knob changed).  The last stdout line is
JSON; a progress line goes to stderr on long runs.

``--duplicate`` makes a pair a *deal* of duplicate play: the same match at two
tables, and each player's random stream keyed by its seat, not its name, so
that a player against itself plays the very same game at both tables (its
duplicate difference is exactly 0 on every deal) and two similar players
differ only where their decisions do.  It adds what a deal gives A over B,
luck-free: its hand points (A's match total minus B's, summed over the two
tables) and its match value (A's match results, 1 / 1/2 / 0, summed over the
two tables, minus 1: from -1 to +1), each as a mean a deal with its 95%
interval, and the match share beside them (``duplicate_summary``).  The
default streams (keyed by the player's side and table) stay those of every
figure recorded before.

Capots are counted three ways: made (all 16 tricks), chances (a side won all
seven tricks of the stock phase, so the strict phase starts with its capot
alive: where the capot game is played) and broken (the other side's chances
that this side ended by winning a trick).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.actions import Trick
from ..core.hand import FREE_TRICKS
from ..core.match import Match
from .base import Player, decide

# Builds a player from its arena name, its rng and the loaded levels; the
# default is ``make_player``.  Benchmarks pass their own (a picklable
# module-level function) to pit test rivals against the levels.
PlayerFactory = Callable[[str, random.Random, Any], Player]

if TYPE_CHECKING:
    from ..core.hand import Hand
    from ..core.view import SeatView
    from .levels import Level

T = TypeVar("T")
R = TypeVar("R")

_LEVELS: dict[str, dict[int, Level]] = {}  # per levels file, loaded once per process


@dataclass
class Outcome:
    """One match, from A's side."""

    index: int
    a_total: int
    b_total: int
    a_ms: list[float]
    b_ms: list[float]
    a_capots: int = 0  # hands of this match in which A took all 16 tricks
    b_capots: int = 0
    a_chances: int = 0  # hands in which A won every stock-phase trick
    b_chances: int = 0

    @property
    def a_broken(self) -> int:
        """B's capot chances that A broke."""
        return self.b_chances - self.b_capots

    @property
    def b_broken(self) -> int:
        return self.a_chances - self.a_capots

    @property
    def a_score(self) -> float:
        if self.a_total == self.b_total:
            return 0.5
        return 1.0 if self.a_total > self.b_total else 0.0


# Called after each match with the count so far and the outcomes in order.
Progress = Callable[[int, list[Outcome]], None]


def _levels(path: str | None = None) -> Mapping[int, Level]:
    """The levels of ``path`` (default: the shipped levels.yaml, ``shipped_levels``),
    or LevelsError."""
    from .levels import load_levels, shipped_levels

    if path is None:
        return shipped_levels()
    if path not in _LEVELS:
        _LEVELS[path] = load_levels(path)
    return _LEVELS[path]


def capot_chance(tricks: Sequence[Trick]) -> int | None:
    """The seat that won every stock-phase trick of this finished hand (its capot
    was alive when the strict phase began), if any."""
    winners = {trick.winner for trick in tricks[:FREE_TRICKS]}
    if len(tricks) <= FREE_TRICKS or len(winners) != 1:
        return None
    return winners.pop()


def player_stream(seed: str, index: int, seat: int, tag: str, duplicate: bool) -> random.Random:
    """The random stream of the player of side ``tag`` ("a" or "b") in ``seat``
    of match ``index``: keyed by the seat in duplicate play (so both tables of a
    deal hand the same stream to whoever sits there), by side and table else."""
    pair, swapped = divmod(index, 2)
    if duplicate:
        return random.Random(f"duplicate/{seed}/{pair}/seat{seat}")
    return random.Random(f"arena/{seed}/{pair}/{swapped}/{tag}")


def play_match(a: str, b: str, seed: str, index: int,
               factory: PlayerFactory | None = None, levels: str | None = None,
               on_hand: Callable[[Hand, Match], None] | None = None,
               view_for: Callable[[Match, int], SeatView] | None = None,
               duplicate: bool = False) -> Outcome:
    """Match ``index`` of an arena run (see the module docstring); ``levels``: the
    levels file (default: the shipped one); ``on_hand``, if given, is called
    with each hand as it ends and the match (its score already counted).
    ``view_for(match, seat)``, if given, makes the view a seat decides from
    (default ``match.view(seat)``): for measurements only, such as a player
    shown more than its seat may know (lab/experiments/ceiling.py).
    ``duplicate``: the players' streams keyed by seat (``player_stream``)."""
    if factory is None:
        from . import make_player

        factory = make_player
    pair, swapped = divmod(index, 2)
    a_seat = 1 if swapped else 0
    specs = {a_seat: ("a", a), 1 - a_seat: ("b", b)}
    players = {seat: factory(level, player_stream(seed, index, seat, tag, duplicate),
                             _levels(levels))
               for seat, (tag, level) in specs.items()}
    times: dict[int, list[float]] = {0: [], 1: []}
    chances = {0: 0, 1: 0}  # seat -> hands it entered the strict phase with its capot alive
    match = Match(seed, pair)
    while not match.over:
        seat = match.hand.to_move  # the match's to_move, known not None while it lasts
        view = view_for(match, seat) if view_for is not None else match.view(seat)
        start = time.perf_counter()
        action = decide(players[seat], view)
        times[seat].append((time.perf_counter() - start) * 1000.0)
        hand, finished = match.hand, len(match.hand_scores)
        match.apply(action)
        if len(match.hand_scores) > finished:
            chance = capot_chance(hand.tricks)
            if chance is not None:
                chances[chance] += 1
            if on_hand is not None:
                on_hand(hand, match)
    scores = match.scores
    capots = [hand.capot for hand in match.hand_scores]  # the engine's own flags
    return Outcome(index, scores[a_seat], scores[1 - a_seat], times[a_seat], times[1 - a_seat],
                   a_capots=capots.count(a_seat), b_capots=capots.count(1 - a_seat),
                   a_chances=chances[a_seat], b_chances=chances[1 - a_seat])


# a, b, seed, index, factory, levels file, duplicate
Job = tuple[str, str, str, int, "PlayerFactory | None", "str | None", bool]


def _play_job(job: Job) -> Outcome:
    a, b, seed, index, factory, levels, duplicate = job
    return play_match(a, b, seed, index, factory, levels, duplicate=duplicate)


def results_in_order(play: Callable[[T], R], work: Sequence[T], jobs: int = 1) -> Iterator[R]:
    """``play(job)`` for each job of ``work``, yielded in order as they come: in
    ``jobs`` spawned worker processes when there is more than one job (``play``
    must then be a module-level function, its jobs picklable), else here."""
    if jobs > 1 and len(work) > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(min(jobs, len(work))) as pool:
            yield from pool.imap(play, work, chunksize=1)
    else:
        for job in work:
            yield play(job)


# The most matches one arena plays: each outcome keeps its decision times for
# the summary's percentiles (some 1.5 kB a match), so 100,000 hold about
# 150 MB, and at level 1's pace they take hours (level 4's, weeks).  Past
# this the arena refuses at once (issue #44: 999,999,999,999 matches
# allocated until MemoryError, about 2 GB); split a longer study into seeds.
MAX_MATCHES = 100_000


class TooManyMatches(ValueError):
    """More matches than ``MAX_MATCHES``."""


def matches_problem(matches: int) -> str | None:
    """Why ``matches`` is refused (one line), or None."""
    if matches > MAX_MATCHES:
        return (f"--matches {matches:,} is more than one arena plays ({MAX_MATCHES:,} at "
                "most: each match's decision times are kept); run several arenas with "
                "different --seed values instead")
    return None


def run_arena(a: str, b: str, matches: int, seed: str, jobs: int = 1,
              progress: Progress | None = None, factory: PlayerFactory | None = None,
              levels: str | None = None,
              duplicate: bool = False) -> tuple[dict[str, Any], list[Outcome]]:
    """Play the matches; returns the JSON summary (with ``duplicate``, its
    ``duplicate`` figures too) and the outcomes in order.  ``TooManyMatches``
    past ``MAX_MATCHES``, before anything is played."""
    problem = matches_problem(matches)
    if problem is not None:
        raise TooManyMatches(problem)
    work: list[Job] = [(a, b, seed, i, factory, levels, duplicate) for i in range(matches)]
    outcomes: list[Outcome] = []
    for outcome in results_in_order(_play_job, work, jobs):
        outcomes.append(outcome)
        if progress:
            progress(len(outcomes), outcomes)
    summary = summarize(a, b, outcomes)
    if duplicate:
        summary["duplicate"] = duplicate_summary(outcomes).as_json()
    return summary, outcomes


def summarize(a: str, b: str, outcomes: list[Outcome]) -> dict[str, Any]:
    n = len(outcomes)
    return {
        "a": a,
        "b": b,
        "matches": n,
        "a_wins": sum(1 for o in outcomes if o.a_total > o.b_total),
        "b_wins": sum(1 for o in outcomes if o.a_total < o.b_total),
        "draws": sum(1 for o in outcomes if o.a_total == o.b_total),
        "a_mean_margin": round(sum(o.a_total - o.b_total for o in outcomes) / n, 2) if n else 0.0,
        "capots": {"a": sum(o.a_capots for o in outcomes), "b": sum(o.b_capots for o in outcomes)},
        "capot_chances": {"a": sum(o.a_chances for o in outcomes),
                          "b": sum(o.b_chances for o in outcomes)},
        "capots_broken": {"a": sum(o.a_broken for o in outcomes),
                          "b": sum(o.b_broken for o in outcomes)},
        "decision_ms": {
            "a": percentiles([t for o in outcomes for t in o.a_ms]),
            "b": percentiles([t for o in outcomes for t in o.b_ms]),
        },
    }


def percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": round(statistics.median(ordered), 3), "p95": round(p95, 3),
            "max": round(ordered[-1], 3)}


def score_interval(outcomes: list[Outcome]) -> tuple[float, float | None]:
    """A's score rate (draw = 1/2) and its 95% half-width, over the seat-swapped
    pairs (the two matches of a pair share their deals, so they are not independent).
    The half-width is None below two pairs (a spread needs two values)."""
    pairs: dict[int, list[float]] = {}
    for o in outcomes:
        pairs.setdefault(o.index // 2, []).append(o.a_score)
    values = [sum(v) / len(v) for v in pairs.values()]
    rate = sum(o.a_score for o in outcomes) / len(outcomes)
    if len(values) < 2:
        return rate, None
    return rate, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% half-width (normal: 1.96 standard errors; None below
    two values, where no spread can be measured)."""

    mean: float
    half: float | None

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        mean = sum(values) / len(values)
        if len(values) < 2:
            return cls(mean, None)
        return cls(mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values)))

    def as_json(self, digits: int = 3) -> dict[str, float | None]:
        return {"mean": round(self.mean, digits),
                "half": None if self.half is None else round(self.half, digits)}

    def text(self, fmt: str = "+.1f") -> str:
        spread = "" if self.half is None else f" ± {self.half:{fmt.lstrip('+')}}"
        return f"{self.mean:{fmt}}{spread}"


@dataclass(frozen=True)
class DuplicateResult:
    """What a deal (one match at two tables, the seats swapped) gives A over B."""

    deals: int
    lead: Estimate  # hand points: A's total minus B's, summed over the two tables
    match_value: Estimate  # A's match results (1 / 1/2 / 0) at the two tables, minus 1
    share: Estimate  # A's match share (draw = 1/2), its interval over the deals
    leads: tuple[int, ...]  # each deal's lead, in order (for paired comparisons)

    def as_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "lead": self.lead.as_json(2),
                "match_value": self.match_value.as_json(), "share": self.share.as_json()}

    def text(self) -> str:
        return (f"a deal (two tables): {self.lead.text()} hand points, match value "
                f"{self.match_value.text('+.3f')}, share {self.share.mean:.1%}"
                + ("" if self.share.half is None else f" ± {self.share.half:.1%}")
                + f" (95% intervals over {self.deals} deals)")


def deal_pairs(outcomes: Sequence[Outcome]) -> list[tuple[Outcome, Outcome]]:
    """The outcomes as deals: matches 2k and 2k + 1 (both tables of deal k), in
    order; a table without its twin is left out."""
    by_index = {o.index: o for o in outcomes}
    return [(o, by_index[o.index + 1]) for o in sorted(outcomes, key=lambda o: o.index)
            if o.index % 2 == 0 and o.index + 1 in by_index]


def duplicate_summary(outcomes: Sequence[Outcome]) -> DuplicateResult:
    """The duplicate figures of the deals both of whose tables are in ``outcomes``
    (at least one), or ValueError."""
    pairs = deal_pairs(outcomes)
    if not pairs:
        raise ValueError("duplicate figures need both tables of at least one deal")
    leads = [first.a_total - first.b_total + second.a_total - second.b_total
             for first, second in pairs]
    values = [first.a_score + second.a_score - 1.0 for first, second in pairs]
    shares = [(first.a_score + second.a_score) / 2 for first, second in pairs]
    return DuplicateResult(len(pairs), Estimate.of(leads), Estimate.of(values),
                           Estimate.of(shares), tuple(leads))


def deal_row(first: Outcome, second: Outcome) -> dict[str, int | float]:
    """One deal's line of ``--rows``: its index, A's lead in hand points and in
    match value (the two tables summed, as ``duplicate_summary``)."""
    return {"deal": first.index // 2,
            "lead": first.a_total - first.b_total + second.a_total - second.b_total,
            "match_value": first.a_score + second.a_score - 1.0}


def write_rows(path: str, pairs: Sequence[tuple[Outcome, Outcome]]) -> None:
    """``--rows FILE``: one JSON line a deal, so that two runs on the same seed
    (the same deals) compare deal by deal."""
    Path(path).write_text("".join(json.dumps(deal_row(first, second)) + "\n"
                                  for first, second in pairs), encoding="utf-8")


def _progress_printer(total: int, every: float = 10.0, duplicate: bool = False) -> Progress:
    """A stderr line at most every ``every`` seconds (so only long runs show one);
    in duplicate play with the duplicate figures of the deals so far."""
    start = time.monotonic()
    last = [start]

    def show(done: int, outcomes: list[Outcome]) -> None:
        now = time.monotonic()
        if now - last[0] < every:
            return
        last[0] = now
        rate, _ = score_interval(outcomes)
        figures = (f", {duplicate_summary(outcomes).text()}"
                   if duplicate and deal_pairs(outcomes) else "")
        print(f"arena: {done}/{total} matches, A scores {rate:.1%}{figures}, "
              f"{now - start:.0f}s", file=sys.stderr, flush=True)

    return show


def main(args: argparse.Namespace, factory: PlayerFactory | None = None) -> int:
    """The ``arena`` command; ``factory`` builds the players (default: the levels)."""
    levels = getattr(args, "levels", None)
    problem = matches_problem(args.matches)
    if problem is not None:  # at once, in one line: nothing allocated, no worker started
        print(f"belote2p arena: {problem}", file=sys.stderr)
        return 2
    duplicate = bool(getattr(args, "duplicate", False))
    if duplicate and args.matches % 2:
        print("belote2p arena: --duplicate plays each deal at two tables: --matches must be "
              f"even (got {args.matches})", file=sys.stderr)
        return 2
    if {str(args.a), str(args.b)} != {"random"}:
        _levels(levels)  # a broken levels file stops here, before any match or worker starts
    summary, outcomes = run_arena(str(args.a), str(args.b), args.matches, str(args.seed),
                                  args.jobs, _progress_printer(args.matches, duplicate=duplicate),
                                  factory, levels, duplicate)
    rate, half = score_interval(outcomes)
    interval = (f"± {half:.1%} (95% CI, draw = 1/2)" if half is not None
                else "(no confidence interval below 2 match pairs; draw = 1/2)")
    print(f"A ({summary['a']}) vs B ({summary['b']}): A scores {rate:.1%} {interval} "
          f"over {summary['matches']} matches", file=sys.stderr)
    if duplicate:
        result = duplicate_summary(outcomes)
        print(f"A over B, {result.text()}", file=sys.stderr)
        rows = getattr(args, "rows", None)
        if rows:
            write_rows(rows, deal_pairs(outcomes))
    print(json.dumps(summary), flush=True)
    return 0
