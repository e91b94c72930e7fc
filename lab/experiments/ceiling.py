"""The ceiling (issue #41): players shown more than their seat may know.

    python lab/experiments/ceiling.py A B --matches N --seed S [--jobs J] [--levels FILE]
                                      [--rows FILE]

A measurement, never a player.  A player name is ``4`` or ``pimc`` (the PIMC
test rival) or a plain level (1-3), optionally with a *sight*:

- ``+hand``: it is shown the other hand.  While the stock lasts its views
  hold the other seat's whole hand as known cards (``known_other_cards``), so
  its search deals only the stock's order (and its playouts know that hand);
  while bidding, its bid search deals decks with the other seat's six cards
  where they really are.
- ``+all``: it is shown everything: the other hand and the stock's order
  while the stock lasts (its every sampled deal is the real one), and the
  deal's whole deck while bidding.

Once the stock is empty every seat sees everything anyway.  So ``4+all``
against ``pimc`` is how far level 4's own search gets with nothing hidden,
and ``4+hand`` what the most perfect inference of the other hand could bring
it; the same for ``pimc+all`` and ``pimc+hand``.  It is the arena's duplicate
play (``belote2p arena --duplicate``: each pair one deal at two tables, the
streams keyed by seat), and its last stdout line is the arena's JSON with its
``duplicate`` figures; ``--rows FILE`` writes one JSON line a deal, as
``belote2p arena --duplicate --rows``.  ``--levels`` is the levels of both sides.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import os
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai import Player, make_player
from belote2p.ai.arena import (
    Outcome,
    deal_pairs,
    duplicate_summary,
    play_match,
    results_in_order,
    summarize,
    write_rows,
)
from belote2p.ai.levels import Level
from belote2p.ai.sampling import deal_positions
from belote2p.ai.search import SearchPlayer
from belote2p.core.actions import Action, Phase
from belote2p.core.cards import Card
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from lab.rivals.pimc import NAME as PIMC
from lab.rivals.pimc import PimcPlayer

SIGHTS = ("hand", "all")
PLAYERS = ("1", "2", "3", "4", PIMC)


@dataclass(frozen=True)
class SightedView(SeatView):
    """A seat's view with what a measurement shows it beyond its seat."""

    other_six: tuple[Card, ...] | None = None  # bidding, sight hand: the other seat's six
    deck: tuple[Card, ...] | None = None  # bidding, sight all: the deal's deck
    stock_order: tuple[Card, ...] | None = None  # stock phase, sight all: top first


def sighted_view(match: Match, seat: int, sight: str) -> SeatView:
    """``match.view(seat)`` showing what ``sight`` shows (the module docstring)."""
    view = match.view(seat)
    hand = match.hand
    other = tuple(hand.hands[1 - seat])
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    if view.phase is Phase.BIDDING:
        if sight == "all":
            return SightedView(**fields, deck=tuple(hand.decks[-1]))
        return SightedView(**fields, other_six=other)
    if view.phase is not Phase.PLAY or view.strict:
        return view
    fields["known_other_cards"] = frozenset(other)
    return SightedView(**fields, stock_order=tuple(hand.stock) if sight == "all" else None)


def sighted_deck(view: SeatView, rng: random.Random) -> list[Card] | None:
    """The deck a sighted bidder deals (None: its view shows no more than its
    seat's): the real one, or its six, the other's six and the turned card
    where they are with the rest shuffled from ``rng``."""
    if not isinstance(view, SightedView):
        return None
    if view.deck is not None:
        return list(view.deck)
    if view.other_six is None:
        return None
    mine, theirs = deal_positions(view.dealer)
    if view.seat == 1:
        mine, theirs = theirs, mine
    deck: list[Card | None] = [None] * 32
    for positions, cards in ((mine, sorted(view.hand)), (theirs, sorted(view.other_six))):
        for pos, c in zip(positions, cards):
            deck[pos] = c
    deck[12] = view.turned
    rest = sorted(set(view.unseen_cards()) - set(view.other_six))
    rng.shuffle(rest)
    free = [p for p in range(32) if deck[p] is None]
    for pos, c in zip(free, rest):
        deck[pos] = c
    return [c for c in deck if c is not None]


def shows_everything(view: SeatView) -> bool:
    """Whether ``view`` shows its seat every hidden card (sight ``all``)."""
    return isinstance(view, SightedView) and (view.deck is not None
                                              or view.stock_order is not None)


def sighted_deal(view: SeatView) -> tuple[list[Card], list[Card]] | None:
    """The real (other hand, stock top first) of a view shown everything."""
    if isinstance(view, SightedView) and view.stock_order is not None:
        return sorted(view.known_other_cards), list(view.stock_order)
    return None


class SightedSearch(SearchPlayer):
    """Level 4 dealing what its sighted views show."""

    def sample_deal(self, view: SeatView) -> tuple[list[Card], list[Card]]:
        return sighted_deal(view) or super().sample_deal(view)

    def bid_deck(self, view: SeatView) -> list[Card]:
        return sighted_deck(view, self.rng) or super().bid_deck(view)


class SightedPimc(PimcPlayer):
    """The PIMC test rival dealing what its sighted views show.

    Shown everything, each of its deals is the real one, so one deal decides as
    all of them do (every total is the same multiple of one deal's, and its
    screen keeps the best cards of that one deal): it plays one, for speed."""

    def choose(self, view: SeatView) -> Action:
        if not shows_everything(view):
            return super().choose(view)
        knobs = self.knobs
        self.knobs = dataclasses.replace(knobs, deals=1, screen=1, bid_deals=1)
        try:
            return super().choose(view)
        finally:
            self.knobs = knobs

    def deal(self, view: SeatView) -> tuple[list[Card], list[Card]]:
        return sighted_deal(view) or super().deal(view)

    def deck(self, view: SeatView) -> list[int]:
        deck = sighted_deck(view, self.rng)
        return [int(c) for c in deck] if deck is not None else super().deck(view)


def split(name: str) -> tuple[str, str | None]:
    """``4+all`` -> ("4", "all"); ``pimc`` -> ("pimc", None)."""
    player, plus, sight = name.partition("+")
    return player, sight if plus else None


def player_name(text: str) -> str:
    player, sight = split(text)
    if player in PLAYERS and (sight is None or (sight in SIGHTS and player in ("4", PIMC))):
        return text
    raise argparse.ArgumentTypeError(
        f"expected 1-4 or {PIMC}, 4 and {PIMC} optionally with +hand or +all; got {text!r}")


def make_sighted(name: str, rng: random.Random,
                 levels: Mapping[int, Level] | None = None) -> Player:
    """The arena's factory: a sighted player deals what it is shown."""
    player, sight = split(name)
    if player == PIMC:
        return SightedPimc(rng) if sight else PimcPlayer(rng)
    if sight is None:
        return make_player(player, rng, levels)
    assert levels is not None  # play_match always passes the loaded levels
    return SightedSearch(levels[4], rng, f"level 4 +{sight}")


def view_for(sights: Mapping[int, str | None], match: Match, seat: int) -> SeatView:
    sight = sights[seat]
    return match.view(seat) if sight is None else sighted_view(match, seat, sight)


Job = tuple[str, str, str, int, "str | None"]  # a, b, seed, index, levels


def play(job: Job) -> Outcome:
    """Match ``index`` as the duplicate arena plays it, each side shown its sight."""
    a, b, seed, index, levels = job
    a_seat = index % 2  # the arena's pairs: A in seat 1 in odd matches
    sights = {a_seat: split(a)[1], 1 - a_seat: split(b)[1]}
    return play_match(a, b, seed, index, make_sighted, levels,
                      view_for=functools.partial(view_for, sights), duplicate=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=player_name)
    parser.add_argument("b", type=player_name, nargs="?", default=PIMC)
    parser.add_argument("--matches", type=int, default=100, help="an even number: 2 a deal")
    parser.add_argument("--seed", default="pimc-a")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    parser.add_argument("--rows", default=None, help="one JSON line a deal written here")
    args = parser.parse_args()
    if args.matches < 2 or args.matches % 2 or args.jobs < 1:
        parser.error("--matches must be even and at least 2, --jobs at least 1")
    work: list[Job] = [(args.a, args.b, args.seed, i, args.levels) for i in range(args.matches)]
    outcomes: list[Outcome] = []
    start = time.monotonic()
    for outcome in results_in_order(play, work, args.jobs):
        outcomes.append(outcome)
        if len(outcomes) % 2 == 0:
            print(f"ceiling: {len(outcomes)}/{args.matches} matches, "
                  f"{duplicate_summary(outcomes).text()}, {time.monotonic() - start:.0f}s",
                  file=sys.stderr, flush=True)
    if args.rows:
        write_rows(args.rows, deal_pairs(outcomes))
    summary: dict[str, Any] = summarize(args.a, args.b, outcomes)
    summary.update(seed=args.seed, levels=args.levels,
                   duplicate=duplicate_summary(outcomes).as_json())
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
