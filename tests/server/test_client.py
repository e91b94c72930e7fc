"""The client module: retries with backoff, resumes, keeps its token."""

from __future__ import annotations

import random

import httpx
import pytest
from sqlalchemy import func, select

from belote2p.server.db import actions
from belote2p.services.world.client import Credentials, TokenFile, WorldClient, WorldError

from .helpers import engine_of


class Dropping(httpx.BaseTransport):
    """Hands every request to the app, but drops the connection before the answer
    of every ``every``-th action is read (the server has stored it by then), and
    answers 503 to the first request after each drop."""

    def __init__(self, inner: httpx.BaseTransport, every: int = 3):
        self.inner, self.every, self.actions, self.outage = inner, every, 0, False

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self.outage:
            self.outage = False
            return httpx.Response(503, json={"detail": "the database is unavailable"})
        response = self.inner.handle_request(request)
        if request.url.path.endswith("/actions"):
            self.actions += 1
            if self.actions % self.every == 0:
                response.read()
                self.outage = True
                raise httpx.ReadError("connection dropped", request=request)
        return response


def test_dropped_connections_and_503s_are_retried_and_nothing_is_stored_twice(client):
    pauses: list[float] = []
    transport = Dropping(client._transport)
    with WorldClient("http://testserver", transport=transport, sleep=pauses.append) as world:
        world.create_account("lee")
        answer = world.start_run()
        rng = random.Random(2)
        while answer["status"] == "open":
            sent = answer["next_seq"]
            answer = world.act(answer["run_id"], sent, rng.choice(answer["state"]["view"]["legal"]))
            assert answer["seq"] == sent
        moves = answer["seq"]
    assert transport.actions > moves  # some actions were sent twice...
    with engine_of(client).connect() as connection:  # ...and stored once
        assert connection.execute(select(func.count()).select_from(actions)).scalar() == moves
    assert pauses and pauses[1] == 2 * pauses[0]  # backoff grows


def test_a_server_that_never_answers_is_a_clear_error():
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    pauses: list[float] = []
    with WorldClient("http://127.0.0.1:9", transport=httpx.MockTransport(refuse),
                     attempts=3, sleep=pauses.append) as world, \
            pytest.raises(WorldError, match="cannot be reached"):
        world.day()
    assert len(pauses) == 2


def test_the_token_file_keeps_one_account_per_server(tmp_path):
    tokens = TokenFile(tmp_path / "accounts.json")
    assert tokens.get("http://a") is None
    tokens.put("http://a/", Credentials("ann", "t1", "c1"))
    tokens.put("http://b", Credentials("bob", "t2"))
    assert tokens.get("HTTP://A") == Credentials("ann", "t1", "c1")
    assert tokens.get("http://b").token == "t2"
    assert (tmp_path / "accounts.json").stat().st_mode & 0o077 == 0
    (tmp_path / "accounts.json").write_text("{broken")
    with pytest.raises(WorldError, match="not a readable accounts file"):
        tokens.get("http://a")


def test_a_429_is_waited_out_as_its_retry_after_says():
    answers = iter([httpx.Response(429, headers={"Retry-After": "3"}, json={"detail": "slow"}),
                    httpx.Response(200, json={"day": "2026-12-04"}),
                    httpx.Response(429, headers={"Retry-After": "3600"},
                                   json={"detail": "too many accounts from this address"})])
    pauses: list[float] = []
    with WorldClient("http://x", transport=httpx.MockTransport(lambda r: next(answers)),
                     sleep=pauses.append) as world:
        assert world.day() == {"day": "2026-12-04"}
        assert pauses == [3.0]
        with pytest.raises(WorldError, match="too many accounts") as refused:
            world.day()
    assert refused.value.status == 429 and pauses == [3.0]


def test_a_huge_token_file_is_refused_not_read(tmp_path):
    path = tmp_path / "accounts.json"
    path.write_bytes(b" " * (2 * 1024 * 1024))
    with pytest.raises(WorldError, match="larger than"):
        TokenFile(path).get("http://a")
