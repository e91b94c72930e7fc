"""Level 1 plays like a beginner, not like a coin: every card it plays is the
tips' card or one of a beginner's characteristic mistakes, seen from its view."""

from __future__ import annotations

import dataclasses
import random

from belote2p.ai import decide, make_player
from belote2p.ai.heuristics import choose_card, highest_plain
from belote2p.ai.knowledge import info_from_view
from belote2p.ai.levels import load_levels
from belote2p.ai.players import beginner_slips
from belote2p.core.actions import Phase
from belote2p.core.cards import JACK, KING, NINE, QUEEN
from belote2p.core.match import Match

LEVELS = load_levels()


def level1_cards(matches: int):
    """(view, level 1's card) for every card level 1 chose with a choice to make,
    level 1 against level 2."""
    for k in range(matches):
        match = Match("beginner", k)
        players = {0: make_player(1, random.Random(k)), 1: make_player(2, random.Random(-k))}
        while not match.over:
            seat = match.to_move
            view = match.view(seat)
            action = decide(players[seat], view)
            if seat == 0 and view.phase is Phase.PLAY and len(view.legal) > 1:
                yield view, int(action)
            match.apply(action)


def test_level1_plays_no_random_card():
    play = LEVELS[1].play
    slips = spent = broken = big_leads = 0
    for view, card in level1_cards(40):
        info = info_from_view(view, play.count_plain, play.count_trumps)
        allowed = {choose_card(info, play), *beginner_slips(info)}
        if info.lead < 0 and not info.strict:
            allowed.add(highest_plain(info))
        assert card in allowed, f"level 1 played a card no beginner's rule gives: {view}"
        if card in beginner_slips(info):
            spent += card & 7 in (JACK, NINE)  # the naive tips do it too
            if card != choose_card(info, play):
                slips += 1
                broken += card & 7 in (KING, QUEEN)
        if info.lead < 0 and card == highest_plain(info) != choose_card(info, play):
            big_leads += 1
    assert spent and broken and big_leads and slips


def test_beginner_slips_spend_the_big_trumps_on_a_few_points():
    """Following a plain king, the J and 9 of trumps are slips; following a
    plain ten (worth trumping) or a trump lead they are not."""
    from belote2p.ai.knowledge import Info

    trump = 0  # spades
    jack, nine, seven = trump * 8 + JACK, trump * 8 + NINE, trump * 8 + 0
    hand = [jack, nine, seven, 8 + 0, 16 + 1]

    def slips(lead):
        mask = sum(1 << c for c in hand)
        info = Info(list(hand), mask, trump, lead, 10, ((1 << 32) - 1) & ~mask, 0, 9, 1, 0,
                    0, 0, 2)
        return beginner_slips(info)

    assert slips(8 + KING) == sorted([jack, nine])  # a plain king: 4 points
    assert slips(8 + 3) == []  # a plain ten: a good player trumps it too
    assert slips(trump * 8 + 1) == []  # a trump lead


def test_without_mistakes_level1_is_the_tips_on_its_knobs():
    play = dataclasses.replace(LEVELS[1].play, mistake_rate=0.0, lead_high_rate=0.0)
    plain = dataclasses.replace(LEVELS[1], play=play)
    player = make_player(1, random.Random(0), {**LEVELS, 1: plain})
    for view, _ in level1_cards(5):
        info = info_from_view(view, play.count_plain, play.count_trumps)
        assert int(player.choose(view)) == choose_card(info, play)
