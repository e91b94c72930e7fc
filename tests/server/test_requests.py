"""Accounts, hostile names and malformed requests: a 4xx naming what is wrong."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from belote2p.server.app import create_app
from belote2p.server.db import accounts
from belote2p.server.ratelimit import Limit, client_key

from .helpers import engine_of, make_settings, new_account


def test_an_account_gets_a_long_random_token_stored_only_hashed(client):
    answer = client.post("/api/v1/accounts", json={"name": "Zoë"})
    assert answer.status_code == 201
    body = answer.json()
    assert len(body["token"]) >= 43 and body["recovery_code"]  # 256 bits, url-safe
    assert "set-cookie" not in answer.headers
    with engine_of(client).connect() as connection:
        row = connection.execute(select(accounts)).one()
    assert body["token"] not in repr(tuple(row)) and body["recovery_code"] not in repr(tuple(row))
    me = client.get("/api/v1/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert me.json() == {"name": "Zoë"}


@pytest.mark.parametrize(("name", "why"), [
    ("ab\u200dcd", "invisible"), ("evil\u202eeman", "invisible"), ("a\x07b", "control"),
    ("x\ue000", "private-use"), ("y\U000e0fff", "unassigned"), ("n" * 25, "at most 24"),
    ("   ", "visible"),
])
def test_hostile_names_are_refused_with_the_reason(client, name, why):
    answer = client.post("/api/v1/accounts", json={"name": name})
    assert answer.status_code == 400
    assert why in answer.json()["detail"]


def test_names_are_unique_after_nfkc_and_case_folding(client):
    new_account(client, "Straße")
    for taken in ("STRASSE", "straße", "ＳＴＲＡＳＳＥ"):
        answer = client.post("/api/v1/accounts", json={"name": taken})
        assert answer.status_code == 409 and "taken" in answer.json()["detail"]


def test_a_recovery_code_works_once_and_replaces_the_token(client):
    made = client.post("/api/v1/accounts", json={"name": "ivy"}).json()
    again = client.post("/api/v1/accounts/recover",
                        json={"name": "IVY", "recovery_code": made["recovery_code"]})
    assert again.status_code == 200
    assert client.get("/api/v1/me", headers={
        "Authorization": f"Bearer {made['token']}"}).status_code == 401
    assert client.post("/api/v1/accounts/recover", json={
        "name": "ivy", "recovery_code": made["recovery_code"]}).status_code == 401


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer nope"},
                                     {"Authorization": "Basic abc"}])
def test_a_missing_or_wrong_token_is_401(client, headers):
    answer = client.post("/api/v1/runs", headers=headers)
    assert answer.status_code in (401, 403)
    assert answer.json()["detail"]


def test_malformed_requests_are_4xx_never_500(client):
    headers = new_account(client, "jay")
    run = client.post("/api/v1/runs", headers=headers).json()
    path = f"/api/v1/runs/{run['run_id']}/actions"
    cases = [
        client.post(path, headers=headers, content=b"{not json"),
        client.post(path, headers=headers, json={"seq": "one", "word": "pass"}),
        client.post(path, headers=headers, json={"seq": 1}),
        client.post(path, headers=headers, json={"seq": 1, "word": "pass", "extra": 1}),
        client.post(path, headers=headers, json={"seq": -4, "word": "pass"}),
        client.post(path, headers=headers, json=[1, 2]),
        client.post("/api/v1/runs/nosuchrun/actions", headers=headers,
                    json={"seq": 1, "word": "pass"}),
        client.get("/api/v1/days/2026-13-40"),
        client.get("/api/v1/days/yesterday"),
        client.get("/api/v1/days/1999-01-01"),
        client.get("/api/v1/days/2026-12-04/board?by=luck"),
        client.post("/api/v1/accounts", json={"name": 7}),
        # values no PostgreSQL column can hold, and a lone surrogate
        client.get("/api/v1/runs/a%00b", headers=headers),
        client.get("/api/v1/runs/%ED%A0%80", headers=headers),
        client.get("/api/v1/days/2026-12-04/runs/%00/file"),
        client.post("/api/v1/accounts", content=b'{"name": "a\\ud800b"}',
                    headers={"Content-Type": "application/json"}),
        client.post("/api/v1/accounts/recover", json={"name": "a\x00b", "recovery_code": "x"}),
        client.get("/api/v1/me", headers={"Authorization": "Bearer a\x00b"}),
    ]
    for answer in cases:
        assert 400 <= answer.status_code < 500, (answer.request.url, answer.text)
        assert isinstance(answer.json()["detail"], str) and answer.json()["detail"]


def test_an_oversized_body_is_413(client):
    def chunks():  # no Content-Length: the body is counted as it streams
        yield b'{"name": "'
        for _ in range(100):
            yield b"x" * 100
        yield b'"}'

    for content in (b'{"name": "' + b"x" * 10_000 + b'"}', chunks()):
        answer = client.post("/api/v1/accounts", content=content,
                             headers={"Content-Type": "application/json"})
        assert answer.status_code == 413 and "bytes" in answer.json()["detail"]


def test_health_and_ready(client):
    assert client.get("/health").json() == {"status": "ok"}
    assert client.get("/ready").json() == {"status": "ready"}


def test_account_creation_is_rate_limited_with_retry_after(sqlite_url, clock):
    settings = make_settings(sqlite_url, clock, account_limit=Limit(2, 3600))
    with TestClient(create_app(settings)) as client:
        codes = [client.post("/api/v1/accounts", json={"name": f"r{n}"}).status_code
                 for n in range(3)]
        assert codes == [201, 201, 429]
        limited = client.post("/api/v1/accounts", json={"name": "r9"})
        assert int(limited.headers["Retry-After"]) > 0 and "too many" in limited.json()["detail"]


def test_client_addresses_count_ipv6_by_64_and_trust_only_configured_proxies():
    proxies = frozenset({"10.0.0.1"})
    assert client_key("2001:db8:1:2:aaaa::1", None, proxies) == \
        client_key("2001:db8:1:2:bbbb::9", None, proxies) == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1", None, proxies) != "2001:db8:1:2::/64"
    assert client_key("203.0.113.5", "198.51.100.7", proxies) == "203.0.113.5"
    assert client_key("10.0.0.1", "198.51.100.7, 10.0.0.1", proxies) == "198.51.100.7"
    assert client_key("::ffff:192.0.2.1", None, proxies) == "192.0.2.1"
