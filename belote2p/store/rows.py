"""Every value read back from the database, checked for type and range.

A file may have been edited by hand, written by a buggy version, or salvaged
from damage: each reader here returns the clean value, or raises ``BadRow``
saying what is wrong, so the store can report the row and skip it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from ..fairness import DailyDateError, daily_seed, parse_daily_date, seed_problem
from ..match import MAX_LEVEL, run_score
from .api import SavedRun, daily_of_seed
from .names import clean_name

RUN_COLUMNS = ("id", "name", "score", "streak", "margin_total", "level", "matches", "started",
               "ended", "seed", "abandoned", "named", "results", "ai", "ai_key", "actions",
               "daily", "daily_counted")
MAX_MATCHES = 10_000  # more matches than any run can play in a lifetime


class BadRow(ValueError):
    """A row whose values are not what this version writes."""


def _int(value: Any, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRow(f"{what} is not a whole number")
    if value < low or (high is not None and value > high):
        raise BadRow(f"{what} {value} is out of range")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise BadRow(f"{what} is not a text")
    return value


def _seed(value: Any) -> str:
    """A stored seed: the one seed rule (``fairness.seed_problem``); a daily
    seed only as its own day's."""
    text = _text(value, "seed")
    day = daily_of_seed(text)
    problem = seed_problem(text, None if day is None else date.fromisoformat(day))
    if problem is not None:
        raise BadRow(f"seed is not valid: {problem}")
    return text


def _moment(value: Any, what: str) -> str:
    text = _text(value, what)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise BadRow(f"{what} is not a date") from None
    return text


def _json(value: Any, what: str) -> Any:
    if not isinstance(value, str):
        raise BadRow(f"{what} is not JSON text")
    try:
        return json.loads(value)
    except ValueError:
        raise BadRow(f"{what} is not valid JSON") from None


def run_row(raw: Sequence[Any]) -> dict[str, Any]:
    """A ``runs`` row (columns in ``RUN_COLUMNS`` order) as the store uses it."""
    row = dict(zip(RUN_COLUMNS, raw))
    _int(row["id"], "id", 1)
    name = _text(row["name"], "name")
    if clean_name(name) != name:
        raise BadRow("name is not a cleaned name")
    streak = _int(row["streak"], "streak", 0, MAX_MATCHES)
    margin = _int(row["margin_total"], "margin total", 0)
    if _int(row["score"], "score", 0) != run_score(streak, margin):
        raise BadRow("score does not follow from streak and margin")
    _int(row["level"], "level", 1, MAX_LEVEL)
    _int(row["matches"], "matches", 0, MAX_MATCHES)
    _text(row["started"], "start")  # as the caller gave it (ISO 8601 from the game)
    _moment(row["ended"], "end")
    _seed(row["seed"])
    row["abandoned"] = bool(_int(row["abandoned"], "abandoned", 0, 1))
    row["named"] = bool(_int(row["named"], "named", 0, 1))
    results = _json(row["results"], "results")
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise BadRow("results is not a list of matches")
    row["results"] = results
    row["ai"] = bool(_int(row.get("ai", 0), "ai", 0, 1))
    if row.get("ai_key") is not None:
        _text(row["ai_key"], "ai key")
    row["actions"] = None if row.get("actions") is None else action_words(row["actions"])
    row["daily"] = None if row.get("daily") is None else day_text(row["daily"])
    row["daily_counted"] = bool(_int(row.get("daily_counted", 0), "daily counted", 0, 1))
    if row["daily"] is not None and row["seed"] != daily_seed(date.fromisoformat(row["daily"])):
        raise BadRow("daily date does not match the seed")
    if row["daily_counted"] and row["daily"] is None:
        raise BadRow("counted on a daily board without a daily date")
    return row


MAX_WORD_CHARS = 8  # the longest action word is "take:S"


def action_words(text: Any) -> tuple[str, ...]:
    """A JSON list of action words (each 1 to 8 characters)."""
    words = _json(text, "actions")
    if not isinstance(words, list) or not all(
            isinstance(w, str) and 1 <= len(w) <= MAX_WORD_CHARS for w in words):
        raise BadRow("actions is not a list of action words")
    return tuple(words)


def day_text(value: Any) -> str:
    """A daily challenge's date, YYYY-MM-DD."""
    try:
        return parse_daily_date(value).isoformat()
    except DailyDateError:
        raise BadRow("daily is not a date written YYYY-MM-DD") from None


def saved_run(raw: Sequence[Any] | None) -> SavedRun | None:
    """A ``current_run`` row ``(seed, started, actions)``; None for no row."""
    if not raw:
        return None
    seed, started, actions = raw
    words = _json(actions, "actions")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise BadRow("actions is not a list of action words")
    return SavedRun(_seed(seed), tuple(words), _text(started, "start"))


def daily_claim(raw: Sequence[Any] | None) -> tuple[str, str] | None:
    """A ``daily_claims`` row's ``(seed, started)``; None for no row."""
    if not raw:
        return None
    seed, started = raw
    return _text(seed, "seed"), _text(started, "start")


SCALARS = (bool, int, float, str)


def setting(text: Any) -> Any:
    """A setting's value: a JSON scalar (a list or an object is not a setting)."""
    value = _json(text, "value")
    if not isinstance(value, SCALARS):
        raise BadRow("value is not a number, a text or true/false")
    return value


def record(text: Any) -> dict[str, Any]:
    value = _json(text, "hand record")
    if not isinstance(value, dict):
        raise BadRow("hand record is not an object")
    return value


def name_value(text: Any) -> str | None:
    """The ``state.last_name`` value (JSON text of a cleaned name)."""
    value = _json(text, "name")
    if value is not None and (not isinstance(value, str) or clean_name(value) != value):
        raise BadRow("name is not a cleaned name")
    return value
