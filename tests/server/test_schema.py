"""schemathesis against /openapi.json in-process: no request it makes gets a 5xx.

A fixed seed, derandomized, a few examples an operation, so CI stays inside
its time; half the requests carry a real account's token so the run and
action endpoints are reached past the 401."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from belote2p.server.app import create_app  # noqa: E402
from belote2p.server.clock import ManualClock  # noqa: E402
from belote2p.server.ratelimit import Limit  # noqa: E402

from .helpers import make_settings  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schema")
    many = Limit(1_000_000, 60)
    return create_app(make_settings(f"sqlite:///{folder / 'world.sqlite3'}",
                                    ManualClock(datetime(2026, 12, 4, 12, tzinfo=timezone.utc)),
                                    account_limit=many, run_limit=many, action_limit=many))


@pytest.fixture(scope="module")
def token(app):
    from fastapi.testclient import TestClient

    with TestClient(app) as client:
        made = client.post("/api/v1/accounts", json={"name": "schema"}).json()
        client.post("/api/v1/runs", headers={"Authorization": f"Bearer {made['token']}"})
    return made["token"]


def test_no_request_gets_a_server_error(app, token):
    api = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 10
    statuses: list[int] = []
    for operation, mode in itertools.product(operations, GenerationMode):
        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=25, derandomize=True, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case):
            if case.path.startswith("/api/v1/runs") or case.path == "/api/v1/me":
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
            response = case.call()
            case.validate_response(response, checks=[not_a_server_error])
            assert response.status_code < 500, (case.path, response.text)
            statuses.append(response.status_code)

        try:
            check()
        except Unsatisfiable:  # no way to break an operation that takes nothing
            assert mode is GenerationMode.NEGATIVE
    assert len(statuses) >= 10 * len(operations)
    assert {200, 400, 404, 422} <= set(statuses)  # it got past the gates, and was refused too
