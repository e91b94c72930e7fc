"""The table of a scored run (the streak challenge): every action saved at
once, the run recorded and offered to the board at its end, exportable."""

from __future__ import annotations

from ...match import Run
from ...services.board_text import daily_label, fair_deals_note
from ...services.i18n import _, format_number
from ...services.run_session import ActiveRun
from ...store.api import ExportSource, daily_of_seed
from ...store.runs import now_iso
from ..context import SceneContext
from ..model import Story
from ..navigation import Route
from ..panels import InfoPanel, run_over_panel
from .mode import SideLine, SideLineKind, Table, TableMode


class ScoredMode(TableMode):
    keeps_comparisons = True  # the run is recorded: so is each hand's skill figure

    def __init__(self, ctx: SceneContext, active: ActiveRun):
        self.ctx = ctx
        facts = ctx.session.daily_facts(active)
        # "Daily challenge · 1 Dec 2026 · counted" (or "· practice") for a daily run
        self.daily = None if facts is None else daily_label(facts.day, facts.counted)

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        """The rival, the streak and the run score as told; fairness in plain words
        (the commitment itself is in the run's details in History), the seed once
        the run's end is told."""
        level = story.rival_level
        name = names.get(level, "")
        lines = [SideLine(SideLineKind.HEADING, _("Rival"))]
        if self.daily is not None:
            lines.append(SideLine(SideLineKind.NOTE, self.daily))
        lines += [
            SideLine(SideLineKind.TEXT, _("Level {level} · {name}").format(
                level=level, name=_(name) if name else "")),
            SideLine(SideLineKind.FIGURE, _("Streak"), format_number(story.streak)),
            SideLine(SideLineKind.FIGURE, _("Run score"), format_number(story.score)),
            SideLine(SideLineKind.NOTE, fair_deals_note())]
        if story.over:
            lines.append(SideLine(SideLineKind.SMALL_ACCENT, _("Seed"), str(run.seed)))
        return tuple(lines)

    def played(self, active: ActiveRun) -> None:
        """Saved at once: a crash at any moment resumes exactly here."""
        self.ctx.session.save(active)

    def abandon(self, active: ActiveRun) -> None:
        self.ctx.session.abandon(active)

    def run_over_panel(self, active: ActiveRun) -> InfoPanel:
        standing = self.ctx.session.standing(active)
        return run_over_panel(active.run, standing, True, lambda: self._export(active))

    def _export(self, active: ActiveRun) -> None:
        """"Export run" on the run-over panel: the export screen over the table."""
        run = active.run
        source = ExportSource(str(run.seed), tuple(run.actions), self.ctx.session.default_name(),
                              active.started, now_iso(), run.abandoned,
                              daily_of_seed(str(run.seed)))
        self.ctx.nav.push(Route.EXPORT, source=source)

    def run_finished(self, play: Table) -> None:
        """A name if the run makes the board, then the board; otherwise it is
        recorded under the last name used."""
        session, nav = self.ctx.session, self.ctx.nav
        if session.qualifies(play.run.score):
            nav.reset(Route.TITLE)
            nav.push(Route.NAME_ENTRY, active=play.active)
            return
        session.record_untyped(play.active)
        nav.reset(Route.TITLE)

