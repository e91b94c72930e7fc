"""Runs played the autoplay way, with no store (the fairness tests, the
recorded sample runs)."""

from __future__ import annotations

from belote2p.ai.levels import Level
from belote2p.core.match import RIVAL, Run
from belote2p.services.rival import game_levels, player_decision, rival_action


def play_run(seed: str, player_level: str, levels: dict[int, Level] | None = None,
             max_matches: int | None = None) -> Run:
    """A run with the level-``player_level`` AI in the player's seat and the
    rival deciding by ``services.rival`` (as the game and autoplay do).

    ``levels`` None plays both seats with the game's level data, read once
    (``game_levels``), not once a move."""
    run = Run(seed)
    player_levels = dict(game_levels()) if levels is None else levels
    while not run.over and (max_matches is None or len(run.results) < max_matches):
        seat = run.match.to_move
        assert seat is not None  # a run that is not over has a seat to move
        if seat == RIVAL:
            action = rival_action(run, levels)
        else:
            action = player_decision(run.match.view(seat), player_level, seed,
                                     len(run.actions), player_levels)
        run.apply(action)
    return run
