"""How the server runs (``Settings``) and what its endpoints share (``World``)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from sqlalchemy import Engine

from .board import DatabaseBoard
from .clock import Clock, DatabaseClock
from .db import default_url, is_sqlite, open_engine
from .ratelimit import Limit
from .web import BoardSource

ACCOUNT_LIMIT = Limit(20, 3600)  # accounts made an hour per address
RUN_LIMIT = Limit(120, 60)  # run starts a minute
# Actions a minute: a player makes one every second or two; a bot at full speed
# stays under it, and so do some dozens of players behind one address.
ACTION_LIMIT = Limit(6000, 60)


@dataclass
class Settings:
    """How the server runs; every field has the embedded default."""

    database_url: str | None = None  # None: SQLite in the user data folder
    clock: Clock = field(default_factory=DatabaseClock)
    migrate: bool = True  # apply the migrations at start-up (serve: yes)
    max_body_bytes: int = 4096
    trusted_proxies: frozenset[str] = frozenset()
    account_limit: Limit = ACCOUNT_LIMIT
    run_limit: Limit = RUN_LIMIT
    action_limit: Limit = ACTION_LIMIT
    in_process_worker: bool | None = None  # None: on SQLite only
    background: bool = True  # the closer / day-maker / worker threads
    min_skill_hands: int = 4

    def url(self) -> str:
        return self.database_url or default_url()


class World:
    """What the endpoints share: the engine, the clock, the settings."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.engine: Engine = open_engine(settings.url())
        self.clock = settings.clock
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        # What the board page (web.make_router) reads: the lead wires it when merging.
        self.board: BoardSource = DatabaseBoard(self.engine, self.clock,
                                                settings.min_skill_hands)

    def run_worker(self) -> bool:
        wanted = self.settings.in_process_worker
        return is_sqlite(self.engine) if wanted is None else wanted
