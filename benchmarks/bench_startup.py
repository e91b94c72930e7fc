"""How long the game window takes to show its first frame (the title), as a player waits.

    python benchmarks/bench_startup.py [--repeats R] [--lang L] [--no-bytecode] [--root DIR...]

Runs ``belote2p play`` R times, each in a fresh process with a fresh data folder
and SDL's dummy video driver (no display needed), after one uncounted launch that
compiles the modules to bytecode (an installed game has its bytecode), and prints
one JSON object: the median and every repeat of ``first_frame_ms``, the time from
the process's start (the interpreter's own start-up included) to the title's first
presented frame, which is what ``demo``'s ``first_frame_ms`` measures for the
table.  The window closes right after that frame.  ``--no-bytecode`` compiles
every module at every launch, as a source checkout with PYTHONDONTWRITEBYTECODE
does.  ``--root`` names the checkouts to launch (default: this one), interleaved
launch by launch, so a before and an after are measured under the same load.
Quote the load average printed with it: the machine's other work shows in the
figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(lang: str, root: str) -> None:
    """One launch of the game that ends after its first frame and prints its age then."""
    sys.path.insert(0, root)
    from belote2p import cli
    from belote2p.ui import app

    after_flip = app.App._after_flip

    def first_frame_then_quit(self: app.App) -> None:
        after_flip(self)
        if self.frames == 1:
            print(json.dumps({"first_frame_ms": round((self.first_frame_s or 0) * 1000, 1)}),
                  flush=True)
            self.quit()

    app.App._after_flip = first_frame_then_quit  # type: ignore[method-assign]
    cli.main(["--lang", lang, "play"])


def one_run(lang: str, root: str, bytecode: str | None) -> float:
    """One launch's figure; ``bytecode`` is the folder of its compiled modules."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, BELOTE2P_DATA_DIR=data, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONDONTWRITEBYTECODE="1")
        if bytecode is not None:
            env.update(PYTHONPYCACHEPREFIX=bytecode)
            env.pop("PYTHONDONTWRITEBYTECODE")
        done = subprocess.run([sys.executable, __file__, "--child", "--lang", lang,
                               "--root", root], env=env,
                              capture_output=True, text=True, check=True, timeout=60)
    line = next(s for s in reversed(done.stdout.splitlines()) if s.startswith("{"))
    return float(json.loads(line)["first_frame_ms"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--lang", default="en")
    p.add_argument("--no-bytecode", action="store_true", help="compile at every launch")
    p.add_argument("--root", nargs="+", default=[str(ROOT)], help="the checkouts to launch")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args.lang, args.root[0])
        return
    roots = [str(Path(root).resolve()) for root in args.root]
    runs: dict[str, list[float]] = {root: [] for root in roots}
    with tempfile.TemporaryDirectory() as folder:
        bytecode = None if args.no_bytecode else folder
        for root in roots:
            one_run(args.lang, root, bytecode)  # compiles the modules, as installing does
        load = os.getloadavg()
        for _ in range(max(1, args.repeats)):
            for root in roots:
                runs[root].append(one_run(args.lang, root, bytecode))
    print(json.dumps({"first_frame_ms": {root: statistics.median(r) for root, r in runs.items()},
                      "runs": runs, "bytecode": bytecode is not None,
                      "load_before": [round(v, 2) for v in load],
                      "load_after": [round(v, 2) for v in os.getloadavg()]}))


if __name__ == "__main__":
    main()
