"""What the history and statistics screens read from the store and the
services, guarded: a store or a build without the run history gives an empty
list, never an error on screen."""

from __future__ import annotations

import importlib
from datetime import date
from types import ModuleType
from typing import Any

from ..services.i18n import format_date


def optional_service(name: str) -> ModuleType | None:
    """``belote2p.services.<name>``, or None in a build that lacks it."""
    try:
        return importlib.import_module(f"belote2p.services.{name}")
    except ImportError:
        return None


def store_runs(store: Any) -> list[Any]:
    """Every recorded run, newest first; none when the store cannot list them."""
    list_runs = getattr(store, "list_runs", None)
    if not callable(list_runs):
        return []
    try:
        return list(list_runs())
    except Exception:  # noqa: BLE001 - storage trouble is in the store's warnings
        return []


def day_label(text: str | None) -> str:
    """An ISO time's date the language's way (the text itself when it is no date)."""
    if not text:
        return ""
    try:
        return format_date(date.fromisoformat(text[:10]))
    except ValueError:
        return text[:10]


def word(value: Any) -> str:
    """An enum's value, or the text itself: how a status or result is looked up."""
    return str(getattr(value, "value", value))
