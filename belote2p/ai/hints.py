"""Practice hints: what level 4 would do in the player's seat, and why.

A hint reads only the player's ``SeatView`` (the same no-peeking rule as the
rival, checked in tests/ai/test_ai_hidden_info.py) and a seed.  Its random
stream comes from the seed and the view's public position, so the same
position always gets the same hint and hidden cards cannot change it.

Each legal card's figure is the player's expected score for this hand if
that card is played, as level 4 sees it:

* stock phase: from level 4's own search (``search.PointsNotingSearch``): the
  mean hand score over the deals of the unseen cards its last round of
  playouts sampled, every card played out on the very same deals the same way
  (the cards it dropped earlier are played on them after its decision);
* strict phase: exact, both hands being in view: the score with perfect play
  by both seats after the card (the solver, as levels 3-4 play it).

Level 4 plays for the match, not for this hand's points alone, so its card
need not have the highest figure; the hint says so (``for_match``) when the
gap is real, beyond the estimate's noise (``NOTE_MARGIN``), and otherwise says
the figures are within noise (``within_noise``) rather than look
contradictory.

Besides the figures, a hint holds the *facts* a sentence is made of (worded
by ``services.advice_text``, never here): the closest other choice and what
it would lose and how often over the same deals (``Alternative``), how often
the contract is made with level 4's choice over those deals
(``ContractOdds``; exact in the strict phase), and for a bid the cards it
rests on (``key_cards``: the J, 9, ace and ten of trumps and the plain aces
among the seven cards the taker would hold).  A bid's odds are level 4's
bid playouts of the take (its bid search's model: decks drawn from the view
as its bid search draws them, the tips for both seats to the end).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.actions import PASS, Action, Bid, Phase
from ..core.cards import ACE, JACK, NINE, TEN, Card, sort_for_display
from ..core.view import SeatView
from . import decide, make_player
from .bidding import best_take
from .fastsim import Sim, sim_from_deck
from .levels import Level, shipped_levels
from .players import cheapest
from .sampling import sample_deck, sim_from_view
from .search import DealScores, PointsNotingSearch, SearchPlayer
from .solver import Memo, solve

HINT_LEVEL = 4  # the strongest rival advises
# The note "level 4 plays for the match" needs a gap between the top figure and
# the marked card's of more than NOTE_MARGIN standard errors of that gap (paired
# over the same deals): when two cards are really worth the same, noise alone
# passes that bar about once in 40, where a bare "lower figure" rule fired on a
# third of the stock-phase hints (benchmarks/bench_hints.py).  NOTE_MIN_POINTS:
# a gap under a point is not worth a note, noise or not.
NOTE_MARGIN = 2.0
NOTE_MIN_POINTS = 1.0
# A seat's hand score says whether the contract was made: a taker that goes
# dedans keeps at most its belote (20), one that makes it has at least 81; a
# defender that sinks it scores at least 162, one that does not at most 101.
TAKER_MADE_ABOVE = 50
DEFENDER_SANK_FROM = 140
KEY_TRUMPS = (JACK, NINE, ACE, TEN)


@dataclass(frozen=True)
class Alternative:
    """The closest other choice, against level 4's, over the same deals."""

    action: Action
    gap: float  # level 4's choice's mean score minus this one's (< 0: this one scores more)
    worse_on: int  # deals on which this one scores less than level 4's choice
    deals: int  # the deals compared (1 when exact)


@dataclass(frozen=True)
class ContractOdds:
    """How often the contract is made, level 4's choice played, over ``deals``."""

    trump: int
    taker: int  # the seat that takes (or would take, for a bid)
    made: int  # deals on which the taker makes it
    deals: int  # 1 when exact (strict phase: perfect play by both)


@dataclass(frozen=True)
class Hint:
    """Level 4's choice and, in the card play, each legal card's expected score
    for this hand for the player (whole points), sorted by card."""

    action: Action
    points: tuple[tuple[Card, int], ...]
    exact: bool  # True in the strict phase: the figures are exact, not estimates
    for_match: bool = False  # a card's figure beats level 4's card's beyond noise
    within_noise: bool = False  # level 4's figure shows lower, but within the noise
    deals: int = 0  # the deals every estimated figure is a mean over (0: exact figures)
    alternative: Alternative | None = None  # None: no other choice differs
    contract: ContractOdds | None = None
    key_cards: tuple[Card, ...] = ()  # a bid's strong cards among the taker's seven


def hint(view: SeatView, seed: str) -> Hint:
    """The hint for the seat to move in ``view`` (it must have legal actions)."""
    if not view.legal:
        raise ValueError("a hint needs a view of the seat to move")
    key = _position_key(view)
    rng = random.Random(f"hint/{seed}/{key}")
    levels = shipped_levels()  # the player, the capot knob and the searcher use it
    level = levels[HINT_LEVEL]
    if view.phase is not Phase.PLAY:
        bid = decide(make_player(HINT_LEVEL, rng, levels), view)
        assert isinstance(bid, Bid)  # a view before the play is in the bidding
        return bid_hint(view, bid, level, random.Random(f"hint-odds/{seed}/{key}"))
    trump, taker = view.contract
    if view.strict:
        card = decide(make_player(HINT_LEVEL, rng, levels), view)
        exact = strict_points(view, level.play.play_for_capot)
        points = tuple(sorted(exact.items()))
        assert isinstance(card, Card)  # a strict-phase view is in the card play
        one = {c: (p,) for c, p in exact.items()}
        odds = ContractOdds(trump, taker, made_on(one[card], view.seat == taker), 1)
        return Hint(card, points, True, exact[card] < max(exact.values()),
                    alternative=closest_alternative(one, card), contract=odds)
    searcher = PointsNotingSearch(level, rng, f"level {level.number} ({level.name})")
    card, scores = searcher.choose_card_with_points(view)
    points = tuple(sorted((c, round(scores.mean(c))) for c in scores.scores))
    beaten = beaten_beyond_noise(scores, card)
    shown_lower = dict(points)[card] < max(p for _c, p in points)
    odds = ContractOdds(trump, taker, made_on(scores.scores[card], view.seat == taker),
                        len(scores.deals))
    return Hint(card, points, False, beaten, shown_lower and not beaten, len(scores.deals),
                closest_alternative(scores.scores, card), odds)


def made_on(seat_scores: tuple[int, ...], seat_takes: bool) -> int:
    """On how many of the deals (the seat's hand score on each) the taker made it."""
    if seat_takes:
        return sum(s > TAKER_MADE_ABOVE for s in seat_scores)
    return sum(s < DEFENDER_SANK_FROM for s in seat_scores)


def closest_alternative(per_deal: Mapping[Card, tuple[int, ...]],
                        chosen: Card) -> Alternative | None:
    """The other card with the best mean among those that score differently
    from ``chosen`` on some deal (equivalent cards are the same choice);
    the lowest card on a tie."""
    mine = per_deal[chosen]
    others = [c for c in sorted(per_deal) if c != chosen and per_deal[c] != mine]
    if not others:
        return None
    n = len(mine)
    other = max(others, key=lambda c: sum(per_deal[c]))
    theirs = per_deal[other]
    return Alternative(other, (sum(mine) - sum(theirs)) / n,
                       sum(t < m for m, t in zip(mine, theirs)), n)


def bid_hint(view: SeatView, bid: Bid, level: Level, rng: random.Random) -> Hint:
    """Level 4's ``bid`` and its facts: the take it made (or, for a pass, the
    strongest take open), that take's odds over level 4's bid playouts, the
    cards it rests on."""
    takes = [b for b in view.legal_bids() if b is not PASS]
    if not takes:
        return Hint(bid, (), False)
    take = bid if bid is not PASS else best_take(view, level.bidding)[0]
    trump = take.trump(view.turned.suit)
    search = level.search
    player = SearchPlayer(level, rng)
    made, deals = 0, max(1, search.bid_samples)
    for _ in range(deals):
        deck = sample_deck(view, rng, level.bidding, search.bid_rejection)
        sim = sim_from_deck(deck, view.dealer, view.seat, trump)
        made += player.playout_scores(sim, search.bid_solve_cards)[view.seat] > TAKER_MADE_ABOVE
    seven = list(view.hand) + [view.turned]  # the taker always gets the turned card
    keys = [c for c in seven if (c.suit == trump and c.rank in KEY_TRUMPS)
            or (c.suit != trump and c.rank == ACE)]
    return Hint(bid, (), False, contract=ContractOdds(trump, view.seat, made, deals),
                key_cards=tuple(sort_for_display(keys, trump)))


def beaten_beyond_noise(scores: DealScores, card: Card) -> bool:
    """Whether the card with the top mean beats ``card`` by more than
    ``NOTE_MARGIN`` standard errors of the gap, and by ``NOTE_MIN_POINTS`` at
    least.  Both were played on the same deals, so the gap's noise is that of
    the per-deal differences (far less than each mean's: much of a deal's luck
    is common to both cards)."""
    best = max(scores.scores, key=scores.mean)
    n = len(scores.deals)
    gap = scores.mean(best) - scores.mean(card)
    if gap < NOTE_MIN_POINTS or n < 2:
        return False
    diffs = [b - m for b, m in zip(scores.scores[best], scores.scores[card])]
    spread = math.sqrt(sum((d - gap) ** 2 for d in diffs) / (n - 1))
    return gap > NOTE_MARGIN * spread / math.sqrt(n)


def strict_points(view: SeatView, play_for_capot: bool) -> dict[Card, int]:
    """{legal card: the seat's score for this hand} in a strict-phase view of
    the seat to move, both seats playing perfectly after the card (the
    solver's play: for points, and for or against a capot if
    ``play_for_capot``)."""
    if view.other_hand is None:
        raise ValueError("strict_points needs a strict-phase view (both hands in it)")
    memo = Memo()  # the cards' endgames share their search tables
    out = {}
    for card in view.legal_cards():
        sim = sim_from_view(view, view.other_hand, ())
        sim.play(card)
        if sim.lead >= 0:  # a lead: the other seat answers as the solver would
            sim.play(_solver_reply(sim, play_for_capot))
        out[card] = sim.solved_scores(memo, play_for_capot)[view.seat]
    return out


def _solver_reply(sim: Sim, play_for_capot: bool) -> int:
    """The follower's perfect answer to the card led (the cheapest optimal one,
    as ``players.solver_card`` picks)."""
    capot_for = sim.capot_seat() if play_for_capot else None
    _value, best = solve(sim.trump, sim.leader, (sim.hands[0], sim.hands[1]), sim.lead,
                         capot_for)
    return cheapest(best, sim.trump)


def _position_key(view: SeatView) -> str:
    """Where the game stands, from public facts only."""
    ctx = view.context
    return (f"{ctx.hand_index}/{ctx.scores_before}/{view.deal_number}/{len(view.bids)}/"
            f"{len(view.tricks)}/{len(view.current_trick)}/{view.seat}")

