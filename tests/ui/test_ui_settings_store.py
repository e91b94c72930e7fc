"""The window's settings over a store that fails: a storage failure the store's
protocol allows (``store.api.STORAGE_FAILURES``) opens the window on the
defaults and drops the save; anything else is a bug and surfaces."""

from __future__ import annotations

from typing import Any

import pytest

from belote2p.store import MemoryStore
from belote2p.ui.main import build_game
from belote2p.ui.theme import theme
from lab import harness  # noqa: F401 - no screen or sound card needed


class FailingSettings(MemoryStore):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def load_settings(self, defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        raise self.error

    def save_settings(self, settings: dict[str, Any]) -> None:
        raise self.error


def test_settings_the_storage_cannot_give_are_the_defaults():
    game = build_game(FailingSettings(OSError(5, "Input/output error")), worker_mode="inline",
                      fps=0)
    try:
        assert game.app.settings["sound"] == theme().defaults["sound"]
        game.app.settings.change("sound", not game.app.settings["sound"])  # not saved: quiet
    finally:
        game.app.shutdown()


def test_a_bug_reading_or_saving_the_settings_surfaces():
    with pytest.raises(TypeError, match="a bug"):
        build_game(FailingSettings(TypeError("a bug")), worker_mode="inline", fps=0)
    store = FailingSettings(TypeError("a bug"))
    game = build_game(store, settings={}, worker_mode="inline", fps=0)
    try:
        with pytest.raises(TypeError, match="a bug"):
            game.app.settings.change("sound", False)
    finally:
        game.app.shutdown()
