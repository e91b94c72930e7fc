"""The table: the run in play, drawn from the engine and animated by beats.

Input becomes engine actions here and nowhere else: a card is offered to
``hand.why_illegal`` before it is played, bids come from ``legal_bids``.  The
rival (and both seats in the demo) think in the worker; the table polls the
future every frame and never waits for it.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from dataclasses import dataclass
from typing import Optional

import pygame

from ..cards import Card
from ..actions import Bid, IllegalAction, Phase, parse_action
from . import gfx
from .gfx import Button
from .layout import hand_slots, rival_slots
from .model import HUMAN, RIVAL, BeatBuilder, TableModel
from .panels import InfoPanel, hand_over_panel, match_over_panel, run_over_panel
from .scene import Scene
from .table_view import TableDrawing
from .theme import texts


@dataclass(frozen=True)
class DemoConfig:
    levels: tuple  # seat 0's level, seat 1's level
    hands: Optional[int] = None  # stop after this many hands (None: until closed)
    fast: bool = False
    screenshots: Optional[str] = None
    seed: str = "0"


DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def _level_names() -> dict:
    try:
        from ..ai.levels import load_levels

        return {n: lv.name for n, lv in load_levels().items()}
    except Exception:  # noqa: BLE001 - a name is decoration; the AI reports bad files itself
        return {}


class TableScene(TableDrawing, Scene):
    def __init__(self, app, run, started: str, demo: DemoConfig | None = None):
        super().__init__(app)
        self.run, self.started, self.demo = run, started, demo
        self.t = texts()
        self.model = TableModel()
        self.queue: deque = deque()
        self.beat = None
        self.beat_t = 0.0
        self.panel: InfoPanel | None = None
        self.pos: dict[Card, list[float]] = {}
        self.rival_x: list[float] = []
        self.sel: int | None = None  # keyboard choice, index into the visible hand
        self.armed: Card | None = None  # chosen once, waiting for confirmation
        self.hover: Card | None = None
        self.press = None  # (card, pos) of a mouse press on a card
        self.drag = None  # {"card", "offset", "pos"} while dragging
        self.message: list | None = None  # [text, seconds left]
        self.banners: list[list] = []  # [text, seat or None, seconds left]
        self.show_last = False
        self.show_tracker = True
        self.pending = None  # (future, seat, action count, run)
        self.idle_for = 0.0
        self.auto_wait = 0.0
        self.bid_focus = 0
        self.bid_btns: list[Button] = []
        self.side_btns: list[Button] = []
        self.hands_done = 0
        self.shots: set = set()
        self.shot_n = 0
        self.runs_played = 1
        self.level_before = run.rival_level
        self.level_names = _level_names()
        self.ai_seats = {HUMAN, RIVAL} if demo else {RIVAL}
        self.builder = BeatBuilder(self._timing(), self.t, self.seat_name, self.second_person)
        self._begin()

    # ----------------------------------------------------------------- setup
    @property
    def L(self):
        return self.app.layout

    def _timing(self) -> dict:
        scale = self.app.speed()
        return {k: v * scale for k, v in self.app.theme.timing.items()}

    def _begin(self) -> None:
        run = self.run
        if run.over:
            self.queue.append(self._run_over_beat())
            return
        hand = run.match.hand
        if not hand.actions:
            self.queue.extend(self.builder.deal(hand, len(run.match.hands)))
        else:
            self.model.sync(hand, len(run.match.hands))

    def _run_over_beat(self):
        from .model import Beat

        return Beat("run_over", modal="run_over", hard=True)

    def seat_name(self, seat: int) -> str:
        if self.demo:
            return self.t.get("seat_demo")[seat]
        return self.t.get("seat")[seat]

    def second_person(self, seat: int) -> bool:
        """"You take" but "Rival takes" (and "South takes" in the demo)."""
        return seat == HUMAN and not self.demo

    def level_of(self, seat: int):
        if self.demo:
            return self.demo.levels[seat]
        return self.run.rival_level

    # ------------------------------------------------------------ the engine
    @property
    def hand(self):
        return self.run.match.hand

    def in_hand(self) -> bool:
        """A hand is being played (not between matches, not over)."""
        return (not self.run.over and not self.run.match.over
                and self.hand.phase in (Phase.BIDDING, Phase.PLAY))

    def hard_pending(self) -> bool:
        return (self.beat is not None and self.beat.hard) or any(b.hard for b in self.queue)

    def idle(self) -> bool:
        return self.beat is None and not self.queue

    def human_turn(self) -> bool:
        return (HUMAN not in self.ai_seats and self.in_hand() and self.hand.to_move == HUMAN
                and not self.hard_pending())

    def apply(self, action) -> bool:
        match, hand = self.run.match, self.run.match.hand
        try:
            events = self.run.apply(action)
        except IllegalAction as exc:
            self.say(str(exc))
            return False
        if not self.demo:
            self._save()
        self.builder.t = self._timing()
        self.queue.extend(self.builder.build(events, hand, match, self.run))
        self.armed, self.pending, self.auto_wait = None, None, 0.0
        if isinstance(action, Bid):
            self.sel = None
        return True

    def _save(self) -> None:
        try:
            self.app.store.save_run(str(self.run.seed), list(self.run.actions), self.started)
        except Exception as exc:  # noqa: BLE001 - the store reports; the game goes on
            self.app.toast(str(exc))

    # ------------------------------------------------------------- messages
    def say(self, text: str) -> None:
        self.message = [text, self.app.theme.timing["message"]]

    def _tick_messages(self, dt: float) -> None:
        if self.message:
            self.message[1] -= dt
            if self.message[1] <= 0:
                self.message = None
        for b in self.banners:
            b[2] -= dt
        self.banners = [b for b in self.banners if b[2] > 0]

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self._advance(dt)
        self._tick_messages(dt)
        self._drive(dt)
        self._ease(dt)
        self.app.art.warm(self.L.card, self.app.settings["four_colour"], 1)

    def _advance(self, dt: float) -> None:
        budget = dt
        while self.app.running:  # the demo may stop in the middle of a frame
            if self.beat is None:
                if not self.queue:
                    if self.in_hand():
                        self.model.sync(self.hand, len(self.run.match.hands))
                    return
                self._start_beat(self.queue.popleft())
            b = self.beat
            if b.modal:
                if self.panel is not None:
                    self.panel.age += budget
                    budget = 0.0
                    if self.demo and self.panel.age >= self._demo_panel_time():
                        self.panel.done = True
                if self.panel is None or not self.panel.done:
                    return
                self._finish_beat()
                continue
            self.beat_t += budget
            budget = 0.0
            self._fly(b)
            if self.beat_t >= b.total():
                self._finish_beat()
                continue
            return

    def _demo_panel_time(self) -> float:
        key = "demo_panel_fast" if self.demo.fast else "demo_panel"
        return self.app.theme.timing[key]

    def _start_beat(self, b) -> None:
        for f in b.flights:
            f.src_rect = self._resolve(f.src)
        if b.start:
            b.start(self.model)
        self.app.sounds.play(b.sound)
        if b.banner:
            text, seat = b.banner
            # one banner per place: a newer announcement replaces the older one
            self.banners = [x for x in self.banners if x[1] != seat]
            self.banners.append([text, seat, max(b.total(), self.app.theme.timing["announce"])])
        if b.modal:
            self.panel = self._make_panel(b)
            self.banners.clear()
            self.show_last = False
        self.beat, self.beat_t = b, 0.0

    def _fly(self, b) -> None:
        for f in b.flights:
            if not f.launched and self.beat_t >= f.delay:
                f.launched = True
                if f.launch:
                    f.launch(self.model)
                self.app.sounds.play(f.sound)
            if f.launched and not f.landed and self.beat_t >= f.delay + f.dur:
                self._land(f)

    def _land(self, f) -> None:
        f.landed = True
        rect = self._resolve(f.dst)
        if f.land:
            f.land(self.model)
        if f.card is not None and f.dst[0] == "hand" and f.dst[1] == HUMAN:
            self.pos[f.card] = [float(rect.x), float(rect.y)]

    def _finish_beat(self) -> None:
        b = self.beat
        for f in b.flights:
            if not f.launched:
                f.launched = True
                if f.launch:
                    f.launch(self.model)
            if not f.landed:
                self._land(f)
        if b.end:
            b.end(self.model)
        self.beat, self.panel = None, None
        if b.kind == "match_over":
            self.level_before = self.run.rival_level
        if b.kind == "hand_over":
            self.hands_done += 1
        if b.kind == "run_over":
            self._after_run()
        if self.demo and self.demo.hands and self.hands_done >= self.demo.hands:
            if not (self.queue and self.queue[0].kind == "match_over"):
                self.app.quit()

    def _after_run(self) -> None:
        if self.demo:  # the demo plays on: a fresh run from a derived seed
            from ..match import Run

            self.runs_played += 1
            self.run = Run(f"{self.demo.seed}/{self.runs_played}")
            self.level_before = self.run.rival_level
            self.queue.extend(self.builder.deal(self.run.match.hand, 1))
            return
        from .flow import run_finished

        run_finished(self.app, self.run, self.started)

    def _make_panel(self, b) -> InfoPanel:
        if b.kind == "hand_over":
            return hand_over_panel(b.data, self.seat_name)
        if b.kind == "match_over":
            data = dict(b.data, demo=bool(self.demo))
            return match_over_panel(data, self.seat_name, self.level_before)
        qualifies = None
        if not self.demo:
            try:
                qualifies = bool(self.app.store.qualifies(self.run.score))
            except Exception:  # noqa: BLE001
                qualifies = None
        return run_over_panel(self.run, qualifies)

    # ------------------------------------------------------------ the seats
    def _drive(self, dt: float) -> None:
        idle = self.idle()
        self.idle_for = self.idle_for + dt if idle else 0.0
        if not self.in_hand():
            return
        hand = self.hand
        seat = hand.to_move
        if seat in self.ai_seats:
            self._drive_ai(seat, idle)
        elif idle and hand.phase is Phase.PLAY and self.app.settings["auto_play_single"]:
            legal = hand.legal_cards()
            if len(legal) == 1:
                self.auto_wait += dt
                delay = self.app.theme.timing["auto_play_delay"] * self.app.min_pause_scale
                if self.auto_wait >= delay * max(0.3, self.app.speed()):
                    self.apply(legal[0])

    def _drive_ai(self, seat: int, idle: bool) -> None:
        key_count = len(self.run.actions)
        if self.pending is not None and (self.pending[3] is not self.run or self.pending[2] != key_count):
            self.pending = None  # the game moved on (a new demo run)
        if self.pending is None and not self.hard_pending():
            key = f"{self.run.seed}/seat{seat}/{key_count}"
            future = self.app.worker.submit(self.level_of(seat), key, self.run.match.view(seat))
            self.pending = (future, seat, key_count, self.run)
        if self.pending is None or not idle or not self.pending[0].done():
            return
        if self.idle_for < self._min_pause():
            return
        self.apply(self._ai_action(self.pending[0], seat))

    def _min_pause(self) -> float:
        if self.demo and self.demo.fast:
            return 0.0
        scale = min(1.0, max(0.25, self.app.speed())) * self.app.min_pause_scale
        return self.app.theme.timing["rival_min_pause"] * scale

    def _ai_action(self, future, seat: int):
        hand = self.hand
        try:
            action, _seconds = future.result()
        except Exception as exc:  # noqa: BLE001 - a broken AI must not end the game
            print(f"belote2p: the rival failed; playing a random legal card instead: {exc}",
                  file=sys.stderr)
            action = None
        if action is not None:
            # Back from another process a Bid is a copy, and the engine tells
            # bids apart by identity (``bid is TAKE``): use the canonical ones.
            action = parse_action(str(action))
        if action is None or hand.why_illegal(action) is not None:
            rng = random.Random(f"{self.run.seed}/fallback/{len(self.run.actions)}")
            action = rng.choice(hand.legal_actions())
        return action

    def thinking(self) -> bool:
        return (self.in_hand() and self.hand.to_move == RIVAL and RIVAL in self.ai_seats
                and not self.hard_pending())

    # ------------------------------------------------------------- geometry
    def _resolve(self, anchor) -> pygame.Rect:
        L, m = self.L, self.model
        kind = anchor[0]
        if kind == "stock":
            return L.stock.copy()
        if kind == "turned":
            return L.turned.copy()
        if kind == "trick":
            return L.trick[anchor[1]].copy()
        if kind == "pile":
            return L.piles[anchor[1]].copy()
        if anchor[1] == HUMAN:
            card = anchor[2]
            if card in self.pos and card not in m.hidden:
                x, y = self.pos[card]
                return pygame.Rect(round(x), round(y), *L.card)
            slots = hand_slots(L, len(m.mine))
            if card in m.mine:
                return slots[m.mine.index(card)]
            return L.stock.copy()
        slots = rival_slots(L, max(1, m.rival))
        slot = anchor[2]
        if slot == "middle":
            slot = m.rival // 2
        elif slot == "new":
            slot = m.rival - m.rival_hidden
        return slots[max(0, min(len(slots) - 1, slot))]

    def _targets(self) -> dict:
        """Where each of your cards should be now (raised when chosen)."""
        L, m = self.L, self.model
        slots = hand_slots(L, len(m.mine))
        visible = m.visible_mine()
        chosen = self.armed
        if chosen is None and self.sel is not None and self.sel < len(visible):
            chosen = visible[self.sel]
        out = {}
        for card, slot in zip(m.mine, slots):
            y = slot.y
            if card == chosen:
                y -= L.raise_px
            elif card == self.hover and self.human_turn():
                y -= L.hover_px
            out[card] = (slot.x, y)
        return out

    def _ease(self, dt: float) -> None:
        targets = self._targets()
        rate = self.app.theme.layout["ease_rate"]
        k = 1.0 if self.app.speed() == 0 else min(1.0, dt * rate)
        for card, (tx, ty) in targets.items():
            p = self.pos.get(card)
            if p is None:
                self.pos[card] = [float(tx), float(ty)]
            else:
                p[0] += (tx - p[0]) * k
                p[1] += (ty - p[1]) * k
        for card in list(self.pos):
            if card not in targets:
                del self.pos[card]
        slots = rival_slots(self.L, self.model.rival)
        while len(self.rival_x) < len(slots):
            self.rival_x.append(float(slots[len(self.rival_x)].x))
        del self.rival_x[len(slots):]
        for i, s in enumerate(slots):
            self.rival_x[i] += (s.x - self.rival_x[i]) * k

    def card_rects(self) -> list[tuple[Card, pygame.Rect]]:
        """Your visible cards and where they are drawn, left to right."""
        out = []
        for card in self.model.visible_mine():
            p = self.pos.get(card)
            if p is None:
                continue
            out.append((card, pygame.Rect(round(p[0]), round(p[1]), *self.L.card)))
        return out

    def card_at(self, pos) -> Card | None:
        for card, rect in reversed(self.card_rects()):
            if rect.collidepoint(pos):
                return card
        return None

    def illegal_now(self) -> set:
        """The cards dimmed: the seat to move is yours and the engine forbids them."""
        if not self.in_hand() or self.hand.phase is not Phase.PLAY or self.hand.to_move != HUMAN:
            return set()
        legal = set(self.hand.legal_cards())
        return {c for c in self.model.mine if c not in legal}

    # ----------------------------------------------------------------- input
    def handle(self, event) -> None:
        if self.panel is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_menu()
            elif not self.demo:
                self.panel.handle(event, self.L)
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def open_menu(self) -> None:
        from .menus import PauseMenu

        self.drag = self.press = None
        self.app.push(PauseMenu(self.app, self))

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
            else:
                self.open_menu()
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
        if self.demo:
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
            self.apply(self.bid_btns[self.bid_focus % n].value)
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= n:
            self.apply(self.bid_btns[DIGIT_KEYS[key] - 1].value)

    def _play_key(self, key: int) -> None:
        visible = self.model.visible_mine()
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
            card = self.armed
            if card is None and self.sel is not None and self.sel < len(visible):
                card = visible[self.sel]
            if card is not None:
                self.try_play(card, confirmed=True)
        elif key in DIGIT_KEYS and DIGIT_KEYS[key] <= len(visible):
            self.sel = DIGIT_KEYS[key] - 1
            self.try_play(visible[self.sel])

    def _motion(self, pos) -> None:
        gfx.handle_buttons(self.bid_btns + self.side_btns, pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos), lambda b: None)
        if self.press is not None and self.drag is None:
            card, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > max(6, self.L.card[0] // 10):
                rect = dict(self.card_rects()).get(card)
                if rect is not None:
                    self.drag = {"card": card, "offset": (start[0] - rect.x, start[1] - rect.y),
                                 "pos": pos}
        if self.drag is not None:
            self.drag["pos"] = pos
        self.hover = self.card_at(pos)

    def _press(self, pos) -> None:
        for b in self.side_btns:
            if b.hit(pos):
                self._side_button(b.value)
                return
        if self.show_last:
            self.show_last = False
            return
        if self.demo:
            return
        for b in self.bid_btns:
            if b.hit(pos):
                self.apply(b.value)
                return
        card = self.card_at(pos)
        if card is not None:
            self.press = (card, pos)
            return
        if self.beat is not None and not self.beat.modal:
            self.beat_t = self.beat.total()  # a click on the felt hurries the cards along
        self.armed = None

    def _release(self, pos) -> None:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if press is None:
            return
        if drag is not None:
            if pos[1] < self.L.hand_y - self.L.raise_px:
                self.try_play(drag["card"], confirmed=True)
            return
        card = press[0]
        if self.card_at(pos) == card:
            self.try_play(card)

    def _side_button(self, value: str) -> None:
        if value == "last":
            self.show_last = not self.show_last
        elif value == "tracker":
            self.show_tracker = not self.show_tracker
        else:
            self.open_menu()

    def try_play(self, card: Card, confirmed: bool = False) -> bool:
        """The player asks to play ``card``: the engine says whether it may."""
        if not self.human_turn() or self.hand.phase is not Phase.PLAY:
            self.say(self.t("play.wait"))
            return False
        reason = self.hand.why_illegal(card)
        if reason is not None:
            self.say(reason[0].upper() + reason[1:])
            self.armed = None
            return False
        visible = self.model.visible_mine()
        if self.app.settings["confirm_play"] and not confirmed and self.armed != card:
            self.armed = card
            self.sel = visible.index(card) if card in visible else None
            self.say(self.t("play.confirm_hint", card=card.label))
            return False
        self.message = None
        ok = self.apply(card)
        if ok and self.sel is not None:
            self.sel = min(self.sel, max(0, len(visible) - 2))
        return ok

    # ---------------------------------------------------------------- drawing
    def resize(self) -> None:
        self.pos.clear()
        self.rival_x.clear()

    # ---------------------------------------------------------------- demo
    def after_draw(self, surf) -> None:
        if not (self.demo and self.demo.screenshots) or not self.app.running:
            return
        phase = self._demo_phase()
        if phase is None:
            return
        key = (self.runs_played, len(self.run.results), len(self.run.match.hands), phase)
        if phase == "end_of_match":
            key = (self.runs_played, len(self.run.results), phase)
        if key in self.shots:
            return
        self.shots.add(key)
        self.shot_n += 1
        import os

        name = f"{self.shot_n:02d}_{phase}.png"
        pygame.image.save(surf, os.path.join(self.demo.screenshots, name))
        self.app.not_a_game_frame()

    def _demo_phase(self) -> str | None:
        if self.panel is not None:
            if self.panel.age < 0.08:
                return None
            return {"hand_over": "end_of_hand", "match_over": "end_of_match"}.get(self.panel.kind)
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
        if hand.strict and hand.to_move == HUMAN and (self.illegal_now() or hand.trick_number >= 14):
            return "strict_play"
        return None

    # ----------------------------------------------------------------- tests
    def offer(self) -> dict:
        hand = self.hand
        dim = self.illegal_now()
        return {
            "scene": "table",
            "phase": hand.phase.value if self.in_hand() else "between",
            "human_turn": self.human_turn(),
            "idle": self.idle(),
            "thinking": self.thinking(),
            "cards": [{"card": card, "rect": rect, "dim": card in dim}
                      for card, rect in self.card_rects()],
            "bids": [{"label": b.label, "rect": b.rect, "value": b.value} for b in self.bid_btns],
            "panel": self.panel.kind if self.panel else None,
            "panel_button": self.panel.button_rect(self.L) if self.panel else None,
            "panel_lines": [t for t, _ in self.panel.lines] if self.panel else [],
            "message": self.message[0] if self.message else None,
            "side_buttons": {b.value: b.rect for b in self.side_btns},
        }
