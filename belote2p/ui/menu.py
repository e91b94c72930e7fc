"""The base of the menu screens: buttons in a column, chosen by mouse or by
arrows and Enter."""

from __future__ import annotations

from typing import Any

import pygame

from . import gfx
from .context import SceneContext
from .gfx import Button
from .layout import Fonts, fonts_for
from .scene import Scene

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MenuScene(Scene):
    def __init__(self, ctx: SceneContext):
        super().__init__(ctx)
        self.buttons: list[Button] = []
        self.focus = 0
        self.build()

    def build(self) -> None:
        pass

    def resize(self) -> None:
        self.build()

    @property
    def size(self) -> tuple[int, int]:
        return self.ctx.window.size

    @property
    def fonts(self) -> Fonts:
        return fonts_for(self.size, self.ctx.theme.layout)

    def activate(self, button: Button) -> None:
        pass

    def back(self) -> None:
        self.ctx.nav.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if gfx.handle_buttons(self.buttons, event, self._click):
            return
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.hover:
                    self.focus = i
        if event.type != pygame.KEYDOWN:
            return
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif enabled and event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
            step = -1 if event.key == pygame.K_UP else 1
            pos = enabled.index(self.focus) if self.focus in enabled else -1
            self.focus = enabled[(pos + step) % len(enabled)]
        elif (event.key in ENTER and 0 <= self.focus < len(self.buttons)
              and self.buttons[self.focus].enabled):
            self._click(self.buttons[self.focus])

    def _click(self, button: Button) -> None:
        self.ctx.sounds.play("click")
        self.activate(button)

    def draw_felt(self, surf: pygame.Surface) -> None:
        surf.blit(self.ctx.window.felt(), (0, 0))

    def draw_buttons(self, surf: pygame.Surface, size: int | None = None) -> None:
        """The buttons, their labels at ``size`` (default: the body size; a label
        too long for its button shrinks on its own)."""
        size = self.fonts.body if size is None else size
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus
            b.draw(surf, size)

    def draw_dialog_box(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        """A dialog's panel, opaque: the window dims what lies under it once
        (``App._draw``), and nothing below shows through it."""
        gfx.panel(surf, box, radius=self.fonts.body, colour=(*gfx.c("panel")[:3], 255))

    def offer(self) -> dict[str, Any]:
        return {"scene": type(self).__name__,
                "buttons": {str(b.value): b.rect for b in self.buttons if b.enabled}}


def fit(s: str, size: int, width: int) -> str:
    """``s`` cut with an ellipsis to fit ``width`` pixels."""
    while len(s) > 1 and gfx.font(size).size(s)[0] > width:
        s = s[:-2] + "…"
    return s
