"""The arena with the PIMC test rival (``benchmarks/pimc.py``) available as ``pimc``.

    python benchmarks/arena_pimc.py 4 pimc --matches 200 --seed pimc --jobs 2 [--levels FILE]

Same pairs, seeds, JSON line and summary as ``belote2p arena`` (it is that
arena's code with a player factory that also knows ``pimc``); the rival is
for testing only and never a level of the game.  ``--levels FILE`` plays the
levels of another levels file (for instance level 4 with a knob changed).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # pimc.py, also in workers
try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pimc import NAME, make_rival

from belote2p.ai import arena


def player_name(text: str) -> str:
    if text in ("1", "2", "3", "4", "random", NAME):
        return text
    raise argparse.ArgumentTypeError(f"expected 1-4, random or {NAME}, got {text!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=player_name)
    parser.add_argument("b", type=player_name)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", default="pimc")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    args = parser.parse_args()
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    return arena.main(args, make_rival)


if __name__ == "__main__":
    sys.exit(main())
