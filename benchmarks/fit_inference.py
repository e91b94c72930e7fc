"""How much level 4's inference model says about the other seat's real hand.

    python benchmarks/fit_inference.py OPPONENT MATCHES

Plays MATCHES matches, level 3 (seat 0) against OPPONENT (a level, seat 1),
and at every stock-phase position of seat 0 from trick 4 on (a trick start,
two cards or more in the stock) takes the other seat's *real* hand — which no
player may read; this script is a measurement, not a player — and, for a grid
of model settings (temperature, noise, bid scale), prints:

- the mean log-likelihood of the other seat's real cards and bids under the
  model (``inference.log_likelihood`` of its real hand): the fit;
- the mean log of the real hand's weight over the mean weight of 20 uniform
  deals of the same view: how much the weights single out the real hand
  (0: they carry no information).
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import sys

try:
    import belote2p  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from belote2p.actions import Phase
from belote2p.ai import decide, load_levels, make_player
from belote2p.ai.inference import log_likelihood
from belote2p.ai.sampling import sample_hidden
from belote2p.cards import Card
from belote2p.match import Match
from belote2p.view import SeatView

GRID = [(t, e, 0.0) for t in (1, 2, 4) for e in (0.05, 0.1, 0.2, 0.4)] + [
    (2, 0.1, 8.0), (2, 0.1, 16.0)]


def positions(opponent: str, matches: int) -> list[tuple[SeatView, tuple[Card, ...]]]:
    found: list[tuple[SeatView, tuple[Card, ...]]] = []
    for k in range(matches):
        match = Match("fit", k)
        players = {0: make_player(3, random.Random(k)),
                   1: make_player(opponent, random.Random(k + 1000))}
        while not match.over:
            seat = match.to_move
            assert seat is not None  # the match is not over
            view = match.view(seat)
            if (seat == 0 and view.phase is Phase.PLAY and not view.strict
                    and len(view.tricks) >= 3 and view.stock_size >= 2
                    and not view.current_trick):
                found.append((view, tuple(sorted(match.hand.hands[1]))))
            match.apply(decide(players[seat], view))
    return found


def main() -> None:
    opponent, matches = sys.argv[1], int(sys.argv[2])
    level4 = load_levels()[4]
    found = positions(opponent, matches)
    print(f"{len(found)} positions")
    for tau, eps, scale in GRID:
        knobs = dataclasses.replace(level4.search, inference_temperature=tau,
                                    inference_noise=eps, inference_bid_scale=scale)
        fit = gain = 0.0
        for i, (view, real) in enumerate(found):
            rng = random.Random(i)
            args = (level4.play, level4.bidding, knobs)
            mine = log_likelihood(view, real, rng, *args)
            uniform = [log_likelihood(view, sample_hidden(view, rng)[0], rng, *args)
                       for _ in range(20)]
            top = max(uniform)
            fit += mine
            gain += mine - (top + math.log(sum(math.exp(u - top) for u in uniform) / 20))
        print(f"temperature {tau:g} noise {eps:g} bid scale {scale:g}: "
              f"log-likelihood {fit / len(found):.2f}, real vs uniform {gain / len(found):+.2f}")


if __name__ == "__main__":
    main()
