"""The history (``belote2p runs``) and the statistics (``belote2p stats``) as
text for a terminal, in the player's language.

The leaderboard's text (``services.board_text``) sets the pattern, and its
``text_table`` lines the columns up.  The words are the ones the History and
Statistics screens use for the same things (the same message ids, so one
translation serves both).  ``--json`` prints data and never comes here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..store.api import RunStatus
from ..store.runs import display_date
from .board_text import pad, played_by, shown_date, text_table, text_width
from .i18n import N_, _, format_number, ngettext

if TYPE_CHECKING:
    from ..store.api import RunRecord
    from .stats import Stats

# TRANSLATORS: the column headings of ``belote2p runs`` in a terminal. "Id" is the
# run's number (``belote2p export`` takes it), "Margin" the points the run's matches
# were won by, "Daily" the date of a daily challenge, "Commitment" the digest of the deals
RUN_HEADINGS = (N_("Id"), N_("Name"), N_("Played by"), N_("Started"), N_("Status"),
                N_("Streak"), N_("Margin"), N_("Score"), N_("Daily"), N_("Commitment"))
RUN_RIGHT_ALIGNED = (True, False, False, False, False, True, True, True, False, False)
# TRANSLATORS: the heading of the first column of the table of matches against
# each rival level in ``belote2p stats`` (its rows read "Level 1", "Level 2"...)
LEVEL_HEADINGS = (N_("Rival level"), N_("Matches played"), N_("Matches won"))
LEVEL_RIGHT_ALIGNED = (False, True, True)
NO_ID = "-"  # the run in progress has no id export could take yet


def status_text(status: RunStatus) -> str:
    return {RunStatus.IN_PROGRESS: _("in progress"), RunStatus.OVER: _("over"),
            RunStatus.ABANDONED: _("abandoned")}[status]


def altered_mark() -> str:
    """The mark of a run whose stored figures are not its moves' (the database
    was edited): it shows the replayed figures and is left off the boards."""
    # TRANSLATORS: beside a run's status ("over · altered") in the history, when the
    # figures stored for it were edited and are not those of its moves; one short word
    return _("altered")


def run_status(record: RunRecord) -> str:
    """The status cell: "over", or "over · altered" for an edited run."""
    status = status_text(record.status)
    return status + " · " + altered_mark() if record.altered else status


def run_row(record: RunRecord, words: RowWords | None = None) -> tuple[str, ...]:
    # The id stays plain digits: it is typed back into ``belote2p export``.
    words = words or RowWords.now()
    run_id = NO_ID if record.status is RunStatus.IN_PROGRESS else str(record.run_id)
    daily = shown_date(record.daily) if record.daily else ""
    status = words.status[record.status]
    return (run_id, record.name, words.played[record.ai],
            shown_date(display_date(record.started)),
            status + words.altered if record.altered else status,
            format_number(record.streak), format_number(record.margin_total),
            format_number(record.score), daily, record.commitment)


@dataclass(frozen=True)
class RowWords:
    """The words every row of the table repeats, looked up once a table in
    the current language (``runs``: 100,000 rows, 400,000 lookups, issue #44)."""

    status: dict[RunStatus, str]
    played: dict[bool, str]
    altered: str  # " · altered"

    @classmethod
    def now(cls) -> RowWords:
        return cls({status: status_text(status) for status in RunStatus},
                   {ai: played_by(ai) for ai in (False, True)}, " · " + altered_mark())


def format_runs(records: Sequence[RunRecord]) -> str:
    """Every run, as given (newest first), or a sentence when there is none."""
    if not records:
        return _("No runs recorded yet.")
    head = tuple(_(heading) for heading in RUN_HEADINGS)
    words = RowWords.now()
    return text_table(head, [run_row(record, words) for record in records], RUN_RIGHT_ALIGNED)


def figure_rows(s: Stats) -> list[tuple[str, str]]:
    """The figures as (label, value) lines, in the Statistics screen's order and words."""
    n = format_number
    return [(_("Runs"), n(s.runs)), (_("Matches played"), n(s.matches)),
            (_("Matches won"), n(s.matches_won)), (_("Matches drawn"), n(s.matches_drawn)),
            (_("Matches lost"), n(s.matches_lost)),
            (_("Best streak"), n(s.best_streak)), (_("Best score"), n(s.best_score)),
            (_("Hands played"), n(s.hands)), (_("Contracts taken"), n(s.contracts_taken)),
            (_("Contracts made"), n(s.contracts_made)), (_("Dedans"), n(s.contracts_dedans)),
            (_("Capots"), n(s.capots)), (_("Belotes"), n(s.belotes))]


def label_lines(rows: Sequence[tuple[str, str]]) -> list[str]:
    """Labels on the left, values right-aligned after the longest label."""
    labels = max(text_width(label) for label, _value in rows)
    values = max(text_width(value) for _label, value in rows)
    return [pad(label, labels) + "  " + pad(value, values, right=True) for label, value in rows]


def level_table(s: Stats) -> str:
    head = tuple(_(heading) for heading in LEVEL_HEADINGS)
    rows = [(_("Level {level}").format(level=format_number(level)), format_number(f.played),
             format_number(f.won)) for level, f in sorted(s.by_level.items())]
    return text_table(head, rows, LEVEL_RIGHT_ALIGNED)


def older_runs_note(count: int) -> str:
    """Runs kept without their moves cannot be replayed: which figures leave them out."""
    return ngettext("{n} run recorded before moves were kept counts only in runs, "
                    "best streak and best score.",
                    "{n} runs recorded before moves were kept count only in runs, "
                    "best streak and best score.", count).format(n=format_number(count))


def format_stats(s: Stats) -> str:
    """The figures, the skill figure once a hand is compared, then the matches
    against each rival level met, then the note on older runs when there are any."""
    from .duplicate_text import skill_line  # the AI's modules: not for ``runs``

    blocks = ["\n".join(label_lines(figure_rows(s)))]
    skill = skill_line(s.skill)
    if skill is not None:
        blocks.append(skill)
    if s.by_level:
        blocks.append(level_table(s))
    if s.without_actions:
        blocks.append(older_runs_note(s.without_actions))
    return "\n\n".join(blocks)
