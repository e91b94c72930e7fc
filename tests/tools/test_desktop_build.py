"""The one-file desktop build (tools/build_desktop.py): it builds, and the
built program opens its window under a virtual X server, draws its first
frame and runs the rival in a spawned worker process (which needs
``multiprocessing.freeze_support()`` in a frozen program).

Slow: the build takes 20 s to a couple of minutes.  Skipped, with the reason,
where PyInstaller or xvfb-run is missing (``pip install ".[desktop]"`` and
``apt-get install xvfb``).  Run it alone with

    python -m pytest -m slow tests/tools/test_desktop_build.py
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from belote2p.ai import core
from tools import build_desktop

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.ui,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason='PyInstaller is not installed: pip install ".[desktop]"'),
    pytest.mark.skipif(shutil.which("xvfb-run") is None,
                       reason="xvfb-run is not installed (apt-get install xvfb)"),
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="the frozen program is started under Xvfb: Linux only"),
]

FORK_FLAG = "--multiprocessing-fork"  # what a spawned child's command line carries


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("desktop")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_desktop.py"),
         "--dist", str(base / "dist"), "--work", str(base / "work")],
        capture_output=True, text=True, timeout=540)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    built = build_desktop.program_path(base / "dist")
    assert built.is_file() and os.access(built, os.X_OK)
    return built


def _game_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "PYTHONPATH", "PYTHONHOME")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["BELOTE2P_DATA_DIR"] = str(data_dir)
    return env


def _spawned_children(program: Path) -> set[int]:
    """Pids of the program's spawned worker processes running now."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # the process ended while we looked
            continue
        if argv[0] == str(program).encode() and FORK_FLAG.encode() in argv:
            found.add(int(entry.name))
    return found


@pytest.mark.timeout(600)
def test_the_built_program_draws_its_first_frame_and_spawns_the_rival(program, tmp_path):
    shots = tmp_path / "shots"
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", str(program),
               "demo", "--seed", "7", "--levels", "1", "1", "--hands", "1", "--fast",
               "--screenshots", str(shots), "--size", "960x600"]
    game = subprocess.Popen(command, env=_game_env(tmp_path / "data"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    first_seen: dict[int, float] = {}
    lived = 0.0
    deadline = time.monotonic() + 240
    while game.poll() is None and time.monotonic() < deadline:
        now = time.monotonic()
        for pid in _spawned_children(program):
            first_seen.setdefault(pid, now)
            lived = max(lived, now - first_seen[pid])
        time.sleep(0.1)
    if game.poll() is None:
        game.kill()
    out, err = game.communicate(timeout=30)
    assert game.returncode == 0, err[-4000:]
    stats = json.loads(out.strip().splitlines()[-1])
    assert stats["frames"] > 10
    first = shots / "01_bidding.png"
    assert first.is_file() and first.stat().st_size > 10_000, sorted(shots.glob("*"))
    # The rival's worker is a spawned copy of the program that stays up; without
    # freeze_support it would parse --multiprocessing-fork as a command and die.
    assert lived >= 0.5, f"no spawned worker stayed up (seen: {sorted(first_seen)})"
    assert "usage:" not in err and "Traceback" not in err, err[-4000:]


def test_the_built_program_carries_the_native_core_where_a_compiler_exists(program, tmp_path):
    """The build compiles the native core where it can, and the program carries
    it: its --version says "native core" (else "Python core")."""
    env = _game_env(tmp_path / "data")
    env.pop(core.PURE_PYTHON_ENV, None)
    out = subprocess.run([str(program), "--version"], env=env, capture_output=True, text=True,
                         timeout=60)
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    expected = "native core" if shutil.which(compiler) else "Python core"
    assert out.returncode == 0 and out.stdout.strip().endswith(f"({expected})"), out.stdout


def test_the_desktop_entry_points_at_the_built_program(program, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    entry, icon = build_desktop.install_desktop_entry(program)
    text = entry.read_text(encoding="utf-8")
    assert f'Exec="{program.resolve()}"' in text and "Icon=belote2p" in text
    assert icon.read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()
