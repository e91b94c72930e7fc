"""Replay one deal of a run at the practice table (issue #19).

A run is its seed plus its actions (``match.Run``), so the deal of match M,
hand H is replayed exactly by rebuilding the run from its seed with every
action *before* that hand's first: the same cards are dealt (``deck_for``),
the match stands at the same score, the rival is at the same level, and it
decides by the same rule (``services.rival``: its seed, its seat and the
action's index are the same), so a player who plays as before sees the rival
answer as before.  What differs is only what the player now does.

Only a finished run may be replayed: its seed is public then (the fairness
commitment is opened), while a run in progress would let the practice table
deal its future hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import parse_action
from ..core.match import PLAYER, RIVAL, Run


class NotReplayable(ValueError):
    """No such finished hand in the run (or the run cannot be replayed)."""


@dataclass(frozen=True)
class DealReplay:
    """Where a replay starts and what it is compared with."""

    seed: str
    match: int  # 0-based, as in Match(seed, index)
    hand: int  # 0-based within the match
    prefix: tuple[str, ...]  # the run's actions before the hand's first
    level: int  # the rival's level in that match
    original: tuple[int, int]  # the hand as it was played: (player, rival) scores

    def start(self) -> Run:
        """The run at the very start of the deal, ready for the practice table."""
        return Run.replay(self.seed, list(self.prefix))

    def result(self, actions: list[str]) -> tuple[int, int] | None:
        """The replayed hand's (player, rival) scores once it is over in a run
        that began with ``prefix`` and went on with ``actions``; None before.
        (An undo past the deal's start is not offered: see ``floor``.)"""
        if tuple(actions[:len(self.prefix)]) != self.prefix:
            return None
        return _hand_scores(self.seed, actions, self.match, self.hand)

    @property
    def floor(self) -> int:
        """The actions an undo must keep: the deal's start."""
        return len(self.prefix)


def deal_replay(seed: str, actions: tuple[str, ...] | list[str], match: int,
                hand: int) -> DealReplay:
    """The replay of hand ``hand`` of match ``match`` (both 0-based) of the run
    ``seed`` + ``actions``; ``NotReplayable`` if that hand was not finished."""
    run = Run(seed)
    prefix: tuple[str, ...] | None = None
    level = 0
    for i, word in enumerate(actions):
        if prefix is None and _at_start(run, match, hand):
            prefix, level = tuple(actions[:i]), run.rival_level
        try:
            run.apply(parse_action(word))
        except ValueError as exc:  # a damaged run: say so rather than replay nonsense
            raise NotReplayable(f"action {i + 1} of the run cannot be replayed: {exc}") from None
    scores = _hand_scores(seed, list(actions), match, hand)
    if prefix is None or scores is None:
        raise NotReplayable(f"match {match + 1} hand {hand + 1} was not played to its end")
    return DealReplay(str(seed), match, hand, prefix, level, scores)


def _at_start(run: Run, match: int, hand: int) -> bool:
    m = run.match
    return (not run.over and m.match_index == match and len(m.hands) == hand + 1
            and not m.hand.actions and m.hand.deal_number == 1)


def _hand_scores(seed: str, actions: list[str], match: int,
                 hand: int) -> tuple[int, int] | None:
    """(player, rival) scores of that hand, if ``actions`` finish it."""
    run = Run(seed)
    for word in actions:
        m = run.match
        try:
            run.apply(parse_action(word))
        except ValueError:
            return None
        if m.match_index == match and len(m.hand_scores) > hand:
            score = m.hand_scores[hand].scores
            return score[PLAYER], score[RIVAL]
    return None
