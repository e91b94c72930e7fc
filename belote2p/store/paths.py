"""Where the game keeps its data: one function decides."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "BELOTE2P_DATA_DIR"
DB_NAME = "belote2p.db"


def data_dir() -> Path:
    """``$BELOTE2P_DATA_DIR`` (set by ``belote2p --data-dir DIR``), else the
    user data folder of this system (platformdirs)."""
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("belote2p", appauthor=False))


def db_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return Path(folder if folder is not None else data_dir()) / DB_NAME
