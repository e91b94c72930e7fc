"""History: every recorded run, newest first; one run opened shows its
matches and their hands (a hand opens its review), its commitment (with how to
check it) and, once it is over, its seed; and "Export run" for a finished run that kept its moves.

The runs come a page at a time (``PAGE`` runs) from the store's
``runs_page``, which reads each run's stored figures (issue #31: the cost of a
page does not grow with the history), off the frame loop: the screen says
"Loading…" until the first page is there, and asks for the next one when the
list is scrolled near its end.  The matches of an opened run come from
``services.history.match_summaries`` (that run replayed from its actions,
read with ``run_record``).  An opened run's skill figure (issue #32: its
finished hands against level 4 in the same seat) is read from the differences
kept with the run, and the hands not kept yet are computed hand by hand in the
AI worker and kept (``ui.skill_job``) while the screen shows "…".
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from ...core.actions import HandResult
from ...core.cards import SUIT_SYMBOLS, SUITS
from ...core.match import PLAYER, RIVAL
from ...services.deal_replay import DealReplay, NotReplayable, deal_replay
from ...services.history import HandSummary, MatchSummary, Outcome, match_summaries
from ...services.i18n import _, format_number
from ...services.runs_text import (  # the CLI's runs table uses the same words
    altered_mark,
    status_text,
)
from ...store.api import STORAGE_FAILURES, ExportSource, RunRecord, RunStatus
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..navigation import Route
from ..records import day_label, when_label
from ..review_lines import HandOfRun
from ..skill_job import SkillJob
from ..words import taken_by
from ..worker import taken

# Column anchors: x as a fraction of the list's width, and the edge that sits there.
RUN_COLUMNS = ((0.03, "topleft"), (0.30, "topleft"), (0.54, "topleft"), (0.8, "topright"),
               (0.97, "topright"))
MATCH_COLUMNS = ((0.03, "topleft"), (0.24, "topleft"), (0.46, "topleft"), (0.68, "topleft"),
                 (0.97, "topright"))


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    action: Callable[[], None] | None = None
    bold: bool = False


def outcome_text(outcome: Outcome) -> str:
    return {Outcome.WON: _("won"), Outcome.DRAWN: _("drawn"), Outcome.LOST: _("lost"),
            Outcome.ABANDONED: _("abandoned"), Outcome.IN_PLAY: _("in play")}[outcome]


def result_text(result: HandResult) -> str:
    """How the hand went for its taker."""
    return {HandResult.MADE: _("made"), HandResult.DEDANS: _("dedans"),
            HandResult.TIE: _("tie")}[result]


def seat_text(seat: int | None) -> str:
    return {PLAYER: _("You"), RIVAL: _("Rival")}.get(seat, "–") if seat is not None else "–"


def _taken(taker: int | None) -> str:
    """"taken by you" (never "by You"), "taken by Rival"."""
    if taker is None:
        return _("taken by {who}").format(who="–")
    return taken_by(taker == PLAYER, seat_text(taker))


def trump_symbol(letter: str | None) -> str:
    return SUIT_SYMBOLS[SUITS.index(letter)] if letter and letter in SUITS else "–"


def scores_text(mine: int, theirs: int) -> str:
    return f"{format_number(mine)} – {format_number(theirs)}"


def run_tags(record: RunRecord, short: bool = False) -> str:
    """A daily challenge's and an AI run's marks ("daily" alone in the list),
    and an altered run's (in the list it stands for the status instead)."""
    tags = [altered_mark()] if record.altered and not short else []
    if record.daily:
        tags.append(_("daily") if short else
                    _("daily challenge of {date}").format(date=day_label(record.daily)))
    if record.ai:
        tags.append(_("AI"))
    return " · ".join(tags)


def fair_line(record: RunRecord) -> str:
    """The commitment, and the seed beside it unless the run is still in progress."""
    line = _("Commitment {digest}").format(digest=record.commitment)
    if record.status is not RunStatus.IN_PROGRESS:
        line += " · " + _("Seed {seed}").format(seed=record.seed)
    return line


def fair_check_line(record: RunRecord) -> str:
    """How the fairness line is checked: the hashes live here and in the README,
    not on the table (issue #29: the table says it in plain words)."""
    if record.status is RunStatus.IN_PROGRESS:
        return _("The seed is shown here when the run ends: its SHA-256 begins with the "
                 "commitment.")
    return _("To check, hash the seed with SHA-256 (printf '%s' SEED | sha256sum): "
             "it begins with the commitment.")


def hand_title(match: MatchSummary, hand: HandSummary) -> str:
    """The review screen's title for one hand of the history."""
    return _("Match {n}").format(n=match.number) + " · " + _("Hand {n}").format(n=hand.number)


PAGE = 100  # runs a page
NEAR_END = 30  # rows from the end of the list that ask for the next page


def _page_loader(ctx: SceneContext, after: RunRecord | None) -> Future[list[RunRecord]]:
    """The page of runs listed after ``after``, read off the frame loop."""
    store = ctx.session.store
    return ctx.worker.in_background(lambda: store.runs_page(after, PAGE))


class HistoryScene(MenuScene):
    def __init__(self, ctx: SceneContext):
        self.records: list[RunRecord] = []
        self.more = True  # the store may hold runs past those listed
        self.loading: Future[list[RunRecord]] | None = _page_loader(ctx, None)
        self.opened: RunRecord | None = None
        # A run opened (with its moves) or exported, read off the frame loop:
        # it opens, or its export screen does, when the store has answered.
        self.opening: Future[RunRecord | None] | None = None
        self.exporting: Future[ExportSource | None] | None = None
        self.matches: list[MatchSummary] = []
        self.skill: SkillJob | None = None  # the opened run's skill figure, computed meanwhile
        self.selected = 0
        self.scroll = 0
        super().__init__(ctx)
        self._take_records()

    def update(self, dt: float) -> None:
        self._take_records()
        self._take_opened()
        self._take_export()
        if self.skill is not None:
            self.skill.poll()
        if self.opened is None and self.loading is None and self.more \
                and self._last_visible() >= len(self.records) - NEAR_END:
            self._load_page()

    def _load_page(self) -> None:
        self.loading = _page_loader(self.ctx, self.records[-1] if self.records else None)

    def _take_records(self) -> None:
        """The next page of runs, once the store has read it (off the frame loop)."""
        read = taken(self.loading, self._unread, STORAGE_FAILURES)  # a bug surfaces
        if read is None:
            return
        self.loading = None
        page = read.value
        self.records += page
        self.more = len(page) == PAGE
        self.build()

    def _unread(self, exc: Exception) -> list[RunRecord]:
        """No more runs, and why."""
        self._say_unread(exc)
        return []

    def _say_unread(self, exc: Exception) -> None:
        self.ctx.toast(_("The runs could not be read: {error}").format(error=exc))

    def _last_visible(self) -> int:
        """The index of the last run row the list can show at its scroll."""
        if not hasattr(self, "list_rect"):
            return 0
        return (self.scroll + self.list_rect.h) // max(1, self.row_h)

    # ------------------------------------------------------------ content
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.rows = self._run_rows() if self.opened is None else self._match_rows()
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        labels = [(_("Back"), "back")]
        if self.opened is not None and self.opened.status is not RunStatus.IN_PROGRESS \
                and self.opened.exportable:
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
            status = altered_mark() if record.altered else status_text(record.status)
            status += " · " + tags if tags else ""
            rows.append(Row((when_label(record.started), record.name, status,
                             format_number(record.streak), format_number(record.score)),
                            action=self._opener(record)))
        return rows

    def _opener(self, record: RunRecord) -> Callable[[], None]:
        return lambda: self.open(record)

    def _match_rows(self) -> list[Row]:
        rows = []
        for m in self.matches:
            rows.append(Row((_("Match {n}").format(n=m.number),
                             _("Level {level}").format(level=m.level), "", outcome_text(m.outcome),
                             scores_text(m.player_score, m.rival_score)), bold=True))
            for hand in m.hands:
                rows.append(Row(("   " + _("Hand {n}").format(n=hand.number),
                                 _taken(hand.taker),
                                 _("trump {suit}").format(suit=trump_symbol(hand.trump)),
                                 result_text(hand.result), scores_text(*hand.scores)),
                                action=self._review(m, hand)))
        return rows

    def _review(self, match: MatchSummary, hand: HandSummary) -> Callable[[], None]:
        def review() -> None:
            deal = self._deal(match, hand)
            self.ctx.nav.push(Route.REVIEW, record=hand.record, title=hand_title(match, hand),
                              deal=deal, run_hand=None if deal is None else self._run_hand(deal))
        return review

    def _run_hand(self, deal: DealReplay) -> HandOfRun | None:
        """Where the hand sits in its run, for level 4's line beside yours: like
        the replay, only for a run that is over and kept its moves."""
        record = self.opened
        if record is None:
            return None
        return HandOfRun(record.seed, tuple(record.actions), deal.match, deal.hand)

    def _deal(self, match: MatchSummary, hand: HandSummary) -> DealReplay | None:
        """The hand as a deal to replay at the practice table (issue #19): only
        for a run that is over (its seed is public then) and kept its moves."""
        record = self.opened
        if record is None or record.status is RunStatus.IN_PROGRESS or not record.exportable:
            return None
        try:
            return deal_replay(record.seed, record.actions, match.number - 1, hand.number - 1)
        except NotReplayable:
            return None

    def _header_height(self) -> int:
        body = self.fonts.body  # four lines, the last (the skill figure) clear of the list
        return 0 if self.opened is None else round(body * 1.5) * 4 + body // 2

    # ------------------------------------------------------------ actions
    def open(self, record: RunRecord) -> None:
        """The run opened: the list's records carry no actions, so the run with
        them is read (off the frame loop; one asked at a time)."""
        if self.opening is None:
            store = self.ctx.session.store
            self.opening = self.ctx.worker.in_background(lambda: store.run_record(record.run_id))
            self._take_opened()

    def _take_opened(self) -> None:
        read = taken(self.opening, self._say_unread, STORAGE_FAILURES)  # a bug surfaces
        if read is None:
            return
        self.opening = None
        whole = read.value
        if whole is None:
            return
        self.opened, self.selected, self.scroll = whole, 0, 0
        self.matches = match_summaries(whole)
        self.skill = SkillJob(self.ctx.worker, self.ctx.session.store, whole)
        self.build()

    def activate(self, b: Button) -> None:
        if b.value == "export" and self.opened is not None:
            self._export(self.opened)
        else:
            self.back()

    def _export(self, record: RunRecord) -> None:
        """The run's export screen, once its moves are read (off the frame loop)."""
        if self.exporting is None:
            store = self.ctx.session.store
            self.exporting = self.ctx.worker.in_background(
                lambda: store.run_for_export(record.run_id))
            self._take_export()

    def _take_export(self) -> None:
        read = taken(self.exporting, self._say_unread, STORAGE_FAILURES)  # a bug surfaces
        if read is None:
            return
        self.exporting = None
        source = read.value
        if source is None:  # the store no longer has it (or never kept its moves)
            self.ctx.toast(_("This run cannot be exported."))
            return
        self.ctx.nav.push(Route.EXPORT, source=source)

    def back(self) -> None:
        if self.opened is not None:
            if self.skill is not None:
                self.skill.stop()
            self.opened, self.matches, self.scroll, self.skill = None, [], 0, None
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
            date=when_label(self.opened.started))
        gfx.blit_text(surf, title, f.title, c("panel_title"), (w // 2, round(h * 0.05)),
                      "midtop", True)
        if self.opened is not None:
            self._draw_header(surf, self.opened)
        gfx.panel(surf, self.list_rect, radius=f.body)
        self._draw_rows(surf)
        self.draw_buttons(surf)

    def _draw_header(self, surf: pygame.Surface, r: RunRecord) -> None:
        """Who, how it went, and the fairness line: commitment, then the seed when over."""
        f = self.fonts
        w = self.size[0]
        y = round(self.size[1] * 0.05) + round(f.title * 1.6)
        line = round(f.body * 1.5)
        facts = _("{name} · {status} · streak {streak} · score {score}").format(
            name=r.name, status=status_text(r.status), streak=format_number(r.streak),
            score=format_number(r.score))
        tags = run_tags(r)
        gfx.blit_text(surf, fit(facts + (" · " + tags if tags else ""), f.body, w - f.body * 4),
                      f.body, c("text"), (w // 2, y), "midtop")
        gfx.blit_text(surf, fit(fair_line(r), f.body, w - f.body * 4), f.body, c("accent"),
                      (w // 2, y + line), "midtop")
        gfx.blit_text(surf, fit(fair_check_line(r), f.small, w - f.body * 4), f.small,
                      c("text_dim"), (w // 2, y + 2 * line), "midtop")
        if self.skill is not None:  # against level 4 in the same seat, hand by hand
            gfx.blit_text(surf, fit(self.skill.text(), f.body, w - f.body * 4), f.body,
                          c("text"), (w // 2, y + 3 * line), "midtop")

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
            empty = (_("Loading…") if self.loading is not None
                     else _("No runs recorded yet.") if self.opened is None
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
        return dict(super().offer(), opened=None if self.opened is None else self.opened.run_id,
                    loading=self.loading is not None,
                    rows=[r.cells for r in self.rows],
                    actions=[r.action is not None for r in self.rows],
                    row_points={i: (self.list_rect.centerx, self._row_top(i) + self.row_h // 3)
                                for i in visible},
                    fair=fair_line(self.opened) if self.opened is not None else None,
                    skill=None if self.skill is None else self.skill.text())
