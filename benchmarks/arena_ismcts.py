"""The arena with the ISMCTS test rival (``testing/rivals/ismcts.py``) available as ``ismcts``.

    python benchmarks/arena_ismcts.py 4 ismcts --matches 200 --seed rival --jobs 2

Same pairs, seeds, JSON line and summary as ``belote2p arena`` (it is that
arena's code with a player factory that also knows ``ismcts``); the rival is
for testing only and never a level of the game.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.ai import arena
from belote2p.ai.arena import PlayerFactory
from lab.rivals.ismcts import NAME, make_rival


def rival_main(name: str, factory: PlayerFactory, description: str, default_seed: str,
               names: Callable[[str], str] | None = None) -> int:
    """The arena command with one more player name, ``name``, built by ``factory``
    (shared by the test rivals' arena scripts); ``names``, if given, checks the
    player names instead (returns the name, or raises ArgumentTypeError)."""

    def one_more_name(text: str) -> str:
        if text in ("1", "2", "3", "4", "random", name):
            return text
        raise argparse.ArgumentTypeError(f"expected 1-4, random or {name}, got {text!r}")

    player_name = names or one_more_name
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("a", type=player_name)
    parser.add_argument("b", type=player_name)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", default=default_seed)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    parser.add_argument("--duplicate", action="store_true",
                        help="duplicate play (``belote2p arena --duplicate``)")
    args = parser.parse_args()
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    return arena.main(args, factory)


def main() -> int:
    return rival_main(NAME, make_rival, __doc__.splitlines()[0], "rival")


if __name__ == "__main__":
    sys.exit(main())
