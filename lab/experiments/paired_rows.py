"""Two duplicate runs on the same deals, compared deal by deal.

    python lab/experiments/paired_rows.py FIRST.rows SECOND.rows

Each file is the ``--rows`` of a duplicate run (``belote2p arena --duplicate
--rows``, ``ceiling.py --rows``, ``sweep.py --duplicate --rows``) on the same
seed, so deal k is the same deal in both (say level 4 shown everything against
PIMC, and level 4 blind against PIMC).  Prints one JSON line: over the deals
both hold, the mean of FIRST's lead minus SECOND's, in hand points and in
match value, with 95% half-widths (``arena.Estimate``).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from belote2p.ai.arena import Estimate


def read_rows(path: str) -> dict[int, dict[str, Any]]:
    """A rows file's deals by index; a clear message if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        return {int(r["deal"]): r for r in rows}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"paired_rows: cannot read the rows of {path}: {exc}") from exc


def paired(first: dict[int, dict[str, Any]], second: dict[int, dict[str, Any]]) -> dict[str, Any]:
    both = sorted(set(first) & set(second))
    if len(both) < 2:
        raise SystemExit("paired_rows: the runs share fewer than two deals (the same seed?)")
    out: dict[str, Any] = {"deals": len(both)}
    for key in ("lead", "match_value"):
        out[key] = Estimate.of([first[k][key] - second[k][key] for k in both]).as_json()
    return out


def main() -> int:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.splitlines()[2].strip())
    print(json.dumps(paired(read_rows(sys.argv[1]), read_rows(sys.argv[2]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
