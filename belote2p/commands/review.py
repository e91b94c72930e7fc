"""``belote2p review FILE|-``: one JSON line of verdicts per hand record,
or with ``--text`` the review in sentences of the player's language."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from ..ai.review.engine import DEFAULT_SAMPLES, MAX_SAMPLES, ReviewSettings, review_hand
from ..core.hand import Hand
from ..core.lines import BadLine, parse_json
from ..core.printable import printable_json
from ..core.record import RecordError, replay_hand
from ..services.i18n import _, format_number
from ..services.review_text import review_text

if TYPE_CHECKING:
    from ..services.duplicate import Duplicate


def hand_of_line(line: str | BadLine) -> Hand | str:
    """One input line -> the hand of its record, or why not (the ``replay`` wording)."""
    if isinstance(line, BadLine):
        return line.message
    try:
        record = parse_json(line)
    except json.JSONDecodeError as exc:
        return f"not valid JSON: {exc.msg} at column {exc.colno}"
    except ValueError as exc:  # nested too deeply, a number too long
        return str(exc)
    try:
        return replay_hand(record)
    except RecordError as exc:
        return str(exc)


def review_line(line: str | BadLine, settings: ReviewSettings) -> dict[str, Any]:
    """One input line -> its review, or ``{"error": ...}``."""
    hand = hand_of_line(line)
    if isinstance(hand, str):
        return {"error": hand}
    return review_hand(hand, settings).as_json(settings.with_bids)


def review_stream(lines: Iterable[str | BadLine], out: TextIO, settings: ReviewSettings) -> int:
    """Review every non-blank line (``lines.read_lines`` gives a ``BadLine`` for one
    that cannot be read); returns 2 if any record was invalid, else 0."""
    status = 0
    for line in lines:
        if not isinstance(line, BadLine) and not line.strip():
            continue
        result = review_line(line, settings)
        if "error" in result:
            status = 2
        out.write(printable_json(json.dumps(result, ensure_ascii=False)) + "\n")
        out.flush()  # a reader sees each hand as soon as it is judged
    return status


def settings_of(args: argparse.Namespace, with_bids: bool = False) -> ReviewSettings | None:
    """The command's settings, or None after one line on stderr (a bad --samples)."""
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if not 1 <= samples <= MAX_SAMPLES:
        print(f"belote2p review: --samples must be 1-{MAX_SAMPLES}, not {samples}", file=sys.stderr)
        return None
    return ReviewSettings(samples=samples, seed=args.seed, with_bids=args.bids or with_bids)


def main(args: argparse.Namespace, stream: Iterable[str | BadLine], out: TextIO) -> int:
    settings = settings_of(args)
    return 2 if settings is None else review_stream(stream, out, settings)


# -- review --text -------------------------------------------------------------

def review_text_stream(lines: Iterable[str | BadLine], out: TextIO,
                       settings: ReviewSettings) -> int:
    """Every non-blank line reviewed and worded (``services.review_text``).  A
    line that is not a hand record prints one sentence on stderr naming the
    line and why (the JSON output's ``error`` text) and makes the exit status
    2; the others go on."""
    status = 0
    number = 0
    for number, line in enumerate(lines, 1):
        if not isinstance(line, BadLine) and not line.strip():
            continue
        hand = hand_of_line(line)
        if isinstance(hand, str):
            print(_("line {n}: {error}").format(n=format_number(number), error=hand),
                  file=sys.stderr)
            status = 2
            continue
        out.write("\n".join(review_text(hand, review_hand(hand, settings))) + "\n")
        out.flush()
    return status


def text_main(args: argparse.Namespace, stream: Iterable[str | BadLine], out: TextIO) -> int:
    """``belote2p review FILE --text`` (the bids judged too)."""
    settings = settings_of(args, with_bids=True)
    return 2 if settings is None else review_text_stream(stream, out, settings)


# -- review --duplicate -----------------------------------------------------------

def duplicate_main(args: argparse.Namespace, stream: Iterable[str | BadLine],
                   out: TextIO) -> int:
    """``belote2p review FILE --duplicate``: a line a record, the hand as played
    and with level 4 in seat 0 (``services.duplicate.duplicate_record``), then a
    last line with the skill figure over them (``services.skill``)."""
    from ..services.skill import skill_of

    status, differences = 0, []
    for line in stream:
        if not isinstance(line, BadLine) and not line.strip():
            continue
        compared = _duplicate_of(hand_of_line(line), args)
        if isinstance(compared, str):
            status = 2
            out.write(printable_json(json.dumps({"error": compared}, ensure_ascii=False))
                      + "\n")
            continue
        differences.append(compared.difference)
        out.write(json.dumps({"duplicate": compared.as_json()}) + "\n")
        out.flush()
    out.write(json.dumps({"skill": skill_of(differences).as_json()}) + "\n")
    return status


def _duplicate_of(hand: Hand | str, args: argparse.Namespace) -> Duplicate | str:
    """The record's hand compared with level 4's, or why not."""
    from ..services.duplicate import MissingDeal, duplicate_record

    if isinstance(hand, str):
        return hand
    try:
        return duplicate_record(hand, args.seed, args.rival_level)
    except MissingDeal as exc:
        return str(exc)
