"""The frozen picture of the table one frame draws.

Built each frame from the engine, the table model and the input; the
renderer reads only this.  Parts that rarely change (``SideState``) compare
equal from frame to frame, so their drawing can be cached.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...core.actions import Phase, Trick
from ...core.cards import Card
from ...core.view import SeatView
from ..gfx import Button
from ..layout import TableLayout
from .mode import SideLine
from .model import Announcement, Celebration
from .panels import InfoPanel
from .practice import PracticeState


@dataclass(frozen=True)
class HandCard:
    card: Card
    rect: pygame.Rect
    dim: bool  # the engine forbids it now
    chosen: bool  # raised and outlined


@dataclass(frozen=True)
class FlightView:
    card: Card | None  # None: face down
    rect: pygame.Rect


@dataclass(frozen=True)
class SideState:
    """Everything the side panel shows (if this is equal, so is the panel)."""

    size: tuple[int, int]
    who: tuple[SideLine, ...]  # the first block: who plays whom, what counts (the mode's)
    rival_level: int | str
    level_name: str  # the rival level's name, translated ("" if none)
    streak: int
    score: int
    hand_scores: tuple[tuple[int, int], ...]  # the finished hands the player has seen scored
    hands_started: int
    match_scores: tuple[int, int]
    seat_names: tuple[str, str]
    trump: int | None
    taker: int | None
    points: tuple[int, int]  # card points; the last trick's 10 is ``last_bonus``'s
    last_bonus: int | None
    won: tuple[int, int]
    pack: int
    stock_started: bool
    deal_number: int
    show_points: bool
    four_colour: bool
    show_tracker: bool
    show_last: bool
    tracker: SeatView | None  # seat 0's view, when the tracker is shown
    hover: tuple[bool, ...]  # the pointer over each of the panel's buttons
    language: str = ""  # the words change with it, so the cached panel must too
    history: tuple[str, ...] = ()  # this hand's announcements, newest last ("Belote: you +20")
    you: int | None = 0  # the seat spoken to as "you" (None: the demo, nobody)
    belote: int | None = None  # the seat whose belote's 20 has been announced (rebelote said)


@dataclass(frozen=True)
class CelebrationView:
    """A match won, ``progress`` (0 to 1) through its celebration."""

    match: Celebration
    progress: float


@dataclass(frozen=True)
class TableState:
    layout: TableLayout
    four_colour: bool
    seat_names: tuple[str, str]
    turned: Card | None
    trump: int | None
    pack: int
    stock_started: bool
    won: tuple[int, int]
    trick: tuple[tuple[int, Card], ...]
    rival_x: tuple[float, ...]  # the rival's backs shown
    thinking: bool
    hand: tuple[HandCard, ...]
    dragged: tuple[Card, pygame.Rect] | None
    bid_buttons: tuple[Button, ...]
    bid_prompt: str | None
    bubbles: tuple[tuple[int, str], ...]  # seat, its last bid's words
    banners: tuple[Announcement, ...]  # the announcements shown, and where
    message: str | None
    flights: tuple[FlightView, ...]
    show_last: bool
    last_trick: Trick | None
    panel: InfoPanel | None
    side: SideState
    side_buttons: tuple[Button, ...]
    practice: PracticeState | None = None  # a practice table's extras (None: a scored run)
    rival_plate: str = ""  # the rival's name and level, at its hand
    rival_faces: tuple[Card, ...] | None = None  # the rival's hand face up (None: backs)
    celebration: CelebrationView | None = None
    finish_button: Button | None = None  # "the rest are yours", when offered
    human_turn: bool = False  # the table waits for the player's card or bid
    idle: bool = True  # nothing moves: no beat pending
    phase: Phase | None = None  # the hand's phase, None between hands
    you: int | None = 0  # the seat spoken to as "you" (None: the demo, nobody)
    # the hand's short story under the stock: the dealer and the turned card,
    # each round's bids (worded in the language of the moment)
    bidding: tuple[str, ...] = ()
    stock_note: str | None = None  # "Stock 6 · last draw after trick 8", from the take on
