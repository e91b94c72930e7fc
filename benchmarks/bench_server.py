"""The world daily's server under load, on loopback (issue #40, item 12 (a), (b), (c)).

    python benchmarks/bench_server.py [--clients 50] [--pace 2.0] [--duration 90]
                                      [--ramp 1,2,4,...] [--no-worker] [--player-level L]
                                      [--db sqlite|postgresql+psycopg://...]
                                      [--server-core 0] [--client-core 1]

Starts the server's app (``create_app``, native core) in a process of its own
under uvicorn on 127.0.0.1, pinned to ``--server-core`` with ``taskset``; this
process, pinned to the other core, runs ``--clients`` players at once, each an
account of its own playing its day's run through the API at a player's pace
(an action every ``--pace`` seconds; the first ones staggered over one pace)
through the game's client module (``services.world.client``), until the run
ends or ``--duration`` passes.  The players choose among the legal actions by
a seeded draw (``--player-level N``: with that AI level's
policy instead — but its thinking then shares the clients' core and the GIL
with the clients' waiting, and inflates the timings).

Reported (a JSON line last):
- each action's whole answer as the client waits for it: p50, p95, p99 (ms);
- the rival's own thinking in that answer, apart: after the load, each run's
  seed is derived from the day's secret (read from the database: this tool
  owns it) and the run is replayed here, timing every rival decision with the
  same rule the server uses (``services.rival.rival_action``) and checking it
  decides the same word the server stored;
- the server's part of an answer (the whole answer less the rival's thinking):
  p50, p95, p99 (ms) — the goal: p95 <= 20 ms;
- level 4's decisions alone: p95 (ms) — the goal for the whole answer: p95 <=
  100 ms + that;
- (c) actions lost or duplicated: every action a client got an answer for is
  in the database exactly once, and the database holds no action no client
  was answered for (both must be 0).

Loopback only: the server listens on 127.0.0.1 and nothing else is reached.
A bounded measurement: run it under ``nice`` on a shared machine and say what
else ran.  The requests a second at the pace are clients / pace.

``--ramp 1,2,4,8,16,32`` measures (b) instead: players with no pause, run after
run (a new account each time one ends), ``--duration`` seconds a step, more of
them at each step until a step's p95 passes 1 s; ``sustained_actions_per_s`` is
the most actions a second of a step whose p95 stayed within 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
LAUNCH = """
import sys, uvicorn
from belote2p.server.app import create_app
from belote2p.server.ratelimit import Limit
from belote2p.server.settings import Settings
wide = Limit(10**9, 60)  # one address plays every client: the limits are not measured here
app = create_app(Settings(database_url=sys.argv[1], account_limit=wide, run_limit=wide,
                          action_limit=wide, in_process_worker=sys.argv[3] == "worker"))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@dataclass
class Answered:
    run_id: str
    seq: int
    seconds: float
    replies: int


@dataclass
class Client:
    name: str
    answered: list[Answered] = field(default_factory=list)
    retries: int = 0
    errors: list[str] = field(default_factory=list)
    status: str = "not started"


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(url: str, port: int, core: int, worker: bool) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = ["taskset", "-c", str(core), sys.executable, "-c", LAUNCH, url, str(port),
               "worker" if worker else "no-worker"]
    server = subprocess.Popen(command, env=env, cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not answer /health within 60 s")


def play(client: Client, base: str, pace: float, until: float, start_after: float,
         level: int, again: bool = False) -> None:
    """One player: an account, its run, an action every ``pace`` seconds, all
    through the game's own client module (its retries with backoff included in
    the time an answer takes); ``again``: a new account and run each time a run
    ends, until the time is up."""
    runs = 0
    while True:
        _play_one(client, f"{client.name}x{runs}" if runs else client.name, base, pace, until,
                  start_after if not runs else 0.0, level)
        runs += 1
        if not again or client.errors or time.monotonic() >= until:
            return


def _play_one(client: Client, name: str, base: str, pace: float, until: float,
              start_after: float, level: int) -> None:
    from belote2p.services.rival import player_decision
    from belote2p.services.world.client import WorldClient, WorldError
    from belote2p.services.world.protocol import view_from_json

    chooser = random.Random(name)

    def backoff(seconds: float) -> None:
        client.retries += 1
        time.sleep(seconds)

    with WorldClient(base, timeout=60, sleep=backoff) as world:
        world.create_account(name)
        answer = world.start_run()
        next_at = time.monotonic() + start_after
        while answer["status"] == "open" and time.monotonic() < until:
            legal = answer["state"]["view"]["legal"]
            if level:
                view = view_from_json(answer["state"]["view"])
                word = str(player_decision(view, level, name, answer["next_seq"]))
            else:
                word = chooser.choice(legal)
            time.sleep(max(0.0, next_at - time.monotonic()))
            next_at = time.monotonic() + pace
            seq = answer["next_seq"]
            sent = time.perf_counter()
            try:
                answer = world.act(answer["run_id"], seq, word)
            except WorldError as exc:
                client.errors.append(str(exc))
                break
            client.answered.append(Answered(answer["run_id"], seq, time.perf_counter() - sent,
                                            len(answer["replies"])))
        client.status = answer["status"]


def rival_times(url: str) -> tuple[dict[tuple[str, int], float], list[float], int]:
    """Each answered action's rival thinking (seconds, by run and seq), level 4's
    decision times, and how many stored replies the replay decided otherwise."""
    from sqlalchemy import select

    from belote2p.core.actions import parse_action
    from belote2p.core.fairness import world_run_seed
    from belote2p.core.match import Run
    from belote2p.server.db import actions, days, open_engine, runs
    from belote2p.services.rival import rival_action

    engine = open_engine(url)
    thinking: dict[tuple[str, int], float] = {}
    level4: list[float] = []
    disagreements = 0
    with engine.connect() as connection:
        secrets_ = {row.day: row.secret for row in connection.execute(select(days))}
        for row in connection.execute(select(runs)).all():
            run = Run(world_run_seed(secrets_[row.day], row.day, row.account_id))

            def replies(words: list[str], run: Run = run) -> float:
                nonlocal disagreements
                spent = 0.0
                for word in words:
                    level = run.rival_level
                    start = time.perf_counter()
                    decided = rival_action(run)
                    took = time.perf_counter() - start
                    spent += took
                    if level == 4:
                        level4.append(took)
                    if str(decided) != word:
                        disagreements += 1
                    run.apply(parse_action(word))
                return spent

            replies(row.opening.split())
            for action in connection.execute(
                    select(actions).where(actions.c.run_id == row.id)
                    .order_by(actions.c.seq)).all():
                run.apply(parse_action(action.word))
                thinking[(row.id, action.seq)] = replies(action.replies.split())
    engine.dispose()
    return thinking, level4, disagreements


def ledger(url: str, clients: list[Client]) -> dict[str, int]:
    """(c): the clients' answered actions against the database's."""
    from sqlalchemy import func, select

    from belote2p.server.db import actions, open_engine

    engine = open_engine(url)
    with engine.connect() as connection:
        stored = connection.execute(
            select(actions.c.run_id, actions.c.seq, func.count())
            .group_by(actions.c.run_id, actions.c.seq)).all()
    engine.dispose()
    counts = {(run_id, seq): n for run_id, seq, n in stored}
    answered = {(a.run_id, a.seq) for c in clients for a in c.answered}
    return {
        "answered": len(answered),
        "stored": sum(counts.values()),
        "lost": sum(1 for key in answered if key not in counts),
        "duplicated": sum(n - 1 for n in counts.values() if n > 1),
        "stored_unanswered": sum(1 for key in counts if key not in answered),
    }


def percentiles(values: list[float]) -> dict[str, float]:
    if len(values) < 2:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "n": len(values)}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(cuts[49] * 1000, 1), "p95": round(cuts[94] * 1000, 1),
            "p99": round(cuts[98] * 1000, 1), "n": len(values)}


def run_clients(clients: list[Client], base: str, pace: float, duration: float,
                level: int, again: bool) -> float:
    """Every client at once for ``duration`` seconds at most; the seconds it took."""
    stagger = random.Random(40)
    until = time.monotonic() + duration
    threads = [threading.Thread(target=play, args=(c, base, pace, until,
                                                   stagger.uniform(0, pace), level, again))
               for c in clients]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds between a client's actions")
    parser.add_argument("--duration", type=float, default=90.0,
                        help="seconds of play at most (a step of --ramp)")
    parser.add_argument("--ramp", default=None,
                        help="(b): comma-separated client counts playing with no pause, one "
                             "step each, run after run, until a step's p95 passes 1 s")
    parser.add_argument("--db", default="sqlite", help="sqlite (a fresh file) or a database URL")
    parser.add_argument("--player-level", type=int, default=0,
                        help="the players' AI level (0: a seeded choice among the legal "
                             "actions: the clients' own thinking kept off the timings)")
    parser.add_argument("--no-worker", action="store_true",
                        help="no in-process skill worker (SQLite runs one by default: its "
                             "hands' comparisons then share the server's core)")
    parser.add_argument("--server-core", type=int, default=0)
    parser.add_argument("--client-core", type=int, default=1)
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    url = f"sqlite:///{folder / 'world.db'}" if args.db == "sqlite" else args.db
    port = free_port()
    load_before = os.getloadavg()[0]
    server = start_server(url, port, args.server_core, not args.no_worker)
    os.sched_setaffinity(0, {args.client_core})
    base = f"http://127.0.0.1:{port}"
    steps: list[dict[str, Any]] = []
    clients: list[Client] = []
    try:
        if args.ramp:
            for count in (int(n) for n in args.ramp.split(",")):
                step = [Client(f"ramp{count}c{index}") for index in range(count)]
                took = run_clients(step, base, 0.0, args.duration, args.player_level, True)
                clients += step
                answers = [a.seconds for c in step for a in c.answered]
                steps.append({"clients": count, "actions_per_s": round(len(answers) / took, 1),
                              "answer_ms": percentiles(answers)})
                if steps[-1]["answer_ms"]["p95"] > 1000:
                    break
            played = sum(step["answer_ms"]["n"] / max(step["actions_per_s"], 0.1)
                         for step in steps)
        else:
            clients = [Client(f"bench{index}") for index in range(args.clients)]
            played = run_clients(clients, base, args.pace, args.duration, args.player_level,
                                 False)
    finally:
        server.terminate()
        server.wait(30)

    thinking, level4, disagreements = rival_times(url)
    whole = [a.seconds for c in clients for a in c.answered]
    rival = [thinking.get((a.run_id, a.seq), 0.0) for c in clients for a in c.answered]
    own = [max(0.0, a.seconds - thinking.get((a.run_id, a.seq), 0.0))
           for c in clients for a in c.answered]
    report: dict[str, Any] = {
        "clients": len(clients), "pace_s": 0.0 if args.ramp else args.pace,
        "played_s": round(played, 1), "skill_worker": not args.no_worker,
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "db": "sqlite" if args.db == "sqlite" else args.db.split("://")[0],
        "actions_per_s": round(len(whole) / played, 1) if played else 0.0,
        "answer_ms": percentiles(whole), "rival_ms": percentiles(rival),
        "server_part_ms": percentiles(own), "level4_decision_ms": percentiles(level4),
        "runs_over": sum(1 for c in clients if c.status != "open"),
        "retries": sum(c.retries for c in clients),
        "errors": [e for c in clients for e in c.errors][:5],
        "replay_disagreements": disagreements,
        **ledger(url, clients),
    }
    if steps:
        report["ramp"] = steps
        report["sustained_actions_per_s"] = max(
            (step["actions_per_s"] for step in steps if step["answer_ms"]["p95"] <= 1000),
            default=0.0)
    print(json.dumps(report))
    return 0 if report["lost"] == 0 and report["duplicated"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
