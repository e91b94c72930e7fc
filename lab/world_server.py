"""A real world daily server on loopback, for the window's tests and the
screenshot tool: the server's app under uvicorn in a thread, answering run
requests ``delay`` seconds late when asked (a small ASGI middleware)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any


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

    def __init__(self, db: Path, delay: float = 0.0, **settings: Any):
        import uvicorn

        from belote2p.server.app import create_app
        from belote2p.server.settings import Settings

        self.app = Delayed(create_app(Settings(database_url=f"sqlite:///{db}", **settings)),
                           delay)
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
