"""The rival's levels as players: a ``SeatView`` in, a bid or a card out.

- ``TipsPlayer`` is levels 1-3: the tips' bidding and card play, with level
  1's beginner mistakes (``beginner_slips``, leading big plain cards), level
  3's full counting, perfect strict phase (the solver) and match-aware
  bidding, all switched by the level's knobs.
- ``SearchPlayer`` (search.py) is level 4: it samples the unseen cards.

Players keep no state between decisions other than their ``random.Random``;
they are plain picklable objects, built from the level's parameters.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.actions import PASS, Action, Bid, Phase
from ..core.cards import CARDS, JACK, KING, NINE, QUEEN, Card
from ..core.view import SeatView
from .bidding import best_take, threshold_bid
from .heuristics import choose_card, highest_plain, legal_cards
from .knowledge import Info, info_from_view
from .levels import Level, MatchKnobs
from .tables import BEATERS, PTS, STR
from .utility import Outlook


class TipsPlayer:
    """Levels 1-3 (see the module docstring); knobs come from levels.yaml."""

    def __init__(self, level: Level, rng: random.Random, name: str | None = None):
        self.level = level.number
        self.name = name or f"level {level.number}"
        self.rng = rng
        self.bid_knobs = level.bidding
        self.play_knobs = level.play
        self.match_knobs = level.match

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.BIDDING:
            return self.choose_bid(view)
        return self.choose_card(view)

    # ---------------------------------------------------------------- bidding
    def choose_bid(self, view: SeatView) -> Bid:
        if self.match_knobs.play_for_match:
            return self.match_bid(view)
        return threshold_bid(view, self.bid_knobs)

    def match_bid(self, view: SeatView) -> Bid:
        """Take if the contract's expected match value beats passing."""
        bid, value = best_take(view, self.bid_knobs)
        if PASS not in view.legal:
            return bid
        m = self.match_knobs
        outlook = Outlook(view, m)
        make = 1.0 / (1.0 + math.exp(-(value - m.make_center) / m.make_scale))
        made = m.made_margin + m.made_margin_slope * (value - m.make_center)
        take = make * outlook.value(made) + (1.0 - make) * outlook.value(-m.dedans_margin)
        return bid if take > pass_value(view, outlook, m) else PASS

    # ------------------------------------------------------------------- play
    def choose_card(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        k = self.play_knobs
        if view.strict and k.strict_solver:
            return solver_card(view, k.play_for_capot)
        info = info_from_view(view, k.count_plain, k.count_trumps)
        if k.mistake_rate:
            slips = beginner_slips(info)
            if slips and self.rng.random() < k.mistake_rate:
                return CARDS[self.rng.choice(slips)]
        if (info.lead < 0 and not info.strict and k.lead_high_rate
                and self.rng.random() < k.lead_high_rate):
            return CARDS[highest_plain(info)]
        return CARDS[choose_card(info, k)]


def beginner_slips(info: Info) -> list[int]:
    """The characteristic mistakes a beginner may make following this trick,
    from what it sees: winning a plain card worth a few points with the J or 9
    of trumps (the trumps a player keeps for the strict phase), or breaking its
    K+Q of trumps to win a trick.  Sorted; empty when none applies."""
    if info.lead < 0:
        return []
    trump, lead = info.trump, info.lead
    beaters = BEATERS[trump][lead]
    winners = [c for c in legal_cards(info) if beaters >> c & 1 and c >> 3 == trump]
    slips: set[int] = set()
    if lead >> 3 != trump and 0 < PTS[trump][lead] < BIG_POINTS:
        slips.update(c for c in winners if c & 7 in (JACK, NINE))
    if info.belote_pair:
        slips.update(c for c in winners if c & 7 in (KING, QUEEN))
    return sorted(slips)


BIG_POINTS = 10  # a ten or an ace: a trick a good player gladly trumps


def pass_value(view: SeatView, outlook: Outlook, m: MatchKnobs) -> float:
    """Worth of passing: an open hand, a fresh deal if this is the last word."""
    if view.bid_round == 2 and view.seat == view.dealer:
        return outlook.open_value()
    return outlook.open_value(m.pass_margin)


def capot_seat(view: SeatView) -> int | None:
    """The seat that has won every trick so far (it leads this one), if any."""
    winners = {trick.winner for trick in view.tricks}
    return view.leader if winners == {view.leader} else None


def solver_card(view: SeatView, play_for_capot: bool = True) -> Card:
    """A perfect strict-phase card (the lowest of the optimal ones), playing
    for a capot or to break one when a seat has won every trick so far (unless
    ``play_for_capot`` is false: then for points only)."""
    from .solver import solve

    if view.other_hand is None:
        raise ValueError("the solver needs the other hand: strict phase only")
    trump, _ = view.contract
    hands: list[list[Card]] = [[], []]
    hands[view.seat] = list(view.hand)
    hands[1 - view.seat] = list(view.other_hand)
    lead = view.current_trick[0] if view.current_trick else None
    capot_for = capot_seat(view) if play_for_capot else None
    _, best = solve(trump, view.leader, (hands[0], hands[1]), lead, capot_for)
    return CARDS[cheapest(best, trump)]


def cheapest(cards: Sequence[int], trump: int) -> int:
    """The card levels 3-4 play among equally good ones: the fewest points, then
    the weakest (it keeps the big cards for later)."""
    return min(cards, key=lambda c: (PTS[trump][c], STR[trump][c], c))
