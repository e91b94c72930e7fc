"""Statistics: the player's figures over every recorded run, and two charts
(the score of each run over time, the win rate against each rival level).

The figures are ``services.stats.stats_of`` over the store's
``figure_totals`` (the player's runs; autoplay's are left out: the runs'
stored figures summed, issue #31), with the skill figure over the hands'
differences kept with the runs (``services.skill_kept``, issue #32: nothing
replayed), read off the frame loop: the screen says "Loading…" until they are
there.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from ...ai.levels import LevelsError
from ...services.advice_text import rating_line
from ...services.duplicate_text import skill_line
from ...services.i18n import _, format_number
from ...services.rating import RatingDataError
from ...services.runs_text import figure_rows, older_runs_note  # the CLI's words too
from ...services.skill_kept import kept_skill
from ...services.stats import MAX_POINTS, LevelStats, Stats, stats_of
from ...store.api import STORAGE_FAILURES, Store
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..plot import Bar, bar_chart, line_chart
from ..records import day_label
from ..worker import taken

LEVELS = (1, 2, 3, 4)


def percent(value: int) -> str:
    return _("{n}%").format(n=format_number(value))


def level_bars(by_level: dict[int, LevelStats]) -> list[Bar]:
    """One bar a rival level: the share of matches won against it."""
    bars = []
    for level in LEVELS:
        figures = by_level.get(level, LevelStats(0, 0))
        played, won = figures.played, figures.won
        bars.append(Bar(_("Level {level}").format(level=level), won / played if played else 0.0,
                        f"{format_number(won)}/{format_number(played)}"))
    return bars


def read_figures(store: Store) -> tuple[Stats, str | None, list[tuple[str, int]]]:
    """The statistics, why the rating or the skill figure is missing (a data
    file is bad) or None, and the score of each run, oldest first (every
    figure from the runs' stored figures: nothing is replayed)."""
    totals, problem = store.figure_totals(), None
    try:
        stats = stats_of(totals)
    except RatingDataError as exc:  # the figures still show, without the rating
        stats, problem = stats_of(totals, rated=False), str(exc)
    try:
        stats.skill = kept_skill(store)
    except LevelsError as exc:  # without level 4's version no difference is read
        problem = str(exc)
    return stats, problem, store.run_scores(most=MAX_POINTS)


class StatsScene(MenuScene):
    def __init__(self, ctx: SceneContext):
        # Read once, off the frame loop (build() runs again on a resize).
        store = ctx.session.store
        self.loading: Future[tuple[Stats, str | None, list[tuple[str, int]]]] | None = \
            ctx.worker.in_background(lambda: read_figures(store))
        self.figures: Stats | None = None
        self.series: list[tuple[str, int]] = []
        super().__init__(ctx)
        self._take_figures()

    def update(self, dt: float) -> None:
        self._take_figures()

    def _empty_text(self) -> str:
        """What the panel says without figures: why it waits, or that there are none."""
        if self.loading is None:
            return _("No runs recorded yet: play one and its figures show here.")
        if self.ctx.session.store.counting_figures():
            # TRANSLATORS: Statistics, while the figures of the runs played before an
            # update are counted (once, some seconds or minutes for thousands of runs)
            return _("Counting the figures of your earlier runs, once after an update…")
        return _("Loading…")

    def _take_figures(self) -> None:
        read = taken(self.loading, self._unread, STORAGE_FAILURES)  # a bug surfaces
        if read is None:
            return
        self.loading = None
        if read.value is None:  # no figures, and why
            return
        stats, problem, self.series = read.value
        if problem is not None:
            self.ctx.toast(problem)
        self.figures = stats if stats.runs else None

    def _unread(self, exc: Exception) -> None:
        self.ctx.toast(_("The runs could not be read: {error}").format(error=exc))

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        back = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        back.midbottom = (w // 2, h - f.body)
        self.buttons = [Button(back, _("Back"), "back", primary=True)]

    def activate(self, b: Button) -> None:
        self.back()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("Statistics"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.04)), "midtop", True)
        top = round(h * 0.04) + round(f.title * 1.8)
        if self.figures is not None and self.figures.rating is not None:
            # the rating, or how many matches it waits for (issue #19)
            text = rating_line(self.figures.rating)
            gfx.blit_text(surf, text, f.body, c("accent"), (w // 2, top - f.body // 2), "midtop",
                          True, within=pygame.Rect(0, 0, w, h))
            top += round(f.body * 1.6)
        skill = None if self.figures is None else skill_line(self.figures.skill)
        if skill is not None:  # against level 4 in the same seat, over the hands kept
            gfx.blit_text(surf, fit(skill, f.body, w - f.body * 4), f.body, c("text"),
                          (w // 2, top - f.body // 2), "midtop")
            top += round(f.body * 1.6)
        area = pygame.Rect(f.body * 2, top, w - f.body * 4,
                           self.buttons[0].rect.top - f.body - top)
        if self.figures is None:
            gfx.panel(surf, area, radius=f.body)
            lines = gfx.wrap(self._empty_text(), f.body, area.w - f.body * 4)
            step = round(f.body * 1.4)
            y = area.centery - step * (len(lines) - 1) // 2
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, f.body, c("text_dim"), (area.centerx, y + i * step),
                              "center")
        else:
            self._draw_figures(surf, area, self.figures)
        self.draw_buttons(surf)

    def _draw_figures(self, surf: pygame.Surface, area: pygame.Rect, s: Stats) -> None:
        f = self.fonts
        left = pygame.Rect(area.left, area.top, round(area.w * 0.3), area.h)
        gfx.panel(surf, left, radius=f.body)
        rows = figure_rows(s)
        line = min(round(f.body * 1.5), (left.h - f.body) // len(rows))
        y = left.top + f.body // 2
        for label, value in rows:
            gfx.blit_text(surf, label, f.body, c("text_dim"), (left.left + f.body, y))
            gfx.blit_text(surf, value, f.body, c("text"), (left.right - f.body, y), "topright",
                          True)
            y += line
        if s.without_actions:
            self._draw_older_runs_note(surf, left, y, s.without_actions)
        right = pygame.Rect(left.right + f.body, area.top, area.right - left.right - f.body, area.h)
        gap = f.body // 2
        upper = pygame.Rect(right.left, right.top, right.w, (right.h - gap) // 2)
        lower = pygame.Rect(right.left, upper.bottom + gap, right.w, right.h - upper.h - gap)
        self._chart_panel(surf, upper, _("Score per run"))
        line_chart(surf, self._inside(upper), [day_label(t) for t, _v in self.series],
                   [v for _t, v in self.series], f.small, format_number)
        self._chart_panel(surf, lower, _("Matches won against each rival level"))
        bar_chart(surf, self._inside(lower), level_bars(s.by_level), f.small, percent)

    def _draw_older_runs_note(self, surf: pygame.Surface, panel: pygame.Rect, y: int,
                              count: int) -> None:
        """Runs kept without their moves cannot be replayed: say which figures leave them out."""
        f = self.fonts
        note = older_runs_note(count)
        y += f.small // 2
        for text in gfx.wrap(note, f.small, panel.w - f.body * 2):
            gfx.blit_text(surf, text, f.small, c("text_dim"), (panel.left + f.body, y))
            y += round(f.small * 1.3)

    def _chart_panel(self, surf: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        f = self.fonts
        gfx.panel(surf, rect, radius=f.body)
        gfx.blit_text(surf, title, f.body, c("panel_title"),
                      (rect.left + f.body, rect.top + f.small // 2), bold=True)

    def _inside(self, rect: pygame.Rect) -> pygame.Rect:
        f = self.fonts
        head = round(f.body * 1.6)
        return pygame.Rect(rect.left + f.small, rect.top + head, rect.w - f.small * 2,
                           rect.h - head - f.small // 2)

    def offer(self) -> dict[str, Any]:
        rows = figure_rows(self.figures) if self.figures is not None else []
        older = self.figures.without_actions if self.figures is not None else 0
        rating = self.figures.rating if self.figures is not None else None
        skill = skill_line(self.figures.skill) if self.figures is not None else None
        return dict(super().offer(), figures=dict(rows), series=list(self.series),
                    loading=self.loading is not None,
                    older_runs=older, rating=rating_line(rating) if rating else None,
                    skill=skill)
