"""Independent reference implementation of docs/RULES.md (one hand of two-player Belote).

Written only from RULES.md, deliberately simple; it does not import anything from ``belote2p``.
It is used by ``tests/core/test_replay_differential.py`` to check the engine's hand-record replay.

Main pieces:
- ``Hand``: one hand (up to three deals), driven by ``apply(action)``; ``legal_actions()`` lists
  every legal action at the current point; ``summary()`` gives the replay output dict.
- ``replay_record(obj)`` / ``replay_line(line)``: the replay contract for one record.
- ``random_record(rng, ...)``: a random legal record (for differential tests).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

RANKS = "789TJQKA"
SUITS = "SHDC"
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]

# Orders from low to high (index = strength).
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "T", "A"]
TRUMP_ORDER = ["7", "8", "Q", "K", "T", "A", "9", "J"]
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}

FREE_TRICKS = 7  # tricks 1-7 (indexes 0-6) are free play, each followed by two draws
TOTAL_TRICKS = 16
LAST_TRICK_BONUS = 10
HAND_POINTS = 162
CAPOT_POINTS = 252
BELOTE_POINTS = 20

BID_WORDS = ["pass", "take"] + ["take:" + s for s in SUITS]


class RuleError(Exception):
    """An invalid record or an illegal action."""


# ---------------------------------------------------------------- cards


def is_card(text) -> bool:
    return isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def parse_card(text) -> str:
    if not is_card(text):
        raise RuleError(f"unknown card {text!r}")
    return text


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def card_points(card: str, trump: str) -> int:
    if suit(card) == trump:
        return TRUMP_POINTS.get(rank(card), 0)
    return PLAIN_POINTS.get(rank(card), 0)


def strength(card: str, trump: str) -> int:
    if suit(card) == trump:
        return TRUMP_ORDER.index(rank(card))
    return PLAIN_ORDER.index(rank(card))


def follower_wins(lead: str, follow: str, trump: str) -> bool:
    """True if the follower's card beats the leader's card."""
    lead_trump = suit(lead) == trump
    follow_trump = suit(follow) == trump
    if lead_trump and follow_trump:
        return strength(follow, trump) > strength(lead, trump)
    if follow_trump:
        return True
    if lead_trump:
        return False
    if suit(follow) == suit(lead):
        return strength(follow, trump) > strength(lead, trump)
    return False  # a card of another plain suit never wins


def legal_follows(hand: list, lead: str, trump: str, strict: bool) -> list:
    """The cards of ``hand`` the follower may play on ``lead``."""
    hand = list(hand)
    if not strict:
        return hand  # tricks 1-7: free play
    trumps = [c for c in hand if suit(c) == trump]
    if suit(lead) != trump:
        same = [c for c in hand if suit(c) == suit(lead)]
        if same:
            return same  # follow suit, any card of it
        if trumps:
            return trumps  # else trump, any trump
        return hand
    higher = [c for c in trumps if strength(c, trump) > strength(lead, trump)]
    if higher:
        return higher  # trump led: overtrump if you can
    if trumps:
        return trumps  # else any trump
    return hand


def validate_deck(deck, where: str = "deck") -> list:
    if not isinstance(deck, list):
        raise RuleError(f"{where}: not a list")
    if len(deck) != 32:
        raise RuleError(f"{where}: {len(deck)} cards, not 32")
    for card in deck:
        if not is_card(card):
            raise RuleError(f"{where}: unknown card {card!r}")
    if len(set(deck)) != 32:
        raise RuleError(f"{where}: duplicate cards")
    return list(deck)


# ---------------------------------------------------------------- one hand


class Hand:
    """One hand: bidding (with redeals, at most three deals), then 16 tricks."""

    def __init__(self, dealer: int, decks: list):
        if type(dealer) is not int or dealer not in (0, 1):
            raise RuleError(f"bad dealer {dealer!r}")
        if not isinstance(decks, list) or not decks:
            raise RuleError("no decks")
        self.dealer = dealer
        self.nondealer = 1 - dealer
        self.decks = [validate_deck(d, f"deck {i}") for i, d in enumerate(decks)]
        self.deal_index = 0
        self.trump: str | None = None
        self.taker: int | None = None
        self.belote: int | None = None
        self.tricks: list = []
        self.won_points = [0, 0]
        self._start_deal()

    # -- dealing and bidding

    def _start_deal(self):
        deck = self.decks[self.deal_index]
        self.deck = deck
        self.hands = {self.nondealer: deck[0:3] + deck[6:9], self.dealer: deck[3:6] + deck[9:12]}
        self.turned = deck[12]
        self.stock: list = []
        self.phase = "bid"
        self.bid_round = 1
        self.to_act = self.nondealer

    @property
    def deals(self) -> int:
        return self.deal_index + 1

    @property
    def done(self) -> bool:
        return self.phase == "done"

    def dealer_forced(self) -> bool:
        """Third deal, round 2, dealer to speak: may not pass."""
        return (
            self.phase == "bid"
            and self.deal_index == 2
            and self.bid_round == 2
            and self.to_act == self.dealer
        )

    def _take(self, trump: str):
        self.trump = trump
        self.taker = self.to_act
        deck = self.deck
        if self.taker == self.nondealer:
            self.hands[self.nondealer] += [self.turned] + deck[13:15]
            self.hands[self.dealer] += deck[15:18]
        else:
            self.hands[self.nondealer] += deck[13:16]
            self.hands[self.dealer] += [self.turned] + deck[16:18]
        self.stock = deck[18:32]
        self.phase = "play"
        self.leader = self.nondealer
        self.to_act = self.nondealer
        self.current: list = []

    def _bid(self, word: str):
        turned_suit = suit(self.turned)
        if self.bid_round == 1:
            if word == "take":
                self._take(turned_suit)
                return
            if word != "pass":
                raise RuleError("round 1: bid 'take' or 'pass'")
            if self.to_act == self.nondealer:
                self.to_act = self.dealer
            else:
                self.bid_round = 2
                self.to_act = self.nondealer
            return
        # round 2
        if word.startswith("take:") and len(word) == 6 and word[5] in SUITS:
            if word[5] == turned_suit:
                raise RuleError("round 2: you may not name the turned card's suit")
            self._take(word[5])
            return
        if word != "pass":
            raise RuleError("round 2: bid 'take:<suit>' or 'pass'")
        if self.dealer_forced():
            raise RuleError("third deal: the dealer must name a suit")
        if self.to_act == self.nondealer:
            self.to_act = self.dealer
            return
        # both passed twice: redeal with the next deck
        self.deal_index += 1
        if self.deal_index >= len(self.decks):
            raise RuleError("redeal but no deck left")
        self._start_deal()

    # -- play

    def trick_number(self) -> int:
        """0-based index of the trick being played."""
        return len(self.tricks)

    def strict(self) -> bool:
        return self.trick_number() >= FREE_TRICKS

    def legal_cards(self) -> list:
        hand = list(self.hands[self.to_act])
        if not self.current:
            return hand  # the leader may always lead any card
        return legal_follows(hand, self.current[0], self.trump, self.strict())

    def _play(self, card: str):
        seat = self.to_act
        hand = self.hands[seat]
        if card not in hand:
            raise RuleError(f"you do not hold {card}")
        if card not in self.legal_cards():
            lead = self.current[0]
            raise RuleError(
                f"illegal in strict play against {lead} (trump {SUIT_SYMBOL[self.trump]})")
        # belote: holding both K and Q of trumps when playing the first of them
        if suit(card) == self.trump and rank(card) in ("K", "Q"):
            other = ("Q" if rank(card) == "K" else "K") + self.trump
            if other in hand:
                self.belote = seat
        hand.remove(card)
        self.current.append(card)
        if len(self.current) == 1:
            self.to_act = 1 - seat
            return
        lead, follow = self.current
        winner = (1 - self.leader) if follower_wins(lead, follow, self.trump) else self.leader
        self.tricks.append({"leader": self.leader, "cards": [lead, follow], "winner": winner})
        self.won_points[winner] += card_points(lead, self.trump) + card_points(follow, self.trump)
        trick_index = len(self.tricks) - 1
        if trick_index < FREE_TRICKS:
            self.hands[winner].append(self.stock.pop(0))
            self.hands[1 - winner].append(self.stock.pop(0))
        self.current = []
        self.leader = winner
        self.to_act = winner
        if len(self.tricks) == TOTAL_TRICKS:
            self.won_points[winner] += LAST_TRICK_BONUS
            self.phase = "done"

    # -- public driving API

    def legal_actions(self) -> list:
        if self.phase == "bid":
            if self.bid_round == 1:
                return ["pass", "take"]
            takes = ["take:" + s for s in SUITS if s != suit(self.turned)]
            return takes if self.dealer_forced() else ["pass"] + takes
        if self.phase == "play":
            return self.legal_cards()
        return []

    def apply(self, action: str):
        if self.phase == "done":
            raise RuleError("the hand is over")
        if not isinstance(action, str):
            raise RuleError("action is not a string")
        if self.phase == "bid":
            if action not in BID_WORDS:
                raise RuleError("expected a bid")
            self._bid(action)
        else:
            if not is_card(action):
                raise RuleError("expected a card")
            self._play(action)

    def summary(self) -> dict:
        assert self.done
        winners = {t["winner"] for t in self.tricks}
        capot = winners.pop() if len(winners) == 1 else None
        if capot is None:
            trick_points = list(self.won_points)
        else:
            trick_points = [0, 0]
            trick_points[capot] = CAPOT_POINTS
        totals = list(trick_points)
        if self.belote is not None:
            totals[self.belote] += BELOTE_POINTS
        taker, defender = self.taker, 1 - self.taker
        if totals[taker] > totals[defender]:
            result = "made"
            scores = list(totals)
        elif totals[taker] < totals[defender]:
            result = "dedans"
            scores = [0, 0]
            scores[defender] = (CAPOT_POINTS if capot == defender else HAND_POINTS)
            if self.belote == defender:
                scores[defender] += BELOTE_POINTS
            if self.belote == taker:
                scores[taker] += BELOTE_POINTS
        else:
            result = "tie"
            scores = list(totals)
        return {
            "deals": self.deals,
            "trump": self.trump,
            "taker": self.taker,
            "tricks": [dict(t, cards=list(t["cards"])) for t in self.tricks],
            "belote": self.belote,
            "trick_points": trick_points,
            "totals": totals,
            "result": result,
            "capot": capot,
            "scores": scores,
        }


# ---------------------------------------------------------------- records


def replay_record(record) -> dict:
    """Replay one parsed record; raise RuleError if it is invalid."""
    if not isinstance(record, dict):
        raise RuleError("record is not an object")
    for key in ("dealer", "decks", "actions"):
        if key not in record:
            raise RuleError(f"missing key {key!r}")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RuleError("actions is not a list")
    hand = Hand(record["dealer"], record["decks"])
    for i, action in enumerate(actions):
        try:
            if hand.done:
                raise RuleError("actions left over")
            hand.apply(action)
        except RuleError as exc:
            raise RuleError(f"action {i} ({action}): {exc}") from None
    if not hand.done:
        raise RuleError("hand unfinished")
    if hand.deals < len(hand.decks):
        raise RuleError(f"{len(hand.decks)} decks but {hand.deals} deals")
    return hand.summary()


def replay_line(line: str) -> dict | None:
    """The output dict for one input line, or None for a blank line."""
    if not line.strip():
        return None
    try:
        record = json.loads(line)
    except ValueError as exc:
        return {"error": f"bad JSON: {exc}"}
    try:
        return replay_record(record)
    except RuleError as exc:
        return {"error": str(exc)}


# ---------------------------------------------------------------- random legal records

Policy = Callable[["Hand", list, random.Random], str]


def random_policy(pass_prob: float) -> Policy:
    """Random legal actions; in bidding, pass with probability pass_prob when allowed."""

    def choose(hand: Hand, legal: list, rng: random.Random) -> str:
        if hand.phase == "bid":
            takes = [a for a in legal if a != "pass"]
            if "pass" in legal and rng.random() < pass_prob:
                return "pass"
            return rng.choice(takes)
        return rng.choice(legal)

    return choose


def play_out(dealer: int, decks: list, policy: Policy, rng: random.Random,
             first: Sequence[str] = ()):
    """Play the actions ``first``, then the rest of the hand with the policy;
    return (record, hand) with only the decks used."""
    hand = Hand(dealer, decks)
    actions = list(first)
    for action in actions:
        hand.apply(action)
    while not hand.done:
        action = policy(hand, hand.legal_actions(), rng)
        hand.apply(action)
        actions.append(action)
    record = {"dealer": dealer, "decks": [list(d) for d in decks[: hand.deals]], "actions": actions}
    return record, hand


def random_record(rng: random.Random, pass_prob: float | None = None, policy: Policy | None = None):
    """A random legal record and the reference's finished Hand."""
    if pass_prob is None:
        pass_prob = rng.choice([0.2, 0.5, 0.8, 0.95])
    if policy is None:
        policy = random_policy(pass_prob)
    dealer = rng.randrange(2)
    decks = []
    for _ in range(3):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        decks.append(deck)
    return play_out(dealer, decks, policy, rng)
