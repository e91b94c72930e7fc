"""A run's figures, counted once by replaying its actions (issue #31).

What the statistics, the History list and the leaderboard need of a run: its
score, streak, margin total, level and matches (``runs.run_summary``), and what
the player did in it (hands, contracts, capots, belotes, matches per rival
level).  ``figures_of`` replays the actions with the core and counts them; the
store keeps the figures of every finished run (table ``run_figures``, written
when the run is recorded, and by schema step 4 for the runs already there), so
summing them costs one SQL query however long the history.

Counted for the player's seat (``match.PLAYER``):

- matches: finished matches, and the match under way of an abandoned run (it
  counts as lost, as on the leaderboard); the match of a run in progress is not
  counted yet, its finished hands are;
- per level: matches played, won and drawn against that rival level;
- hands: finished hands; contracts taken / made / dedans: hands the player
  took, and how they ended for the player (a tie is neither made nor dedans);
- capots and belotes: those the player scored.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.actions import HandResult, Phase, parse_action
from ..core.match import MAX_LEVEL, PLAYER, Run
from .runs import run_summary

if TYPE_CHECKING:
    from ..core.hand import Hand

LEVELS = tuple(range(1, MAX_LEVEL + 1))


@dataclass(frozen=True)
class Tally:
    """What the player did over some runs; ``played``/``won``/``drawn``: matches
    per rival level (index 0 is level 1).  Added with ``+``."""

    hands: int = 0
    taken: int = 0
    made: int = 0
    dedans: int = 0
    capots: int = 0
    belotes: int = 0
    played: tuple[int, ...] = (0,) * MAX_LEVEL
    won: tuple[int, ...] = (0,) * MAX_LEVEL
    drawn: tuple[int, ...] = (0,) * MAX_LEVEL

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: _plus(getattr(self, f.name), getattr(other, f.name))
                        for f in fields(self)})

    @property
    def columns(self) -> tuple[int, ...]:
        """The values in ``TALLY_COLUMNS`` order (the ``run_figures`` columns)."""
        return (self.hands, self.taken, self.made, self.dedans, self.capots, self.belotes,
                *self.played, *self.won, *self.drawn)

    @classmethod
    def from_columns(cls, values: tuple[Any, ...]) -> Tally:
        """The inverse of ``columns`` (a NULL sum, of no rows, reads as 0)."""
        ints = [int(v or 0) for v in values]
        hands, taken, made, dedans, capots, belotes = ints[:6]
        n = MAX_LEVEL
        return cls(hands, taken, made, dedans, capots, belotes, tuple(ints[6:6 + n]),
                   tuple(ints[6 + n:6 + 2 * n]), tuple(ints[6 + 2 * n:6 + 3 * n]))


def _plus(a: Any, b: Any) -> Any:
    return tuple(x + y for x, y in zip(a, b)) if isinstance(a, tuple) else a + b


TALLY_COLUMNS = ("hands", "taken", "made", "dedans", "capots", "belotes",
                 *(f"played{n}" for n in LEVELS), *(f"won{n}" for n in LEVELS),
                 *(f"drawn{n}" for n in LEVELS))
SUMMARY_COLUMNS = ("score", "streak", "margin_total", "level", "matches")


@dataclass(frozen=True)
class RunFigures:
    """A run's figures: its summary (``SUMMARY_COLUMNS``, as ``run_summary``
    gives them), what the player did (``tally``), and ``whole``: every action
    replayed (False: the run was damaged or edited, its figures go as far as
    its actions do)."""

    score: int
    streak: int
    margin_total: int
    level: int
    matches: int
    abandoned: bool
    results: tuple[dict[str, Any], ...]  # ``runs.match_results``: one object a match
    tally: Tally
    whole: bool = True

    @property
    def totals(self) -> Totals:
        """This run alone, as ``Totals``."""
        return Totals(1, self.streak, self.score, 0, self.tally)


@dataclass(frozen=True)
class Totals:
    """The figures of many runs summed (``Store.figure_totals``)."""

    runs: int = 0
    best_streak: int = 0
    best_score: int = 0
    without_actions: int = 0  # runs recorded before actions were kept: not tallied
    tally: Tally = Tally()

    def __add__(self, other: Totals) -> Totals:
        return Totals(self.runs + other.runs, max(self.best_streak, other.best_streak),
                      max(self.best_score, other.best_score),
                      self.without_actions + other.without_actions, self.tally + other.tally)


def _level_add(counts: tuple[int, ...], level: int, amount: int = 1) -> tuple[int, ...]:
    return tuple(c + amount if i == level - 1 else c for i, c in enumerate(counts))


@lru_cache(maxsize=4096)
def figures_of(seed: str, actions: tuple[str, ...], abandoned: bool) -> RunFigures:
    """Replay ``actions`` and count the run's figures (see the module's doc).
    Stops at an action the engine refuses (``whole`` False).  Cached: the
    window asks again for every screen."""
    run = Run(seed)
    hand_tally = Tally()
    played, won, drawn = (0,) * MAX_LEVEL, (0,) * MAX_LEVEL, (0,) * MAX_LEVEL
    whole = True
    for word in actions:
        match, level = run.match, run.rival_level
        hand = match.hand
        try:
            run.apply(parse_action(word))
        except ValueError:  # the engine refuses it (IllegalAction, CardError)
            whole = False
            break
        if hand.phase is Phase.DONE:
            hand_tally = hand_tally + _hand_tally(hand)
        if match.over:
            result = run.results[-1]
            played = _level_add(played, level)
            won = _level_add(won, level, int(result.won_by(PLAYER)))
            drawn = _level_add(drawn, level, int(result.winner is None))
    if abandoned and not run.over:
        played = _level_add(played, run.rival_level)  # the match under way: lost
        run.abandon()
    summary = run_summary(run)
    tally = Tally(hand_tally.hands, hand_tally.taken, hand_tally.made, hand_tally.dedans,
                  hand_tally.capots, hand_tally.belotes, played, won, drawn)
    return RunFigures(summary["score"], summary["streak"], summary["margin_total"],
                      summary["level"], summary["matches"], summary["abandoned"],
                      tuple(summary["results"]), tally, whole)


def _hand_tally(hand: Hand) -> Tally:
    score = hand.score()
    took = hand.taker == PLAYER
    return Tally(hands=1, taken=int(took),
                 made=int(took and score.result is HandResult.MADE),
                 dedans=int(took and score.result is HandResult.DEDANS),
                 capots=int(score.capot == PLAYER), belotes=int(score.belote == PLAYER))


def evenly_spread(total: int, most: int) -> list[int]:
    """``most`` indices of ``range(total)`` evenly spread, the first and the
    last included (all of them when there are no more than ``most``): the
    points a chart of a long history plots."""
    if total <= most:
        return list(range(total))
    last = total - 1
    return [i * last // (most - 1) for i in range(most)]
