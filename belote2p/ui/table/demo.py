"""The demo: two AIs play on, and screenshots of each phase are saved."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class DemoConfig:
    levels: tuple[int | str, ...]  # seat 0's level, seat 1's level
    hands: int | None = None  # stop after this many hands (None: until closed)
    fast: bool = False
    screenshots: str | None = None
    seed: str = "0"


class Screenshots:
    """One picture per phase and hand (one per match for its end) into ``folder``."""

    def __init__(self, folder: str):
        self.folder = folder
        self.taken: set[tuple[object, ...]] = set()
        self.count = 0

    def maybe_take(self, surf: pygame.Surface, key: tuple[object, ...], phase: str,
                   not_a_game_frame: Callable[[], None]) -> None:
        if key in self.taken:
            return
        self.taken.add(key)
        self.count += 1
        pygame.image.save(surf, os.path.join(self.folder, f"{self.count:02d}_{phase}.png"))
        not_a_game_frame()
