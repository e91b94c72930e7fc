"""Issue #44: nothing lost, nothing forged, round four.  A figure shown to
the player follows from the run's record (its seed and its action words,
which replay); a stored figure is a cache of that, and a row that does not
match its record is recomputed or left out and named, never believed.  Each
test failed on main before its fix (the commit messages say how)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from belote2p.core.match import Run
from belote2p.store import open_store
from belote2p.store.api import PlayedBy
from belote2p.store.paths import DB_NAME
from tests.support.cli import cli
from tests.support.store_runs import winning_actions


def started(i: int) -> str:
    return f"2026-11-{10 + i:02d}T10:00:00.000000+00:00"


def winners(folder: Path, count: int = 3) -> list[int]:
    """A closed store of ``count`` finished runs, each with a match won
    (scores above 10,000), the player's and one autoplay's; their ids."""
    store = open_store(folder, echo=False)
    ids = []
    for i in range(count):
        seed = f"win-{i}"
        run = Run.replay(seed, winning_actions(seed, 1 + i % 2))
        ids.append(store.record_finished_run(run, f"P{i}", started(i),
                                             ai_key="k" if i == count - 1 else None))
    store.close()
    return ids


def sql(folder: Path, *statements: str) -> None:
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def board_scores(folder: Path) -> dict[str, list[int]]:
    store = open_store(folder, echo=False)
    try:
        return {by.value: [e.score for e in store.leaderboard(played_by=by)] for by in PlayedBy}
    finally:
        store.close()


def genuine_scores(folder: Path) -> dict[int, int]:
    conn = sqlite3.connect(folder / DB_NAME)
    try:
        return dict(conn.execute("SELECT id, score FROM runs"))
    finally:
        conn.close()


# ---------------------------------------------------------------- 4. a forged score
def test_a_forged_score_with_its_figures_row_is_on_no_board(tmp_path):
    folder = tmp_path / "data"
    first, *_ = winners(folder)
    genuine = genuine_scores(folder)[first]
    sql(folder, f"UPDATE runs SET score = 990000, streak = 99, margin_total = 0 WHERE id = {first}",
        "INSERT INTO run_figures SELECT id, 990000, 99, 0, level, matches, 0, ai, "
        "started, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM runs "
        f"WHERE id = {first}")
    for by, scores in board_scores(folder).items():
        assert 990000 not in scores, by
    for args in (["leaderboard", "--json"], ["leaderboard", "--json", "--include-ai"],
                 ["leaderboard"], ["stats", "--json", "--include-ai"]):
        done = cli("--data-dir", str(folder), *args)
        assert done.returncode == 0, done.stderr
        assert "990000" not in done.stdout and "990,000" not in done.stdout, args
        assert "990 000" not in done.stdout and "990\u202f000" not in done.stdout, args
    done = cli("--data-dir", str(folder), "leaderboard", "--json")
    assert f"run {first}" in done.stderr  # named: left off the board
    exported = cli("--data-dir", str(folder), "export", str(first))
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["score"] == genuine


# ---------------------------------------------------------------- 5. a genuine run hidden
def test_a_genuine_run_stays_on_the_board_whatever_its_figures_row_says(tmp_path):
    folder = tmp_path / "data"
    ids = winners(folder)
    genuine = genuine_scores(folder)
    before = board_scores(folder)
    assert sorted(before[PlayedBy.ANYONE.value]) == sorted(genuine.values())
    for hidden in ids:
        sql(folder, "DROP TRIGGER run_figures_edited",
            f"UPDATE run_figures SET altered = 1, score = 0 WHERE run_id = {hidden}",
            "CREATE TRIGGER run_figures_edited AFTER UPDATE ON run_figures "
            "BEGIN DELETE FROM run_figures WHERE run_id = old.run_id; END")
    assert board_scores(folder) == before
    done = cli("--data-dir", str(folder), "leaderboard", "--json", "--include-ai")
    assert sorted(e["score"] for e in json.loads(done.stdout)) == sorted(genuine.values())
