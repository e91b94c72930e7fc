"""A light simulator of the play phase, for the rival's rollouts.

It follows RULES.md exactly like ``hand.Hand`` (free play while the stock
lasts, the draws, strict play, belote/rebelote, capot, dedans) but works on
plain lists and bitmasks and skips validation and events, so a whole hand
plays out in well under a millisecond.  ``tests/ai/test_ai_fastsim.py`` checks it
against the engine move by move.

A ``Sim`` is built from a complete, concrete position: both hands and the
stock order.  The rival only ever builds one from a *sample* of the cards its
seat cannot see (see ``sampling.py``), never from the real game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..core.cards import CAPOT_POINTS, HAND_POINTS, KING, LAST_TRICK_BONUS, QUEEN
from ..core.rules import legal_follows
from .tables import BEATERS, PTS, mask_of

if TYPE_CHECKING:
    from .solver import Memo

# A playout policy: the card ``seat`` plays in ``sim``.
Policy = Callable[["Sim", int], int]

TRICKS = 16
BELOTE_BONUS = 20


class Sim:
    """A play-phase position; mutate it with ``play``."""

    __slots__ = (
        "belote",
        "gone",
        "hands",
        "known",
        "last_winner",
        "lead",
        "leader",
        "masks",
        "ntricks",
        "pts",
        "stock",
        "taker",
        "trump",
        "won",
    )

    def __init__(self, trump: int, taker: int, hands: Sequence[Sequence[int]],
                 stock: Sequence[int], leader: int):
        self.trump = trump
        self.taker = taker
        self.hands = [list(hands[0]), list(hands[1])]
        self.masks = [mask_of(hands[0]), mask_of(hands[1])]  # the hands as bitmasks
        self.stock = list(stock)  # top first; popped from the end of a reversed copy
        self.stock.reverse()
        self.pts = [0, 0]
        self.won = [0, 0]
        self.ntricks = 0
        self.leader = leader
        self.lead = -1  # the leader's card once played
        self.gone = 0  # cards played so far (the card on the table included)
        self.belote = -1
        self.known = [0, 0]  # known[s]: cards of seat s the other seat knows about
        self.last_winner = -1

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.trump, new.taker, new.leader, new.lead = self.trump, self.taker, self.leader, self.lead
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.masks = self.masks[:]
        new.stock = self.stock[:]
        new.pts, new.won, new.known = self.pts[:], self.won[:], self.known[:]
        new.ntricks, new.gone, new.belote = self.ntricks, self.gone, self.belote
        new.last_winner = self.last_winner
        return new

    # ------------------------------------------------------------------ state
    @property
    def to_move(self) -> int:
        return self.leader if self.lead < 0 else 1 - self.leader

    @property
    def strict(self) -> bool:
        return not self.stock

    @property
    def done(self) -> bool:
        return self.ntricks == TRICKS

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    def legal(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.lead < 0 or self.stock:
            return list(hand)
        return legal_follows(hand, self.lead, self.trump)

    # ------------------------------------------------------------------- play
    def play(self, c: int) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        hand.remove(c)
        self.masks[seat] ^= 1 << c
        self.gone |= 1 << c
        trump = self.trump
        if c >> 3 == trump and (c & 7) in (KING, QUEEN):
            partner = (c & ~7) | (QUEEN if c & 7 == KING else KING)
            if self.masks[seat] >> partner & 1:
                self.belote = seat
                self.known[seat] |= 1 << partner
        if self.lead < 0:
            self.lead = c
            return
        lead = self.lead
        winner = seat if BEATERS[trump][lead] >> c & 1 else self.leader
        table = PTS[trump]
        self.pts[winner] += table[lead] + table[c]
        self.won[winner] += 1
        self.ntricks += 1
        self.lead = -1
        self.leader = self.last_winner = winner
        stock = self.stock
        if stock:
            first, second = stock.pop(), stock.pop()
            self.hands[winner].append(first)
            self.hands[1 - winner].append(second)
            self.masks[winner] |= 1 << first
            self.masks[1 - winner] |= 1 << second

    def run(self, policies: Sequence[Policy], until_cards: int = 0) -> None:
        """Play on, ``policies[seat](sim, seat) -> card`` choosing, to the end or
        (``until_cards`` > 0) to the first strict trick start where each hand
        holds at most ``until_cards`` cards."""
        while self.ntricks < TRICKS:
            if (until_cards and self.lead < 0 and not self.stock
                    and len(self.hands[0]) <= until_cards):
                return
            seat = self.to_move
            self.play(policies[seat](self, seat))

    def capot_seat(self) -> int | None:
        """The seat on lead if it has won every trick so far (its capot is alive)."""
        return self.leader if self.won[self.leader] == self.ntricks > 0 else None

    def solved_scores(self, memo: Memo | None = None,
                      play_for_capot: bool = True) -> tuple[int, int]:
        """The hand's scores if both play perfectly from this strict-phase trick
        start on (the solver; a seat that has won every trick so far plays for
        the capot, the other to break it).  Belote is settled by now: it goes to
        whoever announced it, or holds both K and Q of trumps.  ``memo``: a
        ``solver.Memo`` to share search tables between calls.  With
        ``play_for_capot`` false both play for points only and the endgame is
        scored in points, capot aside (how it was before the capot game)."""
        from .solver import CAPOT_BONUS, position_value

        if self.ntricks == TRICKS:
            return self.scores()
        leader = self.leader
        capot_for = self.capot_seat() if play_for_capot else None
        value = position_value(self.trump, leader, (self.hands[0], self.hands[1]),
                               capot_for=capot_for, memo=memo)
        table = PTS[self.trump]
        rest = sum(table[c] for c in self.hands[0]) + sum(table[c] for c in self.hands[1])
        rest += LAST_TRICK_BONUS
        capot = -1
        if capot_for is not None:
            mine = value if capot_for == 0 else rest - value  # the capot seat's worth
            if mine == rest + CAPOT_BONUS:
                capot = capot_for
        if capot >= 0:
            points = [0, 0]
            points[capot] = CAPOT_POINTS
        else:
            points = [self.pts[0] + value, self.pts[1] + rest - value]
        belote = self.belote
        if belote < 0:
            k, q = self.trump * 8 + KING, self.trump * 8 + QUEEN
            for seat in (0, 1):
                if k in self.hands[seat] and q in self.hands[seat]:
                    belote = seat
        return _scored(self.taker, points, belote, capot)

    # ------------------------------------------------------------------ score
    def scores(self) -> tuple[int, int]:
        """What each seat scores for the finished hand (``rules.score_hand``)."""
        return hand_scores(self.taker, self.pts, self.last_winner, self.won, self.belote)


def hand_scores(taker: int, card_points: Sequence[int], last_winner: int, won: Sequence[int],
                belote: int) -> tuple[int, int]:
    """``rules.score_hand``'s scores, from the card points and tricks won."""
    if won[0] == TRICKS or won[1] == TRICKS:
        capot = 0 if won[0] == TRICKS else 1
        trick = [0, 0]
        trick[capot] = CAPOT_POINTS
    else:
        capot = -1
        trick = [card_points[0], card_points[1]]
        trick[last_winner] += LAST_TRICK_BONUS
    return _scored(taker, trick, belote, capot)


def _scored(taker: int, trick: Sequence[int], belote: int, capot: int) -> tuple[int, int]:
    """Scores from trick points (last trick included) and the belote seat (-1: none)."""
    total = [trick[0], trick[1]]
    if belote >= 0:
        total[belote] += BELOTE_BONUS
    defender = 1 - taker
    if total[taker] >= total[defender]:
        return total[0], total[1]
    pair = [0, 0]
    pair[defender] = (CAPOT_POINTS if capot == defender else HAND_POINTS)
    pair[defender] += BELOTE_BONUS if belote == defender else 0
    pair[taker] = BELOTE_BONUS if belote == taker else 0
    return pair[0], pair[1]


def sim_from_deck(deck: Sequence[int], dealer: int, taker: int, trump: int) -> Sim:
    """The play phase that follows a take on ``deck`` (RULES.md 'dealing')."""
    first = 1 - dealer
    hands: list[list[int]] = [[], []]
    hands[first] = list(deck[0:3]) + list(deck[6:9])
    hands[dealer] = list(deck[3:6]) + list(deck[9:12])
    turned = deck[12]
    if taker == first:
        hands[first] += [turned] + list(deck[13:15])
        hands[dealer] += list(deck[15:18])
    else:
        hands[first] += list(deck[13:16])
        hands[dealer] += [turned] + list(deck[16:18])
    sim = Sim(trump, taker, hands, deck[18:32], first)
    sim.known[taker] = 1 << turned
    return sim
