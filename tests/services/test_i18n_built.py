"""The catalogues compiled at build time (hatch_build.py) and read with stdlib
gettext at start; Babel compiles a .po only where no .mo was built from it."""

from __future__ import annotations

import gettext
import importlib.util
import io
import logging
from pathlib import Path
from types import ModuleType

import pytest

from belote2p.services import i18n
from tests.support.cli import ROOT


def _build_hook() -> ModuleType:
    """``hatch_build.py``, the build's own hook (loaded from its file: it is no
    module of the package, and mypy does not check it)."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

PO = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Settings"
msgstr "{word}"
'''


@pytest.fixture()
def catalogue(tmp_path, monkeypatch):
    """A French catalogue of one message in a folder of its own; gives its .po."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    monkeypatch.setattr(i18n, "catalogue_path",
                        lambda code, suffix=".po": folder / f"belote2p{suffix}")
    i18n.translations.cache_clear()
    yield folder / "belote2p.po"
    i18n.translations.cache_clear()


def _write(po: Path, word: str, build: bool) -> None:
    po.write_text(PO.format(word=word), encoding="utf-8")
    if build:
        po.with_suffix(".mo").write_bytes(i18n.compiled(po.read_bytes(), "fr"))


def test_a_built_catalogue_is_read_without_babel(catalogue, monkeypatch):
    _write(catalogue, "Réglages", build=True)

    def no_babel(po: bytes, code: str) -> bytes:
        raise AssertionError("compiled at start although a .mo was built")

    monkeypatch.setattr(i18n, "compiled", no_babel)
    assert i18n.translations("fr").gettext("Settings") == "Réglages"


def test_a_catalogue_changed_since_its_build_is_compiled_again(catalogue):
    _write(catalogue, "Réglages", build=True)
    _write(catalogue, "Paramètres", build=False)  # edited (or checked out) after the build
    assert i18n.translations("fr").gettext("Settings") == "Paramètres"


def test_no_mo_or_a_damaged_one_falls_back_to_the_po(catalogue, caplog):
    _write(catalogue, "Réglages", build=False)
    assert i18n.translations("fr").gettext("Settings") == "Réglages"
    i18n.translations.cache_clear()
    catalogue.with_suffix(".mo").write_bytes(b"\x95\x04\x12\xde broken")
    with caplog.at_level(logging.WARNING, "belote2p.services.i18n"):
        assert i18n.translations("fr").gettext("Settings") == "Réglages"
    assert "the fr catalogue's .mo cannot be read; compiling its .po" in caplog.text


def test_the_build_compiles_every_shipped_catalogue_as_the_game_would(tmp_path):
    hook = _build_hook()
    built = hook.compile_catalogues(tmp_path)
    assert sorted(built.values()) == [f"belote2p/locale/{code}/LC_MESSAGES/belote2p.mo"
                                      for code in sorted(set(i18n.LANGUAGES) - {"en"})]
    for mo, place in built.items():
        code = place.split("/")[2]
        po = (ROOT / place).with_suffix(".po").read_bytes()
        assert mo == tmp_path / place
        assert mo.read_bytes() == i18n.compiled(po, code)  # the same bytes: one compiler
        read = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
        assert read.pgettext(*i18n.SOURCE_CHECKSUM) == i18n.checksum(po)
        assert read.gettext("Settings") != "Settings"
