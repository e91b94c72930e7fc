"""The window's first frame waits only for what the title draws (issue #29):
the other screens' modules, the rival's worker and the level data come after it."""

from __future__ import annotations

import os
import subprocess
import sys

from belote2p.ui.navigation import Route
from belote2p.ui.scenes.title import TitleScene
from lab import harness as h

# Modules the title does not need: the table, the review (with the AI's
# reviewer) and the other screens are imported when they first open.
LATER = ("belote2p.ui.table.scene", "belote2p.ui.scenes.review", "belote2p.ai.review",
         "belote2p.ui.scenes.history", "belote2p.ui.scenes.learn")

TITLE_ONLY = """
import sys
from belote2p.store import MemoryStore
from belote2p.ui.main import build_game
from belote2p.ui.navigation import Route
game = build_game(MemoryStore(), worker_mode="thread", fps=0, save_settings=False)
game.nav.reset(Route.TITLE)
game.app.step(1 / 60)
print(" ".join(name for name in {later!r} if name in sys.modules))
"""


def test_the_title_is_drawn_without_importing_the_other_screens():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", TITLE_ONLY.format(later=LATER)],
                          capture_output=True, text=True, env=env, timeout=60, check=True)
    assert done.stdout.strip() == ""


def test_the_worker_and_the_level_data_wait_for_the_first_frame(monkeypatch):
    read: list[str] = []
    monkeypatch.setattr(TitleScene, "levels_checked", False)
    game = h.make_app(worker="thread")
    session = game.session
    real = session.levels_problem

    def counted() -> str | None:
        read.append("levels")
        return real()
    monkeypatch.setattr(session, "levels_problem", counted)
    try:
        title = game.nav.reset(Route.TITLE)
        assert game.ctx.worker.pool is None and read == []
        h.step(game)
        assert game.ctx.worker.pool is not None and read == ["levels"]
        h.step(game, 3)
        assert read == ["levels"] and not title.blocked  # read once
    finally:
        game.app.shutdown()


def test_a_job_asked_before_the_first_frame_starts_the_worker():
    game = h.make_app(worker="thread")
    try:
        future = game.ctx.worker.in_background(lambda: 7)  # a thread of its own: no pool
        assert future.result(timeout=10) == 7 and game.ctx.worker.pool is None
        game.ctx.worker.start()
        assert game.ctx.worker.pool is not None
    finally:
        game.app.shutdown()
