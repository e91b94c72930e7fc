"""The rival's one decision rule, shared by the game, autoplay and ``verify``.

Rule: a rival decision is taken by a *fresh* player of the level faced
(``ai.make_player``) whose ``random.Random`` is seeded with the text

    belote2p/rival/{seed}/{seat}/{action_index}

where ``action_index`` is the number of actions the run holds before this one
(its index in the run's action list, counted from 0).  Players keep no state
between decisions besides their rng (``ai/players.py``), so a fresh player per
decision plays exactly like a reused one re-seeded each time; building it
fresh makes the rule independent of any history.  The answer therefore depends
only on the seat's view, the level, the seed, the action's place and the level
data: a resumed run plays like an uninterrupted one, and ``verify`` can re-run
every rival decision of a run file and demand the same action.

The level data is part of the rule, so a run file records ``levels_digest``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..ai import decide, make_player
from ..ai.levels import digest_data

if TYPE_CHECKING:
    from ..ai.levels import Level
    from ..core.actions import Action
    from ..core.match import Run
    from ..core.view import SeatView

Levels = Mapping[int, "Level"]


def rival_key(seed: str, seat: int, action_index: int) -> str:
    """The text that seeds the rival's rng for one decision (the rule above)."""
    return f"belote2p/rival/{seed}/{seat}/{action_index}"


def player_key(seed: str, action_index: int) -> str:
    """The text that seeds an AI's rng for one decision in the *player's* seat:
    ``autoplay``'s player and level 4 in the player's seat (``services.duplicate``)
    decide by it, so a run autoplayed at level 4 is its own duplicate."""
    return f"{seed}/player/{action_index}"


def game_levels() -> Levels:
    """The level data the game plays with (levels.yaml, read once a process).

    The one place the layers above the AI get the levels from.
    """
    from ..ai.levels import shipped_levels

    return shipped_levels()


def levels_digest(levels: Levels | None = None) -> str:
    """SHA-256 of the level data in canonical JSON (sorted keys, no spaces).

    Hashing the parsed data, not the file, means comments and layout of
    levels.yaml do not count; any knob that changes how the rival plays does,
    and a knob added later at its neutral value (``levels.digest_data``) does not.
    """
    levels = game_levels() if levels is None else levels
    canonical = {str(number): digest_data(level) for number, level in sorted(levels.items())}
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rival_decision(view: SeatView, level: int | str, seed: str, action_index: int,
                   levels: Levels | None = None) -> Action:
    """What the rival at ``level`` plays from ``view`` (its seat to move) as the
    run's action number ``action_index``; always one of ``view.legal``."""
    rng = random.Random(rival_key(str(seed), view.seat, action_index))
    player = make_player(level, rng, game_levels() if levels is None else levels)
    return decide(player, view)


def player_decision(view: SeatView, level: int | str, seed: str, action_index: int,
                    levels: Levels | None = None) -> Action:
    """What an AI at ``level`` in the player's seat plays from ``view`` as the
    run's action number ``action_index`` (``player_key``: autoplay's rule)."""
    rng = random.Random(player_key(str(seed), action_index))
    player = make_player(level, rng, game_levels() if levels is None else levels)
    return decide(player, view)


def rival_action(run: Run, levels: Levels | None = None) -> Action:
    """The rival's next action in ``run`` (the rival, seat 1, must be to move)."""
    seat = run.match.to_move
    if seat is None:
        raise ValueError("no one is to move: the match is over")
    return rival_decision(run.match.view(seat), run.rival_level, str(run.seed),
                          len(run.actions), levels)
