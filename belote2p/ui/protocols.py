"""What the window's loop and the navigator need of a screen, as a protocol.

``scene.Scene`` is the base class every screen derives from; it holds the
``SceneContext``, and the context holds the ``Navigator``.  The navigator
builds and stacks scenes, so it needs a type for them: this protocol, which
names neither the context nor the navigator, keeps the three modules in one
direction (``scene`` -> ``context`` -> ``navigation`` -> ``protocols``)
instead of a loop hidden behind ``TYPE_CHECKING``.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame


class Screen(Protocol):
    """A screen on the window's stack: the top one gets the input and the
    updates; every screen from the last opaque one up is drawn (see
    ``scene.Scene`` for what each method means)."""

    opaque: bool

    def handle(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surf: pygame.Surface) -> None: ...
    def damage(self) -> list[pygame.Rect] | None: ...
    def invalidate(self) -> None: ...
    def after_draw(self, surf: pygame.Surface) -> None: ...
    def resize(self) -> None: ...
    def offer(self) -> dict[str, Any]: ...
