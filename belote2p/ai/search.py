"""Level 4: search over samples of the unseen cards.

Cards (stock phase).  For each of ``play_samples`` deals of the unseen cards
consistent with the view (``sampling.py``), every distinct legal card is
played and the hand is played out in ``fastsim`` by the tips policy for both
seats, each seeing only its own information: a sample's stock order is drawn
from, never read, exactly as in real play.  The same deals serve every card.
The best ``finalists`` then race over fresh deals (``final_race``: the same
deals for all, in batches, one clearly behind stops and leaves its deals to the
others, within a fixed budget of playouts), played out by the tips while the
stock lasts and by the solver from the strict phase on (which is how levels 3-4
really play it).  Outcomes are valued for the match (``utility.py``); the best
mean wins.

Strict phase: the solver, as level 3.

Bids.  For each of ``bid_samples`` whole decks consistent with the view and
the other seat's passes, every bid open now is played out: a take directly; a
pass by continuing the bidding with a threshold model of the other seat and,
where this seat speaks again, with a plan chosen over the same samples (so the
plan cannot depend on a sample's hidden cards).  Two passes in round 2 are
worth a fresh deal of this hand.  ``bid_take_margin`` counts this seat's own
contracts that many points worse than played out (0 shipped: measured, it did
not pay; docs/RIVAL.md, "History").
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..core.actions import PASS, TAKE, TAKE_SUIT, Action, Bid
from ..core.cards import CARDS, Card
from ..core.view import SeatView
from . import collector
from .bidding import strength
from .evaluator import shipped_net
from .fastsim import Sim, sim_from_deck
from .heuristics import choose_card
from .knowledge import info_from_view
from .levels import Level
from .players import TipsPlayer, solver_card
from .playout import playouts, run_tips
from .sampling import deal_positions, sample_deck, sample_hidden, sim_from_view
from .solver import Memo
from .tables import PTS, STR, mask_of
from .utility import HandWorth, Outlook

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]  # the unseen cards: (other hand, stock top first)


class SearchPlayer(TipsPlayer):
    def __init__(self, level: Level, rng: random.Random, name: str | None = None):
        super().__init__(level, rng, name)
        self.search_knobs = level.search
        # the learned playout policy, if the level names one (levels.py checked it)
        self.net = shipped_net(level.search.playout_net) if level.search.playout_net else None

    # ------------------------------------------------------------- playouts
    def playout(self, sim: Sim, seat: int, outlook: HandWorth, solve_cards: int = 0,
                memo: Memo | None = None) -> float:
        """Play ``sim`` out (the solver takes over at ``solve_cards`` cards a hand,
        if not 0, sharing ``memo``'s tables); its worth to ``seat`` for the match."""
        scores = self.playout_scores(sim, solve_cards, memo)
        return outlook.value(scores[seat] - scores[1 - seat])

    def playout_scores(self, sim: Sim, solve_cards: int = 0,
                       memo: Memo | None = None) -> tuple[int, int]:
        """Play ``sim`` out as ``playout`` does: each seat's score for the hand."""
        # each seat seeing only its own information
        run_tips(sim, self.play_knobs, solve_cards, self.net)
        return (sim.solved_scores(memo, self.play_knobs.play_for_capot) if solve_cards
                else sim.scores())

    # ----------------------------------------------------------------- cards
    def choose_card(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.strict:
            return solver_card(view, self.play_knobs.play_for_capot)
        if not self.search_knobs.play_samples:
            return super().choose_card(view)
        return CARDS[self.search_card(view)]

    def search_card(self, view: SeatView) -> int:
        """Two rounds of playouts (``search_rounds``), the cyclic collector
        paused meanwhile (``collector``: it makes no difference to the card,
        and a tenth or more to the time)."""
        with collector.paused():
            return self.search_rounds(view)

    def search_rounds(self, view: SeatView) -> int:
        """Two rounds of playouts: every candidate over ``play_samples`` deals, then
        the best ``finalists`` over ``final_samples`` fresh deals with longer
        perfect endgames.  The winner replaces the tips' own card only if it is
        better by ``min_edge`` standard errors."""
        k = self.search_knobs
        outlook = Outlook(view, self.match_knobs)
        memo = Memo()  # the trial endgames share their search tables, for this decision only
        candidates, default = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        if k.finalists and k.final_samples:
            candidates = self.screened(view, candidates, default, outlook, memo)
            candidates, rows = self.final_race(view, candidates, outlook, memo)
        else:
            rows = self.first_round(view, candidates, outlook, memo)
        trump, _ = view.contract
        if default not in candidates:  # dropped in the race: beaten beyond doubt
            return pick(candidates, rows, 0, 0, trump)
        return pick(candidates, rows, candidates.index(default), k.min_edge, trump)

    def candidates(self, view: SeatView) -> tuple[list[int], int]:
        """The cards worth searching (``distinct_cards``) and the tips' own card,
        which is always one of them."""
        candidates = distinct_cards(view)
        default = choose_card(info_from_view(view, self.play_knobs.count_plain), self.play_knobs)
        if default not in candidates:
            candidates.append(default)
        return candidates, default

    def screened(self, view: SeatView, candidates: list[int], default: int, outlook: HandWorth,
                 memo: Memo) -> list[int]:
        """The cards the final round judges: the best ``finalists`` over the
        first round, and the tips' own card.  The first round is only worth
        playing when it has someone to drop (with no more candidates than
        finalists its rows would be thrown away unread)."""
        k = self.search_knobs
        if len(candidates) <= k.finalists:
            return candidates
        means = column_means(self.first_round(view, candidates, outlook, memo))
        ranked = sorted(range(len(candidates)), key=lambda i: -means[i])
        finalists = [candidates[i] for i in ranked[:k.finalists]]
        if default not in finalists:
            finalists.append(default)
        return finalists

    def first_round(self, view: SeatView, candidates: Sequence[int], outlook: HandWorth,
                    memo: Memo) -> list[list[float]]:
        """Every candidate over ``play_samples`` deals (the screening, or the only
        round when there is no final one)."""
        k = self.search_knobs
        self.begin_round(k.rollout_solve_cards, memo)
        return self.rollouts(view, candidates, k.play_samples, k.rollout_solve_cards,
                             outlook, memo)

    def final_race(self, view: SeatView, candidates: Sequence[int], outlook: HandWorth,
                   memo: Memo) -> tuple[list[int], list[list[float]]]:
        """The final round: the finalists over up to ``final_samples`` fresh deals,
        the same deals for all, dealt ``final_batch`` at a time.  After each batch
        a finalist trailing the leader by more than ``final_drop`` standard errors
        (of their difference, paired over the deals both played) stops playing,
        and its deals go to the others; within ``final_budget`` playouts, the
        trailing one stops whenever the next batch would not fit.  So the close
        calls get the deals, and the time has a fixed bound.  The finalists still
        playing, and their rows (one per deal, as ``rollouts``)."""
        k = self.search_knobs
        batch = k.final_batch or k.final_samples
        budget = k.final_budget or len(candidates) * k.final_samples
        self.begin_round(k.final_solve_cards, memo)
        alive = list(candidates)
        columns: dict[int, list[float]] = {c: [] for c in alive}
        played = spent = 0
        while played < k.final_samples and len(alive) > 1:
            while played and len(alive) > 2 and spent + len(alive) * batch > budget:
                alive.remove(trailing(alive, columns))
            room = (budget - spent) // len(alive)
            if played and room <= 0:
                break
            # the first batch is played whatever the budget: one deal each at least
            deals = min(batch, k.final_samples - played, max(1, room))
            for row in self.rollouts(view, alive, deals, k.final_solve_cards, outlook, memo):
                for c, value in zip(alive, row):
                    columns[c].append(value)
            played += deals
            spent += deals * len(alive)
            if k.final_batch and k.final_drop:
                alive = survivors(alive, columns, k.final_drop)
        return alive, [list(row) for row in zip(*(columns[c] for c in alive))]

    def begin_round(self, solve_cards: int, memo: Memo | None) -> None:
        """A round of playouts starts (one or more ``rollouts`` calls on the
        same candidates, or fewer); a hook for ``PointsNotingSearch``."""

    def judging_round(self) -> tuple[int, int]:
        """(deals, solver cards) of the round whose playouts pick the card: the
        final round when there is one, else the only round."""
        k = self.search_knobs
        if k.finalists and k.final_samples:
            return k.final_samples, k.final_solve_cards
        return k.play_samples, k.rollout_solve_cards

    def playout_batch(self, bases: Sequence[Sim], lines: Sequence[tuple[int, ...]],
                      solve_cards: int, memo: Memo | None) -> list[tuple[int, int]]:
        """``playout_scores`` of each line's cards played on a copy of each base
        (line by line, base by base), in one call to the core that runs."""
        return playouts(bases, lines, self.play_knobs, solve_cards,
                        self.play_knobs.play_for_capot, memo, self.net)

    def rollouts(self, view: SeatView, candidates: Sequence[int], samples: int, solve_cards: int,
                 outlook: HandWorth, memo: Memo | None = None) -> list[list[float]]:
        """One row per sampled deal: each candidate's playout value."""
        rows = []
        seat = view.seat
        for _ in range(samples):
            other, stock = self.sample_deal(view)
            base = sim_from_view(view, other, stock)
            scores = self.playout_batch([base], [(c,) for c in candidates], solve_cards, memo)
            rows.append([outlook.value(s[seat] - s[1 - seat]) for s in scores])
        return rows

    def sample_deal(self, view: SeatView) -> tuple[list[Card], list[Card]]:
        """One deal of the unseen cards for the card search: (other hand, stock top first)."""
        return sample_hidden(view, self.rng, self.bid_knobs, self.search_knobs.play_rejection)

    # ------------------------------------------------------------------ bids
    def bid_deck(self, view: SeatView) -> list[Card]:
        """One whole deck for the bid search, consistent with the view and, by
        rejection (``bid_rejection`` tries), with the other seat's passes."""
        return sample_deck(view, self.rng, self.bid_knobs, self.search_knobs.bid_rejection)

    def choose_bid(self, view: SeatView) -> Bid:
        legal = view.legal_bids()
        if len(legal) == 1:
            return legal[0]
        if not self.search_knobs.bid_samples:
            return super().choose_bid(view)
        return BidSearch(self, view).best()


def column_means(rows: Sequence[Sequence[float]]) -> list[float]:
    return [sum(column) / len(rows) for column in zip(*rows)]


def trailing(alive: Sequence[int], columns: Mapping[int, Sequence[float]]) -> int:
    """The candidate with the lowest mean (the later one on ties)."""
    return min(reversed(alive), key=lambda c: sum(columns[c]) / len(columns[c]))


def survivors(alive: Sequence[int], columns: Mapping[int, Sequence[float]],
              drop: float) -> list[int]:
    """``alive`` without the candidates that trail the leader (highest mean) by
    more than ``drop`` standard errors of the difference, paired deal by deal
    (every candidate in ``alive`` has played the same deals)."""
    n = len(columns[alive[0]])
    if n < 2:
        return list(alive)
    leader = max(alive, key=lambda c: sum(columns[c]))
    kept = []
    for c in alive:
        diffs = [a - b for a, b in zip(columns[leader], columns[c])]
        gap = sum(diffs) / n
        spread = math.sqrt(sum((d - gap) ** 2 for d in diffs) / (n - 1))
        if c == leader or gap <= drop * spread / math.sqrt(n):
            kept.append(c)
    return kept


def pick(candidates: Sequence[int], rows: Sequence[Sequence[float]], default: int,
         min_edge: float, trump: int) -> int:
    """The best candidate by mean value (cheapest card on ties), unless its edge
    over ``candidates[default]`` is under ``min_edge`` standard errors."""
    n = len(rows)
    means = column_means(rows)
    best = max(range(len(candidates)), key=lambda i: (
        means[i], -PTS[trump][candidates[i]], -STR[trump][candidates[i]]))
    if best == default or min_edge <= 0 or n < 2:
        return candidates[best]
    diffs = [r[best] - r[default] for r in rows]
    edge = means[best] - means[default]
    spread = math.sqrt(sum((d - edge) ** 2 for d in diffs) / (n - 1))
    if edge > min_edge * spread / math.sqrt(n):
        return candidates[best]
    return candidates[default]


def distinct_cards(view: SeatView) -> list[int]:
    """The legal cards, keeping one of each run of equivalent cards: same suit,
    same points, and no card that is still live (unseen or on the table) between them."""
    trump, _ = view.contract
    strength, pts = STR[trump], PTS[trump]
    live = mask_of(view.unseen_cards()) | mask_of(view.known_other_cards)
    live |= mask_of(view.current_trick)
    if view.other_hand is not None:
        live |= mask_of(view.other_hand)
    ordered = sorted((int(c) for c in view.legal_cards()), key=lambda c: (c >> 3, strength[c]))
    kept: list[int] = []
    for c in ordered:
        prev = kept[-1] if kept else None
        if prev is not None and prev >> 3 == c >> 3 and pts[prev] == pts[c] and not any(
                live >> d & 1 and strength[prev] < strength[d] < strength[c]
                for d in range((c >> 3) * 8, (c >> 3) * 8 + 8)):
            continue
        kept.append(c)
    return kept


class BidSearch:
    """One bidding decision of level 4 (see the module docstring)."""

    def __init__(self, player: SearchPlayer, view: SeatView):
        self.player = player
        self.view = view
        self.outlook: HandWorth = Outlook(view, player.match_knobs)
        self.me = view.seat
        self.turned_suit = view.turned.suit
        self.memo = Memo()  # shared by this decision's trial endgames

    def best(self) -> Bid:
        view, k = self.view, self.player.search_knobs
        takes = [(bid, self.trump_of(bid)) for bid in view.legal_bids() if bid is not PASS]
        plans = self.plans() if PASS in view.legal else []
        take_totals = [0.0] * len(takes)
        plan_totals = [0.0] * len(plans)
        for _ in range(k.bid_samples):
            deck = self.player.bid_deck(view)
            cache: dict[tuple[int, int], float] = {}
            for i, (_, trump) in enumerate(takes):
                take_totals[i] += self.outcome(deck, self.me, trump, cache)
            for i, plan in enumerate(plans):
                plan_totals[i] += self.after_pass(deck, plan, cache)
        options: list[tuple[float, Bid]] = [
            (total, bid) for total, (bid, _) in zip(take_totals, takes)]
        if plans:
            options.append((max(plan_totals), PASS))
        order = {PASS: 0, TAKE: 1}
        return max(options, key=lambda o: (o[0], order.get(o[1], 2)))[1]

    def trump_of(self, bid: Bid) -> int:
        return bid.trump(self.turned_suit)

    # -- what passing leads to
    def steps_after_pass(self) -> list[tuple[str, int]]:
        view = self.view
        dealer = view.dealer == self.me
        r = view.bid_round
        if not dealer:
            return [("other", r)] + ([("me", 2), ("other", 2)] if r == 1 else [])
        return [("other", 2), ("me", 2)] if r == 1 else []

    def plans(self) -> list[Bid | None]:
        """This seat's possible words at its next turn (None: it will not speak again)."""
        if ("me", 2) not in self.steps_after_pass():
            return [None]
        plans: list[Bid | None] = [TAKE_SUIT[s] for s in range(4) if s != self.turned_suit]
        forced = self.view.forced_dealer and self.view.dealer == self.me
        return plans if forced else plans + [PASS]

    def after_pass(self, deck: Sequence[Card], plan: Bid | None,
                   cache: dict[tuple[int, int], float]) -> float:
        contract = self.contract_after_pass(deck, plan)
        if contract is None:
            return self.outlook.open_value()
        return self.outcome(deck, *contract, cache)

    def contract_after_pass(self, deck: Sequence[Card],
                            plan: Bid | None) -> tuple[int, int] | None:
        """(taker, trump) that passing now leads to on ``deck`` with ``plan``,
        or None if both pass in round 2 (a fresh deal)."""
        other = 1 - self.me
        other_six = [deck[p] for p in deal_positions(self.view.dealer)[other]]
        for who, rnd in self.steps_after_pass():
            if who == "other":
                trump = self.other_bid(other_six, rnd)
                if trump is not None:
                    return other, trump
            elif plan is not PASS:
                # plans() gives None only when this seat will not speak again
                assert plan is not None
                return self.me, plan.trump(self.turned_suit)
        return None

    def other_bid(self, six: Sequence[Card], rnd: int) -> int | None:
        """The other seat's word as a threshold bidder: a trump suit or None (pass)."""
        k = self.player.bid_knobs
        cards = list(six) + ([self.view.turned] if k.count_turned else [])
        suits = [self.turned_suit] if rnd == 1 else [s for s in range(4) if s != self.turned_suit]
        value, suit = max((strength(cards, s, k), -s) for s in suits)
        forced = rnd == 2 and self.view.forced_dealer and self.view.dealer != self.me
        return -suit if value >= k.take_threshold or forced else None

    def outcome(self, deck: Sequence[Card], taker: int, trump: int,
                cache: dict[tuple[int, int], float]) -> float:
        key = (taker, trump)
        if key not in cache:
            sim = sim_from_deck(deck, self.view.dealer, taker, trump)
            k = self.player.search_knobs
            scores = self.player.playout_scores(sim, k.bid_solve_cards, self.memo)
            lead: float = scores[self.me] - scores[1 - self.me]
            if taker == self.me:
                lead -= k.bid_take_margin
            cache[key] = self.outlook.value(lead)
        return cache[key]


# ------------------------------------------------- the practice hints' search


@dataclass(frozen=True)
class DealScores:
    """The seat's score for this hand with each legal card, deal by deal: every
    card played out on the same sampled ``deals``, the same way (the tips while
    the stock lasts, the solver for the last ``solve_cards`` cards a hand)."""

    deals: tuple[Deal, ...]
    solve_cards: int
    scores: Mapping[Card, tuple[int, ...]]  # legal card -> its score on each deal, in order

    def __post_init__(self) -> None:
        if any(len(s) != len(self.deals) for s in self.scores.values()):
            raise ValueError("DealScores: every card needs one score per deal")

    def mean(self, card: Card) -> float:
        return sum(self.scores[card]) / len(self.deals)


@dataclass
class _Round:
    """One round of playouts of the card search, as noted by PointsNotingSearch."""

    solve_cards: int
    memo: Memo | None
    deals: list[Deal] = field(default_factory=list)
    scores: dict[int, list[int]] = field(default_factory=dict)  # candidate -> per deal


class PointsNotingSearch(SearchPlayer):
    """Level 4 deciding exactly as ``SearchPlayer`` (the same playouts, drawn
    from the same random stream) that also notes what its card search saw, for
    the practice hints (``ai.hints``): the marked card and the figures come
    from one and the same search.

    The last round of the search (the final round, when there is one) judged
    the winner; after the decision, every card that did not play all of that
    round's deals (those dropped in screening or in the race) is played on
    copies of the very same deals it missed, the same way, so that every card's
    figure is a mean over the same deals."""

    def __init__(self, level: Level, rng: random.Random, name: str | None = None):
        super().__init__(level, rng, name)
        self._round: _Round | None = None  # the latest round of playouts
        self._scores: list[tuple[int, int]] = []  # the latest rollouts' playouts, in order

    def choose_card_with_points(self, view: SeatView) -> tuple[Card, DealScores]:
        """Level 4's card for a stock-phase ``view`` and every legal card's
        scores deal by deal.  A card the search did not play itself (one of
        equivalent cards, ``distinct_cards``) shares its representative's
        scores.  If no playout judged any card (a lone candidate), the cards
        get a round of their own after the decision, so the decision stays
        level 4's."""
        self._round = None
        with collector.paused():  # as in search_card, the completion too
            return self._card_with_points(view)

    def _card_with_points(self, view: SeatView) -> tuple[Card, DealScores]:
        card = self.choose_card(view)
        assert isinstance(card, Card)  # a card decision: the view is in the play
        stand_in = representatives(view)
        cards = sorted(set(stand_in.values()))
        last = self._round
        if last is None:
            samples, solve_cards = self.judging_round()
            memo = Memo()
            self.begin_round(solve_cards, memo)
            self.rollouts(view, cards, max(1, samples), solve_cards,
                          Outlook(view, self.match_knobs), memo)
            last = self._round
            assert last is not None
        else:
            self._play_on_deals(view, last, cards)
        return card, DealScores(
            tuple(last.deals), last.solve_cards,
            {CARDS[c]: tuple(last.scores[c if c in last.scores else stand_in[c]])
             for c in sorted(stand_in)})

    def _play_on_deals(self, view: SeatView, round_: _Round, cards: Sequence[int]) -> None:
        """Complete ``cards``' scores in ``round_``: each played on copies of the
        deals it has no score for yet, as the round played them."""
        for c in cards:
            round_.scores.setdefault(c, [])
        for i, (other, stock) in enumerate(round_.deals):
            missing = [c for c in cards if len(round_.scores[c]) <= i]
            if not missing:
                continue
            base = sim_from_view(view, other, stock)
            for c in missing:
                sim = base.copy()
                sim.play(c)
                scores = self.playout_scores(sim, round_.solve_cards, round_.memo)
                round_.scores[c].append(scores[view.seat])

    def begin_round(self, solve_cards: int, memo: Memo | None) -> None:
        self._round = _Round(solve_cards, memo)

    def rollouts(self, view: SeatView, candidates: Sequence[int], samples: int, solve_cards: int,
                 outlook: HandWorth, memo: Memo | None = None) -> list[list[float]]:
        noted = self._round
        assert noted is not None, "begin_round comes first"
        self._scores = []
        rows = super().rollouts(view, candidates, samples, solve_cards, outlook, memo)
        # the playouts ran row by row: sample 0's candidates, then sample 1's...
        for i, c in enumerate(candidates):
            noted.scores.setdefault(c, []).extend(
                s[view.seat] for s in self._scores[i::len(candidates)])
        return rows

    def sample_deal(self, view: SeatView) -> tuple[list[Card], list[Card]]:
        other, stock = super().sample_deal(view)
        if self._round is not None:
            self._round.deals.append((tuple(other), tuple(stock)))
        return other, stock

    def playout_batch(self, bases: Sequence[Sim], lines: Sequence[tuple[int, ...]],
                      solve_cards: int, memo: Memo | None) -> list[tuple[int, int]]:
        scores = super().playout_batch(bases, lines, solve_cards, memo)
        self._scores.extend(scores)
        return scores


def representatives(view: SeatView) -> dict[int, int]:
    """Each legal card -> the card ``distinct_cards`` kept for its run of
    equivalent cards (the strongest kept card of its suit not above it)."""
    kept = distinct_cards(view)
    strength = STR[view.contract[0]]
    out = {}
    for c in (int(x) for x in view.legal_cards()):
        same_suit = [k for k in kept if k >> 3 == c >> 3 and strength[k] <= strength[c]]
        out[c] = max(same_suit, key=strength.__getitem__)
    return out
