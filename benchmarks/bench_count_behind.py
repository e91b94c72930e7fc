"""The window over a data folder of before schema 4: how long until its first
frame, how long its frames take while the older runs' figures are counted,
and how long the count takes (issue #31).

    python benchmarks/bench_count_behind.py FOLDER [--strip SOURCE] [--code TREE...]
        [--repeats R] [--least S]

``--strip SOURCE``: make FOLDER first, a copy of the data folder SOURCE (say
``runs-10000`` of ``bench_store_scale.py --keep DIR``) with every stored
figure removed and the count's mark set (``state.figures_from`` 0), as schema
4's step leaves a folder of before it.  Then each launch opens a fresh copy of
FOLDER with ``belote2p play``'s window (``ui.main.start_game``, SDL's dummy
driver, paced at 60 Hz as a player's window is) in a fresh process of each
``--code`` tree (interleaved launch by launch), and prints one JSON line:
``first_frame_ms`` (the process's age at its first frame, the interpreter's
start included), ``counted_s`` (from the first frame until the mark is gone;
0 when it was gone already), the frames meanwhile (at least ``--least``
seconds of them: ``max_frame_ms``, ``p95``, ``p50``, from flip to flip;
``max_after_1s_ms``: the longest past the first 60, when the AI's worker
process starts) and
``closing_s`` (the window's close).  Quote the load average printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB = "belote2p.db"


def strip(source: Path, folder: Path) -> None:
    """``folder``: a copy of ``source`` whose runs have no stored figures."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in (DB, DB + "-wal"):
        if (source / name).exists():
            shutil.copyfile(source / name, folder / name)
    conn = sqlite3.connect(folder / DB, isolation_level=None)
    conn.execute("DELETE FROM run_figures")
    conn.execute("INSERT OR REPLACE INTO state (key, value) VALUES ('figures_from', '0')")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    (folder / (DB + "-wal")).unlink(missing_ok=True)


def _mark(conn: sqlite3.Connection) -> object:
    row = conn.execute("SELECT value FROM state WHERE key = 'figures_from'").fetchone()
    return None if row is None else row[0]


def child(folder: str, least: float) -> None:
    """One window on ``folder``, in the tree on ``sys.path``."""
    os.environ["BELOTE2P_DATA_DIR"] = folder
    from belote2p.ui.main import start_game

    game = start_game((1280, 800))
    game.app.step()
    first = time.perf_counter()
    watch = sqlite3.connect(Path(folder) / DB, check_same_thread=False)
    counted = 0.0 if _mark(watch) is None else None
    while True:
        game.app.step()
        now = time.perf_counter() - first
        if counted is None and game.app.frames % 30 == 0 and _mark(watch) is None:
            counted = now
        if (counted is not None and now >= least) or now > 600:
            break
    stats = game.app.frame_stats()
    later = game.app.frame_times[60:]  # past the first second (the worker's start)
    t = time.perf_counter()
    game.app.shutdown()
    closing = time.perf_counter() - t
    watch.close()
    print(json.dumps({"first_frame_ms": stats["first_frame_ms"], "counted_s": counted,
                      "frames": stats["frames"], "max_frame_ms": stats["max_frame_ms"],
                      "p95": stats["frame_ms_p95"], "p50": stats["frame_ms_p50"],
                      "max_after_1s_ms": round(max(later), 2) if later else None,
                      "closing_s": round(closing, 3)}), flush=True)


def launch(code: Path, folder: Path, least: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="bench-count-") as data:
        for name in (DB, DB + "-wal"):
            if (folder / name).exists():
                shutil.copyfile(folder / name, Path(data) / name)
        env = dict(os.environ, PYTHONPATH=str(code), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", data,
                               str(least)], env=env, cwd=code, capture_output=True, text=True,
                              timeout=900, check=False)
        if done.returncode != 0:
            raise SystemExit(f"bench_count_behind: {code} failed:\n{done.stderr[-2000:]}")
        found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
        return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path, nargs="?")
    p.add_argument("--strip", type=Path, help="make FOLDER from this data folder first")
    p.add_argument("--code", type=Path, nargs="+", default=[ROOT])
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--least", type=float, default=3.0, help="seconds of frames at least")
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        child(args.child[0], float(args.child[1]))
        return 0
    if args.strip is not None:
        strip(args.strip, args.folder)
    for repeat in range(args.repeats):
        for code in args.code:
            load = os.getloadavg()[0]
            found = launch(code.resolve(), args.folder, args.least)
            print(json.dumps({"code": str(code), "repeat": repeat, "load": round(load, 2),
                              **found}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
