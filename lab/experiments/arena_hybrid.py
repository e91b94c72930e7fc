"""The arena with hybrid players: one player's card play with another's bidding.

    python lab/experiments/arena_hybrid.py CARDS/BIDS B --matches N --seed S [--jobs J]
                                           [--levels FILE] [--duplicate]

A player is named ``CARDS/BIDS`` (say ``4/pimc``: level 4's cards, the PIMC
test rival's bids) or by a plain name (``1``-``4``, ``random``, ``pimc``, and
``pimc128`` / ``pimc256`` / ``pimc1024``: the PIMC rival on 2 / 4 / 16 times
its deals, ``lab.rivals.pimc.VARIANTS``).  So
``arena_hybrid.py 4/pimc pimc`` and ``arena_hybrid.py pimc/4 pimc`` split level
4's score against PIMC into what its bidding and its card play bring: in the
first the two sides bid alike and differ in their cards, in the second the
other way round.  Each half of a hybrid has its own random stream, drawn from
the player's seed, so the arena stays deterministic.  ``--levels`` gives the
levels of the level halves.  Same pairs, seeds and JSON line as ``belote2p arena``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai.base import Player
from belote2p.core.actions import Action, Phase
from belote2p.core.view import SeatView
from lab.rivals.arena import LEVEL_NAMES, rival_main
from lab.rivals.pimc import VARIANTS, make_rival

PLAIN = (*LEVEL_NAMES, *VARIANTS)


class Hybrid:
    """Bids as ``bidder``, plays its cards as ``cards``."""

    def __init__(self, cards: Player, bidder: Player, name: str):
        self.cards, self.bidder, self.name = cards, bidder, name

    def choose(self, view: SeatView) -> Action:
        player = self.bidder if view.phase is Phase.BIDDING else self.cards
        return player.choose(view)


def make_hybrid(name: str, rng: random.Random, levels: Any = None) -> Player:
    """The arena's factory: ``CARDS/BIDS`` or a plain name."""
    if "/" not in name:
        return make_rival(name, rng, levels)
    cards, bids = name.split("/")
    card_rng, bid_rng = random.Random(rng.random()), random.Random(rng.random())
    return Hybrid(make_rival(cards, card_rng, levels), make_rival(bids, bid_rng, levels), name)


def player_name(text: str) -> str:
    parts = text.split("/")
    if len(parts) in (1, 2) and all(p in PLAIN for p in parts):
        return text
    raise argparse.ArgumentTypeError(f"expected CARDS/BIDS or one of {', '.join(PLAIN)}, "
                                     f"got {text!r}")


def main() -> int:
    return rival_main(PLAIN, make_hybrid, __doc__.splitlines()[0], "pimc-a", player_name)


if __name__ == "__main__":
    sys.exit(main())
