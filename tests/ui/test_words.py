"""A bid in words, written once (ui/words.bid_words) for the table's buttons and
bubbles and the review screen: the suit a take makes comes from the core's
``Bid.trump``, the words from the catalogues."""

from __future__ import annotations

import pytest

from belote2p.core.actions import PASS, TAKE, TAKE_SUIT
from belote2p.core.cards import SUIT_SYMBOLS
from belote2p.services.i18n import set_language
from belote2p.ui.words import bid_words


def test_a_bid_in_words_names_the_suit_the_take_makes():
    hearts, clubs = 1, 3
    assert bid_words(PASS, hearts) == "Pass"
    assert bid_words(TAKE, hearts) == f"Take {SUIT_SYMBOLS[hearts]}"
    assert bid_words(TAKE_SUIT[clubs], hearts) == f"Take {SUIT_SYMBOLS[clubs]}"
    assert bid_words(TAKE, hearts, suit_named=True) == f"Take {SUIT_SYMBOLS[hearts]} hearts"
    assert bid_words(PASS, hearts, suit_named=True) == "Pass"


@pytest.mark.parametrize("code, take", [("fr", "Prendre"), ("es", "Tomar"), ("pt", "Ficar")])
def test_a_bid_in_words_follows_the_players_language(code, take):
    set_language(code)  # English again after the test (tests/conftest.py)
    spades = 0
    words = bid_words(TAKE_SUIT[spades], 2, suit_named=True)
    assert words.startswith(f"{take} {SUIT_SYMBOLS[spades]} ") and "spades" not in words
    assert bid_words(PASS, 2) != "Pass"
