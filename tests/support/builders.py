"""Small builders shared by the core tests."""

from __future__ import annotations

import random
from dataclasses import replace

from belote2p.ai.levels import load_levels
from belote2p.core.actions import Phase, parse_action
from belote2p.core.cards import CARDS, parse_card
from belote2p.core.cards import points as card_points
from belote2p.core.hand import Hand


def cards(text: str):
    return [parse_card(t) for t in text.split()]


def deck_with_top(top: str) -> list:
    """A deck order whose first cards are ``top`` (notation, space separated);
    the rest follow in the fixed card order."""
    head = cards(top)
    return head + [c for c in CARDS if c not in head]


def arranged_deck(non_dealer: str, dealer: str, turned: str, rest: str = "") -> list:
    """A deck that deals these six cards to each seat and turns ``turned``;
    ``rest`` continues from deck[13] (the packets, then the stock)."""
    nd, d = cards(non_dealer), cards(dealer)
    top = nd[0:3] + d[0:3] + nd[3:6] + d[3:6] + cards(turned) + cards(rest)
    return top + [c for c in CARDS if c not in top]


def play(hand: Hand, words: str) -> Hand:
    for word in words.split():
        hand.apply(parse_action(word))
    return hand


def random_hand(rng: random.Random, take_bias: float = 0.5, each_step=None) -> Hand:
    """A hand played to the end with random legal actions (redeals included);
    ``each_step(hand)`` is called before every step and at the end."""
    deck = list(CARDS)
    rng.shuffle(deck)
    hand = Hand(rng.randrange(2), deck)
    while hand.phase is not Phase.DONE:
        if each_step:
            each_step(hand)
        if hand.phase is Phase.REDEAL:
            rng.shuffle(deck)
            hand.redeal(deck)
            continue
        legal = hand.legal_actions()
        takes = [a for a in legal if str(a) != "pass"]
        if hand.phase is Phase.BIDDING and takes and rng.random() < take_bias:
            hand.apply(rng.choice(takes))
        elif hand.phase is Phase.BIDDING and "pass" in map(str, legal):
            hand.apply(parse_action("pass"))
        else:
            hand.apply(rng.choice(legal))
    if each_step:
        each_step(hand)
    return hand


def random_taken_hand(rng: random.Random) -> Hand:
    """A fresh deal with random bids until someone takes: a hand at its first trick."""
    while True:
        deck = list(CARDS)
        rng.shuffle(deck)
        hand = Hand(rng.randrange(2), deck)
        while hand.phase is Phase.BIDDING:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.phase is Phase.PLAY:
            return hand


def fast_levels() -> dict:
    """The real levels with level 4's sample counts cut down (tests stay quick)."""
    levels = dict(load_levels())
    search = replace(levels[4].search, play_samples=3, bid_samples=3, bid_rejection=3,
                     play_rejection=3, finalists=2, final_samples=2)
    levels[4] = replace(levels[4], search=search)
    return levels


def points_of_tricks(hand: Hand, tricks: int) -> tuple[int, int]:
    """Card points of the hand's first ``tricks`` tricks, by seat (no last-trick 10):
    what the side panel shows once that many tricks are collected on screen."""
    pts = [0, 0]
    for trick in hand.tricks[:tricks]:
        for c in trick.cards:
            pts[trick.winner] += card_points(c, hand.trump)
    return pts[0], pts[1]
