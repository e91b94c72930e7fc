"""Where the cards are on the table: anchors resolved to rectangles, and your
hand and the rival's backs easing towards their slots."""

from __future__ import annotations

from typing import Any

import pygame

from ...core.cards import Card
from ...core.match import PLAYER
from ..layout import TableLayout, hand_slots, rival_slots
from .model import TableModel


class CardPositions:
    def __init__(self) -> None:
        self.pos: dict[Card, list[float]] = {}  # your cards' top-left corners
        self.rival_x: list[float] = []  # the rival's backs, left edges

    def clear(self) -> None:
        self.pos.clear()
        self.rival_x.clear()

    def resolve(self, anchor: Any, L: TableLayout, m: TableModel) -> pygame.Rect:
        """A beat's anchor (``("trick", seat)``, ``("hand", seat, card or slot)``...)
        as the rectangle it stands for now."""
        kind = anchor[0]
        if kind == "stock":
            return L.stock.copy()
        if kind == "turned":
            return L.turned.copy()
        if kind == "trick":
            return L.trick[anchor[1]].copy()
        if kind == "pile":
            return L.piles[anchor[1]].copy()
        if anchor[1] == PLAYER:
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
        chosen: pygame.Rect = slots[max(0, min(len(slots) - 1, int(slot)))]
        return chosen

    def landed(self, card: Card, rect: pygame.Rect) -> None:
        self.pos[card] = [float(rect.x), float(rect.y)]

    def ease(self, targets: dict[Card, tuple[int, int]], L: TableLayout, rival: int,
             k: float) -> None:
        """Move every card the fraction ``k`` of the way to its target."""
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
        slots = rival_slots(L, rival)
        while len(self.rival_x) < len(slots):
            self.rival_x.append(float(slots[len(self.rival_x)].x))
        del self.rival_x[len(slots):]
        for i, s in enumerate(slots):
            self.rival_x[i] += (s.x - self.rival_x[i]) * k

    def card_rects(self, visible: list[Card], L: TableLayout) -> list[tuple[Card, pygame.Rect]]:
        """Your visible cards and where they are drawn, left to right."""
        out = []
        for card in visible:
            p = self.pos.get(card)
            if p is not None:
                out.append((card, pygame.Rect(round(p[0]), round(p[1]), *L.card)))
        return out


def hand_targets(L: TableLayout, m: TableModel, chosen: Card | None,
                 hover: Card | None) -> dict[Card, tuple[int, int]]:
    """Where each of your cards should be now (raised when chosen or hovered)."""
    out = {}
    for card, slot in zip(m.mine, hand_slots(L, len(m.mine))):
        y = slot.y
        if card == chosen:
            y -= L.raise_px
        elif card == hover:
            y -= L.hover_px
        out[card] = (slot.x, y)
    return out
