"""Playing for the match: what a hand's outcome is worth to levels 3 and 4.

A match is two hands.  After the second hand only the result counts (win 1,
draw 1/2, loss 0) and then the margin; after the first, the result is still
open, so a lead of ``d`` points is worth the chance of keeping it through a
hand whose score difference spreads like a normal law of width
``hand_sigma``.  A small ``margin_weight`` ranks outcomes of equal result by
their margin (the streak's tie-break).
"""

from __future__ import annotations

import math
from typing import Protocol

from ..core.match import HANDS_PER_MATCH
from ..core.view import SeatView
from .levels import MatchKnobs


def match_value(diff: float, hands_left: int, k: MatchKnobs) -> float:
    """Worth of leading the match by ``diff`` with ``hands_left`` hands to play."""
    if hands_left <= 0:
        result = 1.0 if diff > 0 else (0.5 if diff == 0 else 0.0)
    else:
        spread = k.hand_sigma * math.sqrt(hands_left)
        result = 0.5 * (1.0 + math.erf(diff / (spread * math.sqrt(2.0))))
    return result + k.margin_weight * diff / 100.0


class HandWorth(Protocol):
    """What the outcome of a hand is worth to a seat: the match value
    (``Outlook``) or, for the review, the plain points."""

    def value(self, hand_diff: float) -> float: ...

    def open_value(self, expected_diff: float = 0.0) -> float: ...


class Outlook:
    """The match seen from one seat, for the hand being played."""

    __slots__ = ("before", "hands_left", "knobs")

    def __init__(self, view: SeatView, knobs: MatchKnobs):
        before = view.context.scores_before
        mine, theirs = before[view.seat], before[1 - view.seat]
        self.before = mine - theirs
        self.hands_left = HANDS_PER_MATCH - 1 - view.context.hand_index
        self.knobs = knobs

    def value(self, hand_diff: float) -> float:
        """Worth of ending this hand ``hand_diff`` points ahead (this seat's view)."""
        return match_value(self.before + hand_diff, self.hands_left, self.knobs)

    def open_value(self, expected_diff: float = 0.0) -> float:
        """Worth of this hand when its outcome is still wide open (a fresh deal,
        or a pass that leaves the contract to the other seat), ``expected_diff``
        being its expected score difference."""
        return match_value(self.before + expected_diff, self.hands_left + 1, self.knobs)
