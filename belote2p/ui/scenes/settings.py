"""The settings screen: one row a setting, changed by click or left/right."""

from __future__ import annotations

import pygame

from .. import gfx
from ..gfx import Button, c
from ..menu import MenuScene

SETTING_KEYS = ("animation_speed", "auto_play_single", "confirm_play", "sound", "four_colour",
                "fullscreen", "show_points")


class SettingsScene(MenuScene):
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        row_h = round(f.body * 2.3)
        width = min(w - 40, f.body * 36)
        left = (w - width) // 2
        top = round(h * 0.2)
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.buttons = []
        vw = f.body * 8
        for i, key in enumerate(SETTING_KEYS):
            y = top + i * (row_h + f.body // 2)
            rect = pygame.Rect(left + width - vw, y, vw, row_h)
            self.buttons.append(Button(rect, self._value(key), key))
            self.rows.append((key, pygame.Rect(left, y, width, row_h)))
        back = pygame.Rect(0, 0, f.body * 10, row_h)
        back.midtop = (w // 2, top + len(SETTING_KEYS) * (row_h + f.body // 2) + f.body)
        self.buttons.append(Button(back, self.t("settings.back"), "back", primary=True))

    def _value(self, key: str) -> str:
        return str(self.t.get("settings.values")[self.ctx.settings[key]])

    def _change(self, key: str, step: int = 1) -> None:
        v = self.ctx.settings[key]
        if key == "animation_speed":
            order = list(self.ctx.theme.speeds)
            v = order[(order.index(v) + step) % len(order)]
        else:
            v = not v
        self.ctx.settings.change(key, v)
        self.build()

    def activate(self, b: Button) -> None:
        if b.value == "back":
            self.back()
        else:
            self._change(str(b.value))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            b = self.buttons[self.focus]
            if b.value != "back":
                self._change(str(b.value), -1 if event.key == pygame.K_LEFT else 1)
            return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, self.t("settings.title"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.08)), "midtop", True)
        for key, rect in self.rows:
            gfx.panel(surf, rect.inflate(f.body, 4), radius=f.body // 2)
            gfx.blit_text(surf, self.t(f"settings.{key}"), f.body, c("text"),
                          (rect.left + f.body // 2, rect.centery), "midleft")
        self.draw_buttons(surf)
        gfx.blit_text(surf, self.t("settings.hint"), f.small, c("text_dim"),
                      (w // 2, h - f.body * 2), "midbottom")
