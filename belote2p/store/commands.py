"""``belote2p leaderboard`` and ``belote2p autoplay``."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from ..ai.base import decide
from ..match import PLAYER, Run
from ..services.board_text import format_board
from .names import clean_name
from .runs import match_results, now_iso, restore_run


def _open():
    from .sqlite import open_store

    return open_store()


# -- leaderboard ----------------------------------------------------------------

def _printable_stdout() -> None:
    """A name the terminal (or file) cannot encode is shown with replacement
    characters instead of stopping the command."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):
            pass


def leaderboard_main(args) -> int:
    """The board as text in the player's language, or ``--json`` data that
    never changes with the language."""
    _printable_stdout()
    store = _open()
    entries = store.leaderboard()
    if getattr(args, "json", False):
        print(json.dumps([e.as_json() for e in entries]))  # ASCII: \u escapes
    else:
        print(format_board(entries))
    return 0


# -- autoplay -------------------------------------------------------------------

def _player(level: str, rng: random.Random, levels: dict | None):
    from ..ai import make_player

    return make_player(level, rng, levels)


def autoplay_key(level: str, name: str, max_matches: int | None) -> str:
    """Identifies the same autoplay command (with the seed) to resume a killed one."""
    return json.dumps([str(level), name, max_matches], ensure_ascii=False)


def play_autoplay(store, level: str, seed: str, name: str, max_matches: int | None,
                  out=None) -> dict[str, Any]:
    """Play (or resume) one autoplay run to its end, saving after every action;
    returns the summary printed as the last line of ``belote2p autoplay``."""
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
    # Every decision draws from an rng seeded by the run seed and the action's
    # place, so the run is the same whether or not it was interrupted.
    from ..ai.levels import load_levels

    levels = load_levels()
    player_rng, rival_rng = random.Random(), random.Random()
    player = _player(level, player_rng, levels)
    rival, rival_match = None, -1
    reported = len(run.results)

    def stopped() -> bool:
        return run.over or (max_matches is not None and len(run.results) >= max_matches)

    while not stopped():
        match_index = len(run.results)
        seat = run.match.to_move
        view = run.match.view(seat)
        if seat == PLAYER:
            player_rng.seed(f"{seed}/player/{len(run.actions)}")
            action = decide(player, view)
        else:
            if rival_match != match_index:
                rival = _player(str(run.rival_level), rival_rng, levels)
                rival_match = match_index
            rival_rng.seed(f"{seed}/rival/{match_index}/{len(run.actions)}")
            action = decide(rival, view)
        run.apply(action)
        store.save_run(seed, run.actions, started, slot=slot)
        if out is not None and len(run.results) > reported:
            reported = len(run.results)
            m = match_results(run)[-1]
            verdict = "won" if m["won"] else ("drawn" if m["margin"] == 0 else "lost")
            print(f"match {reported} against rival level {m['level']}: {verdict} "
                  f"{m['scores'][0]}-{m['scores'][1]}", file=out, flush=True)
    entry_id = store.record_finished_run(run, name, started,
                                         ai_key=autoplay_key(level, name, max_matches))
    store.clear_run(slot=slot)
    saved_ok = bool(store.saving)
    rank = next((e.rank for e in store.leaderboard() if e.entry_id == entry_id), None) \
        if saved_ok else None
    return {
        "name": name, "streak": run.streak, "margin_total": run.margin_total,
        "score": run.score,
        "matches": [{"won": m["won"], "margin": m["margin"]} for m in match_results(run)],
        "seed": str(seed), "level": level, "rank": rank, "saved": saved_ok,
    }


def autoplay_main(args) -> int:
    level = str(args.level)
    if args.name is not None:
        name = clean_name(args.name)
        if name is None:
            print("belote2p: --name is empty once cleaned; give a visible name",
                  file=sys.stderr)
            return 2
    else:
        name = f"AI level {level}"
    _printable_stdout()
    store = _open()
    summary = play_autoplay(store, level, str(args.seed), name, args.max_matches, out=sys.stdout)
    print(json.dumps(summary), flush=True)  # ASCII: \u escapes
    return 0 if summary["saved"] else 1
