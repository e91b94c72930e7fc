"""A real world daily server on loopback for the window's tests: the server's
app under uvicorn in a thread (``Live``), answering run requests ``delay``
seconds late when asked (a small ASGI middleware), or ``belote2p serve`` as a
process that a test can kill -9 and start again on the same database."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.support.cli import ROOT


class Delayed:
    """ASGI middleware: every request under /api/v1/runs waits ``delay`` seconds."""

    def __init__(self, app: Any, delay: float):
        self.app, self.delay = app, delay

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/v1/runs") and self.delay:
            await asyncio.sleep(self.delay)
        await self.app(scope, receive, send)


class Live:
    """The server's app (SQLite at ``db``) under uvicorn on 127.0.0.1."""

    def __init__(self, db: Path, delay: float = 0.0):
        import uvicorn

        from belote2p.server.app import create_app
        from belote2p.server.settings import Settings

        self.app = Delayed(create_app(Settings(database_url=f"sqlite:///{db}")), delay)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning",
                                lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """``belote2p serve`` as a process on 127.0.0.1:``port`` over ``db``."""

    def __init__(self, db: Path, data: Path, port: int):
        self.db, self.data, self.port = db, data, port
        self.url = f"http://127.0.0.1:{port}"
        self.start()

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), BELOTE2P_DATA_DIR=str(self.data))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "belote2p", "serve", "--db", f"sqlite:///{self.db}",
             "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/ready", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.process.poll() is None, "belote2p serve ended at start"
            time.sleep(0.05)
        raise AssertionError("belote2p serve was not ready within 30 s")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)
