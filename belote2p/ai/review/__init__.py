"""Hand review (issue #11): where a hand was lost, card by card.

The strict phase (tricks 8-16) is judged exactly by the solver; the stock
phase (tricks 1-7) and the bids are estimated by sampling from what the seat
could see then.  See ``engine.review_hand`` for the API.
"""

from __future__ import annotations

from .engine import DEFAULT_SAMPLES, ReviewSettings, review_hand, review_record
from .model import BidVerdict, CardVerdict, HandReview, ReviewPhase

__all__ = ["DEFAULT_SAMPLES", "BidVerdict", "CardVerdict", "HandReview", "ReviewPhase",
           "ReviewSettings", "review_hand", "review_record"]
