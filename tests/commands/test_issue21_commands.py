"""Issue 21, round two of "nothing lost, nothing hangs": the rival's move when its
worker dies or stops, workers that never outlive the game, a second window that
cannot touch the first one's run, the reserved daily seeds, the one seed rule,
the times and flags of run files, and the last tracebacks of the command line."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from belote2p.core.match import RIVAL, Run
from belote2p.services.runfile import export_run
from belote2p.services.verify import verify_bytes
from lab import harness as h

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")
STARTED, ENDED = "2026-11-30T10:00:00+00:00", "2026-11-30T10:20:00+00:00"


def cli(*args: str, stdin: bytes | None = None, env: dict | None = None,
        argv: list | None = None) -> subprocess.CompletedProcess:
    command = argv if argv is not None else [sys.executable, "-m", "belote2p", *args]
    return subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT,
                          env=ENV if env is None else env, timeout=300)


def one_line_and_2(done: subprocess.CompletedProcess) -> str:
    """The command failed with exit 2 and one line on stderr (returned), no traceback."""
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, (done.returncode, err)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert len(lines[0]) < 400, lines[0]  # never an unbounded value echoed
    return lines[0]


def wait_until(condition, what: str, limit: float = 60.0) -> None:
    """Poll ``condition`` until true; fail (naming ``what``) after ``limit`` seconds.
    The limit only stops a broken case from hanging; nothing is timed."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {limit:.0f} s: {what}")
        time.sleep(0.05)


def gone(pid: int) -> bool:
    """The process has ended (a zombie nobody reaped has ended too)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rsplit(b")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return True
    return state in (b"Z", b"X")


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found |= {int(p) for p in (task / "children").read_text().split()}
    return found


# -- section 5: the rival's move when its worker dies ------------------------------------------

def _play_with_worker(seed: str, before=None, after=None) -> Run:
    """One match of a scored run: the player plays its first legal action, the
    rival is asked of the real worker process through the table's ``RivalSeats``;
    ``before(worker, turn)`` / ``after(worker, turn)`` may hurt the worker just
    before / just after the rival's turn number ``turn`` is asked."""
    from belote2p.ui.table.rival_seat import RivalSeats
    from belote2p.ui.worker import AIWorker

    worker = AIWorker("process")
    worker.answer_bound = 3.0  # seconds before a silent worker is rescued
    seats = RivalSeats(worker)
    run, turn = Run(seed), 0
    try:
        wait_until(lambda: bool(worker_pids(worker)), "the worker process to start")
        while not run.over and len(run.results) < 1:
            if run.match.to_move != RIVAL:
                run.apply(run.match.hand.legal_actions()[0])
                continue
            if before is not None:
                before(worker, turn)
            seats.ask(run, RIVAL, run.rival_level)
            if after is not None:
                after(worker, turn)
            turn += 1
            wait_until(seats.ready, f"the rival's move {len(run.actions)}", limit=120)
            run.apply(seats.take(run))
            seats.forget()
    finally:
        worker.shutdown()
    return run


def _verifies(run: Run) -> None:
    data = export_run(str(run.seed), run.actions, "Ana", None, STARTED, ENDED)
    verdict = verify_bytes(json.dumps(data).encode())
    assert verdict.valid, verdict.problem


def worker_pids(worker) -> list[int]:
    """The pool's worker processes (read from the pool itself: the test does not
    trust the code under test to say)."""
    processes = getattr(worker.pool, "_processes", None) or {}
    return [p.pid for p in list(processes.values())]


def _signal_all(worker, sig: int, into: list[int] | None = None) -> None:
    for pid in worker_pids(worker):
        os.kill(pid, sig)
        if into is not None:
            into.append(pid)


@pytest.mark.slow
def test_a_worker_killed_mid_run_still_gives_a_run_that_verifies():
    killed: list[int] = []

    def stop(worker, turn: int) -> None:  # stopped first: the move asked next is surely pending
        if turn in (1, 4, 7):
            _signal_all(worker, signal.SIGSTOP)

    def kill(worker, turn: int) -> None:  # then kill -9 with that move asked of it
        if turn in (1, 4, 7):
            _signal_all(worker, signal.SIGKILL, killed)

    run = _play_with_worker("killed-17", stop, kill)
    _verifies(run)
    assert len(killed) == 3 and run.results  # three workers died, each replaced


@pytest.mark.slow
def test_a_stopped_worker_is_rescued_and_the_run_verifies():
    stopped: list[int] = []

    def stop(worker, turn: int) -> None:
        if turn in (2, 6):
            _signal_all(worker, signal.SIGSTOP, stopped)

    try:
        run = _play_with_worker("stopped-3", after=stop)
        assert len(stopped) == 2 and all(gone(pid) for pid in stopped)  # the stuck ones ended
    finally:
        for pid in stopped:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)
    _verifies(run)


def test_the_fallback_move_is_gone():
    source = (ROOT / "belote2p" / "ui" / "table" / "rival_seat.py").read_text()
    assert "fallback/" not in source and "random" not in source


_WORKER_SCRIPT = """
import multiprocessing.resource_tracker as tracker, sys, time
from belote2p.ui.worker import AIWorker
worker = AIWorker("process")
while not worker.pool._processes:
    time.sleep(0.05)
print(next(iter(worker.pool._processes)), tracker._resource_tracker._pid, flush=True)
time.sleep(600)
"""


def test_a_killed_game_leaves_no_worker_or_resource_tracker():
    game = subprocess.Popen([sys.executable, "-c", _WORKER_SCRIPT], stdout=subprocess.PIPE,
                            env=ENV, cwd=ROOT)
    try:
        worker_pid, tracker_pid = (int(v) for v in game.stdout.readline().split())
        assert not gone(worker_pid)
        game.send_signal(signal.SIGKILL)
        game.wait(60)
        wait_until(lambda: gone(worker_pid), "the worker of a killed game to end")
        wait_until(lambda: gone(tracker_pid), "the resource tracker of a killed game to end")
    finally:
        game.kill()
        game.wait(60)
        game.stdout.close()


@pytest.mark.slow
def test_sigterm_closes_the_window_and_its_processes(tmp_path):
    game = subprocess.Popen([sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path)],
                            env=ENV, cwd=ROOT, stderr=subprocess.PIPE)
    try:
        wait_until(lambda: len(children(game.pid)) >= 2 or game.poll() is not None,
                   "the game's worker and resource tracker to start", limit=120)
        helpers = children(game.pid)
        assert game.poll() is None and helpers
        game.send_signal(signal.SIGTERM)
        assert game.wait(60) == 128 + signal.SIGTERM
        for pid in helpers:
            wait_until(lambda pid=pid: gone(pid), f"process {pid} of the game to end")
        assert b"Traceback" not in game.stderr.read()
    finally:
        game.kill()
        game.wait(60)
        game.stderr.close()


def test_no_display_at_all_is_one_line_and_exit_2(tmp_path):
    env = {k: v for k, v in ENV.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    line = one_line_and_2(cli("--data-dir", str(tmp_path), env=env))
    assert "display" in line.lower()


# -- section 2: a second window cannot touch the first window's run ----------------------------

_HOLDER_SCRIPT = """
import sys, time
from belote2p.core.match import Run
from belote2p.store import open_store
store = open_store(sys.argv[1], echo=False)
assert store.run_lock().acquire()
run = Run("window-a")
for _ in range(6):
    run.apply(run.match.hand.legal_actions()[0])
store.save_run("window-a", list(run.actions), "2026-12-01T08:00:00+00:00")
print(" ".join(run.actions), flush=True)
time.sleep(600)
"""


@pytest.fixture
def other_window(tmp_path):
    """Window A, a real second process: it holds the run lock of ``tmp_path`` and
    its run, six moves in, is the saved run.  Yields (folder, A's six actions)."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER_SCRIPT, str(tmp_path)],
                              stdout=subprocess.PIPE, env=ENV, cwd=ROOT, text=True)
    try:
        actions = tuple(holder.stdout.readline().split())
        assert len(actions) == 6
        yield tmp_path, actions
    finally:
        holder.kill()
        holder.wait(60)
        holder.stdout.close()


def _untouched(folder: Path, actions: tuple[str, ...]) -> None:
    """Window A's run is still the saved run, nothing was recorded, no daily claimed."""
    from belote2p.core.fairness import today_utc
    from belote2p.store import open_store

    store = open_store(folder, echo=False)
    try:
        saved = store.load_run()
        assert saved is not None and saved.seed == "window-a" and saved.actions == actions
        assert [r for r in store.list_runs() if r.run_id != 0] == []
        assert not store.daily_attempted(today_utc().isoformat())
        assert not store.run_lock().acquire()  # still A's
    finally:
        store.close()


def _title_of(folder: Path):
    from belote2p.store import open_store
    from belote2p.ui.navigation import Route

    game = h.make_app(store=open_store(folder, echo=False))
    title = game.nav.reset(Route.TITLE)
    h.step(game, 2)
    return game, title


def test_no_button_of_a_blocked_title_touches_the_other_windows_run(other_window):
    from belote2p.services.i18n import set_language

    folder, actions = other_window
    game, title = _title_of(folder)
    count = len(title.buttons)
    assert "another window" in (title.blocked or "")
    game.app.shutdown()
    assert count >= 8
    for index in range(count):  # every button the title has, whatever it is
        game, title = _title_of(folder)
        try:
            button = title.buttons[index]
            h.click(button.rect.center)
            h.step(game, 3)
            for _ in range(3):  # say yes to whatever it asks
                top = game.app.top
                yes = top.offer().get("buttons", {}).get("yes") if top is not None else None
                if yes is None:
                    break
                h.click(yes.center)
                h.step(game, 3)
            if game.app.top is title and game.app.running:
                title.focus = index  # and the keyboard's way, on that button
                h.key(pygame_key("RETURN"))
                h.step(game, 3)
        finally:
            game.app.shutdown()
            set_language("en")  # (a Settings screen may have been clicked through)
        _untouched(folder, actions)


def pygame_key(name: str) -> int:
    import pygame

    return int(getattr(pygame, f"K_{name}"))


def test_the_session_refuses_every_change_to_a_run_it_does_not_hold(other_window):
    from belote2p.services.run_session import ActiveRun, RunOpenElsewhere, RunSession
    from belote2p.store import open_store

    folder, actions = other_window
    store = open_store(folder, echo=False)
    reports: list[str] = []
    session = RunSession(store, report=reports.append)
    try:
        active = ActiveRun(Run("window-b"), "2026-12-01T09:00:00+00:00")
        for change in (session.start_new, lambda: session.start_daily("2026-12-01"),
                       session.resume, session.abandon_saved, lambda: session.abandon(active),
                       lambda: session.record(active, "B")):
            with pytest.raises(RunOpenElsewhere):
                change()
        session.save(active)
        assert reports and "another window" in reports[-1]  # (English: the default)
        session.close()
    finally:
        store.close()
    _untouched(folder, actions)


# -- sections 3 and 4: the reserved daily seeds and the one seed rule -------------------------

@pytest.mark.parametrize("seed", ["daily-2026-12-01", "daily-2026-13-45", "", "x" * 300,
                                  "tab\there", "line\nbreak"])
def test_autoplay_refuses_a_seed_the_game_could_not_keep(tmp_path, seed):
    done = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill",
               "--level", "1", "--seed", seed,
               "--max-matches", "1")
    line = one_line_and_2(done)
    assert "seed" in line and done.stdout == b""
    assert not (tmp_path / "belote2p.db").exists() or json.loads(
        cli("--data-dir", str(tmp_path), "runs", "--json").stdout) == []


def test_autoplay_seed_of_bytes_that_are_not_utf8_is_a_message(tmp_path):
    argv = [os.fsencode(sys.executable), b"-m", b"belote2p", b"--data-dir",
            os.fsencode(str(tmp_path)), b"autoplay", b"--level", b"1", b"--seed", b"\xff\xfeab",
            b"--max-matches", b"1"]
    line = one_line_and_2(cli(argv=argv))
    assert "UTF-8" in line


def test_only_the_daily_itself_plays_a_daily_seed(tmp_path):
    from belote2p.core.fairness import today_utc

    today = today_utc().isoformat()  # a daily run is played on its day (issue #31)
    refused = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill", "--level", "1", "--seed",
                  f"daily-{today}", "--max-matches", "1")
    one_line_and_2(refused)
    counted = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill", "--level", "1", "--daily",
                  today, "--max-matches", "1")
    assert counted.returncode == 0, counted.stderr
    assert json.loads(counted.stdout.splitlines()[-1])["daily_counted"] is True


def test_one_seed_rule():
    from belote2p.core.fairness import MAX_SEED_CHARS, SeedError, check_seed, seed_problem

    assert seed_problem("a" * MAX_SEED_CHARS) is None and seed_problem("café ♠") is None
    for bad in ("", "a" * (MAX_SEED_CHARS + 1), "\udcff", "a\x00", "a\x7f", 7, None,
                "daily-2026-12-01", "daily-0000-00-00"):
        assert seed_problem(bad) is not None, bad
    from datetime import date

    assert check_seed("daily-2026-12-01", date(2026, 12, 1)) == "daily-2026-12-01"
    with pytest.raises(SeedError):
        check_seed("daily-2026-12-01", date(2026, 12, 2))
    assert seed_problem("daily-2026-12-01x") is None  # not the reserved form


def test_the_stores_reader_skips_a_stored_seed_the_rule_refuses(tmp_path):
    import sqlite3

    from belote2p.store import open_store

    done = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill",
               "--level", "1", "--seed", "ok",
               "--max-matches", "1")
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(tmp_path / "belote2p.db")
    conn.execute("update runs set seed = ?", ("x" * 300,))
    conn.commit()
    conn.close()
    store = open_store(tmp_path, echo=False)
    try:
        assert [r for r in store.list_runs() if r.run_id != 0] == []
        assert any("seed" in str(w) for w in store.warnings)
    finally:
        store.close()


# -- section 3: run files say whether the attempt counted, and verify checks the times --------

def _exported(tmp_path: Path, *args: str) -> dict:
    done = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill", "--level", "1", *args,
               "--max-matches", "1")
    assert done.returncode == 0, done.stderr
    run_id = json.loads(done.stdout.splitlines()[-1])["id"]
    exported = cli("--data-dir", str(tmp_path), "export", str(run_id))
    assert exported.returncode == 0, exported.stderr
    return json.loads(exported.stdout)


def test_a_run_file_says_counted_and_ai_and_verifies(tmp_path):
    from belote2p.core.fairness import today_utc

    today = today_utc().isoformat()  # a daily run is played on its day (issue #31)
    first = _exported(tmp_path, "--daily", today)
    second = _exported(tmp_path, "--daily", today, "--name", "Two")  # another command
    plain = _exported(tmp_path, "--seed", "plain")
    assert (first["counted"], second["counted"], plain["counted"]) == (True, False, False)
    assert first["ai"] is plain["ai"] is True
    assert first["version"] == 2  # issue #44's commitment of 32 digits; version 1 still reads
    for data in (first, second, plain):
        verified = cli("verify", "-", stdin=json.dumps(data).encode())
        assert verified.returncode == 0, verified.stdout


def _file(**changes):
    from lab.play import play_run

    run = play_run("times", "1", None, max_matches=1)
    data = export_run("times", run.actions, "Ana", None, STARTED, ENDED)
    data.update(changes)
    return data


def test_an_old_version_1_file_without_the_new_fields_still_verifies():
    data = _file()
    for key in ("counted", "ai"):
        data.pop(key, None)
    assert verify_bytes(json.dumps(data).encode()).valid


@pytest.mark.parametrize("changes,words", [
    ({"started": "1999-01-01T00:00:00+00:00", "ended": "1999-01-01T01:00:00+00:00"},
     "before belote2p existed"),
    ({"ended": "2026-11-30T09:00:00+00:00"}, "before it started"),
    ({"started": "2099-01-01T00:00:00+00:00", "ended": "2099-01-01T01:00:00+00:00"},
     "in the future"),
    ({"ended": "2099-01-01T00:00:00+00:00"}, "in the future"),
])
def test_verify_notes_times_that_make_no_sense_and_proves_the_run_anyway(changes, words):
    """Issue #44: the times are the playing machine's clock, no part of the
    proof (they were in round two): said in a note, the run valid."""
    verdict = verify_bytes(json.dumps(_file(**changes)).encode())
    assert verdict.valid, verdict.problem
    assert any(words in note for note in verdict.notes), verdict.notes
    assert verdict.as_json()["notes"] == list(verdict.notes)


def test_verify_checks_the_counted_flag():
    verdict = verify_bytes(json.dumps(_file(counted=True)).encode())
    assert not verdict.valid and "no 'daily' date" in verdict.problem, verdict.problem


def test_a_small_clock_skew_is_allowed():
    from datetime import datetime, timedelta, timezone

    ahead = (datetime.now(timezone.utc) + timedelta(minutes=5)).isoformat()
    assert verify_bytes(json.dumps(_file(ended=ahead)).encode()).valid
    assert not verify_bytes(json.dumps(_file(counted="yes")).encode()).valid


# -- section 6: tracebacks and blowups, one clear line and exit 2 each ------------------------

def test_export_of_an_id_beyond_sqlite(tmp_path):
    for text in ("9223372036854775808", "9" * 5000):
        one_line_and_2(cli("--data-dir", str(tmp_path), "export", text))


def test_a_data_dir_with_a_300_character_folder_name(tmp_path):
    line = one_line_and_2(cli("--data-dir", str(tmp_path / ("x" * 300)), "runs"))
    assert "255" in line
    env = dict(ENV, BELOTE2P_DATA_DIR=str(tmp_path / ("y" * 300)))
    one_line_and_2(cli("runs", env=env))


def test_demo_screenshots_into_a_file_that_is_no_folder():
    line = one_line_and_2(cli("demo", "--screenshots", "/dev/null", "--hands", "1", "--fast"))
    assert "/dev/null" in line


def _levels_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "levels.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_arena_levels_with_a_5000_digit_number(tmp_path):
    shipped = (ROOT / "levels.yaml").read_text(encoding="utf-8")
    text = shipped.replace("take_threshold:", "take_threshold: " + "9" * 5000 + " #", 1)
    line = one_line_and_2(cli("arena", "1", "2", "--matches", "1", "--levels",
                              str(_levels_file(tmp_path, text))))
    assert "5,000 characters" in line


def test_arena_levels_of_nested_yaml_aliases(tmp_path):
    rows = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    rows += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 60)]
    text = "\n".join(rows) + "\nlevels: {1: {name: *a59}}\n"
    assert len(text) < 8000
    line = one_line_and_2(cli("arena", "1", "2", "--matches", "1", "--levels",
                              str(_levels_file(tmp_path, text))))
    assert "not allowed" in line
    aliases_only = "levels: {1: {name: *nowhere}}\n"
    one_line_and_2(cli("arena", "1", "2", "--matches", "1", "--levels",
                       str(_levels_file(tmp_path, aliases_only))))


def test_a_long_value_in_a_levels_file_is_not_echoed_whole(tmp_path):
    shipped = (ROOT / "levels.yaml").read_text(encoding="utf-8")
    text = shipped.replace("count_turned: true", "count_turned: " + "z" * 5000, 1)
    assert text != shipped
    line = one_line_and_2(cli("arena", "1", "2", "--matches", "1", "--levels",
                              str(_levels_file(tmp_path, text))))
    assert "zzz" in line


def test_levels_from_dev_zero_is_refused_at_once():
    line = one_line_and_2(cli("arena", "1", "2", "--matches", "1", "--levels", "/dev/zero"))
    assert "too large" in line


def test_every_file_the_package_reads_is_capped():
    """Each open()/read_text()/yaml load in the package is one of the capped
    readers (or reads a file of its own: shipped assets, /proc)."""
    import re

    allowed = {
        "belote2p/ai/levels.py", "belote2p/services/runfile.py", "belote2p/commands/verify.py",
        "belote2p/cli.py",  # replay/solve/review: line by line, each line capped
        "belote2p/ui/theme.py", "belote2p/services/i18n.py",  # the package's own data
        "belote2p/ui/app.py",  # /proc/self/stat
        "belote2p/store/connection.py", "belote2p/store/locks.py",  # 16 header bytes; lock fds
        "belote2p/store/walmark.py",  # its mark: 80 bytes at most, never waiting on a FIFO
        "belote2p/ui/sound.py",  # writes its sounds, opens /dev/null
        "belote2p/ai/evaluator.py",  # the shipped weights of the learned playout policy
        "belote2p/services/world/daily.py",  # a world run's journal, JOURNAL_MAX bytes at most
        "belote2p/services/world/client.py",  # the world accounts file, read_capped (1 MiB)
    }
    # (``self.open(...)``, ``store.open(behind=...)``: a store opening, not a file)
    pattern = re.compile(r"(?<!self\.)(?<!store\.)(?<!def )\bopen\((?!\))|read_text\(|read_bytes\("
                         r"|yaml\.safe_load|yaml\.load\(")
    readers = {str(path.relative_to(ROOT)) for path in (ROOT / "belote2p").rglob("*.py")
               if pattern.search(path.read_text(encoding="utf-8"))}
    assert readers <= allowed, readers - allowed
    runfile = (ROOT / "belote2p" / "services" / "runfile.py").read_text(encoding="utf-8")
    assert "read_text(" not in runfile  # the existing-file comparison reads a bounded prefix


def test_a_run_file_of_a_daily_seed_that_says_no_daily_is_not_valid():
    from lab.play import play_run

    run = play_run("daily-2026-11-30", "1", None, max_matches=1)
    data = export_run("daily-2026-11-30", run.actions, "Ana", None, STARTED, ENDED)
    verdict = verify_bytes(json.dumps(data).encode())
    assert not verdict.valid and "no daily run" in verdict.problem
