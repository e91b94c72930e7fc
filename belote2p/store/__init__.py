"""Storage: the leaderboard, the run in progress, settings and hand records.

    from belote2p.store import open_store, clean_name
    store = open_store()          # SQLite in the data folder, or memory + a warning
    store.save_run(seed, run.actions, started)   # after every action

See docs/STORE.md for the schema, migrations and what happens on faults.
"""

from .api import GAME_SLOT, LeaderboardEntry, SavedRun, Store
from .names import NAME_MAX, clean_name
from .paths import data_dir, db_path
from .runs import restore_run, run_summary
from .sqlite import MemoryStore, SqliteStore, open_store

__all__ = [
    "GAME_SLOT", "NAME_MAX", "LeaderboardEntry", "MemoryStore", "SavedRun", "SqliteStore",
    "Store", "clean_name", "data_dir", "db_path", "open_store", "restore_run", "run_summary",
]
