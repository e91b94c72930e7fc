"""The title screen: continue or start a run, the board, help, settings."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from datetime import date

import pygame

from ...core.cards import ACE, CARDS, JACK
from ...core.fairness import today_utc
from ...core.match import Run
from ...services.board_text import daily_label
from ...services.i18n import _, format_number
from ...services.run_session import (
    ActiveRun,
    DailyFacts,
    DailyNotClaimed,
    ResumeFailed,
    RunOpenElsewhere,
    RunSession,
)
from ...services.world.words import offline
from ...store.api import LeaderboardEntry
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..layout import menu_column
from ..menu import MenuScene
from ..navigation import Route
from ..settings import LESSON_OFFERED
from ..worker import taken

log = logging.getLogger(__name__)

# Seconds the title may wait for its facts before it draws its art and says
# "Loading…" (they usually come the next frame or so: a word that flashes for
# one frame would be noise, and the art would move when a row is added).
LOADING_SHOWN_AFTER = 0.5


@dataclass(frozen=True)
class TitleAction:
    """What a button of the title does.  ``touches_run``: it starts, resumes,
    replaces or abandons a run, so it is refused while no run may start (the
    rival's level data is broken, or another window holds the run); every
    button must say (``ACTIONS``), and the session refuses such a change too.
    ``opens``: the screen it pushes over the title, if that is all it does."""

    touches_run: bool
    opens: Route | None = None


@dataclass(frozen=True)
class TitleFacts:
    """What the title says about the player's runs, read once each time it
    opens (``read_facts``, off the frame loop): every line of the title is
    derived from these values, so two lines never disagree (a streak beside
    the button and "no streak" under it)."""

    saved: Run | None  # the run to continue, rebuilt
    saved_daily: DailyFacts | None  # which day's challenge it is, if it is one
    best: LeaderboardEntry | None  # the player's best finished run
    today: date
    today_counts: bool  # would today's challenge, started now, count on the day's board?

    def continue_detail(self) -> str | None:
        if self.saved is None:
            return None
        return _("streak {streak} · rival level {level}").format(
            streak=format_number(self.saved.streak), level=self.saved.rival_level)

    def saved_label(self) -> str | None:
        """The saved daily run's label ("Daily challenge · Dec 1, 2026 · counted")."""
        facts = self.saved_daily
        return None if facts is None else daily_label(facts.day, facts.counted)

    def daily_label(self) -> str:
        """Today's challenge, as its button, its dialog and its table call it."""
        return daily_label(self.today.isoformat(), self.today_counts)

    def score_line(self) -> str:
        if self.best is not None and self.best.score > 0:  # a run that won nothing is no best
            return _("Best score: {score}  ({name}, streak {streak})").format(
                score=format_number(self.best.score), name=self.best.name,
                streak=format_number(self.best.streak))
        if self.saved is not None and self.saved.streak > 0:
            return _("No finished run yet: the run in progress has a streak of {streak}").format(
                streak=format_number(self.saved.streak))
        return _("No score yet: win a match to start a streak")


def read_facts(session: RunSession) -> TitleFacts:
    """The title's facts as the store has them now: the saved run (rebuilt
    from its moves, and its daily facts), the best run, and whether today's
    challenge would count.  Reads that may wait on SQLite (the store's lock,
    held by its writing thread for a transaction) and grow with the history
    (the best score looks through the runs without stored figures: up to
    45 ms of 100,000), and a replay: the title calls it off the frame loop."""
    day = today_utc()
    saved = session.saved_detail()
    board = session.leaderboard(1)
    return TitleFacts(saved=saved, saved_daily=session.saved_daily() if saved else None,
                      best=board[0] if board else None, today=day,
                      today_counts=not session.daily_attempted(day))


def _unread(exc: Exception) -> None:
    """The session answers storage failures itself (an unreadable save reads
    as none...): what reaches here is a bug, logged; the title shows what it
    would with nothing on record, and never promises a count."""
    log.exception("the title's facts could not be read")


NOTHING_KNOWN = TitleFacts(saved=None, saved_daily=None, best=None, today=date.min,
                           today_counts=False)


class TitleScene(MenuScene):
    # Whether the rival's level data was read (a tenth of a second of YAML):
    # once the title's first frame is on the screen, and before any button acts.
    levels_checked = False
    levels_problem: str | None = None
    # A run being started, resumed or given up, off the frame loop: store reads
    # and writes (today's claim of the day may wait for another process's
    # lock) and the saved run's replay; meanwhile the title takes no click
    # (and says "Starting today's challenge…" for that one), then the table opens.
    starting: Future[ActiveRun | None] | None = None
    starting_daily = False

    def __init__(self, ctx: SceneContext):
        # The facts are read off the frame loop each time the title opens (a
        # run started, finished or abandoned opens a fresh title): until they
        # come (usually the next frame) the title shows the felt (its art and
        # "Loading…" after half a second), no menu, and takes no click; no
        # line is guessed.
        self.facts: TitleFacts | None = None
        self.reading: Future[TitleFacts] | None = ctx.worker.in_background(
            lambda: read_facts(ctx.session))
        # Today's challenge clicked: the facts read again before its dialog
        # says whether it counts (another window may have played it meanwhile).
        self.rechecking: Future[TitleFacts] | None = None
        self.waiting = 0.0  # seconds the title has waited for a read
        super().__init__(ctx)  # build(): the facts, if the read is done already

    def _take_facts(self) -> bool:
        """The facts once read (True when they just came)."""
        read = taken(self.reading, _unread)
        if read is None:
            return False
        self.reading = None
        self.facts = read.value or replace(NOTHING_KNOWN, today=today_utc())
        return True

    @property
    def busy(self) -> bool:
        """A read or today's start is under way: the menu takes no click."""
        return self.facts is None or self.rechecking is not None or self.starting is not None

    def build(self) -> None:
        self._take_facts()
        self.blocked = self._blocked_reason()
        facts = self.facts
        if facts is not None and self.blocked:  # no run may be continued: none is offered
            facts = replace(facts, saved=None, saved_daily=None)
        self.shown = facts  # the facts as the title shows them
        self.has_saved = facts is not None and facts.saved is not None
        rows: list[list[tuple[str, str]]] = []
        if self.has_saved:
            rows.append([("continue", _("Continue run"))])
        daily = self._daily_button(facts)
        rows += [[("new", _("New run"))], [("daily", daily)],
                 [("practice", _("Practice")), ("leaderboard", _("Leaderboard"))],
                 [("history", _("History")), ("stats", _("Statistics"))],
                 [("learn", _("Learn to play")), ("help", _("How to play"))],
                 [("settings", _("Settings")), ("quit", _("Quit"))]]
        top = 0.40 if len(rows) < 7 else 0.37
        rects = self._column(rows, menu_column(self.size, self.ctx.theme.layout, len(rows), top))
        self.title_y = self._title_top(rects[0].top)
        self.line_y = rects[-1].bottom + self.fonts.body * 2  # the score line's top
        self.buttons, self.detail, self.saved_label = [], None, None
        if facts is None:
            return  # no menu until the facts come
        self.day = facts.today
        placed = [(r, item) for row, items in zip(rects, rows) for r, item in _split(row, items)]
        placed = [(self._wide_enough(r, label), (key, label)) for r, (key, label) in placed]
        self.buttons = [Button(r, label, key, primary=i == 0 and not self.blocked,
                               enabled=not (self.blocked and ACTIONS[key].touches_run))
                        for i, (r, (key, label)) in enumerate(placed)]
        self.label_size = min(gfx.fitting_size(b.label, self.fonts.body, b.rect.w - 8, bold=True)
                              for b in self.buttons)
        self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        self.detail = facts.continue_detail()
        self.saved_label = self._offline(facts.saved_label())

    def _daily_button(self, facts: TitleFacts | None) -> str:
        """"World daily" with a server set, else the local daily's label."""
        if self.ctx.settings.world_server():
            return _("World daily")
        return facts.daily_label() if facts is not None else ""

    def _offline(self, label: str | None) -> str | None:
        """A local daily's label, with a server set: "… · offline — not on the world board"."""
        if label is None or not self.ctx.settings.world_server():
            return label
        return offline(label)

    def _column(self, rows: list[list[MenuItem]], rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """The menu column, widened so that every label of a row of two fits at
        the body size (French and Portuguese run longer), within the window."""
        f = self.fonts
        gap = _gap(rects[0])
        need = max(gfx.font(f.body, True).size(label)[0] + f.body * 2  # clear of the edges
                   for items in rows if len(items) > 1 for _key, label in items)
        width = min(max(rects[0].w, 2 * need + gap), self.size[0] - f.body * 4)
        return [pygame.Rect(self.size[0] // 2 - width // 2, r.top, width, r.h) for r in rects]

    def _wide_enough(self, rect: pygame.Rect, label: str) -> pygame.Rect:
        """A lone button whose label (the daily's date) is longer grows, centred."""
        f = self.fonts
        need = gfx.font(f.body, True).size(label)[0] + f.body * 2
        if need <= rect.w or rect.w < self.size[0] * 0.2:
            return rect
        wide = pygame.Rect(0, rect.top, min(need, self.size[0] - f.body * 2), rect.h)
        wide.centerx = rect.centerx
        return wide

    def _check_levels(self) -> None:
        """Reads the level data once; the title is built again if it is broken."""
        if self.levels_checked:
            return
        self.levels_checked = True
        self.levels_problem = self.ctx.session.levels_problem()
        if self.levels_problem is not None:
            self.build()

    def after_draw(self, surf: pygame.Surface) -> None:
        self._check_levels()

    def _blocked_reason(self) -> str | None:
        problem = self.levels_problem
        if problem is not None:
            return _("The rival's level data cannot be read, so no scored run can start: "
                     "{problem}").format(problem=problem)
        if self.ctx.session.open_elsewhere:
            return _("This run is open in another window of the game. "
                     "Close that window to play here.")
        return None

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    def update(self, dt: float) -> None:
        """The facts once read, today's challenge once checked or started; the
        very first launch offers the guided hand (once the title is whole),
        once (skipping it is final)."""
        self.waiting = self.waiting + dt if self.busy else 0.0
        if self._take_facts():
            self.build()
        if self.rechecking is not None:
            self._rechecked()
        if self.starting is not None:
            self._started()
            return
        settings = self.ctx.settings
        if self.facts is not None and not settings.get(LESSON_OFFERED, True) \
                and self.ctx.nav.depth == 1:
            settings.change(LESSON_OFFERED, True)
            self.ctx.nav.push(Route.LEARN_OFFER)

    def handle(self, event: pygame.event.Event) -> None:
        if not self.busy:  # (a read or today's start under way: no change meanwhile)
            super().handle(event)

    def activate(self, b: Button) -> None:
        self._check_levels()
        key, nav, session = b.value, self.ctx.nav, self.ctx.session
        action = ACTIONS[str(key)]
        if action.touches_run and (self.blocked or session.open_elsewhere):
            nav.reset(Route.TITLE)  # (the other window opened meanwhile: say so)
            return
        if key == "continue":
            self._change(session.resume)
        elif key == "new":
            if self.has_saved:
                nav.push(Route.CONFIRM, question=_replace_run_question(), label=self.saved_label,
                         on_yes=lambda: self._change(session.abandon_saved))
            else:
                self._change(session.start_new)
        elif key == "daily" and self.ctx.settings.world_server():
            nav.push(Route.WORLD, server=self.ctx.settings.world_server(),
                     on_offline=self._daily)
        elif key == "daily":
            self._daily()
        elif action.opens is not None:
            nav.push(action.opens)
        elif key == "quit":
            self.ctx.window.quit()

    def _change(self, change: Callable[[], ActiveRun | None], daily: bool = False) -> None:
        """``change`` to the run (it reads and writes the store, and replays the
        saved run) off the frame loop; the table opens with the run it gives
        (``_started``), at once when it is done already."""
        self.starting = self.ctx.worker.in_background(change)
        self.starting_daily = daily
        self._started()

    def _started(self) -> None:
        """The run once changed: its table.  Refused, the title again (another
        window took the run between the title and the click: the fresh title
        says so), and why when it is news: the saved run could not be rebuilt,
        or today's claim could not be written."""
        started = taken(self.starting, self._refused,
                        (RunOpenElsewhere, DailyNotClaimed, ResumeFailed))
        if started is None:
            return
        self.starting = None
        if started.value is not None:
            self.ctx.nav.reset(Route.TABLE, active=started.value)

    def _refused(self, exc: Exception) -> None:
        if isinstance(exc, ResumeFailed):
            self.ctx.toast(_("The saved run could not be resumed ({error}); it was set aside.")
                           .format(error=exc))
        elif self.starting_daily:
            self.ctx.toast(str(exc))
        self.ctx.nav.reset(Route.TITLE)

    def _daily(self) -> None:
        """Today's challenge asks the store again whether it was attempted
        (another window may have played it since the title opened), off the
        frame loop; the dialog follows (``_rechecked``)."""
        session = self.ctx.session
        self.rechecking = self.ctx.worker.in_background(lambda: read_facts(session))
        self._rechecked()  # (at once when the read is done already)

    def _rechecked(self) -> None:
        """The facts read again on today's challenge's click: the title shows
        them if today's changed (another window played it, or the day turned),
        then the dialog says what the attempt is."""
        read = taken(self.rechecking, _unread)
        if read is None:
            return
        self.rechecking = None
        shown = self.facts
        assert shown is not None  # (today's challenge is offered once the facts are in)
        fresh = read.value or replace(shown, today_counts=False)  # never promise a count
        if (fresh.today, fresh.today_counts) != (shown.today, shown.today_counts):
            self.facts = fresh
            self.build()
        self._ask_daily(fresh.today_counts)

    def _ask_daily(self, counts: bool) -> None:
        """Today's challenge says what it is before it starts: the day's one
        counted attempt, or practice (a later attempt); a saved run is given
        up first, and the dialog says so.  Its heading is the attempt's label."""
        assert self.facts is not None
        nav, session = self.ctx.nav, self.ctx.session
        sentences = [_("This is today's one counted attempt: its score goes on today's board. "
                       "Any later attempt today is practice.") if counts else
                     _("You have played today's challenge already: this attempt is "
                       "practice and will not count on today's board.")]
        if self.has_saved:
            sentences.append(_abandon_sentence(self.saved_label))
        sentences.append(_("Start it?"))

        day, has_saved = self.day, self.has_saved

        def start() -> ActiveRun | None:
            """The saved run given up, then the day's run on the daily seed: the
            session claims the day when it is the first attempt, in a
            transaction that may wait for another process's write lock (15 s
            at most; before issue #31 the window froze meanwhile)."""
            if has_saved:
                session.record_untyped(session.abandon_saved())
            session.start_daily(day)
            return session.last_started
        nav.push(Route.CONFIRM, question=" ".join(sentences),
                 on_yes=lambda: self._change(start, daily=True),
                 label=self._offline(self.facts.daily_label()))

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        if self.facts is None and self.waiting < LOADING_SHOWN_AFTER:
            # (a frame or two, usually): the title then comes whole, where it
            # stays; its place depends on the facts (a run to continue is one
            # more row), so drawn now it could move when they come
            return
        w, h = self.size
        f = self.fonts
        self._draw_fan(surf, (w // 2, self.title_y - round(h * 0.07)))
        gfx.blit_text(surf, _("Belote 2P"), f.huge, c("panel_title"),
                      (w // 2, self.title_y), "midtop", True)
        gfx.blit_text(surf, _("Two-player Belote · the streak challenge"), f.body, c("text"),
                      (w // 2, self.title_y + round(f.huge * 1.25)), "midtop")
        if self.buttons:
            self.draw_buttons(surf, self.label_size)  # one size: the largest at which all fit
        if self.detail and self.buttons and self.buttons[0].value == "continue":
            r = self.buttons[0].rect
            gfx.blit_text(surf, self.detail, f.small, c("text"), (r.right + f.body, r.centery),
                          "midleft")
        if self.saved_label and self.buttons and self.buttons[0].value == "continue":
            self._draw_saved_label(surf, self.saved_label, self.buttons[0].rect)
        if self.starting is not None and self.starting_daily:
            line = _("Starting today's challenge…")
        elif self.waiting >= LOADING_SHOWN_AFTER:
            line = _("Loading…")
        else:
            line = self.shown.score_line() if self.shown is not None else ""
        if line:
            gfx.blit_text(surf, line, f.body, c("accent"), (w // 2, self.line_y), "midtop", True)
        if self.blocked and self.buttons:
            self._draw_blocked(surf, self.blocked)

    def _draw_saved_label(self, surf: pygame.Surface, label: str, button: pygame.Rect) -> None:
        """The daily run's label, left of "Continue run" (its figures are on the right):
        on one line if it fits, else broken at its " · " (never inside a date)."""
        f = self.fonts
        room = button.left - f.body * 2
        size = gfx.fitting_size(label, f.small, room)
        lines = _pack(label.split(" · "), " · ", size, room)
        line_h = round(size * 1.3)
        top = button.centery - line_h * len(lines) // 2
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, size, c("accent"),
                          (button.left - f.body, top + i * line_h), "topright")

    def _title_top(self, first_button: int) -> int:
        """Where the title goes: its usual place, or higher when a long menu (a run
        to continue, a small window) would bring the first button under the tagline."""
        f, h = self.fonts, self.size[1]
        tagline = round(f.huge * 1.25) + round(f.body * 1.4)
        return min(round(h * 0.27), first_button - f.body // 2 - tagline)

    def _draw_blocked(self, surf: pygame.Surface, message: str) -> None:
        """The reason no run can start, in a box just above the buttons."""
        f = self.fonts
        first = self.buttons[0].rect
        width = min(self.size[0] - 4 * f.body, f.body * 40)
        lines = gfx.wrap(message, f.small, width - 2 * f.body)
        line_h = round(f.small * 1.4)
        box = pygame.Rect(0, 0, width, len(lines) * line_h + f.body)
        box.midbottom = (first.centerx, first.top - f.body // 2)
        gfx.panel(surf, box, radius=f.body // 2, colour=c("toast"))
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, f.small, c("accent"),
                          (box.centerx, box.top + f.body // 2 + i * line_h), "midtop",
                          within=box)

    def _draw_fan(self, surf: pygame.Surface, centre: tuple[int, int]) -> None:
        """Four jacks fanned above the title: the trump's best card, in each suit."""
        h = self.size[1]
        ch = round(h * 0.16)
        cw = round(ch * 0.7)
        art = self.ctx.art
        for i, suit in enumerate((0, 1, 3, 2)):
            card = CARDS[suit * 8 + (JACK if i % 2 else ACE)]
            face = art.face(card, (cw, ch), self.ctx.settings["four_colour"])
            angle = (1.5 - i) * 11
            rot = pygame.transform.rotozoom(face, angle, 1.0)
            x = centre[0] + (i - 1.5) * cw * 0.55
            y = centre[1] - ch * 0.35 + abs(i - 1.5) * ch * 0.06
            surf.blit(rot, rot.get_rect(center=(round(x), round(y))))


# Every button of the title and what it does (a button missing here is a
# KeyError when the title is built: no button can forget to say).
ACTIONS: dict[str, TitleAction] = {
    "continue": TitleAction(touches_run=True),
    "new": TitleAction(touches_run=True),
    "daily": TitleAction(touches_run=True),
    "practice": TitleAction(False, Route.PRACTICE),
    "leaderboard": TitleAction(False, Route.LEADERBOARD),
    "history": TitleAction(False, Route.HISTORY),
    "stats": TitleAction(False, Route.STATS),
    "help": TitleAction(False, Route.HELP),
    "settings": TitleAction(False, Route.SETTINGS),
    "learn": TitleAction(False, Route.LEARN),  # a guided hand, never saved or scored
    "quit": TitleAction(touches_run=False),
}


def _replace_run_question() -> str:  # a function: the message is worded when shown
    return _("You have a run in progress. Abandon it and start a new one? "
             "The unfinished match counts as lost.")


def _abandon_sentence(saved_label: str | None) -> str:
    """What starting today's challenge does to the saved run (named if it is a daily)."""
    if saved_label:
        return _("Your run in progress ({run}) will be abandoned: its unfinished match "
                 "counts as lost.").format(run=saved_label)
    return _("Your run in progress will be abandoned: its unfinished match counts as lost.")


MenuItem = tuple[str, str]  # (the button's value, its label)


def _pack(parts: list[str], sep: str, size: int, width: int) -> list[str]:
    """``parts`` joined by ``sep`` into as few lines as fit ``width`` (a part too
    long for a line is wrapped at its spaces)."""
    lines: list[str] = []
    for part in parts:
        trial = lines[-1] + sep + part if lines else part
        if lines and gfx.font(size).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines += gfx.wrap(part, size, width) or [part]
    return lines


def _gap(row: pygame.Rect) -> int:
    """The space between two buttons of a row."""
    return max(6, row.h // 4)


def _split(row: pygame.Rect, items: list[MenuItem]) -> list[tuple[pygame.Rect, MenuItem]]:
    """A row of the menu column shared by its buttons side by side."""
    if len(items) == 1:
        return [(row, items[0])]
    gap = _gap(row)
    w = (row.w - gap * (len(items) - 1)) // len(items)
    return [(pygame.Rect(row.left + i * (w + gap), row.top, w, row.h), item)
            for i, item in enumerate(items)]

