"""The practice table: the rival at a fixed level, nothing saved or scored,
and the extras (``practice.Practice``): a hint, undo and the rival's cards
face up.  A replayed deal of a finished run is a practice table too."""

from __future__ import annotations

from ...core.cards import Card
from ...core.match import RIVAL, Run
from ...services.deal_replay import DealReplay
from ...services.i18n import _
from ...services.run_session import ActiveRun
from ..context import SceneContext
from ..navigation import Route
from .mode import MenuFacts, SideLine, SideLineKind, Table, TableMode
from .model import Story
from .practice import Practice, PracticeState


class PracticeMode(TableMode):
    plate = False  # its box names the rival
    menu = MenuFacts(practice=True)

    def __init__(self, ctx: SceneContext, level: int | DealReplay):
        self.ctx = ctx
        self.practice = Practice(level, ctx.worker)

    @property
    def level(self) -> int:
        return self.practice.level

    def ai_level(self, seat: int, run: Run) -> int:
        return self.practice.level

    def plate_level(self, story: Story) -> int:
        return self.practice.level

    def who(self, story: Story, run: Run, names: dict[int, str]) -> tuple[SideLine, ...]:
        """In place of the streak, the run score and the commitment, which mean
        nothing here: no score, no streak, no statistics, no board."""
        name = names.get(self.level, "")
        return (SideLine(SideLineKind.HEADING, _("Practice")),
                SideLine(SideLineKind.TEXT, _("Rival: level {level} · {name}").format(
                    level=self.level, name=_(name) if name else "")),
                SideLine(SideLineKind.NOTE,
                         _("Nothing is scored: no streak, statistics or leaderboard.")))

    def changed(self) -> None:
        self.practice.forget()

    def poll(self) -> None:
        self.practice.poll()

    def run_finished(self, play: Table) -> None:
        self.ctx.nav.reset(Route.TITLE)  # nothing to record: back to the title

    def extras(self, run: Run) -> PracticeState:
        return self.practice.state(run)

    def rival_faces(self, run: Run) -> tuple[Card, ...] | None:
        return tuple(run.match.hand.hands[RIVAL]) if self.practice.face_up else None

    def key(self, what: str, play: Table) -> None:
        {"hint": self._hint, "undo": self._undo, "face_up": self._face_up}[what](play)

    def _hint(self, play: Table) -> None:
        """H, on the player's turn: level 4's advice."""
        if not (play.human_turn() and play.idle()):
            play.say(_("Hints are given on your turn"))
            return
        self.practice.ask_hint(play.run)

    def _undo(self, play: Table) -> None:
        """U: the player's last card and the rival's answer are taken back (the
        run is rebuilt without them, and the table re-read from it)."""
        if not play.in_hand() or play.beats.panel is not None:
            return
        actions = self.practice.undo(play.run)
        if actions is None:
            play.say(_("Nothing to undo"))
            return
        self.practice.forget()
        play.restart(ActiveRun(Run.replay(play.run.seed, actions), ""), deal=False)

    def _face_up(self, play: Table) -> None:
        """V: the rival's cards face up, or down again."""
        self.practice.face_up = not self.practice.face_up
