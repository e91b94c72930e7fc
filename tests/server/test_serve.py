"""``belote2p serve`` as a real process on 127.0.0.1: bots playing at once, the
board, kill -9 mid-run and a restart that loses no answered action."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from belote2p.server.app import create_app
from belote2p.server.clock import ManualClock
from belote2p.server.db import accounts, days, open_engine, runs, skill_jobs
from belote2p.server.runlog import run_seed
from belote2p.services.world.client import TokenFile, WorldClient
from tests.server.helpers import make_settings, new_account, play
from tests.support.cli import ROOT, cli
from tests.support.served import wait_until_ready


class Served:
    """``belote2p serve`` as a real process.  Its log (a JSON line a request)
    goes to a file: left in a pipe nobody reads, it filled the pipe's 64 kB
    after some 300 requests and the server blocked on its next line."""

    def __init__(self, db: str, data: Path):
        env = dict(os.environ, PYTHONPATH=str(ROOT), BELOTE2P_DATA_DIR=str(data))
        data.mkdir(parents=True, exist_ok=True)
        self.log_path = data / "serve.log"
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "belote2p", "serve", "--db", db, "--port", "0"],
                stdout=subprocess.PIPE, stderr=log, text=True, env=env)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert "serving the world daily on http://127.0.0.1:" in line, (
            line, self._log() if self.process.poll() is not None else "")
        self.url = line.split(" on ")[1].strip()
        # whatever else it prints is read, so the pipe never fills either
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        wait_until_ready(self.url, self.process, 20)

    def _log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> str:
        """SIGTERM, then what it logged."""
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(30)
        return self._log()


def test_three_bots_at_once_then_the_board_lists_each_once(tmp_path):
    server = Served(f"sqlite:///{tmp_path / 'world.sqlite3'}", tmp_path / "server")
    try:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        bots = [subprocess.Popen(
            [sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path / f"bot{n}"),
             "autoplay", "--server", server.url, "--name", f"bot{n}"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for n in range(3)]
        summaries = []
        for bot in bots:
            out, err = bot.communicate(timeout=240)
            assert bot.returncode == 0, err
            summaries.append(json.loads(out.strip().splitlines()[-1]))
        again = cli("--data-dir", str(tmp_path / "bot0"), "autoplay", "--server", server.url)
        assert again.returncode == 0 and "already played" in again.stderr
        assert json.loads(again.stdout.strip().splitlines()[-1]) == summaries[0]
        taken = cli("--data-dir", str(tmp_path / "other"), "autoplay", "--server", server.url,
                    "--name", "BOT1")
        assert taken.returncode == 1 and "taken" in taken.stderr
        board = cli("board", "--server", server.url, "--json")
        assert board.returncode == 0, board.stderr
        rows = json.loads(board.stdout)
        assert sorted(r["name"] for r in rows) == ["bot0", "bot1", "bot2"]
        assert all(set(r) == {"name", "score", "matches_won", "skill_per_hand",
                              "skill_interval", "skill_pending"} for r in rows)
        assert {r["name"]: r["score"] for r in rows} == {s["name"]: s["score"]
                                                          for s in summaries}
        text = cli("board", "--server", server.url, "--by", "skill")
        assert text.returncode == 0 and "bot2" in text.stdout
        # A run begun elsewhere with this folder's account: autoplay carries it on.
        folder = tmp_path / "resumer"
        with WorldClient(server.url) as client:
            TokenFile(folder / "world-accounts.json").put(server.url,
                                                           client.create_account("late"))
            _play_some(client, client.start_run(), 3, random.Random(1))
        resumed = cli("--data-dir", str(folder), "autoplay", "--server", server.url)
        assert resumed.returncode == 0 and "resuming the world daily" in resumed.stderr
        assert "at action 3" in resumed.stderr
        assert json.loads(resumed.stdout.strip().splitlines()[-1])["status"] == "over"
    finally:
        log = server.stop()
    engine = open_engine(f"sqlite:///{tmp_path / 'world.sqlite3'}")
    with engine.connect() as connection:
        secrets = set(connection.execute(select(days.c.secret)).scalars())
        seeds = {run_seed(connection, row) for row in connection.execute(select(runs))}
        hashes = set(connection.execute(select(accounts.c.token_hash)).scalars())
    engine.dispose()
    tokens = {json.loads((tmp_path / f"bot{n}" / "world-accounts.json").read_text())
              [server.url]["token"] for n in range(3)}
    assert len(seeds) == 4 and len(tokens) == 3  # three bots and the late one
    for line in log.splitlines():  # JSON lines, and never a secret, a seed or a token
        assert json.loads(line)["level"], line
        assert not any(value in line for value in secrets | seeds | tokens | hashes), line


def _play_some(client: WorldClient, answer: dict, count: int, rng: random.Random) -> dict:
    for _ in range(count):
        if answer["status"] != "open":
            break
        answer = client.act(answer["run_id"], answer["next_seq"],
                            rng.choice(answer["state"]["view"]["legal"]))
    return answer


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_run_loses_no_answered_action(tmp_path, backend, request):
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path / 'world.sqlite3'}"
    else:
        db = request.getfixturevalue("pg_cluster").new_database()
    server = Served(db, tmp_path / "server")
    rng = random.Random(11)
    with WorldClient(server.url, attempts=2, backoff=0.05) as client:
        client.create_account("kim")
        answer = _play_some(client, client.start_run(), 12, rng)
        server.kill()
        server = Served(db, tmp_path / "server")
        client.base_url = server.url
        client.http = httpx.Client(base_url=server.url, timeout=30)
        resumed = client.start_run()
        assert resumed == answer  # the very state the last answer gave
        answer = _play_some(client, resumed, 1000, rng)
        assert answer["status"] == "over"
    server.stop()


def test_serve_without_the_extra_says_how_to_install_it(tmp_path):
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "fastapi.py").write_text("raise ImportError('no fastapi here')\n")
    env = dict(os.environ, PYTHONPATH=f"{blocker}{os.pathsep}{ROOT}")
    done = subprocess.run([sys.executable, "-m", "belote2p", "serve"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == ('belote2p: serve needs the server extra: '
                                   'pip install "belote2p[server]"')


def test_serve_help_names_every_option():
    done = cli("serve", "--help")
    for option in ("--db", "--host", "--port", "--workers", "--migrate-only",
                   "--trusted-proxy"):
        assert option in done.stdout
    refused = cli("serve", "--trusted-proxy", "my-proxy")
    assert refused.returncode == 2 and "not an IP address" in refused.stderr


def test_the_worker_command_does_the_jobs_then_stops_on_sigterm(tmp_path):
    db = f"sqlite:///{tmp_path / 'world.sqlite3'}"
    clock = ManualClock(datetime.now(timezone.utc))
    with TestClient(create_app(make_settings(db, clock))) as client:
        play(client, new_account(client, "wes"), random.Random(9))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    worker = subprocess.Popen([sys.executable, "-m", "belote2p", "worker", "--db", db],
                              stderr=subprocess.PIPE, text=True, env=env)
    engine = open_engine(db)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with engine.connect() as connection:
            pending = connection.execute(select(skill_jobs).where(
                skill_jobs.c.done.is_(False))).all()
        if not pending:
            break
        time.sleep(0.2)
    engine.dispose()
    worker.send_signal(signal.SIGTERM)
    _out, err = worker.communicate(timeout=30)
    assert not pending and worker.returncode == 0, err


def test_two_servers_on_one_postgresql_count_a_run_once(tmp_path, pg_cluster):
    from tests.server.helpers import at_once

    db = pg_cluster.new_database()
    servers = [Served(db, tmp_path / "server"), Served(db, tmp_path / "server")]
    try:
        clients = [WorldClient(server.url, attempts=2) for server in servers]
        made = clients[0].create_account("twin")
        clients[1].token = made.token
        taken = iter(range(2))
        starts, errors = at_once(2, lambda: clients[next(taken)].start_run())
        assert not errors and starts[0] == starts[1]
        first = starts[0]
        word = first["state"]["view"]["legal"][0]
        taken = iter(range(2))
        answers, errors = at_once(2, lambda: clients[next(taken)].act(first["run_id"], 1, word))
        assert not errors and answers[0] == answers[1]
        engine = open_engine(db)
        with engine.connect() as connection:
            assert len(connection.execute(select(runs)).all()) == 1
            assert connection.execute(select(runs.c.moves)).scalar_one() == 1
        engine.dispose()
        for client in clients:
            client.close()
    finally:
        for server in servers:
            server.stop()
