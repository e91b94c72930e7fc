"""Issue #31 item 4: a finished run's figures are counted once, when it is
recorded (or by schema step 4 for the runs already there), and the statistics,
History's pages and ``runs`` read them; an edited or damaged run is still
judged as before (its figures are dropped by the change and it is replayed)."""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from belote2p.core.match import Run
from belote2p.services.stats import compute_stats, stats_of
from belote2p.store import MemoryStore, open_store, pending, queries, schema
from belote2p.store import figures as figures_module
from belote2p.store import runs as runs_module
from belote2p.store import sqlite as sqlite_store
from belote2p.store.api import PlayedBy, RunRow, SavedRun
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
    _personal_bests_agree(store)
    assert store.run_scores(True) == sorted((r.started, r.score) for r in replayed)


def test_statistics_and_pages_replay_no_run_and_the_board_its_own(many, monkeypatch):
    """The sums and the pages read the stored figures; the board (and the
    bests the statistics show, the board's first) replays the runs it shows
    and no other (issue #44: a cached figure never ranks a run)."""
    replays = []

    class CountedRun(Run):
        def __init__(self, *args, **kwargs):
            replays.append(args[0])
            super().__init__(*args, **kwargs)

    figures_module.figures_of.cache_clear()
    monkeypatch.setattr(figures_module, "Run", CountedRun)
    monkeypatch.setattr(runs_module, "Run", CountedRun)
    store = open_store(many, echo=False)
    stats = stats_of(store.figure_totals(include_ai=True))
    assert stats.runs == LONG_RUNS * CUTS and stats.hands > 0
    assert len(replays) == 1  # the best run, the board's first
    assert len(store.run_scores(True)) == LONG_RUNS * CUTS
    first = store.runs_page(limit=100)
    second = store.runs_page(first[-1], 100)
    assert len(first) == len(second) == 100 and first[-1].started > second[0].started
    assert [r.run_id for r in store.runs_page()][:200] == [r.run_id for r in first + second]
    assert [o["id"] for o in store.runs_objects()][:200] == [r.run_id for r in first + second]
    assert len(replays) == 1
    assert len(store.leaderboard()) == 10
    assert len(replays) == 10  # its ten, the first replayed once (cached)


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
    _personal_bests_agree(store)
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


def _personal_bests_agree(store) -> None:
    """``best_earlier_score`` is what the run-over panel once computed by
    listing every run: the best listed score of the player's other finished
    runs (a run not counted yet, edited or written behind included)."""
    listed = [r for r in store.runs_page() if r.ended is not None]
    for started in {r.started for r in listed[:5]} | {"2026-11-30T00:00:00+00:00"}:
        assert store.best_earlier_score(started) == max(
            [r.score for r in listed if not r.ai and r.started != started], default=0), started


def test_a_run_written_behind_is_read_back_then_written_with_its_figures(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.write_behind()
    _record_all(store, _runs()[:3])
    assert [r.run_id for r in store.runs_page()] == [-3, -2, -1]  # read back at once
    assert [o["id"] for o in store.runs_objects()] == [-3, -2, -1]
    _personal_bests_agree(store)
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


# -- the window's store counts behind (issue #31, "storage never blocks a frame"):
# before, ``open`` counted every older run before it returned (the window's
# first frame waited some 30 s for 10,000 runs) and each batch held the
# store's lock through its replay (0.6 s), so the window's saves and reads waited
BEHIND_BATCH = 20


def _slow_replay(monkeypatch, seconds: float, *modules: Any) -> threading.Event:
    """Every replay of the count takes ``seconds`` more (a sleep: the GIL is
    let go, so only the store's own locks can make another call wait); the
    event is set at the first one."""
    real, started = figures_module.figures_of, threading.Event()

    def slow(*args):
        started.set()
        time.sleep(seconds)
        return real(*args)

    monkeypatch.setattr(queries, "FIGURES_BATCH", BEHIND_BATCH)
    for module in (queries, *modules):
        monkeypatch.setattr(module, "figures_of", slow)
    return started


def _mark(folder: Path) -> Any:
    with sqlite3.connect(folder / DB_NAME) as conn:
        row = conn.execute("SELECT value FROM state WHERE key = ?",
                           (queries.FIGURES_FROM,)).fetchone()
    return None if row is None else row[0]


def _counted(folder: Path, runs: int, timeout: float = 120.0) -> bool:
    """Poll until every run has its figures and the mark is gone."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if _figures_kept(folder) == (schema.SCHEMA_VERSION, runs) and _mark(folder) is None:
            return True
        time.sleep(0.05)
    return False


def test_the_window_s_store_opens_at_once_and_counts_after(tmp_path, monkeypatch):
    """``open_store(behind=True)`` returns before the count (main: after it,
    3 s here), and what the store answers meanwhile is complete and right:
    the runs not counted yet are read by their replay."""
    _version_3(tmp_path, _runs()[:60])
    started = _slow_replay(monkeypatch, 0.05)  # 60 runs: 3 s of counting
    t0 = time.monotonic()
    store = open_store(tmp_path, echo=False, behind=True)
    try:
        opening = time.monotonic() - t0
        assert opening < 1.5, opening
        assert started.wait(30) and store.counting_figures()
        assert _mark(tmp_path) is not None  # under way
        assert len(store.runs_page()) == 60
        assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)
        board = [store.leaderboard(10, played_by) for played_by in PlayedBy]
        assert _mark(tmp_path) is not None  # all that was read while counting
        assert _counted(tmp_path, 60)
        assert not store.counting_figures()
        assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)
        assert board == [store.leaderboard(10, played_by) for played_by in PlayedBy]
    finally:
        store.close()


def test_history_s_pages_replay_only_what_they_show_while_the_count_is_under_way(
        tmp_path, monkeypatch):
    """Opened during schema 4's count (here: a count that never goes on),
    History's page of 10 replays the runs not counted yet that it may show,
    not all 60 of them (main replayed every one for each page), and its pages
    are those of the counted history, a damaged run left out as before."""
    from belote2p.store import api

    _version_3(tmp_path, _runs()[:60])
    _edit(tmp_path, "UPDATE runs SET started = x'00' WHERE id = 55")  # fails its check

    class NotCounting:  # the window's count, stopped before its first batch
        running = False

        def __init__(self, *args: Any, **kwargs: Any) -> None: ...
        def stop(self, timeout: float) -> bool:
            return True

    monkeypatch.setattr(sqlite_store, "Counting", NotCounting)
    real, replays = figures_module.figures_of, []

    def counted_replay(*args: Any) -> Any:
        replays.append(args[0])
        return real(*args)

    monkeypatch.setattr(api, "figures_of", counted_replay)
    store = open_store(tmp_path, echo=False, behind=True)
    _personal_bests_agree(store)  # (nothing counted)
    replays.clear()
    pages = [store.runs_page(limit=10)]
    pages.append(store.runs_page(pages[0][-1], 10))
    store.close()
    assert _figure_count(tmp_path) == 0 and len(replays) <= 2 * 11, len(replays)
    counted = open_store(tmp_path, echo=False)  # counts them all, then pages them
    assert _figure_count(tmp_path) == 59
    first = counted.runs_page(limit=10)
    # (the same runs; those not counted yet were read with their moves)
    assert [[replace(r, actions=()) for r in page] for page in pages] == \
        [first, counted.runs_page(first[-1], 10)]
    assert 55 not in [r.run_id for page in pages for r in page]
    counted.close()


def test_the_ui_thread_never_waits_for_the_count(tmp_path, monkeypatch):
    """While the store counts (here, as on main, from its ``open``: called in
    a thread, so that the test's thread plays the window's) and a screen's
    thread reads the statistics (the runs not counted yet replayed), the
    window's saves (written behind) and reads wait for the store's lock no
    longer than a query or a short transaction.  Main held it through each
    batch's replay (0.6 s here), and the statistics and History through
    theirs."""
    from belote2p.store import api

    _version_3(tmp_path, _runs()[:60])
    started = _slow_replay(monkeypatch, 0.03, api)  # a batch of 20: 0.6 s of replay or more
    seed, started_at = "ui-thread", "2026-11-20T10:00:00.000000+00:00"
    actions = random_actions(seed, n_matches=1)
    store = sqlite_store.SqliteStore(tmp_path / DB_NAME, echo=False, open_now=False)
    opener = threading.Thread(target=store.open, kwargs={"behind": True}, daemon=True)
    opener.start()
    waits: list[float] = []
    screen_done, read = threading.Event(), []

    def screen() -> None:  # Statistics and History, in their thread (``worker.in_background``)
        while not screen_done.is_set():
            page = store.runs_page(limit=30)  # (first: the count is under way)
            read.append((store.figure_totals(True).runs, len(store.run_scores(True, 50)),
                         len(page)))

    try:
        assert started.wait(30)
        reader = threading.Thread(target=screen, daemon=True)
        reader.start()
        end, k = time.monotonic() + 90, 0
        while (opener.is_alive() or _mark(tmp_path) is not None) and time.monotonic() < end:
            k = min(k + 1, len(actions))
            t0 = time.perf_counter()
            store.save_run(seed, actions[:k], started_at)  # the window's save, each move
            waits.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            saved = store.load_run()
            waits.append(time.perf_counter() - t0)
            assert saved is not None and saved.actions == tuple(actions[:k])
            time.sleep(0.01)
        opener.join(30)
        screen_done.set()
        reader.join(30)
        assert _counted(tmp_path, 60, timeout=5)
        assert len(waits) > 50 and max(waits) < 0.3, (len(waits), max(waits))
        # every run, counted or not (and the run in progress once it is saved:
        # the screen's thread reads beside the saves)
        assert read and set(read) <= {(60, 50, 30), (61, 50, 30)}, read
    finally:
        screen_done.set()
        store.close()
    store = open_store(tmp_path, echo=False)
    assert store.load_run() == SavedRun(seed, tuple(actions[:k]), started_at)
    store.close()


def test_a_run_changed_while_its_batch_is_replayed_gets_no_figures(tmp_path, monkeypatch):
    """A run edited between the count's read and its write (here: its
    figures, by another process, during the replay) keeps no figures of its
    old content: it is judged by its replay, altered, as a run edited after
    its figures were counted.  Main replayed inside the write transaction,
    so the edit waited for the batch (refused here after 2 s)."""
    _version_3(tmp_path, _runs()[:30])
    edited: list[bool] = []
    real = figures_module.figures_of

    def editing(*args):
        if not edited:
            conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None, timeout=2)
            try:
                conn.execute("UPDATE runs SET streak = 99, margin_total = 9999, "
                             "score = 999999 WHERE id = 3")
                edited.append(True)
            except sqlite3.OperationalError:
                edited.append(False)  # locked: the count held the write lock
            finally:
                conn.close()
        return real(*args)

    monkeypatch.setattr(queries, "figures_of", editing)
    store = open_store(tmp_path, echo=False)
    try:
        assert edited == [True]
        assert _figures_kept(tmp_path) == (schema.SCHEMA_VERSION, 29) and _mark(tmp_path) is None
        with sqlite3.connect(tmp_path / DB_NAME) as conn:
            assert conn.execute("SELECT 1 FROM run_figures WHERE run_id = 3").fetchone() is None
        assert {r.run_id: r for r in store.runs_page()}[3].altered
        assert 3 not in {e.entry_id for e in store.leaderboard()}
        totals = store.figure_totals(True)
        assert totals.best_score < 999_999
        assert stats_of(totals) == compute_stats(store.list_runs(), True)
    finally:
        store.close()


def test_closing_the_window_s_store_stops_its_count_and_keeps_the_mark(tmp_path, monkeypatch):
    """``flush`` (the window's close) stops the count before its next run,
    writes the player's run, and leaves the mark: the next opening goes on."""
    _version_3(tmp_path, _runs()[:60])
    started = _slow_replay(monkeypatch, 0.05)
    store = open_store(tmp_path, echo=False, behind=True)
    actions = random_actions("closing", n_matches=1)
    store.save_run("closing", actions, "2026-11-21T10:00:00.000000+00:00")
    assert started.wait(30)
    t0 = time.monotonic()
    store.flush()
    assert time.monotonic() - t0 < 1.0  # a run's replay and a transaction at most
    assert _mark(tmp_path) is not None and not store.counting_figures()
    kept = _figures_kept(tmp_path)[1]
    assert kept < 60 and kept % BEHIND_BATCH == 0  # whole batches only
    store.close()
    monkeypatch.undo()
    store = open_store(tmp_path, echo=False)  # goes on from the mark
    assert _figures_kept(tmp_path) == (schema.SCHEMA_VERSION, 60) and _mark(tmp_path) is None
    assert store.load_run() is not None and store.load_run().actions == tuple(actions)
    assert stats_of(store.figure_totals(True)) == compute_stats(store.list_runs(), True)
    store.close()


def test_the_count_behind_goes_on_after_another_process_s_lock(tmp_path, monkeypatch):
    """Another process holds the write lock while the window's store counts:
    the thread's writes try once (never waiting for that lock while holding
    the store's), again later, and the count ends once the lock is free; the
    window's saves meanwhile never wait.  (Main: ``open`` counted first, 3 s.)"""
    from tests.support.locked_db import hold_the_write_lock

    _version_3(tmp_path, _runs()[:60])
    started = _slow_replay(monkeypatch, 0.05)
    t0 = time.monotonic()
    store = open_store(tmp_path, echo=False, behind=True)
    try:
        assert time.monotonic() - t0 < 1.5
        assert started.wait(30)
        holder = hold_the_write_lock(tmp_path / DB_NAME, 3.0)  # past a batch's replay (1 s)
        waits = []
        actions = random_actions("held", n_matches=1)
        for k in range(1, 60):
            t1 = time.perf_counter()
            store.save_run("held", actions[:k], "2026-11-22T10:00:00.000000+00:00")
            waits.append(time.perf_counter() - t1)
            time.sleep(0.02)
        assert holder.poll() is None and _mark(tmp_path) is not None  # still held, not done
        holder.wait(timeout=30)
        assert _counted(tmp_path, 60)
        assert max(waits) < 0.3, max(waits)
    finally:
        store.close()
