"""The scene protocol: the app keeps a stack; the top scene gets the input and
the updates, and every scene from the last opaque one up is drawn."""

from __future__ import annotations

from typing import Any

import pygame

from .context import SceneContext


class Scene:
    opaque = True

    def __init__(self, ctx: SceneContext):
        self.ctx = ctx

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def damage(self) -> list[pygame.Rect] | None:
        """The areas the last ``draw`` changed, if the scene knows (then the
        window sends only those to the screen); None: it does not know."""
        return None

    def invalidate(self) -> None:
        """Something else drew over this scene's picture: the next ``draw``
        paints the whole surface."""

    def after_draw(self, surf: pygame.Surface) -> None:
        """Called once the frame is complete (the demo takes screenshots here)."""

    def resize(self) -> None:
        pass

    def offer(self) -> dict[str, Any]:
        """What the screen offers the player now (buttons, cards...): for tests."""
        return {}
