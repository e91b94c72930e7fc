"""The player's language from the system where no locale variable says
(issue #45, a table for every player): Windows and macOS start the game
without LC_* or LANG."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pygame

from belote2p.services.i18n import resolve_language
from belote2p.ui import system_locale


def test_sdls_preferred_locales_are_read_where_pygame_has_them(monkeypatch):
    locales = [{"language": "pt", "country": "BR"}, {"language": "en", "country": None}]
    monkeypatch.setattr(pygame, "system", SimpleNamespace(get_pref_locales=lambda: locales),
                        raising=False)
    assert system_locale.preferred_languages() == ["pt", "en"]


def test_the_platforms_setting_stands_in_where_pygame_has_none(monkeypatch):
    monkeypatch.delattr(pygame, "system", raising=False)
    monkeypatch.delattr(pygame, "context", raising=False)
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: SimpleNamespace(
        stdout='(\n    "es-ES",\n    "en-GB"\n)\n'))
    assert system_locale.preferred_languages() == ["es", "en"]


def test_the_preferred_language_comes_after_every_other_answer():
    def preferred() -> list[str]:
        return ["de", "fr"]  # the first the game has: French

    assert resolve_language(None, {}, None, preferred) == "fr"
    assert resolve_language(None, {"LANG": "es_ES.UTF-8"}, None, preferred) == "es"
    assert resolve_language(None, {"LANG": "de_DE.UTF-8"}, None, preferred) == "en"  # said
    assert resolve_language(None, {}, "pt", preferred) == "pt"
    assert resolve_language("en", {}, None, preferred) == "en"
    assert resolve_language(None, {}, None, lambda: []) == "en"
