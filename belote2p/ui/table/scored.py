"""The table of a scored run (the streak challenge): every action saved at
once, the run recorded and offered to the board at its end, exportable.

What the run's end needs of the store (its place on the board and whether
it is a personal best: a scan of an index, 0.02 s of 100,000 runs, and more
while older runs' figures are counted; the name entered last) is read off
the frame loop from the moment the run is over; the run-over panel says "…"
in their place until they come, and its Continue goes on once they have."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from dataclasses import dataclass

from ...core.match import Run
from ...services.board_text import daily_label, fair_deals_note
from ...services.i18n import _, format_number
from ...services.run_session import ActiveRun, RunSession, Standing
from ...services.world.words import offline_label
from ...store.api import ExportSource, daily_of_seed
from ...store.runs import now_iso
from ..context import SceneContext
from ..navigation import Route
from ..worker import Taken, taken
from .mode import SideLine, SideLineKind, Table, TableMode
from .model import Story
from .panels import InfoPanel, run_over_panel

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunEnd:
    """What the store says at a run's end: where the run stands (None: the
    store cannot tell) and the name entered last (a run off the board is
    recorded under it)."""

    standing: Standing | None
    name: str


def read_run_end(session: RunSession, active: ActiveRun) -> RunEnd:
    """The run's end facts, as the store has them (off the frame loop).  A
    run that won nothing has no place to be congratulated on, and is no best."""
    standing = session.standing(active)
    if standing is not None and active.run.score <= 0:
        standing = Standing(None, False)
    return RunEnd(standing, session.default_name())


def _unread(exc: Exception) -> None:
    """The session answers storage failures itself: a bug, logged; the run's
    end then reads as the store's silence (no place, the name read again)."""
    log.exception("the run's standing could not be read")


class ScoredMode(TableMode):
    keeps_comparisons = True  # the run is recorded: so is each hand's skill figure

    def __init__(self, ctx: SceneContext, active: ActiveRun):
        self.ctx = ctx
        self.daily_facts = ctx.session.daily_facts(active)
        # a local daily while a world server is set was played offline: so labelled
        self.offline = ctx.settings.world_server() is not None
        self._reading_end: Future[RunEnd] | None = None  # asked when the run is over
        self._end: Taken[RunEnd | None] | None = None  # and once read
        self._end_shown = True  # the run-over panel shows what is known of it
        self._finishing: Table | None = None  # Continue pressed before the end was read

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        """The rival, the streak and the run score as told; fairness in plain words
        (the commitment itself is in the run's details in History), the seed once
        the run's end is told."""
        level = story.rival_level
        name = names.get(level, "")
        lines = [SideLine(SideLineKind.HEADING, _("Rival"))]
        facts = self.daily_facts
        if facts is not None:  # worded now: in the language of the moment
            # "Daily challenge · 1 Dec 2026 · counted" (or "· practice") for a daily run
            lines.append(SideLine(SideLineKind.NOTE, daily_label(facts.day, facts.counted)))
            if self.offline:  # a line of its own: it must be read whole
                lines.append(SideLine(SideLineKind.NOTE, offline_label()))
        lines += [
            SideLine(SideLineKind.TEXT, _("Level {level} · {name}").format(
                level=level, name=_(name) if name else "")),
            SideLine(SideLineKind.FIGURE, _("Streak"), format_number(story.streak)),
            SideLine(SideLineKind.FIGURE, _("Run score"), format_number(story.score)),
            SideLine(SideLineKind.ASIDE, fair_deals_note())]
        if story.over:
            lines.append(SideLine(SideLineKind.SMALL_ACCENT, _("Seed"), str(run.seed)))
        return tuple(lines)

    def played(self, active: ActiveRun) -> None:
        """Saved at once: a crash at any moment resumes exactly here."""
        self.ctx.session.save(active)
        if active.run.over:
            self._read_end(active)

    def abandon(self, active: ActiveRun) -> None:
        self.ctx.session.abandon(active)
        self._read_end(active)

    def _read_end(self, active: ActiveRun) -> None:
        """The run is over: its end facts are asked for, once, off the frame loop."""
        if self._reading_end is None and self._end is None:
            session = self.ctx.session
            self._reading_end = self.ctx.worker.in_background(
                lambda: read_run_end(session, active))
            self._take_end()  # (at once when the read is done already)

    def _take_end(self) -> None:
        read = taken(self._reading_end, _unread)
        if read is not None:
            self._reading_end, self._end, self._end_shown = None, read, False

    def poll(self) -> None:
        """The run's end facts once read; a Continue that waited for them goes on."""
        self._take_end()
        if self._end is not None and self._finishing is not None:
            play, self._finishing = self._finishing, None
            self.run_finished(play)

    def run_over_news(self) -> bool:
        """True once when the run's end facts came after its panel was made."""
        news, self._end_shown = not self._end_shown, True
        return news

    def run_over_panel(self, active: ActiveRun) -> InfoPanel:
        self._read_end(active)  # (a run resumed over asks here)
        self._end_shown = True
        end = self._end
        standing = None if end is None or end.value is None else end.value.standing
        return run_over_panel(active.run, standing, True, lambda: self._export(active),
                              waiting=end is None)

    def _name(self) -> str:
        """The name entered last, as read at the run's end (read now if it was not)."""
        end = self._end
        if end is not None and end.value is not None:
            return end.value.name
        return self.ctx.session.default_name()

    def _export(self, active: ActiveRun) -> None:
        """"Export run" on the run-over panel: the export screen over the table."""
        run = active.run
        source = ExportSource(str(run.seed), tuple(run.actions), self._name(),
                              active.started, now_iso(), run.abandoned,
                              daily_of_seed(str(run.seed)))
        self.ctx.nav.push(Route.EXPORT, source=source)

    def run_finished(self, play: Table) -> None:
        """A name if the run makes the board, then the board; otherwise it is
        recorded under the last name used.  Whether it makes the board is the
        standing read at the run's end (its place: the same top 10 as the
        session's ``qualifies``); pressed before it came, this goes on when it
        does (``poll``)."""
        end = self._end
        if end is None:
            self._finishing = play
            self._read_end(play.active)
            return
        session, nav = self.ctx.session, self.ctx.nav
        standing = None if end.value is None else end.value.standing
        if standing is not None and standing.place is not None:
            nav.reset(Route.TITLE)
            nav.push(Route.NAME_ENTRY, active=play.active)
            return
        # recorded off the frame loop (a run that won nothing now comes this way
        # too): the title's own reads come after it, on the same loading thread
        active, name = play.active, self._name()
        self.ctx.worker.in_background(lambda: session.record(active, name, typed=False))
        nav.reset(Route.TITLE)

