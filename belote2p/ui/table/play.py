"""The run in play at the table: input's intents and the AI's answers become
engine actions here and nowhere else, and their events become beats.

A card is offered to ``hand.refusal`` before it is played, bids come from
``legal_bids``.  The AI seats think in the worker; the table polls the future
every frame and never waits for it.  The model is re-read from the engine
(``TableModel.sync``) only when a run is resumed or rebuilt (practice's
undo); otherwise only the beats change it.
"""

from __future__ import annotations

from ...core.actions import Action, Bid, Event, EventKind, IllegalAction, Phase
from ...core.cards import Card
from ...core.events import HandScored
from ...core.hand import Hand
from ...core.match import PLAYER, RIVAL, Run
from ...services.card_words import card_label
from ...services.i18n import _
from ...services.run_session import ActiveRun
from ..context import SceneContext
from ..words import refusal_text
from .animation import BeatHooks, BeatPlayer
from .comparison import Comparisons
from .finish import Claim, claim, next_card
from .input import TableInput
from .mode import TableMode
from .model import BeatBuilder, Story, TableModel, run_over_beat
from .positions import CardPositions
from .rival_seat import RivalSeats


class TablePlay:
    def __init__(self, ctx: SceneContext, active: ActiveRun, mode: TableMode,
                 hooks: BeatHooks):
        self.ctx, self.mode = ctx, mode
        self._active = active
        self.model = TableModel()
        self.beats = BeatPlayer(self.model, ctx.sounds, ctx.theme.timing, hooks)
        self.places = CardPositions()
        self.input = TableInput()
        self.rivals: RivalSeats = mode.rival_seats(ctx.worker)
        # level 4 in your seat, hand by hand (kept with a scored run)
        self.comparisons = Comparisons(
            ctx.worker, ctx.session.store if mode.keeps_comparisons else None)
        self.finishing: int | None = None  # the seat the remaining tricks go to, playing out
        self.builder = BeatBuilder(self.timing(), mode.seat_name, mode.second_person)
        self.idle_for = 0.0
        self.auto_wait = 0.0
        self._pack_shown: int | None = None  # the stock as last shown: a deal or a draw moved it
        self._claim: tuple[int, Claim | None] | None = None  # (actions, the offer) cached
        self.restart(active, deal=True)
        mode.bind(self)

    # ------------------------------------------------------------ the run
    @property
    def active(self) -> ActiveRun:
        return self._active

    @property
    def run(self) -> Run:
        return self._active.run

    @property
    def hand(self) -> Hand:
        return self.run.match.hand

    def restart(self, active: ActiveRun, deal: bool) -> None:
        """Play ``active`` from where it stands: its story is the run's (everything
        up to here has been told), its hand dealt anew (``deal``) or snapped to
        the engine (a resumed run, practice's undo)."""
        self._active = active
        run = active.run
        self.beats.clear()
        self.rivals.forget()
        self.places.clear()
        self.input.forget()
        self.finishing = None
        self.model.story = Story.of(run)
        if run.over:
            self.beats.queue.append(run_over_beat())
            return
        hand = run.match.hand
        if deal and not hand.actions:
            dealt = hand.dealt(EventKind.NEXT_HAND, len(run.match.hands))
            self.beats.queue.extend(self.builder.deal(dealt))
        else:
            self.model.sync(hand, len(run.match.hands))

    def timing(self) -> dict[str, float]:
        timing = self.ctx.theme.timing
        scale = self.ctx.settings.speed()
        if self.finishing is not None:
            scale *= timing["auto_finish_pace"]
        scaled = {k: v * scale for k, v in timing.items()}
        if self.finishing is None and scale > 0:  # a trick stays long enough to read, at Fast too
            scaled["trick_pause"] = timing["trick_pause"] * max(1.0, scale)
        return scaled

    def say(self, text: str) -> None:
        self.beats.say(text)

    # ---------------------------------------------------------- questions
    def in_hand(self) -> bool:
        """A hand is being played (not between matches, not over)."""
        return (not self.run.over and not self.run.match.over
                and self.hand.phase in (Phase.BIDDING, Phase.PLAY))

    def idle(self) -> bool:
        return self.beats.idle()

    def human_turn(self) -> bool:
        return (PLAYER not in self.mode.ai_seats and self.in_hand()
                and self.hand.to_move == PLAYER and not self.beats.hard_pending())

    def thinking(self) -> bool:
        """The rival thinks about the table shown: nothing moves (its last card
        has landed, the trick is collected), so the bubble never outlives its move."""
        return (self.in_hand() and self.hand.to_move == RIVAL and RIVAL in self.mode.ai_seats
                and self.beats.idle())

    def illegal_now(self) -> set[Card]:
        """The cards dimmed: the seat to move is yours and the engine forbids them,
        once the table shows the engine's position (nothing moves): while the
        beats still tell an earlier one, no card is greyed for a position not shown."""
        if (not self.in_hand() or self.hand.phase is not Phase.PLAY
                or self.hand.to_move != PLAYER or not self.beats.idle()):
            return set()
        legal = set(self.hand.legal_cards())
        return {c for c in self.model.mine if c not in legal}

    # ------------------------------------------------------------ actions
    def apply(self, action: Action) -> bool:
        if self.mode.holds(action, self):
            return True
        hand = self.run.match.hand
        try:
            events = self.run.apply(action)
        except IllegalAction as exc:
            self.say(refusal_text(exc.refusal))
            return False
        self.mode.played(self._active)
        self.mode.changed()
        if self.finishing is not None and hand.phase is not Phase.PLAY:
            self.finishing = None  # the hand is over: the next one at the usual pace
        self.builder.t = self.timing()
        self._compare(events)
        self.beats.queue.extend(self.builder.build(events))
        self.input.arm(None, [])
        self.auto_wait = 0.0
        self.rivals.forget()
        if isinstance(action, Bid):
            self.input.bid_made()
        return True

    def _compare(self, events: list[Event]) -> None:
        """A hand just ended (every card is public now): level 4 in the player's
        seat is asked of the worker for its panel (the demo seats no player)."""
        if not self.mode.seated or not self.mode.compares:
            return
        for ev in events:
            if isinstance(ev, HandScored):
                self.comparisons.ask(str(self.run.seed), self._active.started,
                                     tuple(self.run.actions), (ev.match_index, ev.hand_no - 1))

    def try_play(self, card: Card, confirmed: bool = False) -> bool:
        """The player asks to play ``card``: the engine says whether it may."""
        if not self.human_turn() or self.hand.phase is not Phase.PLAY:
            self.say(_("Wait for your turn"))
            return False
        refusal = self.hand.refusal(card)
        if refusal is not None:
            self.say(refusal_text(refusal))
            self.input.arm(None, [])
            return False
        visible = self.model.visible_mine()
        if self.ctx.settings["confirm_play"] and not confirmed and self.input.armed != card:
            self.input.arm(card, visible)
            self.say(_("Click again or press Enter to play {card}").format(card=card_label(card)))
            return False
        self.beats.message = None
        ok = self.apply(card)
        if ok:
            self.input.played(len(visible))
        return ok

    def bid(self, bid: Bid) -> None:
        if self.human_turn() and self.idle():
            self.apply(bid)

    def abandon(self) -> None:
        """The run ends, its panel shows.  Whatever was still moving lands
        first (no card vanishes behind the panel)."""
        self.mode.abandon(self._active)
        self.beats.flush()
        self.finishing = None
        self.rivals.forget()
        self.beats.queue.append(run_over_beat())

    # --------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.beats.advance(dt, lambda: self.ctx.window.running, self.mode.panel_time())
        if self.model.pack != self._pack_shown:  # new cards in the hands: choose afresh
            self._pack_shown = self.model.pack
            self.input.fresh()
        if self.beats.idle() and self.in_hand():
            self.model.tracked = self.run.match.view(PLAYER)  # the table is the engine's now
        self.beats.tick_messages(dt)
        self._drive(dt)
        self.mode.poll()
        self.comparisons.poll()

    def _drive(self, dt: float) -> None:
        idle = self.idle()
        self.idle_for = self.idle_for + dt if idle else 0.0
        if not self.in_hand():
            return
        hand = self.hand
        seat = hand.to_move
        if seat in self.mode.ai_seats:
            self._drive_ai(seat, idle)
            return
        if not idle or hand.phase is not Phase.PLAY:
            return
        if self.finishing is not None:
            card = next_card(self.run.match.view(PLAYER), self.finishing)
            if card is not None and self.idle_for >= self.min_pause():
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
        self.rivals.ask(self.run, seat, self.mode.ai_level(seat, self.run),
                        now=not self.beats.hard_pending())
        if not idle or not self.rivals.ready() or self.idle_for < self.min_pause():
            return
        self.apply(self.rivals.take(self.run))

    def min_pause(self) -> float:
        """The last card stays visible a moment before the rival answers it,
        however fast the rival thought (the pause counts from the card's landing)."""
        settings = self.ctx.settings
        scale = min(1.0, max(0.25, settings.speed())) * settings.pause_scale
        scale *= self.mode.pause_scale()
        if self.finishing is not None:
            scale *= self.ctx.theme.timing["auto_finish_pace"]
        return float(self.ctx.theme.timing["rival_min_pause"]) * scale

    # ---------------------------------------------- the rest of the hand
    def offer_claim(self) -> Claim | None:
        """"The rest are yours / the rival's": offered on the player's turn when
        the solver finds nothing left to decide (a setting, on by default)."""
        if (self.finishing is not None or not self.ctx.settings.get("auto_finish", True)
                or not self.mode.offers_claim() or not self.human_turn() or not self.idle()
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
        self.builder.t = self.timing()
        self.apply(offer.card)
