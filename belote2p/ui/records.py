"""How the history and statistics screens write a recorded run's date."""

from __future__ import annotations

from datetime import date

from ..services.i18n import format_date


def day_label(text: str | None) -> str:
    """An ISO time's date the language's way (the text itself when it is no date)."""
    if not text:
        return ""
    try:
        return format_date(date.fromisoformat(text[:10]))
    except ValueError:
        return text[:10]
