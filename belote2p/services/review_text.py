"""A hand review in sentences, in the player's language (the review screen's
words, ``services.advice_text``), for ``belote2p review FILE --text``
(``commands.review``).

Seat 0 is "you" and seat 1 "the rival", as in the game's hand records.  The
command judges the bids too, as the screen does.
"""

from __future__ import annotations

from ..ai.review import HandReview
from ..core.cards import SUIT_SYMBOLS
from ..core.hand import Hand
from ..core.match import PLAYER
from .advice_text import bid_review_sentence, card_review_sentence
from .card_words import card_label
from .i18n import _, format_number


def review_text(hand: Hand, review: HandReview) -> list[str]:
    """The sentences of one reviewed hand: the contract, each bid, each card
    that gave away 5 points or more (both seats), in play order."""
    assert hand.trump is not None and hand.taker is not None  # a reviewed hand was played
    suit = SUIT_SYMBOLS[hand.trump]
    lines = [_("Trumps {suit}, taken by you").format(suit=suit) if hand.taker == PLAYER else
             _("Trumps {suit}, taken by {name}").format(suit=suit, name=_("Rival"))]
    for v in review.bids:
        lines.append("  " + bid_review_sentence(v, v.seat == PLAYER, hand.turned.suit))
    for d in review.decisions:
        sentence = card_review_sentence(d, d.seat == PLAYER)
        if sentence is None:
            continue
        head = (_("Trick {n}: you played {card}") if d.seat == PLAYER else
                _("Trick {n}: the rival played {card}")).format(n=format_number(d.trick),
                                                                card=card_label(d.card))
        lines.append(f"  {head} — {sentence}")
    return lines
