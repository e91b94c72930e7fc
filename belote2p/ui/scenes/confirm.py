"""A yes/no question over the current screen; the answer goes to the callbacks.
``label`` names what the answer ends, when it is a daily run ("Daily challenge
· Dec 1, 2026 · counted"): a line above the question."""

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
                 on_no: Callable[[], None] | None = None, label: str | None = None):
        self.question, self.on_yes, self.on_no, self.label = question, on_yes, on_no, label
        super().__init__(ctx)

    def _label_lines(self, width: int) -> list[str]:
        return gfx.wrap(self.label, self.fonts.body, width, bold=True) if self.label else []

    def _box(self) -> pygame.Rect:
        f = self.fonts
        w = min(self.size[0] - 40, f.body * 34)
        lines = gfx.wrap(self.question, f.body, w - f.body * 4)
        labels = self._label_lines(w - f.body * 4)
        h = (len(lines) * round(f.body * 1.45) + f.body * 6 + round(f.body * 2.2)
             + (len(labels) * round(f.body * 1.45) + f.body // 2 if labels else 0))
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
        f = self.fonts
        box = self._box()
        self.draw_dialog_box(surf, box)
        y = box.top + f.body * 2
        labels = self._label_lines(box.w - f.body * 4)
        for line in labels:
            gfx.blit_text(surf, line, f.body, c("accent"), (box.centerx, y), "midtop", True,
                          within=box)
            y += round(f.body * 1.45)
        y += f.body // 2 if labels else 0
        for line in gfx.wrap(self.question, f.body, box.w - f.body * 4):
            gfx.blit_text(surf, line, f.body, c("text"), (box.centerx, y), "midtop", within=box)
            y += round(f.body * 1.45)
        self.draw_buttons(surf)
