"""The language saved in the player's settings, read before the game starts.

The command line needs it to pick a language (``--lang``, then
``$BELOTE2P_LANG``, then this, then the system locale) before any screen opens.
It only peeks at the database, read-only: opening the store for real may move
a damaged file aside or warn, and that belongs to the screen that reports it.
Anything that goes wrong means "no saved language".
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

SETTING_KEY = "language"  # the settings row the language picker saves to


def read_saved_language(db_file: Path | None = None) -> str | None:
    """The saved ``language`` setting, or None when there is none or it cannot be read."""
    try:
        if db_file is None:
            from ..store.paths import db_path

            db_file = db_path()
        if not db_file.is_file():
            return None
        conn = sqlite3.connect(db_file.resolve().as_uri() + "?mode=ro", uri=True, timeout=0.5)
        try:
            row = conn.execute("SELECT value FROM settings WHERE key = ?",
                               (SETTING_KEY,)).fetchone()
        finally:
            conn.close()
        value = json.loads(row[0]) if row else None
    except Exception:  # noqa: BLE001 - a missing, locked or odd database: no saved choice
        return None
    return value if isinstance(value, str) else None
