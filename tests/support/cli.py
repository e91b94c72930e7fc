"""The command line as the tests run it: ``python -m belote2p`` in a subprocess,
with the checkout first on the path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args, stdin=None, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "belote2p", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=60)


def cli(*args, env_extra=None, timeout=120, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("BELOTE2P_DATA_DIR", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "belote2p", *args], capture_output=True,
                          text=True, env=env, timeout=timeout, **kwargs)


def cli_python(*args, timeout=120):
    """``python ARGS`` with the checkout first on the path (a script that runs
    the command line itself, e.g. to measure it)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("BELOTE2P_DATA_DIR", None)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          timeout=timeout)
