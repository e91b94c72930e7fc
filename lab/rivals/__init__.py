"""The test rivals: players of other designs that level 4 is measured against.

``pimc`` is a textbook Perfect-Information Monte Carlo player, ``ismcts`` an
information-set Monte Carlo tree search.  Neither is a level and nothing of
the game loads them; the tests check them, and ``benchmarks/arena_pimc.py``
and the experiments of ``lab/experiments/`` play them (``arena.py``: the
arena command with their names).
"""
