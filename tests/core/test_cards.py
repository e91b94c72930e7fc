import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.core.cards import (
    CARDS,
    HEARTS,
    SPADES,
    CardError,
    parse_card,
    parse_deck,
    points,
    sort_for_display,
    strength,
)
from tests.support.builders import cards


def test_there_are_32_distinct_cards_worth_152_in_any_trump():
    assert len(set(CARDS)) == 32
    for trump in range(4):
        assert sum(points(c, trump) for c in CARDS) == 152


@given(st.sampled_from(CARDS))
def test_notation_round_trips(card):
    assert parse_card(str(card)) is card


@given(st.sampled_from(CARDS))
def test_only_the_exact_notation_is_a_card(card):
    for variant in (str(card).lower(), " " + str(card), str(card) + "\n"):
        with pytest.raises(CardError):
            parse_card(variant)


def test_ten_is_written_T_in_files_and_10_for_people():
    assert str(parse_card("TS")) == "TS"
    assert parse_card("TH").label == "10♥"


@pytest.mark.parametrize("bad", ["", "1S", "TX", "ZZ", "T", "TSS", "10", "10S", "ts", None, 7])
def test_bad_text_is_rejected_with_a_clear_message(bad):
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)


def test_orders_and_points_follow_the_rules():
    plain = cards("AS TS KS QS JS 9S 8S 7S")
    plain_strengths = [strength(c, HEARTS) for c in plain]
    assert plain_strengths == sorted(plain_strengths, reverse=True)
    trump = cards("JS 9S AS TS KS QS 8S 7S")
    trump_strengths = [strength(c, SPADES) for c in trump]
    assert trump_strengths == sorted(trump_strengths, reverse=True)
    assert [points(c, SPADES) for c in trump] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert [points(c, HEARTS) for c in plain] == [11, 10, 4, 3, 2, 0, 0, 0]


def test_a_deck_must_be_the_32_cards_once_each():
    deck = [str(c) for c in CARDS]
    assert parse_deck(deck) == list(CARDS)
    with pytest.raises(CardError, match=r"31 cards.*missing 7S"):
        parse_deck(deck[1:])
    with pytest.raises(CardError, match="repeated 8S"):
        parse_deck(deck[1:] + ["8S"])


def test_display_order_puts_trumps_first_and_high_cards_left():
    hand = cards("7S AH JD 9D TC QS")
    assert [str(c) for c in sort_for_display(hand, 2)] == ["JD", "9D", "QS", "7S", "AH", "TC"]
