"""The player's rating, on an Elo scale where the rival's four levels stand.

The levels' places (the *anchors*) are data, ``rating_anchors.yaml``, fitted
by ``tools/fit_rating_anchors.py`` from measured arena results (docs/RIVAL.md,
"Rating anchors"): level 1 is pinned at a stated value and the others are
placed by least squares on the Elo expected-score curve

    E(a beats b) = 1 / (1 + 10 ** ((R_b - R_a) / 400)).

The player's rating is then the most likely rating given their scored matches
(a win 1, a draw ½, a loss 0, each against the level of that match) under a
weak normal prior centred between the levels (``PRIOR_SD``), which keeps it
finite after a run of wins: the rating that makes the derivative of the log
posterior zero, found by bisection (deterministic, no order effect, no clock).
So it is monotone (a better result never lowers it), bounded
(``RATING_FLOOR``-``RATING_CEILING``) and the same for the same matches.  Its
interval is the 95% half-width from the curvature there.  Under
``MIN_MATCHES`` matches there is no number, only the count.

Nothing here reads a file but ``load_anchors``; everything else is pure.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..ai.levels import DataFileError, read_data_file

ELO_SCALE = 400.0  # points for a factor of 10 in the odds
MIN_MATCHES = 10  # fewer scored matches: "too few matches", no number
PRIOR_SD = 400.0  # the prior's spread: a rating is mostly the matches' say
Z95 = 1.96
RATING_FLOOR, RATING_CEILING = 0.0, 4000.0  # every rating and anchor lies in here
LEVELS = (1, 2, 3, 4)
_LN = math.log(10) / ELO_SCALE  # d/dR of ln(odds)


def expected(rating: float, other: float) -> float:
    """The Elo expected score of ``rating`` against ``other``."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / ELO_SCALE))


# ------------------------------------------------------------------ anchors
class RatingDataError(ValueError):
    """The anchors file is missing a value, or holds one of a wrong type or range."""


@dataclass(frozen=True)
class Anchors:
    """Each rival level's rating (1-4; ``random`` too when measured)."""

    levels: Mapping[int, float]
    random: float | None = None

    def of(self, level: int) -> float:
        return self.levels[level]

    @property
    def centre(self) -> float:
        """Where the prior is centred: the mean of the levels' ratings."""
        return sum(self.levels.values()) / len(self.levels)


def load_anchors(path: str | Path | None = None) -> Anchors:
    """The shipped anchors (or those of ``path``), every value checked; one
    ``RatingDataError`` naming the file, the key and the allowed range."""
    if path is None:
        from ..core.resources import rating_anchors_path

        path = rating_anchors_path()
    source = str(path)
    try:
        data = read_data_file(path)  # capped, no YAML aliases (issue #21)
    except DataFileError as exc:
        raise RatingDataError(f"{source}: cannot be read ({exc})") from None
    return anchors_from(data, source)


def anchors_from(data: Any, source: str = "rating anchors") -> Anchors:
    if not isinstance(data, dict) or not isinstance(data.get("ratings"), dict):
        raise RatingDataError(f"{source}: needs a 'ratings' mapping (level: rating)")
    ratings = data["ratings"]
    allowed = {str(n) for n in LEVELS} | {"random"}
    for key in ratings:
        if str(key) not in allowed:
            raise RatingDataError(f"{source}: ratings.{key}: unknown key (1-4 or random)")
    levels = {n: _rating_value(ratings, n, source) for n in LEVELS}
    rnd = _rating_value(ratings, "random", source) if "random" in ratings else None
    return Anchors(levels, rnd)


def _rating_value(ratings: dict[Any, Any], key: int | str, source: str) -> float:
    value = ratings.get(key, ratings.get(str(key)))
    where = f"{source}: ratings.{key}"
    if value is None:
        raise RatingDataError(f"{where}: missing")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RatingDataError(f"{where}: must be a number, not {value!r}")
    if not (math.isfinite(value) and RATING_FLOOR <= value <= RATING_CEILING):
        raise RatingDataError(
            f"{where}: must be {RATING_FLOOR:g}-{RATING_CEILING:g}, not {value!r}")
    return float(value)


# ------------------------------------------------------------------ rating
@dataclass(frozen=True)
class Rating:
    value: int | None  # None: too few matches to say
    interval: int | None  # the 95% half-width ("± 60")
    matches: int
    between: tuple[int | None, int | None] = (None, None)  # placement(value); not in JSON

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "interval": self.interval, "matches": self.matches}


def rating_of(results: Sequence[tuple[int, float]], anchors: Anchors) -> Rating:
    """``results``: (the rival's level, the player's score: 1, ½ or 0) per scored match."""
    return rating_of_counts(Counter(results), anchors)


def rating_of_counts(counts: Mapping[tuple[int, float], int], anchors: Anchors) -> Rating:
    """``counts``: how many matches of each (the rival's level, the player's
    score); the statistics keep their matches so, however many runs."""
    n = sum(counts.values())
    if n < MIN_MATCHES:
        return Rating(None, None, n)
    value, spread = estimate_counts(
        {(anchors.of(level), s): k for (level, s), k in counts.items()}, anchors.centre)
    return Rating(round(value), round(Z95 * spread), n, placement(round(value), anchors))


def estimate(games: Iterable[tuple[float, float]], centre: float) -> tuple[float, float]:
    """(the most likely rating, its standard error) given (opponent rating,
    score) games and the prior centred on ``centre``."""
    return estimate_counts(Counter(games), centre)


def estimate_counts(counts: Mapping[tuple[float, float], int],
                    centre: float) -> tuple[float, float]:
    """``estimate`` of games grouped: how many of each (opponent rating,
    score).  Summed in sorted order, so the same games give the same rating
    bit for bit, whatever order they came in."""
    games = sorted(counts.items())
    for (_other, score), _k in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a match score is 0-1, not {score}")

    def slope(r: float) -> float:  # d/dR of the log posterior (strictly decreasing)
        return _LN * sum(k * (s - expected(r, o)) for (o, s), k in games) \
            - (r - centre) / PRIOR_SD ** 2

    lo, hi = RATING_FLOOR, RATING_CEILING
    if slope(lo) <= 0:
        r = lo
    elif slope(hi) >= 0:
        r = hi
    else:
        for _ in range(64):  # far below a rating point
            mid = (lo + hi) / 2
            if slope(mid) > 0:
                lo = mid
            else:
                hi = mid
        r = (lo + hi) / 2
    info = _LN ** 2 * sum(k * expected(r, o) * (1 - expected(r, o)) for (o, _s), k in games)
    return r, 1.0 / math.sqrt(info + 1.0 / PRIOR_SD ** 2)


def placement(value: float, anchors: Anchors) -> tuple[int | None, int | None]:
    """The levels just below and just above ``value`` (None past the ends):
    (2, 3) is "between levels 2 and 3", (None, 1) "below level 1"."""
    below = [n for n in LEVELS if anchors.of(n) <= value]
    above = [n for n in LEVELS if anchors.of(n) > value]
    return (max(below, key=anchors.of) if below else None,
            min(above, key=anchors.of) if above else None)


# ------------------------------------------------------------------ the fit
@dataclass(frozen=True)
class ArenaResult:
    """One arena line: A against B (a level 1-4 or "random")."""

    a: str
    b: str
    matches: int
    a_wins: int
    b_wins: int
    draws: int
    command: str = ""

    @property
    def score(self) -> float:
        return (self.a_wins + 0.5 * self.draws) / self.matches


def fit_anchors(results: Sequence[ArenaResult], pinned: str = "1",
                pinned_at: float = 1000.0) -> dict[str, float]:
    """Every player's rating, ``pinned`` held at ``pinned_at``, the rest by
    least squares (weighted by matches) of the Elo expected score against each
    measured score (Gauss-Newton, damped; deterministic)."""
    names = sorted({r.a for r in results} | {r.b for r in results} | {pinned})
    free = [n for n in names if n != pinned]
    for name in free:
        if not _connected(name, pinned, results):
            raise ValueError(f"no arena result links {name} to {pinned}")
    rating = dict.fromkeys(names, pinned_at)
    damping = 1e-3
    for _ in range(200):
        jac, res, weights = [], [], []
        for r in results:
            e = expected(rating[r.a], rating[r.b])
            d = _LN * e * (1 - e)
            jac.append([d if n == r.a else -d if n == r.b else 0.0 for n in free])
            res.append(r.score - e)
            weights.append(float(r.matches))
        k = len(free)
        ata = [[sum(w * row[i] * row[j] for w, row in zip(weights, jac)) for j in range(k)]
               for i in range(k)]
        atr = [sum(w * row[i] * e for w, row, e in zip(weights, jac, res)) for i in range(k)]
        for i in range(k):
            ata[i][i] *= 1 + damping
        step = _solve(ata, atr)
        for name, s in zip(free, step):
            rating[name] = min(RATING_CEILING, max(RATING_FLOOR, rating[name] + s))
        if max((abs(s) for s in step), default=0.0) < 1e-6:
            break
    return rating


def _connected(name: str, target: str, results: Sequence[ArenaResult]) -> bool:
    seen, todo = {name}, [name]
    while todo:
        here = todo.pop()
        for r in results:
            for x, y in ((r.a, r.b), (r.b, r.a)):
                if x == here and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return target in seen


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-posed system)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if m[col][col] == 0:
            raise ValueError("the arena results do not fix every rating")
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for cc in range(col, n + 1):
                m[r][cc] -= f * m[col][cc]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][cc] * x[cc] for cc in range(r + 1, n))) / m[r][r]
    return x
