"""The store's commands: ``leaderboard``, ``runs``, ``stats``, ``export`` and ``autoplay``."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ..ai.base import decide
from ..fairness import daily_seed, seed_problem
from ..match import PLAYER, Run
from ..services.board_text import format_board, no_daily_board
from ..services.rival import rival_action
from ..services.runs_text import format_runs, format_stats
from .api import PlayedBy, RunStatus, Store
from .names import clean_name
from .runs import match_results, now_iso, restore_run

if TYPE_CHECKING:
    from ..ai.base import Player
    from ..ai.levels import Level


def _open() -> Store:
    """The store; the database or its folder not being a file or a folder
    (a FIFO, a device...): one line naming it, exit 2."""
    from .connection import NotRegularFile
    from .sqlite import open_store

    try:
        store: Store = open_store()
    except NotRegularFile as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    return store


# -- leaderboard ----------------------------------------------------------------

def _printable_stdout() -> None:
    """A name the terminal (or file) cannot encode is shown with replacement
    characters instead of stopping the command."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="replace")


def leaderboard_main(args: argparse.Namespace) -> int:
    """``belote2p leaderboard [--daily YYYY-MM-DD] [--include-ai] [--json]``: the
    player's best runs (with ``--include-ai`` the autoplay runs too, ranked with
    them), or one day's board (its counted first attempt, whoever played it), as
    text in the player's language, or ``--json`` data that never changes with it."""
    _printable_stdout()
    store = _open()
    daily = getattr(args, "daily", None)
    if daily is not None:
        entries = store.daily_leaderboard(daily.isoformat())
        if not entries and not getattr(args, "json", False):
            print(no_daily_board(daily.isoformat()))
            return 0
    else:
        include_ai = bool(getattr(args, "include_ai", False))
        entries = store.leaderboard(played_by=PlayedBy.ANYONE if include_ai else PlayedBy.PLAYER)
    if getattr(args, "json", False):
        print(json.dumps([e.as_json() for e in entries]))  # ASCII: \u escapes
    else:
        print(format_board(entries))
    return 0


# -- history and statistics ------------------------------------------------------

def runs_main(args: argparse.Namespace) -> int:
    """``belote2p runs [--json]``: every run, newest first (the run in progress
    shows its commitment, never its seed), as text in the player's language, or
    ``--json`` data that never changes with the language."""
    _printable_stdout()
    records = _open().list_runs()
    if getattr(args, "json", False):
        print(json.dumps([r.as_json() for r in records]))  # ASCII: \u escapes
    else:
        print(format_runs(records))
    return 0


def stats_main(args: argparse.Namespace) -> int:
    """``belote2p stats [--json] [--include-ai]``: the player's statistics, as
    text in the player's language, or ``--json`` data that never changes with it."""
    from ..services.rating import RatingDataError
    from ..services.stats import compute_stats

    _printable_stdout()  # French digit groups and accents on an ASCII console
    try:
        stats = compute_stats(_open().list_runs(),
                              include_ai=bool(getattr(args, "include_ai", False)))
    except RatingDataError as exc:  # the rating's level anchors: one line, no traceback
        print(f"belote2p stats: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps(stats.as_json()))
    else:
        print(format_stats(stats))
    return 0


def export_main(args: argparse.Namespace) -> int:
    """``belote2p export ID``: the run file on stdout (``services.runfile``);
    an id that is no finished run, or a run kept without its moves: one line
    on stderr, exit 2."""
    from ..services.runfile import export_main as write_run_file

    store = _open()
    record = store.run_record(args.id)
    if record is None or record.status is RunStatus.IN_PROGRESS:
        print(f"belote2p: export: there is no finished run {args.id} "
              "(belote2p runs lists them with their ids)", file=sys.stderr)
        return 2
    if not record.exportable:
        print(f"belote2p: export: run {args.id} was recorded before runs kept their moves, "
              "so it cannot be exported", file=sys.stderr)
        return 2
    _printable_stdout()
    return write_run_file(args, store.run_for_export)


# -- autoplay -------------------------------------------------------------------

def _player(level: str, rng: random.Random, levels: dict[int, Level] | None) -> Player:
    from ..ai import make_player

    return make_player(level, rng, levels)


def autoplay_key(level: str, name: str, max_matches: int | None) -> str:
    """Identifies the same autoplay command (with the seed) to resume a killed one."""
    return json.dumps([str(level), name, max_matches], ensure_ascii=False)


def play_autoplay(store: Store, level: str, seed: str, name: str, max_matches: int | None,
                  out: TextIO | None = None, daily: str | None = None) -> dict[str, Any]:
    """Play (or resume) one autoplay run to its end, saving after every action;
    returns the summary printed as the last line of ``belote2p autoplay``.
    ``daily``: the daily challenge's date (``seed`` is then that day's seed);
    the run counts on the day's board when it is the day's first attempt."""
    slot, saved = store.claim_autoplay(autoplay_key(level, name, max_matches), seed)
    if saved is not None:
        run, dropped = restore_run(saved.seed, saved.actions)
        started = saved.started
        note = f"resuming an unfinished autoplay run of seed {seed} at action {len(run.actions)}"
        if dropped:
            note += f" ({dropped} saved actions could not be replayed)"
        print(f"belote2p: {note}", file=sys.stderr, flush=True)
    else:
        run, started = Run(seed), now_iso()
    counted = store.claim_daily(daily, seed, started, slot) if daily is not None else None
    if counted is False:
        print(f"belote2p: the daily challenge of {daily} was already attempted here: "
              "this run is practice, it does not go on that day's board",
              file=sys.stderr, flush=True)
    from ..ai.levels import load_levels

    levels = load_levels()
    # The player's decisions draw from an rng seeded by the run seed and the
    # action's place, so the run is the same whether or not it was interrupted;
    # the rival's follow the one rival rule (services.rival), which verify re-runs.
    player_rng = random.Random()
    player = _player(level, player_rng, levels)
    reported = len(run.results)

    def stopped() -> bool:
        return run.over or (max_matches is not None and len(run.results) >= max_matches)

    while not stopped():
        if run.match.to_move == PLAYER:
            player_rng.seed(f"{seed}/player/{len(run.actions)}")
            action = decide(player, run.match.view(PLAYER))
        else:
            action = rival_action(run, levels)
        run.apply(action)
        store.save_run(seed, run.actions, started, slot=slot)
        if out is not None and len(run.results) > reported:
            reported = len(run.results)
            m = match_results(run)[-1]
            verdict = "won" if m["won"] else ("drawn" if m["margin"] == 0 else "lost")
            print(f"match {reported} against rival level {m['level']}: {verdict} "
                  f"{m['scores'][0]}-{m['scores'][1]}", file=out, flush=True)
    entry_id = store.record_finished_run(run, name, started,
                                         ai_key=autoplay_key(level, name, max_matches),
                                         daily=daily)
    store.clear_run(slot=slot)
    saved_ok = bool(store.saving)
    board = store.leaderboard(played_by=PlayedBy.ANYONE)  # its place with --include-ai
    rank = next((e.rank for e in board if e.entry_id == entry_id), None) \
        if saved_ok else None
    return {
        "name": name, "streak": run.streak, "margin_total": run.margin_total,
        "score": run.score,
        "matches": [{"won": m["won"], "margin": m["margin"]} for m in match_results(run)],
        "seed": str(seed), "level": level, "rank": rank, "saved": saved_ok,
        "id": entry_id, "daily": daily, "daily_counted": counted,
    }


def autoplay_main(args: argparse.Namespace) -> int:
    level = str(args.level)
    if args.name is not None:
        name = clean_name(args.name)
        if name is None:
            print("belote2p: --name is empty once cleaned; give a visible name",
                  file=sys.stderr)
            return 2
    else:
        name = f"AI level {level}"
    daily = getattr(args, "daily", None)
    day = None if daily is None else daily.isoformat()
    seed = daily_seed(daily) if daily is not None else args.seed
    # The one seed rule: --seed never makes a run the store could not keep or a
    # run file verify would refuse, and never a daily seed (only --daily plays it).
    problem = seed_problem(seed, daily)
    if problem is not None:
        print(f"belote2p: autoplay --seed: {problem}", file=sys.stderr)
        return 2
    _printable_stdout()
    store = _open()
    summary = play_autoplay(store, level, seed, name, args.max_matches, out=sys.stdout,
                            daily=day)
    print(json.dumps(summary), flush=True)  # ASCII: \u escapes
    return 0 if summary["saved"] else 1
