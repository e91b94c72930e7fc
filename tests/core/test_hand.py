"""Hand-written cases for every rule of RULES.md that a hand enforces."""

import pytest

from belote2p.core.actions import PASS, TAKE, TAKE_SUIT, IllegalAction, Phase, parse_action
from belote2p.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from belote2p.core.hand import Hand
from belote2p.core.rules import legal_follows, score_hand, trick_winner
from tests.support.builders import arranged_deck, cards, deck_with_top, play


# ---------------------------------------------------------------- dealing
def test_deal_gives_three_and_three_twice_then_turns_deck_12():
    deck = deck_with_top("7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH")
    hand = Hand(dealer=1, deck=deck)
    assert hand.hands[0] == cards("7S 8S 9S KS AS 7H")  # non-dealer: deck[0:3] + deck[6:9]
    assert hand.hands[1] == cards("TS JS QS 8H 9H TH")  # dealer: deck[3:6] + deck[9:12]
    assert str(hand.turned) == "JH"
    assert hand.to_move == 0 and hand.phase is Phase.BIDDING


@pytest.mark.parametrize("taker_is_dealer", [False, True])
def test_packets_after_a_take_and_the_stock(taker_is_dealer):
    deck = arranged_deck("7S 8S 9S TS JS QS", "7H 8H 9H TH JH QH", "AD",
                         "7C 8C 9C TC JC QC KC AC")
    hand = Hand(dealer=0, deck=deck)  # seat 1 speaks first
    play(hand, "pass take" if taker_is_dealer else "take")
    if taker_is_dealer:
        assert hand.hands[1][6:] == cards("7C 8C 9C")
        assert hand.hands[0][6:] == cards("AD TC JC")
    else:
        assert hand.hands[1][6:] == cards("AD 7C 8C")
        assert hand.hands[0][6:] == cards("9C TC JC")
    assert hand.stock == deck[18:32] and len(hand.stock) == 14
    assert hand.trump == DIAMONDS and hand.to_move == 1 == hand.leader


# ---------------------------------------------------------------- bidding
def test_round_one_offers_take_and_pass_then_round_two_the_other_suits():
    hand = Hand(0, arranged_deck("7S 8S 9S TS JS QS", "7H 8H 9H TH JH QH", "AD"))
    assert hand.legal_bids() == [TAKE, PASS]
    play(hand, "pass pass")
    assert hand.bid_round == 2
    assert hand.legal_bids() == [TAKE_SUIT[SPADES], TAKE_SUIT[HEARTS], TAKE_SUIT[CLUBS], PASS]
    assert "refused in the first round" in hand.why_illegal(TAKE_SUIT[DIAMONDS])
    assert "name a suit" in hand.why_illegal(TAKE)


def test_round_two_take_gives_the_taker_the_turned_card_anyway():
    hand = Hand(0, arranged_deck("7S 8S 9S TS JS QS", "7H 8H 9H TH JH QH", "AD", "7C 8C 9C TC JC"))
    play(hand, "pass pass take:S")
    assert hand.trump == SPADES and hand.taker == 1
    assert parse_action("AD") in hand.hands[1]


def test_both_passing_twice_redeals_and_the_third_deal_forces_the_dealer():
    hand = Hand(1, deck_with_top(""))
    for deal in (1, 2):
        play(hand, "pass pass pass pass")
        assert hand.phase is Phase.REDEAL
        with pytest.raises(IllegalAction):
            hand.apply(PASS)
        hand.redeal(deck_with_top("AC KC QC"))
        assert hand.deal_number == deal + 1 and hand.dealer == 1 and hand.to_move == 0
    play(hand, "pass pass pass")  # non-dealer may still pass in round 2
    assert hand.to_move == 1
    assert PASS not in hand.legal_bids()
    with pytest.raises(IllegalAction, match="dealer may not pass"):
        hand.apply(PASS)
    play(hand, "take:C")
    assert hand.taker == 1 and hand.trump == CLUBS and hand.phase is Phase.PLAY


def test_the_forced_dealer_may_still_pass_in_round_one():
    hand = Hand(0, deck_with_top(""))
    for _ in range(2):
        play(hand, "pass pass pass pass")
        hand.redeal(deck_with_top(""))
    assert PASS in hand.legal_bids()  # round 1: non-dealer
    play(hand, "pass")
    assert PASS in hand.legal_bids()  # round 1: the dealer too
    play(hand, "pass take:S")
    assert hand.taker == 1


def test_a_card_during_bidding_and_a_bid_during_play_are_refused():
    hand = Hand(0, deck_with_top(""))
    with pytest.raises(IllegalAction, match="time to bid"):
        hand.apply(parse_action("7S"))
    play(hand, "take")
    with pytest.raises(IllegalAction, match="play a card"):
        hand.apply(PASS)


# ---------------------------------------------------------------- tricks
@pytest.mark.parametrize("lead, follow, trump, winner", [
    ("AS", "TS", HEARTS, 0),  # plain: ace beats ten
    ("7S", "8S", HEARTS, 1),
    ("AS", "7H", HEARTS, 1),  # any trump beats a plain card
    ("9H", "JH", HEARTS, 1),  # jack is the top trump
    ("9H", "AH", HEARTS, 0),  # nine beats ace in trumps
    ("7S", "AD", HEARTS, 0),  # another plain suit never wins
    ("7H", "AS", HEARTS, 0),
])
def test_trick_winner(lead, follow, trump, winner):
    assert trick_winner(cards(lead)[0], cards(follow)[0], trump) == winner


@pytest.mark.parametrize("hand, lead, legal", [
    ("7S AS 7H 8D", "KS", "7S AS"),          # follow, no need to beat
    ("7H JH 8D", "KS", "7H JH"),              # no spades: trump, any trump
    ("8D 9D", "KS", "8D 9D"),                 # neither: anything
    ("7H QH JH 8D", "AH", "JH"),              # trump led: higher trump
    ("7H 8H AS", "9H", "7H 8H"),              # cannot overtrump: any trump
    ("AS KD", "9H", "AS KD"),                 # no trump: anything
])
def test_strict_follow_rules(hand, lead, legal):
    assert sorted(legal_follows(cards(hand), cards(lead)[0], HEARTS)) == sorted(cards(legal))


def _strict_hand():
    """Play a hand by always taking the first legal card until the stock is empty."""
    hand = Hand(0, deck_with_top(""))
    play(hand, "take")
    while hand.stock or hand.current:
        hand.apply(hand.legal_cards()[0])
    return hand


def test_free_play_allows_any_card_and_both_draw_winner_first():
    hand = Hand(0, arranged_deck("7S 8S 9S TS JS QS", "7H 8H 9H TH JH QH", "AD",
                                 "7C 8C 9C 7D 8D TC JC"))
    play(hand, "take")  # seat 1 takes diamonds; stock starts with TC JC
    play(hand, "7S")    # seat 1 leads a spade; seat 0 need not follow
    assert parse_action("7H") in hand.legal_cards()
    events = hand.apply(parse_action("7H"))
    kinds = [(e.kind, e.seat) for e in events]
    assert kinds == [("play", 0), ("trick", 1), ("draw", 1), ("draw", 0)]
    assert str(events[2].card) == "TC" and str(events[3].card) == "JC"
    assert len(hand.hands[0]) == len(hand.hands[1]) == 9


def test_strict_play_starts_at_trick_8_with_9_cards_each():
    hand = _strict_hand()
    assert len(hand.tricks) == 7 and not hand.stock and hand.strict
    assert len(hand.hands[0]) == len(hand.hands[1]) == 9


def test_illegal_cards_say_why_in_a_players_words():
    hand = Hand(0, arranged_deck("7S 8S 9S TS JS QS", "7H 8H 9H TH JH QH", "AD"))
    hand.hands = [cards("7S 8S 9D"), cards("AS")]  # arrange a strict position
    hand.phase, hand.stock, hand.trump, hand.taker = Phase.PLAY, [], DIAMONDS, 0
    hand.to_move = hand.leader = 1
    play(hand, "AS")
    assert hand.why_illegal(parse_action("9D")) == "you must follow ♠"
    assert "not in your hand" in hand.why_illegal(parse_action("AH"))
    hand.hands[0] = cards("7H 9D")
    assert hand.why_illegal(parse_action("7H")) == "you must trump (♦)"
    hand.current = [parse_action("TD")]
    hand.hands[0] = cards("7D JD 7H")
    assert hand.why_illegal(parse_action("7D")) == "you must play a higher trump"
    hand.hands[0] = cards("7D 8D 7H")
    assert hand.why_illegal(parse_action("7H")) == "you must play a trump (♦)"


# ---------------------------------------------------------------- belote
def _play_until_done(hand, prefer):
    """Play first-legal cards, preferring the cards in ``prefer`` whenever legal."""
    while hand.phase is Phase.PLAY:
        legal = hand.legal_cards()
        chosen = next((c for c in prefer if c in legal), legal[0])
        hand.apply(chosen)
    return hand


def test_belote_held_scores_20_and_is_announced_twice():
    # Seat 1 (non-dealer) holds K and Q of hearts and takes hearts.
    hand = Hand(0, arranged_deck("KH QH 7S 8S 9S TS", "7C 8C 9C TC JC QC", "7H"))
    play(hand, "take")
    events = []
    while hand.phase is Phase.PLAY:
        legal = hand.legal_cards()
        pick = next((c for c in cards("KH QH") if c in legal), legal[0])
        events += hand.apply(pick)
    kinds = [e.kind for e in events if e.kind in ("belote", "rebelote")]
    assert kinds == ["belote", "rebelote"]
    score = hand.score()
    assert score.belote == 1 and score.totals[1] == score.trick_points[1] + 20


def test_no_belote_for_the_queen_drawn_after_the_king_was_played():
    # Seat 1 holds the king of hearts (trump); the queen is the top of the stock.
    hand = Hand(0, arranged_deck("KH 7S 8S 9S TS JS", "7C 8C 9C TC JC AC", "7H",
                                 "AS KS 8H 9H TH QH"))
    play(hand, "take")  # seat 1: 7H AS KS; seat 0: 8H 9H TH; stock QH ...
    events = hand.apply(parse_action("KH"))  # the king first, without the queen
    events += hand.apply(parse_action("7C"))
    assert not [e for e in events if e.kind == "belote"]
    assert parse_action("QH") in hand.hands[1]  # seat 1 won the trick and drew the queen
    _play_until_done(hand, cards("QH"))
    assert parse_action("QH") in {t.card_of(1) for t in hand.tricks}
    assert hand.belote is None and hand.score().belote is None


# ---------------------------------------------------------------- scoring
def test_scoring_made_dedans_tie_capot():
    made = score_hand(0, [90, 62], 0, [9, 7], None)
    assert (made.trick_points, made.result, made.scores) == ((100, 62), "made", (100, 62))
    dedans = score_hand(0, [60, 92], 1, [6, 10], 1)
    assert dedans.totals == (60, 122) and dedans.result == "dedans"
    assert dedans.scores == (0, 182)  # 162 + the defender's belote
    own_belote = score_hand(0, [60, 92], 1, [6, 10], 0)
    assert own_belote.result == "dedans" and own_belote.scores == (20, 162)
    tie = score_hand(1, [81, 71], 1, [8, 8], None)
    assert tie.trick_points == (81, 81) and tie.result == "tie" and tie.scores == (81, 81)
    belote_tie = score_hand(0, [61, 91], 1, [8, 8], 0)
    assert belote_tie.totals == (81, 101) and belote_tie.result == "dedans"


def test_capot_for_the_taker_and_for_the_defender():
    taker = score_hand(0, [152, 0], 0, [16, 0], None)
    assert taker.capot == 0 and taker.trick_points == (252, 0) and taker.scores == (252, 0)
    defender = score_hand(0, [0, 152], 1, [0, 16], 0)
    assert defender.capot == 1 and defender.totals == (20, 252)
    assert defender.result == "dedans" and defender.scores == (20, 252)
    defender_belote = score_hand(1, [0, 152], 1, [0, 16], 0)
    assert defender_belote.result == "made" and defender_belote.scores == (20, 252)


def test_taker_needs_82_without_belote():
    assert score_hand(0, [72, 80], 0, [8, 8], None).result == "made"      # 82-80
    assert score_hand(0, [71, 81], 0, [8, 8], None).result == "tie"       # 81-81
    assert score_hand(0, [70, 82], 0, [8, 8], None).result == "dedans"    # 80-82


def test_score_before_the_end_is_refused():
    with pytest.raises(IllegalAction, match="not over"):
        Hand(0, deck_with_top("")).score()


def test_actions_survive_pickling_as_the_shared_values():
    """The rival thinks in another process: its answer comes back pickled."""
    import copy
    import pickle

    for action in (PASS, TAKE, *TAKE_SUIT, parse_action("TS")):
        assert pickle.loads(pickle.dumps(action)) is action
        assert copy.deepcopy(action) is action
    hand = Hand(0, deck_with_top(""))
    hand.apply(pickle.loads(pickle.dumps(TAKE)))
    assert hand.trump == hand.turned.suit
