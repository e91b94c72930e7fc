"""The world daily's labels in the player's language, wherever they are shown
(the title, the table, the board): written once here."""

from __future__ import annotations

from collections.abc import Sequence

from ..board_text import shown_date
from ..i18n import _, format_number, ngettext


def world_label(day: str) -> str:
    # TRANSLATORS: the label of the world daily's run, on the table; {date} is the day
    return _("World daily · {date}").format(date=shown_date(day).replace(" ", "\u00a0"))


def offline_label() -> str:
    # TRANSLATORS: said wherever the local daily is played while a world server is set
    return _("offline — not on the world board")


def offline(label: str) -> str:
    """A local daily's label while a world server is set: "… · offline — not on
    the world board" (it is never sent to the server)."""
    return f"{label} · {offline_label()}"


MATCH_SYMBOLS = {True: "✓", False: "✗", None: "="}  # won, lost, drawn (in every font)


def share_text(day: str, results: Sequence[bool | None], score: int) -> str:
    """The short text a player pastes into a chat after a world daily: the day,
    matches won, the score and one symbol a match (no card of the day)."""
    won = sum(1 for r in results if r)
    symbols = "".join(MATCH_SYMBOLS[r] for r in results)
    # TRANSLATORS: the shared result's lines: the day; matches won and the score
    head = _("Belote 2P · World daily · {date}").format(date=shown_date(day))
    line = ngettext("{n} match won · score {score}", "{n} matches won · score {score}",
                    won).format(n=format_number(won), score=format_number(score))
    return f"{head}\n{line}\n{symbols}"
