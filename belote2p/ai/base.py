"""The player interface: a view in, an action out.

A player only ever receives a ``SeatView`` (what its seat may know) and must
answer with one of ``view.legal``; ``decide`` checks that, and the engine
checks it again when the action is applied.  Players draw every random choice
from the ``random.Random`` they were built with, so a game replays exactly.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..core.actions import Action
from ..core.view import SeatView


class Player(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action:
        """The action for ``view.seat``, which is to move; one of ``view.legal``."""
        ...


class RivalError(RuntimeError):
    """A player answered with something the rules do not allow."""


def decide(player: Player, view: SeatView) -> Action:
    action = player.choose(view)
    if action not in view.legal:
        raise RivalError(
            f"{player.name} chose {action!s}, which is not legal now "
            f"(legal: {' '.join(str(a) for a in view.legal)})"
        )
    return action


class RandomPlayer:
    """Uniformly random among the legal actions: the arena's floor."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
