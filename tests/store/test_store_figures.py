"""Issue #31 item 4: a finished run's figures are counted once, when it is
recorded (or by schema step 4 for the runs already there), and the statistics,
History's pages and ``runs`` read them; an edited or damaged run is still
judged as before (its figures are dropped by the change and it is replayed)."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from belote2p.match import Run
from belote2p.services.stats import compute_stats, stats_of
from belote2p.store import MemoryStore, open_store, pending, queries, schema
from belote2p.store import figures as figures_module
from belote2p.store import runs as runs_module
from belote2p.store import sqlite as sqlite_store
from belote2p.store.api import RunRow
from belote2p.store.connection import NewerDatabase
from belote2p.store.paths import DB_NAME
from belote2p.store.rows import RUN_COLUMNS
from tests.support.store_runs import random_actions

LONG_RUNS = 6  # long random runs; every prefix of each, abandoned, is a run too
CUTS = 50


def _runs() -> list[tuple[str, tuple[str, ...], bool]]:
    """A few hundred different finished runs, fast: prefixes of a few long ones,
    abandoned (seed, actions, abandoned), and the long ones whole."""
    out = []
    for i in range(LONG_RUNS):
        seed = f"figures-{i}"
        actions = tuple(random_actions(seed, n_matches=None))
        out.append((seed, actions, False))
        for k in range(1, CUTS):
            out.append((seed, actions[:len(actions) * k // CUTS], True))
    return out


def _record_all(store, found) -> None:
    for i, (seed, actions, abandoned) in enumerate(found):
        run = Run.replay(seed, list(actions))
        if abandoned and not run.over:
            run.abandon()
        store.record_finished_run(run, f"P{i % 5}", f"2026-11-{1 + i % 28:02d}T10:00:{i % 60:02d}"
                                  f".{i:06d}+00:00", ai_key=f"k{i}" if i % 7 == 0 else None)


@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("many")
    store = open_store(folder, echo=False)
    _record_all(store, _runs())
    store.close()
    return folder


def test_stored_figures_are_the_replayed_ones(many):
    store = open_store(many, echo=False)
    replayed = store.list_runs()  # every run checked and replayed, as before version 4
    assert len(replayed) == LONG_RUNS * CUTS
    for include_ai in (False, True):
        assert stats_of(store.figure_totals(include_ai)) == \
            compute_stats(replayed, include_ai=include_ai)
    assert store.runs_page() == [replace(r, actions=()) for r in replayed]
    assert store.runs_objects() == [r.as_json() for r in replayed]  # (``runs --json``)
    assert store.run_scores(True) == sorted((r.started, r.score) for r in replayed)


def test_statistics_and_pages_replay_no_run(many, monkeypatch):
    class NoReplay:
        def __init__(self, *args, **kwargs):
            raise AssertionError("a run was replayed")

    figures_module.figures_of.cache_clear()
    monkeypatch.setattr(figures_module, "Run", NoReplay)
    monkeypatch.setattr(runs_module, "Run", NoReplay)
    store = open_store(many, echo=False)
    stats = stats_of(store.figure_totals(include_ai=True))
    assert stats.runs == LONG_RUNS * CUTS and stats.hands > 0
    assert len(store.run_scores(True)) == LONG_RUNS * CUTS
    first = store.runs_page(limit=100)
    second = store.runs_page(first[-1], 100)
    assert len(first) == len(second) == 100 and first[-1].started > second[0].started
    assert [r.run_id for r in store.runs_page()][:200] == [r.run_id for r in first + second]
    assert [o["id"] for o in store.runs_objects()][:200] == [r.run_id for r in first + second]
    assert len(store.leaderboard()) == 10


def _edit(folder: Path, sql: str) -> None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    conn.execute(sql)
    conn.close()


@pytest.mark.parametrize("edit", [
    "UPDATE runs SET streak = 99, margin_total = 9999, score = 999999 WHERE id = 2",
    "UPDATE runs SET actions = '[\"take:S\", \"take:S\"]' WHERE id = 2",
    "UPDATE run_figures SET score = 999999, streak = 99, hands = 5000 WHERE run_id = 2",
])
def test_an_edited_run_or_figure_is_judged_as_before(tmp_path, edit):
    store = open_store(tmp_path, echo=False)
    _record_all(store, _runs()[:3])
    before = stats_of(store.figure_totals())
    store.close()
    _edit(tmp_path, edit)
    store = open_store(tmp_path, echo=False)
    listed = {r.run_id: r for r in store.runs_page()}
    assert store.runs_objects() == [r.as_json() for r in store.runs_page()]
    assert listed[2].altered == ("run_figures" not in edit)
    assert (listed[2].score < 999_999 and 2 not in {e.entry_id for e in store.leaderboard()}) \
        or "run_figures" in edit
    after = stats_of(store.figure_totals())
    assert after.best_score < 999_999 and after.hands < 5000
    assert after == compute_stats(store.list_runs())
    if "actions" not in edit:
        assert after == before  # the replayed figures, whatever the edit claimed


def _version_3(folder: Path, found) -> None:
    """A database of version 3 holding ``found``: as the game before issue #31 kept it."""
    memory = MemoryStore()
    _record_all(memory, found)
    rows: list[tuple[Any, ...]] = memory._read(lambda c: queries.run_rows(c), [])
    folder.mkdir(exist_ok=True)
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    schema.migrate(conn, schema.MIGRATIONS[:3])
    marks = ", ".join("?" for _ in rows[0])
    conn.executemany(f"INSERT INTO runs ({', '.join(RUN_COLUMNS)}) VALUES ({marks})",
                     rows)
    conn.close()


def test_the_migration_counts_the_figures_of_the_runs_already_there(tmp_path):
    found = _runs()[:40]
    _version_3(tmp_path, found)
    store = open_store(tmp_path, echo=False)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0] == 40
    assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)


def test_a_migration_that_fails_midway_leaves_version_3(tmp_path, monkeypatch):
    _version_3(tmp_path, _runs()[:5])
    calls = []

    def failing(conn, key, value):
        calls.append(key)
        conn.execute("INSERT INTO run_figures (run_id) VALUES (1)")  # NOT NULL: fails

    monkeypatch.setattr(schema, "put_state", failing)
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    with pytest.raises(sqlite3.IntegrityError):
        schema.migrate(conn)
    assert calls and schema.version_of(conn) == 3
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'run_figures'"
                        ).fetchone() is None
    monkeypatch.undo()
    assert schema.migrate(conn) == schema.SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0] == 0  # counted after
    conn.close()
    store = open_store(tmp_path, echo=False)  # counts them, a batch a transaction
    store.close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0] == 5
    conn.close()


# -- schema 4 and store-core's paths (issue #31: the rebase of store-scale onto the split store)
def test_version_3_migrates_and_a_newer_version_is_left_as_it_is(tmp_path):
    newer = schema.SCHEMA_VERSION + 1
    for folder, version in ((tmp_path / "v3", 3), (tmp_path / "v5", newer)):
        _version_3(folder, _runs()[:3])
        with sqlite3.connect(folder / DB_NAME) as conn:
            conn.execute(f"PRAGMA user_version = {version}")
    before = (tmp_path / "v5" / DB_NAME).read_bytes()
    with pytest.raises(NewerDatabase, match=f"version is {newer}, this version knows up to "
                                            f"{schema.SCHEMA_VERSION}"):
        open_store(tmp_path / "v5", echo=False)
    assert (tmp_path / "v5" / DB_NAME).read_bytes() == before
    open_store(tmp_path / "v3", echo=False).close()
    with sqlite3.connect(tmp_path / "v3" / DB_NAME) as conn:
        assert schema.version_of(conn) == schema.SCHEMA_VERSION
        assert conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0] == 3


def test_a_read_only_copy_of_a_version_3_database_shows_its_runs(tmp_path):
    """A folder that cannot be written shows what its file holds (a copy in
    memory): an older file's copy is migrated there, the file left at 3."""
    _version_3(tmp_path, _runs()[:6])
    before = (tmp_path / DB_NAME).read_bytes()
    memory = sqlite_store._read_only_snapshot(tmp_path / DB_NAME)
    assert memory is not None
    assert len(memory.runs_page()) == 6 and memory.figure_totals(True).runs == 6
    assert stats_of(memory.figure_totals(True)) == compute_stats(memory.list_runs(), True)
    assert (tmp_path / DB_NAME).read_bytes() == before


def _figure_count(folder: Path) -> int:
    with sqlite3.connect(folder / DB_NAME) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0])


def test_a_run_written_behind_is_read_back_then_written_with_its_figures(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.write_behind()
    _record_all(store, _runs()[:3])
    assert [r.run_id for r in store.runs_page()] == [-3, -2, -1]  # read back at once
    assert [o["id"] for o in store.runs_objects()] == [-3, -2, -1]
    store.flush()
    assert _figure_count(tmp_path) == 3
    assert [r.run_id for r in store.runs_page()] == [-3, -2, -1]  # the ids handed out
    assert [o["id"] for o in store.runs_objects()] == [-3, -2, -1]
    assert store.figure_totals(True).runs == 3
    store.close()


def test_runs_kept_aside_are_recorded_with_their_figures(tmp_path):
    memory = MemoryStore()
    _record_all(memory, _runs()[:4])
    kept: list[RunRow] = memory._read(lambda c: memory.repository.run_rows(c, None), [])
    open_store(tmp_path, echo=False).close()
    assert pending.keep(tmp_path / DB_NAME, kept) is not None
    store = open_store(tmp_path, echo=False)  # carries the pending file over
    assert not list(tmp_path.glob(f"{DB_NAME}.pending-*"))
    assert _figure_count(tmp_path) == 4
    assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)
    store.close()


def test_a_listed_text_that_is_not_utf8_costs_nothing_but_its_characters(tmp_path):
    """``queries.listed_runs`` lets sqlite3 decode texts strictly (fast) and
    reads again with the surrogate-escaping factory when one is not UTF-8: a
    run with figures whose name was damaged in place is listed as before."""
    store = open_store(tmp_path, echo=False)
    _record_all(store, _runs()[:3])
    store.close()
    _edit(tmp_path, "DROP TRIGGER runs_edited")  # the figures stay: the fast path's rows
    _edit(tmp_path, "UPDATE runs SET name = CAST(x'4bff' AS TEXT) WHERE id = 2")
    store = open_store(tmp_path, echo=False)
    assert _figure_count(tmp_path) == 3
    assert [(r.run_id, r.name) for r in store.runs_page()] == [
        (3, "P2"), (2, "K\ufffd"), (1, "P0")]
    assert [(o["id"], o["name"]) for o in store.runs_objects()] == [
        (3, "P2"), (2, "K\ufffd"), (1, "P0")]
    assert not store.warnings


def test_runs_json_objects_are_the_records_with_a_run_in_progress_and_a_bad_row(tmp_path):
    """``runs --json`` builds its objects from the stored figures' rows, not
    from records: the same objects, the run in progress first, and a listed
    value of the wrong type costs its run only, told once, as in History."""
    store = open_store(tmp_path, echo=False)
    _record_all(store, _runs()[:4])
    seed, actions, _abandoned = _runs()[LONG_RUNS]
    store.save_run(seed, list(actions[:9]), "2026-11-30T09:00:00+00:00")
    store.close()
    _edit(tmp_path, "DROP TRIGGER runs_edited")  # the figures stay: the fast path's rows
    _edit(tmp_path, "UPDATE runs SET ended = x'37' WHERE id = 3")  # a blob
    store = open_store(tmp_path, echo=False)
    objects = store.runs_objects()
    assert objects == [r.as_json() for r in store.runs_page()]
    assert [o["id"] for o in objects] == [0, 4, 2, 1]
    assert objects[0]["status"] == "in progress" and "seed" not in objects[0]
    assert sum("run 3" in w for w in store.warnings) == 1


# -- schema 4's counting, a batch a transaction (issue #31: one transaction of
# some 30 s for 10,000 runs held every other process's writes; a kill lost it all)
COUNTING = r"""
import os, signal, sys, time
from belote2p.store import open_store, queries
real, calls = queries.figures_of, [0]
queries.FIGURES_BATCH = 20  # (a name main does not read: it counts in one go)


def counted(*args):
    calls[0] += 1
    if calls[0] == 1:
        print("counting", flush=True)
    if calls[0] == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(float(sys.argv[3]))
    return real(*args)


queries.figures_of = counted
open_store(sys.argv[1], echo=False).close()
print("done", flush=True)
"""


def _counting(folder: Path, kill_at: int, pause: float):
    import subprocess
    import sys

    from tests.support.cli import ROOT

    return subprocess.Popen([sys.executable, "-c", COUNTING, str(folder), str(kill_at),
                             str(pause)], stdout=subprocess.PIPE, text=True, cwd=ROOT)


def _figures_kept(folder: Path) -> tuple[int, int]:
    conn = sqlite3.connect(folder / DB_NAME)
    try:
        return (conn.execute("PRAGMA user_version").fetchone()[0],
                conn.execute("SELECT COUNT(*) FROM run_figures").fetchone()[0])
    finally:
        conn.close()


def test_a_kill_while_the_figures_are_counted_keeps_the_batches_done(tmp_path):
    found = _runs()[:150]
    _version_3(tmp_path, found)
    counting = _counting(tmp_path, kill_at=70, pause=0)
    counting.wait(timeout=120)
    assert counting.returncode == -9
    version, kept = _figures_kept(tmp_path)
    # three batches of 20 (main: version 3, none)
    assert (version, kept) == (schema.SCHEMA_VERSION, 60)
    store = open_store(tmp_path, echo=False)  # goes on from there
    assert _figures_kept(tmp_path) == (schema.SCHEMA_VERSION, 150)
    assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)
    store.close()


def test_other_processes_write_while_the_figures_are_counted(tmp_path):
    _version_3(tmp_path, _runs()[:150])
    counting = _counting(tmp_path, kill_at=0, pause=0.02)  # some 3 s in all
    try:
        assert counting.stdout is not None and counting.stdout.readline().strip() == "counting"
        conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None, timeout=1.5)
        t0 = time.monotonic()
        conn.execute("BEGIN IMMEDIATE")  # a batch's 0.4 s at most (main: the whole count)
        conn.execute("INSERT INTO state (key, value) VALUES ('other', '1')")
        conn.execute("COMMIT")
        waited = time.monotonic() - t0
        conn.close()
        assert counting.poll() is None and waited < 1.5
        assert counting.stdout.readline().strip() == "done"
    finally:
        counting.kill()
        counting.wait(timeout=60)
    assert _figures_kept(tmp_path) == (schema.SCHEMA_VERSION, 150)
