"""The leaderboard: the ten best runs, the player's new one highlighted."""

from __future__ import annotations

import pygame

from ...services.board_text import shown_date
from ...services.i18n import N_, _, format_number
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..navigation import Route

# Column anchors: x as a fraction of the board's width, and which edge sits there.
COLUMNS = ((0.06, "topright"), (0.1, "topleft"), (0.5, "topright"), (0.62, "topright"),
           (0.78, "topright"), (0.97, "topright"))
# TRANSLATORS: the leaderboard screen's column headings
COLUMN_HEADINGS = (N_("#"), N_("Name"), N_("Score"), N_("Streak"), N_("Best level"), N_("Date"))
NAME_WIDTH = 0.28  # of the board's width; longer names are cut with an ellipsis


class LeaderboardScene(MenuScene):
    def __init__(self, ctx: SceneContext, highlight: int | None = None):
        self.highlight = highlight
        super().__init__(ctx)

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.entries = self.ctx.session.leaderboard(10)
        back = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        back.midbottom = (w // 2, h - f.body * 2)
        self.buttons = [Button(back, _("Back"), "back", primary=True)]

    def activate(self, b: Button) -> None:
        self.back()

    def back(self) -> None:
        if self.ctx.nav.depth > 1:
            self.ctx.nav.pop()
        else:
            self.ctx.nav.reset(Route.TITLE)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("Leaderboard"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.07)), "midtop", True)
        width = min(w - 40, f.body * 48)
        left = (w - width) // 2
        top = round(h * 0.07) + f.title * 2
        row_h = round(f.body * 2.0)
        box = pygame.Rect(left, top, width, row_h * 11 + f.body)
        gfx.panel(surf, box, radius=f.body)
        y = top + f.body // 2
        for (fx, anchor), heading in zip(COLUMNS, COLUMN_HEADINGS):
            gfx.blit_text(surf, _(heading), f.small, c("panel_title"),
                          (left + round(width * fx), y), anchor, True, within=box)
        y += row_h
        if not self.entries:
            gfx.blit_text(surf, _("No runs recorded yet."), f.body, c("text_dim"),
                          (w // 2, y + row_h), "midtop", within=box)
        for e in self.entries:
            self._draw_row(surf, e, left, y, width, row_h)
            y += row_h
        self.draw_buttons(surf)

    def _draw_row(self, surf: pygame.Surface, e, left: int, y: int, width: int,
                  row_h: int) -> None:
        f = self.fonts
        mine = self.highlight is not None and e.entry_id == self.highlight
        if mine:
            hl = pygame.Surface((width - f.body, row_h), pygame.SRCALPHA)
            hl.fill(c("highlight_row"))
            surf.blit(hl, (left + f.body // 2, y - row_h // 5))
        colour = c("accent") if mine else c("text")
        values = [format_number(e.rank), e.name, format_number(e.score), format_number(e.streak),
                  format_number(e.level), shown_date(e.date)]
        for (fx, anchor), v in zip(COLUMNS, values):
            at = (left + round(width * fx), y)
            if anchor != "topleft":
                gfx.blit_text(surf, v, f.body, colour, at, anchor, mine)
                continue
            tag = _("AI") if getattr(e, "ai", False) else ""
            tag_w = gfx.font(f.small, True).size(tag)[0] + f.small if tag else 0
            name = gfx.blit_text(surf, fit(v, f.body, round(width * NAME_WIDTH) - tag_w), f.body,
                                 colour, at, anchor, mine)
            if tag:
                self._draw_ai_tag(surf, tag, (name.right + f.small // 2, name.centery))

    def _draw_ai_tag(self, surf: pygame.Surface, tag: str, midleft: tuple[int, int]) -> None:
        """A run the computer played for the player (autoplay) is marked."""
        size = self.fonts.small
        box = pygame.Rect(0, 0, gfx.font(size, True).size(tag)[0] + size // 2, round(size * 1.3))
        box.midleft = midleft
        gfx.panel(surf, box, radius=size // 3, colour=c("toast"))
        gfx.blit_text(surf, tag, size, c("thinking"), box.center, "center", True)
