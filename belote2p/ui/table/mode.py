"""What kind of table is being played: one ``TableMode`` a kind.

A scored run (``scored.ScoredMode``), a practice table
(``practice.PracticeMode``) and the demo (``demo.DemoMode``) differ in who
plays which seat, what is saved, what may be undone and what is shown; each
says so in its own class, so no other module of the table asks which kind it
is.  The base class is the behaviour they share (the player at seat 0 against
the rival, nothing saved, nothing extra shown).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ...core.actions import Action
from ...core.cards import Card
from ...core.match import PLAYER, RIVAL, Run
from ...services.run_session import ActiveRun
from ..words import seat_name
from ..worker import AIWorker
from .animation import BeatPlayer
from .model import Story, TableModel
from .panels import InfoPanel, run_over_panel
from .practice import PracticeState
from .rival_seat import RivalSeats


class SideLineKind(enum.Enum):
    HEADING = "heading"
    TEXT = "text"
    NOTE = "note"  # a small dim line
    ASIDE = "aside"  # a note that goes when the panel is short of room (the tracker needs it)
    ROW = "row"  # a label and its value
    FIGURE = "figure"  # a label and a figure, accented
    SMALL = "small"  # a small label and value
    SMALL_ACCENT = "small_accent"


@dataclass(frozen=True)
class SideLine:
    """One line of the side panel's first block (who plays whom, what counts)."""

    kind: SideLineKind
    text: str
    value: str = ""


@dataclass(frozen=True)
class MenuFacts:
    """What the pause menu offers over this table."""

    demo: bool = False
    practice: bool = False


class Table(Protocol):
    """The table in play, as a mode sees it (``play.TablePlay`` is one)."""

    model: TableModel
    beats: BeatPlayer

    @property
    def active(self) -> ActiveRun: ...

    @property
    def run(self) -> Run: ...

    def in_hand(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def idle(self) -> bool: ...

    def illegal_now(self) -> set[Card]: ...

    def apply(self, action: Action) -> bool: ...

    def restart(self, active: ActiveRun, deal: bool) -> None: ...

    def say(self, text: str) -> None: ...


class TableMode:
    """The player at seat 0 against the rival; nothing saved, nothing extra."""

    ai_seats: frozenset[int] = frozenset({RIVAL})
    seated = True  # the player holds seat 0 (in the demo nobody does)
    keeps_comparisons = False  # each hand against level 4 is kept with the run (scored)
    plate = True  # the rival's name plate at its hand
    compares = True  # a seated player's hands are compared with level 4 (not the world's)
    menu = MenuFacts()

    def rival_seats(self, worker: AIWorker) -> RivalSeats | Any:
        """Who answers for the AI seats: the worker (the world daily: the server)."""
        return RivalSeats(worker)

    def bind(self, play: Table) -> None:
        """The table this mode plays on, once it is made."""

    def holds(self, action: Action, play: Table) -> bool:
        """True: the player's ``action`` is not applied now (the world daily sends
        it to the server first and applies it once answered)."""
        return False

    def seat_name(self, seat: int) -> str:
        return seat_name(seat, demo=False)

    def second_person(self, seat: int) -> bool:
        """"You take" but "Rival takes" (and "South takes" in the demo)."""
        return seat == PLAYER and self.seated

    def ai_level(self, seat: int, run: Run) -> int | str:
        """The level that plays ``seat`` now (the engine's: the story may lag)."""
        return run.rival_level

    def plate_level(self, story: Story) -> int | str:
        """The rival's level as the story has told it (name plate, side panel)."""
        return story.rival_level

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        """The side panel's first block (``names``: the levels' names, untranslated)."""
        return ()

    def played(self, active: ActiveRun) -> None:
        """An action was applied to the run (a scored run is saved here)."""

    def changed(self) -> None:
        """The position changed (a practice hint no longer applies)."""

    def poll(self) -> None:
        """Once a frame: collect what the worker answered for this mode."""

    def abandon(self, active: ActiveRun) -> None:
        active.run.abandon()

    def run_over_panel(self, active: ActiveRun) -> InfoPanel:
        return run_over_panel(active.run, None, False)

    def run_over_news(self) -> bool:
        """True once when what the run-over panel shows has changed since it
        was made (a scored run's place, read off the frame loop)."""
        return False

    def run_finished(self, play: Table) -> None:
        """The run-over panel was dismissed."""

    def hand_finished(self, hands_done: int) -> None:
        """A hand's panel was dismissed (the demo may stop after a number of hands)."""

    def panel_time(self) -> float | None:
        """Panels close by themselves after this long (the demo), else wait."""
        return None

    def pause_scale(self) -> float:
        """The rival's visible pause is scaled by this (the fast demo: none)."""
        return 1.0

    def offers_claim(self) -> bool:
        """"The rest are yours" may be offered (a player must be seated)."""
        return self.seated

    def extras(self, run: Run) -> PracticeState | None:
        """The practice box's state (hint, keys), None without one."""
        return None

    def rival_faces(self, run: Run) -> tuple[Card, ...] | None:
        """The rival's cards shown face up whatever the stock (practice's V)."""
        return None

    def key(self, what: str, play: Table) -> None:
        """A practice key (hint, undo, face up): ignored where there is no practice."""

    def after_draw(self, surf: pygame.Surface, play: Table) -> None:
        """After each frame is drawn (the demo's screenshots)."""
