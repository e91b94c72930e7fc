"""The playouts' policy, the tips for both seats, run by the core that runs.

Level 4's rollouts (``search.py``) and the review's stock-phase verdicts
(``review/stock.py``) play a ``fastsim.Sim`` on with ``heuristics.choose_card``
for both seats, each seeing only its own information (``info_from_sim``).
``run_tips`` does exactly that: in Python (``tips_policy``, the reference), or
in the compiled core (``_native_playouts.c``), which picks the same card at every turn
(the same scores, formed in the same order) and so leaves the same ``Sim``.
With a ``Net`` (``evaluator.py``, the level knob ``playout_net``) the network
plays the stock phase instead of the tips, for both seats alike, each from its
own information; the tips play the strict phase.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import CAPOT_POINTS, HAND_POINTS, KING, LAST_TRICK_BONUS, QUEEN
from .core import native
from .evaluator import Net, net_card
from .fastsim import BELOTE_BONUS, TRICKS, Policy, Sim
from .follow import HIGHER
from .heuristics import choose_card
from .knowledge import info_from_sim
from .levels import PlayKnobs
from .solver import Memo
from .tables import ABOVE, BEATERS, PTS, STR

__all__ = ["net_policy", "playouts", "python_playouts", "python_run_tips", "run_tips",
           "tips_policy"]

if native is not None:
    native.set_play_tables(PTS, STR, ABOVE, BEATERS, HIGHER, KING, QUEEN, TRICKS,
                           LAST_TRICK_BONUS, CAPOT_POINTS, HAND_POINTS, BELOTE_BONUS)


def tips_policy(knobs: PlayKnobs) -> Policy:
    """The tips' card for the seat to move, from that seat's information."""

    def policy(sim: Sim, seat: int) -> int:
        return choose_card(info_from_sim(sim, seat, knobs.count_plain), knobs)

    return policy


def net_policy(knobs: PlayKnobs, net: Net) -> Policy:
    """The network's card while the stock lasts (every card of the hand is
    legal then), the tips' card after; from the seat's information only."""
    tips = tips_policy(knobs)

    def policy(sim: Sim, seat: int) -> int:
        if not sim.stock:
            return tips(sim, seat)
        info = info_from_sim(sim, seat, knobs.count_plain)
        return net_card(net, info, info.hand)

    return policy


def python_run_tips(sim: Sim, knobs: PlayKnobs, until_cards: int = 0,
                    net: Net | None = None) -> None:
    """``sim.run`` with ``tips_policy`` (or ``net_policy``) for both seats (the reference)."""
    policy = tips_policy(knobs) if net is None else net_policy(knobs, net)
    sim.run((policy, policy), until_cards)


# id(knobs) -> (knobs, packed): hashing a PlayKnobs (every field, each time)
# would cost a third of a compiled playout; holding the knobs keeps the id theirs.
_PACKED: dict[int, tuple[PlayKnobs, tuple[float | bool, ...]]] = {}


def _packed(knobs: PlayKnobs) -> tuple[float | bool, ...]:
    """The knobs the compiled policy reads, in its order (``_native.h`` Knobs)."""
    got = _PACKED.get(id(knobs))
    if got is None or got[0] is not knobs:
        got = _PACKED[id(knobs)] = (knobs, (
            *knobs.keep_trump, *knobs.keep_plain, knobs.belote_keep, knobs.master_bonus,
            knobs.win_bonus, knobs.lead_trump_penalty, knobs.short_suit_bonus,
            knobs.force_trump_bonus, knobs.count_plain))
    return got[1]


def run_tips(sim: Sim, knobs: PlayKnobs, until_cards: int = 0, net: Net | None = None) -> None:
    """Play ``sim`` on with the tips (the stock phase with ``net``, if given) for
    both seats, to the end or (``until_cards`` > 0) to the first strict trick
    start with at most that many cards a hand (``Sim.run``)."""
    if native is None:
        python_run_tips(sim, knobs, until_cards, net)
    else:  # the network's compiled twin is handed to the call: the core keeps none
        native.run_tips(sim, _packed(knobs), until_cards, None if net is None else net.compiled)


def python_playouts(bases: Sequence[Sim], lines: Sequence[tuple[int, ...]], knobs: PlayKnobs,
                    until_cards: int = 0, play_for_capot: bool = True,
                    memo: Memo | None = None, net: Net | None = None) -> list[tuple[int, int]]:
    """``playouts`` in Python (the reference)."""
    out = []
    for line in lines:
        for base in bases:
            sim = base.copy()
            for c in line:
                sim.play(c)
            python_run_tips(sim, knobs, until_cards, net)
            out.append(sim.solved_scores(memo, play_for_capot) if until_cards else sim.scores())
    return out


def playouts(bases: Sequence[Sim], lines: Sequence[tuple[int, ...]], knobs: PlayKnobs,
             until_cards: int = 0, play_for_capot: bool = True,
             memo: Memo | None = None, net: Net | None = None) -> list[tuple[int, int]]:
    """Many playouts at once, line by line: for each line, for each base, a
    copy of the base with the line's cards played (each by the seat to move),
    then played on with the tips for both seats to the end, or (``until_cards``
    > 0) to the first strict trick start with at most that many cards a hand
    and from there by the solver (``Sim.solved_scores``, sharing ``memo``'s
    tables): the hand's two scores.  The search's hot loop, in one call to the
    compiled core where it runs.  With ``net``, the network plays the stock phase
    (``run_tips``)."""
    if native is None:
        return python_playouts(bases, lines, knobs, until_cards, play_for_capot, memo, net)
    return native.playouts(bases, lines, _packed(knobs), until_cards, play_for_capot,
                           None if memo is None else memo.native,
                           None if net is None else net.compiled)
