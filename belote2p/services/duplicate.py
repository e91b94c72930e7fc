"""Level 4 in your seat: a finished hand of a run played again, the same deal,
with level 4 deciding for the player (issue #32).

A run is its seed plus its actions, so the deal is replayed exactly by
rebuilding the run from its seed up to the hand's first action
(``deal_replay``): the same deck, the same dealer, the match at the same
score, the same rival level.  From there level 4 decides the player's bids and
cards by autoplay's rule (``rival.player_decision``: a fresh level-4 player
seeded by the run seed and the action's index) and the rival decides by its
own rule (``rival.rival_action``), as in the game; a redeal takes the run's
next deck (``match.deck_for``).  So a run that ``autoplay --level 4`` played
is its own duplicate: every hand's difference is exactly 0.

Only finished hands are compared: every card is public then, and nothing the
table shows during a hand is computed from this module (a test checks it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.actions import Bid, Phase, parse_action
from ..core.cards import DECK_POINTS
from ..core.hand import TRICKS_PER_HAND, Hand
from ..core.match import PLAYER, RIVAL, Run
from ..core.rules import score_hand
from ..core.view import view_of
from .deal_replay import deal_replay
from .rival import (
    Levels,
    game_levels,
    levels_digest,
    player_decision,
    rival_action,
    rival_decision,
)

# The level whose play is the yardstick (the strongest, the one the hints use).
YARDSTICK_LEVEL = 4


def yardstick(levels: Levels | None = None) -> str:
    """The version of the comparison, kept with each difference (the store's
    ``hand_skill``): level 4's rival version and the level data's digest
    (the rival's levels decide the other seat), so a hand compared by an
    earlier level 4 is never mixed with one compared by a later."""
    levels = game_levels() if levels is None else levels
    return f"{levels[YARDSTICK_LEVEL].rival_version}:{levels_digest(levels)[:16]}"

Scores = tuple[int, int]  # (player, rival) points of one hand


@dataclass(frozen=True)
class Parting:
    """Where the two lines of play first differ."""

    index: int  # the action's place within the hand, from 0
    trick: int | None  # the trick it falls in, from 0; None: during the bidding
    yours: str  # the action played, as a record word
    level4: str  # level 4's action there


@dataclass(frozen=True)
class Duplicate:
    """One hand as played and as level 4 played it in the player's seat."""

    match: int | None  # 0-based; None: a hand record, known without its run
    hand: int | None  # 0-based within the match
    yours: Scores
    level4: Scores
    your_line: tuple[str, ...]  # the hand's actions as played (redeals' passes included)
    level4_line: tuple[str, ...]

    @property
    def difference(self) -> int:
        """Your points minus level 4's, from your seat: the hand's skill figure."""
        return self.yours[PLAYER] - self.level4[PLAYER]

    @property
    def rival_difference(self) -> int:
        """The rival's points against you minus its points against level 4."""
        return self.yours[RIVAL] - self.level4[RIVAL]

    @property
    def parting(self) -> Parting | None:
        """The first place the lines part; None when they are the same."""
        for index, (mine, theirs) in enumerate(zip(self.your_line, self.level4_line)):
            if mine != theirs:
                return Parting(index, _trick_of(self.your_line, index), mine, theirs)
        return None

    def as_json(self) -> dict[str, object]:
        parting = self.parting
        return {"match": _one_based(self.match), "hand": _one_based(self.hand),
                "yours": list(self.yours), "level4": list(self.level4),
                "difference": self.difference, "rival_difference": self.rival_difference,
                "parting": None if parting is None else {
                    "index": parting.index, "trick": _one_based(parting.trick),
                    "yours": parting.yours, "level4": parting.level4}}


@dataclass(frozen=True)
class LineRow:
    """One row of the two lines side by side: the bidding, then a trick."""

    trick: int | None  # from 0; None: the bidding (every deal's bids)
    yours: tuple[str, ...]  # record words, in the order played
    level4: tuple[str, ...]
    parts_here: bool  # the first place the lines part is in this row


def side_by_side(compared: Duplicate) -> list[LineRow]:
    """Both lines of play, the bidding then trick by trick, for the review;
    a line that has fewer tricks (a hand ended early) has empty rows."""
    yours, level4 = _rows(compared.your_line), _rows(compared.level4_line)
    parting = compared.parting
    parted_trick = None if parting is None else parting.trick
    rows = []
    for index in range(max(len(yours), len(level4))):
        trick = None if index == 0 else index - 1
        rows.append(LineRow(trick, _at(yours, index), _at(level4, index),
                            parting is not None and trick == parted_trick))
    return rows


def _rows(line: Sequence[str]) -> list[tuple[str, ...]]:
    """The bids, then each trick's two cards."""
    bids = tuple(w for w in line if isinstance(parse_action(w), Bid))
    cards = [w for w in line if not isinstance(parse_action(w), Bid)]
    return [bids, *(tuple(cards[i:i + 2]) for i in range(0, len(cards), 2))]


def _at(rows: list[tuple[str, ...]], index: int) -> tuple[str, ...]:
    return rows[index] if index < len(rows) else ()


def _one_based(number: int | None) -> int | None:
    return None if number is None else number + 1


def _trick_of(line: Sequence[str], index: int) -> int | None:
    """The trick the action at ``index`` falls in, from 0; None for a bid.  (The
    lines agree before it, so both are in the same phase there.)"""
    if isinstance(parse_action(line[index]), Bid):
        return None
    return sum(1 for word in line[:index] if not isinstance(parse_action(word), Bid)) // 2


def duplicate_hand(seed: str, actions: Sequence[str], match: int, hand: int,
                   levels: Levels | None = None) -> Duplicate:
    """Hand ``hand`` of match ``match`` (0-based) of the finished run
    ``seed`` + ``actions``, played again with level 4 in the player's seat;
    ``deal_replay.NotReplayable`` if that hand was not finished."""
    levels = game_levels() if levels is None else levels
    replay = deal_replay(seed, tuple(actions), match, hand)
    start = len(replay.prefix)
    your_line = _hand_line(replay.seed, list(actions), start, match, hand)
    run = replay.start()
    level4 = _play_level4(run, replay.seed, levels)
    return Duplicate(match, hand, replay.original, level4,
                     your_line, tuple(run.actions[start:]))


def _play_level4(run: Run, seed: str, levels: Levels) -> Scores:
    """Play ``run``'s hand in progress to its end, level 4 in the player's seat."""
    current = run.match
    hands_done = len(current.hand_scores)
    while len(current.hand_scores) == hands_done:
        if run.match.to_move == PLAYER:
            action = player_decision(run.match.view(PLAYER), YARDSTICK_LEVEL, seed,
                                     len(run.actions), levels)
        else:
            action = rival_action(run, levels)
        run.apply(action)
    scores = current.hand_scores[hands_done].scores
    return scores[PLAYER], scores[RIVAL]


def _hand_line(seed: str, actions: list[str], start: int, match: int,
               hand: int) -> tuple[str, ...]:
    """The actions of that hand as played, from its first (``start``) to its last."""
    run = Run.replay(seed, actions[:start])
    current = run.match
    for word in actions[start:]:
        run.apply(parse_action(word))
        if len(current.hand_scores) > hand:
            break
    return tuple(run.actions[start:])


def finished_hands(seed: str, actions: Sequence[str]) -> Iterator[tuple[int, int]]:
    """``(match, hand)`` of every hand the run finished, in order (0-based)."""
    run = Run(seed)
    for word in actions:
        current = run.match
        done = len(current.hand_scores)
        run.apply(parse_action(word))
        if len(current.hand_scores) > done:
            yield current.match_index, done


def run_duplicates(seed: str, actions: Sequence[str],
                   levels: Levels | None = None) -> list[Duplicate]:
    """Every finished hand of the run, with level 4 in the player's seat."""
    return [duplicate_hand(seed, actions, match, hand, levels)
            for match, hand in finished_hands(seed, actions)]


def conceded_scores(hand: Hand) -> Scores:
    """(player, rival) points of an unfinished hand whose remaining tricks all go
    to the rival (a run closed mid-hand: nothing is gained by leaving).  Before
    any contract the player scores nothing."""
    if hand.taker is None:
        return 0, 0
    mine, tricks = hand.card_points[PLAYER], hand.tricks_won[PLAYER]
    score = score_hand(hand.taker, (mine, DECK_POINTS - mine), RIVAL,
                       (tricks, TRICKS_PER_HAND - tricks), hand.belote)
    return score.scores[PLAYER], score.scores[RIVAL]


def duplicate_unfinished(seed: str, actions: Sequence[str],
                         levels: Levels | None = None) -> Duplicate | None:
    """The run's hand in progress (the run stopped mid-hand: a world-daily run
    closed at midnight), its remaining tricks conceded to the rival
    (``conceded_scores``), against level 4 playing it whole in the player's
    seat; None if no hand was begun."""
    levels = game_levels() if levels is None else levels
    run = Run(seed)
    start = None
    for index, word in enumerate(actions):
        if not run.match.hand.actions:
            start = index
        run.apply(parse_action(word))
    hand = run.match.hand
    if start is None or run.over or not hand.actions or hand.phase is Phase.DONE:
        return None
    match, number = run.match.match_index, len(run.match.hand_scores)
    again = Run.replay(seed, list(actions[:start]))
    level4 = _play_level4(again, seed, levels)
    return Duplicate(match, number, conceded_scores(hand), level4,
                     tuple(actions[start:]), tuple(again.actions[start:]))


# -- a hand record, known without its run ---------------------------------------

class MissingDeal(ValueError):
    """Level 4's line needs a redeal whose deck the record does not hold."""


def duplicate_record(hand: Hand, seed: str, rival_level: int,
                     levels: Levels | None = None) -> Duplicate:
    """A finished hand record (``record.replay_hand``) played again from its
    first deck with level 4 in the player's seat (seat 0).  A record holds no
    run, so the rival's rule cannot be re-run: while the lines agree seat 1
    plays as recorded (so they first part on a decision of seat 0's), after
    that it decides by its rule (``rival.rival_decision``) at the level and
    seed given (``review --rival-level``, ``--seed``), the action's index its
    place in the hand.  A redeal takes the record's next deck (``MissingDeal``
    if it holds none)."""
    levels = game_levels() if levels is None else levels
    again = Hand(hand.dealer, hand.decks[0])
    while again.phase is not Phase.DONE:
        if again.phase is Phase.REDEAL:
            if again.deal_number >= len(hand.decks):
                raise MissingDeal(f"level 4's line needs deal {again.deal_number + 1}, "
                                  f"and the record holds {len(hand.decks)} deck(s)")
            again.redeal(hand.decks[again.deal_number])
            continue
        seat = again.to_move
        assert seat is not None  # a hand not over has a seat to move
        view, index = view_of(again, seat), len(again.actions)
        if seat == PLAYER:
            action = player_decision(view, YARDSTICK_LEVEL, seed, index, levels)
        elif again.actions == hand.actions[:index]:  # the lines agree: as recorded
            action = hand.actions[index]
        else:
            action = rival_decision(view, rival_level, seed, index, levels)
        again.apply(action)
    played, replayed = hand.score().scores, again.score().scores
    return Duplicate(None, None, (played[PLAYER], played[RIVAL]),
                     (replayed[PLAYER], replayed[RIVAL]),
                     tuple(str(a) for a in hand.actions), tuple(str(a) for a in again.actions))
