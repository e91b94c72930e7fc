"""The table's panels: end of hand, end of match, end of run (modal, with a
Continue button), the last-trick review and the card tracker.  They show
numbers the engine computed; nothing is scored here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import pygame

from ...core.actions import Trick
from ...core.cards import (
    CARDS,
    LAST_TRICK_BONUS,
    PLAIN_STRENGTH,
    SUIT_SYMBOLS,
    TRUMP_STRENGTH,
)
from ...core.events import Standing as RunStanding
from ...core.match import Run
from ...core.view import SeatView
from ...services.card_words import rank_letter
from ...services.duplicate_text import level4_pending, level4_widest
from ...services.i18n import N_, _, format_number
from ...services.run_session import Standing
from .. import gfx
from ..cards_art import CardArt
from ..gfx import Button, c
from ..layout import TableLayout, centred_panel
from ..theme import Theme
from ..words import capot_note, contract_made, led_by, went_dedans, won_by
from .model import HandOver, MatchSummary

# Facts that stand on their own share a line, split by this mark (not a sentence).
SEPARATOR = " · "


Row: TypeAlias = tuple[str, int | str, int | str, bool]  # label, seat 0's, seat 1's, bold
Line: TypeAlias = tuple[str, str]  # text, colour name


def _is_you(seat: int) -> bool:
    return seat == 0


@dataclass
class InfoPanel:
    kind: str
    title: str
    rows: list[Row] = field(default_factory=list)  # (label, left, right, bold)
    lines: list[Line] = field(default_factory=list)  # (text, colour name)
    button: str = ""
    headers: tuple[str, str] = ("", "")
    title_colour: str = "panel_title"
    age: float = 0.0
    done: bool = False
    extra: str = ""  # a second button's label (the run's end: "Export run")
    room: tuple[str, ...] = ()  # lines it may show later: the panel is as wide as they need
    on_extra: Callable[[], None] | None = None
    _button: Button | None = None
    _extra_button: Button | None = None
    # the end of a hand offers its review (the second button): the hand's record
    # and the review's title; the table opens it when the player asks
    review: tuple[dict[str, Any], str] | None = None
    wants_review: bool = False

    # -- geometry
    def rect(self, L: TableLayout) -> pygame.Rect:
        f = L.fonts
        line_h = round(f.body * 1.55)
        h = f.title * 2 + line_h * (len(self.rows) + 1) + len(self.lines) * line_h
        h += L.button_h + f.body * 3
        w = max(f.body * 26, gfx.font(f.title, True).size(self.title)[0] + f.body * 4)
        if self.extra:
            pair = sum(gfx.button_row_width([b], f.body, f.body * 2)
                       for b in (self.extra, self.button))
            w = max(w, pair + f.body * 5)
        for text in (*(text for text, _colour in self.lines), *self.room):
            w = max(w, gfx.font(f.body, True).size(text)[0] + f.body * 3)
        for label, _a, _b, bold in self.rows:  # room for both number columns
            w = max(w, gfx.font(f.body, bold).size(label)[0] + f.body * 15)
        return centred_panel(L.table, w, h)

    @staticmethod
    def _column(r: pygame.Rect, right: int, width: int) -> pygame.Rect:
        """The space of a number column's heading, ending at ``right``."""
        return pygame.Rect(right - width, r.top, width, r.h)

    def button_rect(self, L: TableLayout) -> pygame.Rect:
        r = self.rect(L)
        bw = gfx.button_row_width([self.button], L.fonts.body, L.fonts.body * 2)
        centre = r.centerx
        if self.extra:  # the two buttons side by side, Continue on the right
            centre += (self.extra_width(L) + L.fonts.body) // 2
        return pygame.Rect(centre - bw // 2, r.bottom - L.button_h - L.fonts.body, bw, L.button_h)

    def extra_width(self, L: TableLayout) -> int:
        return gfx.button_row_width([self.extra], L.fonts.body, L.fonts.body * 2)

    def extra_rect(self, L: TableLayout) -> pygame.Rect | None:
        if not self.extra:
            return None
        main = self.button_rect(L)
        w = self.extra_width(L)
        return pygame.Rect(main.left - L.fonts.body - w, main.top, w, main.h)

    # -- input
    def handle(self, event: pygame.event.Event, L: TableLayout) -> bool:
        """True when the player continues."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            self.done = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.review:
            self.wants_review = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            extra = self.extra_rect(L)
            if self.button_rect(L).collidepoint(event.pos):
                self.done = True
            elif extra is not None and extra.collidepoint(event.pos):
                self._extra_chosen()
        elif event.type == pygame.MOUSEMOTION and self._button is not None:
            self._button.hover = self.button_rect(L).collidepoint(event.pos)
            extra = self.extra_rect(L)
            if self._extra_button is not None and extra is not None:
                self._extra_button.hover = extra.collidepoint(event.pos)
        return self.done

    def _extra_chosen(self) -> None:
        if self.on_extra is not None:
            self.on_extra()
        elif self.review is not None:
            self.wants_review = True

    # -- drawing
    def draw(self, surf: pygame.Surface, L: TableLayout) -> None:
        gfx.shade(surf, L.table)
        r = self.rect(L)
        f = L.fonts
        gfx.panel(surf, r, radius=f.body)
        y = r.top + f.title
        gfx.blit_text(surf, self.title, f.title, c(self.title_colour), (r.centerx, y), "midtop",
                      True, within=r)
        y += round(f.title * 1.7)
        line_h = round(f.body * 1.55)
        col_b, col_a = r.right - f.body * 2, r.right - f.body * 9
        if self.rows:
            for text, x in ((self.headers[0], col_a), (self.headers[1], col_b)):
                gfx.blit_text(surf, text, f.small, c("text_dim"), (x, y), "topright", True,
                              within=self._column(r, x, f.body * 6))
            y += line_h
        for label, a, b, bold in self.rows:
            colour = c("accent") if bold else c("text")
            if bold:
                pygame.draw.line(surf, c("panel_border")[:3], (r.left + f.body * 2, y - 3),
                                 (r.right - f.body * 2, y - 3))
            # the label keeps clear of the first number column
            label_box = pygame.Rect(r.left, y, col_a - f.body * 4 - r.left, line_h)
            gfx.blit_text(surf, label, f.body, colour, (r.left + f.body * 2, y), bold=bold,
                          within=label_box)
            gfx.blit_text(surf, str(a), f.body, colour, (col_a, y), "topright", bold, within=r)
            gfx.blit_text(surf, str(b), f.body, colour, (col_b, y), "topright", bold, within=r)
            y += line_h
        y += f.body // 2
        for text, line_colour in self.lines:
            gfx.blit_text(surf, text, f.body, c(line_colour), (r.centerx, y), "midtop", True,
                          within=r)
            y += line_h
        if self._button is None:
            self._button = Button(self.button_rect(L), self.button, primary=True, focus=True)
        self._button.rect = self.button_rect(L)
        self._button.draw(surf, f.body)
        extra = self.extra_rect(L)
        if extra is not None:
            if self._extra_button is None:
                self._extra_button = Button(extra, self.extra)
            self._extra_button.rect = extra
            self._extra_button.draw(surf, f.body)


def hand_over_panel(data: HandOver, names: Callable[[int], str],
                    you: Callable[[int], bool] = _is_you,
                    level4: str | None = None) -> InfoPanel:
    """The end of a hand; after the second, the match too (both hands, the
    totals, the winner and the margin).  ``names(seat)`` names a seat;
    ``you(seat)``: the sentence speaks to it.  Points are counted as in the
    side panel: card points, the last trick's 10 on its own line.  ``level4``:
    the line of level 4 in your seat (or its placeholder while it is being
    computed) on its last line, room made for it at its widest; None: no line."""
    score = data.score
    rows: list[Row] = [(_("Card points"), data.card_points[0], data.card_points[1], False)]
    if score.capot is not None:
        cap: list[int | str] = [0, 0]
        cap[score.capot] = score.trick_points[score.capot]
        rows.append((_("Capot"), cap[0], cap[1], False))
    else:
        last = ["", ""]
        last[data.last_winner] = f"+{LAST_TRICK_BONUS}"
        rows.append((_("Last trick"), last[0], last[1], False))
    if score.belote is not None:
        bel = score.belote_points
        rows.append((_("Belote"), f"+{bel[0]}" if bel[0] else "", f"+{bel[1]}" if bel[1] else "",
                     False))
    rows.append((_("Total"), score.totals[0], score.totals[1], False))
    lines: list[Line] = []
    if score.capot is not None:
        lines.append((capot_note(you(score.capot), names(score.capot)), "accent"))
    taker, defender = score.taker, 1 - score.taker
    if score.result == "made":
        lines.append((contract_made(you(taker), names(taker)), "good" if taker == 0 else "text"))
    elif score.result == "dedans":
        lines.append((went_dedans(you(taker), you(defender), names(taker), names(defender),
                                  format_number(score.scores[defender])),
                      "bad" if taker == 0 else "good"))
    else:
        lines.append((_("A tie: each scores their own total"), "text"))
    rows.append((_("Hand score"), score.scores[0], score.scores[1], True))
    review = (data.record, _("Hand {n}: the review").format(n=format_number(data.hand_no)))
    title = _("Hand {n} over").format(n=data.hand_no)
    title_colour, button = "panel_title", _("Continue")
    match = data.match
    if match is not None:
        for i, (a, b) in enumerate(match.hands):
            rows.append((_("Hand {n}").format(n=i + 1), a, b, False))
        rows.append((_("Match"), match.scores[0], match.scores[1], True))
        title, title_colour = _match_title(match.winner)
        lines.append((_margin_line(match, names, you), title_colour))
        if match.after is not None:  # the match told: what it makes of the run
            lines.append((standing_line(match.after), "accent"))
        if match.winner != 0 and match.run_over:
            lines.append((_("Your run ends here"), "text_dim"))
        button = _("Continue") if match.run_over else _("Next match")
    room: tuple[str, ...] = ()
    if level4 is not None:
        lines.append((level4, "text_dim"))
        room = (level4_pending(), *level4_widest())
    return InfoPanel("hand_over", title, rows, lines, button, headers=(names(0), names(1)),
                     title_colour=title_colour, extra=_("Review"), review=review, room=room)


def standing_line(standing: RunStanding) -> str:
    """"Streak 2 · run score 1,234 · rival level 3": the run after a match won."""
    return _("Streak {streak} · run score {score} · rival level {level}").format(
        streak=format_number(standing.streak), score=format_number(standing.score),
        level=standing.rival_level)


def _match_title(winner: int | None) -> tuple[str, str]:
    if winner == 0:
        return _("Match won!"), "good"
    if winner == 1:
        return _("Match lost"), "bad"
    return _("Match drawn"), "text"


def _margin_line(match: MatchSummary, names: Callable[[int], str],
                 you: Callable[[int], bool]) -> str:
    margin = format_number(match.margin)
    if match.winner is None:
        return _("A draw: {a} all").format(a=format_number(match.scores[0]))
    if you(match.winner):
        return _("You win the match by {margin}").format(margin=margin)
    return _("{name} wins the match by {margin}").format(name=names(match.winner),
                                                        margin=margin)


def run_over_panel(run: Run, standing: Standing | None, scored: bool,
                   on_export: Callable[[], None] | None = None,
                   waiting: bool = False) -> InfoPanel:
    """The run's end: its final score, its place on the leaderboard and
    whether it is a personal best (the session's answers, ``standing``;
    ``waiting``: still being read, "…" in their place, the panel as wide as
    they may need)."""
    title = _("Run abandoned") if run.abandoned else _("Run over")
    lines: list[Line] = [
        (_("Final score {score}").format(score=format_number(run.score)), "accent"),
        (_("Streak {streak} · margins {margin} · rival level {level}").format(
            streak=format_number(run.streak), margin=format_number(run.margin_total),
            level=run.rival_level), "text")]
    if scored and standing is not None and run.score <= 0:
        lines.append((_("No match won: nothing goes on the leaderboard"), "text_dim"))
    elif scored and standing is not None:
        if standing.place is not None:
            lines.append((_("Place {n} on the leaderboard!").format(
                n=format_number(standing.place)), "good"))
        else:
            lines.append((_("Not in the top 10 this time"), "text_dim"))
        if standing.personal_best:
            lines.append((_("A new personal best!"), "good"))
    room: tuple[str, ...] = ()
    if scored and waiting:
        lines.append(("…", "text_dim"))
        room = (_("Place {n} on the leaderboard!").format(n=format_number(10)),
                _("Not in the top 10 this time"), _("A new personal best!"))
    extra = _("Export run") if on_export is not None else ""
    return InfoPanel("run_over", title, [], lines, _("Continue"), extra=extra,
                     on_extra=on_export, room=room)


# ------------------------------------------------------------------ overlays
def draw_last_trick(surf: pygame.Surface, L: TableLayout, art: CardArt, trick: Trick | None,
                    names: Callable[[int], str], four: bool,
                    you: Callable[[int], bool] = _is_you) -> None:
    f = L.fonts
    cw, ch = L.card
    foot = "" if trick is None else SEPARATOR.join((led_by(you(trick.leader), names(trick.leader)),
                                                    won_by(you(trick.winner), names(trick.winner))))
    title_w = gfx.font(f.title, True).size(_("Last trick"))[0]
    w = max(cw * 3, gfx.font(f.body).size(foot)[0], title_w)
    w, h = w + f.body * 4, ch + f.title * 2 + f.body * 5
    r = centred_panel(L.table, w, h)
    gfx.shade(surf, L.table)
    gfx.panel(surf, r, radius=f.body)
    gfx.blit_text(surf, _("Last trick"), f.title, c("panel_title"),
                  (r.centerx, r.top + f.body), "midtop", True, within=r)
    if trick is None:
        gfx.blit_text(surf, _("No trick played yet"), f.body, c("text"), r.center, "center",
                      within=r)
        return
    top = r.top + f.body + round(f.title * 1.6)
    for i, seat in enumerate((trick.leader, 1 - trick.leader)):
        x = r.centerx + (-1 if i == 0 else 1) * round(cw * 0.7) - cw // 2
        rect = pygame.Rect(x, top, cw, ch)
        art.draw(surf, trick.card_of(seat), rect, four)
        if seat == trick.winner:
            pygame.draw.rect(surf, c("card_select_glow"), rect.inflate(6, 6), width=3,
                             border_radius=max(4, cw // 12))
        gfx.blit_text(surf, names(seat), f.small, c("text"), (rect.centerx, rect.bottom + 4),
                      "midtop", True, within=r)
    gfx.blit_text(surf, foot, f.body, c("accent"), (r.centerx, r.bottom - f.body), "midbottom",
                  within=r)


# The tracker's legend: the three states a card may be in, each with its mark.
TRACKER_LEGEND = ((N_("in your hand"), "tracker_mine"),
                  (N_("known in the rival's hand"), "tracker_rival"),
                  (N_("played"), None))


def _legend_lines(width: int, size: int) -> list[list[tuple[str, str | None]]]:
    """The legend's entries packed into as few lines of ``width`` as they fit
    (each on the first line with room), in the language of the moment."""
    lines: list[list[tuple[str, str | None]]] = []
    used: list[int] = []
    for label, swatch in TRACKER_LEGEND:
        words = _(label)
        w = gfx.font(size).size(words)[0] + size * 2
        line = next((i for i, u in enumerate(used) if u + w <= width), None)
        if line is None:
            lines.append([])
            used.append(0)
            line = len(lines) - 1
        lines[line].append((words, swatch))
        used[line] += w
    return lines


def tracker_height(L: TableLayout, width: int | None = None) -> int:
    """The tracker's height: its heading, four suits and its legend's lines
    (``width``: the room it has, the side panel's by default)."""
    f = L.fonts.small
    room = width if width is not None else L.panel.w - 2 * L.fonts.body
    return round(f * 1.45) * (5 + len(_legend_lines(room, f))) + f // 2


def draw_tracker(surf: pygame.Surface, rect: pygame.Rect, L: TableLayout, view: SeatView,
                 four: bool, theme: Theme) -> None:
    """Every card by suit (trumps first), each in one of three states named by
    the legend: in your hand (gold), known in the rival's hand (red: the turned
    card they took, the other half of an announced belote, all of them once the
    stock is empty), played (struck out); the others are not known yet."""
    f = L.fonts.small
    row_h = round(f * 1.45)
    gfx.blit_text(surf, _("Cards played"), f, c("panel_title"), rect.topleft, bold=True,
                  within=rect)
    for i, line in enumerate(_legend_lines(rect.w, f)):
        x = rect.left
        y = rect.top + row_h * (5 + i) + 1
        for words, swatch in line:
            box = pygame.Rect(x, 0, round(f * 0.7), round(f * 0.7))
            box.centery = y + row_h // 2 - 2
            if swatch is not None:
                pygame.draw.rect(surf, c(swatch), box, border_radius=2)
            else:  # played: struck out, as in the grid
                pygame.draw.line(surf, c("tracker_played"), (box.left, box.centery),
                                 (box.right, box.centery), 2)
            r = gfx.blit_text(surf, words, f, c("text_dim"), (box.right + 3, y), within=rect)
            x = r.right + f
    played = view.played_cards()
    mine = set(view.hand)
    rival = set(view.other_hand or ()) | set(view.known_other_cards)
    suits = [0, 1, 3, 2]
    if view.trump is not None:
        suits.remove(view.trump)
        suits.insert(0, view.trump)
    label_w = f + 6
    cell = (rect.w - label_w) / 8
    for row, suit in enumerate(suits):
        y = rect.top + row_h * (row + 1)
        order = TRUMP_STRENGTH if suit == view.trump else PLAIN_STRENGTH
        ranks = sorted(range(8), key=lambda r: -order[r])
        ink = theme.suit_colour(suit, four)
        pygame.draw.rect(surf, (236, 232, 220), (rect.left, y, label_w - 4, row_h - 3),
                         border_radius=3)
        gfx.blit_text(surf, SUIT_SYMBOLS[suit], f, ink,
                      (rect.left + (label_w - 4) // 2, y + row_h // 2 - 1), "center")
        for i, rank in enumerate(ranks):
            card = CARDS[suit * 8 + rank]
            left = rect.left + label_w + i * cell
            box = pygame.Rect(round(left), y, round(cell) - 2, row_h - 3)
            if card in played:
                colour, fill = c("tracker_played"), None
            elif card in mine:
                colour, fill = c("text_dark"), c("tracker_mine")
            elif card in rival:
                colour, fill = c("text"), c("tracker_rival")
            else:
                colour, fill = c("text"), None
            if fill:
                pygame.draw.rect(surf, fill, box, border_radius=3)
            gfx.blit_text(surf, rank_letter(rank), f, colour, box.center, "center",
                          bold=card not in played)
            if card in played:
                pygame.draw.line(surf, colour, (box.left + 3, box.centery),
                                 (box.right - 3, box.centery))
