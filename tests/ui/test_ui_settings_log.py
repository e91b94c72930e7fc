"""Settings says where the log file is, for a bug report, in the player's language."""

from __future__ import annotations

import pytest

from belote2p.services.i18n import set_language
from belote2p.ui.navigation import Route
from lab import harness as h

SENTENCES = {"en": "For a bug report, the log file is ", "pt": "o arquivo de registro é ",
             "es": "el archivo de registro es ", "fr": "le fichier journal est "}


@pytest.mark.parametrize("lang", sorted(SENTENCES))
def test_settings_names_the_log_file(lang, tmp_path, monkeypatch, drawn):
    monkeypatch.setenv("BELOTE2P_LOG_DIR", str(tmp_path / "the logs"))
    set_language(lang)
    game = h.make_app(size=(960, 600))
    try:
        game.nav.push(Route.SETTINGS)
        h.step(game)
        path = str(tmp_path / "the logs" / "belote2p.log")
        assert [t for t in drawn if t.endswith(path) and SENTENCES[lang] in t]
    finally:
        game.app.shutdown()
