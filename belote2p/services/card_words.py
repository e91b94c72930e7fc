"""The cards as a player of the current language reads them: ``R♥`` in French,
``K♥`` in English, Portuguese and Spanish.

The letters of the jack, queen, king and ace are messages of the catalogues
(context ``card rank``), so a language's letters are data its translator
fills in, checked complete like every other message; docs/TRANSLATING.md says
which letters each language uses and why.  The ranks 7 to 10 are figures in
every language.  The record's notation (``7 8 9 T J Q K A``, ``TS``) is data,
not words, and never changes with the language (``cards.RANKS``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..core.cards import ACE, JACK, KING, QUEEN, RANK_NAMES, SUIT_SYMBOLS, Card
from .i18n import current_language, translator


@lru_cache(maxsize=8)
def _letters(language: str) -> tuple[str, ...]:
    """The eight ranks' marks in ``language`` (the catalogue is looked up when
    the language is first asked, then remembered)."""
    tr = translator(language)
    marks = list(RANK_NAMES)
    # (the context a literal in each call: Babel extracts only literals)
    # TRANSLATORS: the letters printed in the corner of a French-suited card
    # where your players read them (French: V, D, R, A); keep each one short
    marks[JACK] = tr.pgettext("card rank", "J")
    marks[QUEEN] = tr.pgettext("card rank", "Q")
    marks[KING] = tr.pgettext("card rank", "K")
    marks[ACE] = tr.pgettext("card rank", "A")
    return tuple(marks)


def rank_letter(rank: int, language: str | None = None) -> str:
    """A rank (0 = 7 ... 7 = ace) as printed on the card: ``10``, ``V``, ``R``...
    (in ``language``, else the current one)."""
    return _letters(language or current_language())[rank]


def card_label(card: Card, language: str | None = None) -> str:
    """A card for people, in ``language`` (else the current one): ``10♥``, ``V♠`` (French)."""
    return rank_letter(card.rank, language) + SUIT_SYMBOLS[card.suit]


def cards_label(cards: Iterable[Card], sep: str = " ", language: str | None = None) -> str:
    """Several cards for people, ``sep`` between them."""
    return sep.join(card_label(card, language) for card in cards)
