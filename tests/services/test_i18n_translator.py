"""``i18n.translator(code)``: one language's words, numbers and dates whatever
the current language is (the server's pages, each in its request's language),
and the module's functions are that translator for the current language."""

from __future__ import annotations

from datetime import date

import pytest

from belote2p.core.cards import ACE, HEARTS, JACK, KING, QUEEN, card
from belote2p.services import i18n
from belote2p.services.card_words import card_label


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_each_language_at_once_without_switching():
    assert i18n.translator("fr")._("Hand {n}") == "Donne {n}"
    assert i18n.translator("pt")._("Hand {n}") == "Mão {n}"
    assert i18n.translator("es").ngettext("{n} hand", "{n} hands", 2) == "{n} manos"
    assert i18n.translator("fr").ngettext("{n} hand", "{n} hands", 1) == "{n} donne"
    assert i18n.translator("fr").pgettext("card rank", "K") == "R"
    assert i18n.current_language() == "en" and i18n._("Hand {n}") == "Hand {n}"


def test_numbers_dates_and_signed_tenths_per_language():
    day = date(2026, 12, 4)
    assert [i18n.translator(c).number(30412) for c in i18n.LANGUAGES] == [
        "30,412", "30.412", "30.412", "30\u202f412"]
    assert i18n.translator("fr").date(day) == "4 déc. 2026"
    assert i18n.translator("en").signed_tenths(-6.54) == "\u22126.5"
    assert i18n.translator("pt").signed_tenths(2.25) == "+2,2"
    assert i18n.translator("es").signed_tenths(0.04) == "0,0"


def test_the_module_functions_are_the_current_languages_translator():
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        tr = i18n.translator(code)
        assert i18n._("Hand {n}") == tr._("Hand {n}")
        assert i18n.format_number(1234567) == tr.number(1234567)
        assert i18n.format_tenths(12.34) == tr.tenths(12.34)
        assert i18n.format_date(date(2025, 1, 5)) == tr.date(date(2025, 1, 5))


def test_card_letters_in_a_given_language():
    cards = [card(rank, HEARTS) for rank in (JACK, QUEEN, KING, ACE)]
    assert [card_label(c, "fr") for c in cards] == ["V♥", "D♥", "R♥", "A♥"]
    assert [card_label(c) for c in cards] == ["J♥", "Q♥", "K♥", "A♥"]  # the current: English


def test_an_unknown_language_is_refused():
    with pytest.raises(i18n.UnknownLanguage):
        i18n.translator("de")
