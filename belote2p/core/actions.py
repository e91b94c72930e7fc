"""The core's value types: what a hand's state machine takes in and gives out.

- ``Phase``: where a hand stands (bidding, waiting for a redeal, play, done);
- ``Bid`` (``pass``, ``take``, ``take:S``) and ``Card``: the ``Action``s, with
  ``parse_action``/``str`` converting them to and from the hand-record words;
- ``Trick`` and ``Event``: what happened, for the table to show;
- ``HandResult``: how a finished hand went for its taker;
- ``Refusal`` and ``IllegalAction``: why an action is not allowed now, as a
  code with parameters (so a screen can word it in any language), plus the
  English wording that ``belote2p replay`` prints.

Only values live here (no game state), so ``hand.py`` and ``view.py`` both
import them without importing each other.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from .cards import SUIT_SYMBOLS, SUITS, Card, CardError, parse_card


class Phase(enum.Enum):
    BIDDING = "bidding"
    REDEAL = "redeal"  # both passed twice: the hand waits for a fresh deck
    PLAY = "play"
    DONE = "done"


class _TextEnum(str, enum.Enum):
    """An enum whose members are also their text, so ``kind == "play"`` and
    JSON output keep working; ``str()`` is the bare text, as in Python 3.11+'s StrEnum."""

    def __str__(self) -> str:
        return str(self.value)


# --------------------------------------------------------------------- bids
@dataclass(frozen=True)
class Bid:
    """``pass``, ``take`` (round 1) or ``take:S`` (round 2, naming a suit)."""

    word: str

    @property
    def is_take(self) -> bool:
        return self.word != "pass"

    @property
    def suit(self) -> int | None:
        return SUITS.index(self.word[5]) if self.word.startswith("take:") else None

    def trump(self, turned_suit: int) -> int:
        """The trump suit this take makes: the turned card's suit for ``take``,
        the named one for ``take:S``."""
        if not self.is_take:
            raise ValueError("a pass makes no trump")
        suit = self.suit
        return turned_suit if suit is None else suit

    def __str__(self) -> str:
        return self.word

    def __reduce__(self) -> tuple[Callable[[str], Bid], tuple[str]]:
        # pickle/copy as the shared instance (the AI runs in a worker)
        return (_bid_from_word, (self.word,))


def _bid_from_word(word: str) -> Bid:
    return BIDS[word]


PASS = Bid("pass")
TAKE = Bid("take")
TAKE_SUIT = tuple(Bid("take:" + s) for s in SUITS)
BIDS = {b.word: b for b in (PASS, TAKE, *TAKE_SUIT)}

Action: TypeAlias = Bid | Card


def parse_action(text: str) -> Action:
    """A hand-record word, exactly as RULES.md writes it: a bid word or a card."""
    if isinstance(text, str) and text in BIDS:
        return BIDS[text]
    try:
        return parse_card(text)
    except CardError:
        raise CardError(
            f"{text!r} is neither a bid (pass, take, take:S/H/D/C) nor a card (e.g. 'TS')"
        ) from None


# ------------------------------------------------------------ what happened
@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[Card, Card]  # leader's card, then the follower's
    winner: int

    def card_of(self, seat: int) -> Card:
        return self.cards[0] if seat == self.leader else self.cards[1]


class EventKind(_TextEnum):
    BID = "bid"
    REDEAL = "redeal"
    CONTRACT = "contract"
    PLAY = "play"
    BELOTE = "belote"
    REBELOTE = "rebelote"
    TRICK = "trick"
    DRAW = "draw"
    HAND_OVER = "hand_over"
    NEXT_HAND = "next_hand"  # the match's second hand is dealt
    MATCH_OVER = "match_over"
    NEXT_MATCH = "next_match"  # the run goes on with a new match
    RUN_OVER = "run_over"


@dataclass(frozen=True)
class Event:
    """Something that happened, for the table to show."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    bid: Bid | None = None


class HandResult(_TextEnum):
    """How a finished hand went for its taker (RULES.md, 'Scoring a hand')."""

    MADE = "made"
    DEDANS = "dedans"
    TIE = "tie"


# ----------------------------------------------------------------- refusals
class RefusalCode(enum.Enum):
    """Why an action is refused; the parameters a wording needs are on ``Refusal``."""

    HAND_OVER = "hand_over"
    MUST_REDEAL = "must_redeal"
    BID_NOW = "bid_now"
    DEALER_MUST_TAKE = "dealer_must_take"
    TURNED_SUIT_ONLY = "turned_suit_only"
    NAME_A_SUIT = "name_a_suit"
    SUIT_REFUSED = "suit_refused"  # suit: the turned suit
    PLAY_NOW = "play_now"
    NOT_IN_HAND = "not_in_hand"  # card
    MUST_FOLLOW = "must_follow"  # suit: the led suit
    MUST_OVERTRUMP = "must_overtrump"
    MUST_PLAY_TRUMP = "must_play_trump"  # suit: trumps (trumps were led)
    MUST_TRUMP = "must_trump"  # suit: trumps (a plain suit was led)
    NO_REDEAL_PENDING = "no_redeal_pending"
    HAND_NOT_OVER = "hand_not_over"
    RUN_OVER = "run_over"


@dataclass(frozen=True)
class Refusal:
    """An action the rules do not allow now: a code and its parameters.
    ``str()`` is the English wording (``english`` below)."""

    code: RefusalCode
    suit: int | None = None
    card: Card | None = None

    def __str__(self) -> str:
        return english(self)


_ENGLISH = {
    RefusalCode.HAND_OVER: "the hand is over",
    RefusalCode.MUST_REDEAL: "the hand must be redealt first",
    RefusalCode.BID_NOW: "it is time to bid (pass or take), not to play a card",
    RefusalCode.DEALER_MUST_TAKE: "the dealer may not pass on the third deal: name a trump suit",
    RefusalCode.TURNED_SUIT_ONLY: "in the first round you may only take the turned suit or pass",
    RefusalCode.NAME_A_SUIT: "in the second round you must name a suit (take:S, take:H...)",
    RefusalCode.SUIT_REFUSED: "{suit} was refused in the first round: name another suit",
    RefusalCode.PLAY_NOW: "bidding is over: play a card",
    RefusalCode.NOT_IN_HAND: "{card} is not in your hand",
    RefusalCode.MUST_FOLLOW: "you must follow {suit}",
    RefusalCode.MUST_OVERTRUMP: "you must play a higher trump",
    RefusalCode.MUST_PLAY_TRUMP: "you must play a trump ({suit})",
    RefusalCode.MUST_TRUMP: "you must trump ({suit})",
    RefusalCode.NO_REDEAL_PENDING: "the hand is not waiting for a redeal",
    RefusalCode.HAND_NOT_OVER: "the hand is not over",
    RefusalCode.RUN_OVER: "the run is over",
}


def english(refusal: Refusal) -> str:
    """The refusal in English, as ``belote2p replay`` reports it (e.g. ``you must follow ♦``)."""
    suit = SUIT_SYMBOLS[refusal.suit] if refusal.suit is not None else ""
    card = refusal.card.label if refusal.card is not None else ""
    return _ENGLISH[refusal.code].format(suit=suit, card=card)


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``refusal`` says why,
    ``str()`` in English."""

    def __init__(self, refusal: Refusal):
        super().__init__(english(refusal))
        self.refusal = refusal

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[Refusal]]:
        # pickle by the refusal, not by the English text
        return (IllegalAction, (self.refusal,))
