"""What the board's web page shows, as values: the seam between the server's
database (a ``BoardSource``) and the page (``web``, which re-exports these).

The names and fields are agreed with the server's side (the board's JSON twin
under ``/api/v1`` carries the same fields); a name is kept raw here and escaped
where it is written into a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal, Protocol

BoardOrder = Literal["score", "skill"]
BOARD_ORDERS: tuple[BoardOrder, ...] = ("score", "skill")


@dataclass(frozen=True)
class BoardRow:
    rank: int                 # 1-based place in this order
    name: str                 # the account's display name, raw: the page escapes it
    score: int
    matches_won: int
    hands: int                # hands played that count for skill
    skill_per_hand: float | None          # None while pending or too few hands
    skill_interval: tuple[float, float] | None
    skill_pending: bool       # the run's skill jobs are not all done
    run_id: str               # opaque id for the run's replay link (closed days)
    finished: bool            # False: still being played (open day)


@dataclass(frozen=True)
class DayBoard:
    day: date
    by: BoardOrder
    commitment: str           # 64 hex digits: SHA-256 commitment to the day's secret
    closed: bool              # the day is over (00:00 UTC by the database's clock passed)
    secret: str | None        # 64 hex digits, only once closed
    transcript_digest: str | None   # the day's transcript digest, only once closed
    min_skill_hands: int      # skill is shown from this many hands
    rows: tuple[BoardRow, ...]


@dataclass(frozen=True)
class RunRecord:              # a closed day's run, enough to replay it hand by hand with the core
    name: str
    seed: str                 # the run's seed (derived from the revealed secret)
    actions: tuple[str, ...]  # the record's action words, in order (core.actions words)
    score: int


class BoardSource(Protocol):
    def today(self) -> date: ...                                  # UTC day by the database's clock
    def board(self, day: date, by: BoardOrder) -> DayBoard | None: ...   # None: no such day
    def run_record(self, day: date, run_id: str) -> RunRecord | None: ... # None unless closed
