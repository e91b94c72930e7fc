"""The way in to the world daily: the server reached, the account made the
first time (a name, the local one offered; a taken or refused name gets the
server's message and another try), today's run opened (or resumed), then the
table.  With no server reachable it offers the local daily, labelled offline.

Every request runs on the world daily's own thread (``WorldDaily.submit``);
this screen polls its future each frame and says what it waits for.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

import pygame

from ...services.i18n import _, format_number
from ...services.world.client import WorldError
from ...services.world.daily import WorldDaily
from ...services.world.protocol import ProtocolError
from ...services.world.words import offline_label
from ...store import NAME_MAX, clean_name
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene
from ..navigation import Route
from ..table.world_mode import WorldRun
from ..worker import taken

log = logging.getLogger(__name__)
SHOWN_AFTER = 0.5  # seconds before "Connecting…" is said


class Step(enum.Enum):
    CONNECTING = "connecting"
    NAME = "name"
    OFFLINE = "offline"
    PLAYED = "played"
    PROBLEM = "problem"


@dataclass(frozen=True)
class Reached:
    """What the server said when asked: the run opened, or that a name is needed
    first, or that it cannot be reached."""

    step: Step
    run: WorldRun | None = None


def _open(daily: WorldDaily) -> Reached:
    """Off the frame loop: the server reached, the run opened."""
    if not daily.reachable():
        return Reached(Step.OFFLINE)
    if not daily.has_account:
        return Reached(Step.NAME)
    shadow, opening = daily.open_run()
    run = WorldRun(daily, shadow, opening, daily.day or "")
    return Reached(Step.PLAYED if shadow.run.over else Step.CONNECTING, run)


class WorldEntryScene(MenuScene):
    def __init__(self, ctx: SceneContext, server: str,
                 on_offline: Callable[[], None] | None = None):
        self.server = server
        self.on_offline = on_offline
        self.daily = WorldDaily(server)
        ctx.window.on_close.append(self.daily.close)
        self.step = Step.CONNECTING
        self.message = ""  # the server's word on a refused name, or the problem
        self.name = ""
        self.typed = False
        self.waited = 0.0
        self.result: WorldRun | None = None
        self.asking: Future[Reached] | None = self.daily.submit(lambda: _open(self.daily))
        session = ctx.session
        self.reading_name: Future[str] | None = ctx.worker.in_background(session.last_name)
        super().__init__(ctx)

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.waited = self.waited + dt if self.asking is not None else 0.0
        read = taken(self.reading_name, lambda exc: "")
        if read is not None:
            self.reading_name = None
            if not self.typed:
                self.name = read.value
                self.build()
        answered = taken(self.asking, self._refused)
        if answered is None:
            return
        self.asking = None
        if answered.value is not None:
            self._reached(answered.value)
        self.build()

    def _refused(self, exc: Exception) -> None:
        """A refusal: the name step says it and asks again; anything else is said."""
        if isinstance(exc, WorldError) and exc.status in (400, 409, 422) \
                and self.step is Step.NAME:
            # the server's own words follow the player's language's sentence
            self.message = (_("This name is taken: choose another.") if exc.status == 409
                            else _("The server refused this name: {why}").format(
                                why=exc.message))
            return None
        if isinstance(exc, WorldError | ProtocolError):
            self.step, self.message = Step.PROBLEM, str(exc)
            return None
        raise exc

    def _reached(self, reached: Reached) -> None:
        self.step = reached.step
        if reached.run is not None and reached.step is Step.CONNECTING:
            pygame.key.stop_text_input()
            self.ctx.nav.reset(Route.TABLE, active=reached.run.active(), world=reached.run)
        elif reached.run is not None:
            self.result = reached.run
        if self.step is Step.NAME:
            pygame.key.start_text_input()

    # ------------------------------------------------------------ the screen
    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        bh = round(f.body * 2.2)
        self.field = pygame.Rect(0, 0, min(w - 60, f.body * 28), round(f.body * 2.6))
        self.field.center = (w // 2, round(h * 0.46))
        buttons: list[tuple[str, str, bool]] = []
        if self.step is Step.NAME:
            buttons = [("create", _("Join the world board"), self._cleaned() is not None
                        and self.asking is None), ("back", _("Back"), True)]
        elif self.step is Step.OFFLINE:
            buttons = [("offline", _("Play the local daily"), self.on_offline is not None),
                       ("retry", _("Try again"), True), ("back", _("Back"), True)]
        elif self.step in (Step.PLAYED, Step.PROBLEM):
            buttons = [("back", _("Back"), True)]
        widths = [gfx.font(f.body, True).size(label)[0] + f.body * 2 for _k, label, _e in buttons]
        bw = min(max([f.body * 10, *widths]), w - f.body * 4)
        top = self.field.bottom + f.body * 3 if self.step is Step.NAME else round(h * 0.58)
        self.buttons = []
        for i, (key, label, enabled) in enumerate(buttons):
            r = pygame.Rect(0, 0, bw, bh)
            r.midtop = (w // 2, top + i * (bh + f.body // 2))
            self.buttons.append(Button(r, label, key, primary=i == 0, enabled=enabled))
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)

    def _cleaned(self) -> str | None:
        return clean_name(self.name, NAME_MAX)

    def handle(self, event: pygame.event.Event) -> None:
        if self.step is Step.NAME and self._typing(event):
            return
        super().handle(event)

    def _typing(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if len(self.name) < NAME_MAX * 2:
                self.name += event.text
                self.typed = True
                self.build()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.name, self.typed = self.name[:-1], True
            self.build()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._create()
            return True
        return bool(event.key == pygame.K_SPACE)  # (arrives as TEXTINPUT too)

    def activate(self, b: Button) -> None:
        if b.value == "create":
            self._create()
        elif b.value == "offline" and self.on_offline is not None:
            self.back()
            self.on_offline()
        elif b.value == "retry":
            self.step = Step.CONNECTING
            self.asking = self.daily.submit(lambda: _open(self.daily))
            self.build()
        elif b.value == "back":
            self.back()

    def back(self) -> None:
        self._leave()
        self.ctx.nav.pop()

    def _leave(self) -> None:
        pygame.key.stop_text_input()
        self.daily.close()

    def _create(self) -> None:
        name = self._cleaned()
        if name is None or self.asking is not None:
            return
        daily = self.daily
        self.message = ""

        def create() -> Reached:
            daily.create_account(name)
            return _open(daily)
        self.asking = daily.submit(create)
        self.build()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("World daily"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.16)), "midtop", True)
        gfx.blit_text(surf, self.server, f.small, c("text_dim"),
                      (w // 2, round(h * 0.16) + round(f.title * 1.6)), "midtop")
        room = pygame.Rect(f.body * 2, round(h * 0.28), w - f.body * 4, round(h * 0.12))
        if self.step is Step.NAME:
            self._draw_name(surf)
        elif self.step is Step.CONNECTING and self.waited >= SHOWN_AFTER:
            self._say(surf, _("Connecting to the server…"), room, "text")
        elif self.step is Step.OFFLINE:
            self._say(surf, _("The world daily's server cannot be reached. You can play the "
                              "local daily instead: {label}.").format(label=offline_label()),
                      room, "text")
        elif self.step is Step.PLAYED and self.result is not None:
            run = self.result.shadow.run
            self._say(surf, _("You have played today's world daily: score {score}. "
                              "A new one starts at midnight UTC.").format(
                                  score=format_number(run.score)), room, "text")
        elif self.step is Step.PROBLEM:
            self._say(surf, self.message, room, "bad")
        self.draw_buttons(surf)

    def _say(self, surf: pygame.Surface, text: str, room: pygame.Rect, colour: str) -> None:
        f = self.fonts
        lines = gfx.wrap(text, f.body, room.w)
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, f.body, c(colour),
                          (room.centerx, room.top + i * round(f.body * 1.4)), "midtop")

    def _draw_name(self, surf: pygame.Surface) -> None:
        f = self.fonts
        w = self.size[0]
        note = pygame.Rect(f.body * 2, self.field.top - f.body * 5, w - f.body * 4, f.body * 3)
        self._say(surf, _("Your name on the world board (the server keeps your account "
                          "in this data folder)"), note, "text")
        pygame.draw.rect(surf, c("card_face"), self.field, border_radius=f.body // 2)
        pygame.draw.rect(surf, c("accent"), self.field, width=2, border_radius=f.body // 2)
        shown = self.name
        while shown and gfx.font(f.title).size(shown)[0] > self.field.w - f.body * 2:
            shown = shown[1:]
        r = gfx.blit_text(surf, shown, f.title, c("text_dark"),
                          (self.field.left + f.body, self.field.centery), "midleft")
        if pygame.time.get_ticks() // 500 % 2 == 0:
            x = r.right + 2 if shown else self.field.left + f.body
            pygame.draw.line(surf, c("text_dark"), (x, self.field.top + f.body // 2),
                             (x, self.field.bottom - f.body // 2), 2)
        line = self.message or (_("Joining…") if self.asking is not None else "")
        if line:
            below = pygame.Rect(f.body * 2, self.field.bottom + f.body // 2, w - f.body * 4,
                                f.body * 2)
            self._say(surf, line, below, "bad" if self.message else "text_dim")

