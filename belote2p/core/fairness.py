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
import secrets
import unicodedata
from datetime import date, datetime, timedelta, timezone

COMMITMENT_DIGITS = 32  # 128 bits of SHA-256 (12 until issue #44: a 2^48 search)
DAILY_PREFIX = "daily-"
MAX_SEED_CHARS = 256
_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The daily challenge's seeds: reserved, whatever the date (even one that is no real day).
_DAILY_FORM = re.compile(re.escape(DAILY_PREFIX) + r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class SeedError(ValueError):
    """A seed no run may have; the message says why (without echoing a long seed)."""


def seed_problem(seed: object, daily: date | None = None) -> str | None:
    """What is wrong with ``seed`` as a run's seed, or None.  The one rule, applied
    wherever a seed comes in (the command line, run files, the store's reader):
    text of 1 to MAX_SEED_CHARS characters, valid UTF-8 (no lone surrogates),
    no control characters, and not of the daily challenge's reserved form
    ``daily-YYYY-MM-DD`` unless it is ``daily``'s own seed (only the daily
    challenge itself plays on a daily seed)."""
    if not isinstance(seed, str):
        return "a seed must be text"
    if not 1 <= len(seed) <= MAX_SEED_CHARS:
        return (f"a seed is text of 1 to {MAX_SEED_CHARS} characters; "
                f"this one has {len(seed):,}")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        return "a seed must be valid UTF-8 text (this one holds bytes that are not)"
    if any(unicodedata.category(ch) == "Cc" for ch in seed):
        return "a seed may not hold control characters (tabs, line breaks...)"
    if _DAILY_FORM.fullmatch(seed) and (daily is None or seed != daily_seed(daily)):
        return (f"{seed} is the daily challenge's reserved seed form "
                f"({DAILY_PREFIX}YYYY-MM-DD): play the daily challenge itself instead")
    return None


def check_seed(seed: object, daily: date | None = None) -> str:
    """``seed`` if it follows ``seed_problem``'s rule, else SeedError."""
    problem = seed_problem(seed, daily)
    if problem is not None:
        raise SeedError(problem)
    assert isinstance(seed, str)
    return seed


def is_daily_form(seed: str) -> bool:
    """Is ``seed`` of the daily challenge's form, ``daily-YYYY-MM-DD``?"""
    return _DAILY_FORM.fullmatch(seed) is not None


def seed_digest(seed: str) -> str:
    """The full SHA-256 hex digest of the seed's UTF-8 text."""
    # surrogatepass: a seed typed on a command line with undecodable bytes
    # still hashes (for ordinary text it is plain UTF-8).
    return hashlib.sha256(str(seed).encode("utf-8", "surrogatepass")).hexdigest()


def commitment(seed: str) -> str:
    """The first COMMITMENT_DIGITS (32) hex digits of SHA-256 of the seed:
    shown before the first card."""
    return seed_digest(seed)[:COMMITMENT_DIGITS]


# Issue #44: a seed of 48 bits under a commitment of 48 could be found by a
# search of 2^48 hashes (hours on a GPU), revealing every deal of a run before
# it is played.  New runs take 128 random bits, committed to by 128 bits.
SEED_BYTES = 16
LEGACY_COMMITMENT_DIGITS = 12  # the commitments of runs (and run files) before issue #44


def new_seed() -> str:
    """A new run's seed: 128 random bits, as 32 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def commits_to(seed: str, claimed: str) -> bool:
    """Is ``claimed`` a commitment to ``seed``: the first COMMITMENT_DIGITS hex
    digits of its SHA-256, or, for what was written before issue #44, the
    first LEGACY_COMMITMENT_DIGITS?"""
    return len(claimed) in (COMMITMENT_DIGITS, LEGACY_COMMITMENT_DIGITS) \
        and seed_digest(seed)[:len(claimed)] == claimed


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


# A clock may be a little off the one that checks it, no more.
CLOCK_SKEW = timedelta(minutes=10)


def daily_time_problem(day: date, moment: datetime) -> str | None:
    """What is wrong with a run of ``day``'s daily challenge starting at
    ``moment``, or None.  The rule: the daily challenge is played on its day,
    the UTC date (the day every copy of the game agrees on, whatever its time
    zone), give or take CLOCK_SKEW at either end.  The command line refuses
    to start one outside its day, and ``verify`` compares the day a run file
    claims with the time it says the run started."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    opens = datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
    if opens - CLOCK_SKEW <= moment < opens + timedelta(days=1) + CLOCK_SKEW:
        return None
    when = moment.astimezone(timezone.utc).isoformat(timespec="minutes")
    return (f"the daily challenge of {day.isoformat()} is played on that day (UTC), "
            f"not at {when}")
