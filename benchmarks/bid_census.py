"""How often the PIMC test rival, level 4 and level 3 take on the same positions.

    python benchmarks/bid_census.py [POSITIONS]

The positions are the bidding decisions with passing allowed of level-3
matches (``Match("bids", k)``); each player decides each one, seeded by its
index.  Prints the takes of each and the takes PIMC and level 4 share.
"""

from __future__ import annotations

import os
import random
import sys

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # benchmarks.pimc


from belote2p.actions import PASS, Phase
from belote2p.ai import decide, make_player
from belote2p.match import Match
from belote2p.view import SeatView
from benchmarks.pimc import PimcPlayer


def positions(count: int) -> list[SeatView]:
    """The first ``count`` bidding views with passing allowed of level-3 matches."""
    views: list[SeatView] = []
    k = 0
    while len(views) < count:
        match = Match("bids", k)
        players = [make_player(3, random.Random(k * 2 + s)) for s in (0, 1)]
        while not match.over and len(views) < count:
            seat = match.to_move
            assert seat is not None  # the match is not over
            view = match.view(seat)
            if view.phase is Phase.BIDDING and PASS in view.legal:
                views.append(view)
            match.apply(decide(players[seat], view))
        k += 1
    return views


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    views = positions(count)
    takes = {"pimc": 0, "4": 0, "3": 0}
    shared = 0
    for i, view in enumerate(views):
        pimc = PimcPlayer(random.Random(i)).choose(view) is not PASS
        four = make_player(4, random.Random(i)).choose(view) is not PASS
        takes["pimc"] += pimc
        takes["4"] += four
        takes["3"] += make_player(3, random.Random(i)).choose(view) is not PASS
        shared += pimc and four
    print(f"{len(views)} positions; takes: {takes}; taken by both PIMC and level 4: {shared}")


if __name__ == "__main__":
    main()
