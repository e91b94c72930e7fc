"""The pause menu over the table.  It knows nothing of the table: abandoning
is reported back through ``on_abandon``.  A practice table's menu says what
practice is (nothing is saved) and offers to leave it; a daily run's menu and
its abandon question say which day's challenge it is and whether it counts."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...services.board_text import daily_label
from ...services.i18n import _
from ...services.run_session import ActiveRun
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..layout import menu_column
from ..menu import MenuScene
from ..navigation import Route


class PauseMenu(MenuScene):
    opaque = False

    def __init__(self, ctx: SceneContext, demo: bool, run_over: bool,
                 on_abandon: Callable[[], None], practice: bool = False,
                 active: ActiveRun | None = None):
        self.demo, self.run_over, self.on_abandon = demo, run_over, on_abandon
        self.practice = practice and not demo
        facts = None if demo or practice or active is None else ctx.session.daily_facts(active)
        self.label = None if facts is None else daily_label(facts.day, facts.counted)
        super().__init__(ctx)

    @property
    def subtitle(self) -> str | None:
        """The line under "Paused": what this table is, when it is not a plain run."""
        if self.practice:
            return _("Practice · nothing is scored or saved")
        return self.label

    def build(self) -> None:
        if self.demo:
            items = [("resume", _("Resume")), ("quit_demo", _("Quit demo"))]
        elif self.practice:
            items = [("resume", _("Resume")), ("help", _("How to play")),
                     ("settings", _("Settings")), ("leave_practice", _("Leave practice"))]
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
            nav.push(Route.CONFIRM, question=question, on_yes=self.abandon, label=self.label)
        elif key in ("quit", "leave_practice"):
            nav.reset(Route.TITLE)  # a run is saved after every card; practice never is
        elif key == "quit_demo":
            self.ctx.window.quit()

    def abandon(self) -> None:
        self.ctx.nav.pop()  # this menu: the table shows the end of the run
        self.on_abandon()

    def draw(self, surf: pygame.Surface) -> None:
        f = self.fonts
        first, last = self.buttons[0].rect, self.buttons[-1].rect
        subtitle = self.subtitle
        sub_h = round(f.small * 1.7) if subtitle else 0
        box = pygame.Rect(0, 0, first.w + f.body * 4,
                          last.bottom - first.top + f.title * 3 + f.body * 2 + sub_h)
        box.midbottom = (first.centerx, last.bottom + f.body * 2)
        self.draw_dialog_box(surf, box)
        gfx.blit_text(surf, _("Paused"), f.title, c("panel_title"),
                      (box.centerx, box.top + f.body), "midtop", True, within=box)
        if subtitle:
            size = gfx.fitting_size(subtitle, f.small, box.w - f.body * 2)
            gfx.blit_text(surf, subtitle, size, c("accent"),
                          (box.centerx, box.top + f.body + round(f.title * 1.45)), "midtop",
                          within=box)
        self.draw_buttons(surf)
