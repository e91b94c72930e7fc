"""The title screen: continue or start a run, the board, help, settings."""

from __future__ import annotations

import pygame

from ...cards import ACE, CARDS, JACK
from ...services.i18n import _, format_number
from ...services.run_session import ResumeFailed
from .. import gfx
from ..gfx import Button, c
from ..layout import menu_column
from ..menu import MenuScene
from ..navigation import Route

# The run cannot start: the rival's level data is broken, or another window
# plays the saved run.  Continue and New run give way to this message.
BLOCKED_BUTTONS = ("continue", "new")


class TitleScene(MenuScene):
    def build(self) -> None:
        session = self.ctx.session
        self.blocked = self._blocked_reason()
        self.has_saved = not self.blocked and session.saved() is not None
        items = []
        if self.has_saved:
            items.append(("continue", _("Continue run")))
        items += [("new", _("New run")), ("leaderboard", _("Leaderboard")),
                  ("help", _("How to play")), ("settings", _("Settings")),
                  ("quit", _("Quit"))]
        rects = menu_column(self.size, self.ctx.theme.layout, len(items), 0.40)
        self.buttons = [Button(r, label, key, primary=i == 0 and not self.blocked,
                               enabled=not (self.blocked and key in BLOCKED_BUTTONS))
                        for i, (r, (key, label)) in enumerate(zip(rects, items))]
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        board = session.leaderboard(1)
        self.best = board[0] if board else None
        self.detail = None
        saved = session.saved_detail() if self.has_saved else None
        if saved is not None:
            self.detail = _("streak {streak} · rival level {level}").format(
                streak=format_number(saved.streak), level=saved.rival_level)

    def _blocked_reason(self) -> str | None:
        problem = self.ctx.session.levels_problem()
        if problem is not None:
            return _("The rival's level data cannot be read, so no scored run can start: "
                     "{problem}").format(problem=problem)
        if self.ctx.session.open_elsewhere:
            return _("This run is open in another window of the game. "
                     "Close that window to play here.")
        return None

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    def activate(self, b: Button) -> None:
        key, nav, session = b.value, self.ctx.nav, self.ctx.session
        if key == "continue":
            self._continue()
        elif key == "new":
            if self.has_saved:
                question = _("You have a run in progress. Abandon it and start a new one? "
                             "The unfinished match counts as lost.")
                nav.push(Route.CONFIRM, question=question,
                         on_yes=lambda: nav.reset(Route.TABLE, active=session.abandon_saved()))
            else:
                nav.reset(Route.TABLE, active=session.start_new())
        elif key == "leaderboard":
            nav.push(Route.LEADERBOARD)
        elif key == "help":
            nav.push(Route.HELP)
        elif key == "settings":
            nav.push(Route.SETTINGS)
        elif key == "quit":
            self.ctx.window.quit()

    def _continue(self) -> None:
        try:
            active = self.ctx.session.resume()
        except ResumeFailed as exc:
            self.ctx.toast(_("The saved run could not be resumed ({error}); it was set aside.")
                           .format(error=exc))
            self.ctx.nav.reset(Route.TITLE)
            return
        if active is not None:
            self.ctx.nav.reset(Route.TABLE, active=active)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        w, h = self.size
        f = self.fonts
        self._draw_fan(surf, (w // 2, round(h * 0.2)))
        gfx.blit_text(surf, _("Belote 2P"), f.huge, c("panel_title"),
                      (w // 2, round(h * 0.27)), "midtop", True)
        gfx.blit_text(surf, _("Two-player Belote · the streak challenge"), f.body, c("text"),
                      (w // 2, round(h * 0.27) + round(f.huge * 1.25)), "midtop")
        self.draw_buttons(surf)
        if self.detail and self.buttons and self.buttons[0].value == "continue":
            r = self.buttons[0].rect
            gfx.blit_text(surf, self.detail, f.small, c("text"), (r.right + f.body, r.centery),
                          "midleft")
        if self.best is not None:
            line = _("Best score: {score}  ({name}, streak {streak})").format(
                score=format_number(self.best.score), name=self.best.name,
                streak=format_number(self.best.streak))
        else:
            line = _("No score yet: win a match to start a streak")
        last = self.buttons[-1].rect
        gfx.blit_text(surf, line, f.body, c("accent"), (w // 2, last.bottom + f.body * 2),
                      "midtop", True)
        if self.blocked:
            self._draw_blocked(surf, self.blocked)

    def _draw_blocked(self, surf: pygame.Surface, message: str) -> None:
        """The reason no run can start, in a box just above the buttons."""
        f = self.fonts
        first = self.buttons[0].rect
        width = min(self.size[0] - 4 * f.body, f.body * 40)
        lines = gfx.wrap(message, f.small, width - 2 * f.body)
        line_h = round(f.small * 1.4)
        box = pygame.Rect(0, 0, width, len(lines) * line_h + f.body)
        box.midbottom = (first.centerx, first.top - f.body // 2)
        gfx.panel(surf, box, radius=f.body // 2, colour=c("toast"))
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, f.small, c("accent"),
                          (box.centerx, box.top + f.body // 2 + i * line_h), "midtop",
                          within=box)

    def _draw_fan(self, surf: pygame.Surface, centre: tuple[int, int]) -> None:
        """Four jacks fanned above the title: the trump's best card, in each suit."""
        h = self.size[1]
        ch = round(h * 0.16)
        cw = round(ch * 0.7)
        art = self.ctx.art
        for i, suit in enumerate((0, 1, 3, 2)):
            card = CARDS[suit * 8 + (JACK if i % 2 else ACE)]
            face = art.face(card, (cw, ch), self.ctx.settings["four_colour"])
            angle = (1.5 - i) * 11
            rot = pygame.transform.rotozoom(face, angle, 1.0)
            x = centre[0] + (i - 1.5) * cw * 0.55
            y = centre[1] - ch * 0.35 + abs(i - 1.5) * ch * 0.06
            surf.blit(rot, rot.get_rect(center=(round(x), round(y))))
