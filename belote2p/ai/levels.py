"""The rival's four levels: ``levels.yaml`` read into the knobs the AI plays with.

The dataclasses below are both the schema of the file and the knobs themselves:
every field is a key of the file, its type is the type the key must have, and
its ``Range`` is the values it may take.  ``load_levels`` checks every value
(type, range, NaN and infinity, unknown and missing keys) and raises one
``LevelsError`` naming the file, the key and what is allowed, never a
traceback and never a silent default.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import yaml

from ..core.lines import TooLarge, read_capped
from ..core.resources import levels_path

LEVEL_NUMBERS = (1, 2, 3, 4)
RANK_KEYS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
MAX_SAMPLES = 100_000  # per decision: more would freeze the game, not play better
MAX_TRIES = 10_000
STRICT_CARDS = 9  # cards a hand holds when the strict phase starts (the solver's limit)


class LevelsError(ValueError):
    """A levels file that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class Range:
    """The values a number may take: ``low``/``high`` (None: unbounded),
    ``low_open`` excludes ``low`` itself.  Every number must be finite."""

    low: float | None = None
    high: float | None = None
    low_open: bool = False

    def holds(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return False
        return self.high is None or value <= self.high

    def describe(self, noun: str) -> str:
        low, high = _num(self.low), _num(self.high)
        if self.low is not None and self.high is not None:
            return f"{noun} from {low} to {high}"
        if self.low is not None:
            return f"{noun} {'above' if self.low_open else 'at least'} {low}"
        if self.high is not None:
            return f"{noun} at most {high}"
        return noun


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


ANY = Range()
AT_LEAST_0 = Range(0)
ABOVE_0 = Range(0, low_open=True)
RATE = Range(0, 1)
SAMPLES = Range(0, MAX_SAMPLES)
TRIES = Range(0, MAX_TRIES)
SOLVE_CARDS = Range(0, STRICT_CARDS)
VERSION = Range(1, 1_000_000)


def knob(allowed: Range = ANY, by_rank: bool = False, neutral: object = None) -> Any:
    """A field of the schema; ``by_rank``: a mapping seven..ace in the file,
    a tuple indexed by rank (0 = seven) in the knobs.  ``neutral``, for a knob
    added after run files were recorded: the value at which the rival plays as
    it did before the knob existed (``digest_data`` leaves it out there)."""
    return field(metadata={"range": allowed, "by_rank": by_rank, "neutral": neutral})


def digest_data(value: Any) -> Any:
    """``dataclasses.asdict`` of level data, without the knobs at their neutral
    value and with the retired knobs (a class's ``RETIRED``) at the value they
    had: a knob added at its neutral value changes no decision, nor does one
    retired where it had no effect, so neither may change the level data's
    digest (every run file recorded before still verifies)."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    data = {f.name: digest_data(getattr(value, f.name)) for f in dataclasses.fields(value)
            if f.metadata.get("neutral") is None
            or getattr(value, f.name) != f.metadata["neutral"]}
    data.update(getattr(type(value), "RETIRED", {}))  # retired knobs at their last value
    return data


@dataclass(frozen=True)
class BidKnobs:
    """How the rival bids (bidding.py).  Strength is the weighted count of the
    seven cards (six held + the turned one) for a trump suit."""

    take_threshold: float = knob(AT_LEAST_0)  # strength needed to take (levels 1-2)
    trump_jack: float = knob(AT_LEAST_0)  # weight of the J of trumps
    trump_nine: float = knob(AT_LEAST_0)  # weight of the 9 of trumps
    trump_ace: float = knob(AT_LEAST_0)
    trump_ten: float = knob(AT_LEAST_0)
    trump_face: float = knob(AT_LEAST_0)  # K or Q of trumps, each
    trump_low: float = knob(AT_LEAST_0)  # 7 or 8 of trumps, each
    plain_ace: float = knob(AT_LEAST_0)  # an ace of another suit
    plain_ten: float = knob(AT_LEAST_0)  # a ten of another suit
    belote_bonus: float = knob(AT_LEAST_0)  # holding both K and Q of trumps
    length_bonus: float = knob(AT_LEAST_0)  # for every trump beyond two
    count_turned: bool = knob()  # judge on seven cards (false: on the six held)


@dataclass(frozen=True)
class PlayKnobs:
    """How the rival plays its cards (heuristics.py); level 4 uses them for
    both seats inside its playouts."""

    # Level 1's beginner mistakes (players.py), each from the view alone:
    # chance of spending the J or 9 of trumps to win a trick worth a few points,
    # or of breaking K+Q of trumps to win a trick, when the position allows one
    mistake_rate: float = knob(RATE)
    lead_high_rate: float = knob(RATE)  # chance of leading the biggest plain card (level 1)
    keep_trump: tuple[float, ...] = knob(AT_LEAST_0, by_rank=True)  # value of holding a trump
    keep_plain: tuple[float, ...] = knob(AT_LEAST_0, by_rank=True)  # ... a plain card
    belote_keep: float = knob(AT_LEAST_0)  # extra keep value of K/Q of trumps while both are held
    master_bonus: float = knob(AT_LEAST_0)  # extra keep value of a plain card nothing unseen beats
    win_bonus: float = knob(AT_LEAST_0)  # value of winning a trick (the lead, the first draw)
    lead_trump_penalty: float = knob(AT_LEAST_0)  # cost of leading a trump while the stock lasts
    short_suit_bonus: float = knob(AT_LEAST_0)  # lead preference for short plain suits, per card
    force_trump_bonus: float = knob(AT_LEAST_0)  # strict phase: leading a suit the other must trump
    count_plain: bool = knob()  # counts the plain suits too (false: counts trumps only)
    count_trumps: bool = knob()  # with count_plain false: false counts nothing at all
    strict_solver: bool = knob()  # perfect play once the stock is empty (the solver)
    # With the solver: a seat that has won every trick so far plays for the capot
    # (252 points, not 162) and the other seat to break it; false: points only.
    play_for_capot: bool = knob()


@dataclass(frozen=True)
class MatchKnobs:
    """Playing for the match (levels 3-4, utility.py): utility = win (1) / draw
    (0.5) / loss (0) of the match, smoothed over the hands still to come, plus
    margin_weight * margin / 100."""

    play_for_match: bool = knob()  # false: levels 1-2 judge bids by strength alone
    hand_sigma: float = knob(ABOVE_0)  # spread of one hand's score difference (points)
    margin_weight: float = knob(AT_LEAST_0)  # weight of the margin after the win probability
    make_center: float = knob()  # strength at which a take is made half the time
    make_scale: float = knob(ABOVE_0)  # strength per logistic unit of the make probability
    made_margin: float = knob()  # the taker's mean hand-score lead when made
    made_margin_slope: float = knob()  # ... growing per strength point above make_center
    dedans_margin: float = knob(AT_LEAST_0)  # the taker's hand-score deficit when it fails
    pass_margin: float = knob()  # the hand-score difference expected after passing


@dataclass(frozen=True)
class SearchKnobs:
    """Level 4's search (search.py): fixed counts, never a time budget."""

    enabled: bool = knob()
    play_samples: int = knob(SAMPLES)  # deals of the unseen cards per card decision (0: the tips)
    bid_samples: int = knob(SAMPLES)  # deals per bid decision (0: the bid model)
    bid_rejection: int = knob(TRIES)  # tries per bidding sample to match the other's passes
    # bid playouts: the solver from this many cards (0: never)
    bid_solve_cards: int = knob(SOLVE_CARDS)
    # bid playouts: this seat's own contracts count this many points worse than
    # played out (the tips playouts defend less well than a real rival; 0: as played)
    bid_take_margin: float = knob(AT_LEAST_0)
    play_rejection: int = knob(TRIES)  # tries per playing sample to match its bids (0: uniform)
    finalists: int = knob(Range(0, STRICT_CARDS))  # cards kept for a second round (0: one round)
    final_samples: int = knob(SAMPLES)  # deals per finalist in the second round
    final_solve_cards: int = knob(SOLVE_CARDS)  # its playouts: the solver from this many cards
    # The second round as a race (search.py, ``final_race``): its deals come in
    # batches of this many (0: all final_samples at once, no race) ...
    final_batch: int = knob(SAMPLES)
    # ... after each of which a finalist trailing the leader by more than this
    # many standard errors of their difference is dropped (0: none is) ...
    final_drop: float = knob(AT_LEAST_0)
    # ... within this many playouts in all (0: finalists x final_samples), the
    # trailing finalist dropped whenever the next batch would not fit
    final_budget: int = knob(SAMPLES)
    min_edge: float = knob(AT_LEAST_0)  # standard errors a card needs over the tips' card
    rollout_solve_cards: int = knob(SOLVE_CARDS)  # first-round playouts: the solver from this many
    # A learned playout policy (evaluator.py): the digest of the shipped weights
    # file (evaluator_weights.txt), whose network then plays the stock phase of
    # every playout for both seats instead of the tips ("": the tips)
    playout_net: str = knob(neutral="")

    # Knobs retired after run files were recorded, at the value every level had
    # (the rival played with them so): the level data's digest still counts
    # them (``digest_data``), so those run files verify.  Issue #41: inference
    # (issue #20, measured flat against PIMC) left the code.
    RETIRED: ClassVar[Mapping[str, object]] = MappingProxyType({
        "inference_deals": 0, "inference_temperature": 2.0, "inference_noise": 0.1,
        "inference_bid_scale": 0.0})


@dataclass(frozen=True)
class Level:
    """One level's entry in the file (``number`` is its key; ``rival_version``
    is the file's top-level key of that name, the same in every level)."""

    number: int
    rival_version: int
    name: str
    description: str
    bidding: BidKnobs
    play: PlayKnobs
    match: MatchKnobs
    search: SearchKnobs


# --------------------------------------------------------------- loading
MAX_FILE_BYTES = 1 << 20  # 1 MiB; the shipped levels.yaml is about 10 KB
MAX_NUMBER_CHARS = 64  # a number written longer is no knob
MAX_SHOWN_CHARS = 60  # a value echoed in a message is cut to this


class _LevelsLoader(yaml.SafeLoader):
    """YAML without anchors and aliases (a few KB of nested aliases expand to
    gigabytes; a levels file has no use for them), numbers of at most
    MAX_NUMBER_CHARS characters (a whole number of thousands of digits is
    refused, not converted)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        _refuse_anchors(self.peek_event())  # type: ignore[no-untyped-call]
        return super().compose_node(parent, index)


def _refuse_anchors(event: Any) -> None:
    """A ComposerError at an alias or an anchor (``mark``: libyaml's or Python's)."""
    mark: Any = event.start_mark
    if isinstance(event, yaml.AliasEvent):
        raise yaml.composer.ComposerError(
            None, None, "aliases (*name) are not allowed in a levels file", mark)
    if getattr(event, "anchor", None) is not None:
        raise yaml.composer.ComposerError(
            None, None, "anchors (&name) are not allowed in a levels file", mark)


def _bounded_number(kind: str) -> Any:
    construct = getattr(yaml.SafeLoader, f"construct_yaml_{kind}")

    def build(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
        if len(node.value) > MAX_NUMBER_CHARS:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number written with {len(node.value):,} characters "
                f"(at most {MAX_NUMBER_CHARS})", node.start_mark)
        return construct(loader, node)
    return build


# libyaml's parser and composer, where PyYAML was built with it (3.5 ms a read
# of levels.yaml against 39 ms in Python, both on one loaded machine).  Its
# composer is C, not narrowed as _LevelsLoader's is: the events are checked
# first (``_no_anchors``), in C too.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None)


class _FastLevelsLoader(_FAST_LOADER or yaml.SafeLoader):  # type: ignore[misc]
    """_LevelsLoader's constructors over libyaml's parser (``_no_anchors`` first)."""


for _kind_name in ("int", "float"):
    for _loader in (_LevelsLoader, _FastLevelsLoader):
        _loader.add_constructor(f"tag:yaml.org,2002:{_kind_name}", _bounded_number(_kind_name))


def _no_anchors(text: str) -> None:
    """_LevelsLoader.compose_node's refusal, over libyaml's events."""
    for event in yaml.parse(text, Loader=_FAST_LOADER):
        _refuse_anchors(event)


def _parsed(text: str) -> Any:
    """The YAML of ``text``, with libyaml where it is built, else in Python."""
    if _FAST_LOADER is None:
        return yaml.load(text, Loader=_LevelsLoader)  # a SafeLoader, narrowed
    _no_anchors(text)
    return yaml.load(text, Loader=_FastLevelsLoader)


def _shown(value: Any, as_key: bool = False) -> str:
    """``repr(value)`` (a key: as written) for a message, never longer than
    MAX_SHOWN_CHARS."""
    text = str(value) if as_key else repr(value)
    return text if len(text) <= MAX_SHOWN_CHARS else text[:MAX_SHOWN_CHARS - 3] + "..."


class DataFileError(ValueError):
    """A YAML data file that cannot be read; the message names the file and why."""


def read_data_file(path: str | Path) -> Any:
    """The parsed YAML of a data file (levels.yaml, the rating anchors): read
    capped at MAX_FILE_BYTES, as UTF-8, with no anchors or aliases and numbers
    of at most MAX_NUMBER_CHARS characters; else one DataFileError."""
    try:
        with open(path, "rb") as handle:
            data = read_capped(handle, MAX_FILE_BYTES)
        text = data.decode("utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except TooLarge as exc:
        raise DataFileError(f"{path}: cannot be read ({exc}, too large for a data file)") from None
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    try:
        return _parsed(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1} column {mark.column + 1}" if mark else ""
        problem = str(getattr(exc, "problem", None) or exc)[:200]
        raise DataFileError(f"{path}{where}: not valid YAML ({problem})") from None
    except RecursionError:
        raise DataFileError(f"{path}: nested too deeply to be a data file") from None
    except ValueError as exc:  # a number the constructor could not convert
        raise DataFileError(f"{path}: not valid YAML ({str(exc)[:200]})") from None


@functools.lru_cache(maxsize=1)
def shipped_levels() -> Mapping[int, Level]:
    """The shipped levels.yaml, read once a process (~80 ms a read: hints, reviews
    and players made without levels all share it), read-only.  A LevelsError is
    not cached: a broken file is read again, and refused again, next time."""
    return MappingProxyType(load_levels())


def load_levels(path: str | Path | None = None) -> dict[int, Level]:
    """The four levels from ``path`` (default: the shipped levels.yaml), or LevelsError."""
    path = Path(path) if path is not None else levels_path()
    try:
        data = read_data_file(path)
    except DataFileError as exc:
        raise LevelsError(str(exc)) from None
    return parse_levels(data, str(path))


def parse_levels(data: Any, source: str = "levels.yaml") -> dict[int, Level]:
    """The four levels from already-parsed YAML, or LevelsError naming ``source``."""
    if not isinstance(data, dict) or "levels" not in data:
        raise LevelsError(f"{source}: expected a mapping with the keys 'rival_version' "
                          "and 'levels'")
    for key in data:
        if key not in ("rival_version", "levels"):
            raise LevelsError(f"{source}: {key}: unknown key "
                              "(expected rival_version and levels)")
    if "rival_version" not in data:
        raise LevelsError(f"{source}: rival_version: missing (a whole number at least 1)")
    version = _scalar(data["rival_version"], int, VERSION, "rival_version", source)
    levels = data["levels"]
    if not isinstance(levels, dict):
        raise LevelsError(f"{source}: 'levels' must be a mapping of level numbers 1-4")
    for key in levels:
        if type(key) is not int or key not in LEVEL_NUMBERS:
            raise LevelsError(f"{source}: levels.{_shown(key, as_key=True)}: unknown level "
                              "(expected 1, 2, 3 or 4)")
    result = {}
    for number in LEVEL_NUMBERS:
        if number not in levels:
            raise LevelsError(f"{source}: levels.{number}: missing (every level 1-4 is required)")
        values = _section(Level, levels[number], f"levels.{number}", source,
                          skip=("number", "rival_version"))
        result[number] = Level(number=number, rival_version=version, **values)
        _check_net(result[number], source)
    return result


def _check_net(level: Level, source: str) -> None:
    """A level's ``playout_net`` names the shipped weights, or LevelsError."""
    digest = level.search.playout_net
    if not digest:
        return
    from .evaluator import EvaluatorError, shipped_net
    try:
        shipped_net(digest)
    except EvaluatorError as exc:
        raise LevelsError(f"{source}: levels.{level.number}.search.playout_net: {exc}") from None


def _section(cls: type, value: Any, where: str, source: str,
             skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The checked values of dataclass ``cls``'s fields from the mapping ``value``."""
    fields = [f for f in dataclasses.fields(cls) if f.name not in skip]
    if not isinstance(value, dict):
        raise LevelsError(f"{source}: {where}: expected a mapping, got {_kind(value)}")
    names = [f.name for f in fields]
    for key in value:
        if key not in names:
            raise LevelsError(
                f"{source}: {where}.{_shown(key, as_key=True)}: unknown key "
                f"(expected one of {', '.join(names)})")
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    for f in fields:
        here, kind = f"{where}.{f.name}", hints[f.name]
        if f.name not in value:
            raise LevelsError(f"{source}: {here}: missing ({_describe(kind, f)})")
        item = value[f.name]
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            out[f.name] = kind(**_section(kind, item, here, source))
        elif f.metadata.get("by_rank"):
            out[f.name] = _by_rank(item, f.metadata["range"], here, source)
        else:
            out[f.name] = _scalar(item, kind, f.metadata.get("range", ANY), here, source)
    return out


def _by_rank(value: Any, allowed: Range, where: str, source: str) -> tuple[float, ...]:
    if not isinstance(value, dict):
        raise LevelsError(f"{source}: {where}: expected a mapping of {', '.join(RANK_KEYS)}, "
                          f"got {_kind(value)}")
    for key in value:
        if key not in RANK_KEYS:
            raise LevelsError(
                f"{source}: {where}.{_shown(key, as_key=True)}: unknown key "
                f"(expected one of {', '.join(RANK_KEYS)})")
    out = []
    for rank in RANK_KEYS:
        if rank not in value:
            raise LevelsError(f"{source}: {where}.{rank}: missing ({allowed.describe('a number')})")
        out.append(_scalar(value[rank], float, allowed, f"{where}.{rank}", source))
    return tuple(out)


def _scalar(item: Any, kind: Any, allowed: Range, where: str, source: str) -> Any:
    """``item`` checked against ``kind`` (float accepts whole numbers) and ``allowed``."""
    is_bool = isinstance(item, bool)
    if kind is bool or kind is str:
        if type(item) is not kind:
            raise LevelsError(f"{source}: {where}: expected {_NOUNS[kind]}, "
                              f"got {_kind(item)} {_shown(item)}")
        return item
    number_ok = isinstance(item, int) if kind is int else isinstance(item, (int, float))
    if is_bool or not number_ok:
        raise LevelsError(f"{source}: {where}: expected {allowed.describe(_NOUNS[kind])}, "
                          f"got {_kind(item)} {_shown(item)}")
    try:
        number = float(item)
    except OverflowError:  # a whole number too big for a float
        number = math.inf
    if not allowed.holds(number):
        shown = item if isinstance(item, float) or abs(item) < 10**15 else f"{str(item)[:12]}..."
        raise LevelsError(f"{source}: {where}: {shown} is out of range "
                          f"(expected {allowed.describe('a finite ' + _NOUNS[kind][2:])})")
    return float(item) if kind is float else item


_NOUNS = {str: "text", float: "a number", int: "a whole number", bool: "true or false"}


def _describe(kind: Any, f: dataclasses.Field[Any]) -> str:
    if dataclasses.is_dataclass(kind):
        return "a mapping with " + ", ".join(g.name for g in dataclasses.fields(kind))
    if f.metadata.get("by_rank"):
        return "a mapping of " + ", ".join(RANK_KEYS)
    noun = _NOUNS[kind]
    return f.metadata.get("range", ANY).describe(noun) if kind in (int, float) else noun


def _kind(value: Any) -> str:
    return {str: "text", int: "a whole number", float: "a number", bool: "true/false",
            list: "a list", dict: "a mapping", type(None): "nothing"}.get(
                type(value), type(value).__name__)
