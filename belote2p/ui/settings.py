"""The player's settings while the game runs: read by the scenes, changed by
the settings screen, saved through a callback (the entry module's store)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..services.world.server_setting import SETTING_KEY as SERVER_KEY
from .theme import Theme

Listener = Callable[[Any], None]

# Whether the first launch's offer of the guided hand has been made (a saved
# flag, not on the settings screen: false in the theme's defaults).
LESSON_OFFERED = "lesson_offered"


class Settings:
    def __init__(self, values: dict[str, Any], theme: Theme,
                 save: Callable[[dict[str, Any]], None] | None = None):
        self.values = values
        self.theme = theme
        self._save = save
        self._listeners: dict[str, list[Listener]] = {}
        # Not a saved setting: the tests set 0 so the rival's visible pause
        # (there so a human can follow its moves) costs no frames.
        self.pause_scale = 1.0
        # ``belote2p --server URL``: the world daily's server for this session
        # only (never saved); else the saved setting's.
        self.server_override: str | None = None

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        """Set without saving or telling anyone (tests and the screenshot tool)."""
        self.values[key] = value

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def on_change(self, key: str, listener: Listener) -> None:
        self._listeners.setdefault(key, []).append(listener)

    def change(self, key: str, value: Any) -> None:
        """The player changed a setting: apply it, tell who listens, save."""
        self.values[key] = value
        for listener in self._listeners.get(key, []):
            listener(value)
        if self._save is not None:
            self._save(dict(self.values))

    def world_server(self) -> str | None:
        """The world daily's server, None when the daily is the local one."""
        return self.server_override or self.values.get(SERVER_KEY) or None

    def speed(self) -> float:
        """The animation time scale (0: no animations)."""
        return float(self.theme.speeds[self.values["animation_speed"]])
