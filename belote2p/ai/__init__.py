"""The rival: players that see only a ``SeatView`` (base, players, search),
the strict-phase solver, and the arena that pits levels against each other."""

from __future__ import annotations

import random

from .base import Player, RandomPlayer, RivalError, decide


def make_player(level: int | str, rng: random.Random, levels: dict | None = None) -> Player:
    """The rival at ``level`` (1-4, or "random"), drawing its choices from ``rng``.

    ``levels`` is what ``belote2p.levels.load_levels()`` returns (the default).
    """
    if str(level) == "random":
        return RandomPlayer(rng)
    number = int(level)
    if levels is None:
        from ..levels import load_levels

        levels = load_levels()
    if number not in levels:
        raise ValueError(f"no rival level {level!r} (expected 1-4 or random)")
    entry = levels[number]
    params = entry.params
    name = f"level {number} ({entry.name})"
    if params["search"]["enabled"]:
        from .search import SearchPlayer

        return SearchPlayer(number, params, rng, name)
    from .players import TipsPlayer

    return TipsPlayer(number, params, rng, name)


__all__ = ["Player", "RandomPlayer", "RivalError", "decide", "make_player"]
