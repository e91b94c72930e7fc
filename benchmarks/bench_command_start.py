"""What one command costs to start and run, in one checkout or several, as a player waits.

    python benchmarks/bench_command_start.py [--repeats R] [--root DIR...] -- COMMAND...

    e.g. python benchmarks/bench_command_start.py --root ../before . -- --lang fr runs

Launches ``python -m belote2p COMMAND...`` R times in each checkout (default:
this one), interleaved launch by launch so that a before and an after share
the machine's load, each on one fresh data folder, after one uncounted launch
that compiles the modules to bytecode (an installed game has its bytecode), and
prints one JSON object: per checkout, the median CPU time of a launch (user +
system, from ``getrusage``: much steadier than the wall time on a shared
machine) and the median wall time.  Quote the load average printed with it.
``bench_startup.py`` measures the window's first frame the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_launch(root: str, command: list[str], data: str, bytecode: str) -> tuple[float, float]:
    """The CPU and wall milliseconds of one launch of ``command`` from ``root``."""
    env = dict(os.environ, PYTHONPATH=root, BELOTE2P_DATA_DIR=data, PYTHONPYCACHEPREFIX=bytecode)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "belote2p", *command], env=env, cwd=root, check=True,
                   capture_output=True, timeout=300)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return cpu * 1000, wall * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=9)
    p.add_argument("--root", nargs="+", default=[str(ROOT)], help="the checkouts to launch")
    p.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = p.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    roots = [str(Path(root).resolve()) for root in args.root]
    cpu: dict[str, list[float]] = {root: [] for root in roots}
    wall: dict[str, list[float]] = {root: [] for root in roots}
    with tempfile.TemporaryDirectory() as folder:
        for i in range(max(1, args.repeats) + 1):
            for k, root in enumerate(roots):
                spent, waited = one_launch(root, command, f"{folder}/data",
                                           f"{folder}/bytecode{k}")
                if i:  # the first launch compiles the bytecode
                    cpu[root].append(spent)
                    wall[root].append(waited)
    print(json.dumps({"command": command,
                      "cpu_ms": {root: round(statistics.median(v), 1) for root, v in cpu.items()},
                      "wall_ms": {root: round(statistics.median(v), 1) for root, v in wall.items()},
                      "repeats": max(1, args.repeats),
                      "load_after": [round(v, 2) for v in os.getloadavg()]}))


if __name__ == "__main__":
    main()
