"""Keys, clicks and drags at the table, turned into intents (play this card,
make this bid, open the menu...) that the table scene applies; the engine
judges them.  The input knows the table only through the ``InputView`` it is
handed with each event, and keeps only its own state (the keyboard's choice,
a drag, the toggles); the scene tells it what became of an intent through
its methods (``arm``, ``played``, ``bid_made``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

import pygame

from ...core.actions import Bid
from ...core.cards import Card
from .. import gfx
from ..gfx import Button
from ..layout import TableLayout

DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
VIEW_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_t, pygame.K_s)  # they look, never sweep


# ------------------------------------------------------------------ intents
@dataclass(frozen=True)
class PlayCard:
    card: Card
    confirmed: bool = False  # chosen twice, or dragged: no "click again" needed


@dataclass(frozen=True)
class PlaceBid:
    bid: Bid


@dataclass(frozen=True)
class OpenMenu:
    pass


@dataclass(frozen=True)
class Hurry:
    """A click on the felt: the cards in flight land at once."""


@dataclass(frozen=True)
class Skip:
    """A click or a key during the celebration: it ends now."""


@dataclass(frozen=True)
class PanelInput:
    """An event for the open panel (Continue, Review, Export, hover)."""

    event: pygame.event.Event


@dataclass(frozen=True)
class Practice:
    """A practice table's key: a hint, undo, the rival's cards face up."""

    what: Literal["hint", "undo", "face_up"]


@dataclass(frozen=True)
class Say:
    """Where the hand stands, in words (and aloud where it can be): S."""


@dataclass(frozen=True)
class FinishRest:
    """The player takes the offer to play the remaining tricks out quickly."""


Intent: TypeAlias = (PlayCard | PlaceBid | OpenMenu | Hurry | Skip | PanelInput | Practice
                     | FinishRest | Say)

PRACTICE_KEYS: dict[int, Literal["hint", "undo", "face_up"]] = {
    pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_v: "face_up"}


@dataclass(frozen=True)
class InputView:
    """What the table shows that input needs to read, as of the last frame."""

    layout: TableLayout
    seated: bool  # the player holds a seat (the demo: nobody does, nothing is theirs)
    panel_open: bool
    skippable: bool  # a celebration is playing
    card_rects: tuple[tuple[Card, pygame.Rect], ...]  # your visible cards, left to right
    bid_buttons: tuple[Button, ...]
    side_buttons: tuple[Button, ...]
    finish_button: Button | None = None  # "the rest are yours", when offered
    sweepable: bool = False  # a completed trick waits to be read: a click or a key sweeps it

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, rect in reversed(self.card_rects):
            if rect.collidepoint(pos):
                return card
        return None

    @property
    def visible(self) -> list[Card]:
        return [card for card, _rect in self.card_rects]


@dataclass
class Drag:
    card: Card
    offset: tuple[int, int]  # from the card's corner to the pointer
    pos: tuple[int, int]


class TableInput:
    def __init__(self) -> None:
        self.sel: int | None = None  # keyboard choice, index into the visible hand
        self.armed: Card | None = None  # chosen once, waiting for confirmation
        self.hover: Card | None = None
        self.press: tuple[Card, tuple[int, int]] | None = None  # a mouse press on a card
        self.drag: Drag | None = None
        self.show_last = False
        self.show_tracker = True
        self.bid_focus = 0

    # ------------------------------------------------- told by the scene
    def chosen(self, visible: list[Card]) -> Card | None:
        """The card raised: armed, or under the keyboard's choice."""
        if self.armed is not None:
            return self.armed
        if self.sel is not None and self.sel < len(visible):
            return visible[self.sel]
        return None

    def arm(self, card: Card | None, visible: list[Card]) -> None:
        """The card waits for a second click (None: nothing waits any more)."""
        self.armed = card
        if card is not None:
            self.sel = visible.index(card) if card in visible else None

    def played(self, visible_before: int) -> None:
        """A card left the hand: the keyboard's choice stays in range."""
        self.armed = None
        if self.sel is not None:
            self.sel = min(self.sel, max(0, visible_before - 2))

    def bid_made(self) -> None:
        """A bid was made: the next bidding turn starts at its first button."""
        self.armed = self.sel = None
        self.bid_focus = 0

    def fresh(self) -> None:
        """New cards in the hand (a deal, a draw): no card raised, no bid focused
        but the first; a card chosen before would now be another card."""
        self.armed = self.sel = None
        self.bid_focus = 0

    def forget(self) -> None:
        """The position was rebuilt (undo): nothing chosen, nothing held."""
        self.armed = self.sel = None
        self.drag = self.press = None

    def hide_last(self) -> None:
        self.show_last = False

    # ------------------------------------------------------- the events
    def handle(self, event: pygame.event.Event, v: InputView) -> list[Intent]:
        if v.skippable and (event.type == pygame.KEYDOWN
                            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return [Skip(), OpenMenu()]
            return [Skip()]
        if v.panel_open:
            return self._over_panel(event, v)
        if v.sweepable and event.type == pygame.KEYDOWN and event.key not in VIEW_KEYS:
            return [Hurry()]  # the key sweeps the trick; the next one acts
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, v)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos, v)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos, v)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, v)
        return []

    def _over_panel(self, event: pygame.event.Event, v: InputView) -> list[Intent]:
        """A panel is open: L (or its button) shows the last trick over it, and
        while it shows, a key or a click puts it away, never the panel behind."""
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if pressed and any(b.value == "last" and b.hit(event.pos) for b in v.side_buttons):
            self.show_last = not self.show_last
            return []
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.show_last = not self.show_last
            return []
        if self.show_last:
            if event.type == pygame.KEYDOWN or pressed:
                self.show_last = False
            return []
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [self._menu()]
        return [PanelInput(event)] if v.seated else []

    def _menu(self) -> OpenMenu:
        self.drag = self.press = None
        return OpenMenu()

    def _key(self, key: int, v: InputView) -> list[Intent]:
        if key == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
                return []
            return [self._menu()]
        if key == pygame.K_l:
            self.show_last = not self.show_last
            return []
        if key == pygame.K_t:
            self.show_tracker = not self.show_tracker
            return []
        if key == pygame.K_s:
            return [Say()]
        if self.show_last:
            self.show_last = False
            return []
        if not v.seated:
            return []
        if key in PRACTICE_KEYS:
            return [Practice(PRACTICE_KEYS[key])]  # a scored table ignores them
        if key == pygame.K_f and v.finish_button is not None:
            return [FinishRest()]
        if v.bid_buttons:
            return self._bid_key(key, v.bid_buttons)
        return self._play_key(key, v.visible)

    def _bid_key(self, key: int, buttons: tuple[Button, ...]) -> list[Intent]:
        n = len(buttons)
        if key in (pygame.K_LEFT, pygame.K_UP):
            self.bid_focus = (self.bid_focus - 1) % n
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.bid_focus = (self.bid_focus + 1) % n
        elif key in ENTER_KEYS:
            return [_bid(buttons[self.bid_focus % n])]
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= n:
            return [_bid(buttons[DIGIT_KEYS[key] - 1])]
        return []

    def _play_key(self, key: int, visible: list[Card]) -> list[Intent]:
        if not visible:
            return []
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
                return [PlayCard(card, confirmed=True)]
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= len(visible):
            self.sel = DIGIT_KEYS[key] - 1
            return [PlayCard(visible[self.sel])]
        return []

    def _motion(self, pos: tuple[int, int], v: InputView) -> None:
        buttons = list(v.bid_buttons + v.side_buttons)
        if v.finish_button is not None:
            buttons.append(v.finish_button)
        gfx.handle_buttons(buttons, pygame.event.Event(pygame.MOUSEMOTION, pos=pos), _ignore)
        if self.press is not None and self.drag is None:
            card, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > max(6, v.layout.card[0] // 10):
                rect = dict(v.card_rects).get(card)
                if rect is not None:
                    self.drag = Drag(card, (start[0] - rect.x, start[1] - rect.y), pos)
        if self.drag is not None:
            self.drag.pos = pos
        self.hover = v.card_at(pos)

    def _press(self, pos: tuple[int, int], v: InputView) -> list[Intent]:
        for b in v.side_buttons:
            if b.hit(pos):
                return self._side_button(str(b.value))
        if self.show_last:
            self.show_last = False
            return []
        if not v.seated:
            return []
        if v.finish_button is not None and v.finish_button.hit(pos):
            return [FinishRest()]
        for b in v.bid_buttons:
            if b.hit(pos):
                return [_bid(b)]
        card = v.card_at(pos)
        if card is not None:
            self.press = (card, pos)
            return [Hurry()] if v.sweepable else []
        self.armed = None
        return [Hurry()]

    def _release(self, pos: tuple[int, int], v: InputView) -> list[Intent]:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if press is None:
            return []
        if drag is not None:
            if pos[1] < v.layout.hand_y - v.layout.raise_px:
                return [PlayCard(drag.card, confirmed=True)]
            return []
        card = press[0]
        if v.card_at(pos) == card:
            return [PlayCard(card)]
        return []

    def _side_button(self, value: str) -> list[Intent]:
        if value == "last":
            self.show_last = not self.show_last
        elif value == "tracker":
            self.show_tracker = not self.show_tracker
        else:
            return [self._menu()]
        return []


def _bid(button: Button) -> PlaceBid:
    assert isinstance(button.value, Bid), "a bid button carries its bid"
    return PlaceBid(button.value)


_ignore: Callable[[Button], None] = lambda button: None  # noqa: E731 - hover only
