"""The native core built with other compiler flags decides as the default build.

    python benchmarks/native_flags.py [--cflags "-O2 -mfma"] [--points N] [--matches M]
                                      [--decisions D] [--digests-only]

A run recorded on one machine must verify on another, whatever flags its
compiler used (docs/ARCHITECTURE.md, "The native core").  This builds the core
twice from the checkout's source into a temporary folder, the project's way
(``hatch_build.py --into``): once with the environment's flags, once with
``--cflags`` added (default ``-O2 -mfma``: a compiler allowed to fuse a
multiply and an add rounds once where Python rounds twice), then computes, in a
fresh process per build, three digests:

- ``playouts``: ``N`` seeded deals (every trump, either taker), each played out
  with every level's tips from its first card (``playout.playouts``, 100 stock
  orders a deal), then from a random point to the solver (``until_cards`` 6):
  a hash of every score;
- ``level4``: ``bench_level4.py``'s decisions digest over its first ``D``
  positions;
- ``arena``: ``M`` level-4 mirror matches (``belote2p arena 4 4``'s match
  ``i`` on seed ``flags``), a hash of every action of every hand.

The last stdout line is JSON: the digests of each build and whether they
agree.  ``--digests-only`` prints the digests of the core that runs here (the
checkout's in-place build), for a before/after record.  ``tests/ai/test_native_build.py``
runs a small instance.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STOCK_ORDERS = 100  # bases a deal: the same hands, the stock shuffled


def playouts_digest(points: int, seed: str = "flags") -> str:
    """A hash of the scores of ``points`` deals' playouts with every level's tips."""
    from belote2p.ai import load_levels, playout
    from belote2p.ai.fastsim import sim_from_deck

    knobs = [level.play for level in load_levels().values()]
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(points):
        deck = list(range(32))
        rng.shuffle(deck)
        sim = sim_from_deck(deck, rng.randrange(2), rng.randrange(2), rng.randrange(4))
        bases = [sim]
        for _ in range(STOCK_ORDERS - 1):
            other = sim.copy()
            rng.shuffle(other.stock)
            bases.append(other)
        for k in knobs:
            digest.update(repr(playout.playouts(bases, [()], k)).encode())
        for _ in range(rng.randrange(14)):  # a point of the stock phase, to the solver
            sim.play(rng.choice(sim.legal()))
        digest.update(repr(playout.playouts([sim], [()], knobs[-1], 6)).encode())
    return digest.hexdigest()[:16]


def level4_digest(decisions: int, seed: str = "bench4") -> str:
    """``bench_level4.py``'s decisions digest over its first ``decisions`` positions."""
    from belote2p.ai import decide, make_player
    from benchmarks.bench_level4 import KINDS, positions

    digest = hashlib.sha256()
    for index, view in enumerate(positions(seed, decisions, set(KINDS))):
        player = make_player(4, random.Random(f"bench4/{seed}/decide/{index}"))
        digest.update(f"{index}:{decide(player, view)}\n".encode())
    return digest.hexdigest()[:16]


def arena_digest(matches: int, seed: str = "flags") -> str:
    """A hash of every action of ``matches`` level-4 mirror matches."""
    from belote2p.ai.arena import play_match
    from belote2p.core.record import record_of

    digest = hashlib.sha256()
    for index in range(matches):
        play_match("4", "4", seed, index,
                   on_hand=lambda hand, _match: digest.update(
                       repr(record_of(hand)).encode()))
    return digest.hexdigest()[:16]


def digests(points: int, decisions: int, matches: int) -> dict[str, str]:
    from belote2p.ai import core

    if core.native is None:
        raise SystemExit(f"the native core is not running ({core.NAME})")
    return {"core": Path(core.native.__file__ or "").name,
            "playouts": playouts_digest(points),
            "level4": level4_digest(decisions),
            "arena": arena_digest(matches)}


# A fresh process whose belote2p.ai._native is the module built at argv[1]
# (registered before anything of the package imports it), printing digests().
_WITH_BUILD = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("belote2p.ai._native", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["belote2p.ai._native"] = module
from benchmarks.native_flags import digests
print(json.dumps(digests(*map(int, sys.argv[2:]))))
"""


def build(into: Path, cflags: str) -> Path:
    """The core compiled from the checkout's source into ``into`` with
    ``cflags`` added to the environment's CFLAGS; its file."""
    env = {**os.environ, "CFLAGS": f"{os.environ.get('CFLAGS', '')} {cflags}".strip()}
    subprocess.run([sys.executable, str(ROOT / "hatch_build.py"), "--into", str(into)],
                   env=env, check=True, capture_output=True, text=True)
    built = list(into.glob("_native*"))
    if len(built) != 1:
        raise SystemExit(f"hatch_build.py --into {into} built {built}")
    return built[0]


def digests_of(module: Path, points: int, decisions: int, matches: int) -> dict[str, str]:
    """``digests`` computed in a fresh process running the core at ``module``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BELOTE2P_PURE_PYTHON", None)
    out = subprocess.run([sys.executable, "-c", _WITH_BUILD, str(module), str(points),
                          str(decisions), str(matches)], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True)
    got: dict[str, str] = json.loads(out.stdout.splitlines()[-1])
    return got


def compare(cflags: str, points: int, decisions: int, matches: int) -> dict[str, Any]:
    """Both builds' digests and whether they agree."""
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for name, flags in (("default", ""), ("flagged", cflags)):
            module = build(Path(tmp) / name, flags)
            results[name] = digests_of(module, points, decisions, matches)
    keys = ("playouts", "level4", "arena")
    return {"cflags": cflags, "points": points, "decisions": decisions, "matches": matches,
            **results,
            "agree": all(results["default"][k] == results["flagged"][k] for k in keys)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cflags", default="-O2 -mfma")
    parser.add_argument("--points", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--digests-only", action="store_true")
    args = parser.parse_args()
    if args.digests_only:
        print(json.dumps(digests(args.points, args.decisions, args.matches)))
        return
    shlex.split(args.cflags)  # refuses unbalanced quotes before building
    result = compare(args.cflags, args.points, args.decisions, args.matches)
    print(json.dumps(result))
    sys.exit(0 if result["agree"] else 1)


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    main()
