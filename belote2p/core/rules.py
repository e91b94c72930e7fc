"""The rules of play that do not depend on a hand's history: who wins a trick,
which cards the follower may play, and how a finished hand is scored.
Everything here is a pure function; ``hand.py`` applies them move by move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .actions import HandResult, Refusal, RefusalCode
from .cards import (
    BELOTE_BONUS,
    CAPOT_POINTS,
    HAND_POINTS,
    LAST_TRICK_BONUS,
    PLAIN_STRENGTH,
    TRUMP_STRENGTH,
)

# Card or plain int: legal_follows hands back elements of the hand it was given.
CardT = TypeVar("CardT", bound=int)


def trick_winner(lead: int, follow: int, trump: int) -> int:
    """0 if the leader's card wins, 1 if the follower's does."""
    lead_suit, follow_suit = lead >> 3, follow >> 3
    if follow_suit == lead_suit:
        table = TRUMP_STRENGTH if lead_suit == trump else PLAIN_STRENGTH
        return 1 if table[follow & 7] > table[lead & 7] else 0
    return 1 if follow_suit == trump else 0


def legal_follows(hand: Sequence[CardT], lead: int, trump: int) -> list[CardT]:
    """The cards the follower may play in strict play (tricks 8-16)."""
    lead_suit = lead >> 3
    same = [c for c in hand if c >> 3 == lead_suit]
    if lead_suit == trump:
        if not same:
            return list(hand)
        floor = TRUMP_STRENGTH[lead & 7]
        higher = [c for c in same if TRUMP_STRENGTH[c & 7] > floor]
        return higher or same
    if same:
        return same
    trumps = [c for c in hand if c >> 3 == trump]
    return trumps or list(hand)


def refusal_to_follow(hand: Sequence[int], lead: int, trump: int, played: int) -> Refusal:
    """Why ``played`` may not follow ``lead`` in strict play (it is not in ``legal_follows``)."""
    lead_suit = lead >> 3
    has_lead_suit = any(c >> 3 == lead_suit for c in hand)
    if lead_suit == trump:
        floor = TRUMP_STRENGTH[lead & 7]
        if played >> 3 == trump or any(
            c >> 3 == trump and TRUMP_STRENGTH[c & 7] > floor for c in hand
        ):
            return Refusal(RefusalCode.MUST_OVERTRUMP)
        return Refusal(RefusalCode.MUST_PLAY_TRUMP, suit=trump)
    if has_lead_suit:
        return Refusal(RefusalCode.MUST_FOLLOW, suit=lead_suit)
    return Refusal(RefusalCode.MUST_TRUMP, suit=trump)


@dataclass(frozen=True)
class HandScore:
    """How a finished hand is scored (RULES.md, 'Scoring a hand')."""

    taker: int
    trick_points: tuple[int, int]  # card points + last trick's 10 (252/0 on a capot)
    belote: int | None  # the seat that scored belote/rebelote
    capot: int | None  # the seat that won all 16 tricks
    totals: tuple[int, int]  # trick points + belote
    result: HandResult
    scores: tuple[int, int]  # what each seat scores for the hand

    @property
    def belote_points(self) -> tuple[int, int]:
        return (BELOTE_BONUS if self.belote == 0 else 0, BELOTE_BONUS if self.belote == 1 else 0)


def score_hand(
    taker: int, card_points: Sequence[int], last_trick_winner: int,
    tricks_won: Sequence[int], belote: int | None,
) -> HandScore:
    """Score a hand from what each seat won (card points exclude the last-trick 10)."""
    capot = next((s for s in (0, 1) if tricks_won[s] == 16), None)
    if capot is not None:
        trick_points = [0, 0]
        trick_points[capot] = CAPOT_POINTS
    else:
        trick_points = list(card_points)
        trick_points[last_trick_winner] += LAST_TRICK_BONUS
    bonus = [BELOTE_BONUS if belote == s else 0 for s in (0, 1)]
    totals = (trick_points[0] + bonus[0], trick_points[1] + bonus[1])
    defender = 1 - taker
    if totals[taker] > totals[defender]:
        result, scores = HandResult.MADE, totals
    elif totals[taker] == totals[defender]:
        result, scores = HandResult.TIE, totals
    else:
        result = HandResult.DEDANS
        won = CAPOT_POINTS if capot == defender else HAND_POINTS
        pair = [0, 0]
        pair[defender] = won + bonus[defender]
        pair[taker] = bonus[taker]
        scores = (pair[0], pair[1])
    return HandScore(
        taker=taker, trick_points=(trick_points[0], trick_points[1]), belote=belote,
        capot=capot, totals=totals, result=result, scores=scores,
    )
