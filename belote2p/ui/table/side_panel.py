"""The side panel: the rival, the streak, the match, this hand, the tracker
and the table's buttons, drawn from a ``SideState``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...core.cards import BELOTE_BONUS, LAST_TRICK_BONUS, SUIT_SYMBOLS
from ...services.i18n import N_, _, pgettext
from .. import gfx
from ..context import Window
from ..gfx import Button, c
from ..layout import TableLayout
from ..menu import fit
from ..theme import Theme
from ..words import taken_by
from .mode import SideLine, SideLineKind
from .panels import draw_tracker, tracker_height
from .state import SideState

# The panel's buttons, left to right: the label and the value the input acts on.
SIDE_BUTTONS = ((N_("Last trick (L)"), "last"), (N_("Tracker (T)"), "tracker"),
                (N_("Menu (Esc)"), "menu"))
SEPARATOR = " · "  # between facts of the status line
Colour = tuple[int, ...]
Point = tuple[float, float]


def side_buttons(L: TableLayout, show_last: bool, show_tracker: bool,
                 mouse: tuple[int, int]) -> list[Button]:
    buttons = []
    for rect, (label, value) in zip(L.panel_buttons, SIDE_BUTTONS):
        active = (value == "last" and show_last) or (value == "tracker" and show_tracker)
        b = Button(rect, _(label), value, focus=active)
        b.hover = rect.collidepoint(mouse)
        buttons.append(b)
    return buttons


class SidePanel:
    """The side panel changes a few times a hand, not every frame: it is drawn
    into an off-screen copy of the window when what it shows changes, and
    copied from there otherwise (saves a third of a frame's drawing)."""

    def __init__(self, window: Window, theme: Theme):
        self.window, self.theme = window, theme
        self._shown: SideState | None = None
        self._off: pygame.Surface | None = None

    def draw(self, surf: pygame.Surface, s: SideState, buttons: tuple[Button, ...]) -> None:
        L = self.window.layout
        region = L.side
        if self._off is None or self._off.get_size() != surf.get_size():
            self._off, self._shown = pygame.Surface(surf.get_size()), None
        if self._shown != s:
            for asides in (True, False):  # the asides go when the tracker needs their room
                self._off.blit(self.window.felt(), region, region)
                if self._draw(self._off, s, L, buttons, asides):
                    break
            self._shown = s
        surf.blit(self._off, region, region)

    def _draw(self, surf: pygame.Surface, s: SideState, L: TableLayout,
              buttons: tuple[Button, ...], asides: bool = True) -> bool:
        """The panel; ``asides``: with the lines that may go (the fairness
        note).  False when the tracker is shown and did not fit."""
        f = L.fonts
        gfx.panel(surf, L.panel, radius=f.body)
        rows = _Rows(surf, L)
        self._who(rows, s, asides)
        self._match(rows, s)
        self._this_hand(rows, s)
        for b in buttons:
            b.draw(surf, f.small)
        bottom = L.panel_buttons[0].top - f.body // 2
        if s.tracker is not None:
            h = tracker_height(L)
            top = bottom - h
            if top < rows.y + f.small // 2:  # air between the status line and the tracker
                return not asides  # without the asides, the tracker is left out as before
            area = pygame.Rect(rows.x0, top, rows.x1 - rows.x0, h)
            draw_tracker(surf, area, L, s.tracker, s.four_colour, self.theme)
            bottom = top - f.small // 2
        self._history(rows, s, bottom)
        return True

    def _history(self, rows: _Rows, s: SideState, bottom: int) -> None:
        """What was announced, newest last: as many as there is room for (a
        long line wraps rather than shrinks)."""
        if not s.history:
            return
        small = rows.f.small
        room = (bottom - rows.y - rows.small_line - small) // rows.small_line
        wrapped = [gfx.wrap(line, small, rows.x1 - rows.x0) for line in s.history]
        shown: list[list[str]] = []
        for lines in reversed(wrapped):
            if sum(map(len, shown)) + len(lines) > room:
                break
            shown.insert(0, lines)
        if not shown:
            return
        rows.heading(_("Announced"))
        for lines in shown:
            for line in lines:
                rows.status(line)

    def _who(self, rows: _Rows, s: SideState, asides: bool = True) -> None:
        """Who plays whom and what counts: the lines the table's mode wrote
        (``asides``: with those that may go when room is short)."""
        for line in s.who:
            if asides or line.kind is not SideLineKind.ASIDE:
                _WRITE[line.kind](rows, line)

    def _match(self, rows: _Rows, s: SideState) -> None:
        rows.heading(_("Match"), columns=(_short(s.seat_names[0]), _short(s.seat_names[1])))
        for i in range(2):
            label = _("Hand {n}").format(n=i + 1)
            if i < len(s.hand_scores):
                rows.pair(label, *s.hand_scores[i])
            elif i == s.hands_started - 1:  # the hand's, not a seat's: across both columns
                rows.across(label, _("in play"))
            else:
                rows.across(label, "–")
        rows.pair(_("Total"), *s.match_scores, bold=True)

    def _this_hand(self, rows: _Rows, s: SideState) -> None:
        rows.heading(_("This hand"))
        if s.trump is not None:
            who = _short(s.seat_names[s.taker]) if s.taker is not None else ""
            you = s.taker is not None and s.taker == s.you
            ink = self.theme.suit_colour(s.trump, s.four_colour)
            rows.trump(_("Trump"), SUIT_SYMBOLS[s.trump], ink, taken_by(you, who))
        else:
            rows.row(_("Trump"), _("not chosen yet"), c("text_dim"))
        if s.show_points:
            # TRANSLATORS: the side panel's row of card points: short (a narrow column)
            rows.pair(pgettext("side panel", "Card points"), *s.points)
            if s.belote is not None:  # as soon as rebelote is said, where the points are
                rows.pair(_("Belote"), *_one_seat(s.belote, f"+{BELOTE_BONUS}"))
            if s.last_bonus is not None:
                rows.pair(_("Last trick"), *_one_seat(s.last_bonus, f"+{LAST_TRICK_BONUS}"))
        else:
            rows.row(pgettext("side panel", "Card points"), _("hidden (Settings)"), c("text_dim"))
        rows.pair(_("Tricks"), *s.won)
        if not s.stock_started:
            facts = [_("bidding")]
            if s.deal_number > 1:
                facts.append(_("deal {n} of 3").format(n=s.deal_number))
        else:
            n = min(16, s.won[0] + s.won[1] + 1)
            kind = _("strict play") if s.pack == 0 else _("free play")
            facts = [_("Trick {n} of 16").format(n=n), kind]
        rows.status(SEPARATOR.join(facts))


_WRITE: dict[SideLineKind, Callable[[_Rows, SideLine], None]] = {
    SideLineKind.HEADING: lambda rows, line: rows.heading(line.text),
    SideLineKind.TEXT: lambda rows, line: rows.text(line.text),
    SideLineKind.NOTE: lambda rows, line: rows.note(line.text),
    SideLineKind.ASIDE: lambda rows, line: rows.note(line.text),
    SideLineKind.ROW: lambda rows, line: rows.row(line.text, line.value),
    SideLineKind.FIGURE: lambda rows, line: rows.row(line.text, line.value, c("accent"), True),
    SideLineKind.SMALL: lambda rows, line: rows.small_row(line.text, line.value),
    SideLineKind.SMALL_ACCENT: lambda rows, line: rows.small_row(line.text, line.value,
                                                                 c("accent")),
}


def _one_seat(seat: int, figure: str) -> tuple[str, str]:
    """A figure in one seat's column, the other blank."""
    return (figure, "") if seat == 0 else ("", figure)


def _short(seat_name: str) -> str:
    """"South (level 2)" -> "South": the columns are narrow."""
    return seat_name.split(" (")[0]


class _Rows:
    """Writes the panel's lines top to bottom: labels left, values right.  A
    label keeps clear of its values (it shrinks a little if a language needs)."""

    def __init__(self, surf: pygame.Surface, L: TableLayout):
        self.surf, self.f = surf, L.fonts
        pad = self.f.body
        self.x0, self.x1 = L.panel.left + pad, L.panel.right - pad
        self.y = L.panel.top + pad // 2 + 2
        self.line = round(self.f.body * 1.38)
        self.small_line = round(self.f.small * 1.45)
        self.box = L.panel  # every line stays inside the panel

    def _text(self, text: str, size: int, colour: Colour, pos: Point, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
        return gfx.blit_text(self.surf, text, size, colour, pos, anchor, bold, within=self.box)

    def _label(self, label: str, right: int, size: int | None = None) -> None:
        """``label`` from the left edge, ending before ``right``."""
        size = size or self.f.body
        room = pygame.Rect(self.x0, self.y, right - self.f.body // 2 - self.x0, self.line)
        gfx.blit_text(self.surf, label, gfx.fitting_size(label, size, room.w), c("text_dim"),
                      (self.x0, self.y), within=room)

    def heading(self, text: str, columns: tuple[str, str] | None = None) -> None:
        """A block's heading; ``columns``: the names of its two number columns,
        on the heading's line (a line saved for the tracker)."""
        self.y += self.f.small // 3
        self._text(text.upper(), self.f.small, c("panel_title"), (self.x0, self.y), bold=True)
        if columns is not None:
            small, body = self.f.small, self.f.body
            self._text(columns[0], small, c("text_dim"), (self.x1 - body * 3.6, self.y),
                       "topright")
            self._text(columns[1], small, c("text_dim"), (self.x1, self.y), "topright")
        self.y += self.small_line

    def text(self, text: str) -> None:
        size = gfx.fitting_size(text, self.f.body, self.x1 - self.x0, bold=True)
        self._text(text, size, c("text"), (self.x0, self.y), bold=True)
        self.y += self.line

    def row(self, label: str, value: str, colour: Colour | None = None,
            bold: bool = False) -> None:
        body = self.f.body
        shown = self._text(value, body, colour or c("text"), (self.x1, self.y), "topright", bold)
        self._label(label, shown.left)
        self.y += self.line

    def across(self, label: str, words: str) -> None:
        """A label and dim words centred across both number columns (the row's
        own, neither seat's)."""
        body = self.f.body
        centre = round(self.x1 - body * 2.6)
        shown = self._text(words, self.f.small, c("text_dim"), (centre, self.y + 2), "midtop")
        self._label(label, shown.left)
        self.y += self.line

    def small_row(self, label: str, value: str, colour: Colour | None = None) -> None:
        """A label and a value in the small size; the value goes on a line of
        its own when both do not fit (a commitment is never cut short)."""
        small = self.f.small
        used = gfx.blit_text(self.surf, label, small, c("text_dim"), (self.x0, self.y))
        if gfx.font(small).size(value)[0] > self.x1 - used.right - small:
            self.y += self.small_line
        gfx.blit_text(self.surf, fit(value, small, self.x1 - self.x0), small, colour or c("text"),
                      (self.x1, self.y), "topright")
        self.y += self.small_line

    def pair(self, label: str, a: int | str, b: int | str, bold: bool = False) -> None:
        body = self.f.body
        colour = c("accent") if bold else c("text")
        shown = self._text(str(a), body, colour, (self.x1 - body * 3.6, self.y), "topright", bold)
        self._text(str(b), body, colour, (self.x1, self.y), "topright", bold)
        self._label(label, shown.left)
        self.y += self.line

    def trump(self, label: str, symbol: str, ink: Colour, taken_by: str) -> None:
        body, small, y = self.f.body, self.f.small, self.y
        badge = pygame.Rect(0, 0, round(body * 1.5), round(body * 1.5))
        badge.topright = (self.x1, y - body // 5)
        pygame.draw.rect(self.surf, c("card_face"), badge, border_radius=body // 3)
        self._text(symbol, body, ink, badge.center, "center", True)
        label_w = gfx.font(body).size(label)[0] + body
        room = badge.left - small // 2 - self.x0 - label_w
        size = gfx.fitting_size(taken_by, small, room, smallest=0.9)
        if gfx.font(size).size(taken_by)[0] <= room:
            shown = self._text(taken_by, size, c("text"), (badge.left - small // 2, y + 1),
                               "topright")
            self._label(label, shown.left)
            self.y += self.line
            return
        # no room for both at a readable size: who took it, beside the trump's badge
        # (the badge says it is the trump), rather than words too small to read
        room = badge.left - small // 2 - self.x0
        self._text(taken_by, gfx.fitting_size(taken_by, small, room), c("text"),
                   (self.x0, y + 1))
        self.y += self.line

    def note(self, text: str) -> None:
        """Small text over as many lines as it needs (never shrunk)."""
        for line in gfx.wrap(text, self.f.small, self.x1 - self.x0):
            self._text(line, self.f.small, c("text"), (self.x0, self.y + 2))
            self.y += self.small_line
        self.y += self.f.small // 3  # a little air before the next heading

    def status(self, text: str) -> None:
        size = gfx.fitting_size(text, self.f.small, self.x1 - self.x0)
        self._text(text, size, c("text"), (self.x0, self.y + 2))
        self.y += self.small_line
