"""Hand records: a hand as ``{"dealer", "decks", "actions"}`` and its replay.

The same format is the game's hand history and the input of
``belote2p replay``.  ``replay_record`` either returns the hand's summary (the
replay output contract in README.md) or raises ``RecordError`` saying what is
wrong and where.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from .actions import Action, IllegalAction, Phase, parse_action
from .cards import SUITS, Card, CardError, parse_deck
from .hand import Hand
from .lines import BadLine, parse_json
from .printable import printable_json


class RecordError(ValueError):
    """A hand record that cannot be replayed; the message says what and where."""


def record_of(hand: Hand) -> dict[str, Any]:
    """The record that replays ``hand`` (finished or not)."""
    return record_from(hand.dealer, hand.decks, hand.actions)


def record_from(dealer: int, decks: Sequence[Sequence[Card]],
                actions: Sequence[Action]) -> dict[str, Any]:
    """A hand's record from its dealer, its decks and its actions (a
    ``HandScored`` event carries them)."""
    return {
        "dealer": dealer,
        "decks": [[str(c) for c in deck] for deck in decks],
        "actions": [str(a) for a in actions],
    }


def _field(record: dict[str, Any], key: str, kind: type, what: str) -> Any:
    if key not in record:
        raise RecordError(f"missing key {key!r} ({what})")
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(f"{key!r} must be {what}, not {json.dumps(value)[:40]}")
    return value


def replay_hand(record: Any) -> Hand:
    """Play a record through the engine; the finished Hand, or RecordError."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object with dealer, decks and actions")
    dealer = _field(record, "dealer", int, "the dealer's seat, 0 or 1")
    if dealer not in (0, 1):
        raise RecordError(f"'dealer' must be 0 or 1, not {dealer}")
    decks = _field(record, "decks", list, "a list of deck orders, one per deal")
    actions = _field(record, "actions", list, "a list of bids and cards")
    if not decks:
        raise RecordError("'decks' is empty: the first deal needs a deck")
    hand = Hand(dealer, _deck(decks, 0))
    for index, word in enumerate(actions):
        where = f"action {index} ({word if isinstance(word, str) else json.dumps(word)})"
        if hand.phase is Phase.DONE:
            left = len(actions) - index
            raise RecordError(f"{where}: the hand is already over ({left} actions left over)")
        try:
            hand.apply(parse_action(word))
        except (CardError, IllegalAction) as exc:
            raise RecordError(f"{where}: {exc}") from None
        if hand.phase is Phase.REDEAL:
            if hand.deal_number >= len(decks):
                raise RecordError(
                    f"{where}: both passed twice, so deal {hand.deal_number + 1} needs "
                    f"decks[{hand.deal_number}], but the record has {len(decks)} deck(s)"
                )
            hand.redeal(_deck(decks, hand.deal_number))
    if hand.phase is not Phase.DONE:
        stage = "bidding" if hand.phase is Phase.BIDDING else f"trick {hand.trick_number}"
        raise RecordError(
            f"the hand is unfinished: the {len(actions)} actions stop during {stage}, "
            f"seat {hand.to_move} to move"
        )
    if len(decks) > hand.deal_number:
        raise RecordError(
            f"'decks' holds {len(decks)} decks but the hand used {hand.deal_number} deal(s)"
        )
    return hand


def _deck(decks: list[Any], index: int) -> list[Card]:
    try:
        return parse_deck(decks[index])
    except CardError as exc:
        raise RecordError(f"decks[{index}]: {exc}") from None


def summary(hand: Hand) -> dict[str, Any]:
    """The replay output for a finished hand."""
    score = hand.score()
    return {
        "deals": hand.deal_number,
        "trump": SUITS[hand.contract_trump()],
        "taker": hand.taker,
        "tricks": [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in hand.tricks
        ],
        "belote": score.belote,
        "trick_points": list(score.trick_points),
        "totals": list(score.totals),
        "result": score.result.value,
        "capot": score.capot,
        "scores": list(score.scores),
    }


def replay_line(line: str) -> dict[str, Any]:
    """One input line -> its output object (a summary or ``{"error": ...}``)."""
    try:
        record = parse_json(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
    except ValueError as exc:
        return {"error": str(exc)}
    try:
        return summary(replay_hand(record))
    except RecordError as exc:
        return {"error": str(exc)}


def replay_stream(lines: Iterable[str | BadLine], out: TextIO) -> int:
    """Replay every non-blank line (``lines.read_lines`` gives a ``BadLine`` for
    one that cannot be read); returns 2 if any record was invalid, else 0."""
    status = 0
    for result in _results(lines):
        if "error" in result:
            status = 2
        out.write(printable_json(json.dumps(result, ensure_ascii=False)) + "\n")
    return status


def _results(lines: Iterable[str | BadLine]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if isinstance(line, BadLine):
            yield {"error": line.message}
        elif line.strip():
            yield replay_line(line)
