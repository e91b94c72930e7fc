"""``belote2p solve FILE``: solve strict-phase positions, one JSON object a line.

Input line::

    {"trump": "H", "leader": 0, "hands": [["JH", "9S"], ["AS", "7H"]]}
    {"trump": "H", "leader": 0, "hands": [["JH"], ["AS", "7H"]], "lead": "9S"}

``lead`` is optional (a card the leader already put on the table; the leader then
holds one card fewer).  ``capot_for`` is optional: the seat (0 or 1) that has won
every trick so far, so the leader; the output then has ``"capot"``: true when that
seat can take every remaining trick against any defence (``value`` and ``best``
are unchanged: trick points, capot ignored).  Hands hold 1 to 9 cards.  Output, one line per input
line (blank lines skipped)::

    {"value": 30, "best": ["9S"]}
    {"value": 30, "best": ["AS"]}

``value``: the points seat 0 takes from the remaining tricks (card points and
the last trick's 10); ``best``: every optimal card of the player to move,
sorted by card.  An invalid line (bad JSON, not UTF-8, longer than 1 MiB...)
gives ``{"error": "line N: ..."}`` and the other lines are still solved; the
exit status is 2 if any line was invalid, else 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from ..ai.solver import can_capot, solve
from ..core.cards import CARDS, CardError, parse_card, parse_suit
from ..core.lines import BadLine, parse_json

KEYS = ("trump", "leader", "hands", "lead", "capot_for")
MAX_CARDS = 9


class PositionError(ValueError):
    """What is wrong with one input line."""


def _card(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise PositionError(f"{where}: a card must be text such as 'TS', not {json.dumps(text)}")
    try:
        return int(parse_card(text))
    except CardError:
        raise PositionError(
            f"{where}: unknown card {json.dumps(text)} "
            "(expected rank 7 8 9 T J Q K A then suit S H D C, e.g. 'TS')"
        ) from None


def parse_position(line: str) -> tuple[int, int, tuple[list[int], list[int]], int | None]:
    """(trump, leader, hands, lead) from one input line, or PositionError
    (``capot_for`` is checked here, read by ``wants_capot``)."""
    try:
        data = parse_json(line)
    except json.JSONDecodeError as exc:
        raise PositionError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    if not isinstance(data, dict):
        raise PositionError("expected a JSON object with keys trump, leader, hands (and lead)")
    for key in ("trump", "leader", "hands"):
        if key not in data:
            raise PositionError(f"missing key {json.dumps(key)}")
    extra = sorted(set(data) - set(KEYS))
    if extra:
        raise PositionError(f"unknown key {json.dumps(extra[0])} "
                            "(expected trump, leader, hands and optionally lead, capot_for)")

    trump_text = data["trump"]
    try:
        trump = parse_suit(trump_text)
    except CardError:
        raise PositionError(f"unknown trump {json.dumps(trump_text)} "
                            "(expected one of S, H, D, C)") from None

    leader = data["leader"]
    if type(leader) is not int or leader not in (0, 1):  # not 0.0, not false
        raise PositionError(f"leader must be 0 or 1, not {json.dumps(leader)}")

    raw_hands = data["hands"]
    if not (isinstance(raw_hands, list) and len(raw_hands) == 2
            and all(isinstance(h, list) for h in raw_hands)):
        raise PositionError("hands must be a list of two lists of cards")
    hands = ([_card(t, "hands[0]") for t in raw_hands[0]],
             [_card(t, "hands[1]") for t in raw_hands[1]])

    capot_for = data.get("capot_for")
    if capot_for is not None and (type(capot_for) is not int or capot_for != leader):
        raise PositionError(f"capot_for must be the leader ({leader}), the seat that has won every "
                            f"trick so far, not {json.dumps(capot_for)}")

    lead_text = data.get("lead")
    lead = None if lead_text is None else _card(lead_text, "lead")

    seen: dict[int, str] = {}
    for seat, hand in enumerate(hands):
        for c in hand:
            if c in seen:
                raise PositionError(f"duplicate card {CARDS[c]} (in {seen[c]} and hands[{seat}])")
            seen[c] = f"hands[{seat}]"
    if lead is not None and lead in seen:
        raise PositionError(f"lead card {CARDS[lead]} is also in {seen[lead]}")

    sizes = (len(hands[0]), len(hands[1]))
    follower = 1 - leader
    if lead is None:
        if sizes[0] != sizes[1]:
            raise PositionError(f"wrong sizes: the hands must hold as many cards each, "
                                f"got {sizes[0]} and {sizes[1]}")
        n = sizes[0]
    else:
        n = sizes[follower]
        if sizes[leader] != n - 1:
            raise PositionError(
                f"wrong sizes: with a lead card the leader (seat {leader}) must hold "
                f"one card fewer than seat {follower}, got {sizes[0]} and {sizes[1]}"
            )
    if not 1 <= n <= MAX_CARDS:
        which = " (the follower's hand, with a lead card)" if lead is not None else ""
        raise PositionError(f"wrong sizes: {n} cards a hand, expected 1 to {MAX_CARDS}{which}")
    return trump, leader, hands, lead


def wants_capot(line: str) -> bool:
    """Does a line that ``parse_position`` accepted ask whether its leader can make a capot?"""
    return parse_json(line).get("capot_for") is not None


def main(infile: Iterable[str | BadLine], out: TextIO) -> int:
    """Solve every line of ``infile`` (``lines.read_lines`` gives a ``BadLine``
    for one that cannot be read); 2 if any line was invalid, else 0."""
    status = 0
    for number, line in enumerate(infile, 1):
        if not isinstance(line, BadLine) and not line.strip():
            continue
        try:
            if isinstance(line, BadLine):
                raise PositionError(line.message)
            trump, leader, hands, lead = parse_position(line)
        except PositionError as exc:
            out.write(json.dumps({"error": f"line {number}: {exc}"}) + "\n")
            status = 2
            continue
        value, best = solve(trump, leader, hands, lead)
        answer: dict[str, Any] = {"value": value, "best": [str(CARDS[c]) for c in best]}
        if wants_capot(line):
            answer["capot"] = can_capot(trump, leader, hands, lead)
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return status
