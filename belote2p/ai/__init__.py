"""The rival: players that see only a ``SeatView`` (base, players, search),
the strict-phase solver, and the arena that pits levels against each other."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .base import Player, RandomPlayer, RivalError, decide
from .levels import Level, LevelsError, load_levels, shipped_levels


def make_player(level: int | str, rng: random.Random,
                levels: Mapping[int, Level] | None = None) -> Player:
    """The rival at ``level`` (1-4, or "random"), drawing its choices from ``rng``.

    ``levels`` is what ``load_levels()`` returns (the default: the shipped file,
    read once a process: ``shipped_levels``).
    A broken levels file raises ``LevelsError``: never a random player instead.
    """
    if str(level) == "random":
        return RandomPlayer(rng)
    if levels is None:
        levels = shipped_levels()
    entry = levels.get(int(level)) if str(level).isdigit() else None
    if entry is None:
        raise ValueError(f"no rival level {level!r} (expected 1-4 or random)")
    name = f"level {entry.number} ({entry.name})"
    if entry.search.enabled:
        from .search import SearchPlayer

        return SearchPlayer(entry, rng, name)
    from .players import TipsPlayer

    return TipsPlayer(entry, rng, name)


__all__ = ["Level", "LevelsError", "Player", "RandomPlayer", "RivalError", "decide",
           "load_levels", "make_player", "shipped_levels"]
