"""Bad input on the command line: one clear line and a non-zero status, never a
traceback, and a batch goes on after a bad line."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

from belote2p.core.record import record_of
from tests.support.builders import random_hand

ROOT = Path(__file__).resolve().parents[2]
GOOD_POSITION = b'{"trump": "H", "leader": 0, "hands": [["JH", "9S"], ["AS", "7H"]]}'


def run_cli(*args, stdin: bytes | None = None, root: Path = ROOT, env_extra=None):
    env = dict(os.environ, PYTHONPATH=str(root), **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "belote2p", *args], input=stdin, cwd=root,
                          capture_output=True, env=env, timeout=120)


def _lines(result) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]


def _no_traceback(result) -> None:
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")


def _good_record() -> bytes:
    return json.dumps(record_of(random_hand(random.Random(7)))).encode()


def test_solve_refuses_a_float_or_a_bool_leader():
    lines = [b'{"trump": "H", "leader": 0.0, "hands": [["JH"], ["AS"]]}',
             b'{"trump": "H", "leader": false, "hands": [["JH"], ["AS"]]}', GOOD_POSITION]
    result = run_cli("solve", "-", stdin=b"\n".join(lines) + b"\n")
    out = _lines(result)
    assert result.returncode == 2
    assert out[0] == {"error": "line 1: leader must be 0 or 1, not 0.0"}
    assert out[1] == {"error": "line 2: leader must be 0 or 1, not false"}
    assert out[2] == {"value": 30, "best": ["9S"]}


def test_lines_that_are_not_utf8_are_errors_and_the_others_go_through(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(GOOD_POSITION + b"\n" + b'{"trump": "\xff\xfe"}\n' + GOOD_POSITION + b"\n")
    result = run_cli("solve", str(path))
    out = _lines(result)
    assert result.returncode == 2 and len(out) == 3
    assert out[1]["error"].startswith("line 2: not valid UTF-8 (byte 0xff")
    assert "value" in out[0] and "value" in out[2]
    _no_traceback(result)

    path.write_bytes(_good_record() + b"\n\xc3\x28\n" + _good_record() + b"\n")
    result = run_cli("replay", str(path))
    out = _lines(result)
    assert result.returncode == 2 and [("error" in o) for o in out] == [False, True, False]
    assert out[1]["error"].startswith("not valid UTF-8")


def test_deeply_nested_json_is_an_error_not_a_recursion_crash():
    deep = b"[" * 100_000 + b"\n"
    for command in ("replay", "solve"):
        result = run_cli(command, "-", stdin=deep + GOOD_POSITION + b"\n")
        out = _lines(result)
        assert result.returncode == 2 and "nested too deeply" in out[0]["error"]
        assert len(out) == 2
        _no_traceback(result)


def test_a_huge_whole_number_is_an_error():
    result = run_cli("replay", "-", stdin=b'{"dealer": 1' + b"0" * 5000 + b"}\n")
    assert result.returncode == 2 and "cannot be read" in _lines(result)[0]["error"]
    _no_traceback(result)


def test_a_line_over_1_mib_is_refused_and_the_next_line_still_read(tmp_path):
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as f:  # 100 MB on one line, then a good line
        f.write(b'{"trump": "H", "hands": "')
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            f.write(chunk)
        f.write(b'"}\n' + GOOD_POSITION + b"\n")
    result = run_cli("solve", str(path))
    out = _lines(result)
    assert result.returncode == 2 and len(out) == 2
    assert out[0] == {"error": "line 1: the line is longer than 1 MiB, the limit for one line"}
    assert out[1] == {"value": 30, "best": ["9S"]}
    _no_traceback(result)


def test_a_lone_surrogate_in_the_input_is_echoed_not_a_crash():
    record = json.loads(_good_record())
    record["actions"] = ["\ud800"]
    result = run_cli("replay", "-", stdin=json.dumps(record).encode() + b"\n")
    assert result.returncode == 2 and "action 0" in _lines(result)[0]["error"]
    _no_traceback(result)


def test_an_empty_or_unknown_user_data_dir_is_a_message(tmp_path):
    for bad, says in (("", b"empty"), ("~nosuchuser_belote2p/x", b"no user")):
        result = run_cli("--data-dir", bad, "leaderboard")
        assert result.returncode == 2 and says in result.stderr, result.stderr
        assert len(result.stderr.decode().strip().splitlines()) <= 3  # usage + the one error
        _no_traceback(result)


def test_a_window_size_out_of_bounds_is_a_message():
    for bad in ("100000x100000", "10x10", "big"):
        result = run_cli("demo", "--size", bad, env_extra={"SDL_VIDEODRIVER": "dummy"})
        assert result.returncode == 2 and b"--size" in result.stderr
        _no_traceback(result)


def test_an_arena_of_one_match_prints_no_nan():
    result = run_cli("arena", "random", "random", "--matches", "1", "--seed", "s")
    assert result.returncode == 0, result.stderr
    assert b"nan" not in result.stdout.lower() and b"nan" not in result.stderr.lower()
    assert json.loads(result.stdout.decode().splitlines()[-1])["matches"] == 1


def _tree_with_levels(tmp_path: Path, text: str) -> Path:
    """A copy of the package whose levels.yaml is ``text`` (a source-checkout layout)."""
    shutil.copytree(ROOT / "belote2p", tmp_path / "belote2p",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "levels.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_broken_levels_file_stops_the_commands_with_one_line(tmp_path):
    text = (ROOT / "levels.yaml").read_text(encoding="utf-8").replace(
        "mistake_rate: 0.2", "mistake_rate: 1.5", 1)
    root = _tree_with_levels(tmp_path, text)
    for args in (("arena", "1", "random", "--matches", "2"),
                 ("arena", "1", "2", "--matches", "2", "--jobs", "2"),
                 ("--data-dir", str(tmp_path / "data"), "autoplay", "--level", "1", "--seed", "s")):
        result = run_cli(*args, root=root)
        assert result.returncode == 2, args
        err = result.stderr.decode().strip().splitlines()
        assert len(err) == 1 and "levels.1.play.mistake_rate: 1.5 is out of range" in err[0], err
        assert result.stdout == b""


def test_a_broken_levels_file_leaves_stats_without_the_skill_figure_only(tmp_path):
    """The skill figure is read with level 4's version, which needs the level
    data: without it ``stats`` prints every other figure and says why the skill
    is missing; ``--skill``, which compares hands, stops with one line."""
    text = (ROOT / "levels.yaml").read_text(encoding="utf-8").replace(
        "mistake_rate: 0.2", "mistake_rate: 1.5", 1)
    root = _tree_with_levels(tmp_path, text)
    for anchors in ("rating_anchors.yaml", "duplicate_anchors.yaml"):  # the rating's data
        shutil.copyfile(ROOT / anchors, root / anchors)
    data = ("--data-dir", str(tmp_path / "data"))
    plain = run_cli(*data, "stats", "--json", root=root)
    assert plain.returncode == 0, plain.stderr
    figures = json.loads(plain.stdout)
    assert figures["runs"] == 0 and figures["skill"]["hands"] == 0
    err = plain.stderr.decode().strip().splitlines()
    assert len(err) == 1 and "no skill figure" in err[0] and "mistake_rate" in err[0], err
    asked = run_cli(*data, "stats", "--json", "--skill", root=root)
    err = asked.stderr.decode().strip().splitlines()
    assert asked.returncode == 2 and asked.stdout == b"" and len(err) == 1, err
    assert "mistake_rate: 1.5 is out of range" in err[0]
