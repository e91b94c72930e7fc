"""The pause menu over the table.  It knows nothing of the table: abandoning
is reported back through ``on_abandon``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...services.i18n import _
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..layout import menu_column
from ..menu import MenuScene
from ..navigation import Route


class PauseMenu(MenuScene):
    opaque = False

    def __init__(self, ctx: SceneContext, demo: bool, run_over: bool,
                 on_abandon: Callable[[], None]):
        self.demo, self.run_over, self.on_abandon = demo, run_over, on_abandon
        super().__init__(ctx)

    def build(self) -> None:
        if self.demo:
            items = [("resume", _("Resume")), ("quit_demo", _("Quit demo"))]
        else:
            items = [("resume", _("Resume")), ("help", _("How to play")),
                     ("settings", _("Settings")), ("abandon", _("Abandon run")),
                     ("quit", _("Save and quit to title"))]
            if self.run_over:
                items = [i for i in items if i[0] != "abandon"]
        rects = menu_column(self.size, self.ctx.theme.layout, len(items), 0.3)
        self.buttons = [Button(r, label, key, primary=key == "resume")
                        for r, (key, label) in zip(rects, items)]

    def activate(self, b: Button) -> None:
        key, nav = b.value, self.ctx.nav
        if key == "resume":
            nav.pop()
        elif key == "help":
            nav.push(Route.HELP)
        elif key == "settings":
            nav.push(Route.SETTINGS)
        elif key == "abandon":
            question = _("Abandon this run? The unfinished match counts as lost; "
                         "the matches you have won stand.")
            nav.push(Route.CONFIRM, question=question, on_yes=self.abandon)
        elif key == "quit":
            nav.reset(Route.TITLE)
        elif key == "quit_demo":
            self.ctx.window.quit()

    def abandon(self) -> None:
        self.ctx.nav.pop()  # this menu: the table shows the end of the run
        self.on_abandon()

    def draw(self, surf: pygame.Surface) -> None:
        gfx.shade(surf)
        f = self.fonts
        first = self.buttons[0].rect
        box = pygame.Rect(0, 0, first.w + f.body * 4,
                          self.buttons[-1].rect.bottom - first.top + f.title * 3 + f.body * 2)
        box.midbottom = (first.centerx, self.buttons[-1].rect.bottom + f.body * 2)
        gfx.panel(surf, box, radius=f.body)
        gfx.blit_text(surf, _("Paused"), f.title, c("panel_title"),
                      (box.centerx, box.top + f.body), "midtop", True)
        self.draw_buttons(surf)
