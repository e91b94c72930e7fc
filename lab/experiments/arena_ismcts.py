"""The arena with the ISMCTS test rival (``lab/rivals/ismcts.py``) available as ``ismcts``.

    python lab/experiments/arena_ismcts.py 4 ismcts --matches 200 --seed rival --jobs 2
                                           [--duplicate]

Same pairs, seeds, JSON line and summary as ``belote2p arena``
(``lab.rivals.arena.rival_main``); the rival is for testing only and never a
level of the game.  Level 4 beats it clearly (docs/RIVAL.md, "The test
rivals"), so it is an experiment of issue #13 kept, not a standing benchmark.
"""

from __future__ import annotations

import os
import sys

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from lab.rivals.arena import rival_main
from lab.rivals.ismcts import NAME, make_rival


def main() -> int:
    return rival_main((NAME,), make_rival, __doc__.splitlines()[0], "rival")


if __name__ == "__main__":
    sys.exit(main())
