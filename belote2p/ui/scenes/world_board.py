"""The world's board in the window: today's board on the world daily's server,
by score or by skill, the player's own row highlighted.

Read off the frame loop (the world daily's own thread, ``WorldDaily.submit``):
"Loading…" meanwhile, and a plain line saying the server cannot be reached
when it cannot (one try: the board is a read, not a run to carry on)."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from ...services.i18n import N_, _, format_number
from ...services.world.client import WorldError
from ...services.world.daily import WorldDaily
from ...services.world.words import world_label
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit

log = logging.getLogger(__name__)
ROWS = 10
# (heading, x as a share of the box's width, anchor)
COLUMNS = ((N_("#"), 0.04, "topleft"), (N_("Name"), 0.1, "topleft"),
           (N_("Score"), 0.62, "topright"), (N_("Won"), 0.74, "topright"),
           (N_("Skill a hand"), 0.96, "topright"))


@dataclass(frozen=True)
class WorldBoard:
    """A day's board as the server gave it."""

    day: str
    rows: list[dict[str, Any]]


def read_board(daily: WorldDaily, by: str) -> WorldBoard:
    day = str(daily.client.day()["day"])
    return WorldBoard(day, list(daily.client.board(day, by)["rows"]))


def skill_text(row: dict[str, Any]) -> str:
    if row.get("skill_pending"):
        return _("pending")
    value = row.get("skill_per_hand")
    return "–" if value is None else f"{value:+.1f}"


class WorldBoardScene(MenuScene):
    def __init__(self, ctx: SceneContext, server: str):
        self.daily = WorldDaily(server, attempts=1)
        ctx.window.on_close.append(self.daily.close)
        self.mine = (self.daily.credentials.name if self.daily.credentials else "").casefold()
        self.by = "score"
        self.board: WorldBoard | None = None
        self.problem: str | None = None
        self.reading: Future[WorldBoard] | None = None
        super().__init__(ctx)
        self._read()

    def _read(self) -> None:
        daily, by = self.daily, self.by
        self.reading = daily.submit(lambda: read_board(daily, by))

    def update(self, dt: float) -> None:
        if self.reading is None or not self.reading.done():
            return
        try:
            self.board, self.problem = self.reading.result(), None
        except WorldError as exc:
            self.board, self.problem = None, exc.message
        self.reading = None

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        bh = round(f.body * 2.2)
        labels = [_("By skill"), _("By score")]
        order_w = max(f.body * 10, gfx.button_row_width(labels, f.body, f.body))
        back = pygame.Rect(0, 0, f.body * 10, bh)
        back.midbottom = (w // 2 - order_w // 2 - f.body // 2, h - f.body * 2)
        order = pygame.Rect(back.right + f.body, back.top, order_w, bh)
        self.buttons = [Button(back, _("Back"), "back"),
                        Button(order, labels[self.by == "skill"], "order")]

    def activate(self, b: Button) -> None:
        if b.value == "order":
            self.by = "skill" if self.by == "score" else "score"
            self.board = None
            self._read()
            self.build()
            self.focus = 1
        else:
            self.back()

    def back(self) -> None:
        self.daily.close()
        self.ctx.nav.pop()

    def box(self) -> pygame.Rect:
        f = self.fonts
        w, _h = self.size
        width = min(w - 40, f.body * 48)
        top = round(self.size[1] * 0.07) + f.title * 2 + f.body
        return pygame.Rect((w - width) // 2, top, width, self.row_h * (ROWS + 1) + f.body)

    @property
    def row_h(self) -> int:
        return round(self.fonts.body * 1.85)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, _h = self.size
        title = world_label(self.board.day) if self.board is not None else _("World daily")
        gfx.blit_text(surf, title, f.title, c("panel_title"),
                      (w // 2, round(self.size[1] * 0.07)), "midtop", True)
        box = self.box()
        gfx.panel(surf, box, radius=f.body)
        y = box.top + f.body // 2
        for heading, x, anchor in COLUMNS:
            gfx.blit_text(surf, _(heading), f.small, c("panel_title"),
                          (box.left + round(box.w * x), y), anchor, True, within=box)
        y += self.row_h
        if self.problem is not None:
            line = _("The world board cannot be reached: {why}").format(why=self.problem)
            for i, part in enumerate(gfx.wrap(line, f.body, box.w - f.body * 2)):
                gfx.blit_text(surf, part, f.body, c("bad"),
                              (w // 2, y + self.row_h + i * round(f.body * 1.4)), "midtop")
        elif self.board is None:
            gfx.blit_text(surf, _("Loading…"), f.body, c("text_dim"), (w // 2, y + self.row_h),
                          "midtop", within=box)
        elif not self.board.rows:
            gfx.blit_text(surf, _("No one has played today's world daily yet."), f.body,
                          c("text_dim"), (w // 2, y + self.row_h), "midtop", within=box)
        else:
            self._draw_rows(surf, box, y)
        self.draw_buttons(surf)

    def _draw_rows(self, surf: pygame.Surface, box: pygame.Rect, y: int) -> None:
        """The top rows, and the player's own row in place of the last when it is lower."""
        assert self.board is not None
        f = self.fonts
        rows = self.board.rows
        shown = rows[:ROWS]
        own = [r for r in rows if str(r["name"]).casefold() == self.mine]
        if own and own[0] not in shown:
            shown = shown[:ROWS - 1] + own[:1]
        for row in shown:
            mine = bool(self.mine) and str(row["name"]).casefold() == self.mine
            if mine:
                hl = pygame.Surface((box.w - f.body, self.row_h), pygame.SRCALPHA)
                hl.fill(c("highlight_row"))
                surf.blit(hl, (box.left + f.body // 2, y - self.row_h // 5))
            colour = c("accent") if mine else c("text")
            cells = (format_number(int(row["rank"])),
                     fit(str(row["name"]), f.body, round(box.w * 0.45)),
                     format_number(int(row["score"])), format_number(int(row["matches_won"])),
                     skill_text(row))
            for (_heading, x, anchor), cell in zip(COLUMNS, cells, strict=True):
                gfx.blit_text(surf, cell, f.body, colour, (box.left + round(box.w * x), y),
                              anchor, mine, within=box)
            y += self.row_h
