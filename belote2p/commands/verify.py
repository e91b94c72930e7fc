"""``belote2p verify FILE|-``: the verdict on a run file (``services.verify``)."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.printable import printable_json
from ..services.runfile import RunFileError, read_capped
from ..services.verify import Status, Verdict, verify_bytes
from ..services.verify_text import verdict_lines


def verify_main(args: argparse.Namespace) -> int:
    """``belote2p verify FILE|-``: the verdict in sentences (the player's language),
    then as the last stdout line, JSON; exit 0/1/2."""
    try:
        if args.file == "-":
            data = read_capped(sys.stdin.buffer)
        else:
            with open(args.file, "rb") as handle:
                data = read_capped(handle)
    except OSError as exc:
        verdict = Verdict(Status.UNREADABLE,
                          problem=f"cannot read {args.file}: {exc.strerror or exc}")
    except RunFileError as exc:
        verdict = Verdict(Status.UNREADABLE, problem=f"not a readable run file: {exc}")
    else:
        verdict = verify_bytes(data)
    if verdict.status is Status.UNREADABLE:
        print(f"belote2p: {verdict.problem}", file=sys.stderr)
    for line in verdict_lines(verdict):  # what it proves, what it only reports
        print(line)
    print(printable_json(json.dumps(verdict.as_json(), ensure_ascii=False)), flush=True)
    return int(verdict.status)
