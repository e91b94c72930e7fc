"""The leaderboard as text for a terminal, in the player's language.

``belote2p leaderboard`` prints this; ``--json`` prints the entries as data and
never changes with the language.  Numbers and dates follow the language
(30,412 / 30.412 / 30 412; Jan 5, 2025 / 5 janv. 2025); columns line up by
the width a terminal gives each character, so names in any script align.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import date
from functools import lru_cache
from typing import Protocol

from .i18n import N_, _, format_date, format_number

# TRANSLATORS: the column headings of the leaderboard printed in a terminal
HEADINGS = (N_("Rank"), N_("Name"), N_("Played by"), N_("Score"), N_("Streak"),
            N_("Best level"), N_("Date"))
RIGHT_ALIGNED = (True, False, False, True, True, True, False)


class BoardEntry(Protocol):
    """What a leaderboard row needs (``store.api.LeaderboardEntry`` has it)."""

    # Read-only members, so that a frozen dataclass satisfies the protocol.
    @property
    def rank(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def streak(self) -> int: ...
    @property
    def level(self) -> int: ...
    @property
    def date(self) -> str: ...  # ISO 8601 calendar date
    @property
    def ai(self) -> bool: ...  # played by ``belote2p autoplay``, not by the player


def text_width(text: str) -> int:
    """Terminal columns: combining marks take none, wide (CJK) characters two."""
    # ASCII takes a column a character (no ASCII character is combining, a
    # format character or wide): ``belote2p runs`` measures a million cells
    # for 100,000 runs, nearly all of them ASCII (issue #31)
    return len(text) if text.isascii() else _unicode_width(text)


@lru_cache(maxsize=1024)
def _unicode_width(text: str) -> int:
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) == "Cf"
               else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, right: bool = False) -> str:
    return _aligned(text, width - text_width(text), right)


def _aligned(text: str, gap: int, right: bool) -> str:
    """``text`` with ``gap`` spaces (none if negative) before it or after it."""
    spaces = " " * max(0, gap)
    return spaces + text if right else text + spaces


def shown_date(iso: str) -> str:
    """The entry's date in the language's words; an odd value is shown as it is."""
    try:
        return format_date(date.fromisoformat(iso[:10]))
    except ValueError:
        return iso


def played_by(ai: bool) -> str:
    """Who played a run: ``belote2p autoplay`` or the player (the "Played by" column)."""
    # TRANSLATORS: who played a run in a terminal table: the computer or the player
    return _("AI") if ai else _("player")


def board_row(entry: BoardEntry) -> tuple[str, ...]:
    return (format_number(entry.rank), entry.name, played_by(entry.ai), format_number(entry.score),
            format_number(entry.streak), format_number(entry.level), shown_date(entry.date))


def format_board(entries: Sequence[BoardEntry]) -> str:
    """The table of runs (or a sentence when there is none), in the current language."""
    if not entries:
        return _("No finished runs yet: win a match against the rival to start a streak.")
    head = tuple(_(heading) for heading in HEADINGS)
    return text_table(head, [board_row(entry) for entry in entries], RIGHT_ALIGNED)


def daily_label(day: str, counted: bool) -> str:
    """The daily run's label, wherever it can be ended or continued: "Daily
    challenge · Dec 1, 2026 · counted" (or "· practice"), the date in the
    language's words (the facts come from ``RunSession.daily_facts``).  The
    date's spaces are no-break spaces: a label wrapped on screen never leaves
    "2026" alone on a line ("Défi du jour · 2 déc." / "2026 · compté")."""
    shown = shown_date(day).replace(" ", "\u00a0")
    if counted:
        # TRANSLATORS: the label of the daily challenge's run that counts on that day's board
        return _("Daily challenge · {date} · counted").format(date=shown)
    # TRANSLATORS: the label of a later attempt of a day's challenge: it does not count
    return _("Daily challenge · {date} · practice").format(date=shown)


def fair_deals_note() -> str:
    """Fairness in plain words, where the run is played (the commitment and the
    hashes that check it are in the run's details in History, and the README)."""
    return _("Deals are fixed when the run starts and can be checked afterwards.")


def no_daily_board(day: str) -> str:
    """The sentence for a day without a counted run; ``day`` is shown as the
    player typed it after ``--daily`` (YYYY-MM-DD)."""
    return _("No counted run for the daily challenge of {date} yet.").format(date=day)


def text_table(head: Sequence[str], rows: Sequence[Sequence[str]],
               right: Sequence[bool]) -> str:
    """Columns padded to their widest cell (as a terminal shows it), a rule under
    the headings; ``right`` says which columns align right (numbers)."""
    table = [head, *rows]
    # Column by column (``belote2p runs``: a million cells for 100,000 runs,
    # issue #44): a column of ASCII text is measured and padded by str's own
    # methods, in C; only a column holding other text measures cell by cell.
    columns = [_padded(list(column), right[i]) for i, column in enumerate(zip(*table))]
    widths = [text_width(column[0]) for column in columns]
    lines = ["  ".join(cells).rstrip() for cells in zip(*columns)]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _padded(column: list[str], right: bool) -> list[str]:
    """A column's cells padded to the widest (right-aligned when ``right``)."""
    if "".join(column).isascii():
        width = max(map(len, column))
        return [cell.rjust(width) for cell in column] if right \
            else [cell.ljust(width) for cell in column]
    measured = [text_width(cell) for cell in column]
    width = max(measured)
    return [_aligned(cell, width - own, right) for cell, own in zip(column, measured)]
