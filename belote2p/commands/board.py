"""The commands that print the store's records: ``leaderboard``, ``runs`` and ``stats``."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from typing import TYPE_CHECKING, Any

from ..services.board_text import format_board, no_daily_board
from ..services.runs_text import format_runs, format_stats
from ..store.api import PlayedBy
from .common import open_store, printable_stdout

if TYPE_CHECKING:
    from ..services.skill import Skill
    from ..services.stats import Stats
    from ..store.api import LeaderboardEntry, Store

# -- leaderboard ----------------------------------------------------------------

def leaderboard_main(args: argparse.Namespace) -> int:
    """``belote2p leaderboard [--daily YYYY-MM-DD [--by-skill]] [--include-ai] [--json]``: the
    player's best runs (with ``--include-ai`` the autoplay runs too, ranked with
    them), or one day's board (its counted first attempt, whoever played it), as
    text in the player's language, or ``--json`` data that never changes with it."""
    printable_stdout()
    store = open_store()
    daily = getattr(args, "daily", None)
    if daily is not None:
        entries = store.daily_leaderboard(daily.isoformat())
        if not entries and not getattr(args, "json", False):
            print(no_daily_board(daily.isoformat()))
            return 0
        if getattr(args, "by_skill", False):
            return _print_by_skill(args, entries, store)
    else:
        include_ai = bool(getattr(args, "include_ai", False))
        entries = store.leaderboard(played_by=PlayedBy.ANYONE if include_ai else PlayedBy.PLAYER)
    if getattr(args, "json", False):
        print(json.dumps([e.as_json() for e in entries]))  # ASCII: \u escapes
    else:
        print(format_board(entries))
    return 0


def _print_by_skill(args: argparse.Namespace, entries: list[LeaderboardEntry],
                    store: Store) -> int:
    """The day's board ranked by skill (``services.skill_board``)."""
    from ..services.duplicate_text import skill_line
    from ..services.skill_board import by_skill
    from ..services.skill_kept import run_skill

    # each run's kept differences; the hands not kept yet compared and kept
    rows = by_skill(entries, store.run_record, lambda record: run_skill(store, record))
    if getattr(args, "json", False):
        print(json.dumps([r.as_json() for r in rows]))
        return 0
    print(format_board([r.entry for r in rows]))
    for row in rows:
        line = skill_line(row.skill)
        if line is not None:
            print(f"{row.entry.rank}. {row.entry.name} · {line}")
    return 0


# -- history and statistics ------------------------------------------------------

def runs_main(args: argparse.Namespace) -> int:
    """``belote2p runs [--json]``: every run, newest first (the run in progress
    shows its commitment, never its seed), as text in the player's language, or
    ``--json`` data that never changes with the language."""
    printable_stdout()
    # 100,000 records and their JSON objects, none in a cycle, and then the
    # process ends: the collector's passes over them cost 0.3 s (issue #31)
    gc.disable()
    store = open_store()  # the stored figures: no run replayed
    if getattr(args, "json", False):
        _print_json_list(store.runs_objects())
    else:
        print(format_runs(store.runs_page()))
    return 0


JSON_CHUNK = 2_000  # records encoded at a time (below)


def _print_json_list(objects: list[dict[str, Any]]) -> None:
    """``print(json.dumps(objects))``, byte for byte (ASCII: \\u escapes), a
    chunk at a time: the text of 100,000 at once costs 0.1 s of the system's
    page faults (issue #31)."""
    write = sys.stdout.write
    write("[")
    for start in range(0, len(objects), JSON_CHUNK):
        text = json.dumps(objects[start:start + JSON_CHUNK])[1:-1]
        write(text if start == 0 else ", " + text)
    write("]\n")


def stats_main(args: argparse.Namespace) -> int:
    """``belote2p stats [--json] [--include-ai] [--skill]``: the player's statistics,
    as text in the player's language, or ``--json`` data that never changes with it.
    The skill figure is the hands' differences kept with their runs
    (``services.skill_kept``: nothing replayed); ``--skill`` first compares and
    keeps the hands still missing, and adds the rating that needs few matches."""
    from ..ai.levels import LevelsError
    from ..services.rating import RatingDataError
    from ..services.skill_kept import fill_missing
    from ..services.stats import stats_of

    printable_stdout()  # French digit groups and accents on an ASCII console
    include_ai = bool(getattr(args, "include_ai", False))
    skill = bool(getattr(args, "skill", False))
    store = open_store()
    try:
        if skill:
            fill_missing(store, include_ai)
        stats = stats_of(store.figure_totals(include_ai))
        stats.skill = _kept_skill(store, include_ai, needed=skill)
        figures = stats.as_json()
        if getattr(args, "json", False) and skill:
            figures |= _skill_rating(store, stats, include_ai)
    except (RatingDataError, LevelsError) as exc:  # the data files: one line, no traceback
        print(f"belote2p stats: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps(figures))
    else:
        print(format_stats(stats))
    return 0


def _kept_skill(store: Store, include_ai: bool, needed: bool) -> Skill:
    """The kept differences' figure; without the level data (needed for level 4's
    version) the other figures still print, and stderr says why this one is
    missing, unless ``--skill`` asked for it (then the command stops)."""
    from ..ai.levels import LevelsError
    from ..services.skill import NO_SKILL
    from ..services.skill_kept import kept_skill

    try:
        return kept_skill(store, include_ai)
    except LevelsError as exc:
        if needed:
            raise
        print(f"belote2p stats: no skill figure: {exc}", file=sys.stderr)
        return NO_SKILL


def _skill_rating(store: Store, stats: Stats, include_ai: bool) -> dict[str, object]:
    """``"skill_rating"`` (``services.skill_rating``): the results joined with
    the hands' kept differences."""
    from ..services.rating import load_anchors
    from ..services.skill_kept import game_yardstick
    from ..services.skill_rating import load_duplicate_anchors, skill_rating

    differences = store.kept_differences(game_yardstick(), include_ai)
    results = [match for match, count in sorted(stats.results.items()) for _ in range(count)]
    rating = skill_rating(results, differences, load_anchors(), load_duplicate_anchors())
    return {"skill_rating": rating.as_json()}
