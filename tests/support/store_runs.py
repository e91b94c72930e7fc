"""Builders shared by the store tests."""

from __future__ import annotations

import random

from belote2p.core.match import Run


def random_actions(seed, n_matches: int | None = 2, rng_seed=0, limit: int = 10_000) -> list[str]:
    """The action words of a run played by random legal choices (both seats),
    to the end of the run or of ``n_matches`` matches."""
    rng = random.Random(f"store-tests/{seed}/{rng_seed}")
    run = Run(seed)
    while not run.over and (n_matches is None or len(run.results) < n_matches) \
            and len(run.actions) < limit:
        legal = run.match.legal_actions()
        takes = [a for a in legal if str(a).startswith("take")]
        action = rng.choice(takes) if takes and rng.random() < 0.4 else rng.choice(legal)
        run.apply(action)
    return list(run.actions)


def winning_actions(seed, wins: int) -> list[str]:
    """Actions of a run in which the player wins ``wins`` matches (searching
    random play for each match), then stops."""
    run = Run(seed)
    for _ in range(wins):
        for attempt in range(500):
            trial = Run.replay(seed, run.actions)
            rng = random.Random(f"win/{seed}/{len(run.results)}/{attempt}")
            start = len(trial.results)
            while len(trial.results) == start:
                trial.apply(rng.choice(trial.match.legal_actions()))
            if trial.results[-1].won_by(0):
                run = trial
                break
        else:
            raise AssertionError("no winning match found")
    return list(run.actions)


def state(run: Run):
    """Everything a player sees of a run: both seats' views and the streak."""
    views = tuple(run.match.view(seat) for seat in (0, 1)) if not run.over else ()
    return (tuple(run.actions), tuple(run.results), run.streak, run.margin_total, views)
