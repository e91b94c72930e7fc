"""Exact solver for the strict phase (tricks 8-16): perfect information, strict play.

``solve(trump, leader, hands, lead=None) -> (value, best)``: ``value`` is the
number of points seat 0 takes from the remaining tricks (card points plus the 10
for the last trick; belote and capot are not counted), ``best`` is every card of
the player to move that achieves it (``Card`` objects, which are ints), sorted
by card int.  ``card_values`` gives the exact value (for seat 0) of every legal
move of the player to move, and ``position_value`` the value alone (cheaper).
If ``lead`` is given, the leader already played it (it is in neither hand, the
leader holds one card fewer) and the follower is to move.

How it is fast (pure Python; a nine-card position takes a few milliseconds):

* Inside the solver a card is ``suit * 8 + strength`` (so within a suit, bit
  order is strength order, trumps included) and a hand is a bitmask.  Legal
  answers, trick winners and points come from small tables.
* The search is over whole tricks and counts "leader's points":
  ``F(hl, hf)`` = the points the player on lead takes from the remaining tricks
  with hands ``hl`` (leader) and ``hf`` (follower).  One function serves both
  seats: the remaining points ``R`` are fixed, the other player takes ``R - F``.
* Alpha-beta (fail-soft) with a transposition table holding a lower bound, an
  upper bound and the ordered moves of each position; two-card endings are
  solved exactly and cached.  At the root: one exact search for the first move,
  then a narrow-window test per other move decides whether it is optimal
  (``position_value`` only tests whether another move is better).
* **Runs and dominance.**  A *run* is a set of one player's cards of one suit
  with no card of the other player between them in strength: they have the same
  power and differ only by points, which never decrease with strength (in the
  plain and in the trump order).  Swapping two cards of a run maps the game
  onto itself, trick for trick; the only difference is which of the two cards
  goes into the current trick and which into a later one.  So when the current
  trick goes to the same player whichever card of the run is played, the
  highest card is at least as good for that player if they win it, the lowest
  if they lose it.  The follower therefore only tries the top of each winning
  run and the bottom of each losing run; the leader does the same when the
  trick's winner does not depend on the follower (trump leads: the follower must
  overtrump if they can; a card above or below all of the follower's cards in
  its suit; a suit the follower has none of), and otherwise only merges cards of
  equal points (7, 8, 9 of a plain suit).  At the root every legal move is still
  rated: a dominated move can at best tie the one that dominates it, so it is
  tested only if that one is optimal.
* Move ordering: the best move found earlier in the position first, then the
  leads that take the trick against the follower's greedy answer (most points
  first; sure winners on a suit the follower can only discard on come after),
  then the others (fewest points lost first).  The follower tries its winning
  cards first, weakest first, then its losing cards, fewest points first.
* Bounds: the trumps above all of the opponent's trumps are sure to win.
* The cyclic garbage collector is paused during a call (its passes over the
  search's many small objects cost a fifth of the time and caused most of the
  slow cases).  The search's only reference cycles (the recursive closures
  refer to themselves) are cut when the call ends, so reference counting frees
  a call's tables on return, whatever the collector's state.

Nothing is kept between calls apart from constant tables (a few per trump).

Why closures and short names: the search runs a few hundred thousand nodes a
second, and in CPython a closure's variables and a function's locals are read
far faster than attributes (``self.tt``) or globals.  So the per-call search is
a set of nested functions over the call's tables (``_make_moves``,
``_make_search``), and the names inside them are short, after this glossary:

=============  ==============================================================
``c``, ``f``   a card led, a card played to it (internal ids, 0-31)
``cb``, ``fb`` the same as one-bit masks (``1 << c``)
``pc``, ``pf`` their points; ``p = pc + pf``, the trick's points
``w``          1 if the follower's card wins the trick, else 0
``hl``, ``hf`` the leader's and the follower's hands (``Mask``)
``hl2``,       the hands once this trick's cards are out
``hf2``
``n``, ``n1``  cards in each hand before this trick, after it (``n - 1``)
``R``, ``R2``  the points still to take (the last trick's 10 included),
               before this trick, after it
``alpha``,     the search window (fail-soft: a result <= alpha is an upper
``beta``       bound, >= beta a lower bound); ``a``, ``b`` the window as it
               narrows inside the loops
``best``       the leader's best so far (the maximum over leads)
``worst``      the follower's best so far against one lead (the minimum of
               the leader's points over the answers)
``key``        a position's table key, ``hl | hf << 32``
``e``          its transposition-table entry ``[lower, upper, moves]``;
               ``lo``, ``hi`` the bounds it holds
``mv``, ``fl`` a lead worth searching (``Move``), its answers (``FollowList``)
``s8``, ``k``  a suit's first internal id (suit * 8), a strength (0-7)
``sh``         the trump suit's ``s8``
``m``, ``o``   the mover's and the opponent's cards of one suit: a suit byte
``tl``, ``tf`` the leader's and the follower's trumps: a suit byte
``PTS``,       the per-trump tables (``_Tables.pts``, ``.win``, ``.tpts``),
``WIN``,       bound to locals
``TPTS``
=============  ==============================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeAlias

from ..core.cards import (
    CAPOT_POINTS,
    CARDS,
    HAND_POINTS,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    Card,
)
from . import collector
from .core import native
from .follow import follow_mask

__all__ = [
    "CAPOT_BONUS", "Memo", "SolverError", "can_capot", "card_values", "position_value",
    "python_can_capot", "python_card_values", "python_position_value", "python_solve", "solve",
]

INF = 1 << 20
LAST_TRICK = 10
CAPOT_BONUS = CAPOT_POINTS - HAND_POINTS  # 90: what taking every trick adds to 162


class SolverError(ValueError):
    """The position given to the solver is not a valid strict-phase position."""


# ---------------------------------------------------------------------------
# Constant tables.
#
# A suit byte has bit k set for the card of strength k.  For the mover's cards
# ``m`` and the opponent's cards ``o`` of one suit, the tables below are indexed
# by ``m | o << 8``.

def _runs_tables() -> tuple[list[int], list[int], list[int]]:
    """For each (m, o): the top card of each run of m, the bottom card of each
    run, and each run without repeated zero-point plain cards (strengths 0-2:
    the 7, 8 and 9 of a plain suit; only the lowest of them is kept)."""
    tops = [0] * 65536
    bots = [0] * 65536
    dedup = [0] * 65536
    for m in range(256):
        free = 255 ^ m
        o = free
        while True:  # every o disjoint from m
            t = b = d = 0
            run: list[int] = []
            for k in range(9):
                if k < 8 and m >> k & 1:
                    run.append(k)
                elif run and (k == 8 or o >> k & 1):
                    t |= 1 << run[-1]
                    b |= 1 << run[0]
                    zero_kept = False
                    for x in run:
                        if x >= 3 or not zero_kept:
                            d |= 1 << x
                            zero_kept = zero_kept or x < 3
                    run = []
            idx = m | (o << 8)
            tops[idx], bots[idx], dedup[idx] = t, b, d
            if o == 0:
                break
            o = (o - 1) & free
    return tops, bots, dedup


def _lead_tables(tops: list[int], bots: list[int], dedup: list[int]
                 ) -> tuple[list[int], list[int]]:
    """The leader's cards worth leading from a suit byte ``m`` against the
    follower's ``o`` in the same suit.

    Trump suit: the follower must overtrump if they can, so a run below the
    follower's best trump loses the trick (keep its lowest card), a run above
    it wins (keep its highest).  Plain suit, ``o`` not empty: a run above all of
    ``o`` wins (highest), below all of ``o`` loses (lowest: the follower must
    play a higher card), in between the follower chooses: every card, equal
    points merged.  (A plain suit with ``o`` empty is decided by the follower's
    trumps, see ``suit_moves``.)"""
    lead_trump = [0] * 65536
    lead_plain = [0] * 65536
    for idx in range(65536):
        m, o = idx & 255, idx >> 8
        if m & o or not m:
            continue
        if not o:
            lead_trump[idx] = tops[idx]
            continue
        above = 255 & ~((2 << (o.bit_length() - 1)) - 1)
        below = (o & -o) - 1
        lead_trump[idx] = (tops[idx] & above) | (bots[idx] & ~above & 255)
        lead_plain[idx] = ((tops[idx] & above) | (bots[idx] & below)
                           | (dedup[idx] & ~(above | below) & 255))
    return lead_trump, lead_plain


_TOPS, _BOTS, _DEDUP = _runs_tables()
_LEAD_TRUMP, _LEAD_PLAIN = _lead_tables(_TOPS, _BOTS, _DEDUP)
_ABOVE = [255 & ~((2 << k) - 1) for k in range(8)]  # strengths above k
_BELOW = [(1 << k) - 1 for k in range(8)]           # strengths below k


class _Tables:
    """Per-trump constants, in internal card ids (suit * 8 + strength)."""

    __slots__ = ("higher", "pts", "to_ext", "to_int", "tpts", "trump", "win")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.to_int = [0] * 32            # card int -> internal id
        self.to_ext = list(CARDS)         # internal id -> Card (an int)
        self.pts = [0] * 32     # internal id -> points
        for c in range(32):
            s, r = c >> 3, c & 7
            if s == trump:
                i, p = s * 8 + TRUMP_STRENGTH[r], TRUMP_POINTS[r]
            else:
                i, p = s * 8 + PLAIN_STRENGTH[r], PLAIN_POINTS[r]
            self.to_int[c] = i
            self.to_ext[i] = CARDS[c]
            self.pts[i] = p
        # win[i]: the cards that beat i when played second to it
        self.win = [(_ABOVE[i & 7] << (i & ~7)) | (0 if i >> 3 == trump else 0xFF << (8 * trump))
                    for i in range(32)]
        # higher[i]: follow.follow_mask's ``higher`` in internal ids (the trumps
        # above a trump i, which the follower must play if it holds one)
        self.higher = [self.win[i] if i >> 3 == trump else 0 for i in range(32)]
        # tpts[byte]: points of the trumps of a trump-suit byte
        tp = self.pts[8 * trump: 8 * trump + 8]
        self.tpts = [sum(tp[k] for k in range(8) if b >> k & 1) for b in range(256)]


_TABLES: dict[int, _Tables] = {}  # at most four entries, one per trump

# ---------------------------------------------------------------------------
# The search's types (internal ids).

# A set of internal cards, bit i for card i: a hand, or a suit byte shifted.
Mask: TypeAlias = int
# A position's table key: the leader's hand | the follower's hand << 32.
Key: TypeAlias = int
# The follower's answers to a lead: [(card bit, points, 1 if it wins the trick)].
FollowList: TypeAlias = list[tuple[Mask, int, int]]
# A lead worth searching: (lead bit, lead points, the follower's answers).
Move: TypeAlias = tuple[Mask, int, FollowList]
# A transposition-table entry: [lower bound, upper bound, the leads, best
# first].  A list, updated in place (for speed), so its items are untyped.
Entry: TypeAlias = list[Any]
# The search's value functions: F(hl, hf, n, R, alpha, beta) (see ``search``).
SearchFn: TypeAlias = Callable[[Mask, Mask, int, int, int, int], int]


class Tables(NamedTuple):
    """What a search learns about positions: each entry is exact knowledge,
    true whichever call found it (so a ``Memo`` may carry them across calls)."""

    tt: dict[Key, Entry]                # position -> [lower, upper bound, leads]
    exact2: dict[Key, int]              # two-card position -> F, exactly
    bits: dict[Mask, list[int]]         # mask -> its cards, lowest first
    follows: dict[int, FollowList]      # (follower's cards kept << 5 | lead) -> answers
    chunks: dict[int, list[tuple[int, Move]]]  # a suit's leads in one situation
    capot_tt: dict[Key, list[int]]      # capot game: position -> [lower, upper bound]


def _fresh_tables() -> Tables:
    return Tables({}, {}, {}, {}, {}, {})


def _tables(trump: int) -> _Tables:
    t = _TABLES.get(trump)
    if t is None:
        t = _TABLES[trump] = _Tables(trump)
    return t


class Memo:
    """Search tables a caller may carry from call to call, one set per trump.

    Every entry is exact knowledge about a position (bounds on its value, its
    moves, a two-card ending's value), true whichever call found it, so
    answers never depend on the memo; only the time does.  Level 4 keeps one
    for a decision's many trial endgames and then drops it (nothing is kept
    between calls unless the caller passes a memo)."""

    __slots__ = ("by_trump", "native")

    def __init__(self) -> None:
        self.by_trump: dict[int, Tables] = {}
        # the compiled core's tables, where it runs (core.py)
        self.native = None if native is None else native.Memo()

    def tables(self, trump: int) -> Tables:
        got = self.by_trump.get(trump)
        if got is None:
            got = self.by_trump[trump] = _fresh_tables()
        return got


# ---------------------------------------------------------------------------
# The moves worth searching.

class _Moves(NamedTuple):
    """One call's move generator: closures over its tables (see the glossary)."""

    cards_of: Callable[[Mask], list[int]]
    answers_mask: Callable[[Mask, Mask, int], Mask]
    discard_mask: Callable[[Mask, Mask], Mask]
    follow_list: Callable[[Mask, int], FollowList]
    gen_moves: Callable[[Mask, Mask], list[Move]]


def _make_moves(tb: _Tables, tables: Tables) -> _Moves:
    PTS = tb.pts
    WIN = tb.win
    HIGHER = tb.higher
    TOPS, BOTS = _TOPS, _BOTS
    LEAD_TRUMP, LEAD_PLAIN = _LEAD_TRUMP, _LEAD_PLAIN
    ABOVE, BELOW = _ABOVE, _BELOW
    sh = 8 * tb.trump
    trumps = 0xFF << sh
    bits, follows, chunks = tables.bits, tables.follows, tables.chunks

    def cards_of(mask: Mask) -> list[int]:
        got = bits.get(mask)
        if got is None:
            got = []
            m = mask
            while m:
                b = m & -m
                got.append(b.bit_length() - 1)
                m ^= b
            bits[mask] = got
        return got

    def answers_mask(hl: Mask, hf: Mask, c: int) -> Mask:
        """The follower's answers to the lead ``c`` worth searching: of its
        legal cards (``follow.follow_mask``, the rule), the top of each winning
        run and the bottom of each losing run.  ``hl`` still holds ``c`` (it
        splits the follower's runs)."""
        s8 = c & ~7
        legal = follow_mask(hf, 0xFF << s8, trumps, HIGHER[c])
        m = (legal >> s8) & 255
        if m:  # its suit: runs of the follower's whole holding (c splits them)
            idx = ((hf >> s8) & 255) | (((hl >> s8) & 255) << 8)
            if legal & HIGHER[c]:  # overtrumping: every answer wins
                return (TOPS[idx] & m) << s8
            if s8 == sh:  # under the trump led: every answer loses
                return BOTS[idx] << s8
            k = c & 7
            return ((TOPS[idx] & ABOVE[k]) | (BOTS[idx] & BELOW[k])) << s8
        if legal & trumps:  # trumping: every answer wins
            return TOPS[((legal >> sh) & 255) | (((hl >> sh) & 255) << 8)] << sh
        return discard_mask(hl, hf)

    def discard_mask(hl: Mask, hf: Mask) -> Mask:
        """The follower's discards worth searching: the bottom of each run."""
        keep = 0
        for s8 in (0, 8, 16, 24):
            m = (hf >> s8) & 255
            if m:
                keep |= BOTS[m | (((hl >> s8) & 255) << 8)] << s8
        return keep

    def follow_list(keep: Mask, c: int) -> FollowList:
        """[(bit, points, wins)] for the follower's cards ``keep`` against the
        lead ``c``: winners first (weakest first), then losers (fewest points
        first)."""
        k = (keep << 5) | c
        got = follows.get(k)
        if got is None:
            w = keep & WIN[c]
            got = ([(1 << f, PTS[f], 1) for f in cards_of(w)]
                   + [(1 << f, PTS[f], 0) for f in sorted(cards_of(keep ^ w), key=PTS.__getitem__)])
            follows[k] = got
        return got

    def suit_moves(hl: Mask, hf: Mask, s8: int, m: int) -> list[tuple[int, Move]]:
        """[(sort key, (lead bit, lead points, follow list))] for the leads worth
        searching in the suit at ``s8`` (the leader's byte ``m``)."""
        o = (hf >> s8) & 255
        if s8 == sh:
            keep = LEAD_TRUMP[m | (o << 8)]
        elif o:
            keep = LEAD_PLAIN[m | (o << 8)]
        elif (hf >> sh) & 255:  # the follower must trump: lose the lowest card
            keep = m & -m
        else:  # the follower can only discard: win with the highest
            keep = 1 << (m.bit_length() - 1)
        out = []
        for k in cards_of(keep):
            c = s8 + k
            fl = follow_list(answers_mask(hl, hf, c), c)
            pf, w = fl[0][1], fl[0][2]
            pc = PTS[c]
            score = -(pc + pf) if w else pc + pf + 60
            out.append(((score << 6) - c, (1 << c, pc, fl)))
        return out

    def gen_moves(hl: Mask, hf: Mask) -> list[Move]:
        """[(lead bit, lead points, follow list)], the most promising first.

        A suit's leads depend on few things (the two players' cards of that
        suit, or the trumps when the follower has none of it), so they are
        cached per suit situation; leads the follower can only discard on
        depend on the whole follower's hand and are made on the spot."""
        scored = []
        tf = (hf >> sh) & 255
        dk = -1
        for s8 in (0, 8, 16, 24):
            m = (hl >> s8) & 255
            if not m:
                continue
            o = (hf >> s8) & 255
            if o:
                key = (m | (o << 8)) << 5 | s8
            elif tf:
                key = ((m | (tf << 8) | (((hl >> sh) & 255) << 16)) << 5 | s8) << 1 | 1
            else:  # the follower can neither follow nor trump: the top card wins
                if dk < 0:
                    dk = discard_mask(hl, hf)
                c = s8 + m.bit_length() - 1
                fl = follows.get((dk << 5) | c) or follow_list(dk, c)
                p = PTS[c] + fl[0][1]
                scored.append(((p << 6) - c, (1 << c, PTS[c], fl)))
                continue
            got = chunks.get(key)
            if got is None:
                got = chunks[key] = suit_moves(hl, hf, s8, m)
            scored += got
        scored.sort(reverse=True)  # the keys are distinct: the moves are never compared
        return [mv for _, mv in scored]

    return _Moves(cards_of, answers_mask, discard_mask, follow_list, gen_moves)


# ---------------------------------------------------------------------------
# The search.

class _Search(NamedTuple):
    """One call's search (see ``_make_search``)."""

    value: SearchFn      # F(hl, hf, n, R, alpha, beta) for any n >= 0
    capot: SearchFn      # G: F plus CAPOT_BONUS if the leader takes every trick
    moves: _Moves        # the move generator over the same tables
    release: Callable[[], None]  # cuts the closures' cycles when the call ends


def _make_search(tb: _Tables, memo: Memo | None = None) -> _Search:
    """The search of one call, with fresh tables (or the memo's for this trump).

    ``search`` and ``capot`` are closures that call themselves, so each refers
    to itself through its own closure cell: reference cycles that would keep
    the whole call's tables alive until the cyclic collector ran.  ``release``
    cuts them (the caller calls it when the call ends), so reference counting
    frees everything at once, whatever the collector's counters say.

    ``search`` and ``capot`` share the alpha-beta skeleton but are written out
    separately: ``search`` is the hot loop (nearly every node), and the only
    ways to share its body with ``capot`` (a callback per answer, or a flag
    tested per answer) add work to every node."""
    PTS = tb.pts
    WIN = tb.win
    HIGHER = tb.higher
    TPTS = tb.tpts
    sh = 8 * tb.trump
    trumps = 0xFF << sh
    tables = _fresh_tables() if memo is None else memo.tables(tb.trump)
    tt, exact2, capot_tt = tables.tt, tables.exact2, tables.capot_tt
    e2get = exact2.get
    moves = _make_moves(tb, tables)
    cards_of, gen_moves = moves.cards_of, moves.gen_moves

    def two(hl: Mask, hf: Mask, R: int) -> int:
        """F(hl, hf), exactly, for two cards each (cached)."""
        key = hl | (hf << 32)
        best = e2get(key)
        if best is not None:
            return best
        best = -1
        for c in cards_of(hl):
            c2 = (hl ^ (1 << c)).bit_length() - 1
            legal = follow_mask(hf, 0xFF << (c & ~7), trumps, HIGHER[c])
            wc = WIN[c]
            worst = INF
            for f in cards_of(legal):
                f2 = (hf ^ (1 << f)).bit_length() - 1
                if (wc >> f) & 1:  # the follower wins, then leads f2
                    v = R - PTS[c] - PTS[f] if (WIN[f2] >> c2) & 1 else 0
                elif (WIN[c2] >> f2) & 1:
                    v = PTS[c] + PTS[f]
                else:
                    v = R
                if v < worst:
                    worst = v
            if worst > best:
                best = worst
        exact2[key] = best
        return best

    def search(hl: Mask, hf: Mask, n: int, R: int, alpha: int, beta: int) -> int:
        """F(hl, hf) for ``n`` >= 3 cards each, ``R`` points left, window
        (alpha, beta), fail-soft."""
        lo: int  # the entry's fields (its list holds them untyped)
        hi: int
        leads: list[Move]
        key = hl | (hf << 32)
        e = tt.get(key)
        if e is None:
            tl = (hl >> sh) & 255
            tf = (hf >> sh) & 255
            hi = R - TPTS[tf & ~((1 << tl.bit_length()) - 1)]
            if hi <= alpha:
                return hi
            lo = TPTS[tl & ~((1 << tf.bit_length()) - 1)]
            if lo >= beta:
                return lo
            leads = gen_moves(hl, hf)
            e = [lo, hi, leads]
            tt[key] = e
        else:
            lo, hi, leads = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        n1 = n - 1
        best = -1
        bestmv = leads[0]  # replaced by the first lead searched (every worst >= 0 > best)
        a = alpha
        for mv in leads:
            cb, pc, fl = mv
            hl2 = hl ^ cb
            worst = INF  # the follower minimises the leader's points
            for fb, pf, w in fl:
                p = pc + pf
                R2 = R - p
                if w:  # the follower takes the trick and leads next
                    if n1 == 2:
                        hf2 = hf ^ fb
                        v = e2get(hf2 | (hl2 << 32))
                        v = R2 - (two(hf2, hl2, R2) if v is None else v)
                    else:
                        b = beta if beta < worst else worst
                        v = R2 - search(hf ^ fb, hl2, n1, R2, R2 - b, R2 - a)
                elif n1 == 2:
                    hf2 = hf ^ fb
                    v = e2get(hl2 | (hf2 << 32))
                    v = p + (two(hl2, hf2, R2) if v is None else v)
                else:
                    b = beta if beta < worst else worst
                    v = p + search(hl2, hf ^ fb, n1, R2, a - p, b - p)
                if v < worst:
                    worst = v
                    if worst <= a:
                        break
            if worst > best:
                best = worst
                bestmv = mv
                if worst > a:
                    a = worst
                    if a >= beta:
                        break
        if best <= alpha:
            if best < hi:
                e[1] = best
        else:
            if best >= beta:
                if best > lo:
                    e[0] = best
            else:
                e[0] = e[1] = best
            if bestmv is not leads[0]:
                leads.remove(bestmv)
                leads.insert(0, bestmv)
        return best

    def value(hl: Mask, hf: Mask, n: int, R: int, alpha: int, beta: int) -> int:
        """F(hl, hf) for any ``n`` >= 0 cards each, fail-soft."""
        if n == 0:  # only the last trick's 10 is left: its winner is "on lead"
            return R
        if n == 1:
            return 0 if WIN[hl.bit_length() - 1] & hf else R
        if n == 2:
            return two(hl, hf, R)
        return search(hl, hf, n, R, alpha, beta)

    def capot(hl: Mask, hf: Mask, n: int, R: int, alpha: int, beta: int) -> int:
        """G(hl, hf): F(hl, hf), plus CAPOT_BONUS if the leader takes every
        remaining trick, for a leader that has taken every trick so far (so it
        is still on lead).  Once the follower takes a trick the capot is gone
        and the rest is the plain game.  Fail-soft, like ``search``."""
        if n == 0:
            return R + CAPOT_BONUS
        tl = (hl >> sh) & 255
        if (hf >> sh) & 255 & ~((1 << tl.bit_length()) - 1):
            # a trump above all the leader's: a sure trick, so no capot
            return value(hl, hf, n, R, alpha, beta)
        if n == 1:
            return 0 if WIN[hl.bit_length() - 1] & hf else R + CAPOT_BONUS
        key = hl | (hf << 32)
        e = capot_tt.get(key)
        if e is None:
            e = capot_tt[key] = [0, R + CAPOT_BONUS]
        lo, hi = e
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
        n1 = n - 1
        best = -1
        a = alpha
        for cb, pc, fl in gen_moves(hl, hf):
            hl2 = hl ^ cb
            worst = INF
            for fb, pf, w in fl:
                p = pc + pf
                R2 = R - p
                b = beta if beta < worst else worst
                if w:  # the follower takes a trick: the plain game from here
                    v = R2 - value(hf ^ fb, hl2, n1, R2, R2 - b, R2 - a)
                else:
                    v = p + capot(hl2, hf ^ fb, n1, R2, a - p, b - p)
                if v < worst:
                    worst = v
                    if worst <= a:
                        break
            if worst > best:
                best = worst
                if worst > a:
                    a = worst
                    if a >= beta:
                        break
        if best <= alpha:
            e[1] = min(hi, best)
        elif best >= beta:
            e[0] = max(lo, best)
        else:
            e[0] = e[1] = best
        return best

    def release() -> None:
        nonlocal search, capot
        del search, capot

    return _Search(value, capot, moves, release)


# ---------------------------------------------------------------------------
# The root.

def _check(trump: object, leader: object, hands: Sequence[Sequence[object]], lead: object,
           capot_for: object) -> None:
    if isinstance(trump, bool) or trump not in (0, 1, 2, 3):
        raise SolverError(f"trump must be a suit number 0-3, not {trump!r}")
    if isinstance(leader, bool) or leader not in (0, 1):
        raise SolverError(f"leader must be 0 or 1, not {leader!r}")
    if capot_for is not None and (isinstance(capot_for, bool) or capot_for != leader):
        raise SolverError(f"capot_for must be the leader ({leader}), not {capot_for!r}: "
                          "the seat that has won every trick so far leads this one")
    if len(hands) != 2:
        raise SolverError(f"hands must be two hands, not {len(hands)}")
    seen: set[int] = set()
    for h in hands:
        for c in h:
            if not isinstance(c, int) or not 0 <= c < 32:
                raise SolverError(f"{c!r} is not a card (an int 0-31)")
            if c in seen:
                raise SolverError(f"card {c} is dealt twice")
            seen.add(c)
    nl, nf = len(hands[leader]), len(hands[1 - leader])
    if lead is None:
        if nl != nf or nl == 0:
            raise SolverError("both hands must hold the same number of cards (at least one), "
                              f"not {len(hands[0])} and {len(hands[1])}")
    else:
        if not isinstance(lead, int) or not 0 <= lead < 32:
            raise SolverError(f"lead {lead!r} is not a card (an int 0-31)")
        if lead in seen:
            raise SolverError(f"the lead card {lead} is also in a hand")
        if nf != nl + 1:
            raise SolverError("with a card led, the leader holds one card fewer than the "
                              f"follower, not {nl} and {nf}")


def _mask(cards: Iterable[int], to_int: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << to_int[c]
    return m


def _dominators(moves: list[int], mine: int, theirs: int,
                wins: Callable[[int], bool | None], pts: list[int]) -> dict[int, int]:
    """For each legal move of the mover (internal ids), the move of the same run
    (against the opponent's cards ``theirs``) that is at least as good: the top
    of the run if the mover surely wins the trick with it (``wins(c)`` True),
    the bottom if they surely lose it (False), else (None) the lowest card of
    the run with the same points (an exact equivalent).  Maps a move to itself
    when nothing better is known."""
    out = {}
    for c in moves:
        s8, k = c & ~7, c & 7
        m, o = (mine >> s8) & 255, (theirs >> s8) & 255
        lo = hi = k
        while lo > 0 and not (o >> (lo - 1)) & 1:
            lo -= 1
        while hi < 7 and not (o >> (hi + 1)) & 1:
            hi += 1
        run = [s8 + x for x in range(lo, hi + 1) if m >> x & 1 and (s8 + x) in moves]
        outcome = wins(c)
        if outcome is True:
            out[c] = run[-1]
        elif outcome is False:
            out[c] = run[0]
        else:
            out[c] = next(x for x in run if pts[x] == pts[c])
    return out


# val(c, alpha, beta): the mover's points after move c (see ``Root``).
Value: TypeAlias = Callable[[int, int, int], int]
Hands: TypeAlias = tuple[Sequence[int], Sequence[int]]


class Root(NamedTuple):
    """What a solver call reads about its position (internal ids)."""

    mover: int                   # the seat to move
    points_left: int             # R: the points still to take; the mover's
    #                              opponent gets what the mover does not
    rows: list[tuple[int, int]]  # (move, dominating move): first the moves that
    #                              dominate themselves, most promising first,
    #                              then the dominated ones
    val: Value                   # val(c, a, b): the mover's points after move c,
    #                              window (a, b), fail-soft
    to_ext: list[Card]           # internal id -> Card
    pts: list[int]               # internal id -> points


def _rows(moves: list[int], dom: dict[int, int], promise: Callable[[int], int]
          ) -> list[tuple[int, int]]:
    heads = sorted((c for c in moves if dom[c] == c), key=lambda c: -promise(c))
    return [(c, c) for c in heads] + [(c, dom[c]) for c in moves if dom[c] != c]


def _lead_root(tb: _Tables, s: _Search, kept: SearchFn, leader: int,
               hl: Mask, hf: Mask, n: int, R: int) -> Root:
    """The root when the leader is to move (no card on the table)."""
    PTS, WIN = tb.pts, tb.win
    value, cards_of, answers_mask = s.value, s.moves.cards_of, s.moves.answers_mask
    sh = 8 * tb.trump
    moves = cards_of(hl)
    f_trumps = (hf >> sh) & 255

    def wins(c: int) -> bool | None:
        """Does the leader win with ``c`` whatever the follower plays?"""
        s8 = c & ~7
        o = (hf >> s8) & 255
        if s8 == sh:
            return not o & _ABOVE[c & 7]
        if not o:
            return not f_trumps
        if not o & _ABOVE[c & 7]:
            return True
        if not o & _BELOW[c & 7]:
            return False
        return None

    def promise(c: int, /) -> int:  # as in gen_moves
        keep = answers_mask(hl, hf, c)
        w = keep & WIN[c]
        if w:
            return -PTS[c] - max(PTS[f] for f in cards_of(w))
        bonus = 60 if (hf >> (c & ~7)) & 255 or f_trumps else 0
        return PTS[c] + min(PTS[f] for f in cards_of(keep)) + bonus

    def val(c: int, a: int, b: int, /) -> int:
        hl2 = hl ^ (1 << c)
        worst = INF
        for f in cards_of(answers_mask(hl, hf, c)):
            fb = 1 << f
            p = PTS[c] + PTS[f]
            R2 = R - p
            bb = b if b < worst else worst
            if WIN[c] & fb:
                v = R2 - value(hf ^ fb, hl2, n - 1, R2, R2 - bb, R2 - a)
            else:
                v = p + kept(hl2, hf ^ fb, n - 1, R2, a - p, bb - p)
            if v < worst:
                worst = v
                if worst <= a:
                    break
        return worst

    dom = _dominators(moves, hl, hf, wins, PTS)
    return Root(leader, R, _rows(moves, dom, promise), val, tb.to_ext, PTS)


def _follow_root(tb: _Tables, s: _Search, kept: SearchFn, leader: int,
                 hl: Mask, hf: Mask, n: int, R: int, lead: int) -> Root:
    """The root when the follower is to move, the leader having led ``lead``
    (an internal id, in neither hand; ``R`` counts its points)."""
    PTS, WIN = tb.pts, tb.win
    value = s.value
    legal = follow_mask(hf, 0xFF << (lead & ~7), 0xFF << (8 * tb.trump), tb.higher[lead])
    moves = s.moves.cards_of(legal)
    wl = WIN[lead]

    def promise(f: int, /) -> int:
        return PTS[f] if wl >> f & 1 else -PTS[f]

    def val(f: int, a: int, b: int, /) -> int:
        fb = 1 << f
        p = PTS[lead] + PTS[f]
        R2 = R - p
        if wl & fb:  # the follower wins and leads next
            return p + value(hf ^ fb, hl, n, R2, a - p, b - p)
        return R2 - kept(hl, hf ^ fb, n, R2, R2 - b, R2 - a)

    dom = _dominators(moves, hf, hl | (1 << lead), lambda f: bool(wl >> f & 1), PTS)
    return Root(1 - leader, R, _rows(moves, dom, promise), val, tb.to_ext, PTS)


def _root(trump: int, leader: int, hands: Hands, lead: int | None, capot_for: int | None,
          memo: Memo | None = None) -> tuple[Root, Callable[[], None]]:
    """The position's ``Root``, and the function that frees the call's tables
    (see ``_make_search``).  With ``capot_for`` (the leader), the leader's
    points count CAPOT_BONUS more if it takes every remaining trick."""
    _check(trump, leader, hands, lead, capot_for)
    tb = _tables(trump)
    s = _make_search(tb, memo)
    kept = s.value if capot_for is None else s.capot  # after a trick the leader keeps
    hl, hf = _mask(hands[leader], tb.to_int), _mask(hands[1 - leader], tb.to_int)
    R = sum(tb.pts[c] for c in s.moves.cards_of(hl | hf)) + LAST_TRICK
    n = len(hands[leader])
    if lead is None:
        root = _lead_root(tb, s, kept, leader, hl, hf, n, R)
    else:
        internal = tb.to_int[lead]
        root = _follow_root(tb, s, kept, leader, hl, hf, n, R + tb.pts[internal], internal)
    return root, s.release


class _Call:
    """One solver call: the root of the position, with the cyclic garbage
    collector paused meanwhile (its passes over the search's many small objects
    cost a fifth of the time) and restored on exit, and the search's
    reference cycles cut on exit (so the call's tables are freed at once)."""

    __slots__ = ("args", "release", "was_enabled")

    def __init__(self, trump: int, leader: int, hands: Hands, lead: int | None,
                 capot_for: int | None, memo: Memo | None = None) -> None:
        self.args = (trump, leader, hands, lead, capot_for, memo)
        self.release: Callable[[], None] | None = None
        self.was_enabled = False

    def __enter__(self) -> Root:
        self.was_enabled = collector.pause()
        self.release = None
        try:
            root, self.release = _root(*self.args)
        except BaseException:
            self.__exit__()
            raise
        return root

    def __exit__(self, *exc: object) -> None:
        if self.release is not None:
            self.release()
            self.release = None
        collector.resume(self.was_enabled)


def python_solve(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
          lead: int | None = None,
          capot_for: int | None = None) -> tuple[int, list[int]]:
    """(value, best): the points seat 0 takes from the remaining tricks under
    best play by both (card points + 10 for the last trick), and every optimal
    card of the player to move (seat 0 maximises, seat 1 minimises), sorted.

    ``hands[0]`` / ``hands[1]``: the cards (ints 0-31) of seat 0 / seat 1;
    ``leader``: the seat on lead; ``lead``: the card it already led, if any (not
    in its hand; the follower is then to move).  Raises SolverError on an
    impossible position.

    ``capot_for``: the seat that has won every trick so far (so it is the
    leader), or None to ignore the capot.  Given, both play the capot game: that
    seat's taking every remaining trick is worth ``CAPOT_BONUS`` (90) more to
    it (252 trick points instead of 162), so it plays for a capot and the other
    seat plays to break one.  ``value`` stays zero-sum: seat 0's points, minus
    90 if seat 1 makes the capot, plus 90 if seat 0 does."""
    with _Call(trump, leader, hands, lead, capot_for) as (mover, R, rows, val, to_ext, PTS):
        best = -INF
        opt: set[int] = set()
        for c, d in rows:
            if d == c:  # not dominated: compare with the best so far
                if not opt:
                    best = val(c, -INF, INF)
                    opt.add(c)
                    continue
                v = val(c, best - 1, best + 1)
                if v <= best - 1:
                    continue
                if v >= best + 1:
                    best = val(c, best, INF)
                    opt = {c}
                else:
                    opt.add(c)
            elif d in opt and (PTS[d] == PTS[c] or val(c, best - 1, best) >= best):
                opt.add(c)  # a dominated move ties its (optimal) dominating one
        return (best if mover == 0 else R - best), sorted(to_ext[c] for c in opt)


def python_card_values(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
                lead: int | None = None,
                capot_for: int | None = None) -> dict[int, int]:
    """{card: value} for every legal move of the player to move: the points seat
    0 takes from the remaining tricks after that move, best play afterwards.
    Same arguments as ``solve`` (``capot_for`` included)."""
    with _Call(trump, leader, hands, lead, capot_for) as (mover, R, rows, val, to_ext, PTS):
        got: dict[int, int] = {}
        for c, d in rows:
            if d != c and PTS[d] == PTS[c]:
                got[c] = got[d]  # an exact equivalent
            else:
                got[c] = val(c, -INF, INF)
        out = {to_ext[c]: (v if mover == 0 else R - v) for c, v in got.items()}
        return dict(sorted(out.items()))


def python_position_value(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
                   lead: int | None = None,
                   capot_for: int | None = None, memo: Memo | None = None) -> int:
    """``solve(...)[0]`` without the set of optimal cards (for rollouts): the
    points seat 0 takes from the remaining tricks under best play (``capot_for``
    as in ``solve``).  ``memo`` carries search tables from call to call (same
    answers, less time when the positions share endings)."""
    with _Call(trump, leader, hands, lead, capot_for, memo) as (mover, R, rows, val, _, _pts):
        best = -INF
        for c, d in rows:
            if d == c:  # a dominated move is never better than its dominating one
                if best == -INF:
                    best = val(c, -INF, INF)
                elif val(c, best, best + 1) > best:
                    best = val(c, best, INF)
        return best if mover == 0 else R - best


def python_can_capot(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
              lead: int | None = None) -> bool:
    """Can the leader take every remaining trick (this one included) against
    any defence?  Same arguments as ``solve``; the leader is taken to have won
    every trick so far (it matters only to the caller: a capot needs them all)."""
    with _Call(trump, leader, hands, lead, leader) as (mover, R, rows, val, _, _pts):
        heads = [c for c, d in rows if d == c]  # a dominated move is never better
        if mover == leader:  # some lead keeps every trick
            goal = R + CAPOT_BONUS
            return any(val(c, goal - 1, goal) >= goal for c in heads)
        # the follower to move: every answer concedes the capot (its worth -90)
        return all(val(f, -CAPOT_BONUS, 1 - CAPOT_BONUS) <= -CAPOT_BONUS for f in heads)


# ---------------------------------------------------------------------------
# The core that answers (core.py): the compiled twin of the four functions
# above where it is built (``_native_solver.c``), else they themselves.  Both give the
# same answers: each value is the exact game value, each set of optimal cards
# every card that reaches it (tests/ai/test_native.py).  The compiled core
# checks its arguments itself and refuses (ValueError, TypeError) whatever it
# cannot read; then ``_check`` raises Python's SolverError with its message, and
# anything it lets through (say a trump given as 1.0) goes to the Python
# functions, so that a bad call fails exactly as it does without the core.

if native is not None:
    native.set_rules(PLAIN_STRENGTH, TRUMP_STRENGTH, PLAIN_POINTS, TRUMP_POINTS, CARDS,
                     LAST_TRICK, CAPOT_BONUS)


def solve(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
          lead: int | None = None,
          capot_for: int | None = None) -> tuple[int, list[int]]:
    """``python_solve``'s (value, best), from the core that runs."""
    if native is not None:
        try:
            return native.solve(trump, leader, hands, lead, capot_for)
        except (ValueError, TypeError):  # refused: Python's error, or its answer
            _check(trump, leader, hands, lead, capot_for)
    return python_solve(trump, leader, hands, lead, capot_for)


def card_values(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
                lead: int | None = None,
                capot_for: int | None = None) -> dict[int, int]:
    """``python_card_values``'s {card: value}, from the core that runs."""
    if native is not None:
        try:
            return native.card_values(trump, leader, hands, lead, capot_for)
        except (ValueError, TypeError):  # refused: Python's error, or its answer
            _check(trump, leader, hands, lead, capot_for)
    return python_card_values(trump, leader, hands, lead, capot_for)


def position_value(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
                   lead: int | None = None,
                   capot_for: int | None = None, memo: Memo | None = None) -> int:
    """``python_position_value``'s value, from the core that runs (``memo``
    carries that core's tables)."""
    if native is not None:
        try:
            return native.position_value(trump, leader, hands, lead, capot_for,
                                         None if memo is None else memo.native)
        except (ValueError, TypeError):  # refused: Python's error, or its answer
            _check(trump, leader, hands, lead, capot_for)
    return python_position_value(trump, leader, hands, lead, capot_for, memo)


def can_capot(trump: int, leader: int, hands: tuple[Sequence[int], Sequence[int]],
              lead: int | None = None) -> bool:
    """``python_can_capot``'s answer, from the core that runs."""
    if native is not None:
        try:
            return native.can_capot(trump, leader, hands, lead, leader)
        except (ValueError, TypeError):  # refused: Python's error, or its answer
            _check(trump, leader, hands, lead, leader)
    return python_can_capot(trump, leader, hands, lead)
