"""The world daily's labels in the player's language, wherever they are shown
(the title, the table, the board): written once here."""

from __future__ import annotations

from ..board_text import shown_date
from ..i18n import _


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
