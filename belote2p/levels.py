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
_RANKS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")

SCHEMA: dict[str, Any] = {
    "name": str,
    "description": str,
    # How the rival bids (belote2p/ai/bidding.py).  Strength = the weighted count
    # of the seven cards (six held + the turned card) for a trump suit.
    "bidding": {
        "take_threshold": float,  # strength needed to take (levels 1-2)
        "trump_jack": float,  # weight of the J of trumps
        "trump_nine": float,  # weight of the 9 of trumps
        "trump_ace": float,
        "trump_ten": float,
        "trump_face": float,  # K or Q of trumps, each
        "trump_low": float,  # 7 or 8 of trumps, each
        "plain_ace": float,  # an ace of another suit
        "plain_ten": float,  # a ten of another suit
        "belote_bonus": float,  # holding both K and Q of trumps
        "length_bonus": float,  # for every trump beyond two
        "count_turned": bool,  # judge on seven cards (false: on the six held)
    },
    # How the rival plays its cards (belote2p/ai/heuristics.py); level 4 uses
    # these knobs for both seats inside its playouts.
    "play": {
        "mistake_rate": float,  # chance of a careless random card (level 1)
        "lead_high_rate": float,  # chance of leading the biggest plain card (level 1)
        "keep_trump": {r: float for r in _RANKS},  # value of holding a trump, by rank
        "keep_plain": {r: float for r in _RANKS},  # value of holding a plain card
        "belote_keep": float,  # extra keep value of K/Q of trumps while both are held
        "master_bonus": float,  # extra keep value of a plain card nothing unseen beats
        "win_bonus": float,  # value of winning a trick (the lead, the first draw)
        "lead_trump_penalty": float,  # cost of leading a trump while the stock lasts
        "short_suit_bonus": float,  # lead preference for short plain suits, per card short
        "force_trump_bonus": float,  # strict phase: leading a suit the other must trump
        "count_plain": bool,  # counts the plain suits too (false: counts trumps only)
        "strict_solver": bool,  # perfect play once the stock is empty (the solver)
    },
    # Playing for the match (levels 3-4): utility = win (1) / draw (0.5) / loss (0)
    # of the match, smoothed over the hands still to come, + margin_weight * margin/100.
    "match": {
        "play_for_match": bool,  # false: levels 1-2 judge bids by strength alone
        "hand_sigma": float,  # spread of one hand's score difference (points)
        "margin_weight": float,  # weight of the margin after the win probability
        "make_center": float,  # strength at which a take is made half the time
        "make_scale": float,  # strength per logistic unit of the make probability
        "made_margin": float,  # the taker's mean hand-score lead when made
        "made_margin_slope": float,  # ... growing per strength point above make_center
        "dedans_margin": float,  # the taker's hand-score deficit when it fails
        "pass_margin": float,  # the hand-score difference expected after passing
    },
    # Level 4's search (belote2p/ai/search.py): fixed counts, never a time budget.
    "search": {
        "enabled": bool,
        "play_samples": int,  # deals of the unseen cards per card decision (0: the tips)
        "bid_samples": int,  # deals of the unseen cards per bid decision (0: the bid model)
        "bid_rejection": int,  # tries per bidding sample to match the other seat's passes
        "bid_solve_cards": int,  # bid playouts end with the solver from this many cards (0: never)
        "play_rejection": int,  # tries per playing sample to match its bids (0: uniform)
        "finalists": int,  # cards kept for a second round of playouts (0: one round)
        "final_samples": int,  # deals per finalist in the second round
        "final_solve_cards": int,  # its playouts end with the solver from this many cards
        "min_edge": float,  # standard errors a card needs over the tips' card to replace it
        "rollout_solve_cards": int,  # first-round card playouts: the solver from this many cards (0: never)
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
