"""What the game needs from storage, and the rules shared by every store.

``Store`` is the interface the table and the commands use.  It has one
implementation, the SQLite store (``store.sqlite.SqliteStore``, from
``store.open_store()``); ``store.sqlite.MemoryStore`` is that same code on an
SQLite database in memory, for tests and for the fallback when the data folder
cannot be used at all (the game goes on without saving).  The rules:

- settings: ``save_settings`` merges the keys given (a value of None removes
  the key); values must be JSON-serialisable; ``load_settings`` returns a dict.
- the run in progress lives in a *slot*; the player's is ``GAME_SLOT``.
  ``save_run`` after every action; the store also keeps the hand record of
  each hand as it finishes (``hand_records``).
- ``record_finished_run`` stores a finished or abandoned run (call
  ``run.abandon()`` first to abandon) and removes it from the run in progress
  in the same step; recording the same run (same seed and start) twice keeps
  one entry.  ``clear_run`` afterwards is harmless.
- a run cannot be dodged: the saved actions of a run (same seed and start)
  only ever grow (a save that is not an extension, say from a second window
  on the same run, is refused with a warning); a save for a run already
  recorded is ignored; and a run in progress that is cleared or replaced by
  another run without having been recorded is recorded then, as abandoned
  (or as finished if it was over), under the last name entered (a warning
  when replaced).  Such an entry takes the name of a later
  ``record_finished_run`` of the same run, so "clear, ask the name, record"
  works too; but ask ``qualifies`` before clearing, as the cleared run is on
  the board already.
- the leaderboard is ordered by score, then margin total, then who got there
  first; it holds the player's runs (autoplay's on request: ``PlayedBy``);
  ``qualifies(score)`` says whether a new run with that score enters it.
- nothing is raised for storage trouble: it lands in ``warnings`` (and on
  stderr) and ``saving`` turns False while writes fail.  What may still get
  through to a caller is one of ``STORAGE_FAILURES`` (a caller reports it and
  carries on); anything else a store raises is a bug, and surfaces.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, replace
from datetime import date
from enum import Enum
from operator import attrgetter
from typing import Any, Protocol

from ..core.fairness import DAILY_PREFIX, commitment, daily_seed
from .figures import Totals, figures_of
from .names import clean_name
from .runs import FinishedRun, display_date, now_iso, restore_run, run_summary


class StoreError(Exception):
    """Storage that failed in a way the store could not absorb into ``warnings``
    (``connection.StoreUnavailable``, ``connection.Unreadable``)."""


# The failures a caller of a ``Store`` may meet and carry on after: the store's
# own and the storage's (an SQLite or an operating-system error, a lock file's).
# Nothing else is caught: a TypeError is a bug, never an empty leaderboard.
STORAGE_FAILURES: tuple[type[Exception], ...] = (StoreError, sqlite3.Error, OSError)

GAME_SLOT = "game"
BOARD_SIZE = 10
DEFAULT_NAME = "Player"


@dataclass(frozen=True)
class SavedRun:
    """A run in progress: enough to rebuild it with ``Run.replay``."""

    seed: str
    actions: tuple[str, ...]
    started: str  # ISO 8601, UTC

    @property
    def key(self) -> tuple[str, str]:
        """(seed, started): which run this is."""
        return self.seed, self.started


@dataclass(frozen=True)
class ExportSource:
    """What the store gives ``export`` for a finished run (``services.runfile``
    builds the run file from it)."""

    seed: str
    actions: tuple[str, ...]
    name: str
    started: str
    ended: str | None
    abandoned: bool = False
    daily: str | None = None
    counted: bool | None = None  # the day's counted daily attempt (None: unknown)
    ai: bool | None = None  # an autoplay run (None: unknown)


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int
    name: str
    score: int
    streak: int
    margin_total: int
    level: int  # the highest rival level faced
    date: str  # ISO 8601 date the run ended (local calendar)
    entry_id: int = 0
    ai: bool = False  # played by ``belote2p autoplay``: show it as an AI run

    def as_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "score": self.score,
                "streak": self.streak, "margin_total": self.margin_total,
                "level": self.level, "date": self.date, "ai": self.ai}


class PlayedBy(str, Enum):
    """Whose runs a leaderboard holds: the player's (the board the game and
    ``belote2p leaderboard`` show), autoplay's (``belote2p autoplay``), or both
    (``leaderboard --include-ai``)."""

    PLAYER = "player"
    AI = "ai"
    ANYONE = "anyone"

    def holds(self, ai: bool) -> bool:
        return self is PlayedBy.ANYONE or ai == (self is PlayedBy.AI)

    @property
    def ai_column(self) -> bool | None:
        """The ``runs.ai`` value this board selects (None: any)."""
        return None if self is PlayedBy.ANYONE else self is PlayedBy.AI


class RunStatus(str, Enum):
    IN_PROGRESS = "in progress"
    OVER = "over"  # lost or drawn (or stopped unbeaten by autoplay --max-matches)
    ABANDONED = "abandoned"


PROGRESS_ID = 0  # the run_id of the run in progress (finished runs count from 1)


@dataclass(frozen=True)
class RunRecord:
    """One run of the history.  For a run in progress ``seed`` is kept (the
    store needs it) but must not be shown: only ``commitment`` is."""

    run_id: int
    name: str
    started: str
    ended: str | None
    status: RunStatus
    streak: int
    margin_total: int
    score: int
    daily: str | None  # the daily challenge's date, YYYY-MM-DD
    commitment: str
    ai: bool
    seed: str
    actions: tuple[str, ...]
    exportable: bool = True  # False: recorded before runs kept their actions
    daily_counted: bool = False  # the day's first attempt, on that day's board
    altered: bool = False  # its stored figures are not its actions' (edited): off the boards

    @classmethod
    def trusted(cls, **fields: Any) -> RunRecord:
        """A record made from values already checked, every field given: the
        frozen ``__init__`` sets each field through ``object.__setattr__``,
        which costs most of ``runs``' time with 100,000 runs (issue #31); the
        record is as frozen for its callers as any other."""
        record = object.__new__(cls)
        object.__setattr__(record, "__dict__", fields)  # the call's own dict: no copy
        return record

    def as_json(self) -> dict[str, Any]:
        """The ``belote2p runs --json`` object (no seed, no actions)."""
        return run_object(self.run_id, self.name, self.started, self.status, self.streak,
                          self.margin_total, self.score, self.daily, self.commitment,
                          self.ai, self.altered)


def run_object(run_id: int, name: str, started: str, status: RunStatus, streak: int,
               margin_total: int, score: int, daily: str | None, commitment: str,
               ai: bool, altered: bool) -> dict[str, Any]:
    """A run's ``belote2p runs --json`` object: ``RunRecord.as_json``, and what
    ``runs --json`` builds straight from the stored figures' rows, without a
    record (``rows.listed_object``: 100,000 runs, issue #31)."""
    return {"id": run_id, "name": name, "started": started, "status": status.value,
            "streak": streak, "margin_total": margin_total, "score": score, "daily": daily,
            "commitment": commitment, "ai": ai, "altered": altered}


Results = tuple[dict[str, Any], ...]  # one object a match, from the player's side


@dataclass(frozen=True)
class RunRow:
    """A ``runs`` row: a finished (or abandoned) run as the store keeps it.
    ``id``: the row's (negative: not written yet, the temporary id handed out)."""

    id: int
    name: str
    score: int
    streak: int
    margin_total: int
    level: int  # the highest rival level faced
    matches: int  # an abandoned match counts
    started: str
    ended: str
    seed: str
    abandoned: bool
    results: Results
    named: bool = True  # False: recorded when dropped; a later record of the run names it
    ai: bool = False
    ai_key: str | None = None  # the autoplay command: one entry per command and seed
    actions: tuple[str, ...] | None = None  # None: recorded before runs kept their actions
    daily: str | None = None  # the daily challenge's date, YYYY-MM-DD
    daily_counted: bool = False  # the day's first attempt, on that day's board
    altered: bool = False  # set by ``replayed``: its figures are not its actions'

    @property
    def key(self) -> tuple[str, str]:
        """(seed, started): a run is recorded once."""
        return self.seed, self.started


HandKey = tuple[int, int]  # (match, hand) of a run, both from 0


@dataclass(frozen=True)
class HandDifference:
    """A finished hand compared with level 4 in the player's seat (schema
    version 5; computed by ``services.duplicate``, the store only keeps the
    numbers): ``yours``, the player's points minus level 4's from that seat;
    ``rival``, the rival's points against the player minus against level 4."""

    yours: int
    rival: int


@dataclass(frozen=True)
class DifferenceSums:
    """The player's differences of many hands summed (``Store.difference_sums``):
    how many, their sum and the sum of their squares (the mean and the spread
    follow from these, so no difference need be read one by one)."""

    hands: int = 0
    total: int = 0
    squares: int = 0
    skipped: int = 0  # kept rows that do not count: not a hand of their run, out of
    # range, or not sealed by the store (written around it): left out, and told


class RunLock(Protocol):
    @property
    def held(self) -> bool: ...

    def acquire(self) -> bool: ...
    def release(self) -> None: ...


class Store(Protocol):
    warnings: list[str]  # problems met (a database moved aside, saving off), for the player
    saving: bool  # False while writes fail (read-only folder, full disk)
    location: str | None  # the database file, None for a store in memory

    def load_settings(self, defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        """The saved settings (JSON scalars); with ``defaults``, each default
        replaced by the saved value of the same type."""
        ...
    def save_settings(self, settings: dict[str, Any]) -> None: ...

    def load_run(self, slot: str = GAME_SLOT) -> SavedRun | None: ...
    def save_run(self, seed: str, actions: list[str], started: str,
                 slot: str = GAME_SLOT) -> None: ...
    def clear_run(self, slot: str = GAME_SLOT) -> None: ...

    def record_finished_run(self, run: FinishedRun, name: str, started: str, *,
                            ai_key: str | None = None, daily: str | None = None) -> int:
        """Store a finished (or abandoned) run; returns its entry id.  ``ai_key``
        (autoplay: the command) marks an AI run; the same key and seed again
        adds no second entry and returns the first one's id.  ``daily``: the
        daily date (it must be the seed's; the store derives it from the seed
        anyway); the run counts on the day's board when it holds the day's
        claim (``claim_daily``)."""
        ...

    def run_lock(self, slot: str = GAME_SLOT) -> RunLock:
        """The lock of a run slot across processes: ``acquire()`` is False while
        another process plays that run; released by ``release()`` or when the
        holder dies."""
        ...

    def leaderboard(self, limit: int = BOARD_SIZE,
                    played_by: PlayedBy = PlayedBy.PLAYER) -> list[LeaderboardEntry]:
        """The best runs of ``played_by`` (the player's by default), ranked among them."""
        ...
    def qualifies(self, score: int) -> bool:
        """Would this score enter the player's top 10?"""
        ...

    def last_name(self) -> str | None: ...
    def set_last_name(self, name: str) -> None: ...

    def hand_records(self, entry_id: int | None = None,
                     slot: str = GAME_SLOT) -> list[dict[str, Any]]:
        """The hand records of a finished run (by entry id) or of the run in
        progress in ``slot``, in play order."""
        ...

    def claim_autoplay(self, key: str, seed: str) -> tuple[str, SavedRun | None]:
        """A slot for an autoplay run: an unfinished one with this key whose
        process is gone (to resume), else a new empty slot."""
        ...

    # -- writing behind (the window)
    def write_behind(self) -> None:
        """From now on, write from a thread of the store's own: a change is
        kept (and read back) at once, written soon, retried while the database
        is locked; nothing the caller does waits on the database."""
        ...
    def writing_since(self) -> float | None:
        """``time.monotonic()`` since when a change waits to be written, None
        when everything is written."""
        ...
    def flush(self) -> None:
        """Write what waits, now (waiting for the lock as a command would);
        finished runs that still cannot be written are kept aside in a file
        that the next store to open the folder records."""
        ...

    # -- history and the daily challenge
    def list_runs(self) -> list[RunRecord]:
        """Every finished run and the game's run in progress, newest first,
        each with its actions, checked and replayed (the cost grows with the
        history: for tools and tests; the screens and commands use
        ``runs_page`` and ``figure_totals``)."""
        ...
    def runs_page(self, before: RunRecord | None = None,
                  limit: int | None = None) -> list[RunRecord]:
        """``list_runs``' records, newest first, read from the runs' stored
        figures and without their actions (``run_record`` gives a run with
        them): those listed after ``before`` (None: from the first), at most
        ``limit`` (None: all)."""
        ...
    def runs_objects(self) -> list[dict[str, Any]]:
        """``[r.as_json() for r in runs_page()]``: every run as a ``belote2p
        runs --json`` object, newest first."""
        ...
    def run_scores(self, include_ai: bool = False,
                   most: int | None = None) -> list[tuple[str, int]]:
        """``(started, score)`` of every finished run of the player (with
        ``include_ai`` the autoplay runs too), oldest first: the stored
        figures' score, as ``runs_page`` lists it; with ``most``, only that
        many, evenly spread (``figures.evenly_spread``)."""
        ...
    def best_earlier_score(self, started: str) -> int:
        """The best score of the player's finished runs (autoplay's left out)
        but the one that started at ``started`` (the run just over, recorded
        or not); 0 when there is none: what a personal best must beat."""
        ...
    def counting_figures(self) -> bool:
        """Is this store still counting the figures of runs recorded before
        schema 4 (behind the window, after an update: until then those runs
        are replayed wherever they are read)?"""
        ...
    def figure_totals(self, include_ai: bool = False) -> Totals:
        """The figures of the player's runs (with ``include_ai`` the autoplay
        runs too), the run in progress included, summed (``store.figures``)."""
        ...
    def run_record(self, run_id: int) -> RunRecord | None: ...
    def run_for_export(self, run_id: int) -> ExportSource | None:
        """What ``services.runfile`` exports of a finished run; None for an
        unknown id, the run in progress, or a run kept without its actions."""
        ...
    def claim_daily(self, day: str, seed: str, started: str, slot: str = GAME_SLOT) -> bool:
        """Claim ``day``'s counted attempt for the run (seed, started) starting
        now; True when it is this run's (the first attempt, or this same run
        again), False when another run claimed the day first (practice).  The
        run is saved in ``slot`` (with no actions yet, unless the slot holds it
        already) in the same step as the claim."""
        ...
    def daily_claim(self, day: str) -> tuple[str, str] | None:
        """Who holds ``day``'s counted attempt: its run's ``(seed, started)``, None
        when nobody does.  A read: it claims nothing (``claim_daily`` does)."""
        ...
    def daily_attempted(self, day: str) -> bool: ...
    def daily_leaderboard(self, day: str, limit: int = BOARD_SIZE) -> list[LeaderboardEntry]:
        """The day's board: only its counted first attempt."""
        ...

    # -- each hand compared with level 4 in the player's seat (schema version 5)
    def keep_differences(self, seed: str, started: str, yardstick: str,
                         hands: dict[HandKey, HandDifference]) -> None:
        """Keep these hands' differences of the run (seed, started), finished
        or in progress, measured with level 4's version ``yardstick``."""
        ...
    def differences_of(self, seed: str, started: str,
                       yardstick: str) -> dict[HandKey, HandDifference]:
        """The differences kept for the run (seed, started) with ``yardstick``."""
        ...
    def kept_differences(self, yardstick: str, include_ai: bool = False) -> list[int]:
        """The player's differences (``HandDifference.yours``) of every hand
        kept with ``yardstick``, over the finished runs that have stored
        figures (the player's; with ``include_ai`` the autoplay runs too)."""
        ...
    def difference_sums(self, yardstick: str, include_ai: bool = False) -> DifferenceSums:
        """``kept_differences`` summed by SQLite (one query, however long the history)."""
        ...
    def runs_missing_differences(self, yardstick: str, include_ai: bool = False) -> list[int]:
        """The ids of those runs with a finished hand whose difference is not
        kept with ``yardstick``."""
        ...


# -- the pieces of the rules ------------------------------------------------------

_DAILY_SEED = re.compile(re.escape(DAILY_PREFIX) + r"([0-9]{4}-[0-9]{2}-[0-9]{2})")


def daily_of_seed(seed: str) -> str | None:
    """The daily challenge's date whose seed this is (``daily-YYYY-MM-DD``), or
    None.  A run is a daily run by its seed, however it was started (the game,
    autoplay --daily, a resumed save): its deals are that day's."""
    found = _DAILY_SEED.fullmatch(str(seed))
    if found is None:
        return None
    try:
        day = date.fromisoformat(found.group(1))
    except ValueError:
        return None
    return day.isoformat() if daily_seed(day) == seed else None


def finished_row(run: FinishedRun, name: str, started: str, ai_key: str | None = None,
                 daily: str | None = None, *, entry_id: int = 0) -> RunRow:
    """The ``runs`` row for a finished run (name cleaned, 'Player' if empty)."""
    seed = str(run.seed)
    if daily is not None and daily != daily_of_seed(seed):
        raise ValueError(f"the run of seed {seed!r} is not the daily challenge of {daily}")
    summary = run_summary(run)
    actions = run.actions  # None: a run known by its figures only (runs.FinishedRun)
    return RunRow(
        id=entry_id, name=clean_name(name) or DEFAULT_NAME, score=summary["score"],
        streak=summary["streak"], margin_total=summary["margin_total"],
        level=summary["level"], matches=summary["matches"], started=started,
        ended=now_iso(), seed=seed, abandoned=summary["abandoned"],
        results=tuple(summary["results"]), ai=ai_key is not None, ai_key=ai_key,
        actions=None if actions is None else tuple(actions), daily=daily_of_seed(seed))


FIGURES = ("score", "streak", "margin_total", "level", "matches", "abandoned")


def replayed(row: RunRow) -> RunRow:
    """A checked ``runs`` row with the figures of its actions replayed by the
    core (score, streak, margin total, level, matches, results), and
    ``altered``: the figures stored disagree with them, or an action does not
    replay (the row was edited).  A run recorded before runs kept their
    actions keeps its stored figures (it cannot be replayed).  The replay is
    ``figures.figures_of`` (cached)."""
    if row.actions is None:
        return replace(row, altered=False)
    found = figures_of(row.seed, row.actions, row.abandoned)
    altered = not found.whole or any(getattr(row, k) != getattr(found, k) for k in FIGURES)
    return replace(row, altered=altered, results=tuple(dict(m) for m in found.results),
                   **{k: getattr(found, k) for k in FIGURES})


def record_of_row(row: RunRow) -> RunRecord:
    """The history entry of a checked ``runs`` row."""
    return RunRecord(
        run_id=row.id, name=row.name, started=row.started, ended=row.ended,
        status=RunStatus.ABANDONED if row.abandoned else RunStatus.OVER,
        streak=row.streak, margin_total=row.margin_total, score=row.score,
        daily=row.daily, commitment=commitment(row.seed), ai=row.ai, seed=row.seed,
        actions=row.actions or (), exportable=row.actions is not None,
        daily_counted=row.daily_counted, altered=row.altered)


def progress_record(saved: SavedRun, name: str | None) -> RunRecord:
    """The history entry of the game's run in progress (its figures so far)."""
    run, _dropped = restore_run(saved.seed, saved.actions)
    return RunRecord(
        run_id=PROGRESS_ID, name=name or DEFAULT_NAME, started=saved.started, ended=None,
        status=RunStatus.IN_PROGRESS, streak=run.streak, margin_total=run.margin_total,
        score=run.score, daily=daily_of_seed(saved.seed), commitment=commitment(saved.seed),
        ai=False, seed=saved.seed, actions=tuple(saved.actions), exportable=False)


def _listed_key(record: RunRecord) -> tuple[bool, str, int]:
    return record.status is RunStatus.IN_PROGRESS, record.started, record.run_id


_BY_START = attrgetter("started", "run_id")  # a key in C: 100,000 runs, already in order


def newest_first(records: list[RunRecord]) -> list[RunRecord]:
    """The run in progress first, then by start time, newest first (ids break ties)."""
    going = [r for r in records if r.status is RunStatus.IN_PROGRESS]
    done = [r for r in records if r.status is not RunStatus.IN_PROGRESS]
    return sorted(going, key=_BY_START, reverse=True) + sorted(done, key=_BY_START, reverse=True)


def page_of(ordered: list[RunRecord], others: list[RunRecord], before: RunRecord | None,
            limit: int | None) -> list[RunRecord]:
    """History's page: newest first, those listed after ``before`` (None: from
    the start), at most ``limit`` (None: all).  ``ordered``: finished runs
    already in that order (SQLite's ``ORDER BY`` on the same key), not sorted
    again unless a finished run of ``others`` (in any order) falls among them:
    100,000 runs cost ``runs`` 0.1 s more sorted (issue #31)."""
    if any(r.status is not RunStatus.IN_PROGRESS for r in others):
        found = newest_first(ordered + others)
    else:  # only the run in progress, which comes first
        found = newest_first(others) + ordered
    if before is not None:
        found = [r for r in found if _listed_key(r) < _listed_key(before)]
    return found if limit is None else found[:limit]


def totals_of(rows: list[RunRow], saved: SavedRun | None) -> Totals:
    """The figures of finished runs read the slow way (``rows`` checked and
    replayed) and of the game's run in progress, summed.  A run kept without
    its actions counts in ``runs`` and the bests only."""
    total = Totals()
    for row in rows:
        if row.actions is None:
            total += Totals(1, row.streak, row.score, without_actions=1)
        else:
            total += figures_of(row.seed, row.actions, row.abandoned).totals
    if saved is not None:
        total += figures_of(saved.seed, tuple(saved.actions), False).totals
    return total


def export_source(record: RunRecord | None) -> ExportSource | None:
    """What ``services.runfile`` exports of a finished run (None: not exportable)."""
    if record is None or record.status is RunStatus.IN_PROGRESS or not record.exportable:
        return None
    return ExportSource(seed=record.seed, actions=record.actions, name=record.name,
                        started=record.started, ended=record.ended,
                        abandoned=record.status is RunStatus.ABANDONED, daily=record.daily,
                        counted=record.daily_counted, ai=record.ai)


def daily_rows(rows: list[RunRow], day: str) -> list[RunRow]:
    return [r for r in rows if r.daily == day and r.daily_counted]


def abandoned_row(saved: SavedRun, name: str | None, ai_key: str | None = None) -> RunRow:
    """The row of a run in progress that is being dropped unrecorded: abandoned
    (the match under way counts as lost), or finished if it was over; ``ai_key``
    for an autoplay slot's run."""
    run, _dropped = restore_run(saved.seed, saved.actions)
    if not run.over:
        run.abandon()
    # not named: a later record_finished_run of this run may still name it
    return replace(finished_row(run, name or DEFAULT_NAME, saved.started, ai_key), named=False)


def extends(old: tuple[str, ...] | list[str], new: tuple[str, ...] | list[str]) -> bool:
    return len(new) >= len(old) and tuple(new[:len(old)]) == tuple(old)


def dropped_message(row: RunRow) -> str:
    return (f"a run in progress (seed {row.seed}) was replaced by a new run before being "
            f"recorded; it counts as {'abandoned' if row.abandoned else 'finished'}: "
            f"score {row.score}.")


CONFLICT_MESSAGE = ("this run was played on elsewhere (another window?); moves made here "
                    "that differ are not saved.")


def rank_key(row: RunRow) -> tuple[int, int, str, int]:
    return (-row.score, -row.margin_total, row.ended, row.id)


def ranked(rows: list[RunRow], limit: int,
           played_by: PlayedBy = PlayedBy.ANYONE) -> list[LeaderboardEntry]:
    """The board: the best ``limit`` runs of ``played_by``, an altered run left off."""
    best = sorted((r for r in rows if not r.altered and played_by.holds(r.ai)),
                  key=rank_key)[:limit]
    return [LeaderboardEntry(i + 1, r.name, r.score, r.streak, r.margin_total, r.level,
                             display_date(r.ended), r.id, r.ai)
            for i, r in enumerate(best)]


def qualifies_on(board: list[LeaderboardEntry], score: int, size: int = BOARD_SIZE) -> bool:
    return len(board) < size or score > board[-1].score


SETTING_TYPES = (bool, int, float, str)  # a setting is one JSON scalar


def check_settings(settings: dict[str, Any]) -> dict[str, str | None]:
    """Settings as JSON texts (None = remove); TypeError for a value that is not
    a number, a text or a bool."""
    if not isinstance(settings, dict):
        raise TypeError("settings must be a dict")
    out: dict[str, str | None] = {}
    for key, value in settings.items():
        if not isinstance(key, str):
            raise TypeError(f"setting names must be strings, not {key!r}")
        if value is not None and not isinstance(value, SETTING_TYPES):
            raise TypeError(f"setting {key!r} must be a number, a text or a bool")
        out[key] = None if value is None else json.dumps(value, ensure_ascii=False)
    return out


def settings_over(defaults: dict[str, Any], saved: dict[str, Any]) -> dict[str, Any]:
    """The defaults, each replaced by the saved value when it has the same type
    (bool and int told apart); unknown keys are left out."""
    out = dict(defaults)
    for key, default in defaults.items():
        value = saved.get(key)
        if value is not None and type(value) is type(default):
            out[key] = value
        elif isinstance(default, float) and type(value) is int:
            out[key] = float(value)
    return out
