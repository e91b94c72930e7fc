"""Drawing the table: the felt, the stock, the hands, the trick, the bids,
the banners and the cards in flight.  A mixin of ``TableScene``: it reads the
scene's model and layout and never changes the game."""

from __future__ import annotations

import pygame

from ..cards import SUIT_SYMBOLS
from ..actions import PASS, TAKE, Bid, Phase
from . import gfx
from .gfx import Button, c
from .layout import bid_buttons
from .model import HUMAN, RIVAL
from .panels import draw_last_trick


class TableDrawing:
    def draw(self, surf: pygame.Surface) -> None:
        L = self.L
        surf.blit(self.app.felt(), (0, 0))
        self._draw_side(surf)
        self._draw_stock(surf)
        self._draw_piles(surf)
        self._draw_rival(surf)
        self._draw_trick(surf)
        self._draw_hand(surf)
        self._draw_bidding(surf)
        self._draw_texts(surf)
        self._draw_flights(surf)
        if self.drag is not None:
            x, y = self.drag["pos"]
            ox, oy = self.drag["offset"]
            self.app.art.draw(surf, self.drag["card"], pygame.Rect(x - ox, y - oy, *L.card),
                              self.app.settings["four_colour"])
        if self.show_last and self.panel is None:
            draw_last_trick(surf, L, self.app.art, self.model.last_trick, self.seat_name,
                            self.app.settings["four_colour"])
        if self.panel is not None:
            self.panel.draw(surf, L)

    def _draw_stock(self, surf) -> None:
        L, m, art = self.L, self.model, self.app.art
        f = L.fonts
        if m.turned is not None:
            art.draw(surf, m.turned, L.turned, self.app.settings["four_colour"])
        elif m.trump is not None:
            self._draw_trump_badge(surf)
        if m.pack > 0:
            layers = min(6, (m.pack + 3) // 4)
            step = max(1, L.card[0] // 60)
            for i in range(layers):
                art.draw(surf, None, L.stock.move(-i * step, -i * step), shadow=i == 0)
        if m.stock_started and m.pack:
            gfx.blit_text(surf, self.t("panel.stock", n=m.pack), f.small, c("text"),
                          (L.stock.centerx, L.stock.bottom + f.small // 2), "midtop", True)

    def _draw_trump_badge(self, surf) -> None:
        L, m = self.L, self.model
        r = L.trump_badge
        pygame.draw.circle(surf, c("card_face"), r.center, r.w // 2)
        pygame.draw.circle(surf, c("accent"), r.center, r.w // 2, width=max(2, r.w // 20))
        ink = self.app.theme.suit_colour(m.trump, self.app.settings["four_colour"])
        gfx.blit_text(surf, SUIT_SYMBOLS[m.trump], round(r.w * 0.6), ink, r.center, "center")
        gfx.blit_text(surf, self.t("panel.trump"), L.fonts.small, c("text"),
                      (r.centerx, r.bottom + L.fonts.small // 3), "midtop", True)

    def _draw_piles(self, surf) -> None:
        L, m = self.L, self.model
        f = L.fonts
        for seat in (HUMAN, RIVAL):
            n = m.won[seat]
            if n <= 0:
                continue
            rect = L.piles[seat]
            for i in range(min(n, 5)):
                self.app.art.draw(surf, None, rect.move(i * 2, -i * 2), shadow=i == 0)
            label = self.t("panel.won_one") if n == 1 else self.t("panel.won", n=n)
            gfx.blit_text(surf, label, f.small, c("text"),
                          (rect.centerx, rect.bottom + 2), "midtop", True)

    def _draw_rival(self, surf) -> None:
        L, m = self.L, self.model
        shown = m.rival - m.rival_hidden
        for i, x in enumerate(self.rival_x[:shown]):
            self.app.art.draw(surf, None, pygame.Rect(round(x), L.rival_y, *L.small))
        if self.thinking():
            self._draw_thinking(surf)

    def _draw_thinking(self, surf) -> None:
        L = self.L
        f = L.fonts.small
        label = self.t("play.thinking")
        w = gfx.font(f, True).size(label)[0] + f * 4
        r = pygame.Rect(0, 0, w, round(f * 2))
        r.center = L.thinking
        gfx.panel(surf, r, radius=r.h // 2, colour=c("toast"))
        gfx.blit_text(surf, label, f, c("thinking"), (r.x + f, r.centery), "midleft", True)
        phase = pygame.time.get_ticks() / 300
        for i in range(3):
            on = int(phase) % 4 > i
            pygame.draw.circle(surf, c("accent") if on else c("text_dim"),
                               (r.right - f * 2.4 + i * f * 0.7, r.centery), max(2, f // 6))

    def _draw_trick(self, surf) -> None:
        for seat, card in self.model.trick:
            self.app.art.draw(surf, card, self.L.trick[seat], self.app.settings["four_colour"])

    def _draw_hand(self, surf) -> None:
        dim = self.illegal_now()
        four = self.app.settings["four_colour"]
        chosen = self.armed
        visible = self.model.visible_mine()
        if chosen is None and self.sel is not None and self.sel < len(visible) and not self.demo:
            chosen = visible[self.sel]
        dragged = self.drag["card"] if self.drag else None
        for card, rect in self.card_rects():
            if card == dragged:
                continue
            if card == chosen:
                pygame.draw.rect(surf, c("card_select_glow"), rect.inflate(6, 6), width=3,
                                 border_radius=max(4, rect.w // 12))
            self.app.art.draw(surf, card, rect, four, dim=card in dim)

    def _draw_bidding(self, surf) -> None:
        self.bid_btns = []
        hand = self.hand
        if not (self.human_turn() and self.idle() and hand.phase is Phase.BIDDING):
            return
        L, f = self.L, self.L.fonts
        legal = hand.legal_bids()
        labels = [self._bid_label(b) for b in legal]
        w = gfx.button_row_width(labels, f.body, f.body)
        rects = bid_buttons(L, w, len(labels))
        self.bid_focus %= len(labels)
        for i, (bid, label, rect) in enumerate(zip(legal, labels, rects)):
            btn = Button(rect, label, bid, primary=bid.is_take, focus=i == self.bid_focus)
            btn.hover = rect.collidepoint(pygame.mouse.get_pos())
            self.bid_btns.append(btn)
            btn.draw(surf, f.body)
        if hand.bid_round == 1:
            prompt = self.t("bid.prompt_round1", suit=SUIT_SYMBOLS[hand.turned.suit])
        elif PASS not in legal:
            prompt = self.t("bid.prompt_forced")
        else:
            prompt = self.t("bid.prompt_round2")
        gfx.blit_text(surf, prompt, f.body, c("accent"), (rects[0].x, rects[0].y - f.body // 2),
                      "bottomleft", True)

    def _bid_label(self, bid: Bid) -> str:
        if bid is PASS:
            return self.t("bid.pass")
        suit = self.hand.turned.suit if bid is TAKE else bid.suit
        name = self.t.get("suits")[suit]
        return self.t("bid.take_turned", suit=f"{SUIT_SYMBOLS[suit]} {name}")

    def _draw_texts(self, surf) -> None:
        L, f = self.L, self.L.fonts
        for seat, words in self.model.bubbles.items():
            self._pill(surf, words, L.bubbles[seat], f.body, c("bubble"), c("bubble_text"))
        general = (L.centre[0], L.trick[RIVAL].top - f.title)
        for text, seat, _left in self.banners:
            pos = general if seat is None else L.bubbles[seat]
            if seat is not None and seat in self.model.bubbles:
                pos = (pos[0], pos[1] + (f.title * 2 if seat == RIVAL else -f.title * 2))
            self._pill(surf, text, pos, f.title, c("toast"), c("accent"))
        text = None
        if self.message:
            text = self.message[0]
        elif self.human_turn() and self.idle() and self.hand.phase is Phase.PLAY:
            text = self.t("play.your_lead") if not self.hand.current else self.t("play.your_turn")
        if text:
            self._pill(surf, text, L.message, f.body, c("toast"), c("text"))

    def _pill(self, surf, text: str, centre, size: int, fill, ink) -> None:
        w = gfx.font(size, True).size(text)[0] + size * 2
        r = pygame.Rect(0, 0, w, round(size * 1.9))
        r.center = centre
        gfx.panel(surf, r, radius=r.h // 2, colour=fill)
        gfx.blit_text(surf, text, size, ink, r.center, "center", True)

    def _draw_flights(self, surf) -> None:
        b = self.beat
        if b is None:
            return
        four = self.app.settings["four_colour"]
        for f in b.flights:
            if not f.launched or f.landed:
                continue
            p = 1.0 if f.dur <= 0 else min(1.0, (self.beat_t - f.delay) / f.dur)
            p = 1 - (1 - p) ** 3  # ease out: cards land softly
            a, z = f.src_rect, self._resolve(f.dst)
            rect = pygame.Rect(round(a.x + (z.x - a.x) * p), round(a.y + (z.y - a.y) * p),
                               round(a.w + (z.w - a.w) * p), round(a.h + (z.h - a.h) * p))
            self.app.art.draw(surf, f.card if f.face_up else None, rect, four)

    def _draw_side(self, surf) -> None:
        from .side import draw_side_cached

        self.side_btns = draw_side_cached(surf, self)
