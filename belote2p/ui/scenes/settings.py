"""The settings screen: one row a setting, changed by click or left/right."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pygame

from ...services.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, current_language
from ...services.language_setting import SETTING_KEY as LANGUAGE_KEY
from ...services.logs import log_file
from ...services.world.server_setting import SETTING_KEY as SERVER_KEY
from ...services.world.server_setting import clean_server_url
from .. import gfx
from ..gfx import Button, c
from ..menu import MenuScene
from ..navigation import Route

# Each row: the setting's key and its label (translated where drawn).
ROWS: tuple[tuple[str, str], ...] = (
    (LANGUAGE_KEY, N_("Language")),
    ("animation_speed", N_("Animation speed")),
    ("auto_play_single", N_("Auto-play a single legal card")),
    ("auto_finish", N_("Offer to play out tricks already decided")),
    ("open_end", N_("Rival's hand face up once the stock is empty")),
    ("confirm_play", N_("Confirm before playing")),
    ("sound", N_("Sound")),
    ("four_colour", N_("Four-colour deck")),
    ("large_cards", N_("Large cards")),
    ("left_handed", N_("Left-handed layout")),
    ("fullscreen", N_("Full screen")),
    ("show_points", N_("Show points taken this hand")),
    (SERVER_KEY, N_("World daily server")),
)
SETTING_KEYS = tuple(key for key, _label in ROWS)
# The words of the values (the animation speeds, on and off).
VALUE_WORDS: dict[Any, str] = {
    "off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow"),
    True: N_("On"), False: N_("Off"),
}


class SettingsScene(MenuScene):
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        rows = len(SETTING_KEYS)  # all of them, Back and the keys' line below the title
        below_title = round(h * 0.16)
        gap = f.body // 2
        row_h = min(round(f.body * 2.3), (h - below_title - f.body * 4) // (rows + 1) - gap)
        width = min(w - 40, f.body * 36)
        left = (w - width) // 2
        top = max(below_title, min(round(h * 0.2), h - (rows + 1) * (row_h + gap) - f.body * 4))
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.buttons = []
        vw = self._value_width(width)
        for i, key in enumerate(SETTING_KEYS):
            y = top + i * (row_h + f.body // 2)
            rect = pygame.Rect(left + width - vw, y, vw, row_h)
            self.buttons.append(Button(rect, self._value(key), key))
            self.rows.append((key, pygame.Rect(left, y, width, row_h)))
        back = pygame.Rect(0, 0, f.body * 10, row_h)
        back.midtop = (w // 2, top + len(SETTING_KEYS) * (row_h + f.body // 2) + f.body)
        self.buttons.append(Button(back, _("Back"), "back", primary=True))
        self.log_file = log_file()  # (where cli.main set the log up: for a bug report)

    def _value_width(self, row_width: int) -> int:
        """Wide enough for the longest value (a language's name, a speed), so
        no value is cut; the label gets the rest of the row."""
        f = self.fonts
        words = [_(w) for w in VALUE_WORDS.values()] + list(LANGUAGE_NAMES.values())
        return min(row_width // 3, max(f.body * 8, gfx.button_row_width(words, f.body, f.body)))

    def _value(self, key: str) -> str:
        if key == LANGUAGE_KEY:  # each language is named in itself
            return LANGUAGE_NAMES[current_language()]
        if key == SERVER_KEY:
            # TRANSLATORS: Settings' world daily server when none is set (the local daily)
            url = str(self.ctx.settings[key])
            return urlsplit(url).netloc if url else _("None (local daily)")
        return _(VALUE_WORDS[self.ctx.settings[key]])

    def _change(self, key: str, step: int = 1) -> None:
        if key == SERVER_KEY:
            self._ask_server()
            return
        if key == LANGUAGE_KEY:
            now = LANGUAGES.index(current_language())
            self.ctx.settings.change(key, LANGUAGES[(now + step) % len(LANGUAGES)])
            self.build()
            return
        v = self.ctx.settings[key]
        if key == "animation_speed":
            order = list(self.ctx.theme.speeds)
            v = order[(order.index(v) + step) % len(order)]
        else:
            v = not v
        self.ctx.settings.change(key, v)
        self.build()

    def _ask_server(self) -> None:
        """The server's address typed in (empty: the local daily)."""
        def keep(url: str) -> None:
            self.ctx.settings.change(SERVER_KEY, url)
            self.build()
        self.ctx.nav.push(
            Route.TEXT_ENTRY, title=_("World daily server"),
            prompt=_("The address of the world daily's server, for example "
                     "https://belote.example.org. Leave it empty to play the local daily."),
            hint=_("http:// or https://, then the server's name"),
            initial=str(self.ctx.settings[SERVER_KEY]), check=clean_server_url, on_done=keep)

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
        gfx.blit_text(surf, _("Settings"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.08)), "midtop", True)
        labels = dict(ROWS)
        value_left = self.buttons[0].rect.left if self.buttons else 0
        for key, rect in self.rows:
            box = rect.inflate(f.body, 4)
            gfx.panel(surf, box, radius=f.body // 2)
            label = _(labels[key])
            room = value_left - rect.left - f.body
            size = gfx.fitting_size(label, f.body, room)
            gfx.blit_text(surf, label, size, c("text"), (rect.left + f.body // 2, rect.centery),
                          "midleft", within=pygame.Rect(box.left, box.top, room + f.body, box.h))
        self.draw_buttons(surf)
        # The two last lines under Back (a small window has room for no more).
        where = _("For a bug report, the log file is {path}").format(path=self.log_file)
        line = gfx.blit_text(surf, where, gfx.fitting_size(where, f.small, w - 2 * f.body),
                             c("text_dim"), (w // 2, h - f.small // 2), "midbottom")
        gfx.blit_text(surf, _("Click, or ↑/↓ and ←/→ · Esc to go back"), f.small, c("text_dim"),
                      (w // 2, line.top - f.small // 4), "midbottom")
