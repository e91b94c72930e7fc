"""The arena command with the test rivals as players (``benchmarks/arena_pimc.py``,
``lab/experiments/arena_ismcts.py``, ``lab/experiments/arena_hybrid.py``): the
same pairs, seeds, JSON line and summary as ``belote2p arena`` (it is that
arena's code with a player factory that also knows the rivals' names),
``--duplicate`` included."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from belote2p.ai import arena
from belote2p.ai.arena import PlayerFactory

LEVEL_NAMES = ("1", "2", "3", "4", "random")


def rival_main(names: Sequence[str], factory: PlayerFactory, description: str,
               default_seed: str, check: Callable[[str], str] | None = None) -> int:
    """The arena command with the levels and ``names``, built by ``factory``;
    ``check``, if given, checks a player's name instead (returns the name, or
    raises ArgumentTypeError)."""

    def known(text: str) -> str:
        if text in LEVEL_NAMES or text in names:
            return text
        raise argparse.ArgumentTypeError(
            f"expected 1-4, random or {', '.join(names)}, got {text!r}")

    player_name = check or known
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("a", type=player_name)
    parser.add_argument("b", type=player_name)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", default=default_seed)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=None, help="another levels file")
    parser.add_argument("--duplicate", action="store_true",
                        help="duplicate play (``belote2p arena --duplicate``)")
    parser.add_argument("--rows", default=None,
                        help="with --duplicate: one JSON line a deal written here")
    args = parser.parse_args()
    if args.matches < 1 or args.jobs < 1:
        parser.error("--matches and --jobs must be at least 1")
    return arena.main(args, factory)
