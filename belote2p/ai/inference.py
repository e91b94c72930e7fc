"""Inference: how well a deal of the unseen cards explains what the other seat did.

Level 4 samples deals of the cards it cannot see.  Uniform deals ignore what
the other seat has shown: which card it led, which it followed with, whether
it trumped a ten, how it bid.  Here a deal is weighed by its *likelihood*
under a model of the other seat's play, and level 4 draws its deals from a
pool of uniform ones in proportion to those weights (sampling-importance
resampling; ``SearchPlayer.sample_deal``).

The model of the other seat is the tips policy (level 4's own play knobs)
with noise: at each of its stock-phase cards so far, it plays card ``c`` of the
hand the deal gives it then with probability

    (1 - noise) * softmax(score(c) / temperature) + noise / (cards in hand)

where ``score`` is the tips' score of the card (``heuristics.follow_scores`` /
``lead_scores_stock``).  Its bids count too: a take with strength ``s`` has
probability ``logistic((s - take_threshold) / bid_scale)``, a pass one minus
that (``bid_scale`` 0: bids are not used).

The hand the other seat held at a past trick is not in the deal, which only
says what it holds now: its cards (held and played) are put back in an order
in which it could have received them (``sampling.arrival_order``), and its
hand before trick ``t`` is the first ``9 + t`` of them minus the cards it had
played.  Everything comes from the view, the deal and the player's rng.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.actions import PASS
from ..core.cards import Card
from ..core.view import SeatView
from .bidding import strength
from .heuristics import follow_scores, lead_scores_stock
from .knowledge import Info, forget
from .levels import BidKnobs, PlayKnobs, SearchKnobs
from .sampling import arrival_order
from .tables import FULL, PTS, mask_of

STOCK_TRICKS = 7  # tricks played while the stock lasts (14 cards, two a trick)
DEALT = 9  # cards a seat holds when play starts


def log_likelihood(view: SeatView, other_hand: Sequence[Card], rng: random.Random,
                   play: PlayKnobs, bid: BidKnobs, k: SearchKnobs) -> float:
    """Log-likelihood of the other seat's bids and stock-phase cards so far if
    it holds ``other_hand`` now (see the module docstring)."""
    me, other = view.seat, 1 - view.seat
    order = arrival_order(view, other_hand, rng)
    total = 0.0
    if k.inference_bid_scale > 0:
        total += _bids(view, order[:6], bid, k.inference_bid_scale)
    trump, taker = view.contract
    pts = PTS[trump]
    tricks = list(view.tricks[:STOCK_TRICKS])
    moves: list[tuple[int, int, int]] = []  # (trick index, the card led or -1, other's card)
    for t, trick in enumerate(tricks):
        mine_first = trick.leader == me
        moves.append((t, int(trick.cards[0]) if mine_first else -1, int(trick.card_of(other))))
    if view.current_trick and view.leader == other and len(tricks) < STOCK_TRICKS:
        moves.append((len(tricks), -1, int(view.current_trick[0])))
    played_before = 0  # the other seat's cards played before trick t
    gone = 0  # every card played before trick t
    points = [0, 0]
    t_done = 0
    for t, lead, card in moves:
        while t_done < t:
            trick = tricks[t_done]
            played_before |= 1 << trick.card_of(other)
            gone |= mask_of(trick.cards)
            points[trick.winner] += sum(pts[c] for c in trick.cards)
            t_done += 1
        held = mask_of(order[:DEALT + t]) & ~played_before
        hand: list[int] = [int(c) for c in order[:DEALT + t] if held >> c & 1]
        if card not in hand:  # cannot happen with a consistent order; weigh nothing
            continue
        seen = gone | (1 << lead if lead >= 0 else 0)
        known = 1 << view.turned if taker == me and not (seen >> view.turned & 1) else 0
        info = Info(hand, held, trump, lead, 2 * (STOCK_TRICKS - t),
                    FULL & ~seen & ~held, known, DEALT - (1 if lead >= 0 else 0),
                    other, taker, points[other], points[me], t)
        if not play.count_plain:
            info.unseen = forget(info.unseen, held, lead, trump, not play.count_trumps)
        scores = follow_scores(info, hand, play) if lead >= 0 else lead_scores_stock(info, play)
        total += math.log(_chance(scores, hand.index(card), k))
    return total


def _chance(scores: Sequence[float], index: int, k: SearchKnobs) -> float:
    top = max(scores)
    weights = [math.exp((s - top) / k.inference_temperature) for s in scores]
    soft = weights[index] / sum(weights)
    return (1.0 - k.inference_noise) * soft + k.inference_noise / len(scores)


def _bids(view: SeatView, six: Sequence[Card], k: BidKnobs, scale: float) -> float:
    """Log-chance of the other seat's bids, holding ``six`` when it bid."""
    cards = list(six) + ([view.turned] if k.count_turned else [])
    turned_suit = view.turned.suit
    total = 0.0
    for index, (seat, bid) in enumerate(view.bids):
        if seat == view.seat:
            continue
        if bid is PASS:
            suits = [turned_suit] if index < 2 else [s for s in range(4) if s != turned_suit]
            value = max(strength(cards, s, k) for s in suits)
            total += math.log(1.0 - _logistic((value - k.take_threshold) / scale))
        elif not (index >= 2 and view.forced_dealer and seat == view.dealer):
            value = strength(cards, bid.trump(turned_suit), k)
            total += math.log(_logistic((value - k.take_threshold) / scale))
    return total


def _logistic(x: float) -> float:
    x = max(-30.0, min(30.0, x))
    return 1.0 / (1.0 + math.exp(-x))


def weighted_index(log_weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to ``exp(log_weights)``."""
    top = max(log_weights)
    weights = [math.exp(w - top) for w in log_weights]
    u = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        u -= w
        if u < 0:
            return i
    return len(weights) - 1
