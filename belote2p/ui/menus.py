"""Title, pause menu, settings, how to play, leaderboard, name entry and the
confirmation dialog.  All words come from assets/text/en.yaml."""

from __future__ import annotations

import pygame

from ..cards import ACE, CARDS, JACK
from . import flow, gfx
from .gfx import Button, c
from .layout import centred_panel, fonts_for, menu_column
from .scene import Scene

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MenuScene(Scene):
    """Buttons in a column, chosen by mouse or by arrows and Enter."""

    def __init__(self, app):
        super().__init__(app)
        self.t = app.texts
        self.buttons: list[Button] = []
        self.focus = 0
        self.build()

    def build(self) -> None:
        pass

    def resize(self) -> None:
        self.build()

    @property
    def fonts(self):
        return fonts_for(self.app.size, self.app.theme.layout)

    def activate(self, button: Button) -> None:
        pass

    def back(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        if gfx.handle_buttons(self.buttons, event, self._click):
            return
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.hover:
                    self.focus = i
        if event.type != pygame.KEYDOWN:
            return
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif enabled and event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
            step = -1 if event.key == pygame.K_UP else 1
            pos = enabled.index(self.focus) if self.focus in enabled else -1
            self.focus = enabled[(pos + step) % len(enabled)]
        elif event.key in ENTER and 0 <= self.focus < len(self.buttons):
            if self.buttons[self.focus].enabled:
                self._click(self.buttons[self.focus])

    def _click(self, button: Button) -> None:
        self.app.sounds.play("click")
        self.activate(button)

    def draw_buttons(self, surf) -> None:
        size = self.fonts.body
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus
            b.draw(surf, size)

    def offer(self) -> dict:
        return {"scene": type(self).__name__,
                "buttons": {str(b.value): b.rect for b in self.buttons if b.enabled}}


# --------------------------------------------------------------------- title
class TitleScene(MenuScene):
    def build(self) -> None:
        t = self.t
        self.saved = flow.saved_run(self.app)
        items = []
        if self.saved is not None:
            items.append(("continue", t("title.continue")))
        items += [("new", t("title.new_run")), ("leaderboard", t("title.leaderboard")),
                  ("help", t("title.help")), ("settings", t("title.settings")),
                  ("quit", t("title.quit"))]
        rects = menu_column(self.app.size, self.app.theme.layout, len(items), 0.40)
        self.buttons = [Button(r, label, key, primary=i == 0)
                        for i, (r, (key, label)) in enumerate(zip(rects, items))]
        self.focus = 0
        self.best = None
        try:
            board = self.app.store.leaderboard(1)
            self.best = board[0] if board else None
        except Exception:  # noqa: BLE001
            self.best = None
        self.detail = None
        if self.saved is not None:
            try:
                run, _ = flow.restore(self.saved.seed, self.saved.actions)
                self.detail = t("title.continue_detail", streak=run.streak, level=run.rival_level)
            except Exception:  # noqa: BLE001
                self.detail = None

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    def activate(self, b: Button) -> None:
        key = b.value
        if key == "continue":
            flow.continue_run(self.app)
        elif key == "new":
            if self.saved is not None:
                self.app.push(ConfirmDialog(self.app, self.t("title.replace_run"),
                                            lambda: flow.abandon_saved_run(self.app)))
            else:
                flow.start_new_run(self.app)
        elif key == "leaderboard":
            self.app.push(LeaderboardScene(self.app))
        elif key == "help":
            self.app.push(HelpScene(self.app))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.quit()

    def draw(self, surf) -> None:
        surf.blit(self.app.felt(), (0, 0))
        w, h = self.app.size
        f = self.fonts
        self._draw_fan(surf, (w // 2, round(h * 0.2)))
        gfx.blit_text(surf, self.t("app_title"), f.huge, c("panel_title"),
                      (w // 2, round(h * 0.27)), "midtop", True)
        gfx.blit_text(surf, self.t("tagline"), f.body, c("text"),
                      (w // 2, round(h * 0.27) + round(f.huge * 1.25)), "midtop")
        self.draw_buttons(surf)
        if self.detail and self.buttons and self.buttons[0].value == "continue":
            r = self.buttons[0].rect
            gfx.blit_text(surf, self.detail, f.small, c("text"), (r.right + f.body, r.centery),
                          "midleft")
        if self.best is not None:
            line = self.t("title.best", score=f"{self.best.score:,}", name=self.best.name,
                          streak=self.best.streak)
        else:
            line = self.t("title.no_best")
        last = self.buttons[-1].rect
        gfx.blit_text(surf, line, f.body, c("accent"), (w // 2, last.bottom + f.body * 2),
                      "midtop", True)

    def _draw_fan(self, surf, centre) -> None:
        """Four jacks fanned above the title: the trump's best card, in each suit."""
        h = self.app.size[1]
        ch = round(h * 0.16)
        cw = round(ch * 0.7)
        art = self.app.art
        for i, suit in enumerate((0, 1, 3, 2)):
            card = CARDS[suit * 8 + (JACK if i % 2 else ACE)]
            face = art.face(card, (cw, ch), self.app.settings["four_colour"])
            angle = (1.5 - i) * 11
            rot = pygame.transform.rotozoom(face, angle, 1.0)
            x = centre[0] + (i - 1.5) * cw * 0.55
            y = centre[1] - ch * 0.35 + abs(i - 1.5) * ch * 0.06
            surf.blit(rot, rot.get_rect(center=(round(x), round(y))))


# ----------------------------------------------------------------- pause menu
class PauseMenu(MenuScene):
    opaque = False

    def __init__(self, app, table):
        self.table = table
        super().__init__(app)

    def build(self) -> None:
        t = self.t
        if self.table.demo:
            items = [("resume", t("menu.resume")), ("quit_demo", t("menu.quit_demo"))]
        else:
            items = [("resume", t("menu.resume")), ("help", t("menu.help")),
                     ("settings", t("menu.settings")), ("abandon", t("menu.abandon")),
                     ("quit", t("menu.quit_title"))]
            if self.table.run.over:
                items = [i for i in items if i[0] != "abandon"]
        rects = menu_column(self.app.size, self.app.theme.layout, len(items), 0.3)
        self.buttons = [Button(r, label, key, primary=key == "resume")
                        for r, (key, label) in zip(rects, items)]

    def activate(self, b: Button) -> None:
        key = b.value
        if key == "resume":
            self.app.pop()
        elif key == "help":
            self.app.push(HelpScene(self.app))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "abandon":
            self.app.push(ConfirmDialog(self.app, self.t("menu.abandon_confirm"), self._abandon))
        elif key == "quit":
            self.app.reset_to(TitleScene(self.app))
        elif key == "quit_demo":
            self.app.quit()

    def _abandon(self) -> None:
        table = self.table
        flow.abandon(self.app, table.run, table.started)
        self.app.pop()  # this menu
        table.queue.clear()
        table.beat, table.panel, table.pending = None, None, None
        table.queue.append(table._run_over_beat())

    def draw(self, surf) -> None:
        gfx.shade(surf)
        f = self.fonts
        first = self.buttons[0].rect
        box = pygame.Rect(0, 0, first.w + f.body * 4,
                          self.buttons[-1].rect.bottom - first.top + f.title * 3 + f.body * 2)
        box.midbottom = (first.centerx, self.buttons[-1].rect.bottom + f.body * 2)
        gfx.panel(surf, box, radius=f.body)
        gfx.blit_text(surf, self.t("menu.title"), f.title, c("panel_title"),
                      (box.centerx, box.top + f.body), "midtop", True)
        self.draw_buttons(surf)


# ------------------------------------------------------------- confirmation
class ConfirmDialog(MenuScene):
    opaque = False

    def __init__(self, app, question: str, on_yes, on_no=None):
        self.question, self.on_yes, self.on_no = question, on_yes, on_no
        super().__init__(app)

    def _box(self) -> pygame.Rect:
        f = self.fonts
        w = min(self.app.size[0] - 40, f.body * 34)
        lines = gfx.wrap(self.question, f.body, w - f.body * 4)
        h = len(lines) * round(f.body * 1.45) + f.body * 6 + round(f.body * 2.2)
        return centred_panel(pygame.Rect((0, 0), self.app.size), w, h)

    def build(self) -> None:
        f = self.fonts
        box = self._box()
        bh = round(f.body * 2.2)
        bw = f.body * 8
        y = box.bottom - bh - f.body * 1.5
        self.buttons = [
            Button(pygame.Rect(box.centerx - bw - f.body // 2, y, bw, bh), self.t("confirm.answer_yes"), "yes"),
            Button(pygame.Rect(box.centerx + f.body // 2, y, bw, bh), self.t("confirm.answer_no"), "no",
                   primary=True),
        ]
        self.focus = 1  # the safe answer

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                self.activate(self.buttons[0])
                return
            if event.key == pygame.K_n:
                self.activate(self.buttons[1])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = 1 - self.focus
                return
        super().handle(event)

    def back(self) -> None:
        self.activate(self.buttons[1])

    def activate(self, b: Button) -> None:
        self.app.pop()
        if b.value == "yes":
            self.on_yes()
        elif self.on_no:
            self.on_no()

    def draw(self, surf) -> None:
        gfx.shade(surf)
        f = self.fonts
        box = self._box()
        gfx.panel(surf, box, radius=f.body)
        y = box.top + f.body * 2
        for line in gfx.wrap(self.question, f.body, box.w - f.body * 4):
            gfx.blit_text(surf, line, f.body, c("text"), (box.centerx, y), "midtop")
            y += round(f.body * 1.45)
        self.draw_buttons(surf)


# ------------------------------------------------------------------ settings
SETTING_KEYS = ("animation_speed", "auto_play_single", "confirm_play", "sound", "four_colour",
                "fullscreen", "show_points")


class SettingsScene(MenuScene):
    opaque = True

    def build(self) -> None:
        f = self.fonts
        w, h = self.app.size
        row_h = round(f.body * 2.3)
        width = min(w - 40, f.body * 36)
        left = (w - width) // 2
        top = round(h * 0.2)
        self.rows = []
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
        v = self.app.settings[key]
        return self.t.get("settings.values")[v]

    def _change(self, key: str, step: int = 1) -> None:
        v = self.app.settings[key]
        if key == "animation_speed":
            order = list(self.app.theme.speeds)
            v = order[(order.index(v) + step) % len(order)]
        else:
            v = not v
        self.app.set_setting(key, v)
        self.build()

    def activate(self, b: Button) -> None:
        if b.value == "back":
            self.back()
        else:
            self._change(b.value)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            b = self.buttons[self.focus]
            if b.value != "back":
                self._change(b.value, -1 if event.key == pygame.K_LEFT else 1)
            return
        super().handle(event)

    def draw(self, surf) -> None:
        surf.blit(self.app.felt(), (0, 0))
        f = self.fonts
        w, h = self.app.size
        gfx.blit_text(surf, self.t("settings.title"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.08)), "midtop", True)
        for key, rect in self.rows:
            gfx.panel(surf, rect.inflate(f.body, 4), radius=f.body // 2)
            gfx.blit_text(surf, self.t(f"settings.{key}"), f.body, c("text"),
                          (rect.left + f.body // 2, rect.centery), "midleft")
        self.draw_buttons(surf)
        gfx.blit_text(surf, self.t("settings.hint"), f.small, c("text_dim"),
                      (w // 2, h - f.body * 2), "midbottom")


# --------------------------------------------------------------- how to play
class HelpScene(MenuScene):
    def build(self) -> None:
        self.pages = self.t.get("help.pages")
        self.page = getattr(self, "page", 0)
        self.scroll = getattr(self, "scroll", 0)
        f = self.fonts
        w, h = self.app.size
        tab_h = round(f.body * 2.1)
        widths = [gfx.button_row_width([p["name"]], f.body, f.body) for p in self.pages]
        x = (w - sum(widths) - f.body // 2 * (len(widths) - 1)) // 2
        self.buttons = []
        for i, (p, bw) in enumerate(zip(self.pages, widths)):
            self.buttons.append(Button(pygame.Rect(x, round(h * 0.1) + f.title * 2, bw, tab_h),
                                       p["name"], i, primary=i == self.page))
            x += bw + f.body // 2
        back = pygame.Rect(0, 0, f.body * 10, tab_h)
        back.midbottom = (w // 2, h - f.body)
        self.buttons.append(Button(back, self.t("help.back"), "back"))
        self.focus = self.page
        top = self.buttons[0].rect.bottom + f.body
        self.text_rect = pygame.Rect((w - min(w - 60, f.body * 46)) // 2, top,
                                     min(w - 60, f.body * 46), back.top - f.body - top)
        self.lines = gfx.wrap(self.pages[self.page]["text"], f.body, self.text_rect.w - f.body * 2)
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
        surf.blit(self.app.felt(), (0, 0))
        f = self.fonts
        w, h = self.app.size
        gfx.blit_text(surf, self.t("help.title"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.1) - f.title // 2), "midtop", True)
        gfx.panel(surf, self.text_rect, radius=f.body)
        clip = surf.get_clip()
        surf.set_clip(self.text_rect.inflate(-4, -f.body))
        y = self.text_rect.top + f.body - self.scroll
        for line in self.lines:
            if self.text_rect.top - self.line_h < y < self.text_rect.bottom:
                gfx.blit_text(surf, line, f.body, c("text"), (self.text_rect.left + f.body, y))
            y += self.line_h
        surf.set_clip(clip)
        if self.max_scroll:
            track = self.text_rect.inflate(0, -f.body * 2)
            bar_h = max(f.body * 2, round(track.h * self.text_rect.h / (self.text_rect.h + self.max_scroll)))
            by = track.top + round((track.h - bar_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, c("accent"), (track.right - f.body // 2, by, 4, bar_h), border_radius=2)
        for i, b in enumerate(self.buttons):
            b.primary = b.value == self.page
        self.draw_buttons(surf)
        gfx.blit_text(surf, self.t("help.hint"), f.small, c("text_dim"),
                      (w // 2, self.buttons[-1].rect.top - 4), "midbottom")


# --------------------------------------------------------------- leaderboard
class LeaderboardScene(MenuScene):
    def __init__(self, app, highlight: int | None = None):
        self.highlight = highlight
        super().__init__(app)

    def build(self) -> None:
        f = self.fonts
        w, h = self.app.size
        try:
            self.entries = self.app.store.leaderboard(10)
        except Exception:  # noqa: BLE001
            self.entries = []
        back = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        back.midbottom = (w // 2, h - f.body * 2)
        self.buttons = [Button(back, self.t("leaderboard.back"), "back", primary=True)]

    def activate(self, b: Button) -> None:
        self.back()

    def back(self) -> None:
        from .menus import TitleScene

        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.reset_to(TitleScene(self.app))

    def draw(self, surf) -> None:
        surf.blit(self.app.felt(), (0, 0))
        f = self.fonts
        w, h = self.app.size
        gfx.blit_text(surf, self.t("leaderboard.title"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.07)), "midtop", True)
        width = min(w - 40, f.body * 48)
        left = (w - width) // 2
        top = round(h * 0.07) + f.title * 2
        row_h = round(f.body * 2.0)
        box = pygame.Rect(left, top, width, row_h * 11 + f.body)
        gfx.panel(surf, box, radius=f.body)
        # column right edges (or left for the name) as fractions of the width
        cols = [(0.06, "topright"), (0.1, "topleft"), (0.5, "topright"), (0.62, "topright"),
                (0.78, "topright"), (0.97, "topright")]
        heads = self.t.get("leaderboard.cols")
        y = top + f.body // 2
        for (fx, anchor), head in zip(cols, heads):
            gfx.blit_text(surf, head, f.small, c("panel_title"), (left + round(width * fx), y),
                          anchor, True)
        y += row_h
        if not self.entries:
            gfx.blit_text(surf, self.t("leaderboard.empty"), f.body, c("text_dim"),
                          (w // 2, y + row_h), "midtop")
        for e in self.entries:
            mine = self.highlight is not None and e.entry_id == self.highlight
            if mine:
                hl = pygame.Surface((width - f.body, row_h), pygame.SRCALPHA)
                hl.fill(c("highlight_row"))
                surf.blit(hl, (left + f.body // 2, y - row_h // 5))
            colour = c("accent") if mine else c("text")
            values = [str(e.rank), e.name, f"{e.score:,}", str(e.streak), str(e.level), e.date[:10]]
            for (fx, anchor), v in zip(cols, values):
                if anchor == "topleft":
                    v = _fit(v, f.body, round(width * 0.28))
                gfx.blit_text(surf, v, f.body, colour, (left + round(width * fx), y), anchor, mine)
            y += row_h
        self.draw_buttons(surf)


def _fit(s: str, size: int, width: int) -> str:
    while len(s) > 1 and gfx.font(size).size(s)[0] > width:
        s = s[:-2] + "…"
    return s


# ----------------------------------------------------------------- name entry
class NameEntryScene(MenuScene):
    def __init__(self, app, run, started: str):
        self.run, self.started = run, started
        try:
            from ..store import NAME_MAX
        except ImportError:
            NAME_MAX = 20
        self.max = NAME_MAX
        try:
            self.name = app.store.last_name() or ""
        except Exception:  # noqa: BLE001
            self.name = ""
        super().__init__(app)
        pygame.key.start_text_input()

    def build(self) -> None:
        f = self.fonts
        w, h = self.app.size
        self.field = pygame.Rect(0, 0, min(w - 60, f.body * 28), round(f.body * 2.6))
        self.field.center = (w // 2, round(h * 0.48))
        ok = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        ok.midtop = (w // 2, self.field.bottom + f.body * 2)
        self.buttons = [Button(ok, self.t("name_entry.ok"), "ok", primary=True,
                               enabled=self.cleaned() is not None)]

    def cleaned(self) -> str | None:
        try:
            from ..store import clean_name
        except ImportError:
            clean_name = None
        if clean_name is not None:
            return clean_name(self.name, self.max)
        name = " ".join(self.name.split())[: self.max].strip()
        return name or None

    def handle(self, event) -> None:
        if event.type == pygame.TEXTINPUT:
            if len(self.name) < self.max * 2:  # cleaning trims; this only bounds the typing
                self.name += event.text
                self.build()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
                self.build()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
                return
            if event.key == pygame.K_ESCAPE:
                return  # the name is needed; Save is one key away
            if event.key == pygame.K_SPACE:
                return  # arrives as TEXTINPUT too
        super().handle(event)

    def activate(self, b: Button) -> None:
        self.save()

    def save(self) -> None:
        name = self.cleaned()
        if name is None:
            return
        pygame.key.stop_text_input()
        entry = flow.record(self.app, self.run, self.started, name)
        self.app.reset_to(TitleScene(self.app))
        self.app.push(LeaderboardScene(self.app, highlight=entry))

    def draw(self, surf) -> None:
        surf.blit(self.app.felt(), (0, 0))
        f = self.fonts
        w, h = self.app.size
        gfx.blit_text(surf, self.t("name_entry.title"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.22)), "midtop", True)
        gfx.blit_text(surf, self.t("run_over.final", score=f"{self.run.score:,}"), f.body,
                      c("accent"), (w // 2, round(h * 0.22) + f.title * 2), "midtop", True)
        gfx.blit_text(surf, self.t("name_entry.prompt"), f.body, c("text"),
                      (w // 2, self.field.top - f.body // 2), "midbottom")
        pygame.draw.rect(surf, c("card_face"), self.field, border_radius=f.body // 2)
        pygame.draw.rect(surf, c("accent"), self.field, width=2, border_radius=f.body // 2)
        shown = _fit_left(self.name, f.title, self.field.w - f.body * 2)
        r = gfx.blit_text(surf, shown, f.title, c("text_dark"),
                          (self.field.left + f.body, self.field.centery), "midleft")
        if pygame.time.get_ticks() // 500 % 2 == 0:
            x = r.right + 2 if shown else self.field.left + f.body
            pygame.draw.line(surf, c("text_dark"), (x, self.field.top + f.body // 2),
                             (x, self.field.bottom - f.body // 2), 2)
        gfx.blit_text(surf, self.t("name_entry.hint", max=self.max), f.small, c("text_dim"),
                      (w // 2, self.field.bottom + f.body // 2), "midtop")
        self.draw_buttons(surf)


def _fit_left(s: str, size: int, width: int) -> str:
    while s and gfx.font(size).size(s)[0] > width:
        s = s[1:]
    return s
