"""Drawing the table from a ``TableState``: the felt, the stock, the hands,
the trick, the bids, the banners, the cards in flight and the panels.  It
reads the frozen state only and never changes the game."""

from __future__ import annotations

import pygame

from ...cards import SUIT_SYMBOLS
from ...services.i18n import _, format_number, ngettext
from .. import gfx
from ..cards_art import CardArt
from ..context import Window
from ..gfx import c
from ..model import RIVAL
from ..panels import draw_last_trick
from ..theme import Theme
from .side_panel import SidePanel
from .state import TableState


class TableRenderer:
    def __init__(self, window: Window, art: CardArt, theme: Theme):
        self.window, self.art, self.theme = window, art, theme
        self.side = SidePanel(window, theme)

    def draw(self, surf: pygame.Surface, s: TableState) -> None:
        surf.blit(self.window.felt(), (0, 0))
        self.side.draw(surf, s.side, s.side_buttons)
        self._stock(surf, s)
        self._piles(surf, s)
        self._rival(surf, s)
        for seat, card in s.trick:
            self.art.draw(surf, card, s.layout.trick[seat], s.four_colour)
        self._hand(surf, s)
        self._bidding(surf, s)
        self._texts(surf, s)
        for f in s.flights:
            self.art.draw(surf, f.card, f.rect, s.four_colour)
        if s.dragged is not None:
            self.art.draw(surf, s.dragged[0], s.dragged[1], s.four_colour)
        if s.show_last and s.panel is None:
            draw_last_trick(surf, s.layout, self.art, s.last_trick, lambda seat: s.seat_names[seat],
                            s.four_colour, lambda seat: seat == 0 and s.side.demo_levels is None)
        if s.panel is not None:
            s.panel.draw(surf, s.layout)

    def _stock(self, surf: pygame.Surface, s: TableState) -> None:
        L = s.layout
        f = L.fonts
        if s.turned is not None:
            self.art.draw(surf, s.turned, L.turned, s.four_colour)
        elif s.trump is not None:
            self._trump_badge(surf, s, s.trump)
        if s.pack > 0:
            layers = min(6, (s.pack + 3) // 4)
            step = max(1, L.card[0] // 60)
            for i in range(layers):
                self.art.draw(surf, None, L.stock.move(-i * step, -i * step), shadow=i == 0)
        if s.stock_started and s.pack:
            gfx.blit_text(surf, _("Stock {n}").format(n=s.pack), f.small, c("text"),
                          (L.stock.centerx, L.stock.bottom + f.small // 2), "midtop", True,
                          within=L.table)

    def _trump_badge(self, surf: pygame.Surface, s: TableState, trump: int) -> None:
        L = s.layout
        r = L.trump_badge
        pygame.draw.circle(surf, c("card_face"), r.center, r.w // 2)
        pygame.draw.circle(surf, c("accent"), r.center, r.w // 2, width=max(2, r.w // 20))
        ink = self.theme.suit_colour(trump, s.four_colour)
        gfx.blit_text(surf, SUIT_SYMBOLS[trump], round(r.w * 0.6), ink, r.center, "center")
        gfx.blit_text(surf, _("Trump"), L.fonts.small, c("text"),
                      (r.centerx, r.bottom + L.fonts.small // 3), "midtop", True, within=L.table)

    def _piles(self, surf: pygame.Surface, s: TableState) -> None:
        L = s.layout
        for seat, n in enumerate(s.won):
            if n <= 0:
                continue
            rect = L.piles[seat]
            for i in range(min(n, 5)):
                self.art.draw(surf, None, rect.move(i * 2, -i * 2), shadow=i == 0)
            label = ngettext("{n} trick", "{n} tricks", n).format(n=format_number(n))
            gfx.blit_text(surf, label, L.fonts.small, c("text"),
                          (rect.centerx, rect.bottom + 2), "midtop", True, within=L.table)

    def _rival(self, surf: pygame.Surface, s: TableState) -> None:
        L = s.layout
        for x in s.rival_x:
            self.art.draw(surf, None, pygame.Rect(round(x), L.rival_y, *L.small))
        if s.thinking:
            self._thinking(surf, s)

    def _thinking(self, surf: pygame.Surface, s: TableState) -> None:
        L = s.layout
        f = L.fonts.small
        label = _("thinking")
        w = gfx.font(f, True).size(label)[0] + f * 4
        r = pygame.Rect(0, 0, w, round(f * 2))
        r.center = L.thinking
        gfx.panel(surf, r, radius=r.h // 2, colour=c("toast"))
        gfx.blit_text(surf, label, f, c("thinking"), (r.x + f, r.centery), "midleft", True,
                      within=L.table)
        phase = pygame.time.get_ticks() / 300
        for i in range(3):
            on = int(phase) % 4 > i
            pygame.draw.circle(surf, c("accent") if on else c("text_dim"),
                               (r.right - f * 2.4 + i * f * 0.7, r.centery), max(2, f // 6))

    def _hand(self, surf: pygame.Surface, s: TableState) -> None:
        dragged = s.dragged[0] if s.dragged else None
        for hc in s.hand:
            if hc.card == dragged:
                continue
            if hc.chosen:
                pygame.draw.rect(surf, c("card_select_glow"), hc.rect.inflate(6, 6), width=3,
                                 border_radius=max(4, hc.rect.w // 12))
            self.art.draw(surf, hc.card, hc.rect, s.four_colour, dim=hc.dim)

    def _bidding(self, surf: pygame.Surface, s: TableState) -> None:
        if not s.bid_buttons or s.bid_prompt is None:
            return
        f = s.layout.fonts
        for btn in s.bid_buttons:
            btn.draw(surf, f.body)
        first = s.bid_buttons[0].rect
        gfx.blit_text(surf, s.bid_prompt, f.body, c("accent"), (first.x, first.y - f.body // 2),
                      "bottomleft", True, within=s.layout.table)

    def _texts(self, surf: pygame.Surface, s: TableState) -> None:
        L, f = s.layout, s.layout.fonts
        bubbles = dict(s.bubbles)
        for speaker, words in s.bubbles:
            self._pill(surf, words, L.bubbles[speaker], f.body, c("bubble"), c("bubble_text"),
                       L.table)
        general = (L.centre[0], L.trick[RIVAL].top - f.title)
        for text, seat in s.banners:
            pos = general if seat is None else L.bubbles[seat]
            if seat is not None and seat in bubbles:
                pos = (pos[0], pos[1] + (f.title * 2 if seat == RIVAL else -f.title * 2))
            self._pill(surf, text, pos, f.title, c("toast"), c("accent"), L.table)
        if s.message:
            self._pill(surf, s.message, L.message, f.body, c("toast"), c("text"), L.table)

    @staticmethod
    def _pill(surf: pygame.Surface, text: str, centre, size: int, fill, ink,
              area: pygame.Rect) -> None:
        """A rounded label centred on ``centre``; it must stay inside ``area``."""
        w = gfx.font(size, True).size(text)[0] + size * 2
        r = pygame.Rect(0, 0, w, round(size * 1.9))
        r.center = centre
        gfx.panel(surf, r, radius=r.h // 2, colour=fill)
        gfx.blit_text(surf, text, size, ink, r.center, "center", True, within=area)
