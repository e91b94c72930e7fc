"""How to play: short pages with pictures, turned by arrows, clicks or the
section tabs.  The sections (``help_text``) are cut into pages that fit the
window, so no page scrolls; the pictures are drawn with the game's cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ...core.cards import CARDS, HEARTS, SPADES, SUIT_SYMBOLS, SUITS, parse_card, points, strength
from ...core.rules import legal_follows
from ...services.i18n import _
from .. import gfx
from ..gfx import Button, c
from ..help_text import HELP_PAGES, Block, Picture
from ..menu import MenuScene


@dataclass(frozen=True)
class Placed:
    """One thing on a page: a line of text, or a picture, ``y`` below the page's top."""

    y: int
    height: int
    line: str = ""
    picture: Picture | None = None


class HelpScene(MenuScene):
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        names = [_(name) for name, _blocks in HELP_PAGES]
        self.section = getattr(self, "section", 0)
        first_of = getattr(self, "page", None)
        tab_h = round(f.body * 2.1)
        widths = [gfx.button_row_width([name], f.body, f.body) for name in names]
        x = (w - sum(widths) - f.body // 2 * (len(widths) - 1)) // 2
        self.buttons = []
        for i, (name, bw) in enumerate(zip(names, widths)):
            self.buttons.append(Button(pygame.Rect(x, round(h * 0.1) + f.title * 2, bw, tab_h),
                                       name, i))
            x += bw + f.body // 2
        bottom = h - f.body - tab_h
        back = pygame.Rect(0, bottom, f.body * 10, tab_h)
        back.centerx = w // 2
        arrow_w = tab_h * 2
        self.buttons.append(Button(pygame.Rect(back.left - f.body - arrow_w, bottom, arrow_w,
                                               tab_h), "◀", "prev"))
        self.buttons.append(Button(pygame.Rect(back.right + f.body, bottom, arrow_w, tab_h),
                                   "▶", "next"))
        self.buttons.append(Button(back, _("Back"), "back"))
        top = self.buttons[0].rect.bottom + f.body
        width = min(w - 60, f.body * 46)
        hint_h = round(f.small * 1.5)  # the page number and key hint sit above Back
        self.text_rect = pygame.Rect((w - width) // 2, top, width,
                                     back.top - f.body // 2 - hint_h - top)
        self.inner = self.text_rect.inflate(-f.body * 2, -f.body * 2)
        self.pages = self._paginate()  # (section, [Placed])
        if first_of is None:
            self.page = 0
        else:  # the same section after a resize or a change of language
            self.page = min(first_of, len(self.pages) - 1)
            if self.pages[self.page][0] != self.section:
                self.page = self._first_page(self.section)
        self.section = self.pages[self.page][0]
        self.focus = len(self.buttons) - 2  # ▶

    # ------------------------------------------------------------- paging
    def _paginate(self) -> list[tuple[int, list[Placed]]]:
        f = self.fonts
        line_h = round(f.body * 1.5)
        gap = f.body // 2
        limit = self.inner.h
        pages: list[tuple[int, list[Placed]]] = []
        for section, (_name, blocks) in enumerate(HELP_PAGES):
            items: list[Placed] = []
            y = 0
            for block in blocks:
                pieces = self._pieces(block, line_h)
                whole = sum(p.height for p in pieces)
                if items and y + whole > limit and whole <= limit:
                    pages.append((section, items))  # a paragraph is cut only if it must be
                    items, y = [], 0
                for piece in pieces:
                    if items and y + piece.height > limit:
                        pages.append((section, items))
                        items, y = [], 0
                    items.append(Placed(y, piece.height, piece.line, piece.picture))
                    y += piece.height
                y += gap
            if items:
                pages.append((section, items))
        return pages

    def _pieces(self, block: Block, line_h: int) -> list[Placed]:
        if isinstance(block, Picture):
            return [Placed(0, self._picture_height(block), picture=block)]
        return [Placed(0, line_h, line)
                for line in gfx.wrap(_(block), self.fonts.body, self.inner.w)]

    def _first_page(self, section: int) -> int:
        return next(i for i, (s, _items) in enumerate(self.pages) if s == section)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self.section = self.pages[self.page][0]

    # ------------------------------------------------------------- pictures
    def _card_size(self, across: int) -> tuple[int, int]:
        """Cards for a picture: ``across`` of them fit the width, never taller
        than a quarter of the page."""
        cw = min(self.inner.w // (across + 1), round(self.inner.h * 0.25 * 0.7))
        return cw, round(cw / 0.7)

    def _label_w(self) -> int:
        f = self.fonts
        labels = [_("Plain suit"), _("Trumps"), _("Led"), _("You hold")]
        return max(gfx.font(f.small, True).size(s)[0] for s in labels) + f.body

    def _picture_height(self, pic: Picture) -> int:
        f = self.fonts
        caption = gfx.wrap(_(pic.caption), f.body, self.inner.w)
        text_h = len(caption) * round(f.body * 1.5)
        if pic.kind == "ranks":
            _cw, ch = self._card_size_ranks()
            return 2 * (ch + round(f.small * 1.6)) + f.body // 2 + text_h
        _cw, ch = self._card_size(7)
        return ch + f.body + text_h

    def _card_size_ranks(self) -> tuple[int, int]:
        room = self.inner.w - self._label_w()
        cw = min(room // 8 - 4, round(self.inner.h * 0.2 * 0.7))
        return cw, round(cw / 0.7)

    def _draw_picture(self, surf: pygame.Surface, pic: Picture, top: int) -> None:
        f = self.fonts
        art, four = self.ctx.art, self.ctx.settings["four_colour"]
        left = self.inner.left
        y = top
        if pic.kind == "ranks":
            cw, ch = self._card_size_ranks()
            x0 = left + self._label_w()
            step = (self.inner.right - x0) // 8
            for label, suit, trump in ((_("Plain suit"), SPADES, HEARTS),
                                       (_("Trumps"), HEARTS, HEARTS)):
                gfx.blit_text(surf, label, f.small, c("panel_title"), (left, y + ch // 2),
                              "midleft", True, within=self.text_rect)
                ranked = sorted((cd for cd in CARDS if cd.suit == suit),
                                key=lambda cd: -strength(cd, trump))
                for i, cd in enumerate(ranked):
                    r = pygame.Rect(x0 + i * step, y, cw, ch)
                    art.draw(surf, cd, r, four)
                    gfx.blit_text(surf, str(points(cd, trump)), f.small, c("accent"),
                                  (r.centerx, r.bottom + 2), "midtop", True,
                                  within=self.text_rect)
                y += ch + round(f.small * 1.6) + f.body // 4
        else:
            cw, ch = self._card_size(7)
            lead = parse_card(pic.lead)
            hand = [parse_card(w) for w in pic.hand.split()]
            lead_trump = SUITS.index(pic.trump)
            legal = legal_follows(hand, lead, lead_trump)
            lw = self._label_w()
            gfx.blit_text(surf, _("Led"), f.small, c("panel_title"), (left, y + ch // 2),
                          "midleft", True, within=self.text_rect)
            art.draw(surf, lead, pygame.Rect(left + lw, y, cw, ch), four)
            x = left + lw * 2 + cw + f.body
            gfx.blit_text(surf, _("You hold"), f.small, c("panel_title"),
                          (x - lw, y + ch // 2), "midleft", True, within=self.text_rect)
            gfx.blit_text(surf, _("trump {suit}").format(suit=SUIT_SYMBOLS[lead_trump]), f.small,
                          c("text_dim"), (self.inner.right, y + ch // 2), "midright", True,
                          within=self.text_rect)
            for i, cd in enumerate(hand):
                r = pygame.Rect(x + i * (cw + f.body // 2), y, cw, ch)
                if cd in legal:
                    pygame.draw.rect(surf, c("card_select_glow"), r.inflate(6, 6), width=3,
                                     border_radius=max(4, r.w // 10))
                art.draw(surf, cd, r, four, dim=cd not in legal)
            y += ch + f.body
        for line in gfx.wrap(_(pic.caption), f.body, self.inner.w):
            gfx.blit_text(surf, line, f.body, c("text"), (left, y), within=self.text_rect)
            y += round(f.body * 1.5)

    # -------------------------------------------------------------- input
    def activate(self, b: Button) -> None:
        if b.value == "back":
            self.back()
        elif b.value == "prev":
            self.turn(-1)
        elif b.value == "next":
            self.turn(1)
        else:
            self.section = int(b.value)  # type: ignore[call-overload]
            self.page = self._first_page(self.section)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key in (pygame.K_LEFT, pygame.K_PAGEUP) else 1)
            return
        super().handle(event)

    # --------------------------------------------------------------- draw
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, _h = self.size
        gfx.blit_text(surf, _("How to play"), f.title, c("panel_title"),
                      (w // 2, round(self.size[1] * 0.1) - f.title // 2), "midtop", True)
        gfx.panel(surf, self.text_rect, radius=f.body)
        for item in self.pages[self.page][1]:
            y = self.inner.top + item.y
            if item.picture is not None:
                self._draw_picture(surf, item.picture, y)
            else:
                gfx.blit_text(surf, item.line, f.body, c("text"), (self.inner.left, y),
                              within=self.text_rect)
        for b in self.buttons:
            b.primary = b.value == self.section
            if b.value == "prev":
                b.enabled = self.page > 0
            elif b.value == "next":
                b.enabled = self.page < len(self.pages) - 1
        self.draw_buttons(surf)
        line = _("Page {n} of {total} · ←/→ to turn · Esc to go back").format(
            n=self.page + 1, total=len(self.pages))
        gfx.blit_text(surf, line, f.small, c("text_dim"),
                      (w // 2, self.buttons[-1].rect.top - 4), "midbottom")

    def offer(self) -> dict[str, Any]:
        out = super().offer()
        out.update(page=self.page, pages=len(self.pages), section=self.section,
                   pictures=[i.picture for i in self.pages[self.page][1] if i.picture])
        return out
