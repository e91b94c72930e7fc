"""The arena with the PIMC test rival (``lab/rivals/pimc.py``) available as a player.

    python benchmarks/arena_pimc.py 4 pimc --matches 400 --seed pimc-a --jobs 2 [--levels FILE]
                                    [--duplicate]

Same pairs, seeds, JSON line and summary as ``belote2p arena``
(``lab.rivals.arena.rival_main``; ``--duplicate`` is its duplicate play).  The
rival's names: ``pimc`` (the baseline: 64 deals a finalist), ``pimc128``,
``pimc256`` and ``pimc1024`` (the same player on 2, 4 and 16 times its deals,
``lab.rivals.pimc.VARIANTS``).  It is for testing only and never a level of
the game.  ``--levels FILE`` plays the levels of another levels file (for
instance level 4 with a knob changed).
"""

from __future__ import annotations

import os
import sys

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from lab.rivals.arena import rival_main
from lab.rivals.pimc import VARIANTS, make_rival

if __name__ == "__main__":
    sys.exit(rival_main(tuple(VARIANTS), make_rival, __doc__.splitlines()[0], "pimc"))
