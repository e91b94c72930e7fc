"""The store across processes, as the checks run it: kill -9 at any moment,
several autoplays at once, a database overwritten with garbage, a read-only
folder, a full disk; and the two commands' output."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from belote2p.core.actions import Phase, parse_action
from belote2p.core.match import Run
from belote2p.core.record import record_of, replay_hand
from belote2p.store import SqliteStore
from belote2p.store.paths import DB_NAME
from belote2p.store.stress import slow_cli
from tests.support.cli import ROOT, cli
from tests.support.store_runs import random_actions, state

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("BELOTE2P_DATA_DIR", None)

# A game that plays a fixed list of actions, saving after each and saying so.
# It plays an action only when the test says "go" on its standard input, so a
# loaded machine cannot let it run ahead of the test's kill and finish the list
# in a few lives (the test then saw too few kills: a flaky failure under load).
PLAYER_SCRIPT = r"""
import json, random, sys, time
from belote2p.core.match import Run
from belote2p.store import open_store
folder, path = sys.argv[1], sys.argv[2]
plan = json.load(open(path))
store = open_store(folder)
saved = store.load_run()
run = Run.replay(saved.seed, list(saved.actions)) if saved else Run(plan["seed"])
started = saved.started if saved else plan["started"]
rng = random.Random(len(run.actions))
print("resumed", len(run.actions), flush=True)
for word in plan["actions"][len(run.actions):]:
    if not sys.stdin.readline():
        sys.exit(0)
    from belote2p.core.actions import parse_action
    run.apply(parse_action(word))
    store.save_run(plan["seed"], run.actions, started)
    print("saved", len(run.actions), flush=True)
    if rng.random() < 0.5:
        time.sleep(rng.random() * 0.003)
print("done", flush=True)
"""


def reference(seed: str, actions: list[str]):
    """The state after each number of actions, and the hand records."""
    run, states, records = Run(seed), [], []
    states.append(state(run))
    for word in actions:
        hand = run.match.hand
        run.apply(parse_action(word))
        if hand.phase is Phase.DONE:
            records.append((len(run.actions), record_of(hand)))
        states.append(state(run))
    return states, records


def test_kill_9_at_many_points_then_resume(tmp_path):
    seed = "crash"
    actions = random_actions(seed, n_matches=2)
    states, records = reference(seed, actions)
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"seed": seed, "actions": actions,
                                "started": "2024-01-01T00:00:00+00:00"}))
    folder = tmp_path / "data"
    rng = random.Random(7)
    kills, finished, points = 0, False, set()
    while not finished:
        child = subprocess.Popen([sys.executable, "-c", PLAYER_SCRIPT, str(folder), str(plan)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 env=ENV)
        target = rng.randint(1, 14)
        word, count = child.stdout.readline().split()
        assert word == "resumed"
        resumed_at = reported = int(count)
        # allow `target` more actions; kill while the last of them is being played and saved
        with contextlib.suppress(BrokenPipeError):  # nothing left to play: it has gone
            child.stdin.write("go\n" * target)
            child.stdin.flush()
        while reported - resumed_at < target - 1:
            word, *rest = child.stdout.readline().split()
            if word == "done":
                finished = True
                break
            reported = int(rest[0])
        if not finished:
            time.sleep(rng.random() * 0.003)
            child.send_signal(signal.SIGKILL)
            kills += 1
            for line in child.stdout:  # what it said before it died
                word, *rest = line.split() or [""]
                # the kill can cut the last line short: only a whole line counts
                if word == "saved" and rest and line.endswith("\n"):
                    reported = int(rest[0])
                finished = finished or word == "done"
        child.wait(30)
        with contextlib.suppress(BrokenPipeError):
            child.stdin.close()
        child.stdout.close()
        store = SqliteStore(folder / DB_NAME, echo=False)
        saved = store.load_run()
        n = len(saved.actions)
        # nothing the game was told is saved is lost; at most the save under way lands too
        assert reported <= n <= reported + 1, (reported, n)
        assert list(saved.actions) == actions[:n]
        assert state(Run.replay(saved.seed, list(saved.actions))) == states[n]
        assert store.hand_records() == [r for at, r in records if at <= n]
        points.add(n)
        store.close()
    assert kills >= 5 and len(points) >= 6


def _autoplay(folder, *args, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "belote2p", "--data-dir", str(folder),
                             "autoplay", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=ENV, **kwargs)


def _last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def _score_from_records(records: list[dict]) -> tuple[int, int, int]:
    """Streak, margin total and score from the hand records alone, by RULES.md."""
    streak = margin = 0
    for first, second in zip(records[0::2], records[1::2]):
        sums = [a + b for a, b in zip(replay_hand(first).score().scores,
                                      replay_hand(second).score().scores)]
        if sums[0] <= sums[1]:
            break
        streak += 1
        margin += sums[0] - sums[1]
    return streak, margin, streak * 10_000 + min(margin, 9_999)


def test_concurrent_autoplays_all_land_with_their_scores(tmp_path):
    jobs = [("1", "a1", None), ("1", "a1", None), ("2", "b2", "Bé 2"), ("1", "c3", None),
            ("2", "d4", None), ("1", "e5", "Éve")]
    procs = []
    for level, seed, name in jobs:
        args = ["--no-skill", "--level", level, "--seed", seed, "--max-matches", "2"]
        if name:
            args += ["--name", name]
        procs.append(_autoplay(tmp_path, *args))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        assert "Traceback" not in err
        outs.append(_last_json(out))
    for (level, _seed, name), out in zip(jobs, outs):
        assert out["name"] == (name or f"AI level {level}")
        assert set(out) >= {"name", "streak", "margin_total", "score", "matches"}
        won = [m for m in out["matches"] if m["won"]]
        assert out["streak"] == len(won) and out["margin_total"] == sum(m["margin"] for m in won)
        assert out["score"] == out["streak"] * 10_000 + min(out["margin_total"], 9_999)
        assert len(out["matches"]) <= 2
    same = [{k: v for k, v in o.items() if k != "rank"} for o in outs[:2]]
    assert same[0] == same[1]  # same command, same run, one entry (issue #8)
    distinct = outs[1:]
    store = SqliteStore(tmp_path / DB_NAME, echo=False)
    rows = store.finished_runs()
    assert len(rows) == len(distinct) and all(r["ai"] for r in rows)
    assert sorted((r["name"], r["score"]) for r in rows) == sorted(
        (o["name"], o["score"]) for o in distinct)
    for row in rows:
        assert _score_from_records(store.hand_records(row["id"])) == (
            row["streak"], row["margin_total"], row["score"])
    board = json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--include-ai",
                           "--json").stdout)  # autoplay runs: not on the player's board
    assert len(board) == len(distinct)
    assert [e["rank"] for e in board] == list(range(1, len(distinct) + 1))
    assert sorted((e["name"], e["score"]) for e in board) == sorted(
        (o["name"], o["score"]) for o in distinct)
    assert list(board[0]) == ["rank", "name", "score", "streak", "margin_total", "level", "date",
                              "ai"]


def _current_actions(db: Path) -> int:
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            row = conn.execute("SELECT actions FROM current_run").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return 0
    return len(json.loads(row[0])) if row else 0


def test_autoplay_killed_mid_run_resumes_to_the_same_result(tmp_path):
    args = ["--no-skill", "--level", "2", "--seed", "kill-me", "--max-matches", "2"]
    clean = cli("--data-dir", str(tmp_path / "clean"), "autoplay", *args)
    assert clean.returncode == 0, clean.stderr
    expected = _last_json(clean.stdout)

    folder = tmp_path / "killed"
    child = subprocess.Popen([sys.executable, "-c", slow_cli(0.01), "--data-dir", str(folder),
                              "autoplay", *args], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=ENV)
    deadline = time.monotonic() + 60
    while _current_actions(folder / DB_NAME) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    child.send_signal(signal.SIGKILL)
    child.wait(30)
    assert _current_actions(folder / DB_NAME) >= 40

    again = cli("--data-dir", str(folder), "autoplay", *args)
    assert again.returncode == 0, again.stderr
    assert "resuming" in again.stderr
    assert _last_json(again.stdout) == expected
    store = SqliteStore(folder / DB_NAME, echo=False)
    assert len(store.finished_runs()) == 1 and _current_actions(folder / DB_NAME) == 0


def test_leaderboard_command_empty_and_garbage(tmp_path):
    empty = cli("--data-dir", str(tmp_path), "leaderboard")
    assert empty.returncode == 0 and "No finished runs yet" in empty.stdout
    assert cli("--data-dir", str(tmp_path), "leaderboard", "--json").stdout.strip() == "[]"

    garbage = os.urandom(20_000)
    (tmp_path / DB_NAME).write_bytes(garbage)
    result = cli("--data-dir", str(tmp_path), "leaderboard", "--json")
    assert result.returncode == 0 and result.stdout.strip() == "[]"
    [moved] = list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))
    assert moved.read_bytes() == garbage and str(moved) in result.stderr
    assert "Traceback" not in result.stderr


def test_autoplay_output_and_table(tmp_path):
    out = cli("autoplay", "--no-skill", "--level", "1", "--seed", "t1", "--max-matches", "1",
              env_extra={"BELOTE2P_DATA_DIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    summary = _last_json(out.stdout)
    assert summary["name"] == "AI level 1"
    table = cli("leaderboard", "--include-ai",  # an autoplay run: not on the player's board
                env_extra={"BELOTE2P_DATA_DIR": str(tmp_path)}).stdout
    # the text board groups digits the language's way (English here: 10,060)
    assert "AI level 1" in table and f"{summary['score']:,}" in table
    assert cli("--data-dir", str(tmp_path / "other"), "leaderboard", "--json",
               env_extra={"BELOTE2P_DATA_DIR": str(tmp_path)}).stdout.strip() == "[]"
    bad = cli("--data-dir", str(tmp_path), "autoplay", "--no-skill", "--level", "1", "--seed", "x",
              "--name", " \t ")
    assert bad.returncode == 2 and "name" in bad.stderr


# -- cannot write ----------------------------------------------------------------------

def _without_root_powers():
    """In the child: give up root's right to ignore file permissions."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl")


def _can_drop_root_powers(tmp_path) -> bool:
    probe = tmp_path / "probe"
    probe.mkdir()
    probe.chmod(0o555)
    try:
        r = subprocess.run([sys.executable, "-c", f"open({str(probe / 'x')!r}, 'w')"],
                           preexec_fn=_without_root_powers, capture_output=True)
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        probe.chmod(0o755)
    return r.returncode != 0


def test_read_only_folder(tmp_path):
    if not _can_drop_root_powers(tmp_path):
        pytest.skip("cannot make a folder read-only for this user")
    folder = tmp_path / "ro"
    made = cli("--data-dir", str(folder), "autoplay", "--no-skill", "--level", "1", "--seed", "ro",
               "--max-matches", "1")
    assert made.returncode == 0
    entry = _last_json(made.stdout)
    for p in folder.iterdir():
        p.chmod(0o444)
    folder.chmod(0o555)
    try:
        def run(*args):
            return subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(folder),
                                   *args], capture_output=True, text=True, env=ENV,
                                  preexec_fn=_without_root_powers, timeout=120)

        board = run("leaderboard", "--include-ai", "--json")  # the autoplay run
        assert board.returncode == 0 and "Traceback" not in board.stderr
        assert "without saving" in board.stderr
        assert [(e["name"], e["score"]) for e in json.loads(board.stdout)] == [
            (entry["name"], entry["score"])]
        played = run("autoplay", "--no-skill",
                     "--level", "1", "--seed", "ro2", "--max-matches", "1")
        assert played.returncode == 1 and "Traceback" not in played.stderr
        assert "without saving" in played.stderr
        assert _last_json(played.stdout)["saved"] is False
        nowhere = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir",
                                  str(folder / "new"), "leaderboard"], capture_output=True,
                                 text=True, env=ENV, preexec_fn=_without_root_powers)
        assert nowhere.returncode == 0 and "No finished runs yet" in nowhere.stdout
        assert "cannot create the data folder" in nowhere.stderr
    finally:
        folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()
                  if not p.name.endswith((".lock", ".users", ".walmark"))) == [DB_NAME]


def _small_disk(size: int):
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    return limit


@pytest.mark.parametrize("kib", [48, 200])  # full from the start / full mid-run
def test_full_disk_during_autoplay(tmp_path, kib):
    result = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(tmp_path),
                             "autoplay", "--no-skill",
        "--level", "1", "--seed", "full", "--max-matches", "2"],
                            capture_output=True, text=True, env=ENV,
                            preexec_fn=_small_disk(kib * 1024), timeout=120)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1 and "without saving" in result.stderr
    summary = _last_json(result.stdout)
    assert summary["saved"] is False and summary["rank"] is None and summary["score"] >= 0
    after = cli("--data-dir", str(tmp_path), "leaderboard", "--json")
    assert after.returncode == 0 and "moved" not in after.stderr
    assert json.loads(after.stdout) == []  # not saved, and nothing broken
