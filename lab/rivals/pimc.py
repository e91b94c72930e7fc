"""A test rival of the textbook kind: Perfect-Information Monte Carlo (PIMC).

For testing level 4 only (``benchmarks/arena_pimc.py``, ``lab/experiments/``);
it is not a level and the game never ships it.  Like every player it gets a
``SeatView`` and nothing else.  It is written apart from level 4's code: its
own deals, its own playout rule, no tips, no match model, no inference.  What
it shares with the package is the rules, not a style: ``fastsim.Sim`` (the
play simulator, checked move by move against the engine),
``sampling.sim_from_view`` (a view's position put in a ``Sim``) and the exact
strict-phase solver (``solver.solve`` and, inside
``Sim.solved_scores``, ``solver.position_value``): an exact solver has no style.

Cards while the stock lasts: ``deals`` deals of the unseen cards are drawn
uniformly from the view (the other seat's known cards in its hand, the rest a
shuffle of the unseen cards into the other hand and the stock).  On each deal
a card is played, then both seats play by a greedy rule until the stock is
empty, and the strict phase is valued exactly by the solver, capot included
(a seat that has won every trick so far plays for the capot, the other to
break it).  Every distinct legal card (touching cards of equal points merged)
is played on the first ``screen`` deals; the ``finalists`` best go on over all
``deals`` (a plain successive screen: it spends the solver's time on the cards
still in the running).  The finalist with the best total point difference
for the hand wins; the cheapest card on ties.

Cards once the stock is empty: the solver's best card (capot-aware), the
cheapest of the optimal ones.

Bids: ``bid_deals`` whole decks agreeing with the view, uniformly; every take
open now is played out the same way (greedy, then the exact endgame), and the
best is taken if its mean point difference beats ``pass_worth``, the estimate
of what passing is worth (the other seat may then take a good hand).

A seed fixes every decision (fixed counts, no clock).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from belote2p.ai.base import Player
from belote2p.ai.fastsim import Sim, sim_from_deck
from belote2p.ai.levels import Level
from belote2p.ai.sampling import sim_from_view
from belote2p.ai.solver import Memo, solve
from belote2p.ai.tables import BEATERS, PTS, STR
from belote2p.core.actions import PASS, Action, Bid, Phase
from belote2p.core.cards import CARDS, Card
from belote2p.core.view import SeatView

NAME = "pimc"
STRICT_CARDS = 9  # cards a hand holds when the stock runs out


@dataclass(frozen=True)
class PimcKnobs:
    deals: int = 64  # deals of the unseen cards a finalist card is judged on
    screen: int = 16  # the first deals, on which every candidate is played
    finalists: int = 2  # candidates kept after the screen for the other deals
    bid_deals: int = 32  # decks per bidding decision
    pass_worth: float = -8.0  # estimated point difference of passing
    # the greedy rule: a follower spends a trump only on a trick worth this much
    trump_for: int = 10


def _order(trump: int, c: int) -> tuple[int, int, int]:
    """Cheapness: fewest points, then weakest; a plain card before a trump."""
    return (c >> 3 == trump, PTS[trump][c], STR[trump][c])


def greedy(sim: Sim, seat: int, trump_for: int = 10) -> int:
    """The playout rule, from ``seat``'s cards and the table only.

    Leading: the cheapest plain card (a trump only when no plain card is left).
    Following: the cheapest card that wins the trick if it is a plain card, or
    a trump when the trick holds at least ``trump_for`` points; otherwise the
    cheapest card.  (It is only used while the stock lasts: any card is legal.)"""
    hand = sim.hands[seat]
    trump = sim.trump
    lead = sim.lead
    if lead < 0:
        return min(hand, key=lambda c: _order(trump, c))
    beaters = BEATERS[trump][lead]
    pts = PTS[trump]
    best = -1
    for c in hand:
        if (beaters >> c & 1 and (c >> 3 != trump or pts[lead] >= trump_for)
                and (best < 0 or _order(trump, c) < _order(trump, best))):
            best = c
    if best >= 0:
        return best
    return min(hand, key=lambda c: _order(trump, c))


class PimcPlayer:
    """The PIMC test rival (see the module docstring)."""

    name = NAME

    def __init__(self, rng: random.Random, knobs: PimcKnobs | None = None):
        self.knobs, self.rng = knobs or PimcKnobs(), rng

    def choose(self, view: SeatView) -> Action:
        if len(view.legal) > 1:
            if view.phase is Phase.BIDDING:
                return self.choose_bid(view)
            return CARDS[self.strict_card(view) if view.strict else self.search(view)]
        return view.legal[0]

    # ------------------------------------------------------------ the deals
    def deal(self, view: SeatView) -> tuple[list[Card], list[Card]]:
        """(other hand, stock top first): a uniform deal of the unseen cards."""
        known = sorted(view.known_other_cards)
        unseen = sorted(view.unseen_cards())
        size = len(view.hand) - (1 if view.current_trick else 0)
        self.rng.shuffle(unseen)
        cut = size - len(known)
        return known + unseen[:cut], unseen[cut:]

    # ---------------------------------------------------------------- cards
    def candidates(self, view: SeatView) -> list[int]:
        """The legal cards, one of each group of touching cards of equal points
        (same suit, every card between them already played)."""
        trump, _ = view.contract
        gone = {int(c) for c in view.played_cards()}
        ordered = sorted((int(c) for c in view.legal_cards()),
                         key=lambda c: (c >> 3, STR[trump][c]))
        kept: list[int] = []
        for c in ordered:
            if kept and kept[-1] >> 3 == c >> 3 and PTS[trump][kept[-1]] == PTS[trump][c]:
                low, high = STR[trump][kept[-1]], STR[trump][c]
                between = [d for d in range((c >> 3) * 8, (c >> 3) * 8 + 8)
                           if low < STR[trump][d] < high]
                if all(d in gone for d in between):
                    continue
            kept.append(c)
        return kept

    def search(self, view: SeatView) -> int:
        """Every candidate on the first ``screen`` deals; the best ``finalists``
        on the rest too, so each finalist is judged on ``deals`` deals."""
        trump, _ = view.contract
        cards = self.candidates(view)
        if len(cards) == 1:
            return cards[0]
        k = self.knobs
        me = view.seat
        totals = dict.fromkeys(cards, 0)
        memo = Memo()  # exact tables shared by this decision's endgames
        live = cards
        for index in range(k.deals):
            if index == k.screen and len(live) > k.finalists:
                live = sorted(live, key=lambda c: self.rank(totals[c], trump, c))[:k.finalists]
            other, stock = self.deal(view)
            base = sim_from_view(view, other, stock)
            for c in live:
                sim = base.copy()
                sim.play(c)
                totals[c] += self.finish(sim, me, memo)
        return min(live, key=lambda c: self.rank(totals[c], trump, c))

    @staticmethod
    def rank(total: int, trump: int, c: int) -> tuple[int, tuple[int, int, int]]:
        """Sort key, best first: the higher total, then the cheaper card."""
        return (-total, _order(trump, c))

    def finish(self, sim: Sim, me: int, memo: Memo) -> int:
        """Greedy play while the stock lasts, the exact endgame after: ``me``'s
        point difference for the hand."""
        trump_for = self.knobs.trump_for
        while sim.stock or sim.lead >= 0:
            if sim.done:
                break
            seat = sim.to_move
            sim.play(greedy(sim, seat, trump_for))
        scores = sim.solved_scores(memo)
        return scores[me] - scores[1 - me]

    def strict_card(self, view: SeatView) -> int:
        trump, _ = view.contract
        assert view.other_hand is not None  # the stock is empty
        hands: list[list[int]] = [[], []]
        hands[view.seat] = [int(c) for c in view.hand]
        hands[view.other] = [int(c) for c in view.other_hand]
        winners = {t.winner for t in view.tricks}
        capot_for = view.leader if winners == {view.leader} else None
        lead = int(view.current_trick[0]) if view.current_trick else None
        _, best = solve(trump, view.leader, (hands[0], hands[1]), lead, capot_for)
        return min(best, key=lambda c: _order(trump, c))

    # ----------------------------------------------------------------- bids
    def choose_bid(self, view: SeatView) -> Bid:
        takes = [b for b in view.legal_bids() if b is not PASS]
        turned_suit = view.turned.suit
        totals = [0] * len(takes)
        memo = Memo()
        for _ in range(self.knobs.bid_deals):
            deck = self.deck(view)
            for i, bid in enumerate(takes):
                sim = sim_from_deck(deck, view.dealer, view.seat, bid.trump(turned_suit))
                totals[i] += self.finish(sim, view.seat, memo)
        best = max(range(len(takes)), key=lambda i: (totals[i], -i))
        if PASS in view.legal and totals[best] <= self.knobs.pass_worth * self.knobs.bid_deals:
            return PASS
        return takes[best]

    def deck(self, view: SeatView) -> list[int]:
        """A whole deck agreeing with a bidding view, the unseen cards uniform:
        this seat's six cards where the deal put them (positions 0-2 and 6-8 go
        to the dealer's opponent, 3-5 and 9-11 to the dealer), the turned card
        at 12."""
        first = [0, 1, 2, 6, 7, 8]
        second = [3, 4, 5, 9, 10, 11]
        mine = second if view.seat == view.dealer else first
        deck = [-1] * 32
        for pos, c in zip(mine, sorted(view.hand)):
            deck[pos] = int(c)
        deck[12] = int(view.turned)
        unseen = sorted(int(c) for c in view.unseen_cards())
        self.rng.shuffle(unseen)
        free = [p for p in range(32) if deck[p] < 0]
        for pos, number in zip(free, unseen):
            deck[pos] = number
        return deck


# The rival on more deals: stronger players of the same kind, the yardsticks of
# issue #41 (level 4 must not be behind PIMC on 4 and 16 times its deals).
# pimc128: issue #20's "about 128 deals a card" (twice the baseline's).
VARIANTS = {NAME: PimcKnobs(),
            "pimc128": PimcKnobs(deals=128, screen=32, bid_deals=64),
            "pimc256": PimcKnobs(deals=256, screen=64, bid_deals=128),
            "pimc1024": PimcKnobs(deals=1024, screen=256, bid_deals=512)}


def make_rival(level: str, rng: random.Random, levels: Mapping[int, Level] | None = None,
               knobs: PimcKnobs | None = None) -> Player:
    """The arena's player factory: ``pimc`` is this rival (on ``knobs``, default
    its own), ``pimc128`` ... its ``VARIANTS``, anything else a real level."""
    if level == NAME:
        return PimcPlayer(rng, knobs)
    if level in VARIANTS:
        return PimcPlayer(rng, VARIANTS[level])
    from belote2p.ai import make_player

    return make_player(level, rng, levels)


