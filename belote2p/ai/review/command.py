"""``belote2p review FILE|-``: one JSON line of verdicts per hand record."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from ...lines import BadLine, parse_json
from .engine import DEFAULT_SAMPLES, MAX_SAMPLES, ReviewSettings, review_record


def review_line(line: str | BadLine, settings: ReviewSettings) -> dict[str, Any]:
    """One input line -> its review, or ``{"error": ...}`` (the ``replay`` wording)."""
    if isinstance(line, BadLine):
        return {"error": line.message}
    try:
        record = parse_json(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
    except ValueError as exc:  # nested too deeply, a number too long
        return {"error": str(exc)}
    return review_record(record, settings)


def review_stream(lines: Iterable[str | BadLine], out: TextIO, settings: ReviewSettings) -> int:
    """Review every non-blank line (``lines.read_lines`` gives a ``BadLine`` for one
    that cannot be read); returns 2 if any record was invalid, else 0."""
    status = 0
    for line in lines:
        if not isinstance(line, BadLine) and not line.strip():
            continue
        result = review_line(line, settings)
        if "error" in result:
            status = 2
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()  # a reader sees each hand as soon as it is judged
    return status


def main(args: argparse.Namespace, stream: Iterable[str | BadLine], out: TextIO) -> int:
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if not 1 <= samples <= MAX_SAMPLES:
        print(f"belote2p review: --samples must be 1-{MAX_SAMPLES}, not {samples}", file=sys.stderr)
        return 2
    settings = ReviewSettings(samples=samples, seed=args.seed, with_bids=args.bids)
    return review_stream(stream, out, settings)
