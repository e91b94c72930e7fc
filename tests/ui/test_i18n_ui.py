"""The window in the player's language: the settings row switches it live and
saves it, every screen on the stack speaks it at once, refusals are worded
from the engine's codes."""

from __future__ import annotations

import pytest

from belote2p.core.actions import Refusal, RefusalCode
from belote2p.core.cards import CARDS, SUIT_SYMBOLS
from belote2p.services.i18n import LANGUAGES, current_language, set_language
from belote2p.store import MemoryStore
from belote2p.ui.navigation import Route
from belote2p.ui.theme import settings_with_defaults
from belote2p.ui.words import refusal_text
from lab.harness import make_app


def labels(scene) -> list[str]:
    return [b.label for b in scene.buttons]


def test_the_language_row_switches_every_screen_live_and_saves_the_choice():
    set_language("en")
    store = MemoryStore()
    game = make_app(size=(960, 600), store=store)
    title = game.nav.reset(Route.TITLE)
    assert "New run" in labels(title)
    settings = game.nav.push(Route.SETTINGS)
    language = next(b for b in settings.buttons if b.value == "language")
    assert language.label == "English"
    settings.activate(language)  # the next language: Portuguese
    assert current_language() == "pt"
    assert store.load_settings()["language"] == "pt"
    assert "Voltar" in labels(settings)
    assert "New run" not in labels(title) and "Nova série" in labels(title)
    game.app.step(1 / 60)  # and it draws
    game.app.quit()
    game.app.shutdown()


def test_a_saved_language_survives_saving_the_other_settings():
    merged = settings_with_defaults({"language": "fr", "sound": False})
    assert merged["language"] == "fr" and merged["sound"] is False
    assert "language" not in settings_with_defaults({"language": "xx"})


@pytest.mark.parametrize("code", list(RefusalCode))
def test_every_refusal_is_worded_in_every_language(code):
    refusal = Refusal(code, suit=1, card=CARDS[0])
    english = None
    for lang in LANGUAGES:
        set_language(lang)
        text = refusal_text(refusal)
        assert text and "{" not in text
        if lang == "en":
            english = text
        elif code not in (RefusalCode.NOT_IN_HAND,):
            assert text != english  # translated, not left in English
    if code in (RefusalCode.MUST_FOLLOW, RefusalCode.MUST_TRUMP, RefusalCode.SUIT_REFUSED):
        assert SUIT_SYMBOLS[1] in english


def test_refusal_in_portuguese_and_french():
    refusal = Refusal(RefusalCode.MUST_FOLLOW, suit=1)
    set_language("fr")
    assert refusal_text(refusal) == "Vous devez fournir à ♥"
    set_language("pt")
    assert refusal_text(refusal) == "Você precisa acompanhar ♥"
