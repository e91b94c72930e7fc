"""Practice: pick the rival's level (1-4), then the practice table opens.
A practice run is never saved, scored or recorded (issue #13)."""

from __future__ import annotations

import pygame

from ...ai.levels import LevelsError
from ...core.fairness import new_seed
from ...core.match import Run
from ...services.i18n import _
from ...services.rival import game_levels
from ...services.run_session import ActiveRun
from .. import gfx
from ..gfx import Button, c
from ..layout import menu_column
from ..menu import MenuScene
from ..navigation import Route

PRACTICE_LEVELS = (1, 2, 3, 4)


def level_label(level: int, names: dict[int, str]) -> str:
    name = names.get(level)
    if not name:
        return _("Level {level}").format(level=level)
    # the names are English msgids in levels.yaml, as on the table's side panel
    return _("Level {level} · {name}").format(level=level, name=_(name))


class PracticeSetupScene(MenuScene):
    def build(self) -> None:
        try:
            names = {n: lv.name for n, lv in game_levels().items()}
        except LevelsError:  # the names are decoration; the rival reports bad data
            names = {}
        items = [(level, level_label(level, names)) for level in PRACTICE_LEVELS]
        items.append((0, _("Back")))
        rects = menu_column(self.size, self.ctx.theme.layout, len(items), 0.36)
        self.buttons = [Button(r, label, level, primary=level == 1)
                        for r, (level, label) in zip(rects, items)]

    def activate(self, b: Button) -> None:
        level = b.value
        if not isinstance(level, int) or level == 0:
            self.back()
            return
        # A seed of its own: practice never touches the saved run or the daily.
        run = Run(f"practice/{new_seed()}")
        self.ctx.nav.reset(Route.TABLE, active=ActiveRun(run, ""), practice=level)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        w, h = self.size
        f = self.fonts
        screen = pygame.Rect(0, 0, w, h)
        gfx.blit_text(surf, _("Practice"), f.huge, c("panel_title"), (w // 2, round(h * 0.1)),
                      "midtop", True, within=screen)
        gfx.blit_text(surf, _("Pick the rival's level. Nothing is scored or saved."), f.body,
                      c("text"), (w // 2, round(h * 0.1) + round(f.huge * 1.4)), "midtop",
                      within=screen)
        self.draw_buttons(surf)
