"""The leaderboard: the player's ten best runs (their new one highlighted), the
autoplay runs on a tab of their own, and the daily challenge's board (one row
a day).  Tabs switch by click, by Left/Right, or by Tab (Shift+Tab back).

The daily tab ranks each day's runs by score, or by skill (issue #32): each
run's hands played again with level 4 in the same seat, in the AI worker, one
hand at a time ("…" until a day's runs are all compared)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

import pygame

from ...services.board_text import shown_date
from ...services.duplicate_text import skill_cell
from ...services.i18n import N_, _, format_number
from ...services.run_session import daily_rows
from ...services.world.words import offline
from ...store.api import LeaderboardEntry, PlayedBy
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..navigation import Route
from ..skill_job import BoardSkillJob
from ..worker import taken

log = logging.getLogger(__name__)

ROWS = 10  # runs (or days) a tab shows


@dataclass(frozen=True)
class Column:
    heading: str  # the message id (N_): worded when drawn
    x: float  # of the board's width
    anchor: str  # which edge of the text sits at x
    name: bool = False  # the name column: cut to fit, the AI tag after it


# TRANSLATORS: the leaderboard screen's column headings
RUN_COLUMNS = (Column(N_("#"), 0.06, "topright"), Column(N_("Name"), 0.1, "topleft", True),
               Column(N_("Score"), 0.48, "topright"), Column(N_("Streak"), 0.59, "topright"),
               Column(N_("Best level"), 0.71, "topright"), Column(N_("Date"), 0.97, "topright"))
DAY_COLUMNS = (Column(N_("Date"), 0.04, "topleft"), Column(N_("Name"), 0.3, "topleft", True),
               Column(N_("Score"), 0.78, "topright"), Column(N_("Streak"), 0.95, "topright"))
SKILL_COLUMNS = (*DAY_COLUMNS[:3], Column(N_("Skill a hand"), 0.95, "topright"))
NAME_WIDTH = 0.28  # of the board's width; longer names are cut with an ellipsis


@dataclass(frozen=True)
class Tab:
    key: str
    label: str  # the message id
    empty: str  # the message id of the sentence an empty tab shows


TABS = (
    # TRANSLATORS: the leaderboard's tabs: the player's runs, autoplay's, the daily boards
    Tab("mine", N_("Your runs"), N_("No runs recorded yet.")),
    Tab("ai", N_("AI runs"), N_("No autoplay runs: “belote2p autoplay” plays a whole run.")),
    Tab("daily", N_("Daily challenge"), N_("No daily challenge played yet.")),
)
TAB_KEYS = tuple(t.key for t in TABS)


@dataclass(frozen=True)
class TabRows:
    """A tab's rows as read from the store: the best runs, or each day's board."""
    entries: Sequence[LeaderboardEntry] = ()
    days: Sequence[tuple[str, list[LeaderboardEntry]]] = ()


def _unreadable(key: str) -> TabRows:
    """A tab whose read failed shows no rows.  The session says storage
    failures itself: nothing else is known (the error is logged)."""
    log.exception("the leaderboard's %s tab could not be read", key)
    return TabRows()


class LeaderboardScene(MenuScene):
    def __init__(self, ctx: SceneContext, highlight: int | None = None, tab: str = "mine"):
        self.highlight = highlight
        self.tab = TAB_KEYS.index(tab) if tab in TAB_KEYS else 0
        self.by_skill = False  # the daily tab: ranked by score, or by skill
        self.skill_job: BoardSkillJob | None = None
        self._reading: dict[str, Future[TabRows]] = {}  # a tab's rows being read
        self._read_rows: dict[str, TabRows] = {}  # and once read, for as long as the screen is open
        super().__init__(ctx)

    # ------------------------------------------------------------ the data
    def _read(self, key: str) -> Callable[[], TabRows]:
        """What a tab shows, as read from the store (off the frame loop: the
        daily boards look through every run, 2 s of 100,000)."""
        session = self.ctx.session
        if key == "daily":
            return lambda: TabRows(days=session.daily_boards(ROWS))
        played_by = PlayedBy.AI if key == "ai" else PlayedBy.PLAYER
        return lambda: TabRows(entries=session.leaderboard(ROWS, played_by))

    def _rows(self, key: str) -> TabRows | None:
        """The tab's rows once read (asked for the first time here); None meanwhile."""
        if key not in self._read_rows and key not in self._reading:
            self._reading[key] = self.ctx.worker.in_background(self._read(key))
        read = taken(self._reading.get(key), lambda _exc: _unreadable(key))
        if read is not None:
            del self._reading[key]
            self._read_rows[key] = read.value
        return self._read_rows.get(key)

    def _load(self) -> None:
        """The current tab's rows, as the cells drawn; the facts come from the
        session (whose runs, which day, counted or not)."""
        key = TABS[self.tab].key
        self.cells: list[tuple[str, ...]] = []
        self.ids: list[int] = []
        self.ai_rows: list[bool] = []
        rows = self._rows(key)
        if rows is None:
            return  # "Loading…" until the store answers
        if key == "daily" and self.by_skill:
            self._load_by_skill(rows.days)
            return
        if key == "daily":
            days = daily_rows(rows.days)
            self.cells = [(shown_date(d.day), d.entry.name, format_number(d.entry.score),
                           format_number(d.entry.streak)) for d in days]
            self.ids = [d.entry.entry_id for d in days]
            self.ai_rows = [d.entry.ai for d in days]  # the day's first attempt, whoever played it
            return
        entries = rows.entries
        self.cells = [(format_number(e.rank), e.name, format_number(e.score),
                       format_number(e.streak), format_number(e.level), shown_date(e.date))
                      for e in entries]
        self.ids = [e.entry_id for e in entries]
        self.ai_rows = [False] * len(entries)  # a tab of one kind: no tag needed

    def _load_by_skill(self, days: Sequence[tuple[str, list[LeaderboardEntry]]]) -> None:
        """Each day's best run by skill a hand, asked of the worker the first time."""
        if self.skill_job is None:
            self.skill_job = BoardSkillJob(self.ctx.worker, list(days), self.ctx.session.store)
        for day, entries in days:
            best = self.skill_job.best(day)
            entry = entries[0] if best is None else best.entry
            skill = "…" if best is None else skill_cell(best.skill)
            self.cells.append((shown_date(day), entry.name, format_number(entry.score), skill))
            self.ids.append(entry.entry_id)
            self.ai_rows.append(entry.ai)

    def update(self, dt: float) -> None:
        key = TABS[self.tab].key
        if key in self._reading and self._reading[key].done():
            self._load()
        if self.skill_job is not None and self.skill_job.poll():
            self._load()

    def _stop_skill(self) -> None:
        if self.skill_job is not None:
            self.skill_job.stop()
            self.skill_job = None

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self._load()
        box = self.board_rect()
        tab_w = (box.w - f.body * (len(TABS) - 1)) // len(TABS)
        tab_h = round(f.body * 2.0)
        tabs = [Button(pygame.Rect(box.left + i * (tab_w + f.body), box.top - tab_h - f.body // 2,
                                   tab_w, tab_h), _(t.label), f"tab:{t.key}", primary=i == self.tab)
                for i, t in enumerate(TABS)]
        back = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        back.midbottom = (w // 2, h - f.body * 2)
        self.buttons = [*tabs, Button(back, _("Back"), "back")]
        self.focus = len(self.buttons) - 1
        if self.ctx.settings.world_server():  # left of Back: the world's board
            label = _("World board")
            world = back.copy()
            world.w = max(back.w, gfx.button_row_width([label], f.body, f.body))
            world.right = back.left - f.body
            self.buttons.append(Button(world, label, "world"))
        if TABS[self.tab].key == "daily":  # right of Back: by score or by skill
            labels = [_("By skill"), _("By score")]
            rect = back.copy()
            rect.w = max(back.w, gfx.button_row_width(labels, f.body, f.body))
            rect.left = back.right + f.body
            self.buttons.append(Button(rect, labels[self.by_skill], "order"))

    def board_rect(self) -> pygame.Rect:
        f = self.fonts
        w, _h = self.size
        width = min(w - 40, f.body * 48)
        top = round(self.size[1] * 0.07) + f.title * 2 + round(f.body * 2.5)
        return pygame.Rect((w - width) // 2, top, width, self.row_h * (ROWS + 1) + f.body)

    @property
    def row_h(self) -> int:
        return round(self.fonts.body * 1.85)

    # ------------------------------------------------------------ input
    def show_tab(self, index: int) -> None:
        self.tab = index % len(TABS)
        self._leave_skill()
        focused = self.buttons[self.focus].value if self.buttons else None
        self.build()
        if isinstance(focused, str) and focused.startswith("tab:"):
            self.focus = self.tab  # the keyboard stays on the tabs
        self.ctx.sounds.play("click")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key == pygame.K_RIGHT or (event.key == pygame.K_TAB and not shift):
                self.show_tab(self.tab + 1)
                return
            if event.key == pygame.K_LEFT or event.key == pygame.K_TAB:
                self.show_tab(self.tab - 1)
                return
        super().handle(event)

    def activate(self, b: Button) -> None:
        value = str(b.value)
        if value == "world":
            self.ctx.nav.push(Route.WORLD_BOARD, server=self.ctx.settings.world_server())
            return
        if value == "order":
            self.by_skill = not self.by_skill
            self.build()
            self.focus = next(i for i, b in enumerate(self.buttons) if b.value == "order")
            return
        if value.startswith("tab:"):
            index = TAB_KEYS.index(value[4:])
            if index != self.tab:
                self.tab = index
                self._leave_skill()
                self.build()
                self.focus = index
            return
        self.back()

    def _leave_skill(self) -> None:
        """Another tab: the score's order again, the worker freed."""
        self.by_skill = False
        self._stop_skill()

    def back(self) -> None:
        self._stop_skill()
        if self.ctx.nav.depth > 1:
            self.ctx.nav.pop()
        else:
            self.ctx.nav.reset(Route.TITLE)

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, _h = self.size
        gfx.blit_text(surf, _("Leaderboard"), f.title, c("panel_title"),
                      (w // 2, round(self.size[1] * 0.07)), "midtop", True)
        box = self.board_rect()
        gfx.panel(surf, box, radius=f.body)
        columns = RUN_COLUMNS if TABS[self.tab].key != "daily" else \
            SKILL_COLUMNS if self.by_skill else DAY_COLUMNS
        y = box.top + f.body // 2
        for col in columns:
            gfx.blit_text(surf, _(col.heading), f.small, c("panel_title"),
                          (box.left + round(box.w * col.x), y), col.anchor, True, within=box)
        y += self.row_h
        if not self.cells:
            empty = N_("Loading…") if TABS[self.tab].key in self._reading else TABS[self.tab].empty
            gfx.blit_text(surf, _(empty), f.body, c("text_dim"),
                          (w // 2, y + self.row_h), "midtop", within=box)
        for i, cells in enumerate(self.cells):
            mine = TABS[self.tab].key == "mine" and self.ids[i] == self.highlight
            self._draw_row(surf, columns, cells, box, y, mine, self.ai_rows[i])
            y += self.row_h
        if TABS[self.tab].key == "daily" and self.ctx.settings.world_server():
            # the local daily's board, while a world server is set: never the world's
            gfx.blit_text(surf, offline(_("Daily challenge")), f.small, c("text_dim"),
                          (w // 2, box.bottom - f.small // 2), "midbottom", within=box)
        self.draw_buttons(surf)

    def _draw_row(self, surf: pygame.Surface, columns: Sequence[Column], cells: Sequence[str],
                  box: pygame.Rect, y: int, mine: bool, ai: bool) -> None:
        f = self.fonts
        if mine:
            hl = pygame.Surface((box.w - f.body, self.row_h), pygame.SRCALPHA)
            hl.fill(c("highlight_row"))
            surf.blit(hl, (box.left + f.body // 2, y - self.row_h // 5))
        colour = c("accent") if mine else c("text")
        for col, value in zip(columns, cells):
            at = (box.left + round(box.w * col.x), y)
            if not col.name:
                gfx.blit_text(surf, value, f.body, colour, at, col.anchor, mine, within=box)
                continue
            tag = _("AI") if ai else ""
            tag_w = gfx.font(f.small, True).size(tag)[0] + f.small if tag else 0
            name = gfx.blit_text(surf, fit(value, f.body, round(box.w * NAME_WIDTH) - tag_w),
                                 f.body, colour, at, col.anchor, mine, within=box)
            if tag:
                self._draw_ai_tag(surf, tag, (name.right + f.small // 2, name.centery))

    def _draw_ai_tag(self, surf: pygame.Surface, tag: str, midleft: tuple[int, int]) -> None:
        """A run the computer played for the player (autoplay) is marked."""
        size = self.fonts.small
        box = pygame.Rect(0, 0, gfx.font(size, True).size(tag)[0] + size // 2, round(size * 1.3))
        box.midleft = midleft
        gfx.panel(surf, box, radius=size // 3, colour=c("toast"))
        gfx.blit_text(surf, tag, size, c("thinking"), box.center, "center", True)
