"""The shadow run tells what the server told: played against the true run
(both seats random, thousands of deals), and against the real server in-process."""

from __future__ import annotations

import random

import pytest

from belote2p.core.actions import parse_action
from belote2p.core.match import PLAYER, Run
from belote2p.services.world.protocol import view_to_json
from belote2p.services.world.shadow import Answer, Shadow


def _answer(run: Run, seq: int, word: str | None, replies: list[str]) -> Answer:
    """What the referee answers (``server.referee.answer_of``), from the true run."""
    return Answer(seq, word, tuple(replies), view_to_json(run.match.view(PLAYER)),
                  "over" if run.over else "open", run.score, run.streak, run.match.match_index)


def _replies(run: Run, rng: random.Random) -> list[str]:
    start = len(run.actions)
    while not run.over and run.match.to_move not in (PLAYER, None):
        run.apply(rng.choice(list(run.match.legal_actions())))
    return run.actions[start:]


def _play_both(seed: str, rng: random.Random) -> int:
    """A whole true run with random seats, its answers fed to a shadow (checked each)."""
    truth = Run(seed)
    first = _answer(truth, 0, None, _replies(truth, rng))
    shadow = Shadow("test", first)
    shadow.apply(first)
    seq, answers = 0, 1
    while not truth.over and answers < 400:
        legal = list(truth.match.legal_actions())
        word = str(rng.choice(legal))
        truth.apply(parse_action(word))
        seq += 1
        shadow.apply(_answer(truth, seq, word, _replies(truth, rng)))
        answers += 1
    return answers


@pytest.mark.parametrize("chunk", range(4))
def test_the_shadow_tells_every_deal_as_the_true_run(chunk):
    rng = random.Random(chunk)
    for n in range(60):
        _play_both(f"shadow-{chunk}-{n}", rng)
