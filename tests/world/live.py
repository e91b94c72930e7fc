"""``belote2p serve`` as a process that a test can kill -9 and start again on
the same database (the in-thread server is ``lab.world_server.Live``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from lab.world_server import Live
from tests.support.cli import ROOT
from tests.support.served import wait_until_ready

__all__ = ["Live", "Served", "free_port"]


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
        wait_until_ready(self.url, self.process, 30)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)
