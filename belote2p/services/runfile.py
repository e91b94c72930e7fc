"""Run files: a finished run as a JSON file anyone can check with ``belote2p verify``.

A run file (format ``belote2p-run``, version 1) is one JSON object:

    format, version       "belote2p-run", 1
    game_version          the belote2p version that wrote it
    levels_digest         SHA-256 of the rival's level data (services.rival.levels_digest)
    seed, commitment      the run's seed and the first 12 hex digits of its SHA-256
    daily                 the daily challenge's date (YYYY-MM-DD) or null
    name                  the player's name
    started, ended        ISO 8601 times (ended may be null)
    actions               every action word of the run, in order
    end                   how the run ended: lost, drawn, abandoned or stopped
    streak, margin_total, score   the claimed figures
    counted               (optional) true: the counted first attempt of its day's
                          daily challenge; false: not (practice, or no daily);
                          absent or null: unknown (files written before it existed)
    ai                    (optional) true: played by the AI (autoplay); absent or
                          null: unknown
    world                 (optional) a world-daily run's proof (``belote2p serve``,
                          exported once its day closed): server, day, account
                          (the account's id), secret (the day's, revealed),
                          day_commitment, receipt (the run's final receipt),
                          final_receipts (every run's of the day, sorted) and
                          transcript_digest; the seed is then
                          ``fairness.world_run_seed(secret, day, account)``

The two optional keys came after the first version-1 files; those files still
read (and verify): a field absent is unknown.

Reading never trusts the file: its size is capped, the text must be UTF-8, and
every field is checked for type and range; ``RunFileError`` says what and where.
Whether the run is *true* (legal actions, the rival's real choices, the figures)
is ``services.verify``'s job.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, BinaryIO, TypeGuard

from .. import __version__
from ..core.fairness import (
    DAILY_PREFIX,
    DailyDateError,
    commitment,
    is_daily_form,
    parse_daily_date,
    seed_problem,
)
from ..core.lines import TooLarge
from ..core.lines import read_capped as capped
from ..core.match import Run
from ..store.api import ExportSource
from .rival import Levels, levels_digest

FORMAT_NAME = "belote2p-run"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024  # a 1,000-match run is well under 1 MB
MAX_ACTIONS = 500_000
MAX_NAME_CHARS = 64
MAX_WORD_CHARS = 8  # the longest action word is "take:S"
MAX_STREAK = MAX_ACTIONS  # a match takes more than one action
MAX_MARGIN_TOTAL = 1_000_000_000
MAX_SCORE = 10**15

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX12 = re.compile(r"[0-9a-f]{12}")
_VERSION_TEXT = re.compile(r"[0-9A-Za-z.+!_-]{1,40}")


class RunEnd(str, Enum):
    """How a run ended, as the file says it (verify checks it against the actions)."""

    LOST = "lost"  # the last match was lost
    DRAWN = "drawn"  # the last match was drawn
    ABANDONED = "abandoned"  # given up, possibly mid-match
    STOPPED = "stopped"  # stopped unbeaten between matches (autoplay --max-matches)


class RunFileError(ValueError):
    """Not a readable run file; the message names the field and the trouble."""


class OtherFormatVersion(RunFileError):
    """A run file of a version this game does not read."""

    def __init__(self, version: int):
        super().__init__(f"run file format version {version}; this belote2p "
                         f"({__version__}) reads version {FORMAT_VERSION}")
        self.version = version


@dataclass(frozen=True)
class WorldProof:
    """What ties a world-daily run to its day (``fairness``: the commitment,
    the seed, the receipt chain and the transcript digest), checked by verify."""

    server: str
    day: str
    account: str
    secret: str
    day_commitment: str
    receipt: str
    final_receipts: tuple[str, ...]
    transcript_digest: str

    def as_json(self) -> dict[str, Any]:
        return {"server": self.server, "day": self.day, "account": self.account,
                "secret": self.secret, "day_commitment": self.day_commitment,
                "receipt": self.receipt, "final_receipts": list(self.final_receipts),
                "transcript_digest": self.transcript_digest}


@dataclass(frozen=True)
class RunFile:
    game_version: str
    levels_digest: str
    seed: str
    commitment: str
    daily: str | None
    name: str
    started: str
    ended: str | None
    actions: tuple[str, ...]
    end: RunEnd
    streak: int
    margin_total: int
    score: int
    counted: bool | None = None  # the day's counted daily attempt (None: unknown)
    ai: bool | None = None  # played by the AI (None: unknown)
    world: WorldProof | None = None  # a world-daily run's proof (None: not one)

    def as_json(self) -> dict[str, Any]:
        out = {"format": FORMAT_NAME, "version": FORMAT_VERSION,
               "game_version": self.game_version, "levels_digest": self.levels_digest,
               "seed": self.seed, "commitment": self.commitment, "daily": self.daily,
               "name": self.name, "started": self.started, "ended": self.ended,
               "end": self.end.value, "streak": self.streak,
               "margin_total": self.margin_total, "score": self.score}
        for key in ("counted", "ai"):  # an unknown field stays out, as in the older files
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.world is not None:
            out["world"] = self.world.as_json()
        out["actions"] = list(self.actions)
        return out


# -- building -------------------------------------------------------------------

def run_end(run: Run, abandoned: bool) -> RunEnd:
    """How ``run`` (replayed from its actions) ended."""
    if run.over and not run.abandoned and run.results:
        return RunEnd.DRAWN if run.results[-1].winner is None else RunEnd.LOST
    if abandoned or run.abandoned or not between_matches(run):
        return RunEnd.ABANDONED
    return RunEnd.STOPPED


def between_matches(run: Run) -> bool:
    """Has the match in progress not started yet (no bid made)?"""
    return len(run.match.hands) == 1 and not run.match.hand.actions


def build_run_file(source: ExportSource, levels: Levels | None = None) -> RunFile:
    """The run file of a run; its figures come from replaying the actions."""
    run = Run.replay(source.seed, list(source.actions))
    return RunFile(
        game_version=__version__, levels_digest=levels_digest(levels),
        seed=source.seed, commitment=commitment(source.seed), daily=source.daily,
        name=source.name, started=source.started, ended=source.ended,
        actions=tuple(source.actions), end=run_end(run, source.abandoned),
        streak=run.streak, margin_total=run.margin_total, score=run.score,
        counted=source.counted, ai=source.ai)


def export_run(seed: str, actions: list[str] | tuple[str, ...], name: str,
               daily: str | None, started: str, ended: str | None,
               abandoned: bool = False, levels: Levels | None = None) -> dict[str, Any]:
    """The run file of a run as a JSON-ready dict (``dumps`` writes it)."""
    source = ExportSource(seed, tuple(actions), name, started, ended, abandoned, daily)
    return build_run_file(source, levels).as_json()


def dumps(data: dict[str, Any]) -> str:
    """A run file's text: one field a line, the actions ten to a line."""
    head = {k: v for k, v in data.items() if k != "actions"}
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    words = [json.dumps(w, ensure_ascii=False) for w in data["actions"]]
    rows = [", ".join(words[i:i + 10]) for i in range(0, len(words), 10)]
    body = ",\n    ".join(rows)
    lines.append(f'  "actions": [\n    {body}\n  ]' if rows else '  "actions": []')
    return "{\n" + "\n".join(lines) + "\n}\n"


def file_name(run_file: RunFile) -> str:
    """``belote2p-run-YYYY-MM-DD-<commitment>.json`` (the day the run started)."""
    day = run_file.started[:10] if re.fullmatch(r"[0-9-]{10}", run_file.started[:10]) else "run"
    return f"belote2p-run-{day}-{run_file.commitment}.json"


def write_run_file(run_file: RunFile, folder: str | os.PathLike[str]) -> Path:
    """Write the file into ``folder`` (created if needed) and return its path;
    an existing file of another run is never overwritten (a -2, -3... suffix)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    text = dumps(run_file.as_json())
    base = folder / file_name(run_file)
    path, n = base, 1
    while path.exists():
        if _holds(path, text):
            return path
        n += 1
        path = base.with_name(f"{base.stem}-{n}{base.suffix}")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".belote2p-run-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)  # a crash never leaves half a run file under the real name
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _holds(path: Path, text: str) -> bool:
    """Is ``path`` a regular file holding exactly ``text``?  (Reads at most one
    byte more than the text: a huge or endless file there is simply another file.)"""
    want = text.encode("utf-8")
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(want) + 1) == want
    except OSError:
        return False


# -- reading --------------------------------------------------------------------

def read_capped(handle: BinaryIO) -> bytes:
    """At most MAX_FILE_BYTES from ``handle``; RunFileError if there is more."""
    try:
        return capped(handle, MAX_FILE_BYTES)
    except TooLarge as exc:
        raise RunFileError(f"{exc}: not a run file") from None


def parse_run_file(data: bytes) -> RunFile:
    """The run file in ``data``, checked field by field, or RunFileError."""
    if len(data) > MAX_FILE_BYTES:
        raise RunFileError(f"larger than {MAX_FILE_BYTES:,} bytes: not a run file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RunFileError(f"not UTF-8 text (byte {exc.start})") from None
    obj = _load_json(text)
    if not isinstance(obj, dict):
        raise RunFileError(f"expected a JSON object, got {_kind(obj)}")
    if obj.get("format") != FORMAT_NAME:
        raise RunFileError(f"'format' must be {FORMAT_NAME!r}: not a belote2p run file")
    version = obj.get("version")
    if not _is_int(version) or not 1 <= version <= 1_000_000:
        raise RunFileError("'version' must be a whole number from 1")
    if version != FORMAT_VERSION:
        raise OtherFormatVersion(version)
    return _fields(obj)


_KEYS = ("format", "version", "game_version", "levels_digest", "seed", "commitment", "daily",
         "name", "started", "ended", "end", "streak", "margin_total", "score", "actions")
OPTIONAL_KEYS = ("counted", "ai", "world")  # absent in the first version-1 files: unknown
_WORLD_HEX = ("secret", "day_commitment", "receipt", "transcript_digest")
_WORLD_KEYS = ("server", "day", "account", *_WORLD_HEX, "final_receipts")
MAX_RECEIPTS = 10_000_000


def _fields(obj: dict[str, Any]) -> RunFile:
    unknown = sorted(set(obj) - set(_KEYS) - set(OPTIONAL_KEYS))
    if unknown:
        raise RunFileError(f"unknown key {_shown(unknown[0])} (a version {FORMAT_VERSION} run "
                           f"file has {', '.join(_KEYS + OPTIONAL_KEYS)})")
    missing = [k for k in _KEYS if k not in obj]
    if missing:
        raise RunFileError(f"missing key {missing[0]!r}")
    daily = _daily(obj["daily"])
    return RunFile(
        game_version=_matching(obj, "game_version", _VERSION_TEXT, "a version such as 0.1.0"),
        levels_digest=_matching(obj, "levels_digest", _HEX64, "64 lowercase hex digits"),
        seed=_seed(obj["seed"]),
        commitment=_matching(obj, "commitment", _HEX12, "12 lowercase hex digits"),
        daily=daily,
        name=_text(obj, "name", MAX_NAME_CHARS),
        started=_time(obj, "started"),
        ended=None if obj["ended"] is None else _time(obj, "ended", " or null"),
        actions=_actions(obj["actions"]),
        end=_end(obj["end"]),
        streak=_count(obj, "streak", MAX_STREAK),
        margin_total=_count(obj, "margin_total", MAX_MARGIN_TOTAL),
        score=_count(obj, "score", MAX_SCORE),
        counted=_flag(obj, "counted"),
        ai=_flag(obj, "ai"),
        world=_world(obj.get("world")))


def _world(value: Any) -> WorldProof | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RunFileError(f"'world' must be an object or null, got {_kind(value)}")
    if set(value) != set(_WORLD_KEYS):
        raise RunFileError("'world' must hold exactly " + ", ".join(_WORLD_KEYS))
    for key in _WORLD_HEX:
        _matching(value, key, _HEX64, "64 lowercase hex digits")
    receipts = value["final_receipts"]
    if not isinstance(receipts, list) or len(receipts) > MAX_RECEIPTS or not all(
            isinstance(r, str) and _HEX64.fullmatch(r) for r in receipts):
        raise RunFileError("'world.final_receipts' must be a list of 64-hex-digit receipts")
    if not isinstance(value["account"], str) or not re.fullmatch(r"[0-9a-f]{32}",
                                                                 value["account"]):
        raise RunFileError("'world.account' must be 32 lowercase hex digits")
    try:
        day = parse_daily_date(value["day"]).isoformat()
    except DailyDateError as exc:
        raise RunFileError(f"'world.day': {exc}") from None
    return WorldProof(_text(value, "server", 500), day, value["account"], value["secret"],
                      value["day_commitment"], value["receipt"], tuple(receipts),
                      value["transcript_digest"])


def _shown(key: str) -> str:
    """A key named in a message, never longer than a line."""
    return repr(key) if len(key) <= 40 else repr(key[:40]) + "..."


def _seed(value: Any) -> str:
    """The one seed rule (``fairness.seed_problem``).  A daily seed reads (its day
    is a real one); whether it is the file's own ``daily`` is ``verify``'s to say."""
    day = None
    if isinstance(value, str) and is_daily_form(value):
        with contextlib.suppress(DailyDateError):
            day = parse_daily_date(value[len(DAILY_PREFIX):])
    problem = seed_problem(value, day)
    if problem is not None:
        raise RunFileError(f"'seed': {problem}")
    assert isinstance(value, str)
    return value


def _flag(obj: dict[str, Any], key: str) -> bool | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, bool):
        raise RunFileError(f"{key!r} must be true, false or null, got {_kind(value)}")
    return value


def _load_json(text: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RunFileError(f"not valid JSON: {exc.msg} at line {exc.lineno} "
                           f"column {exc.colno}") from None
    except RecursionError:
        raise RunFileError("JSON nested too deeply") from None
    except ValueError as exc:  # NaN, a repeated key, an integer of thousands of digits
        if "digits" in str(exc):
            raise RunFileError("a number with thousands of digits") from None
        raise RunFileError(str(exc)[:160]) from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:  # two values for one field: which would count?
            raise ValueError(f"the key {key[:40]!r} appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a run file may hold")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true/false",
            list: "a list", dict: "an object", type(None): "null"}.get(type(value), "?")


def _text(obj: dict[str, Any], key: str, limit: int) -> str:
    value = obj[key]
    if not isinstance(value, str) or not 1 <= len(value) <= limit:
        raise RunFileError(f"{key!r} must be text of 1 to {limit} characters, "
                           f"got {_kind(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise RunFileError(f"{key!r} holds a lone surrogate escape (not text)") from None
    return value


def _matching(obj: dict[str, Any], key: str, pattern: re.Pattern[str], what: str) -> str:
    value = obj[key]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise RunFileError(f"{key!r} must be {what}")
    return value


def _daily(value: Any) -> str | None:
    if value is None:
        return None
    try:
        return parse_daily_date(value).isoformat()
    except DailyDateError as exc:
        raise RunFileError(f"'daily' must be null or a date: {exc}") from None


def _time(obj: dict[str, Any], key: str, also: str = "") -> str:
    value = obj[key]
    if isinstance(value, str) and len(value) <= 64:
        try:
            datetime.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise RunFileError(f"{key!r} must be an ISO 8601 time{also}")


def _actions(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RunFileError(f"'actions' must be a list of action words, got {_kind(value)}")
    if len(value) > MAX_ACTIONS:
        raise RunFileError(f"'actions' holds {len(value):,} items (at most {MAX_ACTIONS:,})")
    for index, word in enumerate(value):
        if not isinstance(word, str) or not 1 <= len(word) <= MAX_WORD_CHARS:
            raise RunFileError(f"actions[{index}] must be an action word such as "
                               f"pass, take:H or TS, got {_kind(word)}")
    return tuple(value)


def _end(value: Any) -> RunEnd:
    try:
        return RunEnd(value)
    except (ValueError, TypeError):
        raise RunFileError("'end' must be one of " + ", ".join(e.value for e in RunEnd)) from None


def _count(obj: dict[str, Any], key: str, limit: int) -> int:
    value = obj[key]
    if not _is_int(value) or not 0 <= value <= limit:
        raise RunFileError(f"{key!r} must be a whole number from 0 to {limit:,}")
    return value
