"""Fit the rating anchors (each rival level's place on the Elo scale) from
arena results, and write ``rating_anchors.yaml``.

    python tools/fit_rating_anchors.py benchmarks/ladder_arena.jsonl [MORE.jsonl ...]
        [--pin 1=1000] [--out rating_anchors.yaml] [--check]

Each input line is the JSON line ``belote2p arena`` prints last (``a``, ``b``,
``matches``, ``a_wins``, ``b_wins``, ``draws``), optionally with a
``command`` key saying which command produced it (kept in the output).  Lines
that are not such objects are skipped, so an arena's whole stdout can be
appended as it is.  The fit: level 1 pinned (``--pin``), the others by
weighted least squares on the Elo expected-score curve
(``belote2p.services.rating.fit_anchors``).  When the ladder is re-measured
(docs/RIVAL.md), run this again on the new lines.  ``--check`` writes nothing
and exits 1 if the shipped file differs from the fit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from belote2p.services.rating import LEVELS, ArenaResult, fit_anchors  # noqa: E402

KEYS = ("a", "b", "matches", "a_wins", "b_wins", "draws")
PLAYERS = {str(n) for n in LEVELS} | {"random"}


def read_results(paths: list[str]) -> list[ArenaResult]:
    out = []
    for name in paths:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(row, dict) or not all(k in row for k in KEYS):
                continue
            where = f"{name}:{number}"
            if str(row["a"]) not in PLAYERS or str(row["b"]) not in PLAYERS:
                raise SystemExit(f"{where}: players are 1-4 or random, not {row['a']}/{row['b']}")
            counts = [row[k] for k in KEYS[2:]]
            if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in counts):
                raise SystemExit(f"{where}: matches, wins and draws must be whole numbers >= 0")
            if row["matches"] == 0 or sum(counts[1:]) != row["matches"]:
                raise SystemExit(f"{where}: wins + draws must equal matches (> 0)")
            out.append(ArenaResult(str(row["a"]), str(row["b"]), *counts,
                                   command=str(row.get("command", ""))))
    return out


def render(results: list[ArenaResult], ratings: dict[str, float], pin: str, at: float) -> str:
    lines = [
        "# Where the rival's levels stand on the player's rating scale (Elo: 400 points",
        "# for a factor of 10 in the odds).  Written by tools/fit_rating_anchors.py from the",
        "# arena results below; re-run it when the ladder is re-measured (docs/RIVAL.md,",
        "# \"Rating anchors\").  belote2p/services/rating.py checks every value on load.",
        f"# Pinned: {pin} = {at:g}; the rest by least squares on the expected-score curve.",
        "ratings:",
    ]
    for name in sorted(ratings, key=lambda n: (n == "random", n)):
        lines.append(f"  {name}: {ratings[name]:.0f}")
    lines.append("measured:  # A against B: A's score, and the command that measured it")
    for r in results:
        lines.append(f"  - {{a: \"{r.a}\", b: \"{r.b}\", matches: {r.matches}, "
                     f"score: {r.score:.4f}, command: \"{r.command}\"}}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("inputs", nargs="+", help="files of arena JSON lines (- reads stdin)")
    p.add_argument("--pin", default="1=1000", help="the fixed player and rating (default 1=1000)")
    p.add_argument("--out", default=str(ROOT / "rating_anchors.yaml"))
    p.add_argument("--check", action="store_true",
                   help="exit 1 if --out differs from the fit (writes nothing)")
    args = p.parse_args(argv)
    pin, _, value = args.pin.partition("=")
    try:
        at = float(value)
    except ValueError:
        raise SystemExit(f"--pin: PLAYER=RATING, not {args.pin}") from None
    results = read_results(args.inputs)
    if not results:
        raise SystemExit("no arena result lines in the input")
    try:
        ratings = fit_anchors(results, pin, at)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    missing = [str(n) for n in LEVELS if str(n) not in ratings]
    if missing:
        raise SystemExit(f"no arena result for level(s) {', '.join(missing)}")
    text = render(results, ratings, pin, at)
    out = Path(args.out)
    if args.check:
        same = out.is_file() and out.read_text(encoding="utf-8") == text
        print(f"{out}: {'up to date' if same else 'differs from the fit'}")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    for name in sorted(ratings, key=lambda n: (n == "random", n)):
        print(f"{name:>6}: {ratings[name]:7.1f}")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
