"""The store in memory is the SQLite store on a database in memory (issue #18 §1):
the same rules (they are the same SQL), no file, and the read-only fallback a
whole copy of what the file holds."""

from __future__ import annotations

import os
import sqlite3

from belote2p.core.match import Run
from belote2p.store import MemoryStore, SqliteStore, sqlite
from belote2p.store.paths import DB_NAME
from tests.support.store_runs import random_actions

STARTED = "2024-05-01T10:00:00.000000+00:00"


def _finished(store, seed: str, started: str = STARTED) -> int:
    actions = random_actions(seed, n_matches=None)
    store.save_run(seed, actions, started)  # hand records are kept as hands end
    return store.record_finished_run(Run.replay(seed, actions), "Ann", started)


def test_the_memory_store_is_the_sqlite_store_and_makes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a store that wrote ":memory:" files would leave them here
    store = MemoryStore()
    assert isinstance(store, SqliteStore) and store.location is None and not store.saving
    entry = _finished(store, "mem")
    store.save_settings({"sound": False})
    lock = store.run_lock()
    assert lock.acquire() and not store.run_lock().acquire()  # shared by its own locks
    lock.release()
    assert store.hand_records(entry) and store.load_settings() == {"sound": False}
    assert not store.warnings and not store.saving  # never "saving works again"
    store.close()
    assert os.listdir(tmp_path) == []


def test_the_read_only_fallback_copies_everything_the_file_holds(tmp_path):
    """``open_store``'s fallback for a folder it cannot write: the Python
    twin's snapshot kept the runs, the settings and the name, but not the
    hand records, so the history's hands of a finished run were empty."""
    path = tmp_path / DB_NAME
    with SqliteStore(path, echo=False) as store:
        entry = _finished(store, "ro")
        records = store.hand_records(entry)
        store.save_settings({"animation_speed": "fast"})
        store.set_last_name("Ann")
        store.save_run("later", ["pass"], "2024-05-02T10:00:00+00:00")
        board = store.leaderboard()
    before = path.read_bytes()
    memory = sqlite._read_only_snapshot(path)
    assert isinstance(memory, MemoryStore)
    assert records and memory.hand_records(entry) == records
    assert memory.leaderboard() == board and memory.last_name() == "Ann"
    assert memory.load_settings() == {"animation_speed": "fast"}
    assert memory.load_run().actions == ("pass",)
    memory.record_finished_run(Run.replay("later", ["pass"]), "Bob", "2024-05-02T10:00:00+00:00")
    assert len(memory.leaderboard()) == 2 and path.read_bytes() == before  # the file untouched
    memory.close()


def test_a_bad_row_of_the_copied_file_costs_its_row_in_memory_too(tmp_path):
    path = tmp_path / DB_NAME
    with SqliteStore(path, echo=False) as store:
        keep, spoil = _finished(store, "keep"), _finished(store, "spoil", "2024-05-03T00:00:00")
    conn = sqlite3.connect(path)
    conn.execute("UPDATE runs SET score = 7 WHERE id = ?", (spoil,))  # not streak and margin
    conn.commit()
    conn.close()
    memory = sqlite._read_only_snapshot(path)
    assert memory is not None
    assert [e.entry_id for e in memory.leaderboard()] == [keep]
    assert any(f"runs in {path} (read-only) is not valid (run {spoil}: score" in w
               for w in memory.warnings)
