"""History: every recorded run, newest first; one run opened shows its
matches and their hands (a hand opens the review screen where the game has
one), its commitment and, once it is over, its seed; and "Export run".

The runs come from the store's ``list_runs`` and the matches from
``services.history.match_summaries``; without them the list is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ...cards import SUIT_SYMBOLS
from ...fairness import commitment
from ...services.i18n import _, format_number
from ...services.runfile import ExportSource
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..navigation import Route
from ..records import day_label, optional_service, store_runs, word

IN_PROGRESS = "in progress"  # RunStatus.IN_PROGRESS: its seed is never shown
ABANDONED = "abandoned"
# Column anchors: x as a fraction of the list's width, and the edge that sits there.
RUN_COLUMNS = ((0.03, "topleft"), (0.24, "topleft"), (0.52, "topleft"), (0.8, "topright"),
               (0.97, "topright"))
MATCH_COLUMNS = ((0.03, "topleft"), (0.24, "topleft"), (0.46, "topleft"), (0.68, "topleft"),
                 (0.97, "topright"))


class RunLike(Protocol):
    """The store's ``RunRecord`` as this screen reads it (typing only)."""

    run_id: int
    name: str
    started: str
    ended: str | None
    status: Any
    streak: int
    score: int
    daily: str | None
    ai: bool
    seed: str
    actions: tuple[str, ...]


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    action: Callable[[], None] | None = None
    bold: bool = False


def status_text(status: Any) -> str:
    return {"in progress": _("in progress"), "over": _("over"),
            ABANDONED: _("abandoned")}.get(word(status), word(status))


def outcome_text(outcome: Any) -> str:
    return {"won": _("won"), "lost": _("lost"), "drawn": _("drawn"), "draw": _("drawn"),
            ABANDONED: _("abandoned"), "made": _("made"), "dedans": _("dedans"),
            "tie": _("tie")}.get(word(outcome), word(outcome))


def seat_text(seat: Any) -> str:
    return {0: _("You"), 1: _("Rival")}.get(seat, "–")


def scores_text(scores: Sequence[int]) -> str:
    return " – ".join(format_number(int(v)) for v in scores)


def run_tags(record: RunLike, short: bool = False) -> str:
    """A daily challenge's and an AI run's marks ("daily" alone in the list)."""
    tags = []
    if record.daily:
        tags.append(_("daily") if short else
                    _("daily challenge of {date}").format(date=day_label(record.daily)))
    if record.ai:
        tags.append(_("AI"))
    return " · ".join(tags)


def fair_line(record: RunLike) -> str:
    """The commitment, and the seed beside it unless the run is still in progress."""
    line = _("Commitment {digest}").format(digest=commitment(record.seed))
    if word(record.status) != IN_PROGRESS:
        line += " · " + _("Seed {seed}").format(seed=record.seed)
    return line


def export_source(store: Any, record: RunLike) -> ExportSource:
    """What the export writes: the store's own when it offers it, else the record's."""
    for_export = getattr(store, "run_for_export", None)
    if callable(for_export):
        try:
            source = for_export(record.run_id)
            if isinstance(source, ExportSource):
                return source
        except Exception:  # noqa: BLE001 - fall back on the record itself
            pass
    return ExportSource(record.seed, tuple(record.actions), record.name, record.started,
                        record.ended, word(record.status) == ABANDONED, record.daily)


class HistoryScene(MenuScene):
    def __init__(self, ctx: SceneContext, service: Any = None):
        self.service = service if service is not None else optional_service("history")
        self.records: list[RunLike] = store_runs(ctx.session.store)
        self.opened: RunLike | None = None
        self.selected = 0
        self.scroll = 0
        super().__init__(ctx)

    # ------------------------------------------------------------ content
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.rows = self._run_rows() if self.opened is None else self._match_rows(self.opened)
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        labels = [(_("Back"), "back")]
        if self.opened is not None and word(self.opened.status) != IN_PROGRESS:
            labels.insert(0, (_("Export run"), "export"))
        bw = gfx.button_row_width([label for label, _v in labels], f.body, f.body * 2)
        x = w // 2 - (bw * len(labels) + f.body * (len(labels) - 1)) // 2
        y = h - f.body - round(f.body * 2.2)
        self.buttons = [Button(pygame.Rect(x + i * (bw + f.body), y, bw, round(f.body * 2.2)),
                               label, value, primary=value == "back")
                        for i, (label, value) in enumerate(labels)]
        self.focus = len(self.buttons) - 1
        top = round(h * 0.05) + round(f.title * 1.8) + self._header_height()
        width = min(w - f.body * 4, f.body * 56)
        self.list_rect = pygame.Rect((w - width) // 2, top, width, y - f.body - top)
        self.row_h = round(f.body * 1.7)
        self.max_scroll = max(0, (len(self.rows) + 1) * self.row_h + f.body
                              - self.list_rect.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def _run_rows(self) -> list[Row]:
        rows = []
        for record in self.records:
            tags = run_tags(record, short=True)
            status = status_text(record.status) + (" · " + tags if tags else "")
            rows.append(Row((day_label(record.started), record.name, status,
                             format_number(record.streak), format_number(record.score)),
                            action=self._opener(record)))
        return rows

    def _opener(self, record: RunLike) -> Callable[[], None]:
        return lambda: self.open(record)

    def _match_rows(self, record: RunLike) -> list[Row]:
        summaries = self._summaries(record)
        review = getattr(Route, "REVIEW", None)
        rows = []
        for i, m in enumerate(summaries):
            rows.append(Row((_("Match {n}").format(n=i + 1),
                             _("Level {level}").format(level=m.level), "", outcome_text(m.outcome),
                             scores_text(m.scores)), bold=True))
            for hand in m.hands:
                trump = SUIT_SYMBOLS[hand.trump] if isinstance(hand.trump, int) else "–"
                action = self._review(review, hand.record) if review and hand.record else None
                rows.append(Row(("   " + _("Hand {n}").format(n=hand.number),
                                 _("taken by {who}").format(who=seat_text(hand.taker)),
                                 _("trump {suit}").format(suit=trump), outcome_text(hand.result),
                                 scores_text(hand.scores)), action=action))
        return rows

    def _review(self, route: Route, record: dict) -> Callable[[], None]:
        """Opens the review of one hand (the screen exists in builds that have it)."""
        def review() -> None:
            self.ctx.nav.push(route, record=record)
        return review

    def _summaries(self, record: RunLike) -> list[Any]:
        if self.service is None:
            return []
        try:
            return list(self.service.match_summaries(record))
        except Exception as exc:  # noqa: BLE001 - a run that cannot be replayed: say so
            self.ctx.toast(_("This run cannot be shown: {error}").format(error=exc))
            return []

    def _header_height(self) -> int:
        return 0 if self.opened is None else round(self.fonts.body * 1.5) * 3

    # ------------------------------------------------------------ actions
    def open(self, record: RunLike) -> None:
        self.opened, self.selected, self.scroll = record, 0, 0
        self.build()

    def activate(self, b: Button) -> None:
        if b.value == "export" and self.opened is not None:
            self.ctx.nav.push(Route.EXPORT, source=export_source(self.ctx.session.store,
                                                                 self.opened))
        else:
            self.back()

    def back(self) -> None:
        if self.opened is not None:
            self.opened, self.scroll = None, 0
            self.build()
        else:
            self.ctx.nav.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * self.row_h * 3)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._row_at(event.pos)
            if index is not None:
                self.selected = index
                self._run_selected()
                return
        if event.type == pygame.KEYDOWN and self.rows:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.selected = max(0, min(len(self.rows) - 1, self.selected + step))
                self._keep_selected_in_view()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._run_selected():
                return
        super().handle(event)

    def _run_selected(self) -> bool:
        if not 0 <= self.selected < len(self.rows):
            return False
        action = self.rows[self.selected].action
        if action is None:
            return False
        self.ctx.sounds.play("click")
        action()
        return True

    def _row_top(self, index: int) -> int:
        return self.list_rect.top + self.fonts.body // 2 + (index + 1) * self.row_h - self.scroll

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        for i in range(len(self.rows)):
            top = self._row_top(i)
            if top - self.row_h // 5 <= pos[1] < top + self.row_h * 4 // 5:
                return i
        return None

    def _scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def _keep_selected_in_view(self) -> None:
        top = self._row_top(self.selected)
        if top < self.list_rect.top + self.row_h:
            self._scroll_by(top - self.list_rect.top - self.row_h)
        elif top + self.row_h > self.list_rect.bottom:
            self._scroll_by(top + self.row_h - self.list_rect.bottom)

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        title = _("History") if self.opened is None else _("Run of {date}").format(
            date=day_label(self.opened.started))
        gfx.blit_text(surf, title, f.title, c("panel_title"), (w // 2, round(h * 0.05)),
                      "midtop", True)
        if self.opened is not None:
            self._draw_header(surf, self.opened)
        gfx.panel(surf, self.list_rect, radius=f.body)
        self._draw_rows(surf)
        self.draw_buttons(surf)

    def _draw_header(self, surf: pygame.Surface, r: RunLike) -> None:
        """Who, how it went, and the fairness line: commitment, then the seed when over."""
        f = self.fonts
        w = self.size[0]
        y = round(self.size[1] * 0.05) + round(f.title * 1.6)
        line = round(f.body * 1.5)
        facts = _("{name} · {status} · streak {streak} · score {score}").format(
            name=r.name, status=status_text(r.status), streak=format_number(r.streak),
            score=format_number(r.score))
        tags = run_tags(r)
        gfx.blit_text(surf, facts + (" · " + tags if tags else ""), f.body, c("text"),
                      (w // 2, y), "midtop")
        gfx.blit_text(surf, fit(fair_line(r), f.body, w - f.body * 4), f.body, c("accent"),
                      (w // 2, y + line), "midtop")

    def _draw_rows(self, surf: pygame.Surface) -> None:
        f = self.fonts
        box = self.list_rect
        columns = RUN_COLUMNS if self.opened is None else MATCH_COLUMNS
        heads = ((_("Date"), _("Name"), _("Status"), _("Streak"), _("Score"))
                 if self.opened is None else ())
        for (fx, anchor), head in zip(columns, heads):
            gfx.blit_text(surf, head, f.small, c("panel_title"),
                          (box.left + round(box.w * fx), box.top + f.body // 2), anchor, True)
        if not self.rows:
            empty = (_("No runs recorded yet.") if self.opened is None
                     else _("No match of this run can be shown."))
            gfx.blit_text(surf, empty, f.body, c("text_dim"), box.center, "center")
            return
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(box.left, box.top + self.row_h, box.w,
                                  box.h - self.row_h - f.body // 3))
        for i, row in enumerate(self.rows):
            top = self._row_top(i)
            if box.top < top + self.row_h and top < box.bottom:
                self._draw_row(surf, row, top, columns, i == self.selected)
        surf.set_clip(clip)

    def _draw_row(self, surf: pygame.Surface, row: Row, top: int,
                  columns: tuple[tuple[float, str], ...], selected: bool) -> None:
        f = self.fonts
        box = self.list_rect
        if selected:
            hl = pygame.Surface((box.w - f.body, self.row_h), pygame.SRCALPHA)
            hl.fill(c("highlight_row"))
            surf.blit(hl, (box.left + f.body // 2, top - self.row_h // 5))
        colour = c("accent") if row.bold else c("text") if row.action else c("text_dim")
        for n, ((fx, anchor), cell) in enumerate(zip(columns, row.cells)):
            room = round(box.w * (columns[n + 1][0] - fx)) - f.body if n + 1 < len(columns) \
                and anchor == "topleft" and columns[n + 1][1] == "topleft" else box.w // 3
            gfx.blit_text(surf, fit(cell, f.body, room), f.body, colour,
                          (box.left + round(box.w * fx), top), anchor, row.bold)

    def offer(self) -> dict[str, Any]:
        visible = [i for i in range(len(self.rows))
                   if self.list_rect.top + self.row_h <= self._row_top(i)
                   and self._row_top(i) + self.row_h <= self.list_rect.bottom]
        return dict(super().offer(), opened=getattr(self.opened, "run_id", None),
                    rows=[r.cells for r in self.rows],
                    actions=[r.action is not None for r in self.rows],
                    row_points={i: (self.list_rect.centerx, self._row_top(i) + self.row_h // 3)
                                for i in visible},
                    fair=fair_line(self.opened) if self.opened is not None else None)
