"""Hints, reviews and the rating in words, in the player's language.

The AI layer hands over facts (``ai.hints.Hint`` with its ``Alternative`` and
``ContractOdds``; the review's ``CardVerdict`` and ``BidVerdict``); each
sentence here is one whole translatable message with placeholders, chosen by
case (who took, whether the other choice scores less or more), never glued
from fragments.  Card labels and suit symbols go in as they are (9♣, ♥).
No pygame: the table, the review screen and ``belote2p review --text`` share
these words.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from ..ai.hints import Hint
from ..ai.review import BidVerdict, CardVerdict
from ..core.actions import PASS, Bid
from ..core.cards import SUIT_SYMBOLS, Card
from .card_words import card_label, cards_label
from .i18n import _, current_language, format_number, ngettext
from .rating import Rating

REVIEW_MIN_LOSS = 5  # a card that gave away this much or more gets a sentence
SAME_WITHIN = 1.0  # points: a gap under this is "about the same"
BEST_SHOWN = 3  # best cards named in a review sentence (then "…")


def decimal(value: float) -> str:
    """An estimate, to one decimal, the language's way (3.2, 3,2)."""
    return format_decimal(round(value, 1), format="0.0", locale=current_language())


def in_ten(count: int, out_of: int) -> int:
    """``count`` of ``out_of`` as "about n in 10"."""
    return round(10 * count / out_of) if out_of else 0


# ------------------------------------------------------------------ hints
def hint_sentences(hint: Hint, seat: int) -> tuple[str, ...]:
    """Why level 4 chose what it chose, from ``seat``'s side: a line on the
    choice, then (in the card play) a line on the contract."""
    action = hint.action
    if isinstance(action, Bid):
        return (_bid_hint(hint, action),)
    lines = [_card_hint(hint, action)]
    if hint.contract is not None:
        lines.append(_contract_line(hint, seat))
    return tuple(lines)


def _bid_hint(hint: Hint, bid: Bid) -> str:
    odds = hint.contract
    if odds is None:  # nothing to take: only a pass was open
        return _("Hint: level 4 plays {card}").format(card=_("Pass"))
    suit = SUIT_SYMBOLS[odds.trump]
    n = in_ten(odds.made, odds.deals)
    if bid == PASS:
        return ngettext(
            "Pass: taking {suit}, level 4 would make the contract only about {n} time in 10",
            "Pass: taking {suit}, level 4 would make the contract only about {n} times in 10",
            n).format(suit=suit, n=format_number(n))
    if hint.key_cards:
        return ngettext(
            "Take {suit}: {cards} — taken this way, level 4 makes the contract about "
            "{n} time in 10",
            "Take {suit}: {cards} — taken this way, level 4 makes the contract about "
            "{n} times in 10", n).format(suit=suit, cards=cards_label(hint.key_cards),
                                         n=format_number(n))
    return ngettext(
        "Take {suit}: taken this way, level 4 makes the contract about {n} time in 10",
        "Take {suit}: taken this way, level 4 makes the contract about {n} times in 10",
        n).format(suit=suit, n=format_number(n))


def _card_hint(hint: Hint, card: Card) -> str:
    alt = hint.alternative
    if hint.exact:
        mine = dict(hint.points)[card]
        if alt is None:
            return _("Play {card}: {points} points with best play, whatever you play").format(
                card=card_label(card), points=format_number(mine))
        theirs = dict(hint.points).get(alt.action, mine) if isinstance(alt.action, Card) else mine
        return _("Play {card}: {points} points with best play, {other_points} with {other}").format(
            card=card_label(card), points=format_number(mine), other_points=format_number(theirs),
            other=_label(alt.action))
    if alt is None:
        return _("Play {card}: the other cards come to the same here").format(card=card_label(card))
    if abs(alt.gap) < SAME_WITHIN:
        return _("Play {card}: {other} scores about the same here (within a point)").format(
            card=card_label(card), other=_label(alt.action))
    if alt.gap < 0:
        return _("Play {card}: {other} shows about {points} points more this hand").format(
            card=card_label(card), other=_label(alt.action), points=decimal(-alt.gap))
    n = in_ten(alt.worse_on, alt.deals)
    return ngettext(
        "Play {card}: {other} scores less about {n} time in 10 (−{points} points on average)",
        "Play {card}: {other} scores less about {n} times in 10 (−{points} points on average)",
        n).format(card=card_label(card), other=_label(alt.action),
                                      n=format_number(n), points=decimal(alt.gap))


def _contract_line(hint: Hint, seat: int) -> str:
    odds = hint.contract
    assert odds is not None
    you_take = odds.taker == seat
    if hint.exact:
        made = odds.made > 0
        if you_take:
            return (_("With best play by both, you make the contract") if made else
                    _("Even with best play, your contract goes dedans"))
        return (_("With best play by both, the rival makes the contract") if made else
                _("With best play by both, the rival's contract goes dedans"))
    if you_take:
        n = in_ten(odds.made, odds.deals)
        return ngettext("With it, you make the contract about {n} time in 10",
                        "With it, you make the contract about {n} times in 10",
                        n).format(n=format_number(n))
    n = in_ten(odds.deals - odds.made, odds.deals)
    return ngettext("With it, the rival goes dedans about {n} time in 10",
                    "With it, the rival goes dedans about {n} times in 10",
                    n).format(n=format_number(n))


def _label(action: object) -> str:
    return card_label(action) if isinstance(action, Card) else str(action)


# ------------------------------------------------------------------ reviews
def card_review_sentence(v: CardVerdict, you: bool) -> str | None:
    """One sentence for a card that gave away ``REVIEW_MIN_LOSS`` points or
    more: what the best card would have kept.  None for a smaller loss."""
    if v.loss < REVIEW_MIN_LOSS or not v.best:
        return None
    best = cards_label(v.best[:BEST_SHOWN], ", ") + ("…" if len(v.best) > BEST_SHOWN
                                                              else "")
    if v.exact:
        n = int(v.loss)
        if you:
            text = ngettext("With {best} you would have kept {n} more point, with best play: +{n}",
                            "With {best} you would have kept {n} more points, with best play: "
                            "+{n}", n)
        else:
            text = ngettext(
                "With {best} the rival would have kept {n} more point, with best play: +{n}",
                "With {best} the rival would have kept {n} more points, with best play: +{n}", n)
        return text.format(best=best, n=format_number(n))
    if you:
        text = _("With {best} you would have kept about {points} more points, on the deals "
                 "sampled")
    else:
        text = _("With {best} the rival would have kept about {points} more points, on the "
                 "deals sampled")
    return text.format(best=best, points=decimal(v.loss))


def bid_review_sentence(v: BidVerdict, you: bool, turned_suit: int) -> str:
    """One sentence a bid: the word said against the best other word (its
    estimated value: the mean score difference of the hand)."""
    values = dict(v.values)
    said = values[v.bid]
    if v.was_best:
        others = [(x, b) for b, x in v.values if b != v.bid]
        if not others:
            return (_("You had only one word to say") if you else
                    _("The rival had only one word to say"))
        value, other = max(others, key=lambda o: (o[0], str(o[1])))
        gap = decimal(said - value)
        if v.bid == PASS:
            suit = _suit(other, turned_suit)
            return (_("You passed: taking {suit} was worth about {points} points less").format(
                suit=suit, points=gap) if you else
                _("The rival passed: taking {suit} was worth about {points} points less to it")
                .format(suit=suit, points=gap))
        suit = _suit(v.bid, turned_suit)
        if other == PASS:
            return (_("You took {suit}: about {points} points better than passing").format(
                suit=suit, points=gap) if you else
                _("The rival took {suit}: about {points} points better for it than passing")
                .format(suit=suit, points=gap))
        return (_("You took {suit}: about {points} points better than taking {other}").format(
            suit=suit, points=gap, other=_suit(other, turned_suit)) if you else
            _("The rival took {suit}: about {points} points better for it than taking {other}")
            .format(suit=suit, points=gap, other=_suit(other, turned_suit)))
    best = v.best[0]
    gap = decimal(v.loss)
    if best == PASS:
        return (_("Passing would have been about {points} points better for you").format(
            points=gap) if you else
            _("Passing would have been about {points} points better for the rival").format(
            points=gap))
    suit = _suit(best, turned_suit)
    return (_("Taking {suit} would have been about {points} points better for you").format(
        suit=suit, points=gap) if you else
        _("Taking {suit} would have been about {points} points better for the rival").format(
        suit=suit, points=gap))


def _suit(bid: Bid, turned_suit: int) -> str:
    """The trump suit a take makes: the turned card's for ``take``, else the named one."""
    return SUIT_SYMBOLS[bid.trump(turned_suit)]


# ------------------------------------------------------------------ rating
def rating_line(rating: Rating) -> str:
    """"Your rating 1480 ± 60 · between levels 2 and 3", or how many matches
    it still waits for."""
    from .rating import MIN_MATCHES

    if rating.value is None:
        n = rating.matches
        return ngettext("Your rating shows after {need} scored matches ({n} played so far)",
                        "Your rating shows after {need} scored matches ({n} played so far)",
                        n).format(need=format_number(MIN_MATCHES), n=format_number(n))
    value, interval = format_number(rating.value), format_number(rating.interval or 0)
    low, high = rating.between
    if low is None:
        return _("Your rating {value} ± {interval} · below level 1").format(
            value=value, interval=interval)
    if high is None:
        return _("Your rating {value} ± {interval} · above level 4").format(
            value=value, interval=interval)
    return _("Your rating {value} ± {interval} · between levels {low} and {high}").format(
        value=value, interval=interval, low=format_number(low), high=format_number(high))
