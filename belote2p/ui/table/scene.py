"""The table scene: the screen a run is played on.

It ties the parts together and dispatches: ``input.TableInput`` turns events
into intents, ``play.TablePlay`` applies them to the engine and turns its
events into beats, ``frame.FrameBuilder`` freezes what a frame shows into a
``TableState`` and ``renderer.TableRenderer`` draws it.  What kind of table
this is (scored, practice, demo) is its ``TableMode``'s business alone.
"""

from __future__ import annotations

import pygame

from ...ai.levels import LevelsError
from ...core.actions import Action
from ...core.cards import Card
from ...core.hand import Hand
from ...core.match import Run
from ...services.rival import game_levels
from ...services.run_session import ActiveRun
from ..context import SceneContext
from ..gfx import Button
from ..layout import TableLayout
from ..navigation import Route
from ..review_lines import HandOfRun
from ..scene import Scene
from .animation import BeatHooks, BeatPlayer
from .frame import FrameBuilder
from .input import (
    FinishRest,
    Hurry,
    InputView,
    Intent,
    OpenMenu,
    PanelInput,
    PlaceBid,
    PlayCard,
    Practice,
    Say,
    Skip,
    TableInput,
)
from .mode import TableMode
from .model import Anchor, Beat, BeatKind, HandOver, TableModel
from .panels import InfoPanel, hand_over_panel
from .play import TablePlay
from .renderer import TableRenderer
from .spoken import speak, table_words
from .state import TableState


def _level_names() -> dict[int, str]:
    try:
        return {n: lv.name for n, lv in game_levels().items()}
    except LevelsError:  # a name is decoration; the title reports bad level data
        return {}


class TableScene(Scene):
    def __init__(self, ctx: SceneContext, active: ActiveRun, mode: TableMode):
        super().__init__(ctx)
        self.mode = mode
        self.hands_done = 0
        self.play = TablePlay(ctx, active, mode, BeatHooks(
            self._resolve, self._landed_in_hand, self._make_panel, self._beat_finished))
        self.frame = FrameBuilder(self.play, _level_names())
        self.renderer = TableRenderer(ctx.window, ctx.art, ctx.theme)
        self._bids: tuple[Button, ...] = ()  # as drawn last frame (the input reads them)
        self._side_buttons: tuple[Button, ...] = ()
        self._finish_button: Button | None = None

    # ------------------------------------------------- the parts, by name
    @property
    def active(self) -> ActiveRun:
        return self.play.active

    @property
    def run(self) -> Run:
        return self.play.run

    @property
    def started(self) -> str:
        return self.play.active.started

    @property
    def hand(self) -> Hand:
        return self.play.hand

    @property
    def model(self) -> TableModel:
        return self.play.model

    @property
    def beats(self) -> BeatPlayer:
        return self.play.beats

    @property
    def input(self) -> TableInput:
        return self.play.input

    @property
    def L(self) -> TableLayout:
        return self.ctx.window.layout

    def human_turn(self) -> bool:
        return self.play.human_turn()

    def idle(self) -> bool:
        return self.play.idle()

    def in_hand(self) -> bool:
        return self.play.in_hand()

    def illegal_now(self) -> set[Card]:
        return self.play.illegal_now()

    def apply(self, action: Action) -> bool:
        return self.play.apply(action)

    def try_play(self, card: Card, confirmed: bool = False) -> bool:
        return self.play.try_play(card, confirmed)

    def abandon(self) -> None:
        """The player abandoned from the menu: the run ends, its panel shows."""
        self.play.abandon()

    def card_rects(self) -> list[tuple[Card, pygame.Rect]]:
        return self.frame.card_rects()

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.play.update(dt)
        self._show_comparison()
        self.frame.ease(dt)
        self.ctx.art.warm(self.L.card, self.ctx.settings["four_colour"], 1)

    # ------------------------------------------------------------ the beats
    def _resolve(self, anchor: Anchor) -> pygame.Rect:
        return self.play.places.resolve(anchor, self.L, self.play.model)

    def _landed_in_hand(self, card: Card, rect: pygame.Rect) -> None:
        self.play.places.landed(card, rect)

    def _make_panel(self, b: Beat) -> InfoPanel:
        self.play.input.hide_last()
        if isinstance(b.payload, HandOver):
            return hand_over_panel(b.payload, self.mode.seat_name, self.mode.second_person,
                                   self._level4_line(b.payload))
        return self.mode.run_over_panel(self.play.active)

    def _level4_line(self, data: HandOver) -> str | None:
        """The panel's line of level 4 in your seat: its placeholder until the
        worker answers; None where no player is seated (the demo)."""
        compared = self.mode.seated and self.mode.compares
        return self.play.comparisons.line(data.key) if compared else None

    def _show_comparison(self) -> None:
        """The open hand's panel takes level 4's line the frame it arrives, and
        the run's end its place on the board."""
        beats = self.play.beats
        beat, panel = beats.beat, beats.panel
        if panel is not None and beat is not None and beat.kind is BeatKind.RUN_OVER \
                and self.mode.run_over_news():
            self._remake_panel(beat)
            return
        if panel is None or beat is None or not isinstance(beat.payload, HandOver):
            return
        line = self._level4_line(beat.payload)
        if line is not None and panel.lines and panel.lines[-1][0] != line:
            self._remake_panel(beat)

    def _beat_finished(self, b: Beat) -> None:
        if b.kind is BeatKind.HAND_OVER:
            self.hands_done += 1
            self.mode.hand_finished(self.hands_done)
        if b.kind is BeatKind.RUN_OVER:
            self.mode.run_finished(self.play)

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        for intent in self.play.input.handle(event, self._input_view()):
            self.perform(intent)

    def _input_view(self) -> InputView:
        beats = self.play.beats
        return InputView(self.L, self.mode.seated, beats.panel is not None, beats.skippable(),
                         tuple(self.card_rects()), self._bids, self._side_buttons,
                         self._finish_button, beats.sweepable())

    def perform(self, intent: Intent) -> None:
        """Apply one intent of the player's."""
        play = self.play
        if isinstance(intent, PlayCard):
            play.try_play(intent.card, intent.confirmed)
        elif isinstance(intent, PlaceBid):
            play.bid(intent.bid)
        elif isinstance(intent, OpenMenu):
            self.open_menu()
        elif isinstance(intent, Hurry | Skip):
            play.beats.hurry()
        elif isinstance(intent, PanelInput):
            self._panel_input(intent)
        elif isinstance(intent, Practice):
            self.mode.key(intent.what, play)
        elif isinstance(intent, FinishRest):
            play.finish_rest()
        elif isinstance(intent, Say):
            words = table_words(self.state())
            self.ctx.toast(words)
            speak(words)

    def _panel_input(self, intent: PanelInput) -> None:
        panel = self.play.beats.panel
        if panel is None:
            return
        panel.handle(intent.event, self.L)
        if panel.wants_review:  # the hand reviewed on its own screen; Back returns here
            panel.wants_review = False
            if panel.review is not None:
                record, title = panel.review
                self.ctx.nav.push(Route.REVIEW, record=record, title=title,
                                  run_hand=self._run_hand())

    def _run_hand(self) -> HandOfRun | None:
        """The open panel's hand in its run, for the review's two lines of play:
        only where its panel compares it with level 4 (a seated player)."""
        beat = self.play.beats.beat
        if not self.mode.seated or not self.mode.compares or beat is None \
                or not isinstance(beat.payload, HandOver):
            return None
        match, hand = beat.payload.key
        return HandOfRun(str(self.run.seed), tuple(self.run.actions), match, hand)

    def open_menu(self) -> None:
        menu = self.mode.menu
        self.ctx.nav.push(Route.PAUSE, demo=menu.demo, run_over=self.run.over,
                          on_abandon=self.abandon, practice=menu.practice, active=self.active)

    # ---------------------------------------------------------------- drawing
    def resize(self) -> None:
        """A new window size, or a new language: the open panel is made again."""
        self.play.places.clear()
        beat = self.play.beats.beat
        if beat is not None:
            self._remake_panel(beat)

    def _remake_panel(self, beat: Beat) -> None:
        """The open panel made again, as old as it was."""
        beats = self.play.beats
        if beats.panel is not None and beat.panel is not None:
            age = beats.panel.age
            beats.panel = self._make_panel(beat)
            beats.panel.age = age

    def state(self) -> TableState:
        """What this frame shows, frozen: the shown model, never the engine's future."""
        return self.frame.state()

    def draw(self, surf: pygame.Surface) -> None:
        state = self.state()
        self._bids, self._side_buttons = state.bid_buttons, state.side_buttons
        self._finish_button = state.finish_button
        self.renderer.draw(surf, state)

    def after_draw(self, surf: pygame.Surface) -> None:
        self.mode.after_draw(surf, self.play)

    def damage(self) -> list[pygame.Rect] | None:
        return self.renderer.damage()

    def invalidate(self) -> None:
        self.renderer.invalidate()
