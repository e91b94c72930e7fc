"""The rival's four levels, read from ``levels.yaml`` and checked against a schema.

A bad file never gives a traceback: ``LevelsError`` names the file, the key
and what was expected.  The schema below is the single description of what a
level holds; the AI reads its knobs from ``Level.params``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from .resources import levels_path

LEVEL_NUMBERS = (1, 2, 3, 4)

# key -> type, or a nested schema.  ``float`` accepts ints too.
SCHEMA: dict[str, Any] = {
    "name": str,
    "description": str,
    "bidding": {
        "take_threshold": float,  # hand strength (points of seven cards) needed to take
    },
    "play": {
        "mistake_rate": float,  # chance of a careless card (level 1's visible mistakes)
    },
}


class LevelsError(ValueError):
    """A levels file that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    description: str
    params: Mapping[str, Any]  # everything else in the level's entry, by schema


def load_levels(path: str | Path | None = None) -> dict[int, Level]:
    path = Path(path) if path is not None else levels_path()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LevelsError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1} column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise LevelsError(f"{path}{where}: not valid YAML ({problem})") from None
    return parse_levels(data, str(path))


def parse_levels(data: Any, source: str = "levels.yaml") -> dict[int, Level]:
    if not isinstance(data, dict) or "levels" not in data:
        raise LevelsError(f"{source}: expected a mapping with the key 'levels'")
    levels = data["levels"]
    if not isinstance(levels, dict):
        raise LevelsError(f"{source}: 'levels' must be a mapping of level numbers 1-4")
    for key in levels:
        if key not in LEVEL_NUMBERS:
            raise LevelsError(f"{source}: levels.{key}: unknown level (expected 1, 2, 3 or 4)")
    result = {}
    for number in LEVEL_NUMBERS:
        if number not in levels:
            raise LevelsError(f"{source}: levels.{number}: missing (every level 1-4 is required)")
        entry = _check(levels[number], SCHEMA, f"levels.{number}", source)
        params = {k: v for k, v in entry.items() if k not in ("name", "description")}
        result[number] = Level(number, entry["name"], entry["description"], params)
    return result


def _check(value: Any, schema: dict[str, Any], where: str, source: str) -> dict:
    if not isinstance(value, dict):
        raise LevelsError(f"{source}: {where}: expected a mapping, got {_kind(value)}")
    for key in value:
        if key not in schema:
            raise LevelsError(
                f"{source}: {where}.{key}: unknown key (expected one of {', '.join(schema)})"
            )
    out = {}
    for key, expected in schema.items():
        here = f"{where}.{key}"
        if key not in value:
            raise LevelsError(f"{source}: {here}: missing ({_describe(expected)})")
        item = value[key]
        if isinstance(expected, dict):
            out[key] = _check(item, expected, here, source)
        else:
            out[key] = _check_scalar(item, expected, here, source)
    return out


def _check_scalar(item: Any, expected: type, where: str, source: str) -> Any:
    ok = isinstance(item, expected) and not isinstance(item, bool)
    if expected is float and isinstance(item, int) and not isinstance(item, bool):
        ok, item = True, float(item)
    if expected is bool:
        ok = isinstance(item, bool)
    if not ok:
        raise LevelsError(
            f"{source}: {where}: expected {_describe(expected)}, got {_kind(item)} {item!r}"
        )
    return item


def _describe(expected: Any) -> str:
    if isinstance(expected, dict):
        return "a mapping with " + ", ".join(expected)
    return {str: "text", float: "a number", int: "a whole number", bool: "true or false"}[expected]


def _kind(value: Any) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true/false",
            list: "a list", dict: "a mapping", type(None): "nothing"}.get(type(value), type(value).__name__)
