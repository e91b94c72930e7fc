"""The world daily's server as a setting: the address the player names once
(Settings, the settings file) or for one session (``belote2p --server URL``).
No server named: the game plays the local daily exactly as before."""

from __future__ import annotations

from urllib.parse import urlsplit

SETTING_KEY = "world_server"
URL_MAX = 200


def clean_server_url(text: object) -> str | None:
    """``text`` as a server's base address (``http(s)://host[:port][/path]``,
    no trailing slash), or None when it is not one."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > URL_MAX or any(ch.isspace() for ch in text):
        return None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port that is not one
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or parts.username or parts.password:
        return None
    return text.rstrip("/")
