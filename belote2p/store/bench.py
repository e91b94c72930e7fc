"""How much ``save_run`` costs per action: ``python -m belote2p.store.bench [DIR]``.

Plays two matches of random legal actions and saves after every one, as the
table does; prints the median and the slowest save (the slow ones are the hand
ends, synced to disk).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time

from ..core.match import Run
from .runs import now_iso
from .sqlite import open_store


def main(argv: list[str]) -> int:
    folder = argv[0] if argv else tempfile.mkdtemp(prefix="belote2p-bench-")
    store = open_store(folder)
    costs: list[float] = []
    for round_ in range(5):
        seed, started = f"bench-{round_}", now_iso()
        rng, run = random.Random(round_), Run(f"bench-{round_}")
        while not run.over and len(run.results) < 2:
            run.apply(rng.choice(run.match.legal_actions()))
            t0 = time.perf_counter()
            store.save_run(seed, run.actions, started)
            costs.append(time.perf_counter() - t0)
        store.record_finished_run(run, "bench", started)
    costs.sort()
    print(f"{len(costs)} saves in {folder}: median {statistics.median(costs) * 1e6:.0f} us, "
          f"90th percentile {costs[int(len(costs) * 0.9)] * 1e6:.0f} us, "
          f"max {costs[-1] * 1e3:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
