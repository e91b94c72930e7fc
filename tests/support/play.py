"""Runs played the autoplay way for the fairness tests (no store needed)."""

from __future__ import annotations

import random

from belote2p.ai import decide, make_player
from belote2p.match import RIVAL, Run
from belote2p.services.rival import rival_action


def play_run(seed: str, player_level: str, levels=None, max_matches: int | None = None) -> Run:
    """A run with the level-``player_level`` AI in the player's seat and the
    rival deciding by ``services.rival`` (as the game and autoplay do)."""
    run = Run(seed)
    while not run.over and (max_matches is None or len(run.results) < max_matches):
        if run.match.to_move == RIVAL:
            action = rival_action(run, levels)
        else:
            rng = random.Random(f"{seed}/player/{len(run.actions)}")
            player = make_player(player_level, rng, levels)
            action = decide(player, run.match.view(run.match.to_move))
        run.apply(action)
    return run
