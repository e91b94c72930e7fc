"""``belote2p serve`` and ``belote2p worker``: the server's processes.

``serve`` migrates the database (under PostgreSQL's advisory lock), binds its
socket, prints the address it listens on, and runs uvicorn with the app of
``create_app`` in one process or ``--workers N`` (PostgreSQL only: SQLite's
one writer wants one process).  SIGTERM lets the requests in flight finish.
Logs are JSON lines on stderr, and nothing logged holds a secret, a seed or a
token (the referee never logs them; the access log shows paths, which hold
none).
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from typing import Any

from fastapi import FastAPI

from .app import Settings, create_app
from .db import is_sqlite, open_engine

DB_ENV = "BELOTE2P_SERVE_DB"  # how the parent hands the URL to uvicorn's workers
PROXIES_ENV = "BELOTE2P_SERVE_PROXIES"  # and the trusted proxies, comma-separated
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "color_message"}


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                    + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage()}
        for key, value in vars(record).items():
            if key not in _STANDARD:
                entry[key] = value if isinstance(value, (int, float, bool)) else str(value)
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def json_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("alembic").setLevel(logging.WARNING)  # its plugin list, each start
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


def app_from_env() -> FastAPI:
    """uvicorn's factory in each worker: the parent migrated already."""
    json_logging()
    proxies = frozenset(p for p in os.environ.get(PROXIES_ENV, "").split(",") if p)
    return create_app(Settings(database_url=os.environ[DB_ENV], migrate=False,
                               trusted_proxies=proxies))


def serve_main(args: argparse.Namespace) -> int:
    json_logging()
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_address(proxy)
        except ValueError:
            print(f"belote2p: serve: --trusted-proxy {proxy!r} is not an IP address",
                  file=sys.stderr)
            return 2
    url = args.db or Settings().url()
    engine = open_engine(url)
    if args.workers > 1 and is_sqlite(engine):
        print("belote2p: serve: SQLite takes one worker; use PostgreSQL "
              "(--db postgresql+psycopg://...) for --workers above 1", file=sys.stderr)
        return 2
    from .migrate import migrate

    migrate(engine)
    engine.dispose()
    if args.migrate_only:
        print("belote2p: the database is migrated", flush=True)
        return 0
    import uvicorn

    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        print(f"belote2p: serve: cannot listen on {args.host}:{args.port}: {exc.strerror}",
              file=sys.stderr)
        return 2
    sock.set_inheritable(True)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"belote2p: serving the world daily on http://{shown}:{port}", flush=True)
    os.environ[DB_ENV] = url
    os.environ[PROXIES_ENV] = ",".join(args.trusted_proxy)
    config = uvicorn.Config("belote2p.server.serve:app_from_env", factory=True,
                            workers=args.workers, log_config=None, access_log=True,
                            timeout_graceful_shutdown=20)
    server = uvicorn.Server(config)
    if args.workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[sock]).run()
    else:
        server.run(sockets=[sock])
    return 0


def worker_main(args: argparse.Namespace) -> int:
    """Skill jobs until SIGTERM or Ctrl-C (any number, on any machines)."""
    json_logging()
    from .worker import work_forever

    engine = open_engine(args.db or Settings().url())
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    logging.getLogger(__name__).info("skill worker started")
    work_forever(engine, stop)
    return 0
