"""What one frame shows, frozen: the ``TableState`` built from the shown
model (the beats' picture of the game, never the engine's future), the input
and the table's mode.  The renderer draws this and nothing else."""

from __future__ import annotations

import pygame

from ...core.actions import PASS, Phase
from ...core.cards import SUIT_SYMBOLS, Card, sort_for_display
from ...core.match import PLAYER, RIVAL
from ...services.card_words import card_label
from ...services.i18n import _, current_language
from .. import gfx
from ..gfx import Button
from ..layout import TableLayout, bid_buttons
from ..words import bid_told, bid_words
from .model import BeatKind, Celebration
from .play import TablePlay
from .positions import hand_targets
from .side_panel import side_buttons
from .state import CelebrationView, FlightView, HandCard, SideState, TableState

SEPARATOR = " · "  # between facts of one line


def _short(seat_name: str) -> str:
    """"South (level 2)" -> "South"."""
    return seat_name.split(" (")[0]


def _stock_line(pack: int, collected: int) -> str:
    """The cards left in the stock and when the last draw comes: two cards
    are drawn after each trick while it lasts (``collected``: the tricks taken)."""
    if pack <= 0:
        return _("The stock is empty: strict play")
    last = collected + pack // 2
    when = (_("last draw after this trick") if last == collected + 1
            else _("last draw after trick {n}").format(n=last))
    return SEPARATOR.join((_("Stock {n}").format(n=pack), when))


class FrameBuilder:
    """Builds each frame's ``TableState`` for one table."""

    def __init__(self, play: TablePlay, level_names: dict[int, str]):
        self.play, self.level_names = play, level_names

    @property
    def L(self) -> TableLayout:
        return self.play.ctx.window.layout

    def state(self) -> TableState:
        p, L = self.play, self.L
        m, settings, inp, mode = p.model, p.ctx.settings, p.input, p.mode
        four = bool(settings["four_colour"])
        mouse = pygame.mouse.get_pos()
        visible = m.visible_mine()
        chosen = inp.chosen(visible) if mode.seated else None
        dim = p.illegal_now()
        dragged = None
        if inp.drag is not None:
            (x, y), (ox, oy) = inp.drag.pos, inp.drag.offset
            dragged = (inp.drag.card, pygame.Rect(x - ox, y - oy, *L.card))
        bids, prompt = self._bid_buttons(mouse)
        return TableState(
            layout=L, four_colour=four, seat_names=(mode.seat_name(0), mode.seat_name(1)),
            turned=m.turned, trump=m.trump, pack=m.pack, stock_started=m.stock_started,
            won=(m.won[0], m.won[1]), trick=tuple(m.trick),
            rival_x=tuple(p.places.rival_x[:m.rival - m.rival_hidden]),
            thinking=p.thinking(),
            hand=tuple(HandCard(card, rect, card in dim, card == chosen)
                       for card, rect in self.card_rects()),
            dragged=dragged, bid_buttons=tuple(bids), bid_prompt=prompt,
            bubbles=self._bubbles(),
            banners=tuple(b.said for b in p.beats.banners),
            message=self._message(), flights=self._flights(),
            show_last=inp.show_last, last_trick=m.last_trick, panel=p.beats.panel,
            side=self._side_state(mouse, four),
            side_buttons=tuple(side_buttons(L, inp.show_last, inp.show_tracker, mouse)),
            practice=mode.extras(p.run), rival_plate=self._rival_plate(),
            rival_faces=self._rival_faces(),
            celebration=self._celebration(), finish_button=self._finish(mouse),
            human_turn=p.human_turn() and p.idle(), idle=p.idle(),
            phase=p.hand.phase if p.in_hand() else None,
            you=PLAYER if mode.seated else None, bidding=self._bidding(),
            stock_note=self._stock_note())

    def _bidding(self) -> tuple[str, ...]:
        """The hand's short story: who deals and what was turned, each round's
        bids (who, what); while a hand is shown."""
        p = self.play
        m, mode = p.model, p.mode
        if m.bid_suit is None or m.first_turned is None or p.beats.panel is not None:
            return ()
        dealer = (_("Dealer: you") if mode.second_person(m.dealer)
                  else _("Dealer: {name}").format(name=_short(mode.seat_name(m.dealer))))
        lines = [SEPARATOR.join((dealer, _("turned {card}").format(
            card=card_label(m.first_turned))))]
        for rnd in (1, 2):
            bids = [bid_told(mode.second_person(seat), _short(mode.seat_name(seat)), bid,
                             m.bid_suit) for r, seat, bid in m.bids if r == rnd]
            if bids:
                lines.append(_("Round {n}: {bids}").format(n=rnd, bids=SEPARATOR.join(bids)))
        return tuple(lines)

    def _stock_note(self) -> str | None:
        """Under the stock from the take on: the cards left, when the last draw comes."""
        m = self.play.model
        if not m.stock_started or self.play.beats.panel is not None:
            return None
        return _stock_line(m.pack, m.won[0] + m.won[1])

    def _bubbles(self) -> tuple[tuple[int, str], ...]:
        """Each seat's bid of the round under way, in the language of the moment."""
        m = self.play.model
        if m.bid_suit is None:
            return ()
        return tuple((seat, bid_words(bid, m.bid_suit)) for seat, bid in m.bubbles().items())

    def card_rects(self) -> list[tuple[Card, pygame.Rect]]:
        """Your visible cards and where they are drawn, left to right."""
        return self.play.places.card_rects(self.play.model.visible_mine(), self.L)

    def ease(self, dt: float) -> None:
        """Your cards and the rival's move towards their places."""
        p = self.play
        visible = p.model.visible_mine()
        hover = p.input.hover if p.human_turn() else None
        targets = hand_targets(self.L, p.model, p.input.chosen(visible), hover)
        rate = p.ctx.theme.layout["ease_rate"]
        k = 1.0 if p.ctx.settings.speed() == 0 else min(1.0, dt * rate)
        p.places.ease(targets, self.L, p.model.rival, k)

    def _rival_plate(self) -> str:
        """The name plate at the rival's hand: its name and the level the story told."""
        mode = self.play.mode
        if not mode.plate:
            return ""
        level = mode.plate_level(self.play.model.story)
        name = self.level_names.get(level) if isinstance(level, int) else None
        who = mode.seat_name(RIVAL).split(" (")[0]
        if name:
            return _("{who} · level {level} · {name}").format(who=who, level=level, name=_(name))
        return _("{who} · level {level}").format(who=who, level=level)

    def _rival_faces(self) -> tuple[Card, ...] | None:
        """The rival's cards face up: when the mode shows them (practice's V), and
        for everyone once the stock is empty (every card is known then; a setting)."""
        p = self.play
        faces = p.mode.rival_faces(p.run) if p.in_hand() else None
        if faces is None and p.model.rival_open is not None and p.ctx.settings["open_end"]:
            faces = tuple(p.model.rival_open)
        if faces is None:
            return None
        return tuple(sort_for_display(faces, p.model.trump))  # as your own hand is

    def _celebration(self) -> CelebrationView | None:
        beats = self.play.beats
        b = beats.beat
        if b is None or b.kind is not BeatKind.CELEBRATE or not isinstance(b.payload,
                                                                          Celebration):
            return None
        total = b.total()
        progress = 1.0 if total <= 0 else min(1.0, beats.beat_t / total)
        return CelebrationView(b.payload, progress)

    def _finish(self, mouse: tuple[int, int]) -> Button | None:
        offer = self.play.offer_claim()
        if offer is None:
            return None
        label = (_("The rest are yours: play them out (F)") if offer.seat == PLAYER
                 else _("The rest are the rival's: play them out (F)"))
        L = self.L
        f = L.fonts
        w = gfx.button_row_width([label], f.body, f.body)
        rect = pygame.Rect(0, 0, w, L.button_h)
        rect.midbottom = (L.centre[0], L.hand_y - L.raise_px - f.body)
        btn = Button(rect, label, "finish", primary=True)
        btn.hover = rect.collidepoint(mouse)
        return btn

    def _bid_buttons(self, mouse: tuple[int, int]) -> tuple[list[Button], str | None]:
        p = self.play
        hand = p.hand
        if not (p.human_turn() and p.idle() and hand.phase is Phase.BIDDING):
            return [], None
        f = self.L.fonts
        legal = hand.legal_bids()
        labels = [bid_words(b, hand.turned.suit, suit_named=True) for b in legal]
        rects = bid_buttons(self.L, gfx.button_row_width(labels, f.body, f.body), len(labels))
        p.input.bid_focus %= len(labels)
        buttons = []
        for i, (bid, label, rect) in enumerate(zip(legal, labels, rects)):
            btn = Button(rect, label, bid, primary=bid.is_take, focus=i == p.input.bid_focus)
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
        p = self.play
        if p.beats.message:
            return p.beats.message.text
        if p.human_turn() and p.idle() and p.hand.phase is Phase.PLAY:
            if p.finishing is not None or p.offer_claim() is not None:
                return None  # the offer to play the rest out says whose turn it is
            return _("Your lead") if not p.hand.current else _("Your turn")
        return None

    def _flights(self) -> tuple[FlightView, ...]:
        p = self.play
        b = p.beats.beat
        if b is None:
            return ()
        out = []
        for f in b.flights:
            if not f.launched or f.landed:
                continue
            t = p.beats.flight_progress(f)
            a, z = f.src_rect, p.places.resolve(f.dst, self.L, p.model)
            assert isinstance(a, pygame.Rect), "a launched flight knows where it left"
            rect = pygame.Rect(round(a.x + (z.x - a.x) * t), round(a.y + (z.y - a.y) * t),
                               round(a.w + (z.w - a.w) * t), round(a.h + (z.h - a.h) * t))
            out.append(FlightView(f.card if f.face_up else None, rect))
        return tuple(out)

    def _side_state(self, mouse: tuple[int, int], four: bool) -> SideState:
        """The side panel from the story shown so far (``model.story``)."""
        p = self.play
        m, inp, mode = p.model, p.input, p.mode
        story = m.story
        level = mode.plate_level(story)
        name = self.level_names.get(level, "") if isinstance(level, int) else ""
        return SideState(
            size=self.L.size, who=mode.who(story, p.run, self.level_names),
            rival_level=level, level_name=_(name) if name else "", streak=story.streak,
            score=story.score,
            hand_scores=tuple(story.hand_scores),
            hands_started=story.hands_started, match_scores=story.match_scores,
            seat_names=(mode.seat_name(0), mode.seat_name(1)), trump=m.trump, taker=m.taker,
            points=m.points, last_bonus=m.last_bonus, won=(m.won[0], m.won[1]), pack=m.pack,
            belote=m.belote,
            stock_started=m.stock_started, deal_number=story.deal_number,
            show_points=bool(p.ctx.settings.get("show_points")), four_colour=four,
            show_tracker=inp.show_tracker, show_last=inp.show_last,
            tracker=m.tracked if inp.show_tracker else None,
            hover=tuple(r.collidepoint(mouse) for r in self.L.panel_buttons),
            language=current_language(), history=story.told(),
            you=PLAYER if mode.seated else None)
