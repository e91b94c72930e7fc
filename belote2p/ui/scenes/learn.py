"""Learn to play: the guided first hand (``services.lesson``) on a small table.

The lesson decides everything (the steps, what it accepts, why a move is
refused); this scene draws the seat's view, the step's words and the
feedback, and turns clicks and keys into four intents: play a card, bid,
next page, leave.  Nothing here is scored or saved.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...core.actions import PASS, TAKE, Bid, EventKind
from ...core.cards import SUIT_SYMBOLS, Card, sort_for_display
from ...core.view import SeatView
from ...services.i18n import _
from ...services.lesson import Feedback, Lesson
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene
from ..words import refusal_text

HOLD = 1.1  # seconds a finished trick stays in the middle (animation speed scales it)


class LearnScene(MenuScene):
    def __init__(self, ctx: SceneContext):
        self.lesson = Lesson()
        self.feedback: Feedback | None = None
        self.hold = 0.0  # a finished trick is being shown
        self.shown_trick: tuple[Card, ...] = ()
        self.shown_leader = self.shown_winner = 0
        self.drawn: set[Card] = set()  # the card you just drew, outlined
        self.banner = ""
        # What the panel said when the held trick was played, and in which phase
        self.told: tuple[str, str] | None = None
        self.told_phase = ""
        self.shown_number = 0
        super().__init__(ctx)

    # ------------------------------------------------------------ geometry
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        m = max(6, round(h * 0.02))
        self.m = m
        pw = max(270, min(round(w * 0.31), 470))
        self.panel = pygame.Rect(w - pw, m, pw - m, h - 2 * m)
        self.table = pygame.Rect(0, 0, w - pw, h)
        ch = round(min(h * 0.2, self.table.w * 0.2))
        self.card = (round(ch * 0.7), ch)
        self.small = (round(ch * 0.62 * 0.7), round(ch * 0.62))
        bh = round(f.body * 2.1)
        leave = pygame.Rect(self.panel.left + m, self.panel.bottom - m - bh,
                            self.panel.w - 2 * m, bh)
        self.buttons = [Button(leave, _("Leave the lesson"), "leave")]
        view = self.lesson.view()
        step = self.lesson.step
        if step.is_page:  # in the panel, above Leave: a page covers no card it describes
            row = leave.move(0, -(bh + m))
            if self.lesson.finished:
                half = (row.w - m) // 2
                self.buttons.append(Button(pygame.Rect(row.left, row.top, half, bh),
                                           _("Play it again"), "again"))
                self.buttons.append(Button(pygame.Rect(row.right - half, row.top, half, bh),
                                           _("Done"), "done", primary=True))
            else:
                self.buttons.append(Button(row, _("Next"), "next", primary=True))
        elif view.legal_bids():
            cx, cy = self.table.center
            labels = {TAKE: _("Take {suit}").format(suit=SUIT_SYMBOLS[view.turned.suit]),
                      PASS: _("Pass")}
            bw = gfx.button_row_width(list(labels.values()), f.body, f.body)
            for i, bid in enumerate((TAKE, PASS)):
                r = pygame.Rect(0, 0, bw, bh)
                r.center = (cx + (i * 2 - 1) * (bw // 2 + f.body // 2), cy + ch // 2 + bh)
                self.buttons.append(Button(r, labels[bid], bid, primary=bid == TAKE))
        # Enter presses Next, Done or Take; on a card step it does nothing (never Leave)
        self.focus = next((i for i, b in enumerate(self.buttons) if b.primary), -1)

    def _line_h(self) -> int:
        return round(self.fonts.body * 1.4)

    def _words(self) -> str:
        text, params = self.lesson.text()
        return _(text).format(**params)

    def _told(self) -> tuple[str, str]:
        """The panel's title (a page's) and words.  While a finished trick is
        held on the table, the words of the move that led to it: the next
        step's ("The rival leads 10♦") would tell of a card not yet shown."""
        if self.hold > 0 and self.told is not None:
            return self.told
        step = self.lesson.step
        return (_(step.title) if step.is_page else ""), self._words()

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        view = self.lesson.view()
        cards = sort_for_display(view.hand, view.trump)
        cw, ch = self.card
        n = len(cards)
        spacing = min(cw * 0.8, (self.table.w - 4 * self.m - cw) / max(1, n - 1))
        left = self.table.centerx - (spacing * (n - 1) + cw) / 2
        top = self.size[1] - self.m - ch
        return [(cd, pygame.Rect(round(left + i * spacing), top, cw, ch))
                for i, cd in enumerate(cards)]

    # --------------------------------------------------------------- intents
    def play(self, action: Card | Bid) -> None:
        if self.hold > 0:
            self.hold = 0.0
            return
        before, held = self.lesson.index, set(self.lesson.view().hand)
        told, phase = self._told(), self._phase(self.lesson.view())
        self.feedback = self.lesson.attempt(action)
        if self.feedback is None and self.lesson.index != before:
            self.drawn = set(self.lesson.view().hand) - held
            self._after_move(told, phase)
        self.build()

    def next_page(self) -> None:
        self.hold = 0.0
        if self.lesson.next_page():
            self.feedback = None
            self.build()

    def leave(self) -> None:
        self.ctx.nav.pop()

    def restart(self) -> None:
        self.lesson, self.feedback, self.hold, self.banner = Lesson(), None, 0.0, ""
        self.drawn = set()
        self.build()

    def _after_move(self, told: tuple[str, str], phase: str) -> None:
        events = self.lesson.last_events
        tricks = [i for i, e in enumerate(events) if e.kind is EventKind.TRICK]
        self.banner = ""
        for e in events:
            if e.kind is EventKind.BELOTE:
                self.banner = _("Belote!")
            elif e.kind is EventKind.REBELOTE:
                self.banner = _("Rebelote!")
        if not tricks:
            return
        view = self.lesson.view()
        trick = view.tricks[-len(tricks)]
        self.shown_trick = trick.cards
        self.shown_leader = trick.leader
        self.shown_winner = trick.winner
        self.shown_number = len(view.tricks) - len(tricks) + 1
        self.told, self.told_phase = told, phase
        self.hold = HOLD * self.ctx.settings.speed()

    # ----------------------------------------------------------------- input
    def activate(self, b: Button) -> None:
        if b.value == "leave" or b.value == "done":
            self.leave()
        elif b.value == "next":
            self.next_page()
        elif b.value == "again":
            self.restart()
        elif isinstance(b.value, Bid):
            self.play(b.value)

    def back(self) -> None:
        self.leave()

    def handle(self, event: pygame.event.Event) -> None:
        if self.hold > 0 and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) \
                and getattr(event, "key", None) != pygame.K_ESCAPE:
            self.hold = 0.0  # hurry the finished trick along
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not self.lesson.step.is_page:
            for cd, r in reversed(self.hand_rects()):
                if r.collidepoint(event.pos):
                    self.play(cd)
                    return
        if event.type == pygame.KEYDOWN and not self.lesson.step.is_page:
            digit = event.key - pygame.K_1
            rects = self.hand_rects()
            if 0 <= digit < len(rects) and digit < 9:
                self.play(rects[digit][0])
                return
        super().handle(event)

    def update(self, dt: float) -> None:
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)

    # ------------------------------------------------------------------ draw
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        view = self.lesson.view()
        art, four = self.ctx.art, self.ctx.settings["four_colour"]
        f = self.fonts
        cw, ch = self.card
        cx, cy = self.table.center
        # the rival's cards: face down, or known once the stock is empty
        other = view.other_hand
        n = len(other) if other is not None else self._rival_count(view)
        sw, sh = self.small
        spacing = sw * (0.8 if other is not None else 0.36)
        left = cx - (spacing * (n - 1) + sw) / 2
        shown = sort_for_display(other, view.trump) if other is not None else [None] * n
        for i, cd in enumerate(shown):
            art.draw(surf, cd, pygame.Rect(round(left + i * spacing), self.m, sw, sh), four)
        # the stock and the turned card
        stock = pygame.Rect(self.table.left + 2 * self.m, cy - ch // 2, cw, ch)
        if view.stock_size:
            art.draw(surf, None, stock)
            gfx.blit_text(surf, _("Stock {n}").format(n=view.stock_size), f.small, c("text"),
                          (stock.centerx, stock.bottom + 4), "midtop")
        if view.taker is None:
            turned = stock.move(round(cw * 1.2), 0)
            art.draw(surf, view.turned, turned, four)
        # the trick in the middle
        trick = self.shown_trick if self.hold > 0 else view.current_trick
        leader = self.shown_leader if self.hold > 0 else view.leader
        for i, cd in enumerate(trick):
            seat = leader if i == 0 else 1 - leader
            r = pygame.Rect(0, 0, cw, ch)
            dx, dy = round(cw * 0.34), round(ch * 0.13)
            r.center = (cx + dx, cy + dy) if seat == 0 else (cx - dx, cy - dy)
            art.draw(surf, cd, r, four)
        if self.hold > 0:
            words = _("won by you") if self.shown_winner == 0 else _("won by {name}").format(
                name=_("Rival"))
            gfx.blit_text(surf, words, f.body, c("accent"), (cx, cy + ch // 2 + ch // 4 + f.body),
                          "midtop", True)
        if self.banner and (self.hold > 0 or not view.current_trick):
            gfx.blit_text(surf, self.banner, f.title, c("panel_title"),
                          (cx, cy - ch // 2 - ch // 4 - f.title), "midtop", True)
        # your hand
        glow = set(self.lesson.accepted()) if self.feedback is not None else set()
        mine = view.to_move == view.seat and not self.lesson.step.is_page \
            and bool(view.legal_cards())
        for cd, r in self.hand_rects():
            ring = "card_select_glow" if cd in glow else "good" if cd in self.drawn else None
            if ring is not None:
                pygame.draw.rect(surf, c(ring), r.inflate(8, 8), width=4,
                                 border_radius=max(4, r.w // 10))
            art.draw(surf, cd, r, four, dim=mine and cd not in view.legal)
        self._draw_panel(surf, view)
        if self.hold > 0:  # the next step's buttons come with its words
            self.buttons[0].draw(surf, self.fonts.body)
        else:
            self.draw_buttons(surf)

    def _rival_count(self, view: SeatView) -> int:
        """The rival's cards: six while bidding, else all those nobody has seen played,
        held by you or left in the stock."""
        if view.taker is None:
            return 6
        return 32 - len(view.played_cards()) - len(view.hand) - view.stock_size

    def _draw_panel(self, surf: pygame.Surface, view: SeatView) -> None:
        f, p, m = self.fonts, self.panel, self.m
        gfx.panel(surf, p, radius=f.body)
        inner = p.inflate(-2 * m, -2 * m)
        y = inner.top
        gfx.blit_text(surf, _("Learn to play"), f.title, c("panel_title"), (inner.left, y),
                      bold=True, within=p)
        y += round(f.title * 1.4)
        shown = self.lesson.index + (0 if self.hold > 0 else 1)  # (the held trick's step)
        gfx.blit_text(surf, _("Step {n} of {total}").format(
            n=shown, total=len(self.lesson.steps)), f.small, c("text_dim"),
            (inner.left, y), within=p)
        y += round(f.small * 1.6)
        if view.trump is not None:
            held = self.hold > 0
            line = _("Trick {n} of 16 · {phase} · trumps {suit}").format(
                n=self.shown_number if held else min(16, len(view.tricks) + 1),
                phase=self.told_phase if held else self._phase(view),
                suit=SUIT_SYMBOLS[view.trump])
            gfx.blit_text(surf, line, f.small, c("text_dim"), (inner.left, y), within=p)
            y += round(f.small * 1.6)
        title, words = self._told()
        bottom = min(b.rect.top for b in self.buttons if p.contains(b.rect)) - m
        if self.feedback is not None:
            y = self._draw_words(surf, title, words, pygame.Rect(inner.left, y, inner.w, 0))
            self._draw_feedback(surf, self.feedback, pygame.Rect(inner.left, y + f.body,
                                                                 inner.w, 0))
        else:
            self._draw_words(surf, title, words, pygame.Rect(inner.left, y, inner.w,
                                                             bottom - y))

    @staticmethod
    def _phase(view: SeatView) -> str:
        return _("Strict play") if view.stock_size == 0 else _("Free play")

    def _words_size(self, title: str, words: str, box: pygame.Rect) -> int:
        """The body size at which a page's words fit the panel above its buttons
        (a long page in a long language shrinks a little, never below 80 %)."""
        f = self.fonts
        size = f.body
        while size > round(f.body * 0.8) and box.h and \
                self._words_height(title, words, size, box.w) > box.h:
            size -= 1
        return size

    def _words_height(self, title: str, words: str, size: int, width: int) -> int:
        line = round(size * 1.4)
        heads = len(gfx.wrap(title, size, width, bold=True)) if title else 0
        return (heads + len(gfx.wrap(words, size, width))) * line + (size // 2 if title else 0)

    def _draw_words(self, surf: pygame.Surface, title: str, words: str,
                    box: pygame.Rect) -> int:
        """A page's title and words, or a move's words, from ``box.top``; the y below."""
        size = self._words_size(title, words, box)
        line, y = round(size * 1.4), box.top
        if title:
            for head in gfx.wrap(title, size, box.w, bold=True):
                gfx.blit_text(surf, head, size, c("panel_title"), (box.left, y), bold=True,
                              within=self.panel)
                y += line
            y += size // 2
        for text in gfx.wrap(words, size, box.w):
            gfx.blit_text(surf, text, size, c("text"), (box.left, y), within=self.panel)
            y += line
        return y

    def _feedback_lines(self, fb: Feedback, width: int) -> tuple[list[str], list[str]]:
        f = self.fonts
        head = refusal_text(fb.refusal) if fb.refusal is not None else _("Not this one")
        body = _(fb.text).format(**dict(fb.params)) if fb.text else ""
        return gfx.wrap(head, f.body, width, bold=True), gfx.wrap(body, f.body, width)

    def _draw_feedback(self, surf: pygame.Surface, fb: Feedback, at: pygame.Rect) -> None:
        f = self.fonts
        pad = f.body // 2
        head, body = self._feedback_lines(fb, at.w - 2 * pad)
        box = pygame.Rect(at.left, at.top, at.w, (len(head) + len(body)) * self._line_h() + 2 * pad)
        gfx.panel(surf, box, radius=f.body // 2, colour=c("toast"), border=c("bad"))
        y = box.top + pad
        for line in head:
            gfx.blit_text(surf, line, f.body, c("bad"), (box.left + pad, y), bold=True, within=box)
            y += self._line_h()
        for line in body:
            gfx.blit_text(surf, line, f.body, c("text"), (box.left + pad, y), within=box)
            y += self._line_h()

    def offer(self) -> dict[str, Any]:
        view = self.lesson.view()
        return {"scene": "learn", "step": self.lesson.index, "page": self.lesson.step.is_page,
                "finished": self.lesson.finished, "feedback": self.feedback,
                "holding": self.hold > 0, "drawn": sorted(self.drawn),
                "buttons": {str(b.value): b.rect for b in self.buttons if b.enabled},
                "cards": [{"card": cd, "rect": r, "legal": cd in view.legal}
                          for cd, r in self.hand_rects()]}
