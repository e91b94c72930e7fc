"""The world table's frames while the server is slow: a real server on
loopback (``lab.world_server.Live``, the [server] extra) answers every run
request ``--delay`` seconds late, the window plays the world daily under SDL's
dummy driver with its loop paced at 60 Hz (a deadline every 1/60 s, slept to),
and the first legal
action is chosen each time the table waits for the player.  Reported: each
frame's own work (update, draw, present: what a frame that waited on the
network would show) and the window's own record (``App.frame_times``, flip
to flip: 16.7 ms when nothing is late), as p50/p95/max, with the load average
(quote it: the frames are the host's too).

    PYTHONPATH=. python benchmarks/bench_world_frames.py [--delay 0.3] [--actions 20] [--size WxH]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2) if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=0.3)
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--size", default="960x600")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BELOTE2P_DATA_DIR"] = str(Path(folder) / "data")
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from belote2p.ui.navigation import Route
        from belote2p.ui.scenes.world_entry import Step, WorldEntryScene
        from belote2p.ui.table.scene import TableScene
        from belote2p.ui.table.world_mode import WorldMode
        from lab import harness as hs
        from lab.world_server import Live

        server = Live(Path(folder) / "world.sqlite3", delay=args.delay)
        game = hs.make_app(size=(w, h), settings={"world_server": server.url},
                           worker="thread", instant=False)
        game.ctx.settings.pause_scale = 0.0
        try:
            hs.open_title(game)
            game.nav.push(Route.WORLD, server=server.url, on_offline=None)
            entry = game.app.top
            assert isinstance(entry, WorldEntryScene)
            while not (entry.step is Step.NAME and entry.asking is None):
                game.app.step()
            entry.name, entry.typed = "bench", True
            entry.build()
            entry.activate(next(b for b in entry.buttons if b.value == "create"))
            while not isinstance(game.app.top, TableScene):
                game.app.step()
            table = game.app.top
            mode = table.mode
            assert isinstance(mode, WorldMode)
            game.app.frame_times.clear()
            work: list[float] = []
            chosen = 0
            deadline = time.perf_counter()
            while chosen < args.actions and not table.run.over:
                t0 = time.perf_counter()
                game.app.step()
                work.append((time.perf_counter() - t0) * 1000)
                deadline += 1 / 60
                time.sleep(max(0.0, deadline - time.perf_counter()))
                deadline = max(deadline, time.perf_counter() - 1 / 60)
                offer = hs.table_offer(table)
                if offer["panel"] is not None and offer["panel"] != "run_over":
                    hs.click(offer["panel_button"].center)
                elif offer["human_turn"] and offer["idle"] and mode.sending is None \
                        and mode.feed is None:
                    hs.click(hs.first_legal_policy(offer)[1])
                    chosen += 1
            flips = list(game.app.frame_times)
        finally:
            game.app.shutdown()
            server.stop()
    print(json.dumps({
        "delay_s": args.delay, "actions": chosen, "frames": len(work),
        "work_ms_p50": _pct(work, 0.5), "work_ms_p95": _pct(work, 0.95),
        "work_ms_max": round(max(work), 2),
        "flip_ms_p50": _pct(flips, 0.5), "flip_ms_p95": _pct(flips, 0.95),
        "load": [round(v, 2) for v in os.getloadavg()]}))


if __name__ == "__main__":
    main()
