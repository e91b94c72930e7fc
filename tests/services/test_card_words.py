"""Cards as the players of each language read them (issue #29 item 7): French
faces and texts say R, D, V; the record's notation never changes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from belote2p.core.cards import parse_card
from belote2p.services.card_words import card_label, cards_label, rank_letter
from belote2p.services.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]
KING, QUEEN, JACK, ACE = (parse_card(w) for w in ("KH", "QS", "JD", "AC"))


@pytest.mark.parametrize(("language", "letters"), [
    ("en", "K♥ Q♠ J♦ A♣"), ("fr", "R♥ D♠ V♦ A♣"), ("pt", "K♥ Q♠ J♦ A♣"), ("es", "K♥ Q♠ J♦ A♣"),
])
def test_the_court_cards_carry_the_letters_of_the_language(language, letters):
    set_language(language)
    assert cards_label([KING, QUEEN, JACK, ACE]) == letters
    assert card_label(parse_card("TH")) == "10♥" and rank_letter(0) == "7"
    assert [str(c) for c in (KING, QUEEN, JACK, ACE)] == ["KH", "QS", "JD", "AC"]  # the record's


def test_switching_language_switches_the_letters():
    set_language("fr")
    assert card_label(KING) == "R♥"
    set_language("en")
    assert card_label(KING) == "K♥"


def test_the_french_catalogue_writes_no_english_court_letter():
    """A card named inside a French sentence ("le J♥") would contradict the faces."""
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    english_letter = re.compile(r"(?<![\w'’])[JQK](?=[♠♥♦♣]|[ ,.;:)]|$)")
    catalogue = tool.read_catalog(tool.po_path("fr"), "fr")
    found = [m.string for m in catalogue if m.id and m.context != "card rank"
             and english_letter.search(str(m.string))]
    assert found == []
