"""The world daily's client: the one module that speaks the server's protocol.

Used by ``autoplay --server``, ``board --server``, the tests and, next, the
window.  Every call retries a dropped connection or a 503 with a growing
pause (an action is safe to send again: the server answers the same seq with
the answer it stored), then gives up with a ``WorldError`` that says why.
The account's token is kept in the data folder (``paths.tokens_path``), one
per server, written atomically with owner-only permissions.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from ...core.lines import read_capped
from .paths import tokens_path

log = logging.getLogger(__name__)
RETRIED_STATUSES = frozenset({429, 502, 503, 504})
MAX_WAIT = 60.0  # the longest Retry-After the client sits out
MAX_TOKEN_FILE_BYTES = 1024 * 1024  # a few hundred bytes a server


class WorldError(Exception):
    """The server refused, or could not be reached; ``status`` is the HTTP
    status (None: no answer at all)."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message, self.status = message, status


@dataclass(frozen=True)
class Credentials:
    name: str
    token: str
    recovery_code: str | None = None


def _server_key(base_url: str) -> str:
    return base_url.rstrip("/").lower()


class TokenFile:
    """The client's accounts, one per server URL, in one JSON file."""

    def __init__(self, path: Path | None = None):
        self.path = path or tokens_path()

    def _read(self) -> dict[str, Any]:
        try:
            with open(self.path, "rb") as handle:
                data = json.loads(read_capped(handle, MAX_TOKEN_FILE_BYTES).decode("utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:  # TooLarge and UnicodeDecodeError are ValueErrors
            raise WorldError(f"{self.path} is not a readable accounts file: {exc}") from None
        return data if isinstance(data, dict) else {}

    def get(self, base_url: str) -> Credentials | None:
        entry = self._read().get(_server_key(base_url))
        if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
            return None
        return Credentials(str(entry.get("name", "")), entry["token"],
                           entry.get("recovery_code"))

    def put(self, base_url: str, credentials: Credentials) -> None:
        data = self._read()
        data[_server_key(base_url)] = {"name": credentials.name, "token": credentials.token,
                                       "recovery_code": credentials.recovery_code}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".accounts-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temp, 0o600)
            os.replace(temp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise


class WorldClient:
    def __init__(self, base_url: str, token: str | None = None, *,
                 transport: httpx.BaseTransport | None = None, attempts: int = 6,
                 backoff: float = 0.25, timeout: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.attempts, self.backoff, self.sleep = attempts, backoff, sleep
        self.http = httpx.Client(base_url=self.base_url, transport=transport, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> WorldClient:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the protocol
    def create_account(self, name: str) -> Credentials:
        data = self._call("POST", "/api/v1/accounts", json={"name": name}, auth=False)
        self.token = data["token"]
        return Credentials(data["name"], data["token"], data["recovery_code"])

    def start_run(self) -> dict[str, Any]:
        """Today's run (the same one however often it is asked)."""
        return self._call("POST", "/api/v1/runs")

    def run_state(self, run_id: str) -> dict[str, Any]:
        return self._call("GET", f"/api/v1/runs/{run_id}")

    def act(self, run_id: str, seq: int, word: str) -> dict[str, Any]:
        return self._call("POST", f"/api/v1/runs/{run_id}/actions",
                          json={"seq": seq, "word": word})

    def day(self, day: str = "today") -> dict[str, Any]:
        return self._call("GET", f"/api/v1/days/{day}", auth=False)

    def board(self, day: str, by: str = "score") -> dict[str, Any]:
        return self._call("GET", f"/api/v1/days/{day}/board", params={"by": by}, auth=False)

    def run_file(self, day: str, run_id: str) -> dict[str, Any]:
        """A closed day's run as a run file (``belote2p verify`` checks it)."""
        return self._call("GET", f"/api/v1/days/{day}/runs/{run_id}/file", auth=False)

    # -- the transport
    def _call(self, method: str, path: str, *, json: Any = None,
              params: dict[str, str] | None = None, auth: bool = True) -> dict[str, Any]:
        headers = {}
        if auth:
            if self.token is None:
                raise WorldError("no account on this server yet")
            headers["Authorization"] = f"Bearer {self.token}"
        pause = self.backoff
        for attempt in range(1, self.attempts + 1):
            last = attempt == self.attempts
            try:
                response = self.http.request(method, path, json=json, params=params,
                                             headers=headers)
            except httpx.TransportError as exc:
                if last:
                    raise WorldError(f"the server at {self.base_url} cannot be reached "
                                     f"({type(exc).__name__})") from None
                log.info("retrying %s %s after %s", method, path, type(exc).__name__)
            else:
                if response.status_code not in RETRIED_STATUSES or last:
                    return _answer(response)
                log.info("retrying %s %s after %s", method, path, response.status_code)
                waited = _retry_after(response)
                if waited is not None:  # the server says how long: no sooner, no later
                    if waited > MAX_WAIT:
                        return _answer(response)
                    self.sleep(waited)
                    continue
            self.sleep(pause)
            pause = min(pause * 2, 5.0)
        raise AssertionError("unreachable")  # the last attempt returns or raises


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after", "")
    return float(value) if value.isdigit() else None


def _answer(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        data = None
    if response.is_success and isinstance(data, dict):
        return data
    detail = data.get("detail") if isinstance(data, dict) else None
    if not isinstance(detail, str):
        detail = f"the server answered {response.status_code}"
    raise WorldError(detail, response.status_code)
