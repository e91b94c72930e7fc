"""What runs beside the requests: the migrations and the days at start-up, then
a thread that makes tomorrow and closes the days past midnight, and (on
SQLite, or when asked) the in-process skill worker."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .days import close_due_days, days_missing, ensure_days
from .db import reading
from .migrate import migrate
from .worker import work_forever

if TYPE_CHECKING:
    from .settings import World

log = logging.getLogger(__name__)
MAINTENANCE_SECONDS = 5.0


def prepare(world: World) -> None:
    if world.settings.migrate:
        migrate(world.engine)
    maintain(world)


def maintain(world: World) -> None:
    """Make today's and tomorrow's rows; close the days that are over.  (Asked on
    every board and day request: it only writes when there is something to do.)"""
    with reading(world.engine).connect() as connection:
        missing = days_missing(connection, world.clock.now(connection))
    if missing:
        with world.engine.begin() as connection:
            ensure_days(connection, world.clock.now(connection))
    close_due_days(world.engine, world.clock)


def _maintain_forever(world: World) -> None:
    while not world.stop.wait(MAINTENANCE_SECONDS):
        try:
            maintain(world)
        except Exception:
            log.warning("maintenance failed", exc_info=True)


def _work_forever(world: World) -> None:
    work_forever(world.engine, world.stop)


def start_background(world: World) -> None:
    if not world.settings.background:
        return
    world.stop.clear()
    targets: list[Callable[[World], None]] = [_maintain_forever]
    if world.run_worker():
        targets.append(_work_forever)
    for target in targets:
        thread = threading.Thread(target=target, args=(world,), daemon=True)
        thread.start()
        world.threads.append(thread)


def stop_background(world: World) -> None:
    world.stop.set()
    for thread in world.threads:
        thread.join(timeout=10)
    world.threads.clear()
