"""The table scene: the run in play.

Input becomes engine actions here and nowhere else: ``TableInput`` turns
events into intents, and the scene applies them; a card is offered to
``hand.refusal`` before it is played, bids come from ``legal_bids``.  The
rival (and both seats in the demo) think in the worker; the table polls the
future every frame and never waits for it.  Each frame the scene builds a
frozen ``TableState`` from the *shown* model (the beats' picture of the
game, never the engine's future) and the renderer draws that.
"""

from __future__ import annotations

import pygame

from ...actions import PASS, Action, Bid, IllegalAction, Phase
from ...ai.levels import LevelsError
from ...cards import SUIT_SYMBOLS, Card
from ...fairness import DAILY_PREFIX, DailyDateError, commitment, parse_daily_date
from ...hand import Hand
from ...match import PLAYER, RIVAL, Run
from ...services.board_text import daily_label
from ...services.deal_replay import DealReplay
from ...services.i18n import _, current_language
from ...services.rival import game_levels
from ...services.run_session import ActiveRun
from ...store.api import ExportSource
from ...store.runs import now_iso
from .. import gfx
from ..context import SceneContext
from ..gfx import Button
from ..layout import TableLayout, bid_buttons
from ..model import (
    Anchor,
    Beat,
    BeatBuilder,
    BeatKind,
    Celebration,
    HandOver,
    Story,
    TableModel,
    run_over_beat,
)
from ..navigation import Route
from ..panels import InfoPanel, hand_over_panel, run_over_panel
from ..scene import Scene
from ..words import bid_words, refusal_text, seat_name
from .animation import BeatHooks, BeatPlayer
from .demo import DemoConfig, Screenshots
from .finish import Claim, claim, next_card
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
    Skip,
    TableInput,
)
from .positions import CardPositions, hand_targets
from .practice import Practice as PracticeTable
from .practice import PracticeState
from .renderer import TableRenderer
from .rival_seat import RivalSeats
from .side_panel import side_buttons
from .state import CelebrationView, FlightView, HandCard, SideState, TableState


def _level_names() -> dict[int, str]:
    try:
        return {n: lv.name for n, lv in game_levels().items()}
    except LevelsError:  # a name is decoration; the title reports bad level data
        return {}


class TableScene(Scene):
    def __init__(self, ctx: SceneContext, active: ActiveRun, demo: DemoConfig | None = None,
                 practice: int | DealReplay | None = None):
        super().__init__(ctx)
        self.active, self.demo = active, demo
        # practice: the rival's fixed level; nothing is saved, hints and undo exist
        self.practice = PracticeTable(practice, ctx.worker) if practice else None
        self.model = TableModel()
        self.beats = BeatPlayer(self.model, ctx.sounds, ctx.theme.timing, BeatHooks(
            self._resolve, self._landed_in_hand, self._make_panel, self._beat_finished))
        self.places = CardPositions()
        self.input = TableInput()
        self.rivals = RivalSeats(ctx.worker)
        self.renderer = TableRenderer(ctx.window, ctx.art, ctx.theme)
        self.shots = Screenshots(demo.screenshots) if demo and demo.screenshots else None
        self.idle_for = 0.0
        self.auto_wait = 0.0
        self.hands_done = 0
        self.runs_played = 1
        self.level_names = _level_names()
        self.ai_seats = {PLAYER, RIVAL} if demo else {RIVAL}
        self.finishing: int | None = None  # the seat the remaining tricks go to, playing out
        self.builder = BeatBuilder(self._timing(), self.seat_name, self.second_person)
        self._bids: tuple[Button, ...] = ()  # as drawn last frame (the input reads them)
        self._side_buttons: tuple[Button, ...] = ()
        self._finish_button: Button | None = None
        self._claim: tuple[int, Claim | None] | None = None  # (actions, the offer) cached
        self.daily = self._daily_label()
        self._begin()

    # ----------------------------------------------------------------- setup
    @property
    def run(self) -> Run:
        return self.active.run

    @property
    def started(self) -> str:
        return self.active.started

    @property
    def L(self) -> TableLayout:
        return self.ctx.window.layout

    def _timing(self) -> dict[str, float]:
        scale = self.ctx.settings.speed()
        if self.finishing is not None:
            scale *= self.ctx.theme.timing["auto_finish_pace"]
        return {k: v * scale for k, v in self.ctx.theme.timing.items()}

    def _begin(self) -> None:
        run = self.run
        self.model.story = Story.of(run)
        if run.over:
            self.beats.queue.append(run_over_beat())
            return
        hand = run.match.hand
        if not hand.actions:
            self.beats.queue.extend(self.builder.deal(hand, len(run.match.hands)))
        else:
            self.model.sync(hand, len(run.match.hands))

    def _daily_label(self) -> str | None:
        """"Daily challenge · 1 Dec 2026 · counted" (or "· practice") for a daily run."""
        facts = self.ctx.session.daily_facts(self.active) if self.scored else None
        return None if facts is None else daily_label(facts.day, facts.counted)

    def seat_name(self, seat: int) -> str:
        return seat_name(seat, demo=self.demo is not None)

    def second_person(self, seat: int) -> bool:
        """"You take" but "Rival takes" (and "South takes" in the demo)."""
        return seat == PLAYER and not self.demo

    def level_of(self, seat: int) -> int | str:
        if self.practice is not None:
            return self.practice.level
        return self.demo.levels[seat] if self.demo else self.run.rival_level

    @property
    def scored(self) -> bool:
        """A run of the streak challenge: saved, recorded, on the board."""
        return self.demo is None and self.practice is None

    # ------------------------------------------------------------ the engine
    @property
    def hand(self) -> Hand:
        return self.run.match.hand

    def in_hand(self) -> bool:
        """A hand is being played (not between matches, not over)."""
        return (not self.run.over and not self.run.match.over
                and self.hand.phase in (Phase.BIDDING, Phase.PLAY))

    def idle(self) -> bool:
        return self.beats.idle()

    def human_turn(self) -> bool:
        return (PLAYER not in self.ai_seats and self.in_hand() and self.hand.to_move == PLAYER
                and not self.beats.hard_pending())

    def thinking(self) -> bool:
        """The rival thinks about the table shown: nothing moves (its last card
        has landed, the trick is collected), so the bubble never outlives its move."""
        return (self.in_hand() and self.hand.to_move == RIVAL and RIVAL in self.ai_seats
                and self.beats.idle())

    def apply(self, action: Action) -> bool:
        match, hand = self.run.match, self.run.match.hand
        try:
            events = self.run.apply(action)
        except IllegalAction as exc:
            self.beats.say(refusal_text(exc.refusal))
            return False
        if self.scored:
            self.ctx.session.save(self.active)
        if self.practice is not None:
            self.practice.forget()
        if self.finishing is not None and hand.phase is not Phase.PLAY:
            self.finishing = None  # the hand is over: the next one at the usual pace
        self.builder.t = self._timing()
        self.beats.queue.extend(self.builder.build(events, hand, match, self.run))
        self.input.arm(None, [])
        self.auto_wait = 0.0
        self.rivals.forget()
        if isinstance(action, Bid):
            self.input.bid_made()
        return True

    def try_play(self, card: Card, confirmed: bool = False) -> bool:
        """The player asks to play ``card``: the engine says whether it may."""
        if not self.human_turn() or self.hand.phase is not Phase.PLAY:
            self.beats.say(_("Wait for your turn"))
            return False
        refusal = self.hand.refusal(card)
        if refusal is not None:
            self.beats.say(refusal_text(refusal))
            self.input.arm(None, [])
            return False
        visible = self.model.visible_mine()
        if self.ctx.settings["confirm_play"] and not confirmed and self.input.armed != card:
            self.input.arm(card, visible)
            self.beats.say(_("Click again or press Enter to play {card}").format(card=card.label))
            return False
        self.beats.message = None
        ok = self.apply(card)
        if ok:
            self.input.played(len(visible))
        return ok

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        window = self.ctx.window
        self.beats.advance(dt, lambda: window.running, self._demo_panel_time())
        if self.beats.idle() and self.in_hand():
            self.model.tracked = self.run.match.view(PLAYER)
        self.beats.tick_messages(dt)
        self._drive(dt)
        if self.practice is not None:
            self.practice.poll()
        self._ease(dt)
        self.ctx.art.warm(self.L.card, self.ctx.settings["four_colour"], 1)

    def _demo_panel_time(self) -> float | None:
        if not self.demo:
            return None
        return float(self.ctx.theme.timing["demo_panel_fast" if self.demo.fast else "demo_panel"])

    def _drive(self, dt: float) -> None:
        idle = self.idle()
        self.idle_for = self.idle_for + dt if idle else 0.0
        if not self.in_hand():
            return
        hand = self.hand
        seat = hand.to_move
        if seat in self.ai_seats:
            self._drive_ai(seat, idle)
            return
        if not idle or hand.phase is not Phase.PLAY:
            return
        if self.finishing is not None:
            card = next_card(self.run.match.view(PLAYER), self.finishing)
            if card is not None and self.idle_for >= self._min_pause():
                self.apply(card)
            return
        if self.ctx.settings["auto_play_single"]:
            legal = hand.legal_cards()
            if len(legal) == 1:
                self.auto_wait += dt
                settings = self.ctx.settings
                delay = self.ctx.theme.timing["auto_play_delay"] * settings.pause_scale
                if self.auto_wait >= delay * max(0.3, settings.speed()):
                    self.apply(legal[0])

    def _drive_ai(self, seat: int, idle: bool) -> None:
        self.rivals.ask(self.run, seat, self.level_of(seat), now=not self.beats.hard_pending())
        if not idle or not self.rivals.ready() or self.idle_for < self._min_pause():
            return
        self.apply(self.rivals.take(self.run))

    def _min_pause(self) -> float:
        """The last card stays visible a moment before the rival answers it,
        however fast the rival thought (the pause counts from the card's landing)."""
        if self.demo and self.demo.fast:
            return 0.0
        settings = self.ctx.settings
        scale = min(1.0, max(0.25, settings.speed())) * settings.pause_scale
        if self.finishing is not None:
            scale *= self.ctx.theme.timing["auto_finish_pace"]
        return float(self.ctx.theme.timing["rival_min_pause"]) * scale

    def _ease(self, dt: float) -> None:
        visible = self.model.visible_mine()
        hover = self.input.hover if self.human_turn() else None
        targets = hand_targets(self.L, self.model, self.input.chosen(visible), hover)
        rate = self.ctx.theme.layout["ease_rate"]
        k = 1.0 if self.ctx.settings.speed() == 0 else min(1.0, dt * rate)
        self.places.ease(targets, self.L, self.model.rival, k)

    # -------------------------------------------------- the rest of the hand
    def offer_claim(self) -> Claim | None:
        """"The rest are yours / the rival's": offered on the player's turn when
        the solver finds nothing left to decide (a setting, on by default)."""
        if (self.finishing is not None or not self.ctx.settings.get("auto_finish", True)
                or self.demo or not self.human_turn() or not self.idle()
                or self.hand.phase is not Phase.PLAY or not self.hand.strict):
            return None
        moves = len(self.run.actions)
        if self._claim is None or self._claim[0] != moves:
            self._claim = (moves, claim(self.run.match.view(PLAYER)))
        return self._claim[1]

    def finish_rest(self) -> None:
        offer = self.offer_claim()
        if offer is None:
            return
        self.finishing = offer.seat
        self.builder.t = self._timing()
        self.apply(offer.card)

    # ------------------------------------------------------------ the beats
    def _resolve(self, anchor: Anchor) -> pygame.Rect:
        return self.places.resolve(anchor, self.L, self.model)

    def _landed_in_hand(self, card: Card, rect: pygame.Rect) -> None:
        self.places.landed(card, rect)

    def _make_panel(self, b: Beat) -> InfoPanel:
        self.input.hide_last()
        if isinstance(b.payload, HandOver):
            return hand_over_panel(b.payload, self.seat_name, self.second_person)
        standing = self.ctx.session.standing(self.active) if self.scored else None
        on_export = self._export if self.scored else None
        return run_over_panel(self.run, standing, self.scored, on_export)

    def _export(self) -> None:
        """"Export run" on the run-over panel: the export screen over the table."""
        source = ExportSource(str(self.run.seed), tuple(self.run.actions),
                              self.ctx.session.default_name(), self.started, now_iso(),
                              self.run.abandoned, daily_of(str(self.run.seed)))
        self.ctx.nav.push(Route.EXPORT, source=source)

    def _beat_finished(self, b: Beat) -> None:
        if b.kind is BeatKind.HAND_OVER:
            self.hands_done += 1
        if b.kind is BeatKind.RUN_OVER:
            self._after_run()
        if self.demo and self.demo.hands and self.hands_done >= self.demo.hands:
            self.ctx.window.quit()

    def _after_run(self) -> None:
        if self.demo:  # the demo plays on: a fresh run from a derived seed
            self.runs_played += 1
            self.active = ActiveRun(Run(f"{self.demo.seed}/{self.runs_played}"), "")
            self.model.story = Story.of(self.run)
            self.beats.queue.extend(self.builder.deal(self.run.match.hand, 1))
            return
        if self.practice is not None:  # nothing to record: back to the title
            self.ctx.nav.reset(Route.TITLE)
            return
        self._run_finished()

    def _run_finished(self) -> None:
        """The run-over panel was dismissed: a name if it makes the board, then
        the board; otherwise it is recorded under the last name used."""
        session, nav = self.ctx.session, self.ctx.nav
        if session.qualifies(self.run.score):
            nav.reset(Route.TITLE)
            nav.push(Route.NAME_ENTRY, active=self.active)
            return
        session.record_untyped(self.active)
        nav.reset(Route.TITLE)

    def abandon(self) -> None:
        """The player abandoned from the menu: the run ends, its panel shows.
        Whatever was still moving lands first (no card vanishes behind the panel)."""
        if self.practice is None:
            self.ctx.session.abandon(self.active)
        else:
            self.run.abandon()  # practice: nothing is recorded
        self.beats.flush()
        self.finishing = None
        self.rivals.forget()
        self.beats.queue.append(run_over_beat())

    # -------------------------------------------------------------- practice
    def ask_hint(self) -> None:
        """H on a practice table, on the player's turn: level 4's advice."""
        if self.practice is None:
            return
        if not (self.human_turn() and self.idle()):
            self.beats.say(_("Hints are given on your turn"))
            return
        self.practice.ask_hint(self.run)

    def undo(self) -> None:
        """U on a practice table: the player's last card and the rival's answer
        are taken back (the run is rebuilt without them)."""
        if self.practice is None or not self.in_hand() or self.beats.panel is not None:
            return
        actions = self.practice.undo(self.run)
        if actions is None:
            self.beats.say(_("Nothing to undo"))
            return
        self.active = ActiveRun(Run.replay(self.run.seed, actions), "")
        self.beats.clear()
        self.rivals.forget()
        self.practice.forget()
        self.places.clear()
        self.input.forget()
        self.finishing = None
        self.model.sync(self.hand, len(self.run.match.hands))

    def toggle_face_up(self) -> None:
        """V on a practice table: the rival's cards face up, or down again."""
        if self.practice is not None:
            self.practice.face_up = not self.practice.face_up

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        for intent in self.input.handle(event, self._input_view()):
            self.perform(intent)

    def _input_view(self) -> InputView:
        return InputView(self.L, self.demo is not None, self.beats.panel is not None,
                         self.beats.skippable(), tuple(self.card_rects()), self._bids,
                         self._side_buttons, self._finish_button)

    def perform(self, intent: Intent) -> None:
        """Apply one intent of the player's."""
        if isinstance(intent, PlayCard):
            self.try_play(intent.card, intent.confirmed)
        elif isinstance(intent, PlaceBid):
            if self.human_turn() and self.idle():
                self.apply(intent.bid)
        elif isinstance(intent, OpenMenu):
            self.open_menu()
        elif isinstance(intent, Hurry | Skip):
            self.beats.hurry()
        elif isinstance(intent, PanelInput):
            panel = self.beats.panel
            if panel is not None:
                panel.handle(intent.event, self.L)
                if panel.wants_review:
                    self.open_review(panel)
        elif isinstance(intent, Practice):
            {"hint": self.ask_hint, "undo": self.undo, "face_up": self.toggle_face_up}[
                intent.what]()
        elif isinstance(intent, FinishRest):
            self.finish_rest()

    def open_menu(self) -> None:
        self.ctx.nav.push(Route.PAUSE, demo=bool(self.demo), run_over=self.run.over,
                          on_abandon=self.abandon, practice=self.practice is not None,
                          active=self.active)

    def open_review(self, panel: InfoPanel) -> None:
        """The hand just finished, reviewed on its own screen; the run waits
        untouched under it (Back returns to this panel)."""
        panel.wants_review = False
        if panel.review is not None:
            record, title = panel.review
            self.ctx.nav.push(Route.REVIEW, record=record, title=title)

    def card_rects(self) -> list[tuple[Card, pygame.Rect]]:
        """Your visible cards and where they are drawn, left to right."""
        return self.places.card_rects(self.model.visible_mine(), self.L)

    def illegal_now(self) -> set[Card]:
        """The cards dimmed: the seat to move is yours and the engine forbids them."""
        if not self.in_hand() or self.hand.phase is not Phase.PLAY or self.hand.to_move != PLAYER:
            return set()
        legal = set(self.hand.legal_cards())
        return {c for c in self.model.mine if c not in legal}

    # ---------------------------------------------------------------- drawing
    def resize(self) -> None:
        """A new window size, or a new language: the open panel is made again."""
        self.places.clear()
        beat = self.beats.beat
        if self.beats.panel is not None and beat is not None and beat.panel is not None:
            age = self.beats.panel.age
            self.beats.panel = self._make_panel(beat)
            self.beats.panel.age = age

    def draw(self, surf: pygame.Surface) -> None:
        state = self.state()
        self._bids, self._side_buttons = state.bid_buttons, state.side_buttons
        self._finish_button = state.finish_button
        self.renderer.draw(surf, state)

    def damage(self) -> list[pygame.Rect] | None:
        return self.renderer.damage()

    def invalidate(self) -> None:
        self.renderer.invalidate()

    def state(self) -> TableState:
        """What this frame shows, frozen: the shown model, never the engine's future."""
        L, m, settings, inp = self.L, self.model, self.ctx.settings, self.input
        four = bool(settings["four_colour"])
        mouse = pygame.mouse.get_pos()
        visible = m.visible_mine()
        chosen = None if self.demo else inp.chosen(visible)
        dim = self.illegal_now()
        dragged = None
        if inp.drag is not None:
            (x, y), (ox, oy) = inp.drag.pos, inp.drag.offset
            dragged = (inp.drag.card, pygame.Rect(x - ox, y - oy, *L.card))
        bids, prompt = self._bid_buttons(mouse)
        return TableState(
            layout=L, four_colour=four, seat_names=(self.seat_name(0), self.seat_name(1)),
            turned=m.turned, trump=m.trump, pack=m.pack, stock_started=m.stock_started,
            won=(m.won[0], m.won[1]), trick=tuple(m.trick),
            rival_x=tuple(self.places.rival_x[:m.rival - m.rival_hidden]),
            thinking=self.thinking(),
            hand=tuple(HandCard(card, rect, card in dim, card == chosen)
                       for card, rect in self.card_rects()),
            dragged=dragged, bid_buttons=tuple(bids), bid_prompt=prompt,
            bubbles=tuple(m.bubbles.items()),
            banners=tuple((b.text, b.seat) for b in self.beats.banners),
            message=self._message(), flights=self._flights(),
            show_last=inp.show_last, last_trick=m.last_trick, panel=self.beats.panel,
            side=self._side_state(mouse, four),
            side_buttons=tuple(side_buttons(L, inp.show_last, inp.show_tracker, mouse)),
            practice=self._practice_state(), rival_plate=self._rival_plate(),
            rival_faces=self._rival_faces(),
            celebration=self._celebration(), finish_button=self._finish(mouse),
            human_turn=self.human_turn() and self.idle(), idle=self.idle(),
            phase=self.hand.phase if self.in_hand() else None)

    def _rival_plate(self) -> str:
        """The name plate at the rival's hand: its name and level."""
        seat = RIVAL
        level = self.level_of(seat) if not self.scored else self.model.story.rival_level
        name = self.level_names.get(level) if isinstance(level, int) else None
        who = self.seat_name(seat).split(" (")[0]
        if name:
            return _("{who} · level {level} · {name}").format(who=who, level=level, name=_(name))
        return _("{who} · level {level}").format(who=who, level=level)

    def _celebration(self) -> CelebrationView | None:
        b = self.beats.beat
        if b is None or b.kind is not BeatKind.CELEBRATE or not isinstance(b.payload,
                                                                          Celebration):
            return None
        total = b.total()
        progress = 1.0 if total <= 0 else min(1.0, self.beats.beat_t / total)
        return CelebrationView(b.payload, progress)

    def _finish(self, mouse: tuple[int, int]) -> Button | None:
        offer = self.offer_claim()
        if offer is None:
            return None
        label = (_("The rest are yours: play them out (F)") if offer.seat == PLAYER
                 else _("The rest are the rival's: play them out (F)"))
        f = self.L.fonts
        w = gfx.button_row_width([label], f.body, f.body)
        rect = pygame.Rect(0, 0, w, self.L.button_h)
        rect.midbottom = (self.L.centre[0], self.L.hand_y - self.L.raise_px - f.body)
        btn = Button(rect, label, "finish", primary=True)
        btn.hover = rect.collidepoint(mouse)
        return btn

    def _rival_faces(self) -> tuple[Card, ...] | None:
        """The rival's cards face up: on a practice table when asked (V), and for
        everyone once the stock is empty (every card is known then; a setting)."""
        if self.practice is not None and self.practice.face_up and self.in_hand():
            return tuple(self.hand.hands[RIVAL])
        if self.model.rival_open is not None and self.ctx.settings["open_end"]:
            return tuple(self.model.rival_open)
        return None

    def _practice_state(self) -> PracticeState | None:
        if self.practice is None:
            return None
        return self.practice.state(self.run)

    def _bid_buttons(self, mouse: tuple[int, int]) -> tuple[list[Button], str | None]:
        hand = self.hand
        if not (self.human_turn() and self.idle() and hand.phase is Phase.BIDDING):
            return [], None
        f = self.L.fonts
        legal = hand.legal_bids()
        labels = [bid_words(b, hand.turned.suit, suit_named=True) for b in legal]
        rects = bid_buttons(self.L, gfx.button_row_width(labels, f.body, f.body), len(labels))
        self.input.bid_focus %= len(labels)
        buttons = []
        for i, (bid, label, rect) in enumerate(zip(legal, labels, rects)):
            btn = Button(rect, label, bid, primary=bid.is_take, focus=i == self.input.bid_focus)
            btn.hover = rect.collidepoint(mouse)
            buttons.append(btn)
        if hand.bid_round == 1:
            prompt = _("Take {suit} as trump?").format(suit=SUIT_SYMBOLS[hand.turned.suit])
        elif PASS not in legal:
            prompt = _("Third deal: you must name a trump")
        else:
            prompt = _("Name a trump, or pass")
        return buttons, prompt

    def _message(self) -> str | None:
        if self.beats.message:
            return self.beats.message.text
        if self.human_turn() and self.idle() and self.hand.phase is Phase.PLAY:
            if self.finishing is not None or self.offer_claim() is not None:
                return None  # the offer to play the rest out says whose turn it is
            return _("Your lead") if not self.hand.current else _("Your turn")
        return None

    def _flights(self) -> tuple[FlightView, ...]:
        b = self.beats.beat
        if b is None:
            return ()
        out = []
        for f in b.flights:
            if not f.launched or f.landed:
                continue
            p = self.beats.flight_progress(f)
            a, z = f.src_rect, self._resolve(f.dst)
            assert isinstance(a, pygame.Rect), "a launched flight knows where it left"
            rect = pygame.Rect(round(a.x + (z.x - a.x) * p), round(a.y + (z.y - a.y) * p),
                               round(a.w + (z.w - a.w) * p), round(a.h + (z.h - a.h) * p))
            out.append(FlightView(f.card if f.face_up else None, rect))
        return tuple(out)

    def _side_state(self, mouse: tuple[int, int], four: bool) -> SideState:
        """The side panel from the story shown so far (``model.story``)."""
        m, run, inp = self.model, self.run, self.input
        story = m.story
        tracker = m.tracked if inp.show_tracker else None
        return SideState(
            size=self.L.size, demo_levels=tuple(self.demo.levels) if self.demo else None,
            level_names=tuple(sorted(self.level_names.items())),
            rival_level=self.practice.level if self.practice else story.rival_level,
            streak=story.streak, score=story.score,
            hand_scores=tuple(story.hand_scores),
            hands_started=story.hands_started, match_scores=story.match_scores,
            seat_names=(self.seat_name(0), self.seat_name(1)), trump=m.trump, taker=m.taker,
            points=m.points, last_bonus=m.last_bonus, won=(m.won[0], m.won[1]), pack=m.pack,
            stock_started=m.stock_started, deal_number=story.deal_number,
            show_points=bool(self.ctx.settings.get("show_points")), four_colour=four,
            show_tracker=inp.show_tracker, show_last=inp.show_last, tracker=tracker,
            hover=tuple(r.collidepoint(mouse) for r in self.L.panel_buttons),
            commitment=commitment(str(run.seed)), seed=str(run.seed) if story.over else None,
            language=current_language(), practice=self.practice is not None,
            history=tuple(story.history), daily=self.daily)

    # ---------------------------------------------------------------- demo
    def after_draw(self, surf: pygame.Surface) -> None:
        if self.shots is None or not self.ctx.window.running:
            return
        phase = self._demo_phase()
        if phase is None:
            return
        key: tuple[object, ...] = (self.runs_played, len(self.run.results),
                                   len(self.run.match.hands), phase)
        if phase == "end_of_match":
            key = (self.runs_played, len(self.run.results), phase)
        self.shots.maybe_take(surf, key, phase, self.ctx.window.not_a_game_frame)

    def _demo_phase(self) -> str | None:
        panel = self.beats.panel
        if panel is not None:
            if panel.age < 0.08:
                return None
            beat = self.beats.beat
            if beat is not None and isinstance(beat.payload, HandOver):
                return "end_of_match" if beat.payload.match is not None else "end_of_hand"
            return None
        if not self.idle() or not self.in_hand():
            return None
        hand = self.hand
        if hand.phase is Phase.BIDDING:
            return "bidding"
        if len(self.model.trick) != 1:
            return None
        if not hand.strict and hand.trick_number >= 3:
            return "free_play"
        # strict play, preferably when South must follow and has cards dimmed
        if hand.strict and hand.to_move == PLAYER and (
                self.illegal_now() or hand.trick_number >= 14):
            return "strict_play"
        return None


def daily_of(seed: str) -> str | None:
    """The daily challenge's date a seed belongs to (YYYY-MM-DD), or None."""
    if not seed.startswith(DAILY_PREFIX):
        return None
    try:
        return parse_daily_date(seed[len(DAILY_PREFIX):]).isoformat()
    except DailyDateError:
        return None
