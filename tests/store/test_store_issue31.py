"""Issue #31, the store's part: nothing lost, nothing frozen, round three.

A database replaced under the game (``mv``, or ``cp`` after a kill -9), a
database of a newer version, a locked or stopped writer, and the last
round's bit-flipped file.  Each test failed on the main branch before the
fix (the commit messages say how).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from belote2p.match import Run
from belote2p.store import connection, open_store, schema
from belote2p.store.paths import DB_NAME
from tests.support.cli import ROOT, cli
from tests.support.store_runs import random_actions

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("BELOTE2P_DATA_DIR", None)


def played(seed: str, matches: int = 1) -> Run:
    return Run.replay(seed, random_actions(seed, n_matches=matches))


def started(i: int) -> str:
    return f"2026-11-{10 + i:02d}T10:00:00.000000+00:00"


def history(folder: Path, seeds: list[str], name: str = "Alice") -> None:
    """A closed store holding one finished run per seed."""
    store = open_store(folder, echo=False)
    for i, seed in enumerate(seeds):
        store.record_finished_run(played(seed), name, started(i))
    store.close()


def seeds_in(folder: Path) -> set[str]:
    conn = sqlite3.connect(folder / DB_NAME)
    try:
        return {row[0] for row in conn.execute("SELECT seed FROM runs")}
    finally:
        conn.close()


def folder_state(folder: Path) -> dict[str, bytes]:
    """Every file of the folder but the lock files, with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.endswith((".lock", ".users"))}


# ------------------------------------------------------------ 2. newer data
def _newer(folder: Path) -> dict[str, bytes]:
    history(folder, ["n1", "n2"])
    conn = sqlite3.connect(folder / DB_NAME)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 5}")
    conn.close()
    return folder_state(folder)


def test_a_newer_database_stays_as_it_is_and_read_commands_say_so(tmp_path):
    folder = tmp_path / "data"
    before = _newer(folder)
    for command in ("runs", "runs --json", "stats", "leaderboard --json", "export 1",
                    "autoplay --level 1 --seed x --max-matches 1"):
        done = cli("--data-dir", str(folder), *command.split(), timeout=120)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "newer version" in lines[0], (command, lines)
        assert "Traceback" not in done.stderr
        assert folder_state(folder) == before, command  # nothing moved, nothing created
    with pytest.raises(connection.NewerDatabase):
        open_store(folder, echo=False)
    assert folder_state(folder) == before
    assert seeds_in(folder) == {"n1", "n2"}


def test_the_window_offers_to_quit_over_a_newer_database(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    folder = tmp_path / "data"
    before = _newer(folder)
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(folder))
    from belote2p.ui.main import start_game
    from belote2p.ui.scenes.confirm import ConfirmDialog

    game = start_game((1000, 700))
    try:
        dialog = game.app.scenes[-1]
        assert isinstance(dialog, ConfirmDialog) and "newer version" in dialog.question
        assert game.app.running
        dialog.activate(dialog.buttons[0])  # "Yes": quit
        assert not game.app.running
        assert game.store.location is None  # the game played on in memory, never on it
    finally:
        game.app.quit()
    assert folder_state(folder) == before
