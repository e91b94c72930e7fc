"""``belote2p review FILE --text``: a hand review in sentences, in the player's
language (the review screen's words, ``services.advice_text``).

Seat 0 is "you" and seat 1 "the rival", as in the game's hand records.  The
bids are always judged here, as on the screen.  A line that is not a hand
record prints one sentence on stderr naming the line and why (the JSON
output's ``error`` text) and makes the exit status 2; the others go on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TextIO

from ..ai.review import HandReview
from ..ai.review.command import hand_of_line, settings_of
from ..ai.review.engine import ReviewSettings, review_hand
from ..cards import SUIT_SYMBOLS
from ..hand import Hand
from ..lines import BadLine
from .advice_text import bid_review_sentence, card_review_sentence
from .i18n import _, format_number

YOU = 0


def review_text(hand: Hand, review: HandReview) -> list[str]:
    """The sentences of one reviewed hand: the contract, each bid, each card
    that gave away 5 points or more (both seats), in play order."""
    assert hand.trump is not None and hand.taker is not None  # a reviewed hand was played
    suit = SUIT_SYMBOLS[hand.trump]
    lines = [_("Trumps {suit}, taken by you").format(suit=suit) if hand.taker == YOU else
             _("Trumps {suit}, taken by {name}").format(suit=suit, name=_("Rival"))]
    for v in review.bids:
        lines.append("  " + bid_review_sentence(v, v.seat == YOU, hand.turned.suit))
    for d in review.decisions:
        sentence = card_review_sentence(d, d.seat == YOU)
        if sentence is None:
            continue
        head = (_("Trick {n}: you played {card}") if d.seat == YOU else
                _("Trick {n}: the rival played {card}")).format(n=format_number(d.trick),
                                                                card=d.card.label)
        lines.append(f"  {head} — {sentence}")
    return lines


def review_text_stream(lines: Iterable[str | BadLine], out: TextIO,
                       settings: ReviewSettings) -> int:
    """Every non-blank line reviewed and worded; 2 if any line was no record."""
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



def main(args: argparse.Namespace, stream: Iterable[str | BadLine], out: TextIO) -> int:
    """``belote2p review FILE --text`` (the bids judged too)."""
    settings = settings_of(args, with_bids=True)
    return 2 if settings is None else review_text_stream(stream, out, settings)
