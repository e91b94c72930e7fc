"""What a scene may use: the window, the navigator, the run session, the
settings, card art, sounds and the AI worker.  Scenes get this
small object instead of reaching into the app."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..services.run_session import RunSession
from .cards_art import CardArt
from .layout import TableLayout
from .navigation import Navigator
from .settings import Settings
from .sound import Sounds
from .theme import Theme
from .worker import AIWorker


class Window(Protocol):
    """The window as scenes see it."""

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def running(self) -> bool: ...
    def felt(self) -> pygame.Surface: ...
    def quit(self) -> None: ...
    def not_a_game_frame(self) -> None: ...
    on_close: list[Callable[[], None]]  # called as the window closes (the world daily's line)


@dataclass(frozen=True)
class SceneContext:
    window: Window
    nav: Navigator
    session: RunSession
    settings: Settings
    art: CardArt
    sounds: Sounds
    worker: AIWorker
    theme: Theme
    toast: Callable[[str], None]
