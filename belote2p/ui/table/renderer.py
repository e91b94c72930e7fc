"""Drawing the table from a ``TableState``: the felt, the stock, the hands,
the trick, the bids, the banners, the cards in flight and the panels.  It
reads the frozen state only and never changes the game.

Each frame the table is described as a list of sprites, bottom to top: what
each shows (a comparable value), the area it may touch, and how to paint it.
Only the areas of sprites that appeared, moved, changed or went since the
last frame are repainted (felt first, then every sprite over them, clipped),
and ``damage`` names those areas so the window sends only them to the
screen.  While the rival thinks, most frames repaint nothing at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core.cards import SUIT_SYMBOLS, Card
from ...core.match import RIVAL
from ...services.i18n import _, format_number, ngettext
from .. import gfx
from ..cards_art import CardArt
from ..context import Window
from ..gfx import Button, c
from ..layout import PILE_LAYERS, PILE_RISE, TableLayout
from ..theme import Theme
from .panels import InfoPanel, draw_last_trick
from .practice import PracticeState
from .side_panel import SidePanel
from .state import CelebrationView, TableState

Paint = Callable[[pygame.Surface], object]
Name = tuple[object, ...]  # a sprite's place: ("hand", 3), ("side",)...
Bounds = tuple[int, ...]
Colour = tuple[int, ...]
Point = tuple[float, float]


@dataclass(frozen=True)
class Sprite:
    """One thing drawn: ``name`` is its place in the table (stable from frame
    to frame), ``look`` what it shows (equal looks paint equal pixels),
    ``bounds`` every pixel ``paint`` may touch."""

    name: Name
    look: object
    bounds: pygame.Rect
    paint: Paint


class TableRenderer:
    def __init__(self, window: Window, art: CardArt, theme: Theme):
        self.window, self.art, self.theme = window, art, theme
        self.side = SidePanel(window, theme)
        self._shown: dict[Name, tuple[object, Bounds]] | None = None  # name -> look, bounds
        self._size: tuple[int, int] | None = None
        self._damage: list[pygame.Rect] | None = None

    def invalidate(self) -> None:
        """Someone else drew on the surface: repaint all of it next frame."""
        self._shown = None

    def damage(self) -> list[pygame.Rect] | None:
        """The areas the last ``draw`` changed (the whole surface after a full paint)."""
        return self._damage

    def draw(self, surf: pygame.Surface, s: TableState) -> None:
        sprites = self.sprites(s)
        shown = {sp.name: (sp.look, tuple(sp.bounds)) for sp in sprites}
        screen = surf.get_rect()
        if self._shown is None or self._size != screen.size:
            surf.blit(self.window.felt(), (0, 0))
            for sp in sprites:
                sp.paint(surf)
            self._damage = [screen]
        else:
            self._damage = _merge(_changed(self._shown, shown), screen)
            self._repaint(surf, sprites, self._damage)
        self._shown, self._size = shown, screen.size

    def _repaint(self, surf: pygame.Surface, sprites: list[Sprite],
                 areas: list[pygame.Rect]) -> None:
        felt = self.window.felt()
        clip = surf.get_clip()
        try:
            for area in areas:
                surf.set_clip(area)
                surf.blit(felt, area, area)
                for sp in sprites:
                    if sp.bounds.colliderect(area):
                        sp.paint(surf)
        finally:
            surf.set_clip(clip)

    # ------------------------------------------------------------- sprites
    def sprites(self, s: TableState) -> list[Sprite]:
        """Everything this frame shows above the felt, bottom to top."""
        out: list[Sprite] = [self._side(s)]
        self._stock(out, s)
        self._piles(out, s)
        self._rival(out, s)
        for seat, card in s.trick:
            out.append(self._card(("trick", seat), card, s.layout.trick[seat], s.four_colour))
        story_at = len(out)
        self._hand(out, s)
        self._bidding(out, s)
        self._texts(out, s)
        if s.finish_button is not None:
            btn, body = s.finish_button, s.layout.fonts.body
            out.append(Sprite(("finish",), btn.look(), btn.bounds(body), _button_paint(btn, body)))
        if s.bidding:  # under the hand, clear of every word said over the table
            out.insert(story_at, self._story_box(s, [sp.bounds for sp in out[story_at:]
                                                     if sp.name[0] != "hand"]))
        if s.practice is not None:
            self._practice(out, s, s.practice)
        for i, f in enumerate(s.flights):
            out.append(self._card(("flight", i), f.card, f.rect, s.four_colour,
                                  scaled_from=s.layout.card))
        if s.dragged is not None:
            out.append(self._card(("dragged",), s.dragged[0], s.dragged[1], s.four_colour))
        if s.panel is not None:
            out.append(self._panel(s.panel, s))
        if s.show_last:  # over the hand's panel too: the last trick may be looked at
            out.append(self._last_trick(s))
        if s.celebration is not None:
            out.append(self._celebration(s, s.celebration))
        return out

    def _side(self, s: TableState) -> Sprite:
        L = s.layout
        region = L.side
        return Sprite(("side",), (s.side, tuple(b.look() for b in s.side_buttons)), region,
                      lambda surf: self.side.draw(surf, s.side, s.side_buttons))

    def _card(self, name: Name, card: Card | None, rect: pygame.Rect, four: bool,
              dim: bool = False, shadow: bool = True,
              scaled_from: tuple[int, int] | None = None) -> Sprite:
        """A card; ``scaled_from``: it is in flight, drawn from the picture at
        that size (``CardArt.draw``)."""
        rect = pygame.Rect(rect)
        return Sprite(name, (card, tuple(rect), four, dim, shadow, scaled_from),
                      self.art.bounds(rect, shadow),
                      lambda surf: self.art.draw(surf, card, rect, four, dim=dim, shadow=shadow,
                                                 scaled_from=scaled_from))

    @staticmethod
    def _label(name: Name, text: str, size: int, colour: Colour, pos: Point, anchor: str,
               bold: bool = False, within: pygame.Rect | None = None) -> Sprite:
        """A line of text; ``within`` is the box it must stay inside (checked by
        the fit test)."""
        return Sprite(name, (text, size, tuple(colour), pos, anchor, bold),
                      gfx.text_rect(text, size, colour, pos, anchor, bold),
                      lambda surf: gfx.blit_text(surf, text, size, colour, pos, anchor, bold,
                                                 within=within))

    def _stock(self, out: list[Sprite], s: TableState) -> None:
        L = s.layout
        f = L.fonts
        if s.turned is not None:
            out.append(self._card(("turned",), s.turned, L.turned, s.four_colour))
        elif s.trump is not None:
            out.extend(self._trump_badge(s, s.trump))
        if s.pack > 0:
            layers = min(6, (s.pack + 3) // 4)
            step = max(1, L.card[0] // 60)
            for i in range(layers):
                out.append(self._card(("stock", i), None, L.stock.move(-i * step, -i * step),
                                      False, shadow=i == 0))
        if s.stock_note is not None:  # always, from the take on: what is left, the last draw
            room = pygame.Rect(L.stock.left, 0, _story_right(L) - L.stock.left, L.size[1])
            size = gfx.fitting_size(s.stock_note, f.small, room.w, True, smallest=0.8)
            out.append(self._label(("stock_label",), s.stock_note, size, c("text"),
                                   (L.stock.left, L.stock.bottom + f.small // 2), "topleft",
                                   True, room))

    def _trump_badge(self, s: TableState, trump: int) -> list[Sprite]:
        L = s.layout
        r = L.trump_badge
        ink = self.theme.suit_colour(trump, s.four_colour)
        radius = r.w // 2
        disc = pygame.Rect(0, 0, 2 * radius + 2, 2 * radius + 2)
        disc.center = r.center
        symbol = round(r.w * 0.6)
        bounds = disc.union(gfx.text_rect(SUIT_SYMBOLS[trump], symbol, ink, r.center, "center"))

        def paint(surf: pygame.Surface) -> None:
            pygame.draw.circle(surf, c("card_face"), r.center, radius)
            pygame.draw.circle(surf, c("accent"), r.center, radius, width=max(2, r.w // 20))
            gfx.blit_text(surf, SUIT_SYMBOLS[trump], symbol, ink, r.center, "center")

        return [Sprite(("trump",), (trump, tuple(r), tuple(ink)), bounds, paint),
                self._label(("trump_label",), _("Trump"), L.fonts.small, c("text"),
                            (r.centerx, r.bottom + L.fonts.small // 3), "midtop", True,
                            L.table)]

    def _piles(self, out: list[Sprite], s: TableState) -> None:
        L = s.layout
        for seat, n in enumerate(s.won):
            if n <= 0:
                continue
            rect = L.piles[seat]
            for i in range(min(n, PILE_LAYERS)):
                rise = i * PILE_RISE
                out.append(self._card(("pile", seat, i), None, rect.move(rise, -rise), False,
                                      shadow=i == 0))
            label = _pile_label(seat, s.seat_names[seat], n, s.you)
            out.append(self._label(("pile_label", seat), label, L.fonts.small, c("text"),
                                   (rect.centerx, rect.bottom + 2), "midtop", True, L.table))

    def _rival(self, out: list[Sprite], s: TableState) -> None:
        L = s.layout
        faces = s.rival_faces
        for i, x in enumerate(s.rival_x):
            card = faces[i] if faces is not None and i < len(faces) else None
            out.append(self._card(("rival", i), card, pygame.Rect(round(x), L.rival_y, *L.small),
                                  s.four_colour))
        if s.rival_plate:
            f = L.fonts.small
            right = round(min(s.rival_x)) - L.margin if s.rival_x else L.name_plate[0]
            out.append(self._pill(("plate",), s.rival_plate,
                                  _plate_centre(L, right, s.rival_plate, f),
                                  f, c("toast"), c("panel_title"), L.table))
        if s.thinking:
            out.append(self._thinking(s))

    def _thinking(self, s: TableState) -> Sprite:
        L = s.layout
        f = L.fonts.small
        label = _("thinking")
        w = gfx.font(f, True).size(label)[0] + f * 4
        r = pygame.Rect(0, 0, w, round(f * 2))
        r.midleft = L.thinking  # a longer word grows away from the rival's hand
        lit = int(pygame.time.get_ticks() / 300) % 4  # the dots light up in turn

        def paint(surf: pygame.Surface) -> None:
            gfx.panel(surf, r, radius=r.h // 2, colour=c("toast"))
            gfx.blit_text(surf, label, f, c("thinking"), (r.x + f, r.centery), "midleft", True,
                          within=L.table)
            for i in range(3):
                pygame.draw.circle(surf, c("accent") if lit > i else c("text_dim"),
                                   (r.right - f * 2.4 + i * f * 0.7, r.centery), max(2, f // 6))

        bounds = r.union(gfx.text_rect(label, f, c("thinking"), (r.x + f, r.centery), "midleft",
                                       True))
        return Sprite(("thinking",), (label, tuple(r), lit), bounds, paint)

    def _hand(self, out: list[Sprite], s: TableState) -> None:
        dragged = s.dragged[0] if s.dragged else None
        for i, hc in enumerate(s.hand):
            if hc.card == dragged:
                continue
            card = self._card(("hand", i), hc.card, hc.rect, s.four_colour, dim=hc.dim)
            if not hc.chosen:
                out.append(card)
                continue
            glow, radius = hc.rect.inflate(6, 6), max(4, hc.rect.w // 12)

            def paint(surf: pygame.Surface, glow: pygame.Rect = glow, radius: int = radius,
                      card: Sprite = card) -> None:
                pygame.draw.rect(surf, c("card_select_glow"), glow, width=3, border_radius=radius)
                card.paint(surf)

            out.append(Sprite(card.name, (card.look, "chosen"), card.bounds.union(glow), paint))

    def _bidding(self, out: list[Sprite], s: TableState) -> None:
        if not s.bid_buttons or s.bid_prompt is None:
            return
        f = s.layout.fonts
        for i, btn in enumerate(s.bid_buttons):
            paint, bounds = _button_paint(btn, f.body), btn.bounds(f.body)
            if btn.focus:  # the keyboard's choice: a ring and a pointer anyone can see
                paint, bounds = _focus_marked(btn, f.body, paint), bounds.union(
                    _focus_ring(btn.rect, f.body)[1])
            out.append(Sprite(("bid", i), btn.look(), bounds, paint))
        first = s.bid_buttons[0].rect
        out.append(self._label(("bid_prompt",), s.bid_prompt, f.body, c("accent"),
                               (first.x, first.y - f.body // 2), "bottomleft", True,
                               s.layout.table))

    @staticmethod
    def _story_box(s: TableState, clear_of: list[pygame.Rect]) -> Sprite:
        """Under the stock: the dealer and the turned card, each round's bids;
        as many lines as there is room for (the dealer's kept, the oldest bids
        going first, a long line wrapped)."""
        L = s.layout
        small = L.fonts.small
        line_h = round(small * 1.35)
        top = L.stock.bottom + round(small * 1.9)
        box = pygame.Rect(L.stock.left, top, _story_right(L) - L.stock.left,
                          L.hand_y - L.raise_px - 2 - top)
        for other in clear_of:  # a banner or the offer to play out: the box narrows
            if other.colliderect(box) and other.left > box.left + small * 8:
                box.w = other.left - L.margin - box.left
        inner = box.w - small
        wrapped = [gfx.wrap(line, small, inner, i == 0) for i, line in enumerate(s.bidding)]
        room = max(1, (box.h - small // 2) // line_h)
        while len(wrapped) > 1 and sum(map(len, wrapped)) > room:
            del wrapped[1]  # the oldest bids go first; the dealer stays
        # each line with whether it is the dealer's (bold, accented)
        lines = [(text, i == 0) for i, block in enumerate(wrapped) for text in block][:room]
        box.h = len(lines) * line_h + small // 2

        def paint(surf: pygame.Surface) -> None:
            gfx.panel(surf, box, radius=small // 2, colour=c("toast"))
            y = box.y + small // 4
            for text, first in lines:
                gfx.blit_text(surf, text, small, c("accent") if first else c("text"),
                              (box.x + small // 2, y), "topleft", bold=first, within=box)
                y += line_h

        return Sprite(("story",), (tuple(lines), tuple(box)), box, paint)

    def _texts(self, out: list[Sprite], s: TableState) -> None:
        L, f = s.layout, s.layout.fonts
        bubbles = dict(s.bubbles)
        for speaker, words in s.bubbles:
            out.append(self._pill(("bubble", speaker), words, L.bubbles[speaker], f.body,
                                  c("bubble"), c("bubble_text"), L.table))
        general = (L.centre[0], L.trick[RIVAL].top - f.title)
        # where the stock was: left of the trick, so no card in play crosses it
        stock_side = pygame.Rect(L.table.left, 0, L.trick[RIVAL].left - L.margin - L.table.left,
                                 L.size[1])
        for i, said in enumerate(s.banners):
            text, seat = said.text, said.seat
            pos = general if seat is None else L.bubbles[seat]
            if seat is not None and seat in bubbles:
                pos = (pos[0], pos[1] + (f.title * 2 if seat == RIVAL else -f.title * 2))
            area = L.table
            if said.at_stock:
                pos, area = (stock_side.centerx, L.stock.top - f.title), stock_side
            out.append(self._pill(("banner", i), text, pos, f.title, c("toast"), c("accent"),
                                  area))
        if s.message:
            out.append(self._pill(("message",), s.message, L.message, f.body, c("toast"),
                                  c("text"), L.table))

    def _practice(self, out: list[Sprite], s: TableState, p: PracticeState) -> None:
        """The practice box (always: "Practice", the keys, the hint), level 4's
        card marked, and each legal card's figure above it."""
        L, f = s.layout, s.layout.fonts
        out.append(self._practice_box(s, p))
        figures = dict(p.figures)
        for btn in s.bid_buttons:  # level 4's bid: its button outlined like a hinted card
            if p.hinted_bid is not None and btn.value == p.hinted_bid:
                out.append(_hint_glow(btn.rect))
        for i, hc in enumerate(s.hand):
            marked = hc.card == p.hinted
            if marked:
                out.append(_hint_glow(hc.rect))
            if hc.card in figures:
                # the recommended card's figure is filled with the mark's colour
                fill, ink = (c("accent"), c("toast")) if marked else (c("toast"), c("text"))
                out.append(self._pill(("hint_points", i), figures[hc.card],
                                      (hc.rect.x + hc.rect.w // 4, hc.rect.top - f.small),
                                      f.small, fill, ink, L.table))

    @staticmethod
    def _practice_box(s: TableState, p: PracticeState) -> Sprite:
        """Top left of the table, left of the rival's hand; lines wrapped to fit."""
        L = s.layout
        body, small = L.fonts.body, L.fonts.small
        margin = body
        rival_left = round(min(s.rival_x)) if s.rival_x else L.table.centerx
        width = max(body * 8, min(L.table.w // 2, rival_left - L.table.left - 2 * margin))
        inner = width - 2 * small
        title = _("Practice · rival level {level}").format(level=p.level)
        if p.thinking:
            title = _("{tag} · hint: thinking…").format(tag=title)
        rows: list[tuple[str, int, bool, bool]] = []  # text, size, bold, accent
        rows += [(t, body, True, True) for t in gfx.wrap(title, body, inner, True)]
        for i, line in enumerate(p.lines):
            rows += [(t, small, i == 0, i == 0) for t in gfx.wrap(line, small, inner, i == 0)]
        keys = _("H: hint · U: undo · V: rival's cards")  # always: under a hint's words too
        rows += [(t, small, False, False) for t in gfx.wrap(keys, small, inner)]
        height = sum(round(size * 1.35) for _t, size, _b, _a in rows) + small
        box = pygame.Rect(L.table.left + margin, L.table.top + margin // 2, width, height)

        def paint(surf: pygame.Surface) -> None:
            gfx.panel(surf, box, radius=small // 2, colour=c("toast"))
            y = box.y + small // 2
            for text, size, bold, accent in rows:
                gfx.blit_text(surf, text, size, c("accent") if accent else c("text"),
                              (box.x + small, y), "topleft", bold, within=box)
                y += round(size * 1.35)

        return Sprite(("practice_box",), (tuple(rows), tuple(box)), box, paint)

    def _last_trick(self, s: TableState) -> Sprite:
        L = s.layout
        names = s.seat_names

        def paint(surf: pygame.Surface) -> None:
            draw_last_trick(surf, L, self.art, s.last_trick, lambda seat: names[seat],
                            s.four_colour, lambda seat: seat == s.you)

        return Sprite(("last_trick",), ("last", s.last_trick, names, s.four_colour),
                      pygame.Rect(L.table), paint)

    @staticmethod
    def _panel(panel: InfoPanel, s: TableState) -> Sprite:
        L = s.layout
        button = panel._button
        look = ("panel", id(panel), panel.kind, panel.title, tuple(map(tuple, panel.rows)),
                tuple(map(tuple, panel.lines)), panel.button,
                button.look() if button is not None else None)
        return Sprite(("overlay",), look, pygame.Rect(L.table).union(panel.rect(L)),
                      lambda surf: panel.draw(surf, L))

    @staticmethod
    def _celebration(s: TableState, cv: CelebrationView) -> Sprite:
        """A match won: the margin flies from the table into the run score (the
        side panel's figures change when it lands), the streak and the level."""
        L, f = s.layout, s.layout.fonts
        m = cv.match
        margin = "+" + format_number(m.margin)
        lines = [(_("Match won!"), f.huge, c("good")), (margin, f.title, c("accent")),
                 (_("Streak {streak}").format(streak=format_number(m.streak[1])), f.title,
                  c("accent"))]
        if m.level[1] > m.level[0]:
            lines.append((_("The rival climbs to level {level}").format(level=m.level[1]),
                          f.body, c("text")))
        heights = [round(size * 1.3) for _t, size, _c in lines]
        w = max(gfx.font(size, True).size(t)[0] for t, size, _c in lines) + f.title * 2
        box = pygame.Rect(0, 0, max(w, f.body * 22), sum(heights) + f.title)
        box.center = L.centre
        fly = min(1.0, max(0.0, (cv.progress - 0.2) / 0.65))
        ease = 1 - (1 - fly) ** 3
        start = (box.centerx, box.top + f.title // 2 + heights[0] + heights[1] // 2)
        goal = (L.panel.right - f.body * 3, L.panel.top + round(f.body * 5.4))
        pos = (round(start[0] + (goal[0] - start[0]) * ease),
               round(start[1] + (goal[1] - start[1]) * ease))

        def paint(surf: pygame.Surface) -> None:
            gfx.shade(surf, L.table)
            gfx.panel(surf, box, radius=f.body)
            y = box.top + f.title // 2
            for i, ((text, size, colour), h) in enumerate(zip(lines, heights)):
                if i != 1:  # the margin is drawn where it flies
                    gfx.blit_text(surf, text, size, colour, (box.centerx, y), "midtop", True,
                                  within=box)
                y += h
            if fly < 1.0:
                gfx.blit_text(surf, margin, f.title, c("accent"), pos, "center", True)

        bounds = pygame.Rect(L.table).union(box).union(
            gfx.text_rect(margin, f.title, c("accent"), pos, "center", True))
        look = ("celebration", m, fly >= 1.0, pos)
        return Sprite(("celebration",), look, bounds, paint)

    @staticmethod
    def _pill(name: Name, text: str, centre: Point, size: int, fill: Colour, ink: Colour,
              area: pygame.Rect | None = None) -> Sprite:
        """A rounded label centred on ``centre``; it must stay inside ``area``
        (a long translation gets a smaller size and moves in from the edge)."""
        if area is not None:
            size = gfx.fitting_size(text, size, area.w - size * 4, True, smallest=0.6)
        w = gfx.font(size, True).size(text)[0] + size * 2
        r = pygame.Rect(0, 0, w, round(size * 1.9))
        r.center = (round(centre[0]), round(centre[1]))
        if area is not None and r.w < area.w:
            r.clamp_ip(area.inflate(-size, 0))

        def paint(surf: pygame.Surface) -> None:
            gfx.panel(surf, r, radius=r.h // 2, colour=fill)
            gfx.blit_text(surf, text, size, ink, r.center, "center", True, within=area)

        bounds = r.union(gfx.text_rect(text, size, ink, r.center, "center", True))
        return Sprite(name, (text, tuple(r), size, tuple(fill), tuple(ink)), bounds, paint)


def _story_right(L: TableLayout) -> int:
    """Where the words under the stock end: clear of the trick."""
    return min(L.trick[0].left, L.trick[1].left) - L.margin


def _pile_label(seat: int, name: str, n: int, you: int | None) -> str:
    """"Your tricks: 3" / "Rival: 3 tricks": whose pile it is, and how many."""
    count = format_number(n)
    if seat == you:
        return ngettext("Yours: {n} trick", "Yours: {n} tricks", n).format(n=count)
    return ngettext("{name}: {n} trick", "{name}: {n} tricks", n).format(name=name, n=count)


def _plate_centre(L: TableLayout, right: int, text: str, size: int) -> tuple[int, int]:
    """The rival's name plate: left of its hand (ending at ``right``), level with it."""
    w = gfx.font(size, True).size(text)[0] + size * 2
    return (max(L.table.left + L.margin + w // 2, right - w // 2), L.name_plate[1])


def _hint_glow(rect: pygame.Rect) -> Sprite:
    """The outline that marks the card level 4 would play."""
    glow = rect.inflate(10, 10)
    radius = max(4, rect.w // 10)

    def paint(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, c("accent"), glow, width=4, border_radius=radius)

    return Sprite(("hint_glow",), tuple(glow), glow.inflate(2, 2), paint)


def _focus_ring(rect: pygame.Rect, size: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The focus mark's ring and everything it touches (the pointer at its left)."""
    ring = rect.inflate(8, 8)
    pointer = pygame.Rect(ring.left - size // 2 - 4, ring.centery - size // 2, size // 2 + 2,
                          size)
    return ring, ring.union(pointer)


def _focus_marked(button: Button, size: int, paint: Paint) -> Paint:
    ring, _bounds = _focus_ring(button.rect, size)
    radius = max(4, ring.h // 4)
    tip = (ring.left - 3, ring.centery)
    back = ring.left - size // 2 - 3

    def marked(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, c("button_focus_ring"), ring, width=3, border_radius=radius)
        pygame.draw.polygon(surf, c("button_focus_ring"),
                            [tip, (back, tip[1] - size // 2 + 1), (back, tip[1] + size // 2 - 1)])
        paint(surf)

    return marked


def _button_paint(button: Button, size: int) -> Paint:
    return lambda surf: button.draw(surf, size)


def _changed(before: dict[Name, tuple[object, Bounds]],
             now: dict[Name, tuple[object, Bounds]]) -> list[pygame.Rect]:
    """The areas of sprites that appeared, went, moved or look different."""
    areas = []
    for name, (look, bounds) in now.items():
        old = before.get(name)
        if old is None or old[1] != bounds or old[0] != look:
            areas.append(pygame.Rect(bounds))
            if old is not None:
                areas.append(pygame.Rect(old[1]))
    areas += [pygame.Rect(bounds) for name, (_, bounds) in before.items() if name not in now]
    return areas


def _merge(areas: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """Clipped to the screen, overlapping areas joined (each pixel repainted once)."""
    merged: list[pygame.Rect] = []
    for area in (a.clip(screen) for a in areas):
        if area.w <= 0 or area.h <= 0:
            continue
        while True:
            hit = area.collidelist(merged)
            if hit < 0:
                break
            area = area.union(merged.pop(hit))
        merged.append(area)
    return merged
