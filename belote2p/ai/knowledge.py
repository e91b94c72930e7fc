"""What a seat knows during play, in the compact form the heuristics use.

``Info`` is built either from a ``SeatView`` (a real decision) or from a
``Sim`` (a rollout inside a sample); both paths give the seat exactly the same
facts: its own cards, the cards played, the card on the table, the other
seat's cards that are known (the turned card a taker still holds, the other
half of an announced belote) and, once the stock is empty, the other hand.

``count_plain=False`` models a player who counts trumps but not the plain
suits: any plain card it does not hold may still be out; ``count_trumps=False``
forgets the trumps too (a beginner who counts nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import KING, QUEEN
from .tables import FULL, SUIT_MASK, mask_of

if TYPE_CHECKING:
    from ..core.view import SeatView
    from .fastsim import Sim


class Info:
    __slots__ = (
        "belote_pair",
        "hand",
        "hand_mask",
        "lead",
        "my_pts",
        "ntricks",
        "opp_count",
        "opp_known",
        "opp_pts",
        "seat",
        "stock",
        "strict",
        "taker",
        "trump",
        "unseen",
    )

    def __init__(self, hand: list[int], hand_mask: int, trump: int, lead: int, stock: int,
                 unseen: int, opp_known: int, opp_count: int, seat: int, taker: int,
                 my_pts: int, opp_pts: int, ntricks: int):
        self.hand = hand
        self.hand_mask = hand_mask
        self.trump = trump
        self.lead = lead  # the card led, or -1 if this seat leads
        self.stock = stock
        self.strict = stock == 0
        self.unseen = unseen  # cards that may be in the other hand (or the stock)
        self.opp_known = opp_known  # cards known to be in the other hand
        self.opp_count = opp_count
        self.seat = seat
        self.taker = taker
        self.my_pts = my_pts
        self.opp_pts = opp_pts
        self.ntricks = ntricks
        pair = _BELOTE_PAIR[trump]
        self.belote_pair = hand_mask & pair == pair


_BELOTE_PAIR = tuple((1 << (t * 8 + KING)) | (1 << (t * 8 + QUEEN)) for t in range(4))


def forget(unseen: int, hand_mask: int, lead: int, trump: int, trumps_too: bool) -> int:
    """Unseen cards as a player who counts trumps only (or, ``trumps_too``,
    nothing) sees them: every plain card (and trump) not held may be out."""
    forgotten = FULL if trumps_too else FULL & ~SUIT_MASK[trump]
    forgotten &= ~hand_mask
    if lead >= 0:
        forgotten &= ~(1 << lead)
    return (unseen & ~forgotten & SUIT_MASK[trump]) | forgotten


def info_from_sim(sim: Sim, seat: int, count_plain: bool = True,
                  count_trumps: bool = True) -> Info:
    hand = sim.hands[seat]
    mine = sim.masks[seat]
    other = 1 - seat
    if sim.stock:
        unseen = FULL & ~sim.gone & ~mine
        known = sim.known[other] & ~sim.gone
    else:
        unseen = known = sim.masks[other]
    lead = sim.lead
    info = Info(hand, mine, sim.trump, lead, len(sim.stock), unseen, known,
                len(sim.hands[other]), seat, sim.taker, sim.pts[seat], sim.pts[other],
                sim.ntricks)
    if not count_plain and sim.stock:
        info.unseen = forget(unseen, info.hand_mask, lead, sim.trump, not count_trumps)
    return info


def info_from_view(view: SeatView, count_plain: bool = True,
                   count_trumps: bool = True) -> Info:
    hand: list[int] = list(view.hand)
    trump, taker = view.contract
    lead = view.current_trick[0] if view.current_trick else -1
    if view.other_hand is not None:
        unseen = known = mask_of(view.other_hand)
        opp_count = len(view.other_hand)
    else:
        unseen = mask_of(view.unseen_cards()) | mask_of(view.known_other_cards)
        known = mask_of(view.known_other_cards)
        opp_count = len(view.hand) - (1 if lead >= 0 else 0)
    other = 1 - view.seat
    info = Info(hand, mask_of(hand), trump, lead, view.stock_size, unseen, known, opp_count,
                view.seat, taker, view.card_points[view.seat], view.card_points[other],
                len(view.tricks))
    if not count_plain and view.stock_size:
        info.unseen = forget(info.unseen, info.hand_mask, lead, trump, not count_trumps)
    return info
