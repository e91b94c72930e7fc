"""The skill figure: the average over hands of "your points minus level 4's in
your seat" (``services.duplicate``), with its uncertainty (issue #32).

The deal's luck is the same on both sides of each difference, so what is left
is how the two lines of play differ: 0 per hand is playing as well as level 4,
and the interval says how sure the average is (the mean ± 1.96 standard
errors, a 95 % normal interval; none before two hands).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .duplicate import run_duplicates
from .rival import Levels

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class Skill:
    hands: int
    per_hand: float | None  # None: no hand compared yet
    interval: tuple[float, float] | None  # None: fewer than two hands

    def as_json(self) -> dict[str, object]:
        """``stats --json``'s ``"skill"`` object (figures to 0.1 point)."""
        return {"per_hand": _tenths(self.per_hand),
                "interval": None if self.interval is None
                else [_tenths(self.interval[0]), _tenths(self.interval[1])],
                "hands": self.hands}


NO_SKILL = Skill(0, None, None)  # no hand compared


def _tenths(value: float | None) -> float | int | None:
    if value is None:
        return None
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def skill_of(differences: Sequence[int]) -> Skill:
    """The skill figure of these per-hand differences."""
    return skill_of_sums(len(differences), sum(differences), sum(d * d for d in differences))


def skill_of_sums(hands: int, total: int, squares: int) -> Skill:
    """The skill figure of ``hands`` differences given by their sum and the
    sum of their squares (``Store.difference_sums``); the variance is formed
    from the whole numbers exactly, then divided once."""
    if hands <= 0:
        return NO_SKILL
    mean = total / hands
    if hands < 2:
        return Skill(hands, mean, None)
    variance = max(0, hands * squares - total * total) / (hands * (hands - 1))
    half = Z95 * math.sqrt(variance / hands)
    return Skill(hands, mean, (mean - half, mean + half))


def run_differences(seed: str, actions: Sequence[str],
                    levels: Levels | None = None) -> list[int]:
    """Each finished hand's difference, in order."""
    return [d.difference for d in run_duplicates(seed, actions, levels)]


def skill_of_runs(runs: Iterable[tuple[str, Sequence[str]]],
                  levels: Levels | None = None) -> Skill:
    """The figure over every finished hand of these ``(seed, actions)`` runs."""
    return skill_of([d for seed, actions in runs for d in run_differences(seed, actions, levels)])
