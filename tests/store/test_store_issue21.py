"""Issue #21, the store's part: damaged and edited databases.

Every damaged file is made here, from a real store: bits flipped in a copy,
bytes that are not UTF-8, JSON nested 100,000 deep or longer than any run,
a FIFO, a device or a folder where the database should be, and figures
edited by hand.  Each case failed (hung, hid the history, traced back, or
showed the edited figures) before the fix.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from belote2p.core.fairness import today_utc
from belote2p.core.match import Run
from belote2p.services.history import match_summaries
from belote2p.services.stats import compute_stats
from belote2p.store import connection, guard, open_store, queries, rows
from belote2p.store.paths import DB_NAME
from tests.support.cli import ROOT, cli
from tests.support.damaged_db import seven_runs_with_flipped_bits
from tests.support.store_runs import random_actions

STARTED = "2026-11-20T10:00:00.000000+00:00"
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("BELOTE2P_DATA_DIR", None)


def played(seed: str, matches: int = 2) -> Run:
    return Run.replay(seed, random_actions(seed, n_matches=matches))


def history(folder: Path, n: int = 3, name: str = "Alice"):
    """A store holding ``n`` finished runs of the player, played for real."""
    store = open_store(folder, echo=False)
    for i in range(n):
        store.record_finished_run(played(f"h{i}"), name, f"2026-11-2{i}T10:00:00.000000+00:00")
    return store


def raw(folder: Path) -> sqlite3.Connection:
    return sqlite3.connect(folder / DB_NAME, isolation_level=None)


def commands_ok(folder: Path, *commands: str) -> dict[str, subprocess.CompletedProcess]:
    """Each command run on ``folder``: no traceback, exit 0."""
    out = {}
    for command in commands:
        done = cli("--data-dir", str(folder), *command.split(), timeout=120)
        assert "Traceback" not in done.stderr, (command, done.stderr)
        assert done.returncode == 0, (command, done.stderr)
        out[command] = done
    return out


# ------------------------------------------------- 1.4 not a regular file
def _fifo_db(folder: Path) -> Path:
    folder.mkdir()
    os.mkfifo(folder / DB_NAME)
    return folder / DB_NAME


def _dir_db(folder: Path) -> Path:
    (folder / DB_NAME).mkdir(parents=True)
    return folder / DB_NAME


def _device_db(folder: Path) -> Path:
    folder.mkdir()
    (folder / DB_NAME).symlink_to("/dev/null")
    return folder / DB_NAME


def _fifo_wal(folder: Path) -> Path:
    folder.mkdir()
    open_store(folder, echo=False).close()
    os.mkfifo(folder / f"{DB_NAME}-wal")
    return folder / f"{DB_NAME}-wal"


def _fifo_folder(folder: Path) -> Path:
    os.mkfifo(folder)
    return folder


def _link_to_fifo_folder(folder: Path) -> Path:
    os.mkfifo(folder.with_name("pipe"))
    folder.symlink_to(folder.with_name("pipe"))
    return folder


@pytest.mark.parametrize("make", [_fifo_db, _dir_db, _device_db, _fifo_wal, _fifo_folder,
                                  _link_to_fifo_folder])
def test_only_a_regular_file_is_opened(tmp_path, make):
    folder = tmp_path / "data"
    named = make(folder)
    for command in ("leaderboard --json", "runs", "stats",
                    "autoplay --level 1 --seed x --max-matches 1"):
        try:
            done = cli("--data-dir", str(folder), *command.split(), timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command} hangs on {make.__name__}")
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and str(named) in lines[0], lines
    with pytest.raises(connection.NotRegularFile):
        open_store(folder, echo=False)


def test_the_window_says_so_instead_of_hanging(tmp_path):
    folder = tmp_path / "data"
    named = _fifo_db(folder)
    script = ("from belote2p.ui.main import open_game_store\n"
              "store = open_game_store()\n"
              "print(type(store).__name__, store.warnings)\n")
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              timeout=30, env=dict(ENV, BELOTE2P_DATA_DIR=str(folder),
                                                   SDL_VIDEODRIVER="dummy"))
    except subprocess.TimeoutExpired:
        pytest.fail("the window hangs on a FIFO")
    assert done.stdout.startswith("MemoryStore") and str(named) in done.stdout


# ----------------------------------------------------- 1.2 not UTF-8
def test_a_name_that_is_not_utf8_costs_only_its_row(tmp_path):
    store = history(tmp_path, 3)
    store.close()
    conn = raw(tmp_path)
    conn.execute("UPDATE runs SET name = CAST(x'4bff' AS TEXT) WHERE id = 1")
    conn.close()
    store = open_store(tmp_path, echo=False)
    store.record_finished_run(played("after"), "Bob", STARTED)  # saved afterwards: shown too
    listed = store.list_runs()
    assert len(listed) == 4 and "Bob" in {r.name for r in listed}
    assert {r.name for r in listed if r.run_id == 1} == {"K\ufffd"}
    assert len(store.leaderboard()) == 4
    assert compute_stats(listed).runs == 4
    out = commands_ok(tmp_path, "leaderboard", "leaderboard --json", "runs --json",
                      "stats --json")
    assert len(json.loads(out["runs --json"].stdout)) == 4
    assert len(json.loads(out["leaderboard --json"].stdout)) == 4
    assert json.loads(out["stats --json"].stdout)["runs"] == 4
    assert "K\ufffd" in out["leaderboard"].stdout


def test_a_seed_that_is_not_utf8_is_skipped_with_one_warning_naming_it(tmp_path):
    history(tmp_path, 3).close()
    conn = raw(tmp_path)
    conn.execute("UPDATE runs SET seed = CAST(x'68ff' AS TEXT) WHERE id = 2")
    conn.close()
    store = open_store(tmp_path, echo=False)
    assert sorted(r.run_id for r in store.list_runs()) == [1, 3]
    store.leaderboard()
    told = [w for w in store.warnings if "run 2" in w]
    assert len(told) == 1 and "UTF-8" in told[0]


# ----------------------------------------------- 1.3 stored JSON limits
DEEP = "[" * 100_000


@pytest.mark.parametrize("column", ["results", "actions"])
def test_json_nested_100000_deep_is_a_damaged_row(tmp_path, column):
    history(tmp_path, 3).close()
    conn = raw(tmp_path)
    conn.execute(f"UPDATE runs SET {column} = ? WHERE id = 2", (DEEP,))
    conn.close()
    store = open_store(tmp_path, echo=False)
    listed = store.list_runs()
    assert sorted(r.run_id for r in listed) == [1, 3]
    assert [r.run_id for r in listed] and all(match_summaries(r) for r in listed)
    assert compute_stats(listed).runs == 2
    assert store.run_for_export(2) is None
    assert sum("run 2" in w and "nested" in w for w in store.warnings) == 1
    out = commands_ok(tmp_path, "leaderboard", "runs --json", "stats --json", "export 1")
    assert len(json.loads(out["runs --json"].stdout)) == 2
    export = cli("--data-dir", str(tmp_path), "export", "2")
    assert export.returncode == 2 and "Traceback" not in export.stderr


def test_deep_json_elsewhere_never_reaches_the_parser(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.save_run("deep", [], STARTED)
    store.close()
    conn = raw(tmp_path)
    conn.execute("UPDATE current_run SET actions = ?", (DEEP,))
    conn.execute("INSERT INTO settings (key, value) VALUES ('sound', ?)", (DEEP,))
    conn.execute("INSERT OR REPLACE INTO state (key, value) VALUES ('last_name', ?)", (DEEP,))
    conn.execute("INSERT INTO hand_records (seed, started, match_index, hand_index, record) "
                 "VALUES ('deep', ?, 0, 0, ?)", (STARTED, DEEP))
    conn.close()
    store = open_store(tmp_path, echo=False)
    assert store.load_run() is None and store.last_name() is None
    assert store.load_settings() == {} and store.hand_records() == []
    commands_ok(tmp_path, "leaderboard", "runs", "stats")


def test_an_autoplay_slot_with_deep_actions_starts_afresh(tmp_path):
    store = open_store(tmp_path, echo=False)
    slot, _saved = store.claim_autoplay(json.dumps(["1", "AI level 1", 1]), "ap")
    store.save_run("ap", [], STARTED, slot=slot)
    store.close()
    conn = raw(tmp_path)
    gone = f"{socket.gethostname()}:{2 ** 22 + 7}"  # above Linux's largest pid: not running
    conn.execute("UPDATE current_run SET actions = ?, owner = ?", (DEEP, gone))
    conn.close()
    command = "autoplay --level 1 --seed ap --max-matches 1"
    done = commands_ok(tmp_path, command)[command]
    assert "resuming" not in done.stderr  # the damaged slot is not resumed
    assert json.loads(done.stdout.splitlines()[-1])["saved"]


def test_a_value_longer_than_the_limit_is_refused_by_its_length(tmp_path, monkeypatch):
    history(tmp_path, 2).close()
    conn = raw(tmp_path)
    conn.execute("UPDATE runs SET results = ? WHERE id = 1",
                 ("[" + " " * rows.MAX_JSON_CHARS + "]",))
    conn.close()
    decoded: list[int] = []

    def measured(data: bytes) -> str:
        decoded.append(len(data))
        return rows.decode_text(data)

    monkeypatch.setattr(connection, "decode_text", measured)
    store = open_store(tmp_path, echo=False)
    assert [r.run_id for r in store.list_runs()] == [2]
    assert any("run 1" in w and "longer than" in w for w in store.warnings)
    assert decoded and max(decoded) < rows.MAX_JSON_CHARS  # never loaded into Python


def test_the_depth_check_ignores_brackets_in_strings_and_stops_early():
    assert rows.json_depth_within('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]')
    assert rows.json_depth_within("[" * 32 + "]" * 32)
    assert not rows.json_depth_within("[" * 33 + "]" * 33)
    assert not rows.json_depth_within('"\\"' * 50_000 + "[" * 40)  # no quadratic scan
    with pytest.raises(rows.BadRow):
        rows.setting(DEEP)


# ------------------------------------------------------ 1.1 the salvage
def test_rowids_out_of_order_neither_hang_nor_lose_the_runs(tmp_path):
    db = seven_runs_with_flipped_bits(tmp_path)
    check = sqlite3.connect(db)
    assert any("out of order" in line for line in connection.integrity(check, full=False))
    readable = sorted(check.execute("SELECT seed, started FROM runs").fetchall())  # as the shell
    check.close()
    assert len(readable) == 7
    try:
        done = cli("--data-dir", str(tmp_path), "runs", "--json", timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the salvage of a damaged file hangs")
    assert done.returncode == 0 and "moved to" in done.stderr
    assert len(json.loads(done.stdout)) == 7
    store = open_store(tmp_path, echo=False)
    assert sorted((r.seed, r.started) for r in store.list_runs()) == readable
    # the hand records that read well came too (which ones survive the flipped
    # bits depends on where the runs' records fall in the pages)
    assert any(store.hand_records(entry_id=r.run_id) for r in store.list_runs())


class _Endless:
    """A connection over a table whose damaged tree shows its rows for ever."""

    def __init__(self, rows_: list[tuple[int, str]], fail_after: int | None = None):
        self.rows, self.fail_after, self.queries = rows_, fail_after, 0

    def execute(self, sql, params=()):
        self.queries += 1

        def cycle():
            n = 0
            while True:
                for row in self.rows:
                    n += 1
                    if self.fail_after is not None and n > self.fail_after:
                        raise sqlite3.DatabaseError("database disk image is malformed")
                    yield row
        return cycle()

    def set_progress_handler(self, handler, n):
        pass


def test_every_salvage_loop_is_bounded(monkeypatch):
    monkeypatch.setattr(guard, "MAX_ROWS", 500)
    endless = _Endless([(5, "a"), (3, "b"), (9, "c")])
    out = list(guard._scan(endless, "t", "x", guard._Budget(endless)))
    assert out == [("a",), ("b",), ("c",)]  # each row once, and the loop ends
    failing = _Endless([(5, "a"), (3, "b")], fail_after=1)
    out = list(guard._scan(failing, "t", "x", guard._Budget(failing)))
    assert out == [("a",)] and failing.queries <= guard.MAX_RESUMES + 1


# --------------------------------- 3.2 the daily claim and its run, together
DAY = today_utc().isoformat()  # autoplay --daily plays today's (issue #31)
DAILY = f"daily-{DAY}"


def test_the_claim_comes_with_its_run(tmp_path):
    store = open_store(tmp_path, echo=False)
    assert store.claim_daily(DAY, DAILY, STARTED)
    store.close()
    again = open_store(tmp_path, echo=False)
    saved = again.load_run()
    assert saved is not None and (saved.seed, saved.started, saved.actions) == \
        (DAILY, STARTED, ())


def test_a_failed_run_write_rolls_the_claim_back(tmp_path, monkeypatch):
    store = open_store(tmp_path, echo=False)

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(queries, "put_current", broken)
    assert not store.claim_daily(DAY, DAILY, STARTED)
    monkeypatch.undo()
    store.close()
    conn = raw(tmp_path)
    assert conn.execute("SELECT count(*) FROM daily_claims").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM current_run").fetchone()[0] == 0


KILLED_AFTER_CLAIM = r"""
import os, signal, sys
from belote2p.store import open_store
store = open_store(sys.argv[1], echo=False)
store.claim_daily(sys.argv[2], "daily-" + sys.argv[2], "2026-12-01T08:00:00.000000+00:00")
os.kill(os.getpid(), signal.SIGKILL)
"""


def _claimed_without_run(folder: Path) -> bool:
    conn = raw(folder)
    try:
        tables = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "daily_claims" not in tables:  # killed before the schema was made: no claim
            return False
        claims = conn.execute("SELECT seed, started FROM daily_claims").fetchall()
        kept = set(conn.execute("SELECT seed, started FROM current_run").fetchall()) | \
            set(conn.execute("SELECT seed, started FROM runs").fetchall())
    finally:
        conn.close()
    return any(claim not in kept for claim in claims)


def test_a_kill_right_after_the_claim_leaves_its_run(tmp_path):
    subprocess.run([sys.executable, "-c", KILLED_AFTER_CLAIM, str(tmp_path), DAY], env=ENV,
                   timeout=60)
    assert not _claimed_without_run(tmp_path)
    store = open_store(tmp_path, echo=False)
    saved = store.load_run()
    assert saved is not None and saved.seed == DAILY
    store.clear_run()  # the next run replaces it: it is recorded, and counted
    assert [e.score for e in store.daily_leaderboard(DAY)] == [0]


def test_kill_9_at_random_moments_never_leaves_a_day_claimed_without_its_run(tmp_path):
    rng = random.Random(21)
    command = [sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path), "autoplay",
               "--no-skill", "--daily", DAY, "--level", "1", "--max-matches", "1"]
    kills = 0
    for _ in range(12):
        child = subprocess.Popen(command, env=ENV, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.1, 0.6))
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)
            kills += 1
        child.wait(timeout=60)
        if (tmp_path / DB_NAME).exists():
            assert not _claimed_without_run(tmp_path)
    done = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert kills > 0
    store = open_store(tmp_path, echo=False)
    assert len(store.daily_leaderboard(DAY)) == 1  # the day's attempt is on its board


# ------------------------------------------------------ 7. edited databases
def _edit(folder: Path, sql: str, *params) -> None:
    conn = raw(folder)
    conn.execute(sql, params)
    conn.close()


EDIT_FIGURES = "UPDATE runs SET streak = 99, margin_total = 9999, score = 999999 WHERE id = ?"


def test_edited_figures_are_replayed_marked_and_left_off_the_boards(tmp_path):
    store = history(tmp_path, 3)
    true_figures = {r.run_id: (r.streak, r.margin_total, r.score) for r in store.list_runs()}
    store.close()
    _edit(tmp_path, EDIT_FIGURES, 1)
    store = open_store(tmp_path, echo=False)
    assert 1 not in {e.entry_id for e in store.leaderboard()}
    assert all(e.score < 999_999 for e in store.leaderboard())
    listed = {r.run_id: r for r in store.list_runs()}
    assert listed[1].altered and not listed[2].altered and not listed[3].altered
    assert {i: (r.streak, r.margin_total, r.score) for i, r in listed.items()} == true_figures
    stats = compute_stats(listed.values())
    assert stats.best_streak <= stats.matches_won and stats.best_score < 999_999
    out = commands_ok(tmp_path, "leaderboard --json", "leaderboard", "runs --json", "runs",
                      "stats --json")
    board = json.loads(out["leaderboard --json"].stdout)
    assert len(board) == 2 and max(e["score"] for e in board) < 999_999
    runs = {r["id"]: r for r in json.loads(out["runs --json"].stdout)}
    assert runs[1]["altered"] is True and runs[2]["altered"] is False
    assert (runs[1]["streak"], runs[1]["margin_total"], runs[1]["score"]) == true_figures[1]
    assert "999,999" not in out["leaderboard"].stdout + out["runs"].stdout
    assert out["runs"].stdout.count("altered") == 1
    assert json.loads(out["stats --json"].stdout)["best_streak"] < 99


def test_an_edited_daily_run_leaves_the_days_board(tmp_path):
    store = open_store(tmp_path, echo=False)
    started = "2026-12-01T09:00:00.000000+00:00"
    assert store.claim_daily(DAY, DAILY, started)
    store.record_finished_run(played(DAILY), "Alice", started, daily=DAY)
    assert len(store.daily_leaderboard(DAY)) == 1
    store.close()
    _edit(tmp_path, EDIT_FIGURES, 1)
    store = open_store(tmp_path, echo=False)
    assert store.daily_leaderboard(DAY) == [] and store.leaderboard() == []
    done = cli("--data-dir", str(tmp_path), "leaderboard", "--daily", DAY, "--json")
    assert json.loads(done.stdout) == []


def test_actions_that_do_not_replay_mark_the_run_altered(tmp_path):
    history(tmp_path, 2).close()
    _edit(tmp_path, "UPDATE runs SET actions = '[\"take:S\", \"take:S\", \"take:S\"]' "
          "WHERE id = 2")
    store = open_store(tmp_path, echo=False)
    assert {r.run_id: r.altered for r in store.list_runs()} == {1: False, 2: True}
    assert [e.entry_id for e in store.leaderboard()] == [1]


def test_a_run_kept_without_its_moves_keeps_its_stored_figures(tmp_path):
    history(tmp_path, 1).close()
    _edit(tmp_path, "UPDATE runs SET actions = NULL, streak = 3, margin_total = 7, "
          "score = 30007 WHERE id = 1")
    store = open_store(tmp_path, echo=False)
    (record,) = store.list_runs()
    assert (record.score, record.altered, record.exportable) == (30007, False, False)
    assert [e.score for e in store.leaderboard()] == [30007]


def test_the_history_screen_marks_an_altered_run(tmp_path, monkeypatch):
    from belote2p.services.i18n import set_language
    from belote2p.ui.navigation import Route
    from lab import harness as h

    history(tmp_path, 2).close()
    _edit(tmp_path, EDIT_FIGURES, 2)
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path))
    set_language("en")
    store = open_store(tmp_path, echo=False)
    game = h.make_app(store=store)
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.HISTORY)
    h.step(game, 2)
    statuses = [cells[2] for cells in game.app.top.offer()["rows"]]
    assert sum("altered" in s for s in statuses) == 1
    assert all("999,999" not in " ".join(cells) for cells in game.app.top.offer()["rows"])


def test_history_and_statistics_screens_open_over_damaged_rows(tmp_path, monkeypatch):
    from belote2p.services.i18n import set_language
    from belote2p.ui.navigation import Route
    from lab import harness as h

    history(tmp_path, 3).close()
    conn = raw(tmp_path)
    conn.execute("UPDATE runs SET results = ? WHERE id = 1", (DEEP,))
    conn.execute("UPDATE runs SET actions = ? WHERE id = 2", (DEEP,))
    conn.execute("UPDATE runs SET name = CAST(x'4bff' AS TEXT) WHERE id = 3")
    conn.close()
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path))
    set_language("en")
    game = h.make_app(store=open_store(tmp_path, echo=False))
    for route in (Route.HISTORY, Route.STATS):
        game.nav.reset(Route.TITLE)
        game.nav.push(route)
        h.step(game, 2)
    game.nav.reset(Route.TITLE)
    game.nav.push(Route.HISTORY)
    h.step(game, 2)
    assert [cells[1] for cells in game.app.top.offer()["rows"]] == ["K\ufffd"]
