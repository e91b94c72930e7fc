"""Both lines of play for the review screen (issue #32, no pygame): the hand as
you played it and as level 4 played it in your seat, trick by trick, each
trick's cards put in their seats (your card, then the rival's answer).

``services.duplicate.side_by_side`` gives each trick's two cards in the order
played; who led each trick follows from the rules (the first leader is the
deal's, then each trick's winner leads), with the trump each line's bidding made.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Bid, parse_action
from ..core.cards import Card, parse_card
from ..core.match import PLAYER
from ..core.rules import trick_winner
from ..services.duplicate import Duplicate, side_by_side

Seated = tuple[Card, Card] | None  # (your card, the rival's); None: no such trick


@dataclass(frozen=True)
class HandOfRun:
    """Where a reviewed hand sits in its run: what the worker needs to play
    it again with level 4 in your seat (known only for a run that is over)."""

    seed: str
    actions: tuple[str, ...]
    match: int  # from 0
    hand: int  # from 0


@dataclass(frozen=True)
class LinesTrick:
    number: int  # from 1
    yours: Seated
    level4: Seated
    parts_here: bool  # the first trick where the lines part


@dataclass(frozen=True)
class BothLines:
    tricks: tuple[LinesTrick, ...]
    bids_part: bool  # the lines part in the bidding already
    compared: Duplicate


def both_lines(compared: Duplicate, first_leader: int, turned_suit: int) -> BothLines:
    rows = side_by_side(compared)
    bidding, tricks = rows[0], rows[1:]
    yours = _seated([r.yours for r in tricks], bidding.yours, first_leader, turned_suit)
    level4 = _seated([r.level4 for r in tricks], bidding.level4, first_leader, turned_suit)
    return BothLines(tuple(LinesTrick(n + 1, yours[n], level4[n], row.parts_here)
                           for n, row in enumerate(tricks)),
                     bidding.parts_here, compared)


def _seated(tricks: list[tuple[str, ...]], bids: tuple[str, ...], leader: int,
            turned_suit: int) -> list[Seated]:
    takes = [b for b in (parse_action(w) for w in bids) if isinstance(b, Bid) and b.is_take]
    trump = takes[-1].trump(turned_suit) if takes else turned_suit
    seated: list[Seated] = []
    for words in tricks:
        if len(words) < 2:
            seated.append(None)
            continue
        lead, follow = (parse_card(w) for w in words)
        seated.append((lead, follow) if leader == PLAYER else (follow, lead))
        if trick_winner(lead, follow, trump):
            leader = 1 - leader
    return seated


def parted_row(lines: BothLines) -> LinesTrick | None:
    return next((t for t in lines.tricks if t.parts_here), None)

