"""A database that stops answering: 503 with Retry-After, never a 500, and the
server carries on once it is back (a real PostgreSQL refusing connections)."""

from __future__ import annotations

import psycopg
from fastapi.testclient import TestClient

from belote2p.server.app import create_app

from .helpers import make_settings, new_account, start


def _allow(cluster, database: str, allowed: bool) -> None:
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=cluster.user,
                         dbname="postgres", autocommit=True) as connection:
        connection.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {allowed}')
        if not allowed:
            connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = %s", (database,))


def test_an_outage_is_503_and_the_server_recovers(pg_cluster, clock):
    url = pg_cluster.new_database()
    database = url.rsplit("/", 1)[1]
    with TestClient(create_app(make_settings(url, clock))) as client:
        headers = new_account(client, "oz")
        first = start(client, headers)
        _allow(pg_cluster, database, False)
        try:
            for answer in (client.post("/api/v1/runs", headers=headers),
                           client.get("/api/v1/days/2026-12-04/board"),
                           client.post(f"/api/v1/runs/{first['run_id']}/actions",
                                       headers=headers,
                                       json={"seq": 1, "word": first["state"]["view"]["legal"][0]}),
                           client.get("/ready")):
                assert answer.status_code == 503, answer.text
                assert answer.headers["Retry-After"] and "unavailable" in answer.json()["detail"]
            assert client.get("/health").status_code == 200  # alive all the same
        finally:
            _allow(pg_cluster, database, True)
        assert start(client, headers)["run_id"] == first["run_id"]
