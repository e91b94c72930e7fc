"""Fit the levels' duplicate figures and compare the two ratings' intervals
(issue #32).

    python tools/fit_duplicate_anchors.py benchmarks/duplicate_ladder.jsonl
        [--out duplicate_anchors.yaml] [--check] [--after 3]

Reads the lines ``tools/measure_duplicate.py`` printed.  The fit: each level's
average difference a hand against level 4 (level 4: 0, by construction) and
the spread of a hand's difference about its level's average (pooled over the
levels whose hands were replayed).  Then, with levels 1-4 standing in for
players, each level's matches are cut into groups of ``--after`` matches (in
the order played) and each group rated twice: by its results alone
(``rating.estimate``, the interval ``rating.rating_of`` would show if it did
not wait for ``rating.MIN_MATCHES``) and by ``skill_rating`` (results and
hands); it prints the median 95 % half-widths and how often each interval
holds the level's own anchor.  ``--check`` writes nothing and exits 1 if the
shipped file differs from the fit.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from belote2p.services.rating import LEVELS, Z95, estimate, load_anchors  # noqa: E402
from belote2p.services.skill_rating import (  # noqa: E402
    FILE_NAME,
    DuplicateAnchors,
    duplicate_anchors_from,
    joined,
)

Match = tuple[int, float, list[int]]  # the rival's level, the score, the hands' differences


def read_runs(paths: list[str]) -> dict[int, list[Match]]:
    """Each player level's matches, in the order measured."""
    by_level: dict[int, list[Match]] = {n: [] for n in LEVELS}
    for name in paths:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            by_level[int(row["player"])] += [(m["level"], float(m["score"]), m["differences"])
                                             for m in row["matches"]]
    return by_level


def fit(by_level: dict[int, list[Match]]) -> dict[str, object]:
    per_hand: dict[int, float] = {}
    deviations: list[float] = []
    for level, matches in by_level.items():
        hands = [d for _lv, _s, ds in matches for d in ds]
        per_hand[level] = 0.0 if level == 4 else round(statistics.fmean(hands), 1)
        if level != 4:
            deviations += [d - statistics.fmean(hands) for d in hands]
    hand_sd = math.sqrt(sum(x * x for x in deviations) / (len(deviations) - len(LEVELS) + 1))
    counts = {level: sum(len(ds) for _lv, _s, ds in m) for level, m in by_level.items()}
    return {"per_hand": per_hand, "hand_sd": round(hand_sd, 1), "hands": counts}


def yaml_text(fitted: dict[str, object], sources: list[str]) -> str:
    per_hand = fitted["per_hand"]
    hands = fitted["hands"]
    assert isinstance(per_hand, dict) and isinstance(hands, dict)
    commands = sorted({json.loads(line)["command"] for name in sources
                       for line in Path(name).read_text(encoding="utf-8").splitlines()})
    lines = ["# Each level's average difference a hand against level 4 in the player's seat",
             "# (your points minus level 4's, services/duplicate.py), and the spread of one",
             "# hand's difference.  Written by tools/fit_duplicate_anchors.py from the lines",
             "# of tools/measure_duplicate.py (docs/RIVAL.md, \"A rating that needs few",
             "# matches\"); belote2p/services/skill_rating.py checks every value on load.",
             "per_hand:"]
    lines += [f"  {n}: {per_hand[n]:g}  # {hands[n]} hands" for n in LEVELS]
    lines += [f"hand_sd: {fitted['hand_sd']:g}", "measured_by:"]
    lines += [f"  - \"{c}\"" for c in commands]
    return "\n".join(lines) + "\n"


def compare(by_level: dict[int, list[Match]], figures: DuplicateAnchors,
            after: int) -> None:
    anchors = load_anchors()
    print("level  groups  results alone ±  results+hands ±  holds its anchor (alone / joined)")
    widths: list[tuple[float, float]] = []
    for level, matches in by_level.items():
        groups = [matches[i:i + after] for i in range(0, len(matches) - after + 1, after)]
        rows = []
        for group in groups:
            results = [(lv, s) for lv, s, _ds in group]
            alone = estimate([(anchors.of(lv), s) for lv, s in results], anchors.centre)
            both = joined(results, [d for _lv, _s, ds in group for d in ds], anchors, figures)
            rows.append((alone, both))
        if not rows:
            continue
        half = [(Z95 * a[1], Z95 * b[1]) for a, b in rows]
        widths += half
        held = [(abs(a[0] - anchors.of(level)) <= Z95 * a[1],
                 abs(b[0] - anchors.of(level)) <= Z95 * b[1]) for a, b in rows]
        print(f"{level:>5}  {len(rows):>6}  {statistics.median(h[0] for h in half):>15.0f}  "
              f"{statistics.median(h[1] for h in half):>15.0f}  "
              f"{sum(h[0] for h in held)}/{len(held)} / {sum(h[1] for h in held)}/{len(held)}")
    median_alone = statistics.median(w[0] for w in widths)
    median_joined = statistics.median(w[1] for w in widths)
    print(json.dumps({"after_matches": after, "groups": len(widths),
                      "median_half_width_results": round(median_alone),
                      "median_half_width_joined": round(median_joined),
                      "narrower_by": round(1 - median_joined / median_alone, 3)}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--out", default=str(ROOT / FILE_NAME))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--after", type=int, default=3)
    args = parser.parse_args()
    by_level = read_runs(args.files)
    text = yaml_text(fit(by_level), args.files)
    if args.check:
        return int(Path(args.out).read_text(encoding="utf-8") != text)
    Path(args.out).write_text(text, encoding="utf-8")
    import yaml

    figures = duplicate_anchors_from(yaml.safe_load(text), args.out)
    compare(by_level, figures, args.after)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
