"""Issue #32 item 2: each hand's difference with level 4 in the player's seat is
kept with its run (schema step 5, ``hand_skill``).  The store keeps numbers
only; a change to the run's moves, or to a difference, drops the run's
differences (the triggers), so an edited run is never read with them."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from belote2p.core.match import Run
from belote2p.store import MemoryStore, open_store, queries, schema
from belote2p.store.api import HandDifference
from belote2p.store.paths import DB_NAME
from belote2p.store.rows import RUN_COLUMNS
from tests.support.store_runs import random_actions

STICK = "4:test"  # a yardstick: the store only compares it
OTHER = "5:later"


def _record(store, seed: str, started: str, ai: bool = False) -> tuple[int, Run]:
    run = Run.replay(seed, random_actions(seed, n_matches=1))
    return store.record_finished_run(run, "P", started, ai_key="k" if ai else None), run


def test_a_version_4_database_migrates_and_keeps_no_difference_yet(tmp_path: Path):
    """Step 5 on a database of version 4 (its runs' figures counted by step 4):
    an empty ``hand_skill``; every run with a finished hand misses its
    differences until they are kept."""
    memory = MemoryStore()
    for i in range(3):
        _record(memory, f"v4-{i}", f"2026-11-0{i + 1}T10:00:00+00:00")
    found: list[tuple[Any, ...]] = memory._read(lambda c: queries.run_rows(c), [])
    conn = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    schema.migrate(conn, schema.MIGRATIONS[:3])
    conn.executemany(f"INSERT INTO runs ({', '.join(RUN_COLUMNS)}) VALUES "
                     f"({', '.join('?' for _ in RUN_COLUMNS)})", found)
    assert schema.migrate(conn, schema.MIGRATIONS[:4]) == 4
    conn.close()

    store = open_store(tmp_path, echo=False)
    with sqlite3.connect(tmp_path / DB_NAME) as check:
        assert schema.version_of(check) == schema.SCHEMA_VERSION
        assert check.execute("SELECT COUNT(*) FROM hand_skill").fetchone()[0] == 0
    assert store.runs_missing_differences(STICK, include_ai=True) == [1, 2, 3]
    assert store.kept_differences(STICK) == []
    record = store.run_record(2)
    assert record is not None
    store.keep_differences(record.seed, record.started, STICK,
                           {(0, 0): HandDifference(-12, 30), (0, 1): HandDifference(4, -4)})
    assert store.differences_of(record.seed, record.started, STICK) == {
        (0, 0): HandDifference(-12, 30), (0, 1): HandDifference(4, -4)}
    assert sorted(store.kept_differences(STICK)) == [-12, 4]
    assert store.kept_differences(OTHER) == []  # another level 4: none of these
    assert 2 not in store.runs_missing_differences(STICK, include_ai=True)
    assert store.runs_missing_differences(OTHER, include_ai=True) == [1, 2, 3]


def test_the_differences_of_a_run_in_progress_are_read_once_it_is_recorded(store):
    """The window keeps each hand as it is compared, before the run is
    recorded: they are read for the run once it is, and only with its figures;
    the autoplay runs only with ``include_ai``."""
    started = "2026-11-05T10:00:00+00:00"
    store.keep_differences("early", started, STICK, {(0, 0): HandDifference(7, -7)})
    assert store.kept_differences(STICK) == []  # no finished run yet
    _record_as(store, "early", started)
    assert store.kept_differences(STICK) == [7]
    entry, _run = _record(store, "bot", "2026-11-06T10:00:00+00:00", ai=True)
    bot = store.run_record(entry)
    assert bot is not None
    store.keep_differences(bot.seed, bot.started, STICK, {(0, 0): HandDifference(0, 0)})
    assert sorted(store.kept_differences(STICK, include_ai=True)) == [0, 7]
    assert store.kept_differences(STICK) == [7]


def _record_as(store, seed: str, started: str) -> None:
    run = Run.replay(seed, random_actions(seed, n_matches=1))
    store.record_finished_run(run, "P", started)


def _edit(folder: Path, sql: str) -> None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    conn.execute(sql)
    conn.close()


@pytest.mark.parametrize(("edit", "dropped"), [
    ("UPDATE runs SET actions = '[\"take:S\"]' WHERE id = 1", True),
    ("UPDATE runs SET seed = 'other' WHERE id = 1", True),
    ("UPDATE hand_skill SET yours = 150 WHERE seed = 'edited' AND hand_index = 0", True),
    ("DELETE FROM runs WHERE id = 1", True),
    # the same moves: kept, but read only once the run's figures are counted again
    # (the edit dropped them: the run is judged by its replay, issue #31)
    ("UPDATE runs SET name = 'Renamed' WHERE id = 1", False),
])
def test_an_edited_run_or_difference_drops_the_runs_differences(tmp_path, edit, dropped):
    store = open_store(tmp_path, echo=False)
    entry, _run = _record(store, "edited", "2026-11-07T10:00:00+00:00")
    _record(store, "untouched", "2026-11-08T10:00:00+00:00")
    for record in (store.run_record(entry), store.run_record(entry + 1)):
        assert record is not None
        store.keep_differences(record.seed, record.started, STICK,
                               {(0, 0): HandDifference(3, 1), (0, 1): HandDifference(5, 2)})
    store.close()
    _edit(tmp_path, edit)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        left = conn.execute("SELECT seed, COUNT(*) FROM hand_skill GROUP BY seed").fetchall()
    assert dict(left) == ({"untouched": 2} if dropped else {"edited": 2, "untouched": 2})
    store = open_store(tmp_path, echo=False)
    assert sorted(store.kept_differences(STICK)) == [3, 5]  # the untouched run's alone


def test_written_behind_they_are_read_back_before_they_are_written(tmp_path):
    """The window's store writes from a thread of its own: a difference kept
    is read back at once, and is in the file once written."""
    store = open_store(tmp_path, echo=False)
    store.write_behind()
    store.keep_differences("behind", "2026-11-09T10:00:00+00:00", STICK,
                           {(1, 0): HandDifference(-2, 9)})
    assert store.differences_of("behind", "2026-11-09T10:00:00+00:00", STICK) == {
        (1, 0): HandDifference(-2, 9)}
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("SELECT seed, match_index, hand_index, yardstick, yours, rival "
                            "FROM hand_skill").fetchall() == [
            ("behind", 1, 0, STICK, -2, 9)]
