"""Each hand's difference with level 4 in the player's seat, kept with the run
(issue #32; the store's ``hand_skill``, schema version 5).

Who computes them (``services.duplicate``, always after the hand is over):

- the window, as each hand's comparison arrives for the end-of-hand panel (the
  scored table keeps it, written behind the frame loop) and as History's
  opened run is compared;
- ``autoplay``, at the end of its run, in its own process (``compare_missing``;
  ``autoplay --no-skill`` leaves them to the next point);
- ``stats --json --skill``, for whatever is still missing (``fill_missing``:
  runs recorded before schema 5, a window closed before its last comparison).

Who reads them: ``stats`` and the Statistics screen (``kept_skill``: the kept
numbers summed, no run replayed) and History.  Each difference is kept with
the version of level 4 it was measured with (``duplicate.yardstick``), and
only those of the current version are read: a later level 4 compares again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..store.api import HandDifference, HandKey
from .duplicate import Duplicate, duplicate_hand, finished_hands, yardstick
from .rival import Levels, game_levels
from .skill import Skill, skill_of, skill_of_sums

if TYPE_CHECKING:
    from ..store.api import RunRecord, Store

log = logging.getLogger(__name__)


def game_yardstick() -> str:
    """The yardstick of the game's level data (the data read once a process;
    its digest, a fraction of a millisecond, each time)."""
    return yardstick(game_levels())


def keep(store: Store, seed: str, started: str, compared: Iterable[Duplicate],
         measured_with: str | None = None) -> None:
    """Keep these compared hands of the run (seed, started); ``measured_with``:
    their yardstick (the game's unless given)."""
    hands = _differences(compared)
    if hands:
        store.keep_differences(seed, started, measured_with or game_yardstick(), hands)


def _differences(compared: Iterable[Duplicate]) -> dict[HandKey, HandDifference]:
    """The compared hands' differences, by (match, hand), as the store keeps them."""
    return {(d.match, d.hand): HandDifference(d.difference, d.rival_difference)
            for d in compared if d.match is not None and d.hand is not None}


def kept_of(store: Store, seed: str, started: str) -> dict[HandKey, HandDifference]:
    """The run's differences kept with the game's yardstick."""
    return store.differences_of(seed, started, game_yardstick())


def compare_missing(store: Store, seed: str, started: str, actions: Sequence[str],
                    levels: Levels | None = None) -> int:
    """Compare and keep every finished hand of the run whose difference is
    not kept yet; returns how many were compared."""
    return _completed(store, seed, started, actions, levels)[1]


def run_skill(store: Store, record: RunRecord, levels: Levels | None = None) -> Skill:
    """A finished run's skill figure from its kept differences, its hands not
    kept yet compared (and kept) first."""
    every, _compared = _completed(store, record.seed, record.started, record.actions, levels)
    return skill_of([d.yours for d in every.values()])


def _completed(store: Store, seed: str, started: str, actions: Sequence[str],
               levels: Levels | None) -> tuple[dict[HandKey, HandDifference], int]:
    """The run's differences once its hands not kept yet are compared and
    kept (read once: the kept ones and those just compared), and how many
    were compared."""
    levels = game_levels() if levels is None else levels
    measured_with = yardstick(levels)
    hands = list(finished_hands(seed, actions))
    found = store.differences_of(seed, started, measured_with)
    kept = {key: found[key] for key in hands if key in found}  # the run's own hands only
    compared = [duplicate_hand(seed, actions, match, hand, levels)
                for match, hand in hands if (match, hand) not in kept]
    keep(store, seed, started, compared, measured_with)
    return kept | _differences(compared), len(compared)


def fill_missing(store: Store, include_ai: bool = False, levels: Levels | None = None) -> int:
    """Compare and keep the missing hands of every finished run the
    statistics count; returns how many hands were compared.  A run whose
    moves no longer replay (edited) is skipped: its figure stays missing."""
    levels = game_levels() if levels is None else levels
    compared = 0
    for run_id in store.runs_missing_differences(yardstick(levels), include_ai):
        record = store.run_record(run_id)
        if record is None or not record.exportable:
            continue
        try:
            compared += compare_missing(store, record.seed, record.started, record.actions,
                                        levels)
        except ValueError:  # IllegalAction, NotReplayable, a bad word: not its moves
            log.warning("run %s does not replay: its hands are not compared", run_id)
    return compared


def kept_skill(store: Store, include_ai: bool = False) -> Skill:
    """The skill figure over every hand kept with the game's yardstick (summed
    by the store: nothing replayed, no difference read one by one)."""
    sums = store.difference_sums(game_yardstick(), include_ai)
    return skill_of_sums(sums.hands, sums.total, sums.squares)
