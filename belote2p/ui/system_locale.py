"""The languages the system prefers, where no locale variable says (Windows and
macOS start a desktop game without LC_* or LANG).

SDL's preferred locales (``get_pref_locales``) where this pygame has them
(``pygame.system``, ``pygame.context``; pygame 2.6's wheels ship neither), else
the platform's own setting: Windows' user interface language, macOS's
AppleLanguages.  Asked once, before the window opens, and only when nothing
else chose the language (``services.i18n.resolve_language``)."""

from __future__ import annotations

import importlib
import locale
import logging
import subprocess
import sys
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


def preferred_languages() -> list[str]:
    """The system's languages, most preferred first, as codes ("fr", "pt")."""
    for source in (_sdl, _windows, _macos):
        try:
            found = source()
        except Exception:  # a system that will not say leaves the game in English
            log.debug("no preferred languages from %s", source.__name__, exc_info=True)
            continue
        if found:
            return found
    return []


def _codes(tags: list[str]) -> list[str]:
    """"pt_BR", "fr-FR", "en" -> "pt", "fr", "en"."""
    return [tag.replace("-", "_").split("_")[0].lower() for tag in tags if tag]


def _sdl() -> list[str]:
    import pygame

    for name in ("system", "context"):
        module = getattr(pygame, name, None)
        if module is None:
            try:
                module = importlib.import_module(f"pygame.{name}")
            except ImportError:
                continue
        ask: Callable[[], list[dict[str, Any]]] | None = getattr(module, "get_pref_locales",
                                                                 None)
        if ask is not None:
            return _codes([str(found.get("language") or "") for found in ask()])
    return []


def _windows() -> list[str]:
    if sys.platform != "win32":
        return []
    import ctypes

    lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    return _codes([locale.windows_locale.get(lcid, "")])


def _macos() -> list[str]:
    if sys.platform != "darwin":
        return []
    out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                         text=True, timeout=2, check=False).stdout
    return _codes([part.strip(' \t\n"(),') for part in out.split(",")])
