"""Another process holding a database's write lock (issue #31's tests of
what waits on it: the window's frames, the commands)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HOLDER = r"""
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
conn.execute("BEGIN IMMEDIATE")
conn.execute("INSERT OR REPLACE INTO state (key, value) VALUES ('held', '1')")
print("held", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
print("released", flush=True)
"""


def hold_the_write_lock(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the database's write lock for ``seconds``."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder
