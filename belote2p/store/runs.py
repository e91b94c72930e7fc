"""What the store derives from a run: the leaderboard row and the hand records.

The store (on a file or in memory) scores every run with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any, Protocol

from ..core.actions import Phase, parse_action
from ..core.match import MAX_LEVEL, PLAYER, MatchResult, Run
from ..core.record import record_of


def now_iso() -> str:
    """The current time, ISO 8601 in UTC (how ``started`` and ``ended`` are kept)."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def display_date(iso: str) -> str:
    """The local calendar date of an ISO 8601 time, for the leaderboard."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:10]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone().date().isoformat()


class FinishedRun(Protocol):
    """What the store reads of a run it records; ``match.Run`` is one.

    A run whose ``actions`` are None is known by its figures only, as the runs
    recorded before schema v3 kept them: listed and ranked by those figures,
    never replayed or exported (``RunRow.actions`` None)."""

    @property
    def seed(self) -> object: ...
    @property
    def actions(self) -> Sequence[str] | None: ...
    @property
    def results(self) -> Sequence[MatchResult]: ...
    @property
    def abandoned(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def streak(self) -> int: ...
    @property
    def margin_total(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def rival_level(self) -> int: ...


def match_results(run: FinishedRun) -> list[dict[str, Any]]:
    """Each finished match from the player's side; ``margin`` is the player's
    sum minus the rival's (negative for a lost match), ``level`` the rival's."""
    out = []
    for index, result in enumerate(run.results):
        mine, theirs = result.scores[PLAYER], result.scores[1 - PLAYER]
        out.append({"won": result.won_by(PLAYER), "margin": mine - theirs,
                    "scores": [mine, theirs], "level": min(1 + index, MAX_LEVEL)})
    return out


def run_summary(run: FinishedRun) -> dict[str, Any]:
    """The leaderboard fields of a finished, abandoned or stopped run.

    Scores follow RULES.md: streak x 10,000 + min(margin total, 9,999).
    - abandoned: the unfinished match counts as a lost match, played against
      the rival's current level;
    - over (a match lost or drawn): every match was played, the last at the
      rival's current level;
    - stopped while unbeaten (autoplay's --max-matches): the rival has already
      climbed for a match that was never played, so the highest level faced is
      the last match's, ``min(streak, 4)``.
    """
    played = len(run.results)
    if run.abandoned:
        matches, level = played + 1, run.rival_level
    elif run.over or played == 0:
        matches, level = played, run.rival_level
    else:
        matches, level = played, min(run.streak, MAX_LEVEL)
    return {"score": run.score, "streak": run.streak, "margin_total": run.margin_total,
            "level": level, "matches": matches, "abandoned": bool(run.abandoned),
            "results": match_results(run)}


class RunTracker:
    """Follows a run in progress, action by action, to find each hand as it
    finishes and give its record (``record.record_of``, the replay format).

    ``advance`` is called with the whole action list on every save; when the
    list extends the one seen last time only the new actions are applied, so a
    save costs one engine step, not a replay.
    """

    def __init__(self) -> None:
        self._key: tuple[str, str] | None = None
        self._run: Run | None = None

    def advance(self, seed: str, started: str, actions: list[str]
                ) -> list[tuple[int, int, dict[str, Any]]]:
        """Records ``(match_index, hand_index, record)`` of the hands finished by
        the actions not seen before (all finished hands after a restart)."""
        run, seen = self._run, 0
        if run is not None and self._key == (seed, started):
            seen = len(run.actions)
            if len(actions) < seen or actions[:seen] != run.actions:
                run, seen = None, 0
        if run is None:
            run = Run(seed)
            self._key, self._run = (seed, started), run
        finished = []
        try:
            for word in actions[seen:]:
                match = run.match
                hand, hand_index = match.hand, len(match.hands) - 1
                run.apply(parse_action(word))
                if hand.phase is Phase.DONE:
                    finished.append((match.match_index, hand_index, record_of(hand)))
        except ValueError:  # a word the engine refuses: the list is saved, not its records
            self._run = None
        return finished

    def forget(self) -> None:
        self._key, self._run = None, None

    @property
    def key(self) -> tuple[str, str] | None:
        """(seed, started) of the run followed, None before the first save."""
        return self._key


def restore_run(seed: str, actions: list[str] | tuple[str, ...]) -> tuple[Run, int]:
    """``Run.replay`` that never fails: the run rebuilt from the longest prefix
    of ``actions`` the engine accepts, and how many actions it dropped (0 when
    the whole list replays, as it always should)."""
    run = Run(seed)
    for index, word in enumerate(actions):
        try:
            run.apply(parse_action(word))
        except ValueError:  # the engine refuses it (IllegalAction, CardError)
            return run, len(actions) - index
    return run, 0
