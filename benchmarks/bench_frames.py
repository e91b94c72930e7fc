"""Frame times of the real game window while two AIs play, as a player sees them.

    xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_frames.py \
        [--seed S] [--levels A B] [--hands N] [--size WxH] [--repeats R]

Runs ``python -m belote2p demo`` (normal animation speed) R times under the
current display, reads the demo's closing JSON line each time, and prints one
JSON object: the median over the repeats of frame p50, p95 and max (ms) and of
the first frame's time since launch (ms), with every repeat's figures and the
load average before and after.  The machine's other work shows in the
figures: quote the load with them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KEYS = ("frame_ms_p50", "frame_ms_p95", "max_frame_ms", "first_frame_ms")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", default="S")
    p.add_argument("--levels", nargs=2, default=["4", "4"], metavar=("A", "B"))
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--size", default="1280x800", help="window size, WxH")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)
    if args.repeats < 1 or args.hands < 1:
        p.error("--repeats and --hands must be at least 1")
    return args


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    """One demo process; its closing JSON line."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [v for v in [os.environ.get("PYTHONPATH")] if v]))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cmd = [sys.executable, "-m", "belote2p", "demo", "--seed", args.seed, "--levels", *args.levels,
           "--hands", str(args.hands), "--size", args.size]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            figures: dict[str, Any] = json.loads(line)
            return figures
    raise SystemExit(f"bench_frames: the demo printed no figures (exit {done.returncode}):\n"
                     f"{done.stderr[-2000:]}")


def load() -> float:
    return os.getloadavg()[0]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
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
    summary = {k: statistics.median(r[k] for r in runs) for k in KEYS}
    print(json.dumps({"size": args.size, "levels": args.levels, "seed": args.seed,
                      "hands": args.hands, "repeats": args.repeats, **summary,
                      "load_before": round(load_before, 2), "load_after": round(load(), 2),
                      "runs": runs}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
