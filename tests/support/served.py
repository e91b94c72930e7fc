"""Waiting for a ``belote2p serve`` process the tests started to be ready."""

from __future__ import annotations

import subprocess
import time

import httpx


def wait_until_ready(url: str, process: subprocess.Popen, seconds: float) -> None:
    """Return once ``url``'s ``/ready`` answers 200; fail if the process ends
    first or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/ready", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert process.poll() is None, "belote2p serve ended at start"
        time.sleep(0.05)
    raise AssertionError(f"belote2p serve was not ready within {seconds:g} s")
