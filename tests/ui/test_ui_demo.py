"""``belote2p demo`` (the real window, two AIs), the AI worker process and the
screen-rendering script."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from belote2p.core.match import Run
from belote2p.ui.worker import AIWorker

pytestmark = pytest.mark.ui
ROOT = Path(__file__).resolve().parents[2]


def test_the_worker_process_answers_with_a_legal_action():
    run = Run("w")
    view = run.match.view(run.match.hand.to_move)
    worker = AIWorker("process")
    try:
        action, seconds = worker.submit(1, "w", 1, view).result(timeout=60)
    finally:
        worker.shutdown()
    assert action in view.legal and seconds >= 0


def test_the_rival_is_a_function_of_the_seed_and_the_moves():
    from belote2p.ui.worker import think

    run = Run("same")
    view = run.match.view(run.match.hand.to_move)
    assert think(1, "k", 3, view)[0] == think(1, "k", 3, view)[0]


def test_demo_plays_hands_saves_screenshots_and_reports_frames(tmp_path, capsys):
    from belote2p.cli import main

    shots = tmp_path / "shots"
    code = main(["demo", "--seed", "7", "--levels", "random", "random", "--hands", "2", "--fast",
                 "--screenshots", str(shots), "--size", "960x600"])
    assert code == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"frames", "frame_ms_p50", "frame_ms_p95", "max_frame_ms"} <= set(stats)
    assert stats["frames"] > 10
    names = sorted(p.name for p in shots.glob("*.png"))
    for phase in ("bidding", "free_play", "strict_play", "end_of_hand", "end_of_match"):
        assert any(phase in n for n in names), (phase, names)


@pytest.mark.slow
def test_render_screens_script(tmp_path):
    """The script from the command line: every screen in English (its default)
    at both sizes, in the folders it documents, then its default format, PNG.
    The whole run writes BMP (--format bmp): compressing 151 PNGs was 32 s of
    its 38; the PNG writer is checked on the board's screens at one size."""
    def script(*args: str) -> None:
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "render_screens.py"), *args],
                              capture_output=True, text=True, timeout=300,
                              env={**os.environ, "BELOTE2P_DATA_DIR": str(tmp_path / "data")})
        assert done.returncode == 0, done.stderr

    out = tmp_path / "screens"
    script("--format", "bmp", str(out))
    for size in ("960x600", "1600x1000"):
        names = {p.stem for p in (out / "en" / size).glob("*.bmp")}  # English by default
        for screen in ("title", "settings", "leaderboard", "name_entry", "bidding_round1",
                       "bidding_round2", "bidding_forced_dealer", "free_play_follow",
                       "end_of_hand", "end_of_match", "end_of_run", "pause_menu"):
            assert screen in names, (size, screen)
    board = tmp_path / "board"
    script("--only", "board", "--size", "960x600", str(board))
    pictures = sorted((board / "en" / "960x600").iterdir())
    assert "board_your_runs.png" in {p.name for p in pictures}
    assert all(p.suffix == ".png" for p in pictures)
    import pygame

    assert pygame.image.load(str(pictures[0])).get_size() == (960, 600)


def test_sounds_are_silent_without_a_device(monkeypatch):
    import pygame

    from belote2p.ui.sound import Sounds

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(True)
    sounds.start()
    sounds.play("deal")  # nothing happens, nothing raised
    assert sounds.sounds == {}
    random.seed(0)
