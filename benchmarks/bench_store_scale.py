"""What a long history costs: ``stats``, ``runs`` and ``leaderboard`` with
10,000 and 100,000 finished runs, and the Statistics and History screens.

    python benchmarks/bench_store_scale.py [--runs 10000 100000] [--repeats 3]
        [--code TREE] [--ui] [--keep DIR]

``--code TREE``: the belote2p source tree measured (default: this one), so
the same script measures main (``--code /work/main``, say) and a branch.
Prints one JSON line per history size: the median wall time of each command
(a fresh process each time, as a player runs it) and its CPU time (user +
system, which the machine's other work changes least: quote both, with the
load average printed), and with ``--ui`` the time from opening each screen to
its figures shown and the longest frame meanwhile.

How the history is made, fast and realistic (issue #31): ``SOURCES`` runs are
played for real by the level-1 AI against the rival (``testing.play``, about
0.06 s each), and each is cut at ``CUTS`` places into abandoned runs, so about
``SOURCES * (CUTS + 1)`` different runs (different actions: a cache of replays
does not serve one for another), recorded with the tree's own
``queries.insert_run`` in one transaction (the tree counts and keeps their
figures if it does so).  Then the rows (and their ``run_figures`` rows, when
the tree has that table) are copied with new ids and new start times up to the
size asked, in the order that makes a replay cache of fewer entries than the
distinct runs miss every time, as a real history of different runs would.  The
copies are player runs (``ai`` 0) so that ``stats`` counts them.  When the
tree keeps each hand's difference with level 4 (``hand_skill``, issue #32),
every finished hand of every run gets one, measured with the tree's level 4
(made-up numbers: ``stats`` only sums them), so ``stats`` reads them all.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


ROOT = Path(__file__).resolve().parents[1]
SOURCES = 200  # runs played for real
CUTS = 25  # abandoned prefixes of each
COMMANDS = ("stats --json", "runs", "runs --json", "leaderboard --json")
SCREENS = ("stats", "history")
DB = "belote2p.db"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--code", type=Path, default=ROOT, help="the belote2p tree measured")
    p.add_argument("--ui", action="store_true", help="time the Statistics and History screens")
    p.add_argument("--keep", type=Path, help="make the histories in this folder and keep them")
    p.add_argument("--child", nargs="+", help=argparse.SUPPRESS)  # work done in the tree's code
    return p.parse_args(argv)


def in_tree(code: Path, *args: str, timeout: float = 3600) -> str:
    """This script run with ``--child ARGS`` on ``code``'s belote2p; its stdout."""
    env = dict(os.environ, PYTHONPATH=str(code), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("BELOTE2P_DATA_DIR", None)
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", *args],
                          env=env, cwd=code, capture_output=True, text=True, timeout=timeout,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench_store_scale: child {args} failed:\n{done.stderr[-2000:]}")
    return done.stdout


# -- making the history (in the measured tree) ------------------------------------
def child_distinct(folder: str) -> None:
    """Record the distinct runs with the tree's own code."""
    import sqlite3

    import belote2p
    from belote2p.store import open_store, queries
    from belote2p.store.api import finished_row
    from lab.play import play_run

    print(f"# belote2p from {Path(belote2p.__file__).parent}", file=sys.stderr)
    open_store(folder, echo=False).close()  # made and migrated by the tree
    conn = sqlite3.connect(Path(folder) / DB, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    index = 0
    for s in range(SOURCES):
        whole = play_run(f"bench-{s}", "1")
        for cut in range(1, CUTS + 2):
            run = whole if cut > CUTS else _abandoned(whole, len(whole.actions) * cut // (CUTS + 1))
            started = (start + timedelta(minutes=index)).isoformat(timespec="microseconds")
            queries.insert_run(conn, finished_row(run, f"Player {index % 9}", started))
            index += 1
    conn.execute("COMMIT")
    conn.close()


def child_yardstick() -> None:
    """The tree's version of level 4 (empty: the tree keeps no differences)."""
    try:
        from belote2p.services.skill_kept import game_yardstick
    except ImportError:
        return
    print(game_yardstick())


def _abandoned(whole: Any, keep: int) -> Any:
    from belote2p.core.match import Run

    run = Run.replay(whole.seed, list(whole.actions[:keep]))
    if not run.over:
        run.abandon()
    return run


def grow(folder: Path, size: int, yardstick: str) -> None:
    """Copy the distinct runs (and their figures) up to ``size`` runs; with a
    ``yardstick``, a difference for every finished hand of each."""
    import sqlite3

    conn = sqlite3.connect(folder / DB, isolation_level=None)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(runs)")]
    source = conn.execute(f"SELECT {', '.join(columns)} FROM runs ORDER BY id").fetchall()
    has_figures = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'run_figures'"
                               ).fetchone() is not None
    figures = {}
    if has_figures:
        fcols = [r[1] for r in conn.execute("PRAGMA table_info(run_figures)")]
        figures = {row[0]: row for row in conn.execute(
            f"SELECT {', '.join(fcols)} FROM run_figures")}
    at = {name: i for i, name in enumerate(columns)}
    start = datetime(2026, 2, 1, tzinfo=timezone.utc)
    conn.execute("BEGIN IMMEDIATE")
    for n in range(len(source), size):
        row = list(source[n % len(source)])  # cycling: a cache smaller than the runs misses
        old_id = row[at["id"]]
        started = start + timedelta(seconds=n)
        row[at["id"]] = n + 1
        row[at["started"]] = started.isoformat(timespec="microseconds")
        row[at["ended"]] = (started + timedelta(minutes=5)).isoformat(timespec="microseconds")
        conn.execute(f"INSERT INTO runs ({', '.join(columns)}) VALUES "
                     f"({', '.join('?' for _ in columns)})", row)
        if old_id in figures:
            copy = (n + 1, *figures[old_id][1:])
            conn.execute(f"INSERT INTO run_figures VALUES ({', '.join('?' for _ in copy)})",
                         copy)
    if yardstick:
        _differences(conn, yardstick)
    conn.execute("COMMIT")
    conn.close()


def _differences(conn: Any, yardstick: str) -> None:
    """A made-up difference for each finished hand of each run (``hand_skill``)."""
    hands = conn.execute("SELECT r.seed, r.started, f.hands FROM runs r "
                         "JOIN run_figures f ON f.run_id = r.id").fetchall()
    rows = [(seed, started, i // 2, i % 2, yardstick, (n * 37 + i * 11) % 81 - 40,
             (n * 53 + i * 7) % 81 - 40)
            for n, (seed, started, count) in enumerate(hands) for i in range(count)]
    try:  # schema 6 (issue #44): the tree's readers count only the rows it sealed
        from belote2p.store.seals import hand_seal
    except ImportError:
        conn.executemany(
            "INSERT OR REPLACE INTO hand_skill (seed, started, match_index, hand_index, "
            "yardstick, yours, rival) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        return
    conn.executemany(
        "INSERT OR REPLACE INTO hand_skill (seed, started, match_index, hand_index, yardstick, "
        "yours, rival, proof) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ((*row, hand_seal(row[0], row[1], row[4], row[2], row[3], row[5], row[6])) for row in rows))


# -- measuring ---------------------------------------------------------------------
def time_command(code: Path, folder: Path, command: str) -> tuple[float, float]:
    """The command's wall time and its CPU time (user + system: what the
    machine's other work changes least), in seconds."""
    env = dict(os.environ, PYTHONPATH=str(code))
    env.pop("BELOTE2P_DATA_DIR", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    # cwd: ``python -m`` puts the working folder first on the path
    done = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(folder),
                           *command.split()], env=env, cwd=code, capture_output=True,
                          timeout=3600, check=False)
    took = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command}: exit {done.returncode}: {done.stderr[-500:]!r}")
    return took, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def child_screen(folder: str, screen: str) -> None:
    """Open ``screen`` on the store in ``folder``: the seconds until its figures
    show, and the longest frame meanwhile (the opening call counts as one)."""
    from belote2p.store import open_store
    from belote2p.ui.app import FPS
    from belote2p.ui.navigation import Route
    from lab import harness as h

    game = h.make_app(store=open_store(folder, echo=False), worker="thread")
    # Paced as the window is (60 Hz): the harness's unpaced loop never sleeps,
    # so it holds the GIL and starves the thread reading the figures (opening
    # Statistics took 0.4-3.5 s unpaced where it reads in 0.15 s), which a
    # player's window, waiting for each frame's moment, never does.
    game.app.fps = FPS
    game.nav.reset(Route.TITLE)
    h.step(game, 3)
    route = Route.STATS if screen == "stats" else Route.HISTORY
    frames = []
    t0 = time.perf_counter()
    game.nav.push(route)
    frames.append(time.perf_counter() - t0)
    while True:
        t = time.perf_counter()
        h.step(game)
        frames.append(time.perf_counter() - t)
        top = game.app.top
        assert top is not None
        offer = top.offer()
        if not offer.get("loading", False):
            break
        if time.perf_counter() - t0 > 600:
            raise SystemExit("the screen never finished loading")
    opened = time.perf_counter() - t0
    shown = len(offer.get("rows", [])) if screen == "history" else offer["figures"]
    print(json.dumps({"open_s": round(opened, 3), "max_frame_ms": round(max(frames) * 1000, 1),
                      "frames": len(frames), "shown": bool(shown)}))
    game.app.shutdown()
    game.ctx.worker.shutdown()


def measure(args: argparse.Namespace, folder: Path, size: int) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": size, "code": str(args.code), "repeats": args.repeats,
                           "load_before": os.getloadavg()[0]}
    time_command(args.code, folder, "runs --json")  # warm the file cache
    timings: dict[str, list[tuple[float, float]]] = {c: [] for c in COMMANDS}
    for _ in range(args.repeats):  # interleaved: the machine's other work hits each alike
        for command in COMMANDS:
            timings[command].append(time_command(args.code, folder, command))
    out["commands_s"] = {c: round(statistics.median(w for w, _cpu in v), 3)
                         for c, v in timings.items()}
    out["commands_cpu_s"] = {c: round(statistics.median(cpu for _w, cpu in v), 3)
                             for c, v in timings.items()}
    out["commands_all_s"] = {c: [round(w, 3) for w, _cpu in v] for c, v in timings.items()}
    if args.ui:
        screens: dict[str, list[dict[str, Any]]] = {s: [] for s in SCREENS}
        for _ in range(args.repeats):
            for screen in SCREENS:
                line = in_tree(args.code, "screen", str(folder), screen).strip().splitlines()[-1]
                screens[screen].append(json.loads(line))
        out["screens"] = {s: {"open_s": statistics.median(r["open_s"] for r in v),
                              "max_frame_ms": statistics.median(r["max_frame_ms"] for r in v),
                              "all": v} for s, v in screens.items()}
    out["load_after"] = os.getloadavg()[0]
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child:
        kind, *rest = args.child
        if kind == "distinct":
            child_distinct(*rest)
        elif kind == "yardstick":
            child_yardstick()
        else:
            child_screen(*rest)
        return 0
    args.code = args.code.resolve()
    base = args.keep or Path(tempfile.mkdtemp(prefix="bench-store-scale-"))
    base.mkdir(parents=True, exist_ok=True)
    distinct = base / "distinct"
    if not (distinct / DB).exists():
        t = time.perf_counter()
        in_tree(args.code, "distinct", str(distinct))
        print(f"# {SOURCES * (CUTS + 1)} distinct runs recorded in "
              f"{time.perf_counter() - t:.1f} s", file=sys.stderr)
    yardstick = in_tree(args.code, "yardstick").strip()
    for size in sorted(args.runs):
        folder = base / f"runs-{size}"
        if not (folder / DB).exists():  # a copy of the distinct runs, grown to ``size``
            folder.mkdir(parents=True, exist_ok=True)
            for name in (DB, DB + "-wal"):  # a WAL left open goes with its database
                if (distinct / name).exists():
                    shutil.copyfile(distinct / name, folder / name)
            grow(folder, size, yardstick)
        print(json.dumps(measure(args, folder, size)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
