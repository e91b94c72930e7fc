"""Issue #8: several processes on one data folder, damaged files, bad rows,
the run lock, AI runs, and the leaderboard's output."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from belote2p.store import MemoryStore, SqliteStore, connection, open_store
from belote2p.store.paths import DB_NAME
from belote2p.store.stress import one_round
from lab.figures import FakeRun
from tests.support.cli import ROOT, cli

STARTED = "2024-05-01T10:00:00+00:00"
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("BELOTE2P_DATA_DIR", None)


def test_the_issue_scenario_loses_nothing(tmp_path):
    """A window, a long autoplay, short autoplays and leaderboard calls at once:
    before the fix most rounds lost runs and some failed integrity_check."""
    for n in range(2):
        figures = one_round(tmp_path / f"round-{n}", shorts=6, tag=str(n))
        assert figures["failures"] == [] and figures["missing"] == 0
        assert figures["integrity_check"] == ["ok"] and not figures["deleted_wal_seen"]


def _deleted_wal_here() -> bool:
    fds = Path("/proc/self/fd")
    return any(os.readlink(fds / fd).endswith("-wal (deleted)") for fd in os.listdir(fds)
               if (fds / fd).is_symlink())


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc")
def test_another_process_closing_keeps_our_wal(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.save_run("kept", ["pass"], STARTED)
    for _ in range(3):  # a leaderboard call opens and closes the database
        assert cli("--data-dir", str(tmp_path), "leaderboard").returncode == 0
        store.save_run("kept", ["pass", "pass"], STARTED)
        assert not _deleted_wal_here()
    seen = cli("--data-dir", str(tmp_path), "leaderboard", "--json")
    assert seen.returncode == 0
    other = SqliteStore(tmp_path / DB_NAME, echo=False)
    assert other.load_run().actions == ("pass", "pass")


def test_unclean_stop_gets_the_full_check(tmp_path, monkeypatch):
    open_store(tmp_path, echo=False).close()
    asked = []
    real = connection.integrity

    def spy(conn, full):
        asked.append(full)
        return ["row 3 missing from index sqlite_autoindex_runs_1"] if full else real(conn, full)

    monkeypatch.setattr(connection, "integrity", spy)
    open_store(tmp_path, echo=False).close()
    assert asked == [False]  # a clean stop: the quick check
    Path(f"{tmp_path / DB_NAME}-wal").write_bytes(b"")  # what a killed process leaves
    store = open_store(tmp_path, echo=False)
    assert asked[1:] == [True, False]  # the full check failed: a fresh file, checked quickly
    assert any("full integrity check after an unclean stop" in w and "missing from index" in w
               for w in store.warnings)


def test_damaged_file_keeps_every_readable_row(tmp_path):
    store = open_store(tmp_path, echo=False)
    for i in range(200):
        store.record_finished_run(FakeRun(f"k{i}", i % 4, i), f"keep {i}", STARTED)
    store.save_settings({"sound": False})
    store.close()
    db = tmp_path / DB_NAME
    conn = sqlite3.connect(db)
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'runs_rank'"
                        ).fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    data[(root - 1) * page:root * page] = bytes(page)  # the index is gone, the table is fine
    db.write_bytes(bytes(data))
    again = open_store(tmp_path, echo=False)
    assert any("carried over" in w for w in again.warnings)
    assert len(list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))) >= 1
    assert len(again.finished_runs()) == 200
    assert again.load_settings() == {"sound": False}
    assert connection.integrity(again.keeper.conn, full=True) == ["ok"]


def _raw(tmp_path) -> sqlite3.Connection:
    open_store(tmp_path, echo=False).close()
    return sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)


def test_bad_rows_are_reported_and_skipped(tmp_path):
    conn = _raw(tmp_path)
    good = ("Good", 10_005, 1, 5, 2, 2, STARTED, STARTED, "g", 0, 1, "[]")
    bad = [("Bad", "lots", 1, 5, 2, 2, STARTED, STARTED, "b1", 0, 1, "[]"),
           ("Bad", 99_999, 1, 5, 2, 2, STARTED, STARTED, "b2", 0, 1, "[]"),
           ("Bad", 10_005, 1, 5, 9, 2, STARTED, STARTED, "b3", 0, 1, "[]"),
           ("Bad", 10_005, 1, 5, 2, 2, STARTED, STARTED, "b4", 0, 1, "{not json"),
           ("\x00", 10_005, 1, 5, 2, 2, STARTED, STARTED, "b5", 0, 1, "[]")]
    for row in [good, *bad]:
        conn.execute("INSERT INTO runs (name, score, streak, margin_total, level, matches, "
                     "started, ended, seed, abandoned, named, results) VALUES "
                     "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
    conn.execute("INSERT INTO current_run (slot, seed, started, actions, updated) "
                 "VALUES ('game', 's', ?, '[1, 2]', ?)", (STARTED, STARTED))
    conn.execute("INSERT INTO state (key, value) VALUES ('last_name', '[\"x\"]')")
    conn.close()
    store = open_store(tmp_path, echo=False)
    # a name the game would not write is shown escaped, its run listed (issue #44)
    assert [e.name for e in store.leaderboard()] == ["Good", "\\x00"]
    assert store.load_run() is None and store.last_name() is None
    assert any("runs" in w and "skipped" in w for w in store.warnings)
    board = cli("--data-dir", str(tmp_path), "leaderboard")
    assert board.returncode == 0 and "Traceback" not in board.stderr and "Good" in board.stdout


@pytest.mark.parametrize("value", ['[1, 2]', '{"a": 1}', '"yes"', '3', 'not json'])
def test_a_setting_of_the_wrong_type_falls_back(tmp_path, value):
    conn = _raw(tmp_path)
    conn.execute("INSERT INTO settings (key, value) VALUES ('sound', ?)", (value,))
    conn.close()
    store = open_store(tmp_path, echo=False)
    defaults = {"sound": True, "animation_speed": "normal"}
    assert store.load_settings(defaults) == defaults
    memory = MemoryStore()  # the same code in memory
    memory.keeper.transact(lambda c: c.execute(
        "INSERT INTO settings (key, value) VALUES ('sound', ?)", (value,)))
    assert memory.load_settings(defaults) == defaults


def test_run_lock_between_windows(tmp_path):
    first, second = open_store(tmp_path, echo=False), open_store(tmp_path, echo=False)
    mine, theirs = first.run_lock(), second.run_lock()
    assert mine.acquire() and mine.acquire() and not theirs.acquire()
    mine.release()
    assert theirs.acquire()
    theirs.release()
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom belote2p.store import open_store\n"
         "lock = open_store(sys.argv[1], echo=False).run_lock()\n"
         "print(lock.acquire(), flush=True)\ntime.sleep(60)", str(tmp_path)],
        stdout=subprocess.PIPE, text=True, env=ENV)
    try:
        assert child.stdout.readline().strip() == "True"
        assert not mine.acquire()  # open in the other window
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        assert mine.acquire()  # the OS let go when it died
    finally:
        child.kill()
        child.wait(30)
        child.stdout.close()
    assert not (tmp_path / DB_NAME).with_name(DB_NAME + ".run-game.lock").samefile(
        tmp_path / DB_NAME)
    memory = MemoryStore()
    assert memory.run_lock().acquire() and not memory.run_lock().acquire()


def test_autoplay_is_an_ai_run_and_counts_once(tmp_path):
    args = ("--data-dir", str(tmp_path), "autoplay", "--no-skill",
            "--level", "1", "--seed", "twice",
            "--max-matches", "1", "--name", "Bot")
    first, second = cli(*args), cli(*args)
    assert first.returncode == 0 and second.returncode == 0
    board = json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--include-ai",
                           "--json").stdout)
    assert [(e["name"], e["ai"]) for e in board] == [("Bot", True)]
    table = cli("--data-dir", str(tmp_path), "leaderboard", "--include-ai").stdout
    assert "Played by" in table and " AI " in table
    # the player's board (the default) holds none of them (issue #17)
    assert cli("--data-dir", str(tmp_path), "leaderboard", "--json").stdout.strip() == "[]"
    other = cli(*args[:-1], "Other")  # another name: another entry
    assert other.returncode == 0
    assert len(json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--include-ai",
                              "--json").stdout)) == 2


def test_leaderboard_output_never_fails_on_a_name(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.record_finished_run(FakeRun("cjk", 1, 7), "王小明", STARTED)
    store.close()
    ascii_env = {"PYTHONIOENCODING": "ascii"}
    table = cli("--data-dir", str(tmp_path), "leaderboard", env_extra=ascii_env)
    assert table.returncode == 0 and "Traceback" not in table.stderr and "?" in table.stdout
    out = cli("--data-dir", str(tmp_path), "leaderboard", "--json", env_extra=ascii_env)
    assert out.returncode == 0 and out.stdout.isascii() and "\\u738b" in out.stdout
    assert json.loads(out.stdout)[0]["name"] == "王小明"
    to_file = tmp_path / "board.txt"
    with open(to_file, "w", encoding="ascii") as f:
        written = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path),
                                  "leaderboard"], stdout=f, stderr=subprocess.PIPE, text=True,
                                 env=dict(ENV, PYTHONIOENCODING="ascii"), timeout=60)
    assert written.returncode == 0 and "Rank" in to_file.read_text()
