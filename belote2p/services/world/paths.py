"""Where the world daily keeps its files: in the game's data folder
(``$BELOTE2P_DATA_DIR``, else the platformdirs folder: ``store.paths``
decides), so the server's embedded database and the client's tokens follow
``--data-dir`` like everything else."""

from __future__ import annotations

from pathlib import Path

from ...store.paths import data_dir

SERVER_DB_NAME = "world-server.sqlite3"  # ``belote2p serve``'s embedded database
TOKENS_NAME = "world-accounts.json"  # the client's accounts, one per server


def server_db_path() -> Path:
    return data_dir() / SERVER_DB_NAME


def tokens_path() -> Path:
    return data_dir() / TOKENS_NAME
