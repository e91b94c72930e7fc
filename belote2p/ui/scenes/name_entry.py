"""The name for a run that makes the board; then the board, the run highlighted."""

from __future__ import annotations

import logging
from concurrent.futures import Future

import pygame

from ...core.match import Run
from ...services.i18n import _, format_number
from ...services.run_session import ActiveRun
from ...store import NAME_MAX, clean_name
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene
from ..navigation import Route
from ..worker import taken

log = logging.getLogger(__name__)


class NameEntryScene(MenuScene):
    def __init__(self, ctx: SceneContext, active: ActiveRun):
        self.active = active
        self.max = NAME_MAX
        self.name = ""
        self.typed = False  # the player has typed (or erased): the field is theirs
        # The name entered last fills the field: read off the frame loop (a
        # store read; it comes a frame or so later, unless the player typed first).
        session = ctx.session
        self.reading: Future[str] | None = ctx.worker.in_background(session.last_name)
        super().__init__(ctx)
        self._take_name()
        pygame.key.start_text_input()

    def update(self, dt: float) -> None:
        self._take_name()

    def _take_name(self) -> None:
        read = taken(self.reading, _no_name)
        if read is None:
            return
        self.reading = None
        if not self.typed:
            self.name = read.value
            self.build()

    @property
    def run(self) -> Run:
        return self.active.run

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.field = pygame.Rect(0, 0, min(w - 60, f.body * 28), round(f.body * 2.6))
        self.field.center = (w // 2, round(h * 0.48))
        ok = pygame.Rect(0, 0, f.body * 10, round(f.body * 2.2))
        ok.midtop = (w // 2, self.field.bottom + f.body * 2)
        self.buttons = [Button(ok, _("Save"), "ok", primary=True,
                               enabled=self.cleaned() is not None)]

    def cleaned(self) -> str | None:
        return clean_name(self.name, self.max)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            if len(self.name) < self.max * 2:  # cleaning trims; this only bounds the typing
                self.name += event.text
                self.typed = True
                self.build()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
                self.typed = True
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
        entry = self.ctx.session.record(self.active, name)
        self.ctx.nav.reset(Route.TITLE)
        self.ctx.nav.push(Route.LEADERBOARD, highlight=entry)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("A new high score"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.22)), "midtop", True)
        final = _("Final score {score}").format(score=format_number(self.run.score))
        gfx.blit_text(surf, final, f.body,
                      c("accent"), (w // 2, round(h * 0.22) + f.title * 2), "midtop", True)
        gfx.blit_text(surf, _("Your name for the leaderboard"), f.body, c("text"),
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
        hint = _("Enter to save · up to {max} characters").format(max=self.max)
        gfx.blit_text(surf, hint, f.small, c("text_dim"),
                      (w // 2, self.field.bottom + f.body // 2), "midtop")
        self.draw_buttons(surf)


def _no_name(exc: Exception) -> str:
    """The session answers storage failures itself (no name): a bug, logged;
    the field starts empty."""
    log.exception("the last name could not be read")
    return ""


def _fit_left(s: str, size: int, width: int) -> str:
    """The end of ``s`` that fits: the typing cursor stays in view."""
    while s and gfx.font(size).size(s)[0] > width:
        s = s[1:]
    return s
