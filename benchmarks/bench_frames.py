"""Frame times of the real game window while two AIs play, as a player sees them.

    xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_frames.py \
        [--seed S] [--levels A B] [--hands N] [--size WxH] [--repeats R] [--no-dialogs]

Runs the demo (``belote2p demo``'s table and loop, normal animation speed,
the AIs in their worker process) R times, each in a fresh process under the
current display, and prints one JSON object: the median over the repeats of
frame p50, p95 and max (ms) and of the first frame's time since launch (ms),
with every repeat's figures and the load average before and after.  The
machine's other work shows in the figures: quote the load with them.

A frame is the interval between two presented frames (the loop's work and its
wait for the next 60 Hz tick).  So that the figures are those of play and not
of a table waiting, every run holds what a player sees: cards dealt, played,
collected and drawn, the side panel changing, the end-of-hand panel, the
pointer moving over the window, and the pause menu opened over the table
(``DIALOG_EVERY`` seconds of play, for ``DIALOG_FOR`` seconds: every frame
then draws the whole table, the dim layer and the dialog).  ``dialog_ms_p95``
is the p95 of those frames alone, ``play_ms_p95`` of the others.
``--no-dialogs`` leaves the menu closed (the pointer still moves).

Two figures tell the game's share from the machine's: ``work_ms_p95``, the
p95 of each frame's own work (events, update, draw, present: the interval
without the wait for the tick), and ``floor_ms_p95``, the p95 interval of the
same 60 Hz loop doing nothing for ``FLOOR_S`` seconds after the demo (how
late this machine wakes a sleeping process now: under load it alone can pass
16.7 ms).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parent.parent
KEYS = ("frame_ms_p50", "frame_ms_p95", "max_frame_ms", "first_frame_ms", "play_ms_p95",
        "dialog_ms_p95", "work_ms_p95", "floor_ms_p95")
DIALOG_EVERY = 6.0  # seconds of play between two openings of the pause menu
DIALOG_FOR = 1.0  # seconds it stays open
FLOOR_S = 3.0  # seconds of the empty loop measured before each run


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", default="S")
    p.add_argument("--levels", nargs=2, default=["4", "4"], metavar=("A", "B"))
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--size", default="1280x800", help="window size, WxH")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--no-dialogs", action="store_true", help="never open the pause menu")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one run, here
    args = p.parse_args(argv)
    if args.repeats < 1 or args.hands < 1:
        p.error("--repeats and --hands must be at least 1")
    return args


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    """One demo process (this script with ``--child``); its closing JSON line."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [v for v in [os.environ.get("PYTHONPATH")] if v]))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--seed", args.seed,
           "--levels", *args.levels, "--hands", str(args.hands), "--size", args.size]
    if args.no_dialogs:
        cmd.append("--no-dialogs")
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            figures: dict[str, Any] = json.loads(line)
            return figures
    raise SystemExit(f"bench_frames: the demo printed no figures (exit {done.returncode}):\n"
                     f"{done.stderr[-2000:]}")


def load() -> float:
    return os.getloadavg()[0]


def _p95(times: list[float]) -> float | None:
    if not times:
        return None
    times = sorted(times)
    return round(times[min(len(times) - 1, int(0.95 * len(times)))], 2)


def child(args: argparse.Namespace) -> int:
    """One demo in this process, as ``belote2p demo`` runs it, with the pointer
    moving and the pause menu opened now and then; prints the figures."""
    import pygame

    from belote2p.core.match import Run
    from belote2p.services.run_session import ActiveRun
    from belote2p.store import MemoryStore
    from belote2p.ui.main import build_game, parse_size
    from belote2p.ui.navigation import Route
    from belote2p.ui.table.demo import DemoConfig
    from belote2p.ui.table.scene import TableScene
    from belote2p.ui.theme import theme

    size = parse_size(args.size)
    levels = tuple(v if v == "random" else int(v) for v in args.levels)
    game = build_game(MemoryStore(), size=size, save_settings=False,
                      settings=dict(theme().defaults, animation_speed="normal"))
    app = game.app
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(args.seed), ""),
                           demo=DemoConfig(levels=levels, hands=args.hands, seed=args.seed))
    assert isinstance(table, TableScene)
    kinds: list[bool] = []  # per frame interval: was the pause menu open
    work: list[float] = []
    app.clock = _TimedClock(app.clock, work)  # type: ignore[assignment]
    played, dialog_left = 0.0, 0.0
    try:
        while app.running and app.scenes:
            before = len(app.frame_times)
            menu = app.top is not table
            t = app.frames / 60
            pos = (round(size[0] * (0.5 + 0.4 * math.sin(t * 0.7))),
                   round(size[1] * (0.5 + 0.4 * math.sin(t * 1.1))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            started = time.perf_counter()
            app.step()
            work[-1] = (time.perf_counter() - started) * 1000 - work[-1]
            dt = 1 / 60 if not app.frame_times else app.frame_times[-1] / 1000
            kinds += [menu] * (len(app.frame_times) - before)
            if menu:
                dialog_left -= dt
                if dialog_left <= 0:
                    game.nav.pop()
            else:
                played += dt
                if not args.no_dialogs and played >= DIALOG_EVERY:
                    played, dialog_left = 0.0, DIALOG_FOR
                    table.open_menu()
    finally:
        app.shutdown()
    floor = _empty_loop(pygame.time.Clock(), round(FLOOR_S * 60))
    stats: dict[str, Any] = dict(app.frame_stats())
    stats["play_ms_p95"] = _p95([t for t, k in zip(app.frame_times, kinds) if not k])
    stats["dialog_ms_p95"] = _p95([t for t, k in zip(app.frame_times, kinds) if k])
    stats["work_ms_p95"] = _p95(work)
    stats["floor_ms_p95"] = _p95(floor)
    print(json.dumps(stats), flush=True)
    return 0


class _TimedClock:
    """The loop's clock, noting how long each tick waited (in ``waits``, ms)."""

    def __init__(self, clock: Any, waits: list[float]) -> None:
        self.clock, self.waits = clock, waits

    def tick(self, fps: int) -> int:
        started = time.perf_counter()
        ms: int = self.clock.tick(fps)
        self.waits.append((time.perf_counter() - started) * 1000)
        return ms


def _empty_loop(clock: Any, frames: int) -> list[float]:
    """The intervals of a 60 Hz loop that does nothing but wait for its tick (ms)."""
    out, last = [], time.perf_counter()
    for _ in range(frames):
        clock.tick(60)
        now = time.perf_counter()
        out.append((now - last) * 1000)
        last = now
    return out[1:]


def _median(values: list[Any]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child:
        return child(args)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print('bench_frames: no display; run it under a real X server, e.g.\n'
              '  xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_frames.py',
              file=sys.stderr)
        return 2
    load_before = load()
    runs = []
    for i in range(args.repeats):
        stats = one_run(args)
        runs.append({k: stats[k] for k in KEYS} | {"frames": stats["frames"]})
        print(f"run {i + 1}/{args.repeats}: {json.dumps(runs[-1])}", file=sys.stderr, flush=True)
    summary = {k: _median([r[k] for r in runs]) for k in KEYS}
    print(json.dumps({"size": args.size, "levels": args.levels, "seed": args.seed,
                      "hands": args.hands, "repeats": args.repeats, **summary,
                      "load_before": round(load_before, 2), "load_after": round(load(), 2),
                      "runs": runs}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
