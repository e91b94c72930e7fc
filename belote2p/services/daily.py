"""The daily challenge: one run a day, the same deals for every player.

The seed is ``fairness.daily_seed(date)`` (``daily-YYYY-MM-DD``, the UTC date).
This module holds what the command line and the title screen share: today's
challenge and the ``--daily YYYY-MM-DD`` argument.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from datetime import date

from ..core.fairness import (
    DailyDateError,
    commitment,
    daily_seed,
    parse_daily_date,
    today_utc,
)


@dataclass(frozen=True)
class DailyChallenge:
    day: date
    seed: str
    commitment: str

    @property
    def date_text(self) -> str:
        return self.day.isoformat()


def daily_challenge(day: date | None = None) -> DailyChallenge:
    """The challenge of ``day`` (default: today in UTC)."""
    day = today_utc() if day is None else day
    seed = daily_seed(day)
    return DailyChallenge(day, seed, commitment(seed))


def daily_date_arg(text: str) -> date:
    """argparse type for ``--daily YYYY-MM-DD``: one clear message for a bad date."""
    try:
        return parse_daily_date(text)
    except DailyDateError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
