"""The beats on screen: the queue of card flights, pauses, banners and panels
the engine's events became, played in time, and the short-lived messages.

The player (the table scene) supplies where anchors are and what a finished
beat means; this module only keeps time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ...core.cards import Card
from ...core.match import PLAYER
from ..sound import Sounds
from .model import Announcement, Beat, BeatKind, Flight, TableModel
from .panels import InfoPanel


@dataclass
class Banner:
    said: Announcement
    left: float  # seconds


@dataclass
class Message:
    text: str
    left: float


@dataclass(frozen=True)
class BeatHooks:
    resolve: Callable[[Any], pygame.Rect]
    landed_in_hand: Callable[[Card, pygame.Rect], None]
    make_panel: Callable[[Beat], InfoPanel]
    finished: Callable[[Beat], None]


class BeatPlayer:
    def __init__(self, model: TableModel, sounds: Sounds, timing: dict[str, float],
                 hooks: BeatHooks):
        self.model, self.sounds, self.timing, self.hooks = model, sounds, timing, hooks
        self.queue: deque[Beat] = deque()
        self.beat: Beat | None = None
        self.beat_t = 0.0
        self.panel: InfoPanel | None = None
        self.banners: list[Banner] = []
        self.message: Message | None = None

    # ------------------------------------------------------------- queries
    def idle(self) -> bool:
        return self.beat is None and not self.queue

    def hard_pending(self) -> bool:
        """The hand on screen is not yet the engine's: no input."""
        return (self.beat is not None and self.beat.hard) or any(b.hard for b in self.queue)

    def clear(self) -> None:
        self.queue.clear()
        self.beat, self.panel = None, None

    def hurry(self) -> None:
        """A click on the felt: the cards in flight land at once (a celebration ends)."""
        if self.beat is not None and self.beat.panel is None:
            self.beat_t = self.beat.total()

    def sweepable(self) -> bool:
        """A completed trick waits on the table to be read: a click or a key sweeps it."""
        b = self.beat
        return b is not None and b.kind is BeatKind.TRICK and self.beat_t < b.total()

    def skippable(self) -> bool:
        """A beat a key or a click may end now (the celebration)."""
        return self.beat is not None and self.beat.skippable

    def flush(self) -> None:
        """Every pending beat's change, made at once, and no panel opened (the
        run was abandoned): no card stays in the air or hidden in a hand."""
        b, self.beat = self.beat, None
        pending = ([b] if b is not None else []) + list(self.queue)
        self.queue.clear()
        self.panel = None
        for i, beat in enumerate(pending):
            if i > 0 and beat.start:
                beat.start(self.model)
            self._complete(beat)
        self.banners.clear()

    # ------------------------------------------------------------- messages
    def say(self, text: str) -> None:
        self.message = Message(text, self.timing["message"])

    def tick_messages(self, dt: float) -> None:
        if self.message:
            self.message.left -= dt
            if self.message.left <= 0:
                self.message = None
        for b in self.banners:
            b.left -= dt
        self.banners = [b for b in self.banners if b.left > 0]

    # ---------------------------------------------------------------- time
    def advance(self, dt: float, running: Callable[[], bool], panel_time: float | None) -> None:
        """Play ``dt`` seconds of beats.  ``panel_time``: panels close by
        themselves after that long (the demo), else they wait for the player."""
        budget = dt
        while running():  # the demo may stop in the middle of a frame
            if self.beat is None:
                if not self.queue:
                    return
                self._start(self.queue.popleft())
            b = self.beat
            assert b is not None
            if b.panel is not None:
                if self.panel is not None:
                    self.panel.age += budget
                    budget = 0.0
                    if panel_time is not None and self.panel.age >= panel_time:
                        self.panel.done = True
                if self.panel is None or not self.panel.done:
                    return
                self._finish()
                continue
            self.beat_t += budget
            self._fly(b)
            total = b.total()
            if self.beat_t >= total:
                # the time this frame had left goes on to the next beat: a beat
                # ending mid-frame no longer costs the schedule the rest of it
                budget = self.beat_t - total
                self._finish()
                continue
            return

    def _start(self, b: Beat) -> None:
        for f in b.flights:
            f.src_rect = self.hooks.resolve(f.src)
        if b.start:
            b.start(self.model)
        self.sounds.play(b.sound)
        if b.banner:
            said = b.banner
            # one banner per place: a newer announcement replaces the older one
            self.banners = [x for x in self.banners
                            if (x.said.seat, x.said.at_stock) != (said.seat, said.at_stock)]
            self.banners.append(Banner(said, max(b.total(), b.banner_time)))
        if b.panel is not None:
            self.panel = self.hooks.make_panel(b)
            self.banners.clear()
        self.beat, self.beat_t = b, 0.0

    def _fly(self, b: Beat) -> None:
        for f in b.flights:
            if not f.launched and self.beat_t >= f.delay:
                f.launched = True
                if f.launch:
                    f.launch(self.model)
                self.sounds.play(f.sound)
            if f.launched and not f.landed and self.beat_t >= f.delay + f.dur:
                self._land(f)

    def _land(self, f: Flight) -> None:
        f.landed = True
        rect = self.hooks.resolve(f.dst)
        if f.land:
            f.land(self.model)
        if f.card is not None and f.dst[0] == "hand" and f.dst[1] == PLAYER:
            self.hooks.landed_in_hand(f.card, rect)

    def _complete(self, b: Beat) -> None:
        """Every flight of ``b`` launched and landed, then its end."""
        for f in b.flights:
            if not f.launched:
                f.launched = True
                if f.launch:
                    f.launch(self.model)
            if not f.landed:
                self._land(f)
        if b.end:
            b.end(self.model)

    def _finish(self) -> None:
        b = self.beat
        assert b is not None
        self._complete(b)
        self.beat, self.panel = None, None
        self.hooks.finished(b)

    def flight_progress(self, f: Flight) -> float:
        """How far ``f`` has flown, eased out so cards land softly."""
        p = 1.0 if f.dur <= 0 else min(1.0, (self.beat_t - f.delay) / f.dur)
        return 1 - (1 - p) ** 3
