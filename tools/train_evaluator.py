"""Train the learned playout policy (belote2p/ai/evaluator.py) by expert iteration.

    python tools/train_evaluator.py --matches N[,N2...] --seed S [--iterations K] [--jobs J]
                                    [--data DIR] [--epochs E]

One reproducible command: label, fit, play with the fitted network, label again.

1. **Label.**  ``N`` self-play matches ``Match(S/i, m)`` of level 4 (round
   ``i`` plays the ``i``-th count of ``--matches``; the iteration's levels: the
   shipped search, with its playouts played by the previous iteration's network
   from the second iteration on) record every
   stock-phase card decision that level 4 searched (two distinct cards or
   more): the deciding seat's network inputs (``evaluator.features``, from
   its view alone), its legal cards and the card its search chose.  Both
   seats bid with level 4's bid model, not its bid simulation, so the CPU goes
   to the labels.  The matches are spread over ``--jobs`` processes (default:
   every core); the positions are the same whatever the jobs.
2. **Fit.**  The network (``FEATURES`` inputs, ``HIDDEN`` rectified units, a
   score per card) is fitted by torch (the ``train`` extra of pyproject.toml;
   the game never imports it) to the chosen cards of every iteration's
   positions so far: softmax cross-entropy over the legal cards, Adam, a fixed
   seed, one thread.  A tenth of the positions (by match) is held out.
3. **Export.**  The weights are rounded to whole numbers (``QUANT``, ``QUANT``²
   for the output biases) and written to ``belote2p/ai/evaluator_weights.txt``;
   the last stdout line is JSON with its digest, which a level names as
   ``playout_net`` to play with it.

The positions of each iteration are kept in ``--data`` (JSON lines).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from belote2p.ai.base import decide  # noqa: E402
from belote2p.ai.evaluator import (  # noqa: E402
    CANON,
    FEATURES,
    HIDDEN,
    WEIGHTS_PATH,
    features,
    format_net,
    parse_net,
)
from belote2p.ai.knowledge import info_from_view  # noqa: E402
from belote2p.ai.levels import Level, shipped_levels  # noqa: E402
from belote2p.ai.search import SearchPlayer, distinct_cards  # noqa: E402
from belote2p.core.cards import Card  # noqa: E402
from belote2p.core.match import Match  # noqa: E402
from belote2p.core.view import SeatView  # noqa: E402

log = logging.getLogger("train_evaluator")
QUANT = 128  # weights are whole multiples of 1/QUANT
CARDS = 32
Position = dict[str, Any]  # {"active", "scalars", "legal", "chosen", "match"}


# ------------------------------------------------------------------ label
class LabellingPlayer(SearchPlayer):
    """Level 4 noting each searched stock-phase decision as a position."""

    def __init__(self, level: Level, rng: random.Random, match: int):
        super().__init__(level, rng)
        self.match = match
        self.positions: list[Position] = []

    def choose_card(self, view: SeatView) -> Any:
        card = super().choose_card(view)
        if view.strict or len(distinct_cards(view)) < 2:
            return card
        assert isinstance(card, Card)
        info = info_from_view(view, self.play_knobs.count_plain)
        active, scalars = features(info)
        canon = CANON[info.trump]
        self.positions.append({"active": active, "scalars": scalars,
                               "legal": [canon[int(c)] for c in view.legal_cards()],
                               "chosen": canon[int(card)], "match": self.match})
        return card


def labelling_level(digest: str) -> Level:
    """Shipped level 4, its playouts by the network ``digest`` ("": the tips),
    bidding with its bid model."""
    level = shipped_levels()[4]
    search = dataclasses.replace(level.search, bid_samples=0, playout_net=digest)
    return dataclasses.replace(level, search=search)


def label_match(job: tuple[str, int, str]) -> list[Position]:
    seed, index, digest = job
    level = labelling_level(digest)
    players = [LabellingPlayer(level, random.Random(f"train/{seed}/{index}/{s}"), index)
               for s in (0, 1)]
    match = Match(seed, index)
    while not match.over:
        seat = match.hand.to_move
        match.apply(decide(players[seat], match.view(seat)))
    return players[0].positions + players[1].positions


def label(seed: str, matches: int, digest: str, jobs: int) -> list[Position]:
    work = [(seed, i, digest) for i in range(matches)]
    with Pool(jobs) as pool:
        out: list[Position] = []
        for done, positions in enumerate(pool.imap(label_match, work), 1):
            out += positions
            if done % 20 == 0:
                log.info("labelled %d/%d matches, %d positions", done, matches, len(out))
    return out


# -------------------------------------------------------------------- fit
def fit(positions: list[Position], epochs: int, seed: int) -> tuple[bytes, dict[str, float]]:
    """The quantised weights file fitted to ``positions`` and its accuracies."""
    import torch  # the train extra only

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    n = len(positions)
    x = torch.zeros(n, FEATURES)
    legal = torch.full((n, CARDS), float("-inf"))
    y = torch.zeros(n, dtype=torch.long)
    for i, p in enumerate(positions):
        x[i, p["active"]] = 1.0
        x[i, 4 * CARDS:] = torch.tensor(p["scalars"], dtype=torch.float)
        legal[i, p["legal"]] = 0.0
        y[i] = p["chosen"]
    held = torch.tensor([p["match"] % 10 == 0 for p in positions])
    model = torch.nn.Sequential(torch.nn.Linear(FEATURES, HIDDEN), torch.nn.ReLU(),
                                torch.nn.Linear(HIDDEN, CARDS))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3, weight_decay=1e-5)
    train = (~held).nonzero().squeeze(1)
    for epoch in range(epochs):
        order = train[torch.randperm(len(train))]
        for start in range(0, len(order), 256):
            batch = order[start:start + 256]
            loss = torch.nn.functional.cross_entropy(model(x[batch]) + legal[batch], y[batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d: loss %.4f", epoch, float(loss))
    w1, b1 = model[0].weight.detach().T, model[0].bias.detach()
    w2, b2 = model[2].weight.detach().T, model[2].bias.detach()
    q = [torch.round(w1 * QUANT), torch.round(b1 * QUANT), torch.round(w2 * QUANT),
         torch.round(b2 * QUANT * QUANT)]
    q = [t.clamp(-32767, 32767).to(torch.long) for t in q]
    data = format_net(*(t.flatten().tolist() for t in q))
    with torch.no_grad():
        float_pick = (model(x) + legal).argmax(1)
        h = (x.to(torch.long) @ q[0] + q[1]).clamp(min=0)
        int_pick = (h @ q[2] + q[3]).to(torch.float).add(legal).argmax(1)
    figures = {f"{name}_{part}": round(float((pick[mask] == y[mask]).float().mean()), 4)
               for name, pick in (("float", float_pick), ("int", int_pick))
               for part, mask in (("train", ~held), ("held_out", held))}
    return data, figures


# ------------------------------------------------------------------- main
def counts(text: str) -> list[int]:
    """``--matches``: whole numbers above 0, comma-separated."""
    try:
        values = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected N or N1,N2,...") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: every count must be at least 1")
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=counts, required=True,
                        help="self-play matches a round: N, or N1,N2,... (the last repeats)")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--iterations", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--data", default="evaluator-data", help="where positions are kept")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    data_dir = Path(args.data)
    data_dir.mkdir(parents=True, exist_ok=True)
    positions: list[Position] = []
    digest = ""
    report: dict[str, Any] = {"seed": args.seed, "matches": args.matches, "epochs": args.epochs,
                              "rounds": []}
    for it in range(args.iterations):
        path = data_dir / f"{args.seed}-{it}.jsonl"
        if path.exists():  # a round already labelled: the same positions, read back
            new = [json.loads(line) for line in path.read_text().splitlines()]
        else:
            matches = args.matches[min(it, len(args.matches) - 1)]
            new = label(f"{args.seed}/{it}", matches, digest, args.jobs)
            path.write_text("".join(json.dumps(p) + "\n" for p in new))
        positions += new
        data, figures = fit(positions, args.epochs, seed=it)
        WEIGHTS_PATH.write_bytes(data)  # where the next round's level 4 reads it
        digest = parse_net(data, str(WEIGHTS_PATH)).digest
        report["rounds"].append({"positions": len(positions), "digest": digest, **figures})
        log.info("iteration %d: %s", it, report["rounds"][-1])
    report["digest"] = digest
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
