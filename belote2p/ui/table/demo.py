"""The demo: two AIs play on, run after run, and screenshots of each phase
are saved (``belote2p demo --screenshots``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core.actions import Phase
from ...core.match import PLAYER, RIVAL, Run
from ...services.i18n import _
from ...services.run_session import ActiveRun
from ..context import SceneContext
from ..words import seat_name
from .mode import MenuFacts, SideLine, SideLineKind, Table, TableMode
from .model import HandOver, Story


@dataclass(frozen=True)
class DemoConfig:
    levels: tuple[int | str, ...]  # seat 0's level, seat 1's level
    hands: int | None = None  # stop after this many hands (None: until closed)
    fast: bool = False
    screenshots: str | None = None
    seed: str = "0"


class Screenshots:
    """One picture per phase and hand (one per match for its end) into ``folder``."""

    def __init__(self, folder: str):
        self.folder = folder
        self.taken: set[tuple[object, ...]] = set()
        self.count = 0

    def maybe_take(self, surf: pygame.Surface, key: tuple[object, ...], phase: str,
                   not_a_game_frame: Callable[[], None]) -> None:
        if key in self.taken:
            return
        self.taken.add(key)
        self.count += 1
        pygame.image.save(surf, os.path.join(self.folder, f"{self.count:02d}_{phase}.png"))
        not_a_game_frame()


class DemoMode(TableMode):
    """Both seats played by the AI; nobody is "you"; nothing is saved."""

    ai_seats = frozenset({PLAYER, RIVAL})
    seated = False
    menu = MenuFacts(demo=True)

    def __init__(self, ctx: SceneContext, config: DemoConfig):
        self.ctx, self.config = ctx, config
        self.shots = Screenshots(config.screenshots) if config.screenshots else None
        self.runs_played = 1

    def seat_name(self, seat: int) -> str:
        return seat_name(seat, demo=True)

    def ai_level(self, seat: int, run: Run) -> int | str:
        return self.config.levels[seat]

    def plate_level(self, story: Story) -> int | str:
        return self.config.levels[RIVAL]

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        lines = [SideLine(SideLineKind.HEADING, _("Belote 2P"))]
        for seat in (RIVAL, PLAYER):
            level = self.config.levels[seat]
            name = names.get(level, "") if isinstance(level, int) else ""
            lines.append(SideLine(SideLineKind.ROW, self.seat_name(seat).split(" (")[0],
                                  f"L{level} {_(name) if name else ''}".strip()))
        return tuple(lines)

    def run_finished(self, play: Table) -> None:
        """The demo plays on: a fresh run from a derived seed."""
        self.runs_played += 1
        play.restart(ActiveRun(Run(f"{self.config.seed}/{self.runs_played}"), ""), deal=True)

    def hand_finished(self, hands_done: int) -> None:
        if self.config.hands and hands_done >= self.config.hands:
            self.ctx.window.quit()

    def panel_time(self) -> float:
        timing = self.ctx.theme.timing
        return float(timing["demo_panel_fast" if self.config.fast else "demo_panel"])

    def pause_scale(self) -> float:
        return 0.0 if self.config.fast else 1.0

    def after_draw(self, surf: pygame.Surface, play: Table) -> None:
        if self.shots is None or not self.ctx.window.running:
            return
        phase = _phase(play)
        if phase is None:
            return
        run = play.run
        key: tuple[object, ...] = (self.runs_played, len(run.results), len(run.match.hands),
                                   phase)
        if phase == "end_of_match":
            key = (self.runs_played, len(run.results), phase)
        self.shots.maybe_take(surf, key, phase, self.ctx.window.not_a_game_frame)


def _phase(play: Table) -> str | None:
    """The phase a screenshot would show now (None: not a moment worth one)."""
    panel = play.beats.panel
    if panel is not None:
        if panel.age < 0.08:
            return None
        beat = play.beats.beat
        if beat is not None and isinstance(beat.payload, HandOver):
            return "end_of_match" if beat.payload.match is not None else "end_of_hand"
        return None
    if not play.idle() or not play.in_hand():
        return None
    hand = play.run.match.hand
    if hand.phase is Phase.BIDDING:
        return "bidding"
    if len(play.model.trick) != 1:
        return None
    if not hand.strict and hand.trick_number >= 3:
        return "free_play"
    # strict play, preferably when South must follow and has cards dimmed
    if hand.strict and hand.to_move == PLAYER and (
            play.illegal_now() or hand.trick_number >= 14):
        return "strict_play"
    return None
