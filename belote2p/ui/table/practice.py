"""The practice table's extras (issue #13): Hint, Undo and the rival's cards
face up.  They exist only on a practice table: a scored table has no
``Practice`` object, so its keys do nothing there.

A hint is computed in the worker (``ai.hints``: level 4 from the player's
view only); the table shows a "thinking" sign until it arrives.  Undo
rebuilds the run from its seed and its actions up to (not including) the
player's last card: the rival's answer goes too and is decided again, the
same way, by the rival rule.

A practice table may also replay one deal of a finished run
(``services.deal_replay``): it starts at that deal with the rival's level
of then, says so in its box, keeps undo inside the deal, and once the deal is
over shows both results, the hand as it was played and as it was replayed.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

from ...ai.hints import Hint
from ...core.actions import Bid, parse_action
from ...core.cards import Card
from ...core.match import PLAYER, Run
from ...services.advice_text import hint_sentences
from ...services.deal_replay import DealReplay
from ...services.i18n import _, format_number, ngettext
from ..worker import AIWorker


@dataclass(frozen=True)
class PracticeState:
    """What the practice extras show this frame."""

    level: int
    hinted: Card | None  # level 4's card, marked in the player's hand
    lines: tuple[str, ...]  # the hint box's lines (empty: no box)
    figures: tuple[tuple[Card, str], ...]  # each legal card's expected points, shown above it
    thinking: bool  # a hint is being worked out
    hinted_bid: Bid | None = None  # level 4's bid, its button marked


class Practice:
    def __init__(self, level: int | DealReplay, worker: AIWorker):
        # a DealReplay: the deal of a finished run, at the rival's level of then
        self.replay = level if isinstance(level, DealReplay) else None
        self.level = level.level if isinstance(level, DealReplay) else level
        self.worker = worker
        self._replayed: tuple[int, tuple[int, int] | None] = (-1, None)  # (actions, result)
        self.face_up = False
        self._pending: tuple[int, Future[Hint]] | None = None  # (actions when asked, job)
        self._hint: tuple[int, Hint] | None = None

    def ask_hint(self, run: Run) -> None:
        """H: a hint for the position now (the player must be to move)."""
        moves = len(run.actions)
        if self._hint is not None and self._hint[0] == moves:
            return
        view = run.match.view(PLAYER)
        self._pending = (moves, self.worker.submit_hint(view, str(run.seed)))

    def forget(self) -> None:
        """The position changed: an old hint no longer applies."""
        self._pending = self._hint = None

    def poll(self) -> None:
        if self._pending is not None and self._pending[1].done():
            moves, future = self._pending
            self._pending = None
            try:
                self._hint = (moves, future.result())
            except Exception:  # noqa: BLE001 - a failed hint is no hint, the game goes on
                self._hint = None

    def state(self, run: Run) -> PracticeState:
        hint = self._hint[1] if self._hint and self._hint[0] == len(run.actions) else None
        hinted = hint.action if hint is not None and isinstance(hint.action, Card) else None
        bid = hint.action if hint is not None and isinstance(hint.action, Bid) else None
        lines = hint_lines(hint) if hint else self.replay_lines(run)
        return PracticeState(self.level, hinted, lines,
                             point_labels(hint) if hint else (),
                             self._pending is not None, bid)


    def replay_lines(self, run: Run) -> tuple[str, ...]:
        """A replayed deal: which one, then both results once it is over."""
        if self.replay is None:
            return ()
        replay = self.replay
        if self._replayed[0] != len(run.actions):
            self._replayed = (len(run.actions), replay.result(run.actions))
        result = self._replayed[1]
        if result is None:
            return (_("Replaying match {match}, hand {hand}: the same cards, the rival as "
                      "then").format(match=format_number(replay.match + 1),
                                     hand=format_number(replay.hand + 1)),)
        return (_("This deal as played: you {mine} – rival {theirs}").format(
                    mine=format_number(replay.original[0]),
                    theirs=format_number(replay.original[1])),
                _("This deal replayed: you {mine} – rival {theirs}").format(
                    mine=format_number(result[0]), theirs=format_number(result[1])),
                _replay_gap(result[0] - replay.original[0]))

    def undo(self, run: Run) -> list[str] | None:
        """Undo's actions (``undo_actions``), never before a replayed deal's start."""
        actions = undo_actions(run)
        floor = self.replay.floor if self.replay is not None else 0
        return None if actions is None or len(actions) < floor else actions


def _replay_gap(gap: int) -> str:
    """The player's points replayed against as played, in a sentence."""
    if gap == 0:
        return _("The same score for you as then")
    if gap > 0:
        return ngettext("{n} point more for you than then", "{n} points more for you than then",
                        gap).format(n=format_number(gap))
    return ngettext("{n} point fewer for you than then", "{n} points fewer for you than then",
                    -gap).format(n=format_number(-gap))


def hint_lines(hint: Hint) -> tuple[str, ...]:
    """The hint box: level 4's choice and why, in words (``services.advice_text``,
    from the hint's facts), what the figures over the cards mean, and why its
    card may not have the highest figure (a real gap: level 4 plays for the
    match; a gap within the estimate's noise: the figures are too close)."""
    lines = list(hint_sentences(hint, PLAYER))
    if hint.points:
        lines.append(_("Above each card: your points for this hand with best play") if hint.exact
                     else _("Above each card: your expected points for this hand (≈ estimate)"))
    if hint.for_match:
        lines.append(_("Level 4 plays for the match, not only for this hand's points"))
    elif hint.within_noise:  # its card shows a lower figure, but the estimate cannot tell
        lines.append(_("The figures are too close to tell apart"))
    return tuple(lines)


def point_labels(hint: Hint) -> tuple[tuple[Card, str], ...]:
    """Each legal card's figure: "88" when exact, "≈ 88" when estimated (short:
    the figures sit above overlapping cards)."""
    mark = "" if hint.exact else "≈ "
    return tuple((card, f"{mark}{format_number(points)}") for card, points in hint.points)


def undo_actions(run: Run) -> list[str] | None:
    """The run's actions without the player's last card and all after it;
    None when the player has played no card yet."""
    replay = Run(run.seed)
    last = None
    for i, word in enumerate(run.actions):
        action = parse_action(word)
        if isinstance(action, Card) and replay.match.hand.to_move == PLAYER:
            last = i
        replay.apply(action)
    return None if last is None else run.actions[:last]
