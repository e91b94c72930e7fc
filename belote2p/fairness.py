"""Provably fair deals: the commitment to a run's seed, and the daily seed.

A run's seed fixes every deal (``match.deck_for``).  The game shows
``commitment(seed)`` when a run starts and the seed itself when it ends; anyone
can then hash the seed and see that it is the digest shown before the first
card, so the deals were fixed in advance.

The daily challenge's seed is ``daily_seed(date)``: the text ``daily-`` and the
UTC date as YYYY-MM-DD (``daily-2026-11-30``).  Every copy of the game derives
the same seed, so every player gets the same deals that day.

Core module: the standard library only.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date, datetime, timezone

COMMITMENT_DIGITS = 12
DAILY_PREFIX = "daily-"
_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def seed_digest(seed: str) -> str:
    """The full SHA-256 hex digest of the seed's UTF-8 text."""
    # surrogatepass: a seed typed on a command line with undecodable bytes
    # still hashes (for ordinary text it is plain UTF-8).
    return hashlib.sha256(str(seed).encode("utf-8", "surrogatepass")).hexdigest()


def commitment(seed: str) -> str:
    """The first 12 hex digits of SHA-256 of the seed: shown before the first card."""
    return seed_digest(seed)[:COMMITMENT_DIGITS]


class DailyDateError(ValueError):
    """Text that is not a real calendar date written YYYY-MM-DD."""


def parse_daily_date(text: object) -> date:
    """A YYYY-MM-DD date (ASCII digits, a real day), or DailyDateError."""
    if not isinstance(text, str) or not _DATE_TEXT.fullmatch(text):
        shown = text if isinstance(text, str) else type(text).__name__
        raise DailyDateError(f"{shown!r} is not a date written YYYY-MM-DD (e.g. 2026-11-30)")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise DailyDateError(f"{text} is not a real date") from None


def daily_seed(day: date) -> str:
    """The seed of a day's daily challenge: ``daily-YYYY-MM-DD``."""
    return f"{DAILY_PREFIX}{day.isoformat()}"


def today_utc() -> date:
    """The daily challenge's day: the date in UTC, the same everywhere."""
    return datetime.now(timezone.utc).date()
