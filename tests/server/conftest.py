"""The server's fixtures: the app in-process on SQLite and on a real PostgreSQL,
its clock in the test's hands."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason='the server tests need pip install "belote2p[server]"')

from fastapi.testclient import TestClient
from sqlalchemy import text

from belote2p.server.app import create_app
from belote2p.server.clock import ManualClock
from belote2p.server.db import metadata, open_engine
from belote2p.server.migrate import migrate
from tests.server.helpers import make_settings
from tests.support.postgres import NOT_INSTALLED, Cluster, pg_bin, running_cluster

NOON = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the whole session (each test its database)."""
    if pg_bin() is None:
        pytest.skip(NOT_INSTALLED)
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def pg_shared(pg_cluster: Cluster) -> str:
    """One migrated database the in-process tests share, emptied before each."""
    url = pg_cluster.new_database()
    engine = open_engine(url)
    migrate(engine)
    engine.dispose()
    return url


def _emptied(url: str) -> str:
    engine = open_engine(url)
    with engine.begin() as connection:
        names = ", ".join(table.name for table in metadata.sorted_tables)
        connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'world.sqlite3'}"
    return _emptied(request.getfixturevalue("pg_shared"))


@pytest.fixture()
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'world.sqlite3'}"


@pytest.fixture()
def clock() -> ManualClock:
    return ManualClock(NOON)


@pytest.fixture()
def client(db_url: str, clock: ManualClock) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(db_url, clock))) as test_client:
        yield test_client
