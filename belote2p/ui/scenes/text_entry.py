"""A line of text typed in: Settings' world daily server (an address).

``check`` turns the text into the value kept (None: not acceptable, the hint
says why); ``on_done`` gets it.  An empty line is a value too ("none")."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...services.i18n import _
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene

TYPED_MAX = 200


class TextEntryScene(MenuScene):
    def __init__(self, ctx: SceneContext, title: str, prompt: str, hint: str, initial: str,
                 check: Callable[[str], str | None], on_done: Callable[[str], None]):
        self.title, self.prompt, self.hint = title, prompt, hint
        self.text = initial
        self.check, self.on_done = check, on_done
        super().__init__(ctx)
        pygame.key.start_text_input()

    def _value(self) -> str | None:
        return "" if not self.text.strip() else self.check(self.text)

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.field = pygame.Rect(0, 0, min(w - 60, f.body * 34), round(f.body * 2.6))
        self.field.center = (w // 2, round(h * 0.46))
        bh = round(f.body * 2.2)
        labels = (_("Save"), _("Cancel"))
        bw = max(f.body * 9, *(gfx.font(f.body, True).size(t)[0] + f.body * 2 for t in labels))
        gap = f.body
        left = w // 2 - bw - gap // 2
        top = self.field.bottom + f.body * 3
        self.buttons = [
            Button(pygame.Rect(left, top, bw, bh), labels[0], "ok", primary=True,
                   enabled=self._value() is not None),
            Button(pygame.Rect(left + bw + gap, top, bw, bh), labels[1], "cancel")]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            if len(self.text) < TYPED_MAX:
                self.text += event.text
                self.build()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.build()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._save()
                return
            if event.key == pygame.K_SPACE:
                return
        super().handle(event)

    def activate(self, b: Button) -> None:
        if b.value == "ok":
            self._save()
        else:
            self.back()

    def back(self) -> None:
        pygame.key.stop_text_input()
        self.ctx.nav.pop()

    def _save(self) -> None:
        value = self._value()
        if value is None:
            return
        self.back()
        self.on_done(value)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, self.title, f.title, c("panel_title"), (w // 2, round(h * 0.18)),
                      "midtop", True)
        for i, line in enumerate(gfx.wrap(self.prompt, f.body, w - f.body * 4)):
            gfx.blit_text(surf, line, f.body, c("text"),
                          (w // 2, self.field.top - f.body * 4 + i * round(f.body * 1.4)),
                          "midtop")
        pygame.draw.rect(surf, c("card_face"), self.field, border_radius=f.body // 2)
        pygame.draw.rect(surf, c("accent"), self.field, width=2, border_radius=f.body // 2)
        shown = self.text
        while shown and gfx.font(f.body).size(shown)[0] > self.field.w - f.body * 2:
            shown = shown[1:]
        r = gfx.blit_text(surf, shown, f.body, c("text_dark"),
                          (self.field.left + f.body, self.field.centery), "midleft")
        if pygame.time.get_ticks() // 500 % 2 == 0:
            x = r.right + 2 if shown else self.field.left + f.body
            pygame.draw.line(surf, c("text_dark"), (x, self.field.top + f.body // 2),
                             (x, self.field.bottom - f.body // 2), 2)
        ok = self._value() is not None
        gfx.blit_text(surf, self.hint, f.small, c("text_dim" if ok else "bad"),
                      (w // 2, self.field.bottom + f.body // 2), "midtop")
        self.draw_buttons(surf)
