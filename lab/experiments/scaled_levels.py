"""levels.yaml with level 4's counts scaled: the points of issue #41's sweep.

    python lab/experiments/scaled_levels.py SCALE [--shape all|play|bids] > FILE

Writes the shipped levels.yaml with level 4's search counts multiplied by
SCALE (a whole number): ``all`` scales ``play_samples``, ``bid_samples``,
``final_samples``, ``final_batch`` and ``final_budget``; ``play`` only the card
search's (all but ``bid_samples``); ``bids`` only ``bid_samples``.  Every other
knob, and ``rival_version``, stays as shipped; the file is checked by the
levels loader before it is written.  Pass it to the arena's ``--levels`` and
to ``bench_level4.py --levels`` (fixed counts: the decisions stay a function of
the seed and the counts).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import yaml

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai.levels import parse_levels, read_data_file
from belote2p.core.resources import levels_path

PLAY = ("play_samples", "final_samples", "final_batch", "final_budget")
SHAPES = {"all": (*PLAY, "bid_samples"), "play": PLAY, "bids": ("bid_samples",)}


def scaled(data: dict[str, Any], scale: int, shape: str) -> dict[str, Any]:
    """``data`` (levels.yaml as read) with level 4's ``shape`` counts times ``scale``."""
    search = data["levels"][4]["search"]
    for key in SHAPES[shape]:
        search[key] = search[key] * scale
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scale", type=int)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="all")
    args = parser.parse_args()
    if args.scale < 1:
        parser.error("SCALE must be a whole number at least 1")
    data = scaled(read_data_file(levels_path()), args.scale, args.shape)
    parse_levels(data, f"level 4 x{args.scale} ({args.shape})")  # refuses an out-of-range count
    sys.stdout.write(f"# levels.yaml, level 4's {args.shape} counts x{args.scale} "
                     f"(lab/experiments/scaled_levels.py)\n")
    sys.stdout.write(yaml.safe_dump(data, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
