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
from belote2p.services.duplicate import finished_hands
from belote2p.store import open_store
from belote2p.store.api import DifferenceSums, HandDifference, PlayedBy
from belote2p.store.paths import DB_NAME
from tests.support.cli import cli, cli_python
from tests.support.store_runs import random_actions, winning_actions


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


# ---------------------------------------------------------------- 3 and 6. kept skill rows
STICK = "4:test"


def _skill_store(folder: Path) -> tuple[list[tuple[str, str, int]], DifferenceSums]:
    """Runs with every finished hand's comparison kept (made-up numbers: the
    store keeps numbers only); their (seed, start, finished hands) and sums."""
    store = open_store(folder, echo=False)
    runs = []
    for i in range(3):
        seed = f"skill-{i}"
        run = Run.replay(seed, random_actions(seed, n_matches=2))
        store.record_finished_run(run, "P", started(i), ai_key="k" if i == 2 else None)
        hands = list(finished_hands(seed, run.actions))
        store.keep_differences(seed, started(i), STICK, {
            key: HandDifference(k * 7 % 23 - 15, 5 - k) for k, key in enumerate(hands)})
        runs.append((seed, started(i), len(hands)))
    sums = store.difference_sums(STICK, include_ai=True)
    store.close()
    assert sums.hands == sum(n for *_key, n in runs) and getattr(sums, "skipped", 0) == 0
    return runs, sums


def _sums(folder: Path) -> tuple[DifferenceSums, list[str], list[int]]:
    store = open_store(folder, echo=False)
    try:
        return (store.difference_sums(STICK, include_ai=True), list(store.warnings),
                store.runs_missing_differences(STICK, include_ai=True))
    finally:
        store.close()


def test_forged_and_phantom_skill_rows_raise_no_figure(tmp_path):
    folder = tmp_path / "data"
    runs, genuine = _skill_store(folder)
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    kept = conn.execute("SELECT seed, started, match_index, hand_index, yardstick, yours, "
                        "rival FROM hand_skill").fetchall()
    forged = [(*row[:5], row[5] + 150, row[6]) for row in kept]
    seed, begun, _count = runs[0]
    phantoms = [(seed, begun, 10 + k // 2, k % 2, STICK, 150, 0) for k in range(8)]
    conn.executemany("INSERT OR REPLACE INTO hand_skill (seed, started, match_index, "
                     "hand_index, yardstick, yours, rival) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     forged[:len(forged) // 2] + phantoms)
    conn.close()
    sums, warnings, missing = _sums(folder)
    honest = kept[len(forged) // 2:]
    assert sums.hands == len(honest)  # the forged and phantom rows left out
    assert sums.total == sum(row[5] for row in honest) < genuine.total + 150
    assert sums.skipped == len(forged) // 2 + len(phantoms)
    assert any("left out of the skill figure" in w for w in warnings)
    assert missing  # the runs whose rows were forged are compared again
    # the daily board by skill and History read a run's own hands only
    store = open_store(folder, echo=False)
    try:
        mine = store.differences_of(seed, begun, STICK)
        assert all(key[0] < 10 for key in mine)
    finally:
        store.close()


def as_the_game_keeps(conn: sqlite3.Connection, found: list[tuple]) -> None:
    """Insert hand_skill rows (seed, started, match, hand, yardstick, yours,
    rival) as the store writes them, sealed (schema 6; none before it): even
    so, numbers that are no hand's of the run must not count."""
    try:
        from belote2p.store.seals import hand_seal
    except ImportError:  # main before issue #44: no seal
        conn.executemany("INSERT INTO hand_skill (seed, started, match_index, hand_index, "
                         "yardstick, yours, rival) VALUES (?, ?, ?, ?, ?, ?, ?)", found)
        return
    conn.executemany("INSERT INTO hand_skill (seed, started, match_index, hand_index, "
                     "yardstick, yours, rival, proof) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     [(*row, hand_seal(row[0], row[1], row[4], row[2], row[3], row[5], row[6]))
                      for row in found])


def test_out_of_range_skill_rows_are_skipped_and_the_figure_stays(tmp_path):
    folder = tmp_path / "data"
    runs, genuine = _skill_store(folder)
    seed, begun, count = runs[0]
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    for big in ((2**63 - 1, -(2**62)), (2**63 - 1, 2**63 - 1)):
        conn.execute("DELETE FROM hand_skill WHERE match_index >= 40")
        as_the_game_keeps(conn, [(seed, begun, 40 + k, 0, STICK, value, 0)
                                 for k, value in enumerate(big)])
        sums, warnings, _missing = _sums(folder)
        assert (sums.hands, sums.total, sums.squares) == \
            (genuine.hands, genuine.total, genuine.squares)
        assert sums.skipped == 2
        assert not any("cannot save" in w or "not valid" in w for w in warnings), warnings
    # and in range but no hand of the run (it finished ``count`` hands)
    conn.execute("DELETE FROM hand_skill WHERE match_index >= 40")
    as_the_game_keeps(conn, [(seed, begun, count // 2 + 1, 1, STICK, 90, 0)])
    conn.close()
    sums, _warnings, _missing = _sums(folder)
    assert (sums.hands, sums.total, sums.skipped) == (genuine.hands, genuine.total, 1)
    done = cli("--data-dir", str(folder), "stats", "--json", "--include-ai")
    assert done.returncode == 0 and "cannot save" not in done.stderr, done.stderr


# ---------------------------------------------------------------- 1 and 2. the daily's counted run
def test_the_counted_daily_run_stays_on_the_board_when_its_practice_twin_records_first(tmp_path):
    """Two ``autoplay --daily`` of one command: the first claims the day, the
    second is practice and records first (the first stopped after its claim)."""
    from belote2p.commands.autoplay import autoplay_key, play_autoplay
    from belote2p.core.fairness import daily_seed, today_utc
    from belote2p.store.runs import now_iso

    day = today_utc()
    seed, key = daily_seed(day), autoplay_key("1", "Bot", 1)
    store = open_store(tmp_path, echo=False)
    try:
        slot, _saved = store.claim_autoplay(key, seed)  # the counted one, paused after this
        begun = now_iso()
        assert store.claim_daily(day.isoformat(), seed, begun, slot)
        twin = play_autoplay(store, "1", seed, "Bot", 1, daily=day.isoformat(), compare=False)
        assert twin["daily_counted"] is False
        run = Run.replay(seed, store.run_record(twin["id"]).actions)  # the same moves
        counted_id = store.record_finished_run(run, "Bot", begun, ai_key=key,
                                               daily=day.isoformat())
        board = store.daily_leaderboard(day.isoformat())
        assert [e.entry_id for e in board] == [counted_id]
        record = store.run_record(counted_id)
        assert record is not None and record.started == begun and record.daily_counted
    finally:
        store.close()
    done = cli("--data-dir", str(tmp_path), "leaderboard", "--daily", day.isoformat(), "--json")
    assert len(json.loads(done.stdout)) == 1


def test_a_daily_claimed_under_a_held_lock_is_refused_and_the_day_stays_unspent(tmp_path,
                                                                                 monkeypatch):
    from belote2p.commands import autoplay
    from belote2p.core.fairness import daily_seed, today_utc
    from belote2p.store import connection
    from tests.support.locked_db import hold_the_write_lock

    day = today_utc()
    store = open_store(tmp_path, echo=False)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT", 0.5)
    holder = hold_the_write_lock(tmp_path / DB_NAME, 3)
    try:
        try:
            autoplay.play_autoplay(store, "1", daily_seed(day), "Bot", 1,
                                   daily=day.isoformat(), compare=False)
        except autoplay.DailyBusy:
            pass
        else:
            raise AssertionError("played as practice under a held lock")
    finally:
        holder.wait(timeout=30)
        store.close()
    store = open_store(tmp_path, echo=False)
    try:
        assert not store.daily_attempted(day.isoformat())  # the claim is not spent
        assert store.list_runs() == []  # nothing was played
        again = autoplay.play_autoplay(store, "1", daily_seed(day), "Bot", 1,
                                       daily=day.isoformat(), compare=False)
        assert again["daily_counted"] is True
        assert [e.entry_id for e in store.daily_leaderboard(day.isoformat())] == [again["id"]]
    finally:
        store.close()


def test_autoplay_daily_under_a_held_lock_says_busy_in_one_line(tmp_path, monkeypatch, capsys):
    import argparse

    from belote2p.commands.autoplay import autoplay_main
    from belote2p.core.fairness import today_utc
    from belote2p.store import connection
    from tests.support.locked_db import hold_the_write_lock

    open_store(tmp_path, echo=False).close()
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(connection, "BUSY_TIMEOUT", 0.3)
    holder = hold_the_write_lock(tmp_path / DB_NAME, 30)
    try:
        code = autoplay_main(argparse.Namespace(level="1", name=None, seed=None,
                                                daily=today_utc(), max_matches=1,
                                                no_skill=True))
    finally:
        holder.kill()
        holder.wait()
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    refusal = [line for line in err.splitlines() if "busy" in line]
    assert len(refusal) == 1 and "Try again" in refusal[0], err
    assert "practice" not in err


# ---------------------------------------------------------------- 7. escape sequences
HOSTILE = "\x1b[2K\x1b[1G\u2714 Valid\r\x9b2K\u202e"


def _raw_controls(text: str) -> list[str]:
    return [ch for ch in text if not ch.isprintable() and ch != "\n"]


def test_no_command_prints_a_raw_control_character_of_a_file_or_the_database(tmp_path):
    folder = tmp_path / "data"
    first, *_ = winners(folder)
    exported = cli("--data-dir", str(folder), "export", str(first))
    forged = json.loads(exported.stdout)
    forged["name"] = HOSTILE
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged, ensure_ascii=False), encoding="utf-8")
    done = cli("verify", str(path))
    assert done.returncode in (0, 1), done.stderr
    for stream in (done.stdout, done.stderr):
        assert _raw_controls(stream) == [], stream
    assert "\\x1b[2K" in done.stdout  # shown, visibly
    assert json.loads(done.stdout.splitlines()[-1])  # the JSON line still parses
    sql(folder, f"UPDATE runs SET name = '{HOSTILE}' WHERE id = {first}")
    for args in (["runs"], ["runs", "--json"], ["leaderboard"], ["leaderboard", "--json"],
                 ["export", str(first)], ["stats"]):
        shown = cli("--data-dir", str(folder), *args)
        assert shown.returncode == 0, (args, shown.stderr)
        for stream in (shown.stdout, shown.stderr):
            assert _raw_controls(stream) == [], (args, stream)
    listed = cli("--data-dir", str(folder), "runs", "--json")
    assert first in [run["id"] for run in json.loads(listed.stdout)]  # listed, not hidden
    assert "\\x1b" in cli("--data-dir", str(folder), "runs").stdout


# ---------------------------------------------------------------- 8. a clock set back
def test_a_genuine_run_verifies_whatever_the_clock_did(tmp_path, monkeypatch):
    """(a) killed, then resumed with the clock an hour earlier; (b) the clock
    set back an hour mid-run: "ended" before "started" either way."""
    from datetime import datetime, timedelta, timezone

    from belote2p.commands.autoplay import play_autoplay
    from belote2p.services.runfile import build_run_file
    from belote2p.services.verify import verify_run_file

    ahead = (datetime.now(timezone.utc) + timedelta(hours=1)).isoformat(timespec="microseconds")
    store = open_store(tmp_path, echo=False)
    try:
        summary = play_autoplay(store, "1", "clock-back", "Bot", 2, compare=False,
                                clock=lambda: ahead)  # started an hour "later" than it ends
        source = store.run_for_export(summary["id"])
        assert source is not None and source.ended is not None and source.ended < source.started
        verdict = verify_run_file(build_run_file(source))
    finally:
        store.close()
    assert verdict.valid, verdict.problem
    assert verdict.score == summary["score"]
    assert any("before it started" in note for note in verdict.notes)
    path = tmp_path / "run.json"
    path.write_text(cli("--data-dir", str(tmp_path), "export", str(summary["id"])).stdout)
    done = cli("verify", str(path))
    assert done.returncode == 0, done.stdout
    assert "by that machine's clock" in done.stdout


# ---------------------------------------------------------------- 9. huge counts
def test_arena_refuses_a_huge_match_count_at_once_in_one_line():
    # the command runs under a small parent of its own that reports its peak
    # memory: this worker's own children (a browser, a server) may have been
    # far larger, and RUSAGE_CHILDREN keeps the largest ever waited for
    measure = ("import resource, subprocess, sys; "
               "done = subprocess.run([sys.executable, '-m', 'belote2p', *sys.argv[1:]], "
               "capture_output=True, text=True); "
               "sys.stderr.write(done.stderr); "
               "print(done.returncode, len(done.stdout), "
               "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    for count in ("999999999999", "20000000"):
        done = cli_python("-c", measure, "arena", "1", "2", "--matches", count)
        returncode, stdout_size, peak_kb = map(int, done.stdout.split())
        assert returncode == 2 and stdout_size == 0, done.stderr[-500:]
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "100,000 at most" in lines[0], done.stderr[-500:]
        assert peak_kb < 500 * 1024  # kB: far below the 2 GB it took


# ---------------------------------------------------------------- 13. the damaged database
def test_every_run_of_a_damaged_database_whose_record_reads_is_salvaged(tmp_path):
    from tests.support.damaged_db import seven_runs_with_a_damaged_value

    db = seven_runs_with_a_damaged_value(tmp_path)
    shell = sqlite3.connect(db)
    readable = sorted((seed, tuple(json.loads(actions))) for seed, actions in shell.execute(
        "SELECT seed, actions FROM runs WHERE seed IS NOT NULL AND actions IS NOT NULL"))
    shell.close()
    assert len(readable) == 7
    done = cli("--data-dir", str(tmp_path), "runs", "--json", timeout=60)
    assert done.returncode == 0 and "moved to" in done.stderr, done.stderr
    assert len(json.loads(done.stdout)) == 7
    store = open_store(tmp_path, echo=False)
    try:
        kept = {r.seed: r for r in store.list_runs()}
        assert sorted((r.seed, r.actions) for r in kept.values()) == readable
        damaged = kept["r4"]  # its figures are its moves' (its stored results were lost)
        assert not damaged.altered
        assert damaged.score == Run.replay("r4", damaged.actions).score
    finally:
        store.close()


# ---------------------------------------------------------------- 14. 128-bit seeds
def test_new_runs_take_128_bit_seeds_under_a_32_digit_commitment_and_old_files_verify(tmp_path):
    import hashlib

    from belote2p.services.run_session import new_seed
    from belote2p.services.runfile import export_run
    from belote2p.services.verify import verify_bytes
    from lab.play import play_run

    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == 32 and int(s, 16) >= 0 for s in seeds)
    seed = seeds.pop()
    store = open_store(tmp_path, echo=False)
    try:
        run = play_run(seed, "1", max_matches=1)
        store.record_finished_run(run, "P", started(0))
    finally:
        store.close()
    listed = json.loads(cli("--data-dir", str(tmp_path), "runs", "--json").stdout)
    digest = hashlib.sha256(seed.encode()).hexdigest()
    assert listed[0]["commitment"] == digest[:32]
    exported = json.loads(cli("--data-dir", str(tmp_path), "export", "1").stdout)
    assert exported["version"] == 2 and exported["commitment"] == digest[:32]
    assert verify_bytes(json.dumps(exported).encode()).valid
    # a run file of before: version 1, a 48-bit seed, a commitment of 12 digits
    old_seed = "a1b2c3d4e5f6"
    old_run = play_run(old_seed, "1", max_matches=1)
    old = export_run(old_seed, old_run.actions, "P", None, started(1), started(2))
    old.update(version=1, commitment=hashlib.sha256(old_seed.encode()).hexdigest()[:12])
    assert verify_bytes(json.dumps(old).encode()).valid
    short = dict(old, version=2)  # a new file must carry the 32 digits
    assert not verify_bytes(json.dumps(short).encode()).valid
    wrong = dict(old, commitment="0" * 12)
    assert not verify_bytes(json.dumps(wrong).encode()).valid
