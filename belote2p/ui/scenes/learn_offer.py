"""The first launch's offer of the guided hand: learn to play now, or skip.
Shown once (the title marks it offered in the settings before opening it)."""

from __future__ import annotations

import pygame

from ...services.i18n import _
from .. import gfx
from ..gfx import Button, c
from ..layout import centred_panel
from ..menu import MenuScene
from ..navigation import Route


class LearnOffer(MenuScene):
    opaque = False

    def _lines(self, width: int) -> list[str]:
        return gfx.wrap(_("New to two-player Belote? A guided hand teaches the game by "
                          "playing it, step by step; nothing is scored. You can also open "
                          "it later with Learn to play."), self.fonts.body, width)

    def _box(self) -> pygame.Rect:
        f = self.fonts
        w = min(self.size[0] - 40, f.body * 34)
        h = (f.title * 2 + len(self._lines(w - f.body * 4)) * round(f.body * 1.45)
             + f.body * 4 + round(f.body * 2.2))
        return centred_panel(pygame.Rect((0, 0), self.size), w, h)

    def build(self) -> None:
        f = self.fonts
        box = self._box()
        bh = round(f.body * 2.2)
        bw = min(f.body * 11, box.w // 2 - f.body)
        y = box.bottom - bh - f.body * 3 // 2
        self.buttons = [
            Button(pygame.Rect(box.centerx - bw - f.body // 2, y, bw, bh), _("Learn to play"),
                   "learn", primary=True),
            Button(pygame.Rect(box.centerx + f.body // 2, y, bw, bh), _("Skip"), "skip"),
        ]
        self.focus = 0

    def activate(self, b: Button) -> None:
        self.ctx.nav.pop()
        if b.value == "learn":
            self.ctx.nav.push(Route.LEARN)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = 1 - self.focus
            return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        gfx.shade(surf)
        f = self.fonts
        box = self._box()
        gfx.panel(surf, box, radius=f.body)
        gfx.blit_text(surf, _("Welcome to Belote 2P"), f.title, c("panel_title"),
                      (box.centerx, box.top + f.body), "midtop", True, within=box)
        y = box.top + f.body + round(f.title * 1.6)
        for line in self._lines(box.w - f.body * 4):
            gfx.blit_text(surf, line, f.body, c("text"), (box.centerx, y), "midtop", within=box)
            y += round(f.body * 1.45)
        self.draw_buttons(surf)
