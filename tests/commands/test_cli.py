"""The command line as a user runs it: version, replay, bad input."""

import json
import os
import random
import shutil
import subprocess
import sys

import pytest

from belote2p import __version__
from belote2p.ai import core
from belote2p.core.record import record_of
from tests.support.builders import random_hand
from tests.support.cli import run_cli


def test_version():
    result = run_cli("--version")
    assert (result.returncode == 0
            and result.stdout.strip() == f"belote2p {__version__} ({core.NAME})")


def test_installed_command_works_from_another_folder(tmp_path):
    exe = shutil.which("belote2p")
    if exe is None:
        pytest.skip("belote2p is not installed on PATH (CI installs it)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.returncode == 0 and __version__ in out.stdout
    # the installed package finds its data files, wherever it is run from
    probe = subprocess.run(
        [sys.executable, "-c", "from belote2p.ai.levels import load_levels; "
         "from belote2p.core.resources import asset_path; "
         "print(len(load_levels()), asset_path('fonts', 'DejaVuSans.ttf').is_file())"],
        capture_output=True, text=True, cwd=tmp_path, env=env)
    assert probe.stdout.split() == ["4", "True"], probe.stderr


def test_replay_reads_stdin_and_reports_each_record(tmp_path):
    good = [record_of(random_hand(random.Random(s))) for s in range(3)]
    bad = dict(good[0], actions=good[0]["actions"] + ["7S"])
    lines = [json.dumps(good[0]), "{not json", json.dumps(bad), "", json.dumps(good[1])]
    result = run_cli("replay", "-", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 2
    assert len(out) == 4
    assert "tricks" in out[0] and "tricks" in out[3]
    assert out[1]["error"].startswith("not valid JSON")
    assert "already over" in out[2]["error"]


def test_replay_of_valid_records_exits_0(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(record_of(random_hand(random.Random(5)))) + "\n")
    result = run_cli("replay", str(path))
    assert result.returncode == 0
    assert json.loads(result.stdout)["result"] in ("made", "dedans", "tie")


def test_a_missing_file_is_a_message_not_a_traceback(tmp_path):
    result = run_cli("replay", str(tmp_path / "nope.jsonl"))
    assert result.returncode != 0
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_a_bad_argument_is_a_usage_message():
    result = run_cli("arena", "5", "1")
    assert result.returncode == 2 and "not a level" in result.stderr
