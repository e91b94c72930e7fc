"""Deals of the cards a seat cannot see, consistent with its view.

Level 4 searches over such samples.  A sample is drawn from the view alone
(and the player's random.Random): the unseen cards are shuffled into the
other hand and the stock, with the other seat's known cards (the turned card
it took, the other half of its belote) placed in its hand.  The stock order
of a sample is just as random as the real one is to this seat, and the
playouts never let a player read the stock or the other hand.

During bidding a sample is a whole deck.  Its other hand can be required to
agree with the other seat's passes so far, judged by a threshold bidder
(rejection sampling with a fixed number of tries).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.actions import PASS
from ..core.cards import KING, QUEEN, Card
from ..core.view import SeatView
from .bidding import strength
from .fastsim import Sim
from .levels import BidKnobs
from .tables import mask_of


# ------------------------------------------------------------------- play
def sample_hidden(view: SeatView, rng: random.Random, k: BidKnobs | None = None,
                  tries: int = 0) -> tuple[list[Card], list[Card]]:
    """(other hand, stock top first) for a view in the stock phase.

    With bid knobs and ``tries`` > 0, up to ``tries`` samples are drawn until
    one agrees with the other seat's bids (see ``bids_agree``)."""
    known = sorted(view.known_other_cards)
    unseen = sorted(view.unseen_cards())
    other_size = len(view.hand) - (1 if view.current_trick else 0)
    need = other_size - len(known)
    for attempt in range(max(1, tries)):
        rng.shuffle(unseen)
        hand = known + unseen[:need]
        if k is None or attempt + 1 >= tries or bids_agree(view, first_six(view, hand, rng), k):
            break
    return hand, unseen[need:]


def first_six(view: SeatView, other_hand: Sequence[Card], rng: random.Random) -> list[Card]:
    """A guess at the six cards the other seat held when it bid, given its hand
    now (the first six of ``arrival_order``)."""
    return arrival_order(view, other_hand, rng)[:6]


def arrival_order(view: SeatView, other_hand: Sequence[Card], rng: random.Random) -> list[Card]:
    """The other seat's cards (played or held, ``other_hand`` being what it holds
    now) in an order it could have received them, drawn at random: nine before
    trick 1 (six dealt, then the three after the bidding, the turned card first
    of them if it took), one more after each stock-phase trick, a card played
    at a trick having arrived before it."""
    other = 1 - view.seat
    played = [(i, t.card_of(other)) for i, t in enumerate(view.tricks)]
    if view.current_trick and view.leader == other:
        played.append((len(view.tricks), view.current_trick[0]))
    slots: list[Card | None] = [None] * (9 + len(view.tricks))
    if view.taker == other:
        slots[6] = view.turned  # the taker's packet: the turned card, then two
    placed = {view.turned} if view.taker == other else set()
    for index, c in played:
        if c in placed:
            continue
        free = [p for p in range(min(9 + index, len(slots))) if slots[p] is None]
        slots[rng.choice(free)] = c
        placed.add(c)
    rest = [c for c in other_hand if c not in placed]
    rng.shuffle(rest)
    free = [p for p in range(len(slots)) if slots[p] is None]
    for p, c in zip(free, rest):
        slots[p] = c
    # The other seat's cards fill every slot (nine dealt, one drawn per trick).
    return [c for c in slots if c is not None]


def bids_agree(view: SeatView, other_six: Sequence[Card], k: BidKnobs) -> bool:
    """Would a threshold bidder holding ``other_six`` have bid as the other seat did?"""
    cards = list(other_six) + ([view.turned] if k.count_turned else [])
    turned_suit = view.turned.suit
    for index, (seat, bid) in enumerate(view.bids):
        if seat == view.seat:
            continue
        if bid is PASS:
            suits = [turned_suit] if index < 2 else [s for s in range(4) if s != turned_suit]
            if max(strength(cards, s, k) for s in suits) >= k.take_threshold:
                return False
        else:
            suit = bid.trump(turned_suit)
            forced = index >= 2 and view.forced_dealer and seat == view.dealer
            if not forced and strength(cards, suit, k) < k.take_threshold:
                return False
    return True


def sim_from_view(view: SeatView, other_hand: Sequence[Card], stock: Sequence[Card]) -> Sim:
    """The play position of ``view`` completed by a sample of the hidden cards."""
    me, other = view.seat, 1 - view.seat
    hands: list[list[Card]] = [[], []]
    hands[me], hands[other] = list(view.hand), list(other_hand)
    trump, taker = view.contract
    sim = Sim(trump, taker, hands, stock, view.leader)
    played = view.played_cards()
    sim.gone = mask_of(played)
    sim.pts = list(view.card_points)
    for trick in view.tricks:
        sim.won[trick.winner] += 1
    sim.ntricks = len(view.tricks)
    sim.last_winner = view.tricks[-1].winner if view.tricks else -1
    sim.lead = view.current_trick[0] if view.current_trick else -1
    sim.belote = -1 if view.belote is None else view.belote
    sim.known[other] = mask_of(view.known_other_cards)
    mine = 0
    if view.taker == me and view.turned not in played:
        mine |= 1 << view.turned
    if view.belote == me:
        mine |= mask_of(c for c in view.hand if c >> 3 == view.trump and (c & 7) in (KING, QUEEN))
    sim.known[me] = mine
    return sim


# ---------------------------------------------------------------- bidding
def deal_positions(dealer: int) -> tuple[list[int], list[int]]:
    """Deck positions of each seat's first six cards: (seat 0's, seat 1's)."""
    first = [0, 1, 2, 6, 7, 8]
    second = [3, 4, 5, 9, 10, 11]
    return (first, second) if dealer == 1 else (second, first)


def sample_deck(view: SeatView, rng: random.Random, k: BidKnobs, tries: int) -> list[Card]:
    """A whole deck consistent with a bidding view (and, if possible, the other's passes)."""
    mine, theirs = deal_positions(view.dealer)
    if view.seat == 1:
        mine, theirs = theirs, mine
    unseen = sorted(view.unseen_cards())
    deck: list[Card | None] = [None] * 32
    for pos, c in zip(mine, sorted(view.hand)):
        deck[pos] = c
    deck[12] = view.turned
    rest = [p for p in range(32) if deck[p] is None and p not in theirs]
    for attempt in range(max(1, tries)):
        rng.shuffle(unseen)
        if attempt + 1 >= tries or bids_agree(view, unseen[:6], k):
            break
    for pos, c in zip(theirs + rest, unseen):
        deck[pos] = c
    # Every position is filled: six held, the turned card, then the unseen 25.
    return [c for c in deck if c is not None]
