"""A test rival of another design: information-set Monte Carlo tree search.

For testing level 4 only (``lab/experiments/arena_ismcts.py``); it is not a level
and the game never ships it.  Like every player it gets a ``SeatView`` and
nothing else.

Cards: single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012).  Each of
``iterations`` iterations draws a deal of the unseen cards consistent with
the view (``sampling.sample_hidden``, uniform: the other hand and the stock
are a shuffle of the unseen cards), then walks one tree shared by all the
deals: a node is what this seat has seen since the decision (the cards
played, and the cards it drew itself; the other seat's draws stay hidden, so
deals that differ only there share nodes).  A child is chosen by UCB1 with
availability counts (a card the other seat holds in only some deals is judged
over the deals where it could have been played); one new node is added per
iteration, the rest of the hand is played by a light rule (win a trick
cheaply, else throw the cheapest card; a random card some of the time), and
the hand's point difference is backed up, negated at the other seat's nodes.
The answer is the root's most visited card.  No solver, no tips policy, no
match model: a different family from levels 1-4.

Bids: flat Monte Carlo over uniform decks consistent with the view: each
possible take is played out by the light rule over the same decks, and the
best take is made if its mean point difference beats passing (worth 0: the
contract is still open).

Every choice draws from the player's ``random.Random`` and the counts are
fixed, so a seed fixes every decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from belote2p.ai.base import Player
from belote2p.ai.fastsim import Sim, sim_from_deck
from belote2p.ai.levels import Level
from belote2p.ai.sampling import deal_positions, sample_hidden, sim_from_view
from belote2p.ai.tables import BEATERS, PTS, STR
from belote2p.core.actions import PASS, Action, Bid
from belote2p.core.cards import CARDS
from belote2p.core.view import SeatView

NAME = "ismcts"
SCORE_SCALE = 252.0  # a capot: the largest hand score, so rewards stay within about ±1
DRAW_KEY = 32  # tree keys: a card played is 0-31, a card this seat drew is DRAW_KEY + card


@dataclass(frozen=True)
class IsmctsKnobs:
    iterations: int = 1200  # tree iterations per card decision
    exploration: float = 0.7  # UCB1's constant, for rewards scaled to about ±1
    bid_samples: int = 200  # decks per bidding decision
    greedy: float = 0.8  # chance a rollout move follows the light rule, not a random card


class Node:
    """Statistics of one card choice in the shared tree, from its mover's side."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0  # summed rewards for the seat that chose this card
        self.available = 0  # iterations in which this card was legal here
        self.children: dict[int, Node] = {}


class IsmctsPlayer:
    """The ISMCTS test rival (see the module docstring)."""

    def __init__(self, rng: random.Random, knobs: IsmctsKnobs | None = None):
        self.rng = rng
        self.knobs = knobs or IsmctsKnobs()
        self.name = NAME

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Bid):
            return self.choose_bid(view)
        return CARDS[self.search(view)]

    # ----------------------------------------------------------------- cards
    def search(self, view: SeatView) -> int:
        root = Node()
        me = view.seat
        for _ in range(self.knobs.iterations):
            other, stock = sample_hidden(view, self.rng)
            self.iterate(root, sim_from_view(view, other, stock), me)
        legal = sorted(c for c in view.legal if isinstance(c, int))
        return max(legal, key=lambda c: (root.children[c].visits if c in root.children else -1, -c))

    def iterate(self, root: Node, sim: Sim, me: int) -> None:
        """One iteration: select and expand in the tree, roll out, back up."""
        path: list[tuple[Node, int]] = []  # (chosen node, its mover)
        node = root
        expanded = False
        while not sim.done and not expanded:
            mover = sim.to_move
            legal = sim.legal()
            untried = [c for c in legal if c not in node.children]
            for c in legal:
                if c in node.children:
                    node.children[c].available += 1
            if untried:
                c = self.rng.choice(untried)
                child = node.children[c] = Node()
                child.available = 1
                expanded = True
            else:
                sign = 1.0 if mover == me else -1.0
                c = max(legal, key=lambda card: self.score(node.children[card], sign))
                child = node.children[c]
            path.append((child, mover))
            drawn = self.play_seen(sim, c, me)
            node = child if drawn < 0 else child.children.setdefault(DRAW_KEY + drawn, Node())
        while not sim.done:
            sim.play(self.light_card(sim))
        scores = sim.scores()
        reward = (scores[me] - scores[1 - me]) / SCORE_SCALE
        for chosen, mover in path:
            chosen.visits += 1
            chosen.total += reward if mover == me else -reward

    def score(self, node: Node, sign: float) -> float:
        """UCB1 from the mover's side (``sign`` -1: the other seat minimises ``me``'s reward)."""
        mean = sign * node.total / node.visits
        return mean + self.knobs.exploration * math.sqrt(math.log(node.available) / node.visits)

    @staticmethod
    def play_seen(sim: Sim, card: int, me: int) -> int:
        """Play ``card``; return the card ``me`` drew if the trick ended with a draw, else -1."""
        before = sim.masks[me] & ~(1 << card)
        sim.play(card)
        new = sim.masks[me] & ~before
        return new.bit_length() - 1 if new else -1

    def light_card(self, sim: Sim) -> int:
        """The rollout rule: lead at random; follow with the cheapest card that
        wins the trick, or else the cheapest card; a random card some of the time."""
        legal = sim.legal()
        if sim.lead < 0 or len(legal) == 1 or self.rng.random() >= self.knobs.greedy:
            return self.rng.choice(legal)
        beaters = BEATERS[sim.trump][sim.lead]
        pts, strength = PTS[sim.trump], STR[sim.trump]
        winners = [c for c in legal if beaters >> c & 1]
        return min(winners or legal, key=lambda c: (pts[c], strength[c], c))

    # ------------------------------------------------------------------ bids
    def choose_bid(self, view: SeatView) -> Bid:
        takes = [bid for bid in view.legal if isinstance(bid, Bid) and bid is not PASS]
        totals = [0.0] * len(takes)
        for _ in range(self.knobs.bid_samples):
            deck = self.uniform_deck(view)
            for i, bid in enumerate(takes):
                trump = view.turned.suit if bid.suit is None else bid.suit
                sim = sim_from_deck(deck, view.dealer, view.seat, trump)
                while not sim.done:
                    sim.play(self.light_card(sim))
                scores = sim.scores()
                totals[i] += scores[view.seat] - scores[1 - view.seat]
        best = max(range(len(takes)), key=lambda i: totals[i])
        if PASS in view.legal and totals[best] <= 0:
            return PASS
        return takes[best]

    def uniform_deck(self, view: SeatView) -> list[int]:
        """A whole deck agreeing with a bidding view: this seat's six cards and the
        turned card in their places, the unseen cards shuffled into the rest."""
        mine, theirs = deal_positions(view.dealer)
        if view.seat == 1:
            mine, theirs = theirs, mine
        deck: list[int] = [-1] * 32
        for pos, c in zip(mine, sorted(view.hand)):
            deck[pos] = c
        deck[12] = view.turned
        unseen = sorted(view.unseen_cards())
        self.rng.shuffle(unseen)
        free = [p for p in range(32) if deck[p] < 0]
        for pos, c in zip(free, unseen):
            deck[pos] = c
        return deck


def make_rival(level: str, rng: random.Random, levels: Mapping[int, Level] | None = None) -> Player:
    """The arena's player factory: ``ismcts`` is this rival, anything else a real level."""
    if level == NAME:
        return IsmctsPlayer(rng)
    from belote2p.ai import make_player

    return make_player(level, rng, levels)
