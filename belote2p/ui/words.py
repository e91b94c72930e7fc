"""Sentences about the seats and the rules, in the player's language.

A sentence whose grammar changes with who did something ("You take ♠" but
"Rival takes ♠") is a whole message per case, never a name glued to a verb.
The engine says why a move is refused as a ``Refusal`` (a code and its
parameters); the words for it live here.  Suit symbols stay symbols.
"""

from __future__ import annotations

from ..core.actions import Bid, Refusal, RefusalCode
from ..core.cards import SUIT_SYMBOLS
from ..services.card_words import card_label
from ..services.i18n import N_, _

# Seat 0 and seat 1 as the player sees them, and as the demo names them.
SEAT_NAMES = (N_("You"), N_("Rival"))
DEMO_SEAT_NAMES = (N_("South"), N_("North"))
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))

_REFUSALS: dict[RefusalCode, str] = {
    RefusalCode.HAND_OVER: N_("The hand is over"),
    RefusalCode.MUST_REDEAL: N_("The hand must be redealt first"),
    RefusalCode.BID_NOW: N_("It is time to bid (pass or take), not to play a card"),
    RefusalCode.DEALER_MUST_TAKE: N_("The dealer may not pass on the third deal: "
                                     "name a trump suit"),
    RefusalCode.TURNED_SUIT_ONLY: N_("In the first round you may only take the turned suit "
                                     "or pass"),
    RefusalCode.NAME_A_SUIT: N_("In the second round you must name a suit"),
    RefusalCode.SUIT_REFUSED: N_("{suit} was refused in the first round: name another suit"),
    RefusalCode.PLAY_NOW: N_("Bidding is over: play a card"),
    RefusalCode.NOT_IN_HAND: N_("{card} is not in your hand"),
    RefusalCode.MUST_FOLLOW: N_("You must follow {suit}"),
    RefusalCode.MUST_OVERTRUMP: N_("You must play a higher trump"),
    RefusalCode.MUST_PLAY_TRUMP: N_("You must play a trump ({suit})"),
    RefusalCode.MUST_TRUMP: N_("You must trump ({suit})"),
    RefusalCode.NO_REDEAL_PENDING: N_("The hand is not waiting for a redeal"),
    RefusalCode.HAND_NOT_OVER: N_("The hand is not over"),
    RefusalCode.RUN_OVER: N_("The run is over"),
}


def refusal_text(refusal: Refusal) -> str:
    """Why a move is refused, for the player."""
    suit = SUIT_SYMBOLS[refusal.suit] if refusal.suit is not None else ""
    card = card_label(refusal.card) if refusal.card is not None else ""
    return _(_REFUSALS[refusal.code]).format(suit=suit, card=card)


def seat_name(seat: int, demo: bool) -> str:
    return _((DEMO_SEAT_NAMES if demo else SEAT_NAMES)[seat])


def suit_name(suit: int) -> str:
    return _(SUIT_NAMES[suit])


def bid_words(bid: Bid, turned_suit: int, *, suit_named: bool = False) -> str:
    """A bid as the table's buttons and bubbles and the review say it: "Pass",
    "Take ♠" (the suit the take makes: ``Bid.trump``), with ``suit_named``
    "Take ♠ spades"."""
    if not bid.is_take:
        return _("Pass")
    suit = bid.trump(turned_suit)
    symbol = SUIT_SYMBOLS[suit]
    return _("Take {suit}").format(suit=f"{symbol} {suit_name(suit)}" if suit_named else symbol)


# Each sentence below: the player's own form ("you") and a named seat's.

def bid_told(you: bool, name: str, bid: Bid, turned_suit: int) -> str:
    """A bid in the bidding's history, mid-line: "you pass", "Rival takes ♠"."""
    if not bid.is_take:
        return _("you pass") if you else _("{name} passes").format(name=name)
    symbol = SUIT_SYMBOLS[bid.trump(turned_suit)]
    return (_("you take {suit}").format(suit=symbol) if you
            else _("{name} takes {suit}").format(name=name, suit=symbol))


def contract_banner(you: bool, name: str, suit: int) -> str:
    symbol = SUIT_SYMBOLS[suit]
    if you:
        return _("You take {suit}").format(suit=symbol)
    return _("{name} takes {suit}").format(name=name, suit=symbol)


def taken_by(you: bool, name: str) -> str:
    return _("taken by you") if you else _("taken by {name}").format(name=name)


def led_by(you: bool, name: str) -> str:
    return _("led by you") if you else _("led by {name}").format(name=name)


def won_by(you: bool, name: str) -> str:
    return _("won by you") if you else _("won by {name}").format(name=name)


def capot_note(you: bool, name: str) -> str:
    return _("You won all 16 tricks") if you else _("{name} won all 16 tricks").format(name=name)


def contract_made(you: bool, name: str) -> str:
    return _("You made the contract") if you else _("{name} made the contract").format(name=name)


def went_dedans(taker_is_you: bool, defender_is_you: bool, taker: str, defender: str,
                points: str) -> str:
    """The taker lost the contract: the defender scores ``points``."""
    if taker_is_you:
        return _("You went dedans: {points} points to {name}").format(points=points, name=defender)
    if defender_is_you:
        return _("{name} went dedans: {points} points to you").format(points=points, name=taker)
    return _("{name} went dedans: {points} points to {other}").format(
        points=points, name=taker, other=defender)
