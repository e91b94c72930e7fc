"""A rating that needs few matches: the results' rating (``services.rating``)
joined with what the duplicate differences say (issue #32).

A match's result is one bit of mostly luck; its hands' differences against
level 4 in the same seat (``services.duplicate``) are many points with the
deal's luck taken out.  The levels' own differences are measured
(``tools/measure_duplicate.py``) and shipped as data, ``duplicate_anchors.yaml``
(``tools/fit_duplicate_anchors.py`` writes it): level L in the player's seat
loses ``per_hand[L]`` points a hand to level 4 on average (level 4: 0), with a
spread of ``hand_sd`` points a hand.

The player's average difference is placed on the rating scale by the
least-squares line through the levels' points (average difference, the
level's rating anchor); its standard error is ``hand_sd / sqrt(hands)``
(the shipped spread, not the player's own, which a handful of hands -- or a
player who plays like level 4, exactly 0 -- would under-state) times the
line's slope.  That estimate and the results' (its
most likely rating and standard error, as ``rating.estimate`` gives them) are
joined by inverse-variance weights.  From ``MIN_MATCHES`` matches on there is a
number.  docs/RIVAL.md ("A rating that needs few matches") gives the measured
figures and how much narrower the interval is than the results' alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..ai.levels import DataFileError, read_data_file
from .rating import (
    LEVELS,
    RATING_CEILING,
    RATING_FLOOR,
    Z95,
    Anchors,
    RatingDataError,
    estimate,
)

MIN_MATCHES = 2  # fewer: no number (the results' rating waits for rating.MIN_MATCHES)
FILE_NAME = "duplicate_anchors.yaml"


@dataclass(frozen=True)
class DuplicateAnchors:
    """Each level's average difference a hand against level 4, and the spread."""

    per_hand: Mapping[int, float]
    hand_sd: float


@dataclass(frozen=True)
class SkillRating:
    value: int | None  # None: too few matches
    interval: int | None  # the 95 % half-width
    matches: int
    hands: int

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "interval": self.interval, "matches": self.matches,
                "hands": self.hands}


def duplicate_anchors_path() -> Path:
    from ..core.resources import data_root

    return data_root() / FILE_NAME


def load_duplicate_anchors(path: str | Path | None = None) -> DuplicateAnchors:
    """The shipped figures (or those of ``path``), checked; one ``RatingDataError``
    naming the file and the key otherwise."""
    path = duplicate_anchors_path() if path is None else path
    try:
        data = read_data_file(path)
    except DataFileError as exc:
        raise RatingDataError(f"{path}: cannot be read ({exc})") from None
    return duplicate_anchors_from(data, str(path))


def duplicate_anchors_from(data: Any, source: str = FILE_NAME) -> DuplicateAnchors:
    if not isinstance(data, dict) or not isinstance(data.get("per_hand"), dict):
        raise RatingDataError(f"{source}: needs a 'per_hand' mapping (level: points)")
    table = data["per_hand"]
    per_hand = {n: _number(table.get(n, table.get(str(n))), f"{source}: per_hand.{n}")
                for n in LEVELS}
    if per_hand[1] >= per_hand[4]:
        raise RatingDataError(f"{source}: per_hand.1 must be below per_hand.4 "
                              f"(level 1 loses more to level 4 than level 4 does)")
    hand_sd = _number(data.get("hand_sd"), f"{source}: hand_sd")
    if hand_sd <= 0:
        raise RatingDataError(f"{source}: hand_sd must be above 0, not {hand_sd}")
    return DuplicateAnchors(per_hand, hand_sd)


def _number(value: Any, where: str) -> float:
    if value is None:
        raise RatingDataError(f"{where}: missing")
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value):
        raise RatingDataError(f"{where}: must be a finite number, not {value!r}")
    return float(value)


def duplicate_estimate(differences: Sequence[int], anchors: Anchors,
                       figures: DuplicateAnchors) -> tuple[float, float]:
    """(the rating the average difference stands at, its standard error)."""
    intercept, slope = rating_line(anchors, figures)
    mean = sum(differences) / len(differences)
    value = min(RATING_CEILING, max(RATING_FLOOR, intercept + slope * mean))
    return value, slope * figures.hand_sd / math.sqrt(len(differences))


def rating_line(anchors: Anchors, figures: DuplicateAnchors) -> tuple[float, float]:
    """(intercept, slope): the least-squares line through the levels' points
    (average difference, rating anchor) -- a line, not one segment a pair of
    levels, because the averages are measured with errors of a few points and
    two close levels may come out in the wrong order."""
    xs = [figures.per_hand[n] for n in LEVELS]
    ys = [anchors.of(n) for n in LEVELS]
    x_mean, y_mean = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - x_mean) ** 2 for x in xs)
    slope = sum((x - x_mean) * (y - y_mean) for x, y in zip(xs, ys)) / spread
    if slope <= 0:
        raise RatingDataError(f"{FILE_NAME}: the levels' averages do not rise with their "
                              f"ratings ({xs})")
    return y_mean - slope * x_mean, slope


def skill_rating(results: Sequence[tuple[int, float]], differences: Sequence[int],
                 anchors: Anchors, figures: DuplicateAnchors) -> SkillRating:
    """``results``: (the rival's level, the player's score) a match;
    ``differences``: every hand's difference of those matches."""
    matches, hands = len(results), len(differences)
    if matches < MIN_MATCHES or not differences:
        return SkillRating(None, None, matches, hands)
    value, spread = joined(results, differences, anchors, figures)
    return SkillRating(round(value), round(Z95 * spread), matches, hands)


def joined(results: Sequence[tuple[int, float]], differences: Sequence[int],
           anchors: Anchors, figures: DuplicateAnchors) -> tuple[float, float]:
    """(rating, standard error) of both estimates joined by inverse variance."""
    by_results = estimate([(anchors.of(level), s) for level, s in results], anchors.centre)
    by_hands = duplicate_estimate(differences, anchors, figures)
    weights = [1.0 / sd ** 2 for _value, sd in (by_results, by_hands)]
    value = (by_results[0] * weights[0] + by_hands[0] * weights[1]) / sum(weights)
    return value, 1.0 / math.sqrt(sum(weights))
