"""schemathesis against the server's own ``/openapi.json``, in-process (the
app over a fresh SQLite database, no network): every operation the schema
describes — the JSON API under /api/v1, /health, /ready and the board's HTML
pages — gets about 25 generated requests, derandomized (the same requests at
every run), and every answer must be no server error (``not_a_server_error``:
never a 5xx, which here would be a 500: the database is up) and conform to the
schema: its status code documented, its content type the documented one, its
JSON body valid against its model.

Rate limits are raised out of the way, so the requests reach the endpoints'
own checks rather than a 429.  Measured: 11 s for the 13 operations (and the
4 that need an account once more, signed with a real token and run) on this
machine, 2 cores shared with other work (``pytest -q
tests/server/test_web_schemathesis.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("schemathesis")

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from belote2p.server.app import create_app
from belote2p.server.clock import ManualClock
from belote2p.server.ratelimit import Limit

from .helpers import make_settings

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
UNLIMITED = Limit(10**9, 60)


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schemathesis")
    settings_ = make_settings(f"sqlite:///{folder / 'world.db'}",
                              ManualClock(datetime(2026, 12, 4, 12, tzinfo=timezone.utc)),
                              in_process_worker=False, account_limit=UNLIMITED,
                              run_limit=UNLIMITED, action_limit=UNLIMITED)
    app = create_app(settings_)
    with TestClient(app) as client:  # an account with today's run started: requests that
        made = client.post("/api/v1/accounts", json={"name": "fuzz"}).json()  # reach the referee
        token = made["token"]
        run = client.post("/api/v1/runs", headers={"Authorization": f"Bearer {token}"}).json()
    return schemathesis.openapi.from_asgi("/openapi.json", app), Door(token, run["run_id"])


@dataclass(frozen=True)
class Door:
    token: str  # a real account's
    run_id: str  # its run of the day


def _fuzz(operation, door: Door, signed: bool) -> str | None:
    """The operation's ~25 derandomized requests (``signed``: with the account's
    real token and run, so they pass the door and reach the endpoint's own
    checks, the referee's above all); the first failure's report, or None."""
    @given(case=operation.as_strategy())
    @settings(max_examples=25, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    def requests(case) -> None:
        if signed:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {door.token}"}
            if "run_id" in (case.path_parameters or {}):
                case.path_parameters = {**case.path_parameters, "run_id": door.run_id}
        case.call_and_validate(checks=CHECKS)

    try:
        requests()
    except Exception as failure:  # noqa: BLE001 - schemathesis's report, gathered for all
        return f"{operation.label}: {failure}"
    return None


def test_no_server_error_and_answers_as_the_schema_says(api_schema):
    """(One test over every operation: schemathesis's pytest plugin does not run
    under this pytest; the operations' failures are all reported at once.)"""
    schema, door = api_schema
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10, [op.label for op in operations]
    secured = [op for op in operations if op.definition.raw.get("security")]
    failures = [found for op in operations if (found := _fuzz(op, door, False))]
    failures += [found for op in secured if (found := _fuzz(op, door, True))]
    assert failures == [], "\n\n".join(failures)
