"""``belote2p autoplay``: a whole run played by an AI in the player's seat, scored."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, TextIO

from ..ai.base import decide
from ..core.fairness import daily_seed, daily_time_problem, parse_daily_date
from ..core.match import PLAYER, Run
from ..services.rival import player_key, rival_action
from ..services.skill_kept import compare_missing
from ..store.api import PlayedBy, Store
from ..store.names import clean_name
from ..store.runs import match_results, now_iso, restore_run
from .common import open_store, printable_stdout

if TYPE_CHECKING:
    from ..ai.base import Player
    from ..ai.levels import Level


# -- autoplay -------------------------------------------------------------------

def _player(level: str, rng: random.Random, levels: dict[int, Level] | None) -> Player:
    from ..ai import make_player

    return make_player(level, rng, levels)


def autoplay_key(level: str, name: str, max_matches: int | None) -> str:
    """Identifies the same autoplay command (with the seed) to resume a killed one."""
    return json.dumps([str(level), name, max_matches], ensure_ascii=False)


class OutOfDay(ValueError):
    """A daily run started outside its day (``fairness.daily_time_problem``)."""


def _check_day(daily: str, started: str) -> None:
    try:
        moment = datetime.fromisoformat(started)
    except ValueError:
        raise OutOfDay(f"the run's start {started!r} is not a time") from None
    problem = daily_time_problem(parse_daily_date(daily), moment)
    if problem is not None:
        raise OutOfDay(problem)


def play_autoplay(store: Store, level: str, seed: str, name: str, max_matches: int | None,
                  out: TextIO | None = None, daily: str | None = None,
                  clock: Callable[[], str] = now_iso, compare: bool = True) -> dict[str, Any]:
    """Play (or resume) one autoplay run to its end, saving after every action;
    returns the summary printed as the last line of ``belote2p autoplay``.
    ``daily``: the daily challenge's date (``seed`` is then that day's seed);
    the run counts on the day's board when it is the day's first attempt, and
    must start (or have started, resumed) on its day: else ``OutOfDay``, and
    nothing is played.  ``clock``: the time a new run starts (ISO 8601, UTC).
    ``compare``: once the run is recorded, each hand is played again with
    level 4 in the player's seat and its difference kept with the run
    (``services.skill_kept``; 0.1-0.2 s a hand with the native core); False
    leaves that to ``stats --json --skill``."""
    slot, saved = store.claim_autoplay(autoplay_key(level, name, max_matches), seed)
    started = saved.started if saved is not None else clock()
    if daily is not None:  # a daily run is played on its day (resumed: started on it)
        _check_day(daily, started)
    if saved is not None:
        run, dropped = restore_run(saved.seed, saved.actions)
        note = f"resuming an unfinished autoplay run of seed {seed} at action {len(run.actions)}"
        if dropped:
            note += f" ({dropped} saved actions could not be replayed)"
        print(f"belote2p: {note}", file=sys.stderr, flush=True)
    else:
        run = Run(seed)
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
            player_rng.seed(player_key(seed, len(run.actions)))
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
    if compare:  # after the record: a kill meanwhile costs the differences only
        compare_missing(store, str(seed), started, run.actions, levels)
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
    if args.level is None or (args.seed is None and args.daily is None):
        # argparse's own form: the group is optional only because --server needs neither
        print("belote2p autoplay: error: give --level and one of --seed, --daily or --server",
              file=sys.stderr)
        return 2
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
    # --seed passed the one seed rule when it was parsed (cli._seed)
    seed = daily_seed(daily) if daily is not None else args.seed
    printable_stdout()
    store = open_store()
    try:
        summary = play_autoplay(store, level, seed, name, args.max_matches, out=sys.stdout,
                                daily=day, compare=not getattr(args, "no_skill", False))
    except OutOfDay as exc:
        print(f"belote2p: autoplay --daily: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary), flush=True)  # ASCII: \u escapes
    return 0 if summary["saved"] else 1
