"""The commands that print the store's records: ``leaderboard``, ``runs`` and ``stats``."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from typing import TYPE_CHECKING

from ..services.board_text import format_board, no_daily_board
from ..services.runs_text import format_runs, format_stats
from ..store.api import PlayedBy
from .common import open_store, printable_stdout

if TYPE_CHECKING:
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

    rows = by_skill(entries, store.run_record)
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
    records = open_store().runs_page()  # the stored figures: no run replayed
    if getattr(args, "json", False):
        print(json.dumps([r.as_json() for r in records]))  # ASCII: \u escapes
    else:
        print(format_runs(records))
    return 0


def stats_main(args: argparse.Namespace) -> int:
    """``belote2p stats [--json] [--include-ai] [--skill]``: the player's statistics,
    as text in the player's language, or ``--json`` data that never changes with it
    (``--skill``: with the skill figure and the rating that needs few matches,
    every finished hand replayed with level 4 in the player's seat)."""
    from ..services.rating import RatingDataError
    from ..services.stats import stats_of

    printable_stdout()  # French digit groups and accents on an ASCII console
    try:
        stats = stats_of(open_store().figure_totals(bool(getattr(args, "include_ai", False))))
        figures = stats.as_json()
        if getattr(args, "json", False) and getattr(args, "skill", False):
            figures |= _skill_figures(args, stats)
    except RatingDataError as exc:  # the level anchors' files: one line, no traceback
        print(f"belote2p stats: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps(figures))
    else:
        print(format_stats(stats))
    return 0


def _skill_figures(args: argparse.Namespace, stats: Stats) -> dict[str, object]:
    """``"skill"`` (``services.skill``) and ``"skill_rating"``
    (``services.skill_rating``) over the finished runs ``stats`` counts."""
    from ..services.rating import load_anchors
    from ..services.skill import run_differences, skill_of
    from ..services.skill_rating import load_duplicate_anchors, skill_rating
    from ..services.stats import counted_records

    records = counted_records(open_store().list_runs(),
                              include_ai=bool(getattr(args, "include_ai", False)))
    differences = [d for r in records if r.ended is not None and r.exportable
                   for d in run_differences(r.seed, r.actions)]
    results = [match for match, count in sorted(stats.results.items()) for _ in range(count)]
    rating = skill_rating(results, differences, load_anchors(), load_duplicate_anchors())
    return {"skill": skill_of(differences).as_json(), "skill_rating": rating.as_json()}
