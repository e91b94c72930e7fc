"""The store in one process: names, scores, the two stores' shared behaviour,
resume at every point of a run, migrations and every storage fault."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.core.actions import Phase, parse_action
from belote2p.core.match import MatchResult, Run, run_score
from belote2p.core.record import record_of, replay_hand
from belote2p.store import (
    MemoryStore,
    SqliteStore,
    clean_name,
    connection,
    data_dir,
    open_store,
    restore_run,
    run_summary,
    schema,
)
from belote2p.store.paths import DB_NAME, ENV_VAR
from lab.figures import FakeRun
from tests.support.store_runs import random_actions, state, winning_actions

STARTED = "2024-05-01T10:00:00.000000+00:00"


def db_file(folder: Path) -> Path:
    return folder / DB_NAME


@pytest.fixture(params=["memory", "sqlite"])
def store(request, tmp_path):
    if request.param == "memory":
        yield MemoryStore()
        return
    s = SqliteStore(db_file(tmp_path), echo=False)
    yield s
    s.close()


def reopen(path: Path) -> SqliteStore:
    return SqliteStore(path, echo=False)


# -- names -----------------------------------------------------------------------

@pytest.mark.parametrize("raw, clean", [
    ("  Zoé  ", "Zoé"),
    ("e\u0301mile", "émile"),  # NFC
    ("a\tb\n\n  c", "a b c"),
    ("a\x00b\x1b[31mc", "ab[31mc"),
    ("evil\u202etxt.exe", "eviltxt.exe"),  # bidi override removed
    ("\u200b\ufeffBob\u200b", "Bob"),
    ("日本語の名前", "日本語の名前"),
    ("x" * 50, "x" * 20),
    ("   ", None), ("", None), ("\x00\x01", None), (None, None), (42, None),
])
def test_clean_name_examples(raw, clean):
    assert clean_name(raw) == clean


def test_clean_name_never_cuts_a_character_in_two():
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # one emoji, five code points
    name = clean_name("a" * 17 + family)  # 22 code points: the emoji does not fit whole
    assert name == "a" * 17
    assert clean_name("a" * 19 + "e\u0301x") == "a" * 19 + "é"  # NFC makes é one character
    assert clean_name("a" * 19 + "q\u0301") == "a" * 19  # q + accent has no single form


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_clean_name_properties(text):
    name = clean_name(text)
    if name is None:
        return
    assert 1 <= len(name) <= 20
    assert name == name.strip() and "  " not in name
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name)
    assert not any(ch.isspace() and ch != " " for ch in name)
    assert clean_name(name) == name


# -- scores from the run rules ----------------------------------------------------

def reference_score(results: list[MatchResult]) -> tuple[int, int, int]:
    """RULES.md, read independently: wins until the first match not won."""
    streak = margin = 0
    for result in results:
        a, b = result.scores
        if a <= b:
            break
        streak += 1
        margin += a - b
    return streak, margin, streak * 10_000 + min(margin, 9_999)


@pytest.mark.parametrize("seed", range(12))
def test_run_summary_follows_the_rules(seed):
    run = Run.replay(str(seed), random_actions(seed, n_matches=None))
    assert run.over
    summary = run_summary(run)
    streak, margin, score = reference_score(run.results)
    assert (summary["streak"], summary["margin_total"], summary["score"]) == (streak, margin, score)
    assert summary["matches"] == len(run.results) == streak + 1
    assert summary["level"] == min(streak + 1, 4)
    assert [m["won"] for m in summary["results"]] == [True] * streak + [False]
    assert sum(m["margin"] for m in summary["results"] if m["won"]) == margin


def test_abandon_counts_the_unfinished_match_as_lost():
    actions = winning_actions("ab", 2)
    run = Run.replay("ab", actions + actions[:0])
    run.apply(parse_action(str(run.match.legal_actions()[0])))  # the third match has begun
    before = run.score
    run.abandon()
    s = run_summary(run)
    assert s["abandoned"] and s["score"] == before == run_score(2, run.margin_total)
    assert s["matches"] == 3 and s["level"] == 3


def test_stopped_unbeaten_run_reports_the_level_it_faced():
    run = Run.replay("st", winning_actions("st", 1))
    s = run_summary(run)
    assert not run.over and s["matches"] == 1 and s["streak"] == 1
    assert s["level"] == 1  # the rival climbed to 2, but no match was played there


def test_margin_is_capped_in_the_score():
    results = [MatchResult((600, 100), 0)] * 25 + [MatchResult((0, 10), 1)]
    run = Run("cap", results=list(results))
    s = run_summary(run)
    assert s["margin_total"] == 12_500 and s["score"] == 25 * 10_000 + 9_999
    assert s["level"] == 4


# -- both stores behave the same ---------------------------------------------------

def test_settings_merge_and_remove(store):
    assert store.load_settings() == {}
    store.save_settings({"volume": 0.5, "speed": "fast", "seen": 2, "sound": True})
    store.save_settings({"speed": "slow", "seen": None})
    assert store.load_settings() == {"volume": 0.5, "speed": "slow", "sound": True}
    for bad in (object(), [1, 2], {"a": None}):  # a setting is one scalar
        with pytest.raises(TypeError):
            store.save_settings({"bad": bad})
    assert store.load_settings()["speed"] == "slow"


def test_run_in_progress_slots(store):
    assert store.load_run() is None
    store.save_run("s1", ["pass", "take"], STARTED)
    store.save_run("s2", ["pass"], STARTED, slot="autoplay/x")
    assert store.load_run().actions == ("pass", "take")
    assert store.load_run().seed == "s1" and store.load_run().started == STARTED
    assert store.load_run("autoplay/x").actions == ("pass",)
    store.clear_run()
    assert store.load_run() is None and store.load_run("autoplay/x") is not None


def test_leaderboard_order_ties_and_qualifies(store):
    ids = {}
    for i, (streak, margin) in enumerate([(2, 300), (0, 0), (3, 10), (2, 300), (2, 12_000),
                                          (2, 15_000), (1, 50)]):
        ids[i] = store.record_finished_run(FakeRun(f"seed{i}", streak, margin), f"p{i}",
                                           f"2024-01-0{i + 1}T00:00:00+00:00")
    board = store.leaderboard()
    names = [e.name for e in board]
    # score, then margin (above the cap), then the earlier run first
    assert names == ["p2", "p5", "p4", "p0", "p3", "p6", "p1"]
    assert [e.rank for e in board] == list(range(1, 8))
    assert board[0].as_json() == {"rank": 1, "name": "p2", "score": 30_010, "streak": 3,
                                  "margin_total": 10, "level": 4, "date": board[0].date,
                                  "ai": False}
    assert board[1].entry_id == ids[5]
    assert store.qualifies(0)  # fewer than 10 runs
    for i in range(7, 12):
        store.record_finished_run(FakeRun(f"seed{i}", 1, 100 + i), f"q{i}", STARTED)
    board = store.leaderboard()
    assert len(board) == 10 and len(store.leaderboard(limit=50)) == 12
    assert board[-1].score == 10_107  # q7; p6 (10,050) and p1 (0) fell off
    assert not store.qualifies(10_107) and store.qualifies(10_108) and not store.qualifies(0)


def test_recording_is_idempotent_and_clears_the_run(store):
    actions = random_actions("r1", n_matches=None)
    store.save_run("r1", actions, STARTED)
    run = Run.replay("r1", actions)
    first = store.record_finished_run(run, "  Ann \n", STARTED)
    assert store.load_run() is None
    again = store.record_finished_run(run, "Ann", STARTED)  # a crash before clear_run, say
    store.clear_run()
    assert first == again and len(store.leaderboard()) == 1
    assert store.leaderboard()[0].name == "Ann"
    assert store.record_finished_run(run, "\x00 ", "other start") != first
    assert [e.name for e in store.leaderboard()] == ["Ann", "Player"]


def test_a_run_cannot_be_dodged(store):
    """Clearing or replacing an unrecorded run records it; a save that rewinds
    or changes a run's moves is refused."""
    store.set_last_name("Dodger")
    actions = random_actions("dodge", n_matches=1)
    store.save_run("dodge", actions[:30], STARTED)
    store.save_run("dodge", actions[:20], STARTED)  # back in time: refused
    store.save_run("dodge", actions[:29] + ["pass"], STARTED)  # another branch: refused
    assert store.load_run().actions == tuple(actions[:30])
    assert any("elsewhere" in w for w in store.warnings)
    store.save_run("new", ["pass"], "2024-06-01T00:00:00+00:00")  # no abandon, no record
    [entry] = store.leaderboard()
    assert entry.name == "Dodger" and entry.score == 0 and entry.level == 1
    assert any("counts as abandoned" in w for w in store.warnings)
    store.clear_run()  # the new run goes on the board too...
    assert len(store.leaderboard()) == 2 and store.load_run() is None
    assert sum("abandoned" in w for w in store.warnings) == 1  # clearing is no surprise
    run = Run.replay("new", ["pass"])
    run.abandon()  # ...and a record after the clear still names it
    entry = store.record_finished_run(run, "Named", "2024-06-01T00:00:00+00:00")
    assert store.record_finished_run(run, "Other", "2024-06-01T00:00:00+00:00") == entry
    assert sorted(e.name for e in store.leaderboard()) == ["Dodger", "Named"]


def test_a_run_recorded_stays_recorded(store):
    actions = random_actions("done", n_matches=None)
    run = Run.replay("done", actions)
    store.save_run("done", actions, STARTED)
    store.record_finished_run(run, "Once", STARTED)
    store.save_run("done", actions[:-1], STARTED)  # a stale window saving later
    assert store.load_run() is None
    store.clear_run()
    assert [e.name for e in store.leaderboard()] == ["Once"]


def test_two_windows_on_one_run(tmp_path):
    path = db_file(tmp_path)
    actions = random_actions("two", n_matches=1)
    first, second = reopen(path), reopen(path)
    first.save_run("two", actions[:10], STARTED)
    second.save_run("two", actions[:10], STARTED)
    first.save_run("two", actions[:11], STARTED)
    other = actions[:10] + [str(a) for a in Run.replay("two", actions[:10]).match.legal_actions()
                            if str(a) != actions[10]][:1]
    second.save_run("two", other, STARTED)  # too late: the first window's move stands
    assert reopen(path).load_run().actions == tuple(actions[:11])
    assert any("elsewhere" in w for w in second.warnings)


def test_last_name(store):
    assert store.last_name() is None
    store.set_last_name("  Ünïcødé\tname  ")
    assert store.last_name() == "Ünïcødé name"


def test_hand_records_are_the_engines(store):
    actions = random_actions("hr", n_matches=2)
    expected, run = [], Run("hr")
    for word in actions:
        hand = run.match.hand
        run.apply(parse_action(word))
        if hand.phase is Phase.DONE:
            expected.append(record_of(hand))
        store.save_run("hr", run.actions, STARTED)
        if len(expected) == 1:
            assert store.hand_records() == expected
    assert store.hand_records() == expected and len(expected) == 2 * len(run.results)
    for record in expected:
        assert replay_hand(json.loads(json.dumps(record))).phase is Phase.DONE
    entry = store.record_finished_run(run, "x", STARTED)
    assert store.hand_records(entry) == expected
    assert store.hand_records() == []


# -- resume: every point of a run ------------------------------------------------

def test_resume_at_every_action(tmp_path):
    """After every save, a fresh process' view of the file rebuilds exactly the
    same run: same cards, same turn, same streak."""
    path = db_file(tmp_path)
    actions = random_actions("every", n_matches=2)
    writer = reopen(path)
    run = Run("every")
    reader = None
    for index, word in enumerate(actions):
        run.apply(parse_action(word))
        writer.save_run("every", run.actions, STARTED)
        if index % 10 == 0:
            if reader is not None:
                reader.close()
            reader = reopen(path)  # a relaunch now and then, a second connection always
        saved = reader.load_run()
        assert saved.actions == tuple(run.actions)
        assert state(Run.replay(saved.seed, list(saved.actions))) == state(run)
    reader.close()
    writer.close()


def test_relaunch_mid_hand_and_go_on(tmp_path):
    path = db_file(tmp_path)
    actions = random_actions("mid", n_matches=2)
    cut = len(actions) // 2 + 3
    first = reopen(path)
    for i in range(1, cut + 1):
        first.save_run("mid", actions[:i], STARTED)
    del first  # no close: as after kill -9
    second = reopen(path)
    saved = second.load_run()
    run, dropped = restore_run(saved.seed, saved.actions)
    assert dropped == 0 and run.actions == actions[:cut]
    for word in actions[cut:]:
        run.apply(parse_action(word))
        second.save_run(saved.seed, run.actions, saved.started)
    ref = Run("mid")
    records = []
    for word in actions:
        hand = ref.match.hand
        ref.apply(parse_action(word))
        if hand.phase is Phase.DONE:
            records.append(record_of(hand))
    assert second.hand_records() == records


def test_restore_run_keeps_the_valid_prefix():
    actions = random_actions("pre", n_matches=1)
    run, dropped = restore_run("pre", actions[:10] + ["ZZ", "pass"])
    assert dropped == 2 and run.actions == actions[:10]


# -- the data folder ------------------------------------------------------------------

def test_data_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    store = open_store(echo=False)
    assert Path(store.location) == tmp_path / "here" / DB_NAME
    monkeypatch.delenv(ENV_VAR)
    import platformdirs

    assert data_dir() == Path(platformdirs.user_data_dir("belote2p", appauthor=False))


def test_wal_and_schema_version(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.close()
    conn = sqlite3.connect(db_file(tmp_path))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert not schema.missing_tables(conn)


# -- migrations -------------------------------------------------------------------------

def test_a_new_migration_upgrades_in_place(tmp_path, monkeypatch):
    store = open_store(tmp_path, echo=False)
    store.record_finished_run(FakeRun("m", 1, 40), "Old", STARTED)
    store.save_settings({"k": 1})
    store.close()
    nxt = schema.SCHEMA_VERSION + 1
    steps = schema.MIGRATIONS + [(nxt, "a rating per run", [
        "ALTER TABLE runs ADD COLUMN rating INTEGER NOT NULL DEFAULT 0",
        "UPDATE runs SET rating = score / 100"])]
    monkeypatch.setattr(schema, "MIGRATIONS", steps)
    store = open_store(tmp_path, echo=False)
    assert not store.warnings and store.leaderboard()[0].name == "Old"
    assert store.load_settings() == {"k": 1}
    conn = sqlite3.connect(db_file(tmp_path))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == nxt
    assert conn.execute("SELECT rating FROM runs").fetchone()[0] == 100


def test_a_failing_migration_changes_nothing_and_moves_nothing(tmp_path, monkeypatch):
    store = open_store(tmp_path, echo=False)
    store.record_finished_run(FakeRun("m", 1, 40), "Old", STARTED)
    store.close()
    steps = schema.MIGRATIONS + [(schema.SCHEMA_VERSION + 1, "broken", ["CREATE TABLE extra (x)",
                                                "ALTER TABLE nowhere ADD COLUMN y"])]
    monkeypatch.setattr(schema, "MIGRATIONS", steps)
    store = open_store(tmp_path, echo=False)
    assert isinstance(store, MemoryStore) and store.warnings  # goes on, without saving
    assert [e.name for e in store.leaderboard()] == ["Old"]  # still shown
    assert list(tmp_path.glob("*.corrupt-*")) == []
    conn = sqlite3.connect(db_file(tmp_path))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert "extra" not in schema.missing_tables(conn) + [
        r[0] for r in conn.execute("SELECT name FROM sqlite_master")]


# -- unreadable databases are moved aside, never deleted ---------------------------

def _moved(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob(f"{DB_NAME}.corrupt-*")
                  if not p.name.endswith(("-wal", "-shm")))


def _assert_moved_aside(folder: Path, store, old_bytes: bytes, capsys=None):
    moved = _moved(folder)
    assert len(moved) == 1 and moved[0].read_bytes() == old_bytes
    assert isinstance(store, SqliteStore) and store.saving
    assert any(str(moved[0]) in w for w in store.warnings)
    if capsys is not None:
        assert str(moved[0]) in capsys.readouterr().err
    store.save_run("fresh", ["pass"], STARTED)
    assert reopen(db_file(folder)).load_run().actions == ("pass",)


def test_garbage_file_is_moved_aside(tmp_path, capsys):
    garbage = os.urandom(50_000)
    db_file(tmp_path).write_bytes(garbage)
    Path(str(db_file(tmp_path)) + "-wal").write_bytes(os.urandom(5000))
    store = open_store(tmp_path)
    _assert_moved_aside(tmp_path, store, garbage, capsys)
    assert Path(str(db_file(tmp_path)) + "-wal").read_bytes()[:4] != garbage[:4]
    assert list(tmp_path.glob(f"{DB_NAME}.corrupt-*-wal"))  # the stale journal went with it


def test_foreign_sqlite_file_is_moved_aside(tmp_path):
    conn = sqlite3.connect(db_file(tmp_path))
    conn.execute("CREATE TABLE photos (id)")
    conn.commit()
    conn.close()
    old = db_file(tmp_path).read_bytes()
    _assert_moved_aside(tmp_path, open_store(tmp_path, echo=False), old)


def test_damaged_pages_are_moved_aside(tmp_path):
    store = open_store(tmp_path, echo=False)
    for i in range(300):
        store.record_finished_run(FakeRun(f"d{i}", i % 5, i), f"name {i}" * 2, STARTED)
    store.close()
    data = bytearray(db_file(tmp_path).read_bytes())
    assert len(data) > 5 * 4096
    data[2 * 4096:4 * 4096] = os.urandom(2 * 4096)
    db_file(tmp_path).write_bytes(bytes(data))
    _assert_moved_aside(tmp_path, open_store(tmp_path, echo=False), bytes(data))


def test_garbage_written_while_playing_loses_nothing_of_this_session(tmp_path):
    store = open_store(tmp_path, echo=False)
    actions = random_actions("live", n_matches=1)
    store.save_settings({"sound": False})
    store.set_last_name("Live")
    cut = len(actions) - 3  # the first hand is over by then
    for i in range(1, cut):
        store.save_run("live", actions[:i], STARTED)
    store.keeper.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = db_file(tmp_path).stat().st_size
    with open(db_file(tmp_path), "r+b") as f:  # in place: same file, same inode
        f.write(os.urandom(size))
    store.save_run("live", actions[:cut], STARTED)
    store.save_run("live", actions[:cut + 1], STARTED)
    assert len(_moved(tmp_path)) == 1 and store.saving
    store.close()
    fresh = reopen(db_file(tmp_path))
    assert fresh.load_run().actions == tuple(actions[:cut + 1])
    assert fresh.load_settings() == {"sound": False} and fresh.last_name() == "Live"
    assert len(fresh.hand_records()) == 1


def test_database_replaced_under_a_running_game(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.save_run("a", ["pass"], STARTED)
    db_file(tmp_path).rename(tmp_path / "elsewhere.db")
    store.save_run("a", ["pass", "pass"], STARTED)
    assert reopen(db_file(tmp_path)).load_run().actions == ("pass", "pass")


# -- cannot write: the game goes on ----------------------------------------------------

def test_unusable_folder_gives_a_memory_store(tmp_path, capsys, monkeypatch):
    def refused(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refused)  # a folder this user may not make
    store = open_store(tmp_path / "sub")
    assert isinstance(store, MemoryStore) and store.warnings and not store.saving
    assert "without saving" in capsys.readouterr().err
    store.save_run("x", ["pass"], STARTED)
    store.record_finished_run(FakeRun("x", 1, 3), "a", STARTED)
    assert store.load_run() is None and len(store.leaderboard()) == 1


def _fill_the_disk(store: SqliteStore) -> None:
    pages = store.keeper.conn.execute("PRAGMA page_count").fetchone()[0]
    store.keeper.conn.execute(f"PRAGMA max_page_count = {pages}")


def test_full_disk_degrades_then_catches_up(tmp_path, capsys):
    path = db_file(tmp_path)
    store = open_store(tmp_path)
    store.save_settings({"a": 1})
    _fill_the_disk(store)
    actions = random_actions("full", n_matches=None)
    big = {"blob": "x" * 20_000}
    store.save_settings(big)  # needs new pages: SQLITE_FULL
    assert not store.saving and "disk is full" in capsys.readouterr().err
    for i in range(1, len(actions) + 1):
        store.save_run("full", actions[:i], STARTED)  # never raises
    run = Run.replay("full", actions)
    entry = store.record_finished_run(run, "Full", STARTED)
    store.set_last_name("Full")
    # the game still sees what it did
    assert store.load_settings()["blob"] == big["blob"]
    assert store.leaderboard()[0].name == "Full" and store.leaderboard()[0].entry_id == entry
    assert store.last_name() == "Full" and store.load_run() is None
    assert len(store.hand_records(None)) == 0
    # space again: the next write brings everything in
    store.keeper.conn.execute("PRAGMA max_page_count = 1000000")
    store.save_settings({"b": 2})
    assert store.saving and "works again" in store.warnings[-1]
    assert store.leaderboard()[0].entry_id == entry  # the id the game holds still matches
    other = reopen(path)
    assert other.load_settings() == {"a": 1, "b": 2, "blob": big["blob"]}
    assert other.last_name() == "Full" and other.load_run() is None
    [row] = other.finished_runs()
    assert row["score"] == run.score and row["name"] == "Full"
    assert len(other.hand_records(row["id"])) == 2 * len(run.results)


class FailingWrites:
    """A connection whose writes fail as on a dying disk."""

    def __init__(self, conn):
        self.conn = conn

    def execute(self, sql, *args):
        if sql.split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("disk I/O error")
        return self.conn.execute(sql, *args)

    def close(self):
        self.conn.close()


def test_io_errors_never_escape(tmp_path):
    store = open_store(tmp_path, echo=False)
    store.save_run("io", ["pass"], STARTED)
    store.keeper.conn = FailingWrites(store.keeper.conn)
    store.save_run("io", ["pass", "pass"], STARTED)
    store.save_settings({"x": 1})
    store.set_last_name("Io")
    store.clear_run()
    store.record_finished_run(FakeRun("io", 0, 0), "Io", STARTED)
    slot, saved = store.claim_autoplay("k", "io")
    assert saved is None and slot.startswith("autoplay/")
    assert not store.saving and any("disk I/O error" in w for w in store.warnings)
    assert "kept in" in store.warnings[-1]  # the finished run, in a file of its own
    assert store.load_run() is None and store.load_settings() == {"x": 1}
    assert reopen(db_file(tmp_path)).load_run().actions == ("pass",)


def test_a_long_lock_by_another_process_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT", 0.2)
    store = open_store(tmp_path, echo=False)
    blocker = sqlite3.connect(db_file(tmp_path), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    store.record_finished_run(FakeRun("busy", 2, 7), "Busy", STARTED)
    assert not store.saving and store.leaderboard()[0].name == "Busy"
    blocker.execute("ROLLBACK")
    store.save_settings({})
    assert store.saving
    assert [e.name for e in reopen(db_file(tmp_path)).leaderboard()] == ["Busy"]


# -- several processes at once ------------------------------------------------------------

def _writer(folder: str, worker: int, count: int) -> None:
    store = open_store(folder, echo=False)
    for i in range(count):
        store.save_run(f"w{worker}-{i}", [], STARTED, slot=f"autoplay/{worker}")
        store.record_finished_run(FakeRun(f"w{worker}-{i}", i % 4, worker * 100 + i),
                                  f"worker {worker}", STARTED)
    store.close()


def test_concurrent_writers_lose_no_entry(tmp_path):
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), w, 30)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    rows = reopen(db_file(tmp_path)).finished_runs()
    assert len(rows) == 120
    for row in rows:
        worker, i = map(int, row["seed"][1:].split("-"))
        assert row["score"] == run_score(i % 4, worker * 100 + i)
        assert row["name"] == f"worker {worker}"


def test_a_run_known_by_its_figures_is_ranked_listed_and_never_exported(store):
    """A run without its moves (``FinishedRun.actions`` None, as before schema v3)
    keeps the figures it came with: no replay can check or change them."""
    entry = store.record_finished_run(FakeRun("fig", 2, 12_000), "Fig", STARTED)
    (record,) = store.list_runs()
    assert (record.name, record.score, record.streak, record.exportable) == (
        "Fig", 29_999, 2, False)
    assert store.run_for_export(entry) is None
    assert [e.score for e in store.leaderboard()] == [29_999]
