"""Several processes on one data folder, as issue #8 describes them:
``python -m belote2p.store.stress [--rounds N] [--shorts N] [DIR]``.

One round: a "window" process keeps the store open and saves a run action by
action (as the game does), a slowed-down long ``autoplay`` runs, and short
``autoplay`` runs and ``leaderboard`` calls start and stop around them.  At
the end every run a process was told is saved must be in the database, the
leaderboard must be the top of those, and ``PRAGMA integrity_check`` must say
ok.  While it runs, the window's open files are watched for a deleted WAL
(Linux).  Prints one JSON line per round and exits 1 when any round lost
something.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .paths import DB_NAME

WAIT = 120.0  # seconds any child may take before the round counts as failed

# The game window: opens the store once, saves after every action (random legal
# play from a fixed seed), stops when told (a file appears), records the run.
WINDOW = r"""
import json, random, sys, time
from pathlib import Path
from belote2p.core.match import Run
from belote2p.store import open_store
from belote2p.store.runs import now_iso
folder, stop = sys.argv[1], Path(sys.argv[2])
store = open_store(folder)
run, started, rng = Run("window"), now_iso(), random.Random(1)
print("ready", flush=True)
while not stop.exists() and not run.over:
    run.apply(rng.choice(run.match.legal_actions()))
    store.save_run("window", run.actions, started)
    time.sleep(0.004)
if not run.over:
    run.abandon()
store.record_finished_run(run, "window", started)
print(json.dumps({"name": "window", "score": run.score, "saved": bool(store.saving)}),
      flush=True)
"""

# ``belote2p`` with every save followed by a pause (PAUSE: see ``slow_cli``).
SLOW_CLI = r"""
import sys, time
from belote2p.store import sqlite as m
save = m.SqliteStore.save_run
def slow(self, *a, **k):
    save(self, *a, **k)
    time.sleep(PAUSE)
m.SqliteStore.save_run = slow
from belote2p.cli import main
sys.exit(main(sys.argv[1:]))
"""


def slow_cli(pause: float) -> str:
    """A ``python -c`` script that is ``belote2p`` with every save followed by
    ``pause`` seconds, so that a short run lasts long enough to overlap others
    (or to be killed in the middle)."""
    return SLOW_CLI.replace("PAUSE", repr(pause))


@dataclass
class Round:
    expected: list[tuple[str, int]] = field(default_factory=list)  # (name, score) told saved
    failures: list[str] = field(default_factory=list)
    deleted_wal_seen: bool = False


def _env() -> dict[str, str]:
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("BELOTE2P_DATA_DIR", None)
    return env


def _spawn(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env())


def _autoplay(folder: Path, seed: str, name: str, matches: int, slow: bool = False
              ) -> subprocess.Popen[str]:
    head = ["-c", slow_cli(0.003)] if slow else ["-m", "belote2p"]
    # the store's saves are the scenario: no hand compared with level 4 at the end
    return _spawn([*head, "--data-dir", str(folder), "autoplay", "--no-skill", "--level", "1",
                   "--seed", seed, "--name", name, "--max-matches", str(matches)])


def _finish(proc: subprocess.Popen[str], what: str, result: Round) -> dict[str, Any] | None:
    try:
        out, err = proc.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        result.failures.append(f"{what}: no answer within {WAIT:.0f} s")
        return None
    if "Traceback" in err:
        result.failures.append(f"{what}: {err.strip().splitlines()[-1]}")
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if not lines:
        result.failures.append(f"{what}: exit {proc.returncode}, no summary")
        return None
    summary: dict[str, Any] = json.loads(lines[-1])
    if summary.get("saved"):
        result.expected.append((summary["name"], summary["score"]))
    return summary


def _deleted_wal(pid: int) -> bool:
    """Does process ``pid`` hold a WAL file that was deleted? (Linux; else False.)"""
    fd_dir = Path(f"/proc/{pid}/fd")
    try:
        links = [os.readlink(fd_dir / fd) for fd in os.listdir(fd_dir)]
    except OSError:
        return False
    return any(link.endswith("-wal (deleted)") for link in links)


def _check(folder: Path, result: Round) -> dict[str, Any]:
    db = folder / DB_NAME
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        integrity = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        stored = conn.execute("SELECT name, score FROM runs NOT INDEXED").fetchall()
    finally:
        conn.close()
    missing = [e for e in result.expected if e not in stored]
    if integrity != ["ok"]:
        result.failures.append("integrity_check: " + "; ".join(integrity[:3]))
    if missing:
        result.failures.append(f"{len(missing)} runs told saved are missing")
    board = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(folder),
                            "leaderboard", "--include-ai", "--json"], capture_output=True,
                           text=True, env=_env(), timeout=WAIT)
    shown = [(e["name"], e["score"]) for e in json.loads(board.stdout or "[]")]
    best = sorted((s for _n, s in result.expected), reverse=True)[:10]
    if sorted((s for _n, s in shown), reverse=True) != best:
        result.failures.append("the leaderboard is not the top of the runs saved")
    return {"expected": len(result.expected), "stored": len(stored), "missing": len(missing),
            "integrity_check": integrity[:3], "board": len(shown)}


def one_round(folder: Path, shorts: int = 12, tag: str = "") -> dict[str, Any]:
    folder.mkdir(parents=True, exist_ok=True)
    result = Round()
    stop = folder / "stop-window"
    window = _spawn(["-c", WINDOW, str(folder), str(stop)])
    assert window.stdout is not None
    window.stdout.readline()  # "ready": the window holds the store open
    long_run = _autoplay(folder, f"long{tag}", f"long{tag}", 3, slow=True)
    for i in range(0, shorts, 2):
        pair = [_autoplay(folder, f"s{tag}-{j}", f"short{tag}-{j}", 1)
                for j in (i, i + 1) if j < shorts]
        board = _spawn(["-m", "belote2p", "--data-dir", str(folder), "leaderboard"])
        for j, proc in enumerate(pair):
            _finish(proc, f"short autoplay {i + j}", result)
        board.communicate(timeout=WAIT)
        result.deleted_wal_seen |= _deleted_wal(window.pid)
    _finish(long_run, "long autoplay", result)
    result.deleted_wal_seen |= _deleted_wal(window.pid)
    stop.touch()
    _finish(window, "window", result)
    figures = _check(folder, result)
    figures.update(deleted_wal_seen=result.deleted_wal_seen, failures=result.failures)
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m belote2p.store.stress")
    parser.add_argument("folder", nargs="?", help="where the rounds run (default: a temp dir)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--shorts", type=int, default=12, help="short autoplays per round")
    args = parser.parse_args(argv)
    base = Path(args.folder or tempfile.mkdtemp(prefix="belote2p-stress-"))
    bad = 0
    for n in range(args.rounds):
        started = time.monotonic()
        figures = one_round(base / f"round-{n}", args.shorts, tag=str(n))
        figures["seconds"] = round(time.monotonic() - started, 1)
        bad += bool(figures["failures"])
        print(json.dumps(figures), flush=True)
    print(f"{args.rounds - bad}/{args.rounds} rounds lost nothing ({base})", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
