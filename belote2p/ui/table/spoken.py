"""Where the hand stands, in words, on request (S): for a player who cannot
read the table, through a screen reader's speech or ``espeak-ng``.  Made from
the frame's ``TableState``, what the table shows, never the engine's future."""

from __future__ import annotations

import logging
import shutil
import subprocess

from ...core.cards import SUIT_SYMBOLS
from ...services.card_words import card_label
from ...services.i18n import _, current_language, format_number
from ..words import suit_name, taken_by
from .state import TableState

log = logging.getLogger(__name__)
SENTENCE = ". "


def table_words(s: TableState) -> str:
    """"Trump ♠ spades, taken by you. This hand: you 34, Rival 56 points. Match:
    you 0, Rival 162. Stock 6 · last draw after trick 8. Your cards: J♠, 9♠…"."""
    side = s.side
    you, rival = s.seat_names
    parts = []
    if s.trump is not None:
        taker = side.taker
        parts.append(_("Trump {suit} {name}, {taken}").format(
            suit=SUIT_SYMBOLS[s.trump], name=suit_name(s.trump),
            taken=taken_by(taker is not None and taker == s.you,
                           s.seat_names[taker] if taker is not None else "")))
    elif s.turned is not None:
        parts.append(_("Trump not chosen yet; the turned card is {card}").format(
            card=card_label(s.turned)))
    parts.append(_("This hand: {you} {a}, {rival} {b} points").format(
        you=you, rival=rival, a=format_number(side.points[0]), b=format_number(side.points[1])))
    parts.append(_("Match: {you} {a}, {rival} {b}").format(
        you=you, rival=rival, a=format_number(side.match_scores[0]),
        b=format_number(side.match_scores[1])))
    if s.stock_note is not None:
        parts.append(s.stock_note)
    cards = [hc.card for hc in s.hand]
    if cards:
        playable = [hc.card for hc in s.hand if not hc.dim]
        parts.append(_("Your cards: {cards}").format(cards=", ".join(map(card_label, cards))))
        if s.human_turn and len(playable) < len(cards):
            parts.append(_("You may play: {cards}").format(
                cards=", ".join(map(card_label, playable))))
    return SENTENCE.join(parts) + "."


def speak(text: str) -> bool:
    """Say ``text`` aloud with espeak-ng where it is installed, without waiting
    for it; False where there is nothing to speak with."""
    program = shutil.which("espeak-ng") or shutil.which("espeak")
    if program is None:
        return False
    try:
        subprocess.Popen([program, "-v", current_language(), text],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        log.warning("could not start %s", program, exc_info=True)
        return False
    return True
