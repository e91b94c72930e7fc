"""Where everything goes, computed from the window size alone.

Pure geometry (pygame.Rect needs no display): the same numbers for drawing,
hit-testing and tests.  Proportions come from the theme's ``layout`` section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygame import Rect

MAX_HAND = 9
PILE_LAYERS = 5  # a pile of won tricks is drawn as at most this many cards
PILE_RISE = 2  # pixels each layer of a pile rises over the one under it


@dataclass(frozen=True)
class Fonts:
    body: int
    small: int
    title: int
    huge: int


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    fonts: Fonts
    margin: int
    button_h: int
    table: Rect  # the felt left of the side panel
    panel: Rect  # the side panel
    card: tuple[int, int]
    small: tuple[int, int]  # the rival's cards
    pile_card: tuple[int, int]
    hand_y: int
    raise_px: int
    hover_px: int
    rival_y: int
    centre: tuple[int, int]
    stock: Rect
    turned: Rect
    trump_badge: Rect
    trick: tuple[Rect, Rect]  # by seat
    piles: tuple[Rect, Rect]  # by seat
    bid_anchor: tuple[int, int]  # left edge, vertical centre of the bid buttons
    thinking: tuple[int, int]  # left end, middle height, of the rival's thinking sign
    bubbles: tuple[tuple[int, int], tuple[int, int]]  # centre of each seat's bid bubble
    message: tuple[int, int]  # centre of the message line
    panel_buttons: tuple[Rect, Rect, Rect]  # last trick, tracker, menu
    name_plate: tuple[int, int] = (0, 0)  # the right end, middle height, of the rival's plate
    left_handed: bool = False  # the side panel and its buttons on the left
    hand_spacing: float = 0.0
    rival_spacing: float = 0.0
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def side(self) -> Rect:
        """The strip the side panel stands in, beside the table (left-handed: left)."""
        if self.left_handed:
            return Rect(0, 0, self.table.left, self.size[1])
        return Rect(self.table.right, 0, self.size[0] - self.table.right, self.size[1])


def ui_scale(size: tuple[int, int], metrics: dict[str, Any]) -> float:
    ref_w, ref_h = metrics["ui_scale_ref"]
    return min(float(size[0] / ref_w), float(size[1] / ref_h))


def fonts_for(size: tuple[int, int], metrics: dict[str, Any]) -> Fonts:
    s = ui_scale(size, metrics)
    low = metrics["font_min"]
    return Fonts(*(max(low, round(metrics[k] * s)) for k in
                   ("font_body", "font_small", "font_title", "font_huge")))


def table_layout(size: tuple[int, int], metrics: dict[str, Any],
                 left_handed: bool = False, large_cards: bool = False) -> TableLayout:
    """``left_handed``: the side panel and its buttons mirrored to the left;
    ``large_cards``: the cards ``large_cards`` times their size (the theme's),
    for players who read small print badly."""
    w, h = size
    fonts = fonts_for(size, metrics)
    m = max(6, round(metrics["margin"] * h))
    side = round(min(max(w * metrics["side_panel_w"], metrics["side_panel_min"]),
                     metrics["side_panel_max"]))
    if left_handed:
        table = Rect(side, 0, w - side, h)
        panel = Rect(m, m, side - m, h - 2 * m)
    else:
        table = Rect(0, 0, w - side, h)
        panel = Rect(table.right, m, side - m, h - 2 * m)

    grow = float(metrics["large_cards"]) if large_cards else 1.0
    ch = round(min(h * metrics["card_h"], table.w * metrics["card_h_max_by_width"]) * grow)
    cw = round(ch * metrics["card_ratio"])
    rch = round(ch * metrics["rival_scale"])
    rcw = round(rch * metrics["card_ratio"])
    pch = round(ch * metrics["pile_scale"])
    pcw = round(pch * metrics["card_ratio"])
    raise_px = round(ch * metrics["select_raise"])
    hover_px = round(ch * metrics["hover_raise"])
    button_h = round(fonts.body * metrics["button_h"])

    rival_y = m
    hand_y = h - m - ch
    band_top = rival_y + rch + m
    band_bottom = hand_y - raise_px
    cx = table.centerx
    cy = (band_top + band_bottom) // 2

    dx, dy = round(cw * 0.34), round(ch * 0.13)
    trick_you = Rect(0, 0, cw, ch)
    trick_you.center = (cx + dx, cy + dy)
    trick_rival = Rect(0, 0, cw, ch)
    trick_rival.center = (cx - dx, cy - dy)

    stock = Rect(table.left + 2 * m, cy - ch // 2, cw, ch)
    turned = Rect(stock.right + round(cw * 0.2), stock.top, cw, ch)
    badge = Rect(0, 0, round(cw * 0.8), round(cw * 0.8))
    badge.center = turned.center

    pile_x = table.right - m - pcw - round(pcw * 0.3)
    # between the piles: the rival's label, and room for your pile's layers to rise
    gap = max(fonts.small * 2, m * 2) + PILE_LAYERS * PILE_RISE
    pile_rival = Rect(pile_x, cy - gap // 2 - pch, pcw, pch)
    pile_you = Rect(pile_x, cy + gap // 2, pcw, pch)

    spacing = min(cw * metrics["hand_spacing_max"], (table.w - 4 * m - cw) / (MAX_HAND - 1))
    r_spacing = rcw * metrics["rival_spacing"]
    rival_w = r_spacing * (MAX_HAND - 1) + rcw
    thinking = (round(cx + rival_w / 2 + m), rival_y + rch // 2)

    bubble_rival = (cx, band_top + fonts.body)
    bubble_you = (cx, band_bottom - fonts.body - m // 2)
    message = (cx, bubble_you[1] - round(fonts.body * 2.2))

    bw = panel.w - 2 * m
    buttons = []
    y = panel.bottom - m
    for _ in range(3):
        y -= button_h
        buttons.append(Rect(panel.left + m, y, bw, button_h))
        y -= m // 2
    menu_b, tracker_b, last_b = buttons  # built bottom-up

    return TableLayout(
        size=size, scale=ui_scale(size, metrics), fonts=fonts, margin=m,
        button_h=button_h, table=table, panel=panel, card=(cw, ch), small=(rcw, rch),
        pile_card=(pcw, pch), hand_y=hand_y, raise_px=raise_px, hover_px=hover_px,
        rival_y=rival_y, centre=(cx, cy), stock=stock, turned=turned, trump_badge=badge,
        trick=(trick_you, trick_rival), piles=(pile_you, pile_rival),
        bid_anchor=(turned.right + 2 * m, cy), thinking=thinking,
        bubbles=(bubble_you, bubble_rival), message=message,
        panel_buttons=(last_b, tracker_b, menu_b), hand_spacing=spacing,
        rival_spacing=r_spacing,
        name_plate=(round(cx - rival_w / 2 - m), rival_y + rch // 2), left_handed=left_handed,
    )


def hand_slots(layout: TableLayout, n: int) -> list[Rect]:
    """Your cards, left to right, centred on the table."""
    cw, ch = layout.card
    if n <= 0:
        return []
    width = layout.hand_spacing * (n - 1) + cw
    left = layout.centre[0] - width / 2
    return [Rect(round(left + i * layout.hand_spacing), layout.hand_y, cw, ch) for i in range(n)]


def rival_slots(layout: TableLayout, n: int) -> list[Rect]:
    rcw, rch = layout.small
    if n <= 0:
        return []
    width = layout.rival_spacing * (n - 1) + rcw
    left = layout.centre[0] - width / 2
    return [Rect(round(left + i * layout.rival_spacing), layout.rival_y, rcw, rch)
            for i in range(n)]


def bid_buttons(layout: TableLayout, labels_w: int, n: int) -> list[Rect]:
    """A column of ``n`` buttons beside the turned card, ``labels_w`` wide."""
    x, cy = layout.bid_anchor
    h = layout.button_h
    gap = max(4, layout.margin // 2)
    total = n * h + (n - 1) * gap
    top = cy - total // 2 + h // 2  # leave room above for the prompt
    return [Rect(x, top + i * (h + gap), labels_w, h) for i in range(n)]


def menu_column(size: tuple[int, int], metrics: dict[str, Any], n: int,
                top_frac: float = 0.36) -> list[Rect]:
    """Centred menu buttons (title screen, pause menu)."""
    w, h = size
    fonts = fonts_for(size, metrics)
    bh = round(fonts.body * metrics["button_h"] * 1.15)
    bw = max(round(w * 0.28), fonts.body * 16)
    gap = max(6, round(bh * 0.28))
    top = round(h * top_frac)
    return [Rect((w - bw) // 2, top + i * (bh + gap), bw, bh) for i in range(n)]


def centred_panel(area: Rect, w: int, h: int) -> Rect:
    r = Rect(0, 0, min(w, area.w - 16), min(h, area.h - 16))
    r.center = area.center
    return r
