"""The arena with the PIMC test rival (``testing/rivals/pimc.py``) available as ``pimc``.

    python benchmarks/arena_pimc.py 4 pimc --matches 200 --seed pimc --jobs 2 [--levels FILE]

Same pairs, seeds, JSON line and summary as ``belote2p arena`` (it is that
arena's code with a player factory that also knows ``pimc``); the rival is
for testing only and never a level of the game.  ``--levels FILE`` plays the
levels of another levels file (for instance level 4 with a knob changed).
"""

from __future__ import annotations

import os
import sys

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# benchmarks.arena_ismcts, from the checkout

from benchmarks.arena_ismcts import rival_main  # the test rivals' arena command
from lab.rivals.pimc import NAME, make_rival

if __name__ == "__main__":
    sys.exit(rival_main(NAME, make_rival, __doc__.splitlines()[0], "pimc"))
