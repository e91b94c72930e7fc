"""The native core's direct API against hostile arguments: an exception is
fine, a signal never (issue 44, case 10).

Reading an item of a sequence can run Python code (an ``__index__``, a
``__getattr__``), and that code can clear the very sequence being read or drop
the last reference to the object being read.  The core reads what it holds:
every sequence is copied into a tuple of held references before its first item
is read (``held_items``), and a batch reads all its bases and lines into C
before it plays one.  Each case runs in its own process (a crash would take
the test runner down with it) and died by SIGSEGV before; each now returns,
having read a consistent snapshot, or raises.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from belote2p.ai import core

pytestmark = pytest.mark.skipif(core.native is None, reason="the native core is not built")

PRELUDE = """
from belote2p.ai import core, load_levels, playout
from belote2p.ai.fastsim import sim_from_deck
from belote2p.ai.follow import HIGHER
from belote2p.ai.tables import ABOVE, BEATERS, PTS, STR
from belote2p.core.cards import CARDS, PLAIN_STRENGTH, TRUMP_STRENGTH
native = core.native
knobs = playout._packed(load_levels()[4].play)
deck = list(range(32))


class Clearing:
    '''An int-like item whose conversion clears ``target`` (the list being read).'''

    def __init__(self, target, value):
        self.target, self.value = target, value

    def __index__(self):
        self.target.clear()
        return self.value

    __int__ = __index__


class ClearingSim:
    '''A Sim read attribute by attribute whose every read clears ``target``
    (the list that holds this very object, or another argument).'''

    def __init__(self, sim, target):
        self.sim, self.target = sim, target

    def __getattr__(self, name):
        self.target.clear()
        return getattr(self.sim, name)


def outcome(call):
    try:
        got = call()
    except (ValueError, TypeError) as exc:
        print("raised", type(exc).__name__)
    else:
        print("returned", got)
"""

CASES = {
    # Net (set_net before the network became a value): w1's fourth weight
    # clears w1 while it is read
    "Net": """
w1 = [1000 + i for i in range(134 * 64)]
w1[3] = Clearing(w1, 7)
outcome(lambda: type(native.Net(w1, [0] * 64, [0] * (64 * 32), [0] * 32)).__name__)
""",
    # set_rules: the plain strengths' first clears the list
    "set_rules": """
strengths = list(PLAIN_STRENGTH)
strengths[0] = Clearing(strengths, PLAIN_STRENGTH[0])
outcome(lambda: native.set_rules(strengths, TRUMP_STRENGTH, [0, 0, 0, 10, 2, 3, 4, 11],
                                 [0, 0, 14, 10, 20, 3, 4, 11], CARDS, 10, 90))
""",
    # set_play_tables: a point of the first row clears the row, then the table
    "set_play_tables row": """
rows = [list(row) for row in PTS]
rows[0][0] = Clearing(rows[0], PTS[0][0])
outcome(lambda: native.set_play_tables(rows, STR, ABOVE, BEATERS, HIGHER, 6, 5, 16, 10, 252, 162,
                                       20))
""",
    "set_play_tables table": """
rows = [list(row) for row in PTS]
rows[0][0] = Clearing(rows, PTS[0][0])
outcome(lambda: native.set_play_tables(rows, STR, ABOVE, BEATERS, HIGHER, 6, 5, 16, 10, 252, 162,
                                       20))
""",
    # playouts: every base's attribute read clears the bases (the last
    # reference to the base being read goes with it)
    "playouts bases": """
bases = []
bases += [ClearingSim(sim_from_deck(deck, 0, 0, s), bases) for s in range(4)]
outcome(lambda: len(native.playouts(bases, [()], knobs, 0, True, None)))
""",
    # playouts: the base's reads clear the lines, which are read after it
    "playouts lines by a base": """
sim = sim_from_deck(deck, 0, 0, 1)
lines = [(c,) for c in sim.hands[sim.leader]]
outcome(lambda: len(native.playouts([ClearingSim(sim, lines)], lines, knobs, 0, True, None)))
""",
    # playouts: a line's card clears the lines
    "playouts lines by a card": """
sim = sim_from_deck(deck, 0, 0, 1)
lines = [(c,) for c in sim.hands[sim.leader]]
lines[0] = (Clearing(lines, sim.hands[sim.leader][0]),)
outcome(lambda: native.playouts([sim], lines, knobs, 0, True, None))
""",
    # run_tips: the Sim's reads clear its own hand (which then does not add up)
    "run_tips": """
sim = sim_from_deck(deck, 0, 0, 1)
hostile = ClearingSim(sim, sim.hands[0])
outcome(lambda: native.run_tips(hostile, knobs, 0))
""",
    # the solver: a hand whose card clears the other hand
    "solve": """
other = [1, 2]
outcome(lambda: native.solve(0, 0, ([Clearing(other, 0), 3], other)))
""",
}

# What each case does now: returns from a consistent snapshot of what it read
# (a list cleared after it was copied changes nothing), or refuses what does
# not add up, or an item that is not an int (cards are converted only from
# ints: no __index__ runs).
EXPECTED = {
    "Net": "returned Net",
    "set_rules": "returned None",
    "set_play_tables row": "returned None",
    "set_play_tables table": "returned None",
    "playouts bases": "returned 4",
    "playouts lines by a base": "returned 9",
    "playouts lines by a card": "raised ValueError",
    "run_tips": "raised ValueError",
    "solve": "raised ValueError",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_argument_raises_or_returns_and_never_kills_the_process(case: str) -> None:
    env = {**os.environ}
    env.pop(core.PURE_PYTHON_ENV, None)
    done = subprocess.run([sys.executable, "-c", PRELUDE + CASES[case]], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{case}: exit {done.returncode} ({done.stderr[-2000:]})"
    assert done.stdout.strip() == EXPECTED[case]
