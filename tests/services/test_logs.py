"""The game's log (services.logs, set up by cli.main): the file, what stderr
shows, the crashes, the waits a player is told of."""

from __future__ import annotations

import fcntl
import logging
import subprocess
import sys
import threading
import time
from pathlib import Path

from belote2p import __version__, cli
from belote2p.services import logs
from belote2p.store import open_store
from belote2p.store.locks import TELL_PLAYER, folder_lock, lock_path
from tests.support.cli import ROOT

log = logging.getLogger("belote2p.tests")


def _command(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    import os

    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "belote2p", *args], capture_output=True,
                          text=True, env=full, timeout=timeout, stdin=subprocess.DEVNULL)


def test_the_log_folder_follows_the_overrides_the_data_folder_and_the_system():
    assert logs.log_dir({"BELOTE2P_LOG_DIR": "/x/logs", "BELOTE2P_DATA_DIR": "/d"}) == Path(
        "/x/logs")
    assert logs.log_dir({"BELOTE2P_DATA_DIR": "/d"}) == Path("/d/logs")
    import platformdirs

    system = Path(platformdirs.user_log_dir("belote2p", appauthor=False))
    assert logs.log_dir({"BELOTE2P_LOG_DIR": "  ", "BELOTE2P_DATA_DIR": ""}) == system
    assert logs.log_file({"BELOTE2P_DATA_DIR": "/d"}) == Path("/d/logs/belote2p.log")


def test_a_command_starts_its_log_with_the_version_and_keeps_its_level(tmp_path):
    data = tmp_path / "data"
    done = _command("--data-dir", str(data), "runs", env={"BELOTE2P_LOG_DIR": ""})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # an info record is not for the player
    text = (data / "logs" / "belote2p.log").read_text(encoding="utf-8")
    assert f"INFO belote2p: belote2p {__version__} starts: runs (Python" in text
    assert "DEBUG" not in text

    done = _command("--log-level", "DEBUG", "--data-dir", str(data), "solve", "-",
                    env={"BELOTE2P_LOG_DIR": str(tmp_path / "elsewhere")})
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "elsewhere" / "belote2p.log").read_text(encoding="utf-8")
    assert "starts: solve" in text
    assert "belote2p.ai.core: the native core plays" in text or "the Python core plays" in text

    before = (data / "logs" / "belote2p.log").read_text(encoding="utf-8")
    done = _command("--data-dir", str(data), "runs",
                    env={"BELOTE2P_LOG_DIR": "", "BELOTE2P_LOG_LEVEL": "error"})
    assert done.returncode == 0
    assert (data / "logs" / "belote2p.log").read_text(encoding="utf-8") == before


def test_a_bad_log_level_is_named_in_one_line(tmp_path):
    done = _command("--log-level", "loud", "runs", env={"BELOTE2P_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2
    assert "--log-level: invalid choice: 'loud'" in done.stderr
    done = _command("runs", env={"BELOTE2P_DATA_DIR": str(tmp_path), "BELOTE2P_LOG_LEVEL": "x"})
    assert done.returncode == 2
    assert done.stderr == ("belote2p: $BELOTE2P_LOG_LEVEL: 'x' is not a log level: "
                           "choose one of debug, info, warning, error\n")


def test_a_wait_for_another_process_s_lock_is_told_to_the_player(tmp_path):
    """The folder lock held by another process: the command says it waits
    (it would seem to hang), and goes on once the lock is free."""
    import os

    data, logged = tmp_path / "data", tmp_path / "logs" / "belote2p.log"
    open_store(data, echo=False).close()
    holder = lock_path(data / "belote2p.db", "lock").open("a+b")
    fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BELOTE2P_LOG_DIR": str(logged.parent)}
    command = subprocess.Popen([sys.executable, "-m", "belote2p", "--data-dir", str(data), "runs"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 60
        while "waiting up to" not in (logged.read_text() if logged.exists() else ""):
            assert time.monotonic() < deadline and command.poll() is None, "it never waited"
            time.sleep(0.05)
        holder.close()  # the other process is done: the command goes on at once
        out, err = command.communicate(timeout=60)
    finally:
        holder.close()
        command.kill()
    assert command.returncode == 0 and out == "No runs recorded yet.\n", err
    assert err == (f"belote2p: waiting up to 30 s for the folder lock of {data / 'belote2p.db'} "
                   "(another process opens, checks or checkpoints the database)\n")  # only that


def test_the_store_tells_its_waits_with_the_key_the_log_shows():
    assert TELL_PLAYER == {logs.PLAYER_KEY: True}


def test_stderr_shows_warnings_and_player_waits_the_file_keeps_everything(tmp_path, capsys):
    path = logs.configure("debug", tmp_path)
    assert path == tmp_path / "belote2p.log"
    log.debug("a trace")
    log.info("a fact")
    log.info("waiting for something", extra=TELL_PLAYER)
    log.warning("could not do %s", "it")
    try:
        raise OSError("disk full")
    except OSError:
        log.exception("the title's facts could not be read")
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "belote2p: waiting for something", "belote2p: could not do it",
        "belote2p: the title's facts could not be read (OSError: disk full; the details "
        f"are in {path})"]
    text = path.read_text(encoding="utf-8")
    for line in ("DEBUG belote2p.tests: a trace", "INFO belote2p.tests: a fact",
                 "ERROR belote2p.tests: the title's facts could not be read",
                 'raise OSError("disk full")', "OSError: disk full"):
        assert line in text
    logs.configure("warning", tmp_path)  # configured again: one handler each, the level new
    log.info("not kept")
    log.warning("kept once")
    assert path.read_text(encoding="utf-8").count("kept once") == 1
    assert "not kept" not in path.read_text(encoding="utf-8")
    assert capsys.readouterr().err == "belote2p: kept once\n"


def test_the_windowed_build_without_stderr_keeps_crashes_in_the_file(tmp_path, monkeypatch):
    hooks = (sys.excepthook, threading.excepthook)
    path = logs.configure("info", tmp_path)
    assert (sys.excepthook, threading.excepthook) != hooks
    monkeypatch.setattr(sys, "stderr", None)
    log.warning("no terminal")  # nowhere to print: no error either
    try:
        raise ValueError("boom")
    except ValueError:
        sys.excepthook(*sys.exc_info())  # what Python calls for an uncaught exception

    def crash() -> None:
        raise RuntimeError("in a thread")

    worker = threading.Thread(target=crash, name="the-worker")
    worker.start()
    worker.join()
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "no terminal" in text
    assert "CRITICAL belote2p: crashed" in text and "ValueError: boom" in text
    assert "thread the-worker crashed" in text and "RuntimeError: in a thread" in text
    logs.reset()
    assert (sys.excepthook, threading.excepthook) == hooks  # put back as they were


def test_a_crash_of_a_command_is_in_its_log_and_its_traceback_on_stderr_once(tmp_path):
    code = ("import sys; from belote2p.services import logs; logs.configure('info', "
            f"__import__('pathlib').Path({str(tmp_path)!r})); raise ValueError('boom')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 1
    assert done.stderr.count("ValueError: boom") == 1 and "Traceback" in done.stderr
    assert "belote2p: crashed" not in done.stderr
    assert "ValueError: boom" in (tmp_path / "belote2p.log").read_text(encoding="utf-8")


def test_a_folder_that_cannot_hold_the_log_costs_the_file_not_the_game(tmp_path, capsys):
    (tmp_path / "taken").write_text("a file, not a folder")
    assert logs.configure("info", tmp_path / "taken") is None
    assert capsys.readouterr().err.startswith(f"belote2p: no log file ({tmp_path / 'taken'}")
    log.warning("still told")
    assert capsys.readouterr().err == "belote2p: still told\n"


def test_the_log_file_rotates_and_keeps_three_old_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    logs.configure("info", tmp_path)
    for i in range(400):
        log.info("record %04d %s", i, "x" * 40)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["belote2p.log", "belote2p.log.1", "belote2p.log.2", "belote2p.log.3"]
    assert "record 0399" in (tmp_path / "belote2p.log").read_text(encoding="utf-8")
    assert all(p.stat().st_size <= 2000 for p in tmp_path.iterdir())


def test_main_sets_the_log_up_in_process_too(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BELOTE2P_LOG_DIR", str(tmp_path / "logs"))
    assert cli.main(["--data-dir", str(tmp_path / "data"), "runs", "--json"]) == 0
    assert "starts: runs" in (tmp_path / "logs" / "belote2p.log").read_text(encoding="utf-8")
    assert capsys.readouterr().err == ""


def test_a_lock_wait_is_shown_at_every_level_and_logged(tmp_path, capsys):
    path = logs.configure("error", tmp_path / "logs")
    db = tmp_path / "belote2p.db"
    with folder_lock(db), folder_lock(db, wait=1.0) as held:  # (two opens: two holders)
        assert not held
    err = capsys.readouterr().err
    assert err == f"belote2p: waiting up to 1 s for the folder lock of {db} (another process " \
                  "opens, checks or checkpoints the database)\n"  # (the warning: below error)
    assert path is not None and "waiting up to" not in path.read_text(encoding="utf-8")
    logs.configure("info", tmp_path / "logs")
    with folder_lock(db), folder_lock(db, wait=0.5):
        pass
    text = path.read_text(encoding="utf-8")
    assert "INFO belote2p.store.locks: waiting up to 0 s" in text
    assert "WARNING belote2p.store.locks: the folder lock" in text
