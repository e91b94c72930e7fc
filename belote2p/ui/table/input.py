"""Keys, clicks and drags at the table, turned into requests to the scene
(play this card, make this bid, open the menu).  The engine judges them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...cards import Card
from .. import gfx
from ..gfx import Button

if TYPE_CHECKING:
    from .scene import TableScene

DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# Practice only (the table ignores them in a scored run): Hint, Undo, rival face up.
PRACTICE_KEYS = {pygame.K_h: lambda t: t.ask_hint(), pygame.K_u: lambda t: t.undo(),
                 pygame.K_v: lambda t: t.toggle_face_up()}


@dataclass
class Drag:
    card: Card
    offset: tuple[int, int]  # from the card's corner to the pointer
    pos: tuple[int, int]


class TableInput:
    def __init__(self, table: TableScene):
        self.table = table
        self.sel: int | None = None  # keyboard choice, index into the visible hand
        self.armed: Card | None = None  # chosen once, waiting for confirmation
        self.hover: Card | None = None
        self.press: tuple[Card, tuple[int, int]] | None = None  # a mouse press on a card
        self.drag: Drag | None = None
        self.show_last = False
        self.show_tracker = True
        self.bid_focus = 0
        self.bid_btns: list[Button] = []  # as drawn last frame
        self.side_btns: list[Button] = []

    def chosen(self, visible: list[Card]) -> Card | None:
        """The card raised: armed, or under the keyboard's choice."""
        if self.armed is not None:
            return self.armed
        if self.sel is not None and self.sel < len(visible):
            return visible[self.sel]
        return None

    def handle(self, event: Any) -> None:
        t = self.table
        if t.beats.panel is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                t.open_menu()
            elif not t.demo:
                t.beats.panel.handle(event, t.L)
                if t.beats.panel.wants_review:
                    t.open_review(t.beats.panel)
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
            else:
                self.table.open_menu()
            return
        if key == pygame.K_l:
            self.show_last = not self.show_last
            return
        if key == pygame.K_t:
            self.show_tracker = not self.show_tracker
            return
        if self.show_last:
            self.show_last = False
            return
        if self.table.demo:
            return
        if key in PRACTICE_KEYS:
            PRACTICE_KEYS[key](self.table)  # each does nothing on a scored table
            return
        if self.bid_btns:
            self._bid_key(key)
        else:
            self._play_key(key)

    def _bid_key(self, key: int) -> None:
        n = len(self.bid_btns)
        if key in (pygame.K_LEFT, pygame.K_UP):
            self.bid_focus = (self.bid_focus - 1) % n
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.bid_focus = (self.bid_focus + 1) % n
        elif key in ENTER_KEYS:
            self.table.apply(self.bid_btns[self.bid_focus % n].value)
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= n:
            self.table.apply(self.bid_btns[DIGIT_KEYS[key] - 1].value)

    def _play_key(self, key: int) -> None:
        visible = self.table.model.visible_mine()
        if not visible:
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if self.sel is None:
                self.sel = 0 if step > 0 else len(visible) - 1
            else:
                self.sel = (self.sel + step) % len(visible)
            self.armed = None
        elif key in ENTER_KEYS:
            card = self.chosen(visible)
            if card is not None:
                self.table.try_play(card, confirmed=True)
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= len(visible):
            self.sel = DIGIT_KEYS[key] - 1
            self.table.try_play(visible[self.sel])

    def _motion(self, pos: tuple[int, int]) -> None:
        t = self.table
        gfx.handle_buttons(self.bid_btns + self.side_btns, pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos), lambda b: None)
        if self.press is not None and self.drag is None:
            card, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > max(6, t.L.card[0] // 10):
                rect = dict(t.card_rects()).get(card)
                if rect is not None:
                    self.drag = Drag(card, (start[0] - rect.x, start[1] - rect.y), pos)
        if self.drag is not None:
            self.drag.pos = pos
        self.hover = t.card_at(pos)

    def _press(self, pos: tuple[int, int]) -> None:
        t = self.table
        for b in self.side_btns:
            if b.hit(pos):
                self._side_button(str(b.value))
                return
        if self.show_last:
            self.show_last = False
            return
        if t.demo:
            return
        for b in self.bid_btns:
            if b.hit(pos):
                t.apply(b.value)
                return
        card = t.card_at(pos)
        if card is not None:
            self.press = (card, pos)
            return
        t.beats.hurry()
        self.armed = None

    def _release(self, pos: tuple[int, int]) -> None:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if press is None:
            return
        if drag is not None:
            if pos[1] < self.table.L.hand_y - self.table.L.raise_px:
                self.table.try_play(drag.card, confirmed=True)
            return
        card = press[0]
        if self.table.card_at(pos) == card:
            self.table.try_play(card)

    def _side_button(self, value: str) -> None:
        if value == "last":
            self.show_last = not self.show_last
        elif value == "tracker":
            self.show_tracker = not self.show_tracker
        else:
            self.table.open_menu()
