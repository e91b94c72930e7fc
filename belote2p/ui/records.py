"""How the history and statistics screens write a recorded run's date."""

from __future__ import annotations

from datetime import date, datetime

from ..services.i18n import current_language, format_date


def day_label(text: str | None) -> str:
    """An ISO time's date the language's way (the text itself when it is no date)."""
    if not text:
        return ""
    try:
        return format_date(date.fromisoformat(text[:10]))
    except ValueError:
        return text[:10]


def when_label(text: str | None) -> str:
    """An ISO time's date and its local time of day, the language's way ("Dec 4,
    2026 · 17:40"): two runs of one day told apart (the date alone when it has no time)."""
    day = day_label(text)
    if not text or len(text) <= 10:
        return day
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return day
    from babel.dates import format_time  # Babel's dates, only once a time is written

    if moment.tzinfo is not None:
        moment = moment.astimezone()  # the player's clock, not UTC
    return f"{day} · {format_time(moment, format='short', locale=current_language())}"
