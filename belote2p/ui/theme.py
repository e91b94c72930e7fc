"""The game's look, read from ``assets/theme.yaml`` (data, not code).  The
words are gettext messages in the code (``belote2p.services.i18n``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml

from ..core.resources import asset_path
from ..services.i18n import LANGUAGES
from ..services.language_setting import SETTING_KEY as LANGUAGE_KEY
from ..services.world.server_setting import SETTING_KEY as SERVER_KEY
from ..services.world.server_setting import clean_server_url


class Theme:
    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.colours = data["colours"]
        self.layout = data["layout"]
        self.timing = data["timing"]
        self.speeds = data["speeds"]
        self.defaults = data["defaults"]
        self.sounds = data["sounds"]

    def colour(self, name: str) -> tuple[int, ...]:
        return tuple(self.colours[name])

    def suit_colour(self, suit: int, four_colour: bool) -> tuple[int, ...]:
        if four_colour:
            return tuple(self.colours["four_colour"][suit])
        return self.colour("suit_red" if suit in (1, 2) else "suit_black")


# libyaml's parser where PyYAML was built with it: the same values, read in a
# tenth of the time (the theme is read before the window's first frame).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(*parts: str) -> dict[str, Any]:
    path = asset_path(*parts)
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=_SAFE_LOADER)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top, got {type(data).__name__}")
    return data


@lru_cache(maxsize=1)
def theme() -> Theme:
    return Theme(_load_yaml("theme.yaml"))


def settings_with_defaults(saved: dict[str, Any] | None) -> dict[str, Any]:
    """The saved settings over the defaults, ignoring unknown or mistyped values."""
    merged = dict(theme().defaults)
    for key, value in (saved or {}).items():
        if key == LANGUAGE_KEY and value in LANGUAGES:
            merged[key] = value  # kept so saving the others does not drop it
            continue
        if key not in merged:
            continue
        if key == SERVER_KEY:
            merged[key] = clean_server_url(value) or ""
        elif key == "animation_speed":
            if value in theme().speeds:
                merged[key] = value
        elif isinstance(value, bool):
            merged[key] = value
    return merged
