"""Level 4 on scaled counts against level 4 and the PIMC rivals (issue #41's sweep).

    python lab/experiments/sweep.py A B --matches N --seed S --duplicate [--jobs J]
                                    [--rows FILE]

A player is a level (1-4, ``random``), a PIMC test rival (``pimc``,
``pimc128``, ``pimc256``, ``pimc1024``: ``lab.rivals.pimc.VARIANTS``) or a
*point* of the sweep, ``4xK`` or ``4xKSHAPE``: level 4 with its counts times
K, SHAPE being ``all`` (the default), ``play`` or ``bids``
(``scaled_levels.SHAPES``: which counts scale).  So ``4x4 4`` pits four times
the counts against the shipped level 4 in one arena, which ``--levels`` (one
file for both sides) cannot.  The arena command's code
(``lab.rivals.arena.rival_main``): the same pairs, seeds and JSON line;
``--duplicate`` is its duplicate play.  Fixed counts: every decision is a
function of the seed and the counts.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import re
import sys
from collections.abc import Mapping

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai import Player
from belote2p.ai.levels import Level, shipped_levels
from belote2p.ai.search import SearchPlayer
from lab.experiments.scaled_levels import SHAPES
from lab.rivals.arena import LEVEL_NAMES, rival_main
from lab.rivals.pimc import VARIANTS, make_rival

POINT = re.compile(r"4x([1-9][0-9]*)(all|play|bids)?")


def scaled_level(level: Level, scale: int, shape: str) -> Level:
    """``level`` with its ``shape`` search counts times ``scale``."""
    search = dataclasses.replace(level.search, **{
        key: getattr(level.search, key) * scale for key in SHAPES[shape]})
    return dataclasses.replace(level, search=search)


def point_name(text: str) -> str:
    if text in LEVEL_NAMES or text in VARIANTS or POINT.fullmatch(text):
        return text
    raise argparse.ArgumentTypeError(
        f"expected 1-4, random, {', '.join(VARIANTS)} or 4xK[all|play|bids], got {text!r}")


def make_point(name: str, rng: random.Random,
               levels: Mapping[int, Level] | None = None) -> Player:
    """The arena's factory: a sweep point, or what ``make_rival`` knows."""
    found = POINT.fullmatch(name)
    if found is None:
        return make_rival(name, rng, levels)
    base = (levels or shipped_levels())[4]
    return SearchPlayer(scaled_level(base, int(found.group(1)), found.group(2) or "all"),
                        rng, f"level 4 {name}")


def main() -> int:
    return rival_main((), make_point, __doc__.splitlines()[0], "sweep-a", point_name)


if __name__ == "__main__":
    sys.exit(main())
