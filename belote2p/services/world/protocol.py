"""The world daily's protocol values shared by the server and its client: a
seat's view as JSON and back.

The server answers every action with the player's ``SeatView`` written here;
the client rebuilds the very same ``SeatView`` from it, so the bot (and, next,
the table) decide from exactly what the seat may know.  Cards and bids travel
as the record's words (``TS``, ``take:H``).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Bid, Phase, Trick, parse_action
from ...core.cards import Card, parse_card
from ...core.view import MatchContext, SeatView


class ProtocolError(ValueError):
    """A server answer that is not what the protocol says; names the field."""


def _words(cards: tuple[Card, ...] | frozenset[Card] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


def view_to_json(view: SeatView) -> dict[str, Any]:
    """``view`` as plain JSON values (and nothing the view does not hold)."""
    return {
        "seat": view.seat, "dealer": view.dealer, "deal_number": view.deal_number,
        "phase": view.phase.value, "to_move": view.to_move,
        "hand": _words(view.hand), "turned": str(view.turned),
        "bid_round": view.bid_round,
        "bids": [[seat, str(bid)] for seat, bid in view.bids],
        "trump": view.trump, "taker": view.taker,
        "tricks": [{"leader": t.leader, "cards": _words(list(t.cards)), "winner": t.winner}
                   for t in view.tricks],
        "current_trick": _words(view.current_trick), "leader": view.leader,
        "stock_size": view.stock_size, "card_points": list(view.card_points),
        "belote": view.belote,
        "known_other_cards": sorted(_words(view.known_other_cards)),
        "other_hand": None if view.other_hand is None else _words(view.other_hand),
        "legal": [str(a) for a in view.legal],
        "hand_index": view.context.hand_index,
        "scores_before": list(view.context.scores_before),
    }


def _card(word: Any, where: str) -> Card:
    try:
        return parse_card(word)
    except (ValueError, TypeError):
        raise ProtocolError(f"{where}: {word!r} is not a card") from None


def _bid(word: Any, where: str) -> Bid:
    try:
        action = parse_action(word)
    except (ValueError, TypeError):
        action = None
    if not isinstance(action, Bid):
        raise ProtocolError(f"{where}: {word!r} is not a bid")
    return action


def _cards(words: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(words, list):
        raise ProtocolError(f"{where}: a list of cards was expected")
    return tuple(_card(w, where) for w in words)


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) for v in value)):
        raise ProtocolError(f"{where}: two whole numbers were expected")
    return value[0], value[1]


def view_from_json(data: Any) -> SeatView:
    """The ``SeatView`` ``view_to_json`` wrote; ProtocolError names a bad field."""
    if not isinstance(data, dict):
        raise ProtocolError("view: an object was expected")
    try:
        tricks = tuple(Trick(t["leader"], (_card(t["cards"][0], "tricks"),
                                           _card(t["cards"][1], "tricks")), t["winner"])
                       for t in data["tricks"])
        legal = tuple(parse_action(w) for w in data["legal"])
        other = data["other_hand"]
        return SeatView(
            seat=data["seat"], dealer=data["dealer"], deal_number=data["deal_number"],
            phase=Phase(data["phase"]), to_move=data["to_move"],
            hand=_cards(data["hand"], "hand"), turned=_card(data["turned"], "turned"),
            bid_round=data["bid_round"],
            bids=tuple((seat, _bid(word, "bids")) for seat, word in data["bids"]),
            trump=data["trump"], taker=data["taker"], tricks=tricks,
            current_trick=_cards(data["current_trick"], "current_trick"),
            leader=data["leader"], stock_size=data["stock_size"],
            card_points=_pair(data["card_points"], "card_points"), belote=data["belote"],
            known_other_cards=frozenset(_cards(data["known_other_cards"],
                                               "known_other_cards")),
            other_hand=None if other is None else _cards(other, "other_hand"),
            legal=legal,
            context=MatchContext(data["hand_index"],
                                 _pair(data["scores_before"], "scores_before")))
    except ProtocolError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ProtocolError(f"view: malformed ({type(exc).__name__}: {exc})") from None
