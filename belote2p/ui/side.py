"""The side panel: the rival, the streak, the match, this hand, the tracker
and the table's buttons.  Everything shown is read from the run (the engine)
or from the table model (which lags the engine by the animations)."""

from __future__ import annotations

import pygame

from ..cards import SUIT_SYMBOLS
from . import gfx
from .gfx import Button, c
from .panels import draw_tracker, tracker_height


def draw_side_cached(surf: pygame.Surface, table) -> list[Button]:
    """The side panel changes a few times a hand, not every frame: it is drawn
    into an off-screen copy of the window when what it shows changes, and
    copied from there otherwise (saves a third of a frame's drawing)."""
    L = table.L
    region = pygame.Rect(L.table.right, 0, L.size[0] - L.table.right, L.size[1])
    sig = _signature(table)
    cache = getattr(table, "_side_cache", None)
    if cache is None or cache[0] != sig or cache[1].get_size() != surf.get_size():
        off = cache[1] if cache and cache[1].get_size() == surf.get_size() else \
            pygame.Surface(surf.get_size())
        off.blit(table.app.felt(), region, region)
        buttons = draw_side_panel(off, table)
        cache = table._side_cache = (sig, off, buttons)
    surf.blit(cache[1], region, region)
    return cache[2]


def _signature(table) -> tuple:
    """Everything the side panel shows (if this is equal, so is the panel)."""
    m, run = table.model, table.run
    match = run.match
    view = None
    if table.show_tracker and table.in_hand() and not table.hard_pending():
        v = match.view(0)
        view = (frozenset(v.played_cards()), v.hand, v.other_hand, v.known_other_cards, v.trump)
    mouse = pygame.mouse.get_pos()
    hover = tuple(r.collidepoint(mouse) for r in table.L.panel_buttons)
    return (table.L.size, run.rival_level, run.streak, run.score,
            tuple(hs.scores for hs in match.hand_scores), len(match.hands), match.scores,
            m.trump, m.taker, tuple(m.points), tuple(m.won), m.pack, m.stock_started,
            table.hand.deal_number if table.in_hand() else 0, table.in_hand(),
            dict(table.app.settings).get("show_points"), table.app.settings["four_colour"],
            table.show_tracker, table.show_last, view, hover)


def draw_side_panel(surf: pygame.Surface, table) -> list[Button]:
    L, t, m, run = table.L, table.t, table.model, table.run
    f = L.fonts
    r = L.panel
    gfx.panel(surf, r, radius=f.body)
    pad = f.body
    x0, x1 = r.left + pad, r.right - pad
    y = r.top + pad // 2 + 2
    line = round(f.body * 1.38)
    small_line = round(f.small * 1.45)

    def heading(text: str) -> None:
        nonlocal y
        y += f.small // 3
        gfx.blit_text(surf, text.upper(), f.small, c("panel_title"), (x0, y), bold=True)
        y += small_line

    def row(label: str, value: str, colour=None, bold=False) -> None:
        nonlocal y
        gfx.blit_text(surf, label, f.body, c("text_dim"), (x0, y))
        gfx.blit_text(surf, value, f.body, colour or c("text"), (x1, y), "topright", bold)
        y += line

    def pair(label: str, a, b, bold=False) -> None:
        nonlocal y
        colour = c("accent") if bold else c("text")
        gfx.blit_text(surf, label, f.body, c("text_dim"), (x0, y))
        gfx.blit_text(surf, str(a), f.body, colour, (x1 - f.body * 3.6, y), "topright", bold)
        gfx.blit_text(surf, str(b), f.body, colour, (x1, y), "topright", bold)
        y += line

    # who plays whom
    if table.demo:
        heading(t("app_title"))
        for seat in (1, 0):
            level = table.demo.levels[seat]
            name = table.level_names.get(level, "") if isinstance(level, int) else ""
            row(table.seat_name(seat).split(" (")[0], f"L{level} {name}".strip())
    else:
        heading(t("panel.rival"))
        level = run.rival_level
        gfx.blit_text(surf, t("panel.level", level=level, name=table.level_names.get(level, "")),
                      f.body, c("text"), (x0, y), bold=True)
        y += line
        row(t("panel.streak"), str(run.streak), c("accent"), True)
        row(t("panel.run_score"), f"{run.score:,}", c("accent"), True)

    # the match
    match = run.match
    heading(t("panel.match"))
    names = (table.seat_name(0).split(" (")[0], table.seat_name(1).split(" (")[0])
    gfx.blit_text(surf, names[0], f.small, c("text_dim"), (x1 - f.body * 3.6, y), "topright")
    gfx.blit_text(surf, names[1], f.small, c("text_dim"), (x1, y), "topright")
    y += small_line
    for i in range(2):
        label = t("panel.hand_n", n=i + 1)
        if i < len(match.hand_scores):
            pair(label, *match.hand_scores[i].scores)
        elif i == len(match.hands) - 1:
            row(label, t("panel.in_play"), c("text_dim"))
        else:
            row(label, "–", c("text_dim"))
    pair(t("panel.total"), *match.scores, bold=True)

    # this hand
    heading(t("panel.this_hand"))
    if m.trump is not None:
        who = table.seat_name(m.taker).split(" (")[0] if m.taker is not None else ""
        ink = table.app.theme.suit_colour(m.trump, table.app.settings["four_colour"])
        gfx.blit_text(surf, t("panel.trump"), f.body, c("text_dim"), (x0, y))
        badge = pygame.Rect(0, 0, round(f.body * 1.5), round(f.body * 1.5))
        badge.topright = (x1, y - f.body // 5)
        pygame.draw.rect(surf, c("card_face"), badge, border_radius=f.body // 3)
        gfx.blit_text(surf, SUIT_SYMBOLS[m.trump], f.body, ink, badge.center, "center", True)
        gfx.blit_text(surf, t("panel.taken_by", who=who), f.small, c("text"),
                      (badge.left - f.small // 2, y + 1), "topright")
        y += line
    else:
        row(t("panel.trump"), t("panel.no_trump"), c("text_dim"))
    if table.app.settings["show_points"]:
        pair(t("panel.points"), *m.points)
    else:
        row(t("panel.points"), t("panel.points_hidden"), c("text_dim"))
    pair(t("panel.tricks"), *m.won)
    if not m.stock_started:
        deal = table.hand.deal_number if table.in_hand() else 1
        status = t("panel.bidding")
        if deal > 1:
            status += " · " + t("panel.deal_n", n=deal)
    else:
        n = min(16, m.won[0] + m.won[1] + 1)
        kind = t("panel.strict_play") if m.pack == 0 else t("panel.free_play")
        status = t("panel.trick_n", n=n) + " · " + kind
    gfx.blit_text(surf, status, f.small, c("text"), (x0, y + 2))
    y += small_line

    # the buttons (and the tracker just above them)
    buttons = []
    for rect, key, value in zip(L.panel_buttons, ("panel.last_trick", "panel.tracker", "panel.menu"),
                                ("last", "tracker", "menu")):
        active = (value == "last" and table.show_last) or (value == "tracker" and table.show_tracker)
        b = Button(rect, t(key), value, focus=active)
        b.hover = rect.collidepoint(pygame.mouse.get_pos())
        b.draw(surf, f.small)
        buttons.append(b)
    if table.show_tracker and table.in_hand() and not table.hard_pending():
        h = tracker_height(L)
        top = L.panel_buttons[0].top - h - pad // 2
        if top >= y:
            area = pygame.Rect(x0, top, x1 - x0, h)
            draw_tracker(surf, area, L, run.match.view(0), table.app.settings["four_colour"],
                         table.app.theme)
    return buttons
