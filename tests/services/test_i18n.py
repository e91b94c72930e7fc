"""The catalogues, the language choice and the language-aware formats."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.services.board_text import format_board
from belote2p.services.i18n import (
    LANGUAGES,
    UnknownLanguage,
    _,
    current_language,
    format_number,
    language_of,
    ngettext,
    resolve_language,
    set_language,
    system_language,
)
from belote2p.services.language_setting import read_saved_language
from belote2p.store.api import LeaderboardEntry

ROOT = Path(__file__).resolve().parents[2]


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the catalogues -------------------------------------------------------------

def test_every_message_is_translated_in_every_catalogue():
    tool = load_tool()
    assert tool.all_problems() == []


def test_the_check_notices_missing_fuzzy_and_wrong_placeholders():
    tool = load_tool()
    from babel.messages.catalog import Catalog

    pot = Catalog()
    for message in ("Hand {n}", "Trump", "Pass", "Quit"):
        pot.add(message)
    pot.add(("{n} trick", "{n} tricks"))
    po = Catalog(locale="fr")
    po.add("Hand {n}", "Donne {count}")
    po.add("Trump", "Atout", flags=["fuzzy"])
    po.add("Pass", "")
    po.add(("{n} trick", "{n} tricks"), ("{n} pli", "{n} plis"))
    problems = "\n".join(tool.catalogue_problems("fr", pot, po))
    assert "placeholders ['count'] instead of ['n']" in problems
    assert "'Trump' is marked fuzzy" in problems
    assert "'Pass' is not translated" in problems
    assert "'Quit' is missing" in problems
    assert "has 2 plural forms, fr needs 3" in problems


def test_the_template_holds_every_message_the_code_marks():
    tool = load_tool()
    pot = tool.read_catalog(tool.POT)
    assert tool.stale_template(pot) == []
    assert "Best level" in pot  # from board_text.py


# -- translating ------------------------------------------------------------------

def test_switching_language_is_live():
    assert _("Trump") == "Trump"
    set_language("fr")
    assert current_language() == "fr" and _("Trump") == "Atout"
    set_language("pt")
    assert _("Trump") == "Trunfo"
    set_language("es")
    assert _("Trump") == "Triunfo"
    set_language("en")
    assert _("Trump") == "Trump"


def test_a_message_no_catalogue_knows_stays_english():
    set_language("fr")
    assert _("A message nobody wrote") == "A message nobody wrote"


def test_unknown_language_is_refused():
    with pytest.raises(UnknownLanguage):
        set_language("de")
    assert current_language() == "en"


@pytest.mark.parametrize("code, expected", [
    ("en", {0: "Rival: 0 tricks", 1: "Rival: 1 trick", 2: "Rival: 2 tricks"}),
    ("fr", {0: "Rival : 0 pli", 1: "Rival : 1 pli", 2: "Rival : 2 plis"}),  # French: 0 is one
    ("pt", {0: "Rival: 0 vaza", 1: "Rival: 1 vaza", 2: "Rival: 2 vazas"}),
    ("es", {0: "Rival: 0 bazas", 1: "Rival: 1 baza", 2: "Rival: 2 bazas"}),
])
def test_plural_forms_follow_the_language(code, expected):
    set_language(code)
    for count, text in expected.items():
        # the rival's trick pile, as the table labels it
        assert ngettext("{name}: {n} trick", "{name}: {n} tricks", count).format(
            name="Rival", n=count) == text


@pytest.mark.parametrize("code, text", [
    ("en", "30,412"), ("pt", "30.412"), ("es", "30.412"), ("fr", "30\u202f412"),
])
def test_numbers_group_digits_the_language_s_way(code, text):
    set_language(code)
    assert format_number(30412) == text


@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(LANGUAGES))
def test_formatted_numbers_keep_every_digit(value, code):
    set_language(code)
    assert "".join(ch for ch in format_number(value) if ch.isdigit()) == str(value)


# -- choosing the language ----------------------------------------------------------

@pytest.mark.parametrize("value, code", [
    ("pt", "pt"), ("PT", "pt"), ("pt_BR.UTF-8", "pt"), ("fr-CA", "fr"), ("es_ES@euro", "es"),
    ("C", None), ("POSIX", None), ("de_DE.UTF-8", None), ("", None), (None, None), (3, None),
])
def test_language_of_reads_codes_and_locales(value, code):
    assert language_of(value) == code


def test_resolution_order():
    env = {"BELOTE2P_LANG": "es", "LANG": "pt_BR.UTF-8"}
    assert resolve_language("fr", env, "en") == "fr"
    assert resolve_language(None, env, "fr") == "es"
    assert resolve_language(None, {"LANG": "pt_BR.UTF-8"}, "fr") == "fr"
    assert resolve_language(None, {"LANG": "pt_BR.UTF-8"}, None) == "pt"
    assert resolve_language(None, {}, None) == "en"
    assert resolve_language(None, {"LANG": "de_DE.UTF-8"}, "klingon") == "en"


def test_saved_setting_is_read_only_when_needed():
    def boom() -> str:
        raise AssertionError("the store should not be read")

    assert resolve_language("pt", {}, boom) == "pt"
    assert resolve_language(None, {}, lambda: "es") == "es"


def test_lc_all_beats_lc_messages_beats_lang():
    env = {"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "pt_PT"}
    assert system_language(env) == "fr"
    del env["LC_ALL"]
    assert system_language(env) == "es"
    # the first variable set decides, even a language we lack
    assert system_language({"LC_ALL": "de_DE", "LANG": "pt_BR"}) is None


@pytest.mark.parametrize("cli, env", [("de", {}), (None, {"BELOTE2P_LANG": "xx"}), ("pt_BR", {})])
def test_a_named_language_we_lack_is_an_error(cli, env):
    with pytest.raises(UnknownLanguage) as info:
        resolve_language(cli, env, None)
    assert "en, pt, es, fr" in str(info.value)


def test_saved_language_comes_from_the_store(tmp_path):
    from belote2p.store.sqlite import open_store

    assert read_saved_language(tmp_path / "nothing.db") is None
    store = open_store(tmp_path, echo=False)
    store.save_settings({"language": "fr"})
    store.close()
    assert read_saved_language(tmp_path / "belote2p.db") == "fr"
    (tmp_path / "junk.db").write_text("not a database")
    assert read_saved_language(tmp_path / "junk.db") is None


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    import os

    full = {k: v for k, v in os.environ.items()
            if k not in ("BELOTE2P_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    full.update(PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "belote2p", *args], check=False,
                          capture_output=True, text=True, env=full, timeout=60)


@pytest.mark.parametrize("args, env", [
    (("--lang", "de", "leaderboard"), {}),
    (("leaderboard",), {"BELOTE2P_LANG": "klingon"}),
])
def test_cli_unknown_language_exits_2_with_one_line(tmp_path, args, env):
    done = run_cli("--data-dir", str(tmp_path), *args, env=env)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown language" in done.stderr


def test_cli_accepts_a_known_language(tmp_path):
    done = run_cli("--data-dir", str(tmp_path), "--lang", "fr", "leaderboard", "--json")
    assert done.returncode == 0 and done.stdout.strip() == "[]"


# -- the text leaderboard -------------------------------------------------------------

ENTRIES = [
    LeaderboardEntry(rank=1, name="Zoé", score=30412, streak=3, margin_total=412, level=4,
                     date="2025-01-05"),
    LeaderboardEntry(rank=2, name="Bob", score=10050, streak=1, margin_total=50, level=2,
                     date="2024-12-31"),
]


@pytest.mark.parametrize("code, heading, score, day", [
    ("en", "Best level", "30,412", "Jan 5, 2025"),
    ("pt", "Nível máx.", "30.412", "5 de jan. de 2025"),
    ("es", "Nivel máx.", "30.412", "5 ene 2025"),
    ("fr", "Niveau max", "30\u202f412", "5 janv. 2025"),
])
def test_board_text_follows_the_language(code, heading, score, day):
    set_language(code)
    lines = format_board(ENTRIES).splitlines()
    assert heading in lines[0] and set(lines[1]) <= {"-", " "}
    assert score in lines[2] and day in lines[2] and "Zoé" in lines[2]


def test_board_text_columns_line_up():
    set_language("fr")
    lines = format_board(ENTRIES).splitlines()
    # the score column is right-aligned: both scores end at the same column
    ends = [line.index(s) + len(s) for line, s in zip(lines[2:], ("30\u202f412", "10\u202f050"))]
    assert ends[0] == ends[1]


def test_empty_board_is_a_sentence_in_the_language():
    set_language("es")
    assert format_board([]).startswith("Aún no hay series terminadas")
