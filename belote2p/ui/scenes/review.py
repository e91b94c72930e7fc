"""The review of a finished hand (issue #11): trick by trick, both hands face
up, each card played with its verdict, and the bids.

The scene takes plain data (a hand record), so the end-of-hand panel and the
run history open it alike.  The verdicts are computed in the worker process;
the scene polls the job each frame and shows its progress meanwhile, so the
frame rate never depends on the review.  Reviewing never touches the run.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from ...ai.review import BidVerdict, CardVerdict, ReviewSettings
from ...core.cards import SUIT_SYMBOLS, Card
from ...core.match import PLAYER, RIVAL
from ...core.record import RecordError
from ...services.advice_text import bid_review_sentence, card_review_sentence, decimal
from ...services.card_words import card_label, cards_label
from ...services.deal_replay import DealReplay
from ...services.duplicate_text import level4_line, level4_pending
from ...services.i18n import _, format_number, ngettext
from ...services.run_session import ActiveRun
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene, fit
from ..navigation import Route
from ..review_lines import BothLines, HandOfRun, LinesTrick, both_lines, parted_row
from ..review_view import TRICKS, ReviewedHand, TrickStep, is_estimate, reviewed_hand
from ..words import bid_words
from ..worker import ReviewJob

HAND_SPREAD = 0.56  # of a card's width: the step between cards of a hand
BIG_LOSS = 10  # points: a loss this large is drawn in the "bad" colour
PREVIOUS = (pygame.K_LEFT, pygame.K_UP, pygame.K_PAGEUP)
NEXT = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PAGEDOWN)

log = logging.getLogger(__name__)


class ReviewState:
    COMPUTING = "computing"
    READY = "ready"
    FAILED = "failed"


@dataclass(frozen=True)
class ReviewLayout:
    """Where the parts of the screen go, from the window size alone."""

    header: pygame.Rect
    tricks: pygame.Rect  # the list of the 16 tricks, left
    table: pygame.Rect  # the selected trick, middle
    verdicts: pygame.Rect  # the verdicts, right
    row_h: int
    card: tuple[int, int]
    back: pygame.Rect


def review_layout(size: tuple[int, int], body: int, title: int, button_h: int) -> ReviewLayout:
    w, h = size
    m = body
    header = pygame.Rect(m, m // 2, w - 2 * m, title + round(body * 3.6))
    back = pygame.Rect(0, 0, body * 10, button_h)
    back.bottomright = (w - m, h - m // 2)
    top, bottom = header.bottom + m // 2, back.top - m // 2
    tricks = pygame.Rect(m, top, body * 11, bottom - top)
    verdicts_w = max(body * 19, round(w * 0.27))
    verdicts = pygame.Rect(w - m - verdicts_w, top, verdicts_w, h - m // 2 - top)
    verdicts.h = back.top - m // 2 - top
    table = pygame.Rect(tricks.right + m, top, verdicts.left - tricks.right - 2 * m, bottom - top)
    label_room = body * 4
    ch = min((table.h - label_room) / 3.15, table.w / (0.7 * (1 + 8 * HAND_SPREAD) + 0.7 * 1.3))
    ch = round(ch)
    return ReviewLayout(header, tricks, table, verdicts, tricks.h // TRICKS,
                        (round(ch * 0.7), ch), back)


class ReviewScene(MenuScene):
    """``record``: a finished hand's record (``belote2p.core.record.record_of``);
    ``title``: the screen's title; ``names``: the seats' names (You, Rival);
    ``deal``: the hand as a deal of a finished run, offered for a replay at
    the practice table (``services.deal_replay``; None: no replay offered);
    ``run_hand``: where the hand sits in its run, to show level 4's line of
    play beside yours (issue #32; None, e.g. a bare hand record: not shown)."""

    def __init__(self, ctx: SceneContext, record: dict[str, Any], title: str = "",
                 names: tuple[str, str] | None = None, deal: DealReplay | None = None,
                 run_hand: HandOfRun | None = None):
        self.record, self.title = record, title or _("Hand review")
        self.deal = deal
        self.lines: BothLines | None = None
        self.lines_job: Future[Any] | None = None
        self.showing_lines = False
        self.names = names or (_("You"), _("Rival"))
        self.selected = 1
        self.error = ""
        self.job: ReviewJob | None = None
        self.hand: ReviewedHand | None = None
        try:
            self.hand = reviewed_hand(record)
        except RecordError as exc:
            self.error = str(exc)
        if self.hand is not None and run_hand is not None:
            self.lines_job = ctx.worker.submit_duplicate(run_hand.seed, run_hand.actions,
                                                         run_hand.match, run_hand.hand)
        super().__init__(ctx)
        if self.hand is not None:
            self.job = ctx.worker.submit_review(record, ReviewSettings(with_bids=True))

    # ----------------------------------------------------------------- state
    @property
    def state(self) -> str:
        if self.error:
            return ReviewState.FAILED
        if self.hand is not None and self.hand.review is not None:
            return ReviewState.READY
        return ReviewState.COMPUTING

    def update(self, dt: float) -> None:
        self._take_lines()
        job = self.job
        if job is None or not job.future.done() or self.hand is None:
            return
        self.job = None
        try:
            self.hand = self.hand.with_review(job.future.result())
        except Exception as exc:  # noqa: BLE001 - a failed review is shown, the game goes on
            self.error = str(exc).splitlines()[0] or type(exc).__name__

    def _take_lines(self) -> None:
        """Level 4's line once the worker has played it; never waits for it."""
        job, hand = self.lines_job, self.hand
        if job is None or not job.done() or hand is None:
            return
        self.lines_job = None
        try:
            self.lines = both_lines(job.result(), hand.tricks[0].leader, hand.turned_suit)
        except Exception:  # a decoration: the review shows without it
            log.warning("comparing the reviewed hand with level 4 failed", exc_info=True)
            self.showing_lines = False
            self.build()

    def back(self) -> None:
        if self.job is not None:
            self.job.stop()  # the rival's next move must not wait for it
            self.job = None
        self.ctx.nav.pop()

    # ----------------------------------------------------------------- input
    def build(self) -> None:
        f = self.fonts
        self.L = review_layout(self.size, f.body, f.title,
                               round(f.body * self.ctx.theme.layout["button_h"]))
        self.buttons = [Button(self.L.back, _("Back"), "back", primary=True)]
        if self.deal is not None:  # left of Back, as wide as its words need
            label = _("Replay this deal")
            width = max(self.L.back.w, gfx.button_row_width([label], f.body, f.body))
            rect = pygame.Rect(0, 0, width, self.L.back.h)
            rect.bottomright = (self.L.back.left - f.body, self.L.back.bottom)
            self.buttons.append(Button(rect, label, "replay"))
        if self.lines_job is not None or self.lines is not None:
            self._add_lines_toggle()

    def _add_lines_toggle(self) -> None:
        """Left of the other buttons: the card verdicts or the two lines of play."""
        f = self.fonts
        labels = [_("Level 4 in your seat"), _("Card verdicts")]
        width = max(self.L.back.w, gfx.button_row_width(labels, f.body, f.body))
        rect = pygame.Rect(0, 0, width, self.L.back.h)
        rect.bottomright = (min(b.rect.left for b in self.buttons) - f.body, self.L.back.bottom)
        self.buttons.append(Button(rect, labels[self.showing_lines], "lines"))

    def activate(self, b: Button) -> None:
        if b.value == "lines":
            self.showing_lines = not self.showing_lines
            self.build()
            return
        if b.value == "replay" and self.deal is not None:
            self.replay(self.deal)
            return
        self.back()

    def replay(self, deal: DealReplay) -> None:
        """The same deal at the practice table (same cards, the rival as then)."""
        if self.job is not None:
            self.job.stop()
            self.job = None
        self.ctx.nav.reset(Route.TABLE, active=ActiveRun(deal.start(), ""), practice=deal)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in PREVIOUS + NEXT:
            self.select(self.selected + (-1 if event.key in PREVIOUS else 1))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.select(1 if event.key == pygame.K_HOME else TRICKS)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.select(row)
                return
        super().handle(event)

    def select(self, trick: int) -> None:
        self.selected = max(1, min(TRICKS, trick))

    def row_rect(self, trick: int) -> pygame.Rect:
        r = self.L.tricks
        return pygame.Rect(r.left, r.top + (trick - 1) * self.L.row_h, r.w, self.L.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if self.hand is None:
            return None
        return next((n for n in range(1, TRICKS + 1) if self.row_rect(n).collidepoint(pos)), None)

    # --------------------------------------------------------------- drawing
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        self._draw_header(surf)
        if self.hand is not None:
            self._draw_trick_list(surf, self.hand)
            step = self.hand.tricks[self.selected - 1]
            self._draw_table(surf, step)
            if self.showing_lines:
                self._draw_lines(surf)
            else:
                self._draw_verdicts(surf, self.hand, step)
        self.draw_buttons(surf)
        f = self.fonts
        hint = _("• you won the trick · arrows: another trick · Esc: back")
        room = min(b.rect.left for b in self.buttons) - f.body - self.L.tricks.left
        for i, line in enumerate(reversed(gfx.wrap(hint, f.small, room))):
            gfx.blit_text(surf, line, f.small, c("text_dim"),
                          (self.L.tricks.left, self.L.back.bottom - i * round(f.small * 1.3)),
                          "bottomleft")

    def _draw_header(self, surf: pygame.Surface) -> None:
        f, r = self.fonts, self.L.header
        gfx.blit_text(surf, self.title, f.title, c("panel_title"), (r.centerx, r.top), "midtop",
                      True)
        y = r.top + round(f.title * 1.35)
        for text, colour in self._summary():
            gfx.blit_text(surf, fit(text, f.body, r.w), f.body, c(colour), (r.centerx, y), "midtop")
            y += round(f.body * 1.45)

    def _summary(self) -> list[tuple[str, str]]:
        """The lines under the title: the verdict on the hand, or the progress."""
        if self.state == ReviewState.FAILED:
            reason = _("The review could not be made: {reason}").format(reason=self.error)
            return [(reason, "bad")]
        hand = self.hand
        assert hand is not None
        if hand.review is None:
            done, total = self.job.progress() if self.job is not None else (0, 0)
            return [(_("Judging every card against perfect play"), "text"),
                    (_("{done} of {total} decisions").format(
                        done=format_number(done), total=format_number(total)) if total else "",
                     "text_dim")]
        return [(self._perfect_line(hand, PLAYER), "accent"),
                (self._costliest_line(hand, PLAYER), "text")]

    def _perfect_line(self, hand: ReviewedHand, seat: int) -> str:
        n = hand.strict_loss(seat) or 0
        rival_n = hand.strict_loss(1 - seat) or 0
        mine = ngettext("Perfect play from trick 8 would have taken {n} more point.",
                        "Perfect play from trick 8 would have taken {n} more points.", n)
        theirs = ngettext("The rival: {n} point.", "The rival: {n} points.", rival_n)
        return mine.format(n=format_number(n)) + "  " + theirs.format(n=format_number(rival_n))

    def _costliest_line(self, hand: ReviewedHand, seat: int) -> str:
        worst = hand.costliest(seat)
        if worst is None:
            return _("Every card you played was one of the best.")
        return _("The costliest card was {card} in trick {trick}: {loss}.").format(
            card=card_label(worst.card), trick=format_number(worst.trick), loss=loss_text(worst))

    def _draw_trick_list(self, surf: pygame.Surface, hand: ReviewedHand) -> None:
        f = self.fonts
        gfx.panel(surf, self.L.tricks, radius=f.body // 2)
        for step in hand.tricks:
            r = self.row_rect(step.number)
            if step.number == self.selected:
                gfx.panel(surf, r.inflate(-4, -2), radius=f.body // 3, colour=c("highlight_row"))
            y = r.centery
            colour = c("text") if step.stock else c("text_dim")
            gfx.blit_text(surf, format_number(step.number), f.small, colour,
                          (r.left + f.body * 2, y), "midright", True)
            cards = cards_label(step.cards)
            mark = "•" if step.winner == PLAYER else " "
            gfx.blit_text(surf, f"{cards} {mark}", f.small, c("text"), (r.left + f.body * 2.6, y),
                          "midleft")
            verdict = hand.verdict(step.number, PLAYER)
            if verdict is not None:
                gfx.blit_text(surf, short_loss(verdict), f.small, c(loss_colour(verdict)),
                              (r.right - f.body // 2, y), "midright", True)
            if step.number == 8:  # where the estimates end and the exact verdicts begin
                pygame.draw.line(surf, c("panel_border")[:3], (r.left + 6, r.top),
                                 (r.right - 6, r.top))

    def _draw_table(self, surf: pygame.Surface, step: TrickStep) -> None:
        f, L = self.fonts, self.L
        ch = L.card[1]
        area = L.table
        four = bool(self.ctx.settings["four_colour"])
        rival_top = area.top + f.body + 4
        you_top = area.bottom - ch
        self._draw_hand(surf, step, RIVAL, rival_top, four)
        self._draw_hand(surf, step, PLAYER, you_top, four)
        gfx.blit_text(surf, self._hand_caption(step, RIVAL), f.small, c("text"),
                      (area.left, rival_top - 4), "bottomleft", True)
        gfx.blit_text(surf, self._hand_caption(step, PLAYER), f.small, c("text"),
                      (area.left, you_top - ch // 10 - 4), "bottomleft", True)
        mid_top = rival_top + ch + ch // 10 + f.body
        mid = pygame.Rect(area.left, mid_top, area.w, you_top - ch // 10 - f.body * 2 - mid_top)
        self._draw_played(surf, step, mid, four)

    def _hand_caption(self, step: TrickStep, seat: int) -> str:
        drew = step.draws[seat]
        name = self.names[seat]
        if drew is None:
            return name
        return _("{name} · then drew {card}").format(name=name, card=card_label(drew))

    def _draw_hand(self, surf: pygame.Surface, step: TrickStep, seat: int, top: int,
                   four: bool) -> None:
        cw, ch = self.L.card
        area = self.L.table
        cards = step.hands[seat]
        played = step.card_of(seat)
        gap = cw * HAND_SPREAD
        width = gap * (len(cards) - 1) + cw
        left = area.left + (area.w - cw * 1.3 - width) / 2
        for i, card in enumerate(cards):
            rect = pygame.Rect(round(left + i * gap), top, cw, ch)
            if card == played and seat == PLAYER:
                rect.y -= ch // 10  # raised, as a chosen card at the table
            self.ctx.art.draw(surf, card, rect, four)
            if card == played:
                _glow(surf, rect, cw)
        drew = step.draws[seat]
        if drew is not None:
            small = pygame.Rect(0, 0, round(cw * 0.8), round(ch * 0.8))
            small.midleft = (round(left + width + cw * 0.35), top + ch // 2)
            self.ctx.art.draw(surf, drew, small, four)
            gfx.blit_text(surf, "+", self.fonts.title, c("accent"), (small.left - 2, small.top),
                          "topright", True)

    def _draw_played(self, surf: pygame.Surface, step: TrickStep, mid: pygame.Rect,
                     four: bool) -> None:
        f = self.fonts
        cw, ch = self.L.card
        scale = min(1.0, max(0.4, (mid.h - f.body * 2) / ch))
        size = (round(cw * scale), round(ch * scale))
        cx = mid.centerx - round(cw * 0.65)
        cy = mid.top + size[1] // 2
        for i, seat in enumerate((step.leader, 1 - step.leader)):
            rect = pygame.Rect(0, 0, *size)
            rect.center = (cx + (-1 if i == 0 else 1) * round(size[0] * 0.62), cy)
            self.ctx.art.draw(surf, step.card_of(seat), rect, four)
            if seat == step.winner:
                _glow(surf, rect, size[0])
        title = _("Trick {n} of 16").format(n=format_number(step.number))
        phase = _("stock: {n} cards").format(n=format_number(step.stock)) if step.stock \
            else _("both hands known")
        x = cx + round(size[0] * 1.3)
        gfx.blit_text(surf, title, f.body, c("panel_title"), (x, cy - f.body * 2), "midleft", True)
        gfx.blit_text(surf, phase, f.small, c("text_dim"), (x, cy - f.body // 2), "midleft")
        won = _("won by you") if step.winner == PLAYER else \
            _("won by {name}").format(name=self.names[step.winner])
        gfx.blit_text(surf, won, f.body, c("accent"), (x, cy + f.body), "midleft", True)
        gfx.blit_text(surf, self._contract(), f.small, c("text"), (x, cy + f.body * 2 + 4),
                      "midleft")

    def _contract(self) -> str:
        hand = self.hand
        assert hand is not None
        suit = SUIT_SYMBOLS[hand.trump]
        if hand.taker == PLAYER:
            return _("Trumps {suit}, taken by you").format(suit=suit)
        return _("Trumps {suit}, taken by {name}").format(suit=suit, name=self.names[hand.taker])

    def _draw_verdicts(self, surf: pygame.Surface, hand: ReviewedHand, step: TrickStep) -> None:
        f, r = self.fonts, self.L.verdicts
        gfx.panel(surf, r, radius=f.body // 2)
        x, y, width = r.left + f.body, r.top + f.body // 2, r.w - 2 * f.body
        line_h = round(f.body * 1.4)
        for seat in (PLAYER, RIVAL):
            for text, colour, bold in self._card_lines(hand, step, seat):
                for line in gfx.wrap(text, f.body, width, bold) or [""]:
                    gfx.blit_text(surf, line, f.body, c(colour), (x, y), bold=bold)
                    y += line_h
            y += f.body // 2
        gfx.blit_text(surf, _("Bids"), f.body, c("panel_title"), (x, y), bold=True)
        y += line_h
        for items, colour in self._bid_lines(hand):
            # a list of items breaks between items; one item (a sentence) between words
            lines = wrap_items(items, f.small, width) if len(items) > 1 else \
                gfx.wrap(items[0], f.small, width) or [""]
            for line in lines:
                if y + line_h > r.bottom:
                    return
                gfx.blit_text(surf, line, f.small, c(colour), (x, y))
                y += round(f.small * 1.35)

    def _draw_lines(self, surf: pygame.Surface) -> None:
        """Your play and level 4's in your seat: each trick's your card, then the
        rival's answer; the first trick where they part highlighted; the totals."""
        f, r = self.fonts, self.L.verdicts
        gfx.panel(surf, r, radius=f.body // 2)
        x, width = r.left + f.body, r.w - 2 * f.body
        y = r.top + f.body // 2
        gfx.blit_text(surf, fit(_("Level 4 in your seat"), f.body, width), f.body,
                      c("panel_title"), (x, y), bold=True)
        y += round(f.body * 1.4)
        lines = self.lines
        if lines is None:
            for line in gfx.wrap(level4_pending(), f.small, width):
                gfx.blit_text(surf, line, f.small, c("text_dim"), (x, y))
                y += round(f.small * 1.35)
            return
        columns = (x, x + round(width * 0.16), x + round(width * 0.58))
        row_h = round(f.small * 1.3)
        for col, head in zip(columns, ("#", _("Your play"), _("Level 4"))):
            gfx.blit_text(surf, head, f.small, c("text_dim"), (col, y), bold=True)
        y += row_h
        for trick in lines.tricks:
            self._draw_lines_row(surf, trick, columns, pygame.Rect(x, y, width, row_h))
            y += row_h
        y += f.small // 2
        for text, colour in self._lines_summary(lines):
            for line in gfx.wrap(text, f.small, width):
                gfx.blit_text(surf, line, f.small, c(colour), (x, y))
                y += round(f.small * 1.35)

    def _draw_lines_row(self, surf: pygame.Surface, trick: LinesTrick, columns: tuple[int, ...],
                        row: pygame.Rect) -> None:
        f = self.fonts
        if trick.parts_here:
            gfx.panel(surf, row.inflate(f.body // 2, 0), radius=f.body // 3,
                      colour=c("highlight_row"))
        colour = c("accent") if trick.parts_here else c("text")
        cells = (format_number(trick.number), _seated_text(trick.yours),
                 _seated_text(trick.level4))
        for col, text in zip(columns, cells):
            gfx.blit_text(surf, text, f.small, colour, (col, row.centery), "midleft")

    def _lines_summary(self, lines: BothLines) -> list[tuple[str, str]]:
        """Where the lines part, then the totals: yours, then level 4's."""
        parted = parted_row(lines)
        if lines.bids_part:
            where = _("The lines part in the bidding.")
        elif parted is not None:
            where = _("The lines part at trick {n}.").format(n=format_number(parted.number))
        else:
            where = _("Level 4 played the hand as you did.")
        yours = lines.compared.yours
        total = _("You: {player} – {rival}").format(player=format_number(yours[PLAYER]),
                                                   rival=format_number(yours[RIVAL]))
        return [(where, "accent"), (total, "text"), (level4_line(lines.compared), "text")]

    def _card_lines(self, hand: ReviewedHand, step: TrickStep,
                    seat: int) -> list[tuple[str, str, bool]]:
        card = step.card_of(seat)
        head = _("You played {card}").format(card=card_label(card)) if seat == PLAYER else \
            _("{name} played {card}").format(name=self.names[seat], card=card_label(card))
        lines = [(head, "panel_title", True)]
        verdict = hand.verdict(step.number, seat)
        if verdict is None:
            lines.append((_("Judging") if not self.error else "", "text_dim", False))
            return lines
        lines.append((loss_text(verdict), loss_colour(verdict), False))
        sentence = card_review_sentence(verdict, seat == PLAYER)
        if sentence is not None:  # a loss of 5 points or more: what the best card kept
            lines.append((sentence, "text", False))
        else:
            best = cards_label(verdict.best, ", ")
            lines.append((_("Best: {cards}").format(cards=best), "text", False))
        return lines

    def _bid_lines(self, hand: ReviewedHand) -> list[tuple[list[str], str]]:
        """Each bid judged: a head line, then one sentence on it (words, wrapped)."""
        if hand.review is None:
            return [([_("Judging") if not self.error else ""], "text_dim")]
        lines = []
        for seat in (PLAYER, RIVAL):
            for v in hand.bid_verdicts(seat):
                lines.append((self._bid_head(v, hand), "good" if v.was_best else "accent"))
                sentence = bid_review_sentence(v, seat == PLAYER, hand.turned_suit)
                lines.append(([sentence], "text"))
        return lines or [([_("No bid to judge.")], "text_dim")]

    def _bid_head(self, v: BidVerdict, hand: ReviewedHand) -> list[str]:
        said = _("{name}: {bid}").format(name=self.names[v.seat],
                                         bid=bid_words(v.bid, hand.turned_suit))
        # how far below the best word it was: the sentence under the head says it
        return [said, _("the best bid")] if v.was_best else [said]

    # ----------------------------------------------------------------- tests
    def offer(self) -> dict[str, Any]:
        hand, step = self.hand, None
        if hand is not None:
            step = hand.tricks[self.selected - 1]
        verdicts = {}
        if hand is not None and step is not None:
            for seat in (PLAYER, RIVAL):
                v = hand.verdict(step.number, seat)
                verdicts[seat] = None if v is None else {
                    "card": v.card, "loss": v.loss, "best": v.best, "exact": v.exact,
                    "text": loss_text(v)}
        return dict(super().offer(), state=self.state, trick=self.selected,
                    progress=self.job.progress() if self.job is not None else None,
                    rows={n: self.row_rect(n) for n in range(1, TRICKS + 1)} if hand else {},
                    played=step.cards if step else (), winner=step.winner if step else None,
                    verdicts=verdicts, summary=[t for t, _c in self._summary()],
                    error=self.error, showing_lines=self.showing_lines,
                    lines=None if self.lines is None else [
                        (t.number, t.yours, t.level4, t.parts_here) for t in self.lines.tricks],
                    lines_summary=[] if self.lines is None else [
                        t for t, _c in self._lines_summary(self.lines)])


# ------------------------------------------------------------------ words
def wrap_items(items: list[str], size: int, width: int) -> list[str]:
    """Items joined by " · ", a line broken only between items."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]} · {item}" if lines else item
        if lines and gfx.font(size).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


def loss_text(v: CardVerdict) -> str:
    """"The best card", or the points given away: exact (an integer) or an estimate."""
    if v.loss == 0:
        return _("one of the best cards")
    if is_estimate(v):
        return _("about {points} points given away (estimate)").format(points=decimal(v.loss))
    n = int(v.loss)
    return ngettext("{n} point given away (exact)", "{n} points given away (exact)",
                    n).format(n=format_number(n))


def _seated_text(cards: tuple[Card, Card] | None) -> str:
    """Your card, then the rival's answer; a dash where the line has no such trick."""
    return "–" if cards is None else " · ".join(card_label(card) for card in cards)


def short_loss(v: CardVerdict) -> str:
    """The loss in the trick list: 0, −3 or −2.5."""
    if v.loss == 0:
        return format_number(0)
    return "−" + (decimal(v.loss) if is_estimate(v) else format_number(int(v.loss)))


def loss_colour(v: CardVerdict) -> str:
    if v.loss == 0:
        return "good"
    return "bad" if v.loss >= BIG_LOSS else "accent"


def _glow(surf: pygame.Surface, rect: pygame.Rect, cw: int) -> None:
    pygame.draw.rect(surf, c("card_select_glow"), rect.inflate(6, 6), width=3,
                     border_radius=max(4, cw // 12))

