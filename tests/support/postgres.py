"""A throwaway PostgreSQL cluster for the tests: a real server, no mock.

``initdb`` and ``pg_ctl`` from the Debian package (``/usr/lib/postgresql/*/bin``)
make a cluster in a temporary folder, listening on 127.0.0.1 and a free port
only; as root they run as the ``postgres`` user (``initdb`` refuses root).
The cluster is stopped with ``pg_ctl stop -m immediate`` and its folder
removed at the end.  Each test gets a database of its own (``new_database``).
Where PostgreSQL is not installed, the tests that need it are skipped saying so.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BIN_GLOB = "/usr/lib/postgresql/*/bin"
NOT_INSTALLED = ("PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin: "
                 "apt-get install postgresql; .ci/run does it)")


def pg_bin() -> Path | None:
    found = sorted(glob.glob(BIN_GLOB), reverse=True)
    for folder in found:
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Cluster:
    bin: Path
    folder: Path
    port: int
    user: str

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user=self.user,
                             dbname="postgres", autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    binary = pg_bin()
    if binary is None:
        raise RuntimeError(NOT_INSTALLED)
    folder = Path(tempfile.mkdtemp(prefix="belote2p-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "postgres")
    port = _free_port()
    try:
        subprocess.run(_as_postgres([str(binary / "initdb"), "-D", str(data), "-A", "trust",
                                     "-U", user, "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True)
        options = (f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off")
        subprocess.run(_as_postgres([str(binary / "pg_ctl"), "-D", str(data), "-o", options,
                                     "-l", str(folder / "log"), "-w", "-t", "60", "start"]),
                       check=True, capture_output=True)
        yield Cluster(binary, folder, port, user)
    finally:
        subprocess.run(_as_postgres([str(binary / "pg_ctl"), "-D", str(data), "stop",
                                     "-m", "immediate", "-t", "20"]), capture_output=True)
        time.sleep(0.1)
        shutil.rmtree(folder, ignore_errors=True)
