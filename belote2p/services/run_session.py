"""The run's life outside the table: start, continue, abandon, finish, record.

A plain object over the store (no pygame), so the window's screens only ask
it for the next run and tell it what happened.  It also holds the run lock:
two windows on the same data folder must not both play the saved run.

Storage trouble never stops the game: each failure the store's protocol
allows (``store.api.STORAGE_FAILURES``) goes to ``report`` (the window shows
it as a toast) and the game carries on.  Anything else is a bug and surfaces:
a TypeError is never an empty leaderboard.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from ..ai.levels import LevelsError, shipped_levels
from ..core import fairness
from ..core.fairness import check_seed, daily_seed, parse_daily_date
from ..core.match import Run
from ..store import restore_run
from ..store.api import (
    DEFAULT_NAME,
    STORAGE_FAILURES,
    LeaderboardEntry,
    PlayedBy,
    RunLock,
    SavedRun,
    Store,
    daily_of_seed,
    qualifies_on,
)
from ..store.runs import now_iso
from .i18n import _

log = logging.getLogger(__name__)


def new_seed() -> str:
    return fairness.new_seed()  # 128 bits (issue #44)


@dataclass(frozen=True)
class ActiveRun:
    """A run being played and the moment it started (the save's key);
    ``daily``: the daily challenge's date (YYYY-MM-DD) of a daily run."""

    run: Run
    started: str
    daily: str | None = None


@dataclass(frozen=True)
class DailyFacts:
    """What a daily run is: its date (YYYY-MM-DD) and whether it counts on
    that day's board (the day's first attempt) or is practice."""

    day: str
    counted: bool


@dataclass(frozen=True)
class DailyRow:
    """One day of the daily board: the day's counted run (``leaderboard --daily``)."""

    day: str
    entry: LeaderboardEntry


def daily_rows(boards: Iterable[tuple[str, Sequence[LeaderboardEntry]]]) -> list[DailyRow]:
    """The daily board from each day's whole board: the day's first run."""
    return [DailyRow(day, board[0]) for day, board in boards if board]


@dataclass(frozen=True)
class Standing:
    """Where a finished run stands: its place on the leaderboard if recorded
    now (1 is the top; None: off the board) and whether it beats every earlier
    run of the player's (AI runs left out)."""

    place: int | None
    personal_best: bool


class ResumeFailed(Exception):
    """The saved run could not be rebuilt; it has been set aside."""


class RunOpenElsewhere(RuntimeError):
    """Another window holds the run lock: this session may not start, resume,
    replace, abandon or record a run (whatever its screen offers)."""

    def __init__(self) -> None:
        super().__init__(_("This run is open in another window of the game. "
                           "Close that window to play here."))


class DailyNotClaimed(RuntimeError):
    """Today's challenge did not start: the store answered, but its claim of
    the day could not be written (another process held the database's write
    lock past the bounded wait, or the disk is full).  Nothing was started or
    claimed, so the attempt is still the day's first: it is not turned into
    practice behind the player's back."""

    def __init__(self) -> None:
        super().__init__(_("Today's challenge did not start: the data folder could not take "
                           "its attempt (another program is writing to it, or the disk is "
                           "full). Try again in a moment."))


class RunSession:
    def __init__(self, store: Store, report: Callable[[str], None] = lambda message: None,
                 seed_maker: Callable[[], str] | None = None):
        self.store = store
        self.report = report
        self.seed_maker = seed_maker  # None: a fresh random seed
        self.pending: ActiveRun | None = None  # abandoned, recorded when the player leaves
        self.last_started: ActiveRun | None = None  # the run start_new/start_daily began
        self._lock: RunLock = store.run_lock()
        self._locked = False
        self._counted: dict[tuple[str, str], bool] = {}  # (seed, started): on its day's board

    # ------------------------------------------------------------ the gates
    def claim(self) -> bool:
        """True when this window may play the saved run (asked again each time
        the title is shown: the other window may have closed meanwhile)."""
        if not self._locked:
            try:
                self._locked = bool(self._lock.acquire())
            except STORAGE_FAILURES as exc:  # a lock that fails must not lock the player out
                self.report(str(exc))
                self._locked = True
        return self._locked

    @property
    def open_elsewhere(self) -> bool:
        return not self.claim()

    def _own_the_run(self) -> None:
        """The gate below the screens: every change to the run (start, resume,
        replace, abandon, record) first holds the run lock, or is refused."""
        if not self.claim():
            raise RunOpenElsewhere()

    @staticmethod
    def levels_problem() -> str | None:
        """What is wrong with the rival's level data, or None.  A scored run is
        never played against a stand-in rival.  Read once a process when it
        is right (``shipped_levels``: every title asks, on its frame loop, and
        a read takes 25-80 ms of YAML), again each time while it is broken."""
        try:
            shipped_levels()
        except LevelsError as exc:
            return str(exc)
        return None

    # ------------------------------------------------------------ the save
    def saved(self) -> SavedRun | None:
        try:
            return self.store.load_run()
        except STORAGE_FAILURES:  # an unreadable save reads as none
            return None

    def saved_detail(self) -> Run | None:
        """The saved run rebuilt (for the title's one-line summary), or None."""
        saved = self.saved()
        if saved is None:
            return None
        return self._restore(saved.seed, saved.actions)[0]

    def save(self, active: ActiveRun) -> None:
        """Save the run (returns at once when the store writes behind: the run
        is held in memory until the database takes it)."""
        if not self.claim():
            self.report(str(RunOpenElsewhere()))
            return
        try:
            self.store.save_run(str(active.run.seed), list(active.run.actions), active.started)
        except STORAGE_FAILURES as exc:  # the store reports; the game goes on
            self.report(str(exc))

    # ------------------------------------------------------------ life cycle
    def start_new(self) -> ActiveRun:
        self._own_the_run()
        seed = check_seed(self.seed_maker() if self.seed_maker is not None else new_seed())
        active = ActiveRun(Run(seed), now_iso())
        self.save(active)
        self.last_started = active
        return active

    def daily_attempted(self, day: date | str) -> bool:
        """Was ``day``'s daily challenge already attempted here?  (Asked before
        starting it: a later attempt is practice, and the player is told so.)"""
        try:
            return bool(self.store.daily_attempted(_day_text(day)))
        except STORAGE_FAILURES:  # unknown reads as attempted: never promise a count
            return True

    def start_daily(self, day: date | str) -> bool:
        """Start ``day``'s daily challenge (seed ``fairness.daily_seed``); the run
        is ``last_started``.  True when it counts on that day's board (the
        day's first attempt, claimed now), False when it is practice;
        ``DailyNotClaimed`` when the claim could not be written (the claim's
        transaction may wait for another process's lock: the window asks off
        its frame loop)."""
        self._own_the_run()
        text = _day_text(day)
        active = ActiveRun(Run(daily_seed(parse_daily_date(text))), now_iso(), text)
        try:
            counted = bool(self.store.claim_daily(text, str(active.run.seed), active.started))
            if not counted and self.store.daily_claim(text) is None:
                raise DailyNotClaimed  # no one holds the day: our claim was not written
        except STORAGE_FAILURES as exc:  # the store reports; the game goes on
            self.report(str(exc))
            counted = False
        self._counted[(str(active.run.seed), active.started)] = counted
        self.save(active)
        self.last_started = active
        return counted

    def resume(self) -> ActiveRun | None:
        """The saved run rebuilt, None if there is none; ``ResumeFailed`` (and
        the save cleared) when it cannot be rebuilt."""
        self._own_the_run()
        saved = self.saved()
        if saved is None:
            return None
        try:
            run, dropped = self._restore(saved.seed, saved.actions)
        except ValueError as exc:  # a seed the engine refuses: it must not lock the player out
            self._clear()
            raise ResumeFailed(str(exc)) from None
        active = ActiveRun(run, saved.started, daily_of_seed(saved.seed))
        if dropped:
            self.report(f"{dropped} moves dropped")
            self.save(active)
        return active

    def abandon_saved(self) -> ActiveRun:
        """From the title: the saved run ends (its match counts as lost), or a
        new run starts when there is none."""
        self._own_the_run()
        saved = self.saved()
        if saved is None:
            return self.start_new()
        run, _ = self._restore(saved.seed, saved.actions)
        active = ActiveRun(run, saved.started, daily_of_seed(saved.seed))
        self.abandon(active)
        return active

    def abandon(self, active: ActiveRun) -> None:
        """``run.abandon()``.  The save cannot say "abandoned", so the run is
        held for recording (at once if the game closes first); the store drops
        the saved run when it records it."""
        self._own_the_run()
        if not active.run.over:
            active.run.abandon()
        self.pending = active

    def qualifies(self, score: int) -> bool | None:
        try:
            return bool(self.store.qualifies(score))
        except STORAGE_FAILURES:
            return None

    def standing(self, active: ActiveRun) -> Standing | None:
        """The finished run's place and personal best (None: the store cannot tell)."""
        score = active.run.score
        try:
            board = list(self.store.leaderboard())
            # (every earlier finished run of the player's, its score as History
            # lists it; before, read by listing them all: 0.6 s of 100,000)
            best_before = self.store.best_earlier_score(active.started)
        except STORAGE_FAILURES:  # an unreadable store: no claim about the board
            return None
        place = 1 + sum(1 for e in board if e.score >= score) if qualifies_on(board, score) \
            else None
        return Standing(place, score > 0 and score > best_before)

    def record(self, active: ActiveRun, name: str, typed: bool = True) -> int | None:
        """The finished run goes on the record; the saved run is cleared."""
        self._own_the_run()
        entry = None
        try:
            entry = self.store.record_finished_run(active.run, name, active.started,
                                                   daily=active.daily)
            if typed:
                self.store.set_last_name(name)
        except STORAGE_FAILURES as exc:
            self.report(str(exc))
        self._clear()
        self.pending = None
        return entry

    def record_untyped(self, active: ActiveRun) -> None:
        """A run off the board is recorded under the last name used."""
        self.record(active, self.default_name(), typed=False)

    def close(self) -> None:
        """The window closes: an abandoned run not yet recorded is recorded
        under the last name used; the lock is released."""
        pending, self.pending = self.pending, None
        if pending is not None:
            try:
                self.store.record_finished_run(pending.run, self.default_name(), pending.started,
                                               daily=pending.daily)
                self.store.clear_run()
            except STORAGE_FAILURES as exc:
                log.error("could not record the run: %s", exc)
        try:
            self.store.flush()  # what the thread behind has not written yet
        except STORAGE_FAILURES as exc:
            log.error("could not save: %s", exc)
        if self._locked:
            self._lock.release()
            self._locked = False

    def saving_since(self) -> float | None:
        """Since when (``time.monotonic()``) a save waits for the database (the
        window shows "saving..." when it is more than a moment), or None."""
        return self.store.writing_since()

    # ------------------------------------------------------------ reading
    def leaderboard(self, limit: int = 10,
                    played_by: PlayedBy = PlayedBy.PLAYER) -> list[LeaderboardEntry]:
        """The best runs: the player's (the title's best score, the board's
        first tab), or autoplay's (``PlayedBy.AI``)."""
        try:
            return list(self.store.leaderboard(limit, played_by))
        except STORAGE_FAILURES:
            return []

    def daily_board(self, limit: int = 10) -> list[DailyRow]:
        """The daily challenge's board, one row a day, newest first: each day's
        counted run, as ``leaderboard --daily`` shows it."""
        return daily_rows(self.daily_boards(limit))

    def daily_boards(self, limit: int = 10) -> list[tuple[str, list[LeaderboardEntry]]]:
        """Each day's whole board (every counted run of the day, by score), newest first."""
        try:
            days = sorted({r.daily for r in self.store.runs_page()
                           if r.daily is not None and r.daily_counted}, reverse=True)
            rows = [(day, self.store.daily_leaderboard(day)) for day in days[:limit]]
        except STORAGE_FAILURES:
            return []
        return [(day, board) for day, board in rows if board]

    # ------------------------------------------------------------ the daily run
    def daily_facts(self, active: ActiveRun) -> DailyFacts | None:
        """Is this run the daily challenge: its date, and does it count on that
        day's board (else practice)?  None for any other run."""
        if active.daily is None:
            return None
        return DailyFacts(active.daily, self._is_counted(active.daily, str(active.run.seed),
                                                         active.started))

    def saved_daily(self) -> DailyFacts | None:
        """The same of the saved run (the title's "Continue run")."""
        saved = self.saved()
        day = daily_of_seed(saved.seed) if saved is not None else None
        if saved is None or day is None:
            return None
        return DailyFacts(day, self._is_counted(day, str(saved.seed), saved.started))

    def _is_counted(self, day: str, seed: str, started: str) -> bool:
        """The store's word, asked once per run: does the run hold the day's
        claim (made when it started), the one the store counts when it records
        the run?  A read (``daily_claim``): showing a run never claims a day."""
        key = (seed, started)
        if key not in self._counted:
            try:
                self._counted[key] = self.store.daily_claim(day) == key
            except STORAGE_FAILURES:  # unknown reads as practice: never promise a count
                return False
        return self._counted[key]

    def last_name(self) -> str:
        try:
            return self.store.last_name() or ""
        except STORAGE_FAILURES:
            return ""

    def default_name(self) -> str:
        return self.last_name() or DEFAULT_NAME

    def warnings(self) -> list[str]:
        return [str(w) for w in self.store.warnings]

    # ------------------------------------------------------------ helpers
    @staticmethod
    def _restore(seed: str, actions: Sequence[str]) -> tuple[Run, int]:
        return restore_run(seed, list(actions))

    def _clear(self) -> None:
        try:
            self.store.clear_run()
        except STORAGE_FAILURES as exc:
            self.report(str(exc))


def _day_text(day: date | str) -> str:
    """A daily date as YYYY-MM-DD (``DailyDateError`` for text that is not one)."""
    return day.isoformat() if isinstance(day, date) else parse_daily_date(day).isoformat()
