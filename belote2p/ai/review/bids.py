"""The bids, estimated from what the seat knew when it spoke.

Level 4's bid simulation (``search.BidSearch``) is reused with points in place
of match value: for each of ``samples`` whole decks consistent with the seat's
view (and, by rejection sampling, with the other seat's passes), each legal
word is played out — a take directly, a pass by continuing the bidding with a
threshold model of the other seat and this seat's best later word over the
same decks.  A word's value is the mean score difference of the hand (this
seat's score minus the rival's, contract outcome included: a failed contract
costs the whole hand); two passes in round 2 are worth 0 (a fresh deal).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ...core.actions import PASS, Bid
from ...core.view import SeatView
from ..levels import Level
from ..sampling import sample_deck
from ..search import BidSearch, SearchPlayer
from .model import BidVerdict


@dataclass(frozen=True)
class BidReviewKnobs:
    samples: int  # whole decks per bid (at most 100: see the loss rounding)
    rejection: int  # tries to agree with the other seat's passes
    level: Level  # the level whose bid model and playouts judge the bids


class _Points:
    """A ``HandWorth`` that values a hand by its score difference, in points."""

    def value(self, hand_diff: float) -> float:
        return hand_diff

    def open_value(self, expected_diff: float = 0.0) -> float:
        return expected_diff


def bid_verdict(view: SeatView, bid: Bid, knobs: BidReviewKnobs, rng: random.Random) -> BidVerdict:
    """Each legal word's estimated value and the loss of ``bid`` against the best."""
    values = _word_values(view, knobs, rng)
    top = max(values.values())
    ranked = tuple((word, values[word]) for word in view.legal if isinstance(word, Bid))
    return BidVerdict(
        seat=view.seat, bid=bid, loss=round(top - values[bid], 2),
        best=tuple(word for word, v in ranked if v == top), values=ranked,
    )


def _word_values(view: SeatView, knobs: BidReviewKnobs, rng: random.Random) -> dict[Bid, float]:
    legal = [b for b in view.legal if isinstance(b, Bid)]
    if len(legal) == 1:
        return {legal[0]: 0.0}
    search = BidSearch(SearchPlayer(knobs.level, rng), view)
    search.outlook = _Points()
    takes = [b for b in legal if b is not PASS]
    plans = search.plans() if PASS in legal else []
    take_sums = [0.0] * len(takes)
    plan_sums = [0.0] * len(plans)
    for _ in range(knobs.samples):
        deck = sample_deck(view, rng, search.player.bid_knobs, knobs.rejection)
        cache: dict[tuple[int, int], float] = {}
        for i, take in enumerate(takes):
            take_sums[i] += search.outcome(deck, view.seat, search.trump_of(take), cache)
        for i, plan in enumerate(plans):
            plan_sums[i] += search.after_pass(deck, plan, cache)
    values = {take: round(total / knobs.samples, 2) for take, total in zip(takes, take_sums)}
    if plans:
        values[PASS] = round(max(plan_sums) / knobs.samples, 2)
    return values


def bid_level(level: Level, solve_cards: int) -> Level:
    """The level with the bid playouts' solver depth set."""
    return dataclasses.replace(level, search=dataclasses.replace(
        level.search, bid_solve_cards=solve_cards, bid_take_margin=0))
