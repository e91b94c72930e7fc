"""A yes/no question over the current screen; the answer goes to the callbacks."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...services.i18n import _
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..layout import centred_panel
from ..menu import MenuScene


class ConfirmDialog(MenuScene):
    opaque = False

    def __init__(self, ctx: SceneContext, question: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None):
        self.question, self.on_yes, self.on_no = question, on_yes, on_no
        super().__init__(ctx)

    def _box(self) -> pygame.Rect:
        f = self.fonts
        w = min(self.size[0] - 40, f.body * 34)
        lines = gfx.wrap(self.question, f.body, w - f.body * 4)
        h = len(lines) * round(f.body * 1.45) + f.body * 6 + round(f.body * 2.2)
        return centred_panel(pygame.Rect((0, 0), self.size), w, h)

    def build(self) -> None:
        f = self.fonts
        box = self._box()
        bh = round(f.body * 2.2)
        bw = f.body * 8
        y = box.bottom - bh - f.body * 1.5
        self.buttons = [
            Button(pygame.Rect(box.centerx - bw - f.body // 2, y, bw, bh), _("Yes"), "yes"),
            Button(pygame.Rect(box.centerx + f.body // 2, y, bw, bh), _("No"), "no",
                   primary=True),
        ]
        self.focus = 1  # the safe answer

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                self.activate(self.buttons[0])
                return
            if event.key == pygame.K_n:
                self.activate(self.buttons[1])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = 1 - self.focus
                return
        super().handle(event)

    def back(self) -> None:
        self.activate(self.buttons[1])

    def activate(self, b: Button) -> None:
        self.ctx.nav.pop()
        if b.value == "yes":
            self.on_yes()
        elif self.on_no:
            self.on_no()

    def draw(self, surf: pygame.Surface) -> None:
        gfx.shade(surf)
        f = self.fonts
        box = self._box()
        gfx.panel(surf, box, radius=f.body)
        y = box.top + f.body * 2
        for line in gfx.wrap(self.question, f.body, box.w - f.body * 4):
            gfx.blit_text(surf, line, f.body, c("text"), (box.centerx, y), "midtop", within=box)
            y += round(f.body * 1.45)
        self.draw_buttons(surf)
