"""The repository: the store's queries with typed, checked answers.

``queries`` runs the SQL and returns raw values; here every value read back
goes through ``rows`` (a row that fails its check is told once and skipped)
and comes out as the store's types (``RunRow``, ``SavedRun``...).  Every
method takes the connection the keeper lends for one read or transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from . import queries, rows
from .api import DifferenceSums, HandDifference, HandKey, RunRecord, RunRow, SavedRun, replayed
from .messages import Messages

T = TypeVar("T")
RecordTexts = dict[tuple[int, int], str]  # (match, hand) -> the hand record as JSON


class Repository:
    def __init__(self, messages: Messages) -> None:
        self.messages = messages

    # -- runs in progress
    def checked_run(self, raw: Sequence[Any] | None) -> SavedRun | None:
        try:
            return rows.saved_run(raw)
        except rows.BadRow as bad:
            self.messages.bad_row("current_run", bad)
            return None

    def current(self, conn: sqlite3.Connection, slot: str) -> SavedRun | None:
        return self.checked_run(queries.current(conn, slot))

    # -- finished runs
    def checked_rows(self, found: Iterable[Sequence[Any]], limit: int | None = None,
                     *, altered_too: bool = False) -> list[RunRow]:
        """The rows that pass their checks, with their figures replayed
        (``api.replayed``); with ``limit``: the first ``limit`` that are not
        altered (stored figures are the replayed ones for those, so the
        stored order is theirs), or, ``altered_too``, the first ``limit``."""
        out: list[RunRow] = []
        for row in self.each_checked(found):
            if limit is not None and len(out) >= limit:
                break
            if limit is None or altered_too or not row.altered:
                out.append(row)
        return out

    def each_checked(self, found: Iterable[Sequence[Any]]) -> Iterator[RunRow]:
        """``checked_rows``, one row at a time, as the caller asks for it."""
        for raw in found:
            try:
                yield replayed(rows.run_row(raw))
            except rows.BadRow as bad:
                self.messages.bad_row("runs", bad)

    def run_rows(self, conn: sqlite3.Connection, limit: int | None,
                 ai: bool | None = None) -> list[RunRow]:
        """Every finished run (``limit`` None), or the best ``limit`` not altered;
        ``ai`` True or False: only the autoplay runs, or only the player's."""
        found = queries.run_rows(conn, best_first=limit is not None, ai=ai)
        return self.checked_rows(found, limit)

    def best_by_record(self, conn: sqlite3.Connection, limit: int,
                       ai: bool | None = None) -> list[RunRow]:
        """The board's runs: the best ``limit`` whose record (seed and actions)
        replays to the figures stored with it, walked best stored first
        (``queries.ranked_runs``) and each replayed, whatever its cached
        figures (``run_figures``) say: a cache row can neither raise a run
        nor hide one (issue #44).  A run whose stored figures are not its
        record's is left off and named (``Messages.left_off``)."""
        out: list[RunRow] = []
        for row in self.each_checked(queries.ranked_runs(conn, ai)):
            if row.altered:
                self.messages.left_off(row.id, row.score)
                continue
            out.append(row)
            if len(out) >= limit:
                break
        return out

    @staticmethod
    def figure_scores(conn: sqlite3.Connection, ai: bool | None = None,
                      most: int | None = None) -> list[tuple[str, int]]:
        """(started, score) of the runs that have figures, oldest first (with
        ``most``: that many, evenly spread; values of another type left out)."""
        return [(started, score) for started, score in queries.figure_scores(conn, ai, most)
                if isinstance(started, str) and isinstance(score, int)]

    def listed(self, conn: sqlite3.Connection, before: tuple[str, int] | None,
               limit: int | None) -> list[RunRecord]:
        """History's records of the runs with stored figures, without their
        actions (``queries.listed_runs``), each checked."""
        return self._each_listed(conn, before, limit, rows.listed_record)

    def listed_objects(self, conn: sqlite3.Connection) -> list[dict[str, Any]]:
        """``listed``'s records of every run, as ``runs --json`` objects built
        without the records."""
        return self._each_listed(conn, None, None, rows.listed_object)

    def _each_listed(self, conn: sqlite3.Connection, before: tuple[str, int] | None,
                     limit: int | None, build: Callable[[Sequence[Any]], T]) -> list[T]:
        out = []
        for raw in queries.listed_runs(conn, before, limit):
            try:
                out.append(build(raw))
            except rows.BadRow as bad:
                self.messages.bad_row("runs", bad)
        return out

    def run_by_id(self, conn: sqlite3.Connection, entry_id: int) -> RunRow | None:
        raw = queries.run_row_by_id(conn, entry_id)
        checked = self.checked_rows([raw]) if raw is not None else []
        return checked[0] if checked else None

    # -- each hand compared with level 4 in the player's seat
    @staticmethod
    def differences_of(conn: sqlite3.Connection, seed: str, started: str,
                       yardstick: str) -> dict[HandKey, HandDifference]:
        """The run's kept differences (a value of another type left out)."""
        return {(m, h): HandDifference(yours, rival)
                for m, h, yours, rival in queries.differences_of(conn, seed, started, yardstick)
                if all(type(v) is int for v in (m, h, yours, rival))}

    @staticmethod
    def kept_differences(conn: sqlite3.Connection, yardstick: str,
                         ai: bool | None = None) -> list[int]:
        return [yours for (yours,) in queries.kept_differences(conn, yardstick, ai)
                if type(yours) is int]

    @staticmethod
    def difference_sums(conn: sqlite3.Connection, yardstick: str,
                        ai: bool | None = None) -> DifferenceSums:
        hands, total, squares, skipped = queries.difference_sums(conn, yardstick, ai)
        if not all(type(v) is int for v in (hands, total or 0, squares or 0, skipped)):
            raise rows.BadRow(f"hand_skill: sums {hands!r}, {total!r}, {squares!r}")
        return DifferenceSums(hands, total or 0, squares or 0, skipped)

    @staticmethod
    def runs_missing_differences(conn: sqlite3.Connection, yardstick: str,
                                 ai: bool | None = None) -> list[int]:
        return [run_id for (run_id,) in queries.runs_missing_differences(conn, yardstick, ai)
                if type(run_id) is int]

    # -- settings and the name
    def setting_texts(self, conn: sqlite3.Connection) -> dict[str, str]:
        """The stored settings as their JSON texts (parsed by the caller)."""
        out = {}
        for key, text in queries.settings(conn):
            if isinstance(key, str) and isinstance(text, str):
                out[key] = text
            else:
                self.messages.bad_row("settings", rows.BadRow(f"{key!r}: not a JSON text"))
        return out

    def last_name(self, conn: sqlite3.Connection) -> str | None:
        text = queries.state(conn, "last_name")
        try:
            return rows.name_value(text) if text is not None else None
        except rows.BadRow as bad:
            self.messages.bad_row("state", bad)
            return None

    # -- the daily challenge
    def daily_claim(self, conn: sqlite3.Connection, day: str) -> tuple[str, str] | None:
        try:
            return rows.daily_claim(queries.daily_claim(conn, day))
        except rows.BadRow as bad:
            self.messages.bad_row("daily_claims", bad)
            return None

    @staticmethod
    def daily_attempted(conn: sqlite3.Connection, day: str) -> bool:
        return queries.daily_claim(conn, day) is not None \
            or bool(queries.daily_counted_rows(conn, day))

    def daily_counted(self, conn: sqlite3.Connection, day: str) -> list[RunRow]:
        return self.checked_rows(queries.daily_counted_rows(conn, day))

    # -- hand records
    @staticmethod
    def records_of_entry(conn: sqlite3.Connection, entry_id: int) -> RecordTexts:
        return _texts(queries.records_of_entry(conn, entry_id))

    @staticmethod
    def records_of_run(conn: sqlite3.Connection, seed: str, started: str) -> RecordTexts:
        return _texts(queries.records_of_run(conn, seed, started))

    def records(self, texts: RecordTexts) -> list[dict[str, Any]]:
        """The hand records in play order, each checked."""
        out = []
        for key in sorted(texts):
            try:
                out.append(rows.record(texts[key]))
            except rows.BadRow as bad:
                self.messages.bad_row("hand_records", bad)
        return out


def _texts(found: list[tuple[Any, ...]]) -> RecordTexts:
    return {(m, h): text for m, h, text in found if isinstance(m, int) and isinstance(h, int)}
