"""The table of a world daily: the server deals and plays the rival.

The run on the table is the world run's shadow (``services.world.shadow``):
the table tells it through the engine exactly as it tells a local run (the
same beats, panels and announcements), but the player's action is not applied
when it is chosen: it goes to the server (off the frame loop, on the world
daily's own thread) and is applied once answered, followed by the rival's
replies as the rival seat's moves.  Meanwhile the table keeps drawing and,
after half a second, says "waiting for the server…"; while the line is down,
"reconnecting…".  Hints need only the seat's view, but no hint is offered on
a scored table, so none is here; no comparison with level 4 is made (the
shadow's hidden cards are stand-ins, and the server computes the run's skill).
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pygame

from ...core.actions import Action
from ...core.match import PLAYER, Run
from ...services.i18n import _, format_number
from ...services.run_session import ActiveRun
from ...services.world.daily import Feed, WorldDaily
from ...services.world.protocol import ProtocolError
from ...services.world.shadow import Answer, Shadow
from ...services.world.words import share_text, world_label
from ..context import SceneContext
from ..navigation import Route
from ..worker import AIWorker, taken
from .mode import SideLine, SideLineKind, Table, TableMode
from .model import Story
from .panels import InfoPanel, run_over_panel

log = logging.getLogger(__name__)
WAITING_SHOWN_AFTER = 0.5  # seconds an answer is awaited before the table says so


@dataclass
class WorldRun:
    """A world run opened (``WorldDaily.open_run``): its driver, its shadow and
    the answer still to tell (the run's start), None when resumed."""

    daily: WorldDaily
    shadow: Shadow
    opening: Answer | None
    day: str

    def active(self) -> ActiveRun:
        return ActiveRun(self.shadow.run, "", None)


class WorldSeat:
    """The rival's seat at a world table: its moves are the server's replies,
    taken from the feed being told (``RivalSeats``' interface)."""

    def __init__(self, mode: WorldMode):
        self.mode = mode

    def forget(self) -> None:
        pass

    def ask(self, run: Run, seat: int, level: Any, now: bool = True) -> None:
        pass  # nothing to ask: the server answered already

    def ready(self) -> bool:
        feed = self.mode.feed
        return feed is not None and feed.peek() is not None and not self.mode.holding

    def take(self, run: Run) -> Action:
        feed = self.mode.feed
        assert feed is not None
        action = feed.next_action()
        assert action is not None
        return action


class WorldMode(TableMode):
    plate = True

    def __init__(self, ctx: SceneContext, world: WorldRun):
        self.ctx = ctx
        self.world = world
        self.label = world_label(world.day)
        self.feed: Feed | None = None
        self.sending: Future[Answer] | None = None
        self.sent_at = 0.0
        self.sent: Action | None = None  # the player's action, until its answer is applied
        self.holding = False  # the player's answered action is being applied
        self.problem: str | None = None  # the run cannot go on here (said on the table)
        self._table: Table | None = None
        if world.opening is not None:
            self.feed = Feed.of(world.shadow, world.opening)

    compares = False  # no comparison with level 4 from stand-in cards

    def rival_seats(self, worker: AIWorker) -> Any:
        return WorldSeat(self)

    def bind(self, play: Table) -> None:
        self._table = play

    # ------------------------------------------------------------ the player's actions
    def holds(self, action: Action, play: Table) -> bool:
        """The player's action goes to the server first; True: not applied now."""
        if self.holding or play.run.match.to_move != PLAYER:
            return False
        if self.sending is None and self.sent is None and self.problem is None \
                and self.feed is None:
            daily, seq, word = self.world.daily, self.world.shadow.seq + 1, str(action)
            self.sending = daily.submit(lambda: daily.act(seq, word))
            self.sent, self.sent_at = action, time.monotonic()
        return True  # (one action at a time: another click waits for the answer)

    def poll(self) -> None:
        """Once a frame: the answer, when it came, is applied: the player's action
        now, the rival's replies as the rival seat's moves."""
        play = self._table
        if self.feed is not None and self.feed.peek() is None:
            self._check()
        if self.sending is None or play is None:
            self._say_status(play)
            return
        answered = taken(self.sending, self._failed)
        if answered is None:
            self._say_status(play)
            return
        self.sending, action = None, self.sent
        self.sent = None
        if answered.value is None or action is None:
            return
        self.feed = Feed.of(self.world.shadow, answered.value)
        first = self.feed.next_action()  # the player's own, prepared
        self.holding = True
        try:
            play.apply(first if first is not None else action)
        finally:
            self.holding = False
        play.beats.message = None

    def _check(self) -> None:
        """The answer told: the seat's view must be the server's."""
        assert self.feed is not None
        try:
            self.feed.done(self.world.shadow.run)
        except ProtocolError as exc:  # a table that disagrees with the server stops, said
            log.error("the world table disagrees with the server: %s", exc)
            self._stop(str(exc))
            return
        self.feed = None

    def _failed(self, exc: Exception) -> None:
        log.warning("the world daily's action failed: %s", exc)
        self._stop(str(exc))

    def _stop(self, why: str) -> None:
        self.problem = _("The world daily cannot go on here: {why}").format(why=why)
        self.feed = None
        if self._table is not None:
            self._table.say(self.problem)

    def _say_status(self, play: Table | None) -> None:
        if play is None:
            return
        text = self.status()
        if text is not None:
            play.say(text)

    def status(self) -> str | None:
        """The quiet line while an answer is awaited (None: nothing to say)."""
        if self.problem is not None:
            return self.problem
        if self.sending is None:
            return None
        if self.world.daily.reconnecting:
            return _("Reconnecting…")
        if time.monotonic() - self.sent_at >= WAITING_SHOWN_AFTER:
            return _("Waiting for the server…")
        return None

    # ------------------------------------------------------------ what it shows
    def ai_level(self, seat: int, run: Run) -> int | str:
        return run.rival_level

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        level = story.rival_level
        name = names.get(level, "")
        return (SideLine(SideLineKind.HEADING, _("Rival")),
                SideLine(SideLineKind.NOTE, self.label),
                SideLine(SideLineKind.TEXT, _("Level {level} · {name}").format(
                    level=level, name=_(name) if name else "")),
                SideLine(SideLineKind.FIGURE, _("Streak"), format_number(story.streak)),
                SideLine(SideLineKind.FIGURE, _("Run score"), format_number(story.score)),
                SideLine(SideLineKind.NOTE, _("The server deals and plays the rival; "
                                              "every action is kept on the world board.")))

    def abandon(self, active: ActiveRun) -> None:
        """Leaving a world run does not end it: it stays open on the server (it
        closes at midnight UTC) and the title offers to carry it on."""
        self.ctx.nav.reset(Route.TITLE)

    def run_over_panel(self, active: ActiveRun) -> InfoPanel:
        """The run's end, with "Copy result": the share text on the clipboard."""
        def copy() -> None:
            self.copy_result(active.run)
        panel = run_over_panel(active.run, None, False, copy)
        panel.extra = _("Copy result")
        return panel

    def copy_result(self, run: Run) -> str:
        """The share text put on the clipboard (``pygame.scrap``); where there is
        no clipboard, the text itself is shown, to copy by hand."""
        results = [None if r.winner is None else r.winner == PLAYER for r in run.results]
        text = share_text(self.world.day, results, run.score)
        try:
            pygame.scrap.init()
            pygame.scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        except (pygame.error, AttributeError, NotImplementedError) as exc:
            log.info("no clipboard (%s): the share text is shown", exc)
            self.ctx.toast(_("No clipboard here. Your result: {text}").format(
                text=text.replace("\n", " · ")))
            return text
        self.ctx.toast(_("Result copied: paste it where you like."))
        return text

    def run_finished(self, play: Table) -> None:
        self.world.daily.close()
        self.ctx.nav.reset(Route.TITLE)

