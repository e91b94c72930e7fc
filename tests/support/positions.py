"""Decision points for the AI tests: a random position of a kind (bidding, free
play, strict play) with the decks and actions that reach it, the game states that
differ from it only in what the seat to move cannot see, and level 3's card
decisions with a choice."""

from __future__ import annotations

import random

from belote2p.ai import decide, make_player
from belote2p.core.actions import Phase
from belote2p.core.cards import CARDS
from belote2p.core.hand import Hand
from belote2p.core.match import Match
from belote2p.core.view import SeatView, view_of
from tests.support.builders import fast_levels

LEVELS = fast_levels()


def random_position(rng: random.Random, stop_kind: str):
    """Play level-2 moves from a seeded deal until a decision of the given kind
    ('bid', 'free' or 'strict'); returns (decks, dealer, actions, hand) or None."""
    dealer = rng.randrange(2)
    deck = list(CARDS)
    rng.shuffle(deck)
    decks = [deck]
    hand = Hand(dealer, deck)
    players = [make_player(2, random.Random(rng.random()), LEVELS) for _ in range(2)]
    actions = []
    stop_after = rng.randrange(0, 14)
    seen = 0
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.REDEAL:
            deck = list(CARDS)
            rng.shuffle(deck)
            decks.append(deck)
            hand.redeal(deck)
            continue
        kind = "bid" if hand.phase is Phase.BIDDING else ("strict" if hand.strict else "free")
        if kind == stop_kind:
            if seen >= stop_after or (kind == "bid" and rng.random() < 0.5):
                return decks, dealer, actions, hand
            seen += 1
        # a little randomness so that all sorts of positions appear
        if rng.random() < 0.3:
            action = rng.choice(hand.legal_actions())
        else:
            action = decide(players[hand.to_move], view_of(hand, hand.to_move))
        hand.apply(action)
        actions.append(action)
    return None


def first_position(rng: random.Random, kind: str):
    """The first position of ``kind`` that ``rng``'s deals reach (some deals never do)."""
    position = None
    while position is None:
        position = random_position(rng, kind)
    return position


def replay(decks, dealer, actions) -> Hand:
    hand = Hand(dealer, decks[0])
    next_deck = 1
    for action in actions:
        hand.apply(action)
        if hand.phase is Phase.REDEAL:
            hand.redeal(decks[next_deck])
            next_deck += 1
    return hand


def hidden_variants(rng, decks, dealer, actions, hand: Hand, count: int):
    """Game states that differ from ``hand`` only in what its seat to move cannot see."""
    seat = hand.to_move
    played = {c for t in hand.tricks for c in t.cards} | set(hand.current)
    seen = set(hand.hands[seat]) | played | {hand.turned}
    last = decks[-1]
    hidden = [p for p in range(32) if last[p] not in seen]
    variants = []
    for _ in range(count * 4):
        new_decks = [rng.sample(d, 32) for d in decks[:-1]]
        deck = list(last)
        cards = [deck[p] for p in hidden]
        rng.shuffle(cards)
        for p, c in zip(hidden, cards):
            deck[p] = c
        new_decks.append(deck)
        try:
            other = replay(new_decks, dealer, actions)
        except ValueError:  # an action that the other cards make illegal
            continue
        if other.hands[1 - seat] != hand.hands[1 - seat] or other.stock != hand.stock:
            variants.append(other)
        if len(variants) == count:
            break
    return variants



def hidden_changes(rng: random.Random, positions: int, per_position: int = 2) -> int:
    """Over ``positions`` free-play positions, how many hidden variants keep the
    seat's view and change the other hand: the hidden-card tests are not
    vacuous when most do."""
    changed = 0
    for _ in range(positions):
        decks, dealer, actions, hand = first_position(rng, "free")
        seat = hand.to_move
        for other in hidden_variants(rng, decks, dealer, actions, hand, per_position):
            same_view = view_of(other, seat) == view_of(hand, seat)
            if same_view and other.hands[1 - seat] != hand.hands[1 - seat]:
                changed += 1
    return changed


def play_positions(seed: str, strict: bool, count: int) -> list[SeatView]:
    """Card decisions with a choice (stock or strict phase), from level-3 matches."""
    found: list[SeatView] = []
    k = 0
    while len(found) < count:
        players = [make_player(3, random.Random(f"{seed}/{k}/{seat}")) for seat in (0, 1)]
        match = Match(seed, k)
        while not match.over and len(found) < count:
            view = match.view(match.to_move)
            if view.phase is Phase.PLAY and view.strict == strict and len(view.legal) > 1:
                found.append(view)
            match.apply(decide(players[match.to_move], view))
        k += 1
    return found[::-1][:count]


STOCK = play_positions("hints-stock", False, 8)
