"""A store holding real runs for the History, Statistics and Export screens
(their tests and the pictures of tools/render_screens.py): short runs played by the AI in the
player's seat against the game's rival, recorded as the game records them.

Playing is the slow part (a second or two a run), so the played actions are
kept for the process; each ``recorded_store()`` is a fresh store built from
them (cheap: the engine replays the actions).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date

from belote2p.core.fairness import daily_seed
from belote2p.core.match import Run
from belote2p.store import MemoryStore, restore_run

from .play import play_run

PLAYER_LEVEL = "2"  # the AI playing the player's seat
NAME = "Ana"


@dataclass(frozen=True)
class SampleRun:
    seed: str
    started: str  # ISO time: fixed, so the list's dates are the same every time
    matches: int  # played to the end of this many matches at most
    cut: int | None = None  # keep only the first actions: abandoned (or in progress)
    ai: bool = False  # recorded as autoplay's
    daily: str | None = None  # the daily challenge's date (the seed is that day's)


DAILY_DAY = "2026-03-04"
DAILY_SEED = daily_seed(date.fromisoformat(DAILY_DAY))
FINISHED = (
    SampleRun("beef42", "2026-02-20T17:00:00+00:00", 1),
    SampleRun("c0ffee", "2026-03-02T19:30:00+00:00", 2),
    SampleRun(DAILY_SEED, f"{DAILY_DAY}T20:10:00+00:00", 2, daily=DAILY_DAY),
    SampleRun("0badc0de", "2026-03-06T21:45:00+00:00", 1, cut=70),
    SampleRun("ffee01", "2026-03-07T09:00:00+00:00", 1, ai=True),
)
IN_PROGRESS = SampleRun("a1b2c3", "2026-03-08T18:02:00+00:00", 1, cut=40)


@functools.cache
def played_actions(sample: SampleRun) -> tuple[str, ...]:
    """The sample's moves, played once per process."""
    actions = tuple(play_run(sample.seed, PLAYER_LEVEL, max_matches=sample.matches).actions)
    return actions if sample.cut is None else actions[:sample.cut]


def replayed(sample: SampleRun) -> Run:
    run, dropped = restore_run(sample.seed, played_actions(sample))
    assert dropped == 0
    if sample.cut is not None:
        run.abandon()
    return run


def recorded_store(in_progress: bool = True) -> MemoryStore:
    """Five recorded runs (one a counted daily, one abandoned, one autoplay's)
    and, with ``in_progress``, the game's run in progress."""
    store = MemoryStore()
    for sample in FINISHED:
        if sample.daily is not None:
            assert store.claim_daily(sample.daily, sample.seed, sample.started)
        store.record_finished_run(replayed(sample), "Bot" if sample.ai else NAME, sample.started,
                                  ai_key="autoplay level 2" if sample.ai else None,
                                  daily=sample.daily)
    store.set_last_name(NAME)
    if in_progress:
        store.save_run(IN_PROGRESS.seed, list(played_actions(IN_PROGRESS)), IN_PROGRESS.started)
    return store
