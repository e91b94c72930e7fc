"""How to play: pages of text with tabs, scrolled by wheel or keys."""

from __future__ import annotations

import pygame

from ...services.i18n import _
from .. import gfx
from ..gfx import Button, c
from ..help_text import HELP_PAGES
from ..menu import MenuScene


class HelpScene(MenuScene):
    def build(self) -> None:
        names = [_(name) for name, _paragraphs in HELP_PAGES]
        self.pages = HELP_PAGES
        self.page = getattr(self, "page", 0)
        self.scroll = getattr(self, "scroll", 0)
        f = self.fonts
        w, h = self.size
        tab_h = round(f.body * 2.1)
        widths = [gfx.button_row_width([name], f.body, f.body) for name in names]
        x = (w - sum(widths) - f.body // 2 * (len(widths) - 1)) // 2
        self.buttons = []
        for i, (name, bw) in enumerate(zip(names, widths)):
            self.buttons.append(Button(pygame.Rect(x, round(h * 0.1) + f.title * 2, bw, tab_h),
                                       name, i, primary=i == self.page))
            x += bw + f.body // 2
        back = pygame.Rect(0, 0, f.body * 10, tab_h)
        back.midbottom = (w // 2, h - f.body)
        self.buttons.append(Button(back, _("Back"), "back"))
        self.focus = self.page
        top = self.buttons[0].rect.bottom + f.body
        width = min(w - 60, f.body * 46)
        hint_h = round(f.small * 1.5)  # the key hint sits between the page and Back
        self.text_rect = pygame.Rect((w - width) // 2, top, width,
                                     back.top - f.body - hint_h - top)
        text = "\n\n".join(_(paragraph) for paragraph in HELP_PAGES[self.page][1])
        self.lines = gfx.wrap(text, f.body, self.text_rect.w - f.body * 2)
        self.line_h = round(f.body * 1.5)
        self.max_scroll = max(0, len(self.lines) * self.line_h - self.text_rect.h + f.body * 2)
        self.scroll = min(self.scroll, self.max_scroll)

    def activate(self, b: Button) -> None:
        if b.value == "back":
            self.back()
        else:
            self.page, self.scroll = b.value, 0
            self.build()

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self.line_h * 3)
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.page, self.scroll = (self.page + step) % len(self.pages), 0
                self.build()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                big = event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
                sign = -1 if event.key in (pygame.K_UP, pygame.K_PAGEUP) else 1
                self._scroll(sign * (self.text_rect.h - self.line_h if big else self.line_h * 2))
                return
        super().handle(event)

    def _scroll(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def draw(self, surf) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("How to play"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.1) - f.title // 2), "midtop", True)
        gfx.panel(surf, self.text_rect, radius=f.body)
        clip = surf.get_clip()
        surf.set_clip(self.text_rect.inflate(-4, -f.body))
        y = self.text_rect.top + f.body - self.scroll
        for line in self.lines:
            if self.text_rect.top - self.line_h < y < self.text_rect.bottom:
                gfx.blit_text(surf, line, f.body, c("text"), (self.text_rect.left + f.body, y),
                              within=self.text_rect)
            y += self.line_h
        surf.set_clip(clip)
        if self.max_scroll:
            track = self.text_rect.inflate(0, -f.body * 2)
            shown = self.text_rect.h / (self.text_rect.h + self.max_scroll)
            bar_h = max(f.body * 2, round(track.h * shown))
            by = track.top + round((track.h - bar_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, c("accent"), (track.right - f.body // 2, by, 4, bar_h),
                             border_radius=2)
        for b in self.buttons:
            b.primary = b.value == self.page
        self.draw_buttons(surf)
        gfx.blit_text(surf, _("←/→ pages · ↑/↓ or wheel to scroll · Esc to go back"), f.small,
                      c("text_dim"),
                      (w // 2, self.buttons[-1].rect.top - 4), "midbottom")
