"""The compiled core (``_native_*.c``, see ``_native.h``): the twin of ``solver.py``'s functions and
of ``playout.py``'s tips playouts.

Call it through ``solver`` (which checks the position first and raises
SolverError); called directly, a bad position raises ValueError.
"""

from collections.abc import Sequence

from ..core.cards import Card

Hands = tuple[Sequence[int], Sequence[int]]

INTERFACE: int

class Memo:
    """Search tables carried from call to call (``solver.Memo.native``)."""

    def __init__(self) -> None: ...

def set_rules(plain_strength: Sequence[int], trump_strength: Sequence[int],
              plain_points: Sequence[int], trump_points: Sequence[int],
              cards: tuple[Card, ...], last_trick: int, capot_bonus: int) -> None: ...
def solve(trump: int, leader: int, hands: Hands, lead: int | None = None,
          capot_for: int | None = None) -> tuple[int, list[int]]: ...
def card_values(trump: int, leader: int, hands: Hands, lead: int | None = None,
                capot_for: int | None = None) -> dict[int, int]: ...
def position_value(trump: int, leader: int, hands: Hands, lead: int | None = None,
                   capot_for: int | None = None, memo: Memo | None = None) -> int: ...
def can_capot(trump: int, leader: int, hands: Hands, lead: int | None = None,
              capot_for: int | None = None) -> bool: ...

# The playouts (playout.py): tables.py's tables once, then Sim.run with the tips.
def set_play_tables(pts: Sequence[Sequence[int]], strength: Sequence[Sequence[int]],
                    above: Sequence[Sequence[int]], beaters: Sequence[Sequence[int]],
                    higher: Sequence[Sequence[int]], king: int, queen: int, tricks: int,
                    last_trick: int, capot_points: int, hand_points: int,
                    belote_bonus: int) -> None: ...
# sim: a fastsim.Sim (read and written back attribute by attribute; naming its
# type here would make an import cycle: fastsim -> solver -> core -> _native)
def run_tips(sim: object, knobs: tuple[float | bool, ...], until_cards: int,
             net: Net | None = None) -> None: ...
# playout.playouts: the scores of each line on each base
def playouts(bases: Sequence[object], lines: Sequence[tuple[int, ...]],
             knobs: tuple[float | bool, ...], until_cards: int, play_for_capot: bool,
             memo: Memo | None, net: Net | None = None) -> list[tuple[int, int]]: ...

class Net:
    """The learned playout policy's weights (evaluator.Net.compiled), read
    once: immutable, handed to run_tips and playouts (net=)."""

    def __init__(self, w1: Sequence[int], b1: Sequence[int], w2: Sequence[int],
                 b2: Sequence[int]) -> None: ...

# follow.follow_mask's compiled mirror (tests/ai/test_follow.py checks it)
def follow_mask(hand: int, suit: int, trumps: int, higher: int) -> int: ...
