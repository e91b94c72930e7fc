"""Every value read back from the database, checked for type and range.

A file may have been edited by hand, written by a buggy version, or salvaged
from damage: each reader here returns the clean value, or raises ``BadRow``
saying what is wrong, so the store can report the row and skip it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from functools import lru_cache, partial
from typing import Any

from ..core.fairness import DailyDateError, commitment, daily_seed, parse_daily_date, seed_problem
from ..core.match import MAX_LEVEL, run_score
from ..core.printable import escaped
from .api import Results, RunRecord, RunRow, RunStatus, SavedRun, daily_of_seed, run_object
from .figures import figures_of
from .names import clean_name

RUN_COLUMNS = ("id", "name", "score", "streak", "margin_total", "level", "matches", "started",
               "ended", "seed", "abandoned", "named", "results", "ai", "ai_key", "actions",
               "daily", "daily_counted")
MAX_MATCHES = 10_000  # more matches than any run can play in a lifetime
# A hand deals one side at most 272 points (162, a capot's 90, a belote's 20),
# so no difference of two plays of a hand passes it; a kept comparison beyond
# this is not a hand's (and 2^63 - 1 of them once overflowed SQLite's SUM).
MAX_DIFFERENCE = 1_000


# Limits on what is read back, checked before a value is parsed (the limits of
# the files the game reads, services.runfile: a run file is at most 8 MB).
MAX_JSON_CHARS = 8 * 1024 * 1024  # a 1,000-match run's actions are well under 1 MB
MAX_JSON_DEPTH = 32  # the deepest value the store writes (a hand record) nests 5 deep
MAX_TEXT_CHARS = 4096  # a name, a seed, a time, an autoplay key: all far shorter
# What ``queries`` selects instead of a value longer than its limit (so it never
# reaches Python): a blob, which no column of ours holds.
TOO_LONG = b"\x00too long"
TOO_LONG_SQL = "x'" + TOO_LONG.hex() + "'"


class BadRow(ValueError):
    """A row whose values are not what this version writes."""


# SQLite's text as Python reads it (the connections' ``text_factory``): bytes
# that are not UTF-8 become lone surrogates instead of failing the whole query,
# so one damaged value costs its row only (``_text`` refuses it, a name shows
# U+FFFD for them).  A partial, not a function: called in C for each of the
# 400,000 texts of 100,000 runs listed (issue #31).
decode_text: Callable[[bytes], str] = partial(
    bytes.decode, encoding="utf-8", errors="surrogateescape")


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _too_long(value: Any, what: str, limit: int) -> None:
    if value == TOO_LONG:
        raise BadRow(f"{what} is longer than {limit:,} characters")


def _int(value: Any, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRow(f"{what} is not a whole number")
    if value < low or (high is not None and value > high):
        raise BadRow(f"{what} {value} is out of range")
    return value


def _text(value: Any, what: str) -> str:
    _too_long(value, what, MAX_TEXT_CHARS)
    if not isinstance(value, str) or not value:
        raise BadRow(f"{what} is not a text")
    if not _utf8(value):
        raise BadRow(f"{what} is not UTF-8 text")
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


def _shown_name(value: Any) -> str:
    """A ``runs.name``: bytes that are not UTF-8 are shown as U+FFFD, and a
    name the game would not have written (edited: a control character, a
    bidi override) is shown with those characters escaped, visibly
    (``core.printable.escaped``): the run stays listed, its name is the
    least of it, and nothing in it reaches a terminal raw (issue #44)."""
    name = _text(value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                 if isinstance(value, str) else value, "name")
    return name if clean_name(name) == name else escaped(name)


def _moment(value: Any, what: str) -> str:
    text = _text(value, what)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise BadRow(f"{what} is not a date") from None
    return text


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}"]')


def json_depth_within(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Does ``text`` nest lists and objects at most ``limit`` deep?  (Brackets
    inside strings do not count.)  False also for an unterminated string
    (it is no JSON).  Linear, and stops at the first bracket too deep, so a
    value of 100,000 ``[`` never reaches ``json.loads``'s recursion."""
    if text.count("[") + text.count("{") <= limit:
        return True
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        t = token.group()
        if t in "[{":
            depth += 1
            if depth > limit:
                return False
        elif t in "]}":
            depth -= 1
        elif t == '"':
            return False
    return True


def _json(value: Any, what: str) -> Any:
    _too_long(value, what, MAX_JSON_CHARS)
    if not isinstance(value, str):
        raise BadRow(f"{what} is not JSON text")
    if len(value) > MAX_JSON_CHARS:
        raise BadRow(f"{what} is longer than {MAX_JSON_CHARS:,} characters")
    if not _utf8(value):
        raise BadRow(f"{what} is not UTF-8 text")
    if not json_depth_within(value):
        raise BadRow(f"{what} is nested more than {MAX_JSON_DEPTH} deep (or not JSON)")
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        raise BadRow(f"{what} is not valid JSON") from None


def run_row(raw: Sequence[Any]) -> RunRow:
    """A ``runs`` row (columns in ``RUN_COLUMNS`` order) as the store uses it."""
    row = dict(zip(RUN_COLUMNS, raw))
    run_id = _int(row["id"], "id", 1)
    try:
        return _checked_run(run_id, row)
    except BadRow as bad:
        raise BadRow(f"run {run_id}: {bad}") from None


def run_from_record(raw: Sequence[Any]) -> RunRow:
    """A ``runs`` row whose figures or other columns are damaged, rebuilt from
    its record (issue #44): its seed, start and actions (and whether it was
    abandoned) must read; its figures and results are then its actions
    replayed (``figures.figures_of``), and a damaged name, end, or flag
    takes a plain value (the name "Player", the end its start).  ``BadRow``
    when the record itself is damaged, or its actions do not replay."""
    row = dict(zip(RUN_COLUMNS, raw))
    run_id = _int(row["id"], "id", 1)
    seed, started = _seed(row["seed"]), _text(row["started"], "start")
    if row.get("actions") is None:
        raise BadRow(f"run {run_id}: kept without its actions, and damaged")
    actions = action_words(row["actions"])
    abandoned = bool(_int(row["abandoned"], "abandoned", 0, 1))
    found = figures_of(seed, actions, abandoned)
    if not found.whole:
        raise BadRow(f"run {run_id}: its actions do not replay")

    def readable(check: Callable[[], Any], otherwise: Any) -> Any:
        try:
            return check()
        except BadRow:
            return otherwise

    ai_key = readable(lambda: None if row.get("ai_key") is None
                      else _text(row["ai_key"], "ai key"), None)
    daily = daily_of_seed(seed)
    return RunRow(
        id=run_id, name=readable(lambda: _shown_name(row["name"]), "Player"),
        score=found.score, streak=found.streak, margin_total=found.margin_total,
        level=found.level, matches=found.matches, started=started,
        ended=readable(lambda: _moment(row["ended"], "end"), started), seed=seed,
        abandoned=found.abandoned, results=tuple(dict(m) for m in found.results),
        named=readable(lambda: bool(_int(row["named"], "named", 0, 1)), True),
        ai=readable(lambda: bool(_int(row.get("ai", 0), "ai", 0, 1)), ai_key is not None),
        ai_key=ai_key, actions=actions, daily=daily,
        daily_counted=daily is not None and readable(
            lambda: bool(_int(row.get("daily_counted", 0), "daily counted", 0, 1)), False))


def _checked_run(run_id: int, row: dict[str, Any]) -> RunRow:
    streak = _int(row["streak"], "streak", 0, MAX_MATCHES)
    margin = _int(row["margin_total"], "margin total", 0)
    score = _int(row["score"], "score", 0)
    if score != run_score(streak, margin):
        raise BadRow("score does not follow from streak and margin")
    checked = RunRow(
        id=run_id, name=_shown_name(row["name"]), score=score, streak=streak,
        margin_total=margin, level=_int(row["level"], "level", 1, MAX_LEVEL),
        matches=_int(row["matches"], "matches", 0, MAX_MATCHES),
        started=_text(row["started"], "start"),  # as the caller gave it (ISO 8601)
        ended=_moment(row["ended"], "end"), seed=_seed(row["seed"]),
        abandoned=bool(_int(row["abandoned"], "abandoned", 0, 1)),
        named=bool(_int(row["named"], "named", 0, 1)), results=_results(row["results"]),
        ai=bool(_int(row.get("ai", 0), "ai", 0, 1)),
        ai_key=None if row.get("ai_key") is None else _text(row["ai_key"], "ai key"),
        actions=None if row.get("actions") is None else action_words(row["actions"]),
        daily=None if row.get("daily") is None else day_text(row["daily"]),
        daily_counted=bool(_int(row.get("daily_counted", 0), "daily counted", 0, 1)))
    if checked.daily is not None \
            and checked.seed != daily_seed(date.fromisoformat(checked.daily)):
        raise BadRow("daily date does not match the seed")
    if checked.daily_counted and checked.daily is None:
        raise BadRow("counted on a daily board without a daily date")
    return checked


def _results(text: Any) -> Results:
    results = _json(text, "results")
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise BadRow("results is not a list of matches")
    return tuple(results)


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
    return _seed(seed), _text(started, "start")


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


@lru_cache(maxsize=1024)
def _listed_name(value: Any) -> str:
    """``_shown_name``, once a name: a history holds few names, many times."""
    return _shown_name(value)


def listed_record(raw: Sequence[Any]) -> RunRecord:
    """A row of ``queries.listed_runs``: a run that has its figures, so it
    passed ``run_row``'s checks when they were counted and was not changed
    since (a change deletes them); only the types are checked again, cheaply
    (``runs`` reads 100,000 of them).  Its actions are not read:
    ``Store.run_record`` gives them."""
    (run_id, name, started, ended, seed, abandoned, ai, exportable, daily, counted,
     score, streak, margin, altered) = _listed_checked(raw)
    return RunRecord.trusted(
        run_id=run_id, name=_listed_name(name), started=started, ended=ended,
        status=RunStatus.ABANDONED if abandoned else RunStatus.OVER,
        streak=streak, margin_total=margin, score=score, daily=daily,
        commitment=commitment(seed), ai=bool(ai), seed=seed, actions=(),
        exportable=bool(exportable), daily_counted=bool(counted), altered=bool(altered))


def listed_object(raw: Sequence[Any]) -> dict[str, Any]:
    """``listed_record(raw).as_json()``, without the record: ``runs --json``
    builds 100,000 of them, and the records cost it a third of its time
    (issue #31)."""
    (run_id, name, started, _ended, seed, abandoned, ai, _exportable, daily, _counted,
     score, streak, margin, altered) = _listed_checked(raw)
    return run_object(run_id, _listed_name(name), started,
                      RunStatus.ABANDONED if abandoned else RunStatus.OVER, streak, margin,
                      score, daily, commitment(seed), bool(ai), bool(altered))


def _listed_checked(raw: Sequence[Any]) -> Sequence[Any]:
    """``raw``, once its values have their types (else ``BadRow``)."""
    (run_id, _name, started, ended, seed, _abandoned, _ai, _exportable, daily, _counted,
     score, streak, margin, _altered) = raw
    # sqlite3 hands out exact int and str (never a subclass): ``type(x) is``
    # is ``isinstance`` here, without a generator a value
    if not (type(run_id) is int and type(score) is int and type(streak) is int
            and type(margin) is int and type(started) is str and type(ended) is str
            and type(seed) is str and (daily is None or type(daily) is str)):
        raise BadRow(f"run {run_id!r}: a listed value of the wrong type")
    return raw
