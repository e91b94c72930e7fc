"""The ``belote2p`` command line: the game by default, and the tools.

    belote2p [--data-dir DIR] [play]         open the game window
    belote2p replay FILE                     replay hand records (- = stdin)
    belote2p solve FILE                      solve strict-phase positions
    belote2p arena A B --matches N --seed S  pit two rival levels against each other
    belote2p demo [...]                      the window with two AIs playing
    belote2p leaderboard [--json]            the best runs
    belote2p autoplay --level L --seed S     a whole run played by an AI, scored

Each command's body lives with the layer it belongs to; this module only parses.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

from . import __version__
from .levels import LevelsError


def _level(text: str) -> str:
    if text in ("1", "2", "3", "4", "random"):
        return text
    raise argparse.ArgumentTypeError(f"{text!r} is not a level: expected 1, 2, 3, 4 or random")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="belote2p", description="Two-player Belote against a computer rival: a streak challenge.")
    parser.add_argument("--version", action="version", version=f"belote2p {__version__}")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="where the leaderboard, saved run and settings live "
                             "(default: $BELOTE2P_DATA_DIR or the user data folder)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("play", help="open the game window (the default)")

    p = sub.add_parser("replay", help="replay hand records, one JSON object a line")
    p.add_argument("file", help="a file of records, or - for standard input")

    p = sub.add_parser("solve", help="solve strict-phase positions, one JSON object a line")
    p.add_argument("file", help="a file of positions, or - for standard input")

    p = sub.add_parser("arena", help="play matches between two rival levels")
    p.add_argument("a", type=_level, help="level A: 1-4 or random")
    p.add_argument("b", type=_level, help="level B: 1-4 or random")
    p.add_argument("--matches", type=_positive, default=100)
    p.add_argument("--seed", default="0")
    p.add_argument("--jobs", type=_positive, default=1)

    p = sub.add_parser("demo", help="the game window with two AIs playing")
    p.add_argument("--seed", default="0")
    p.add_argument("--levels", nargs=2, type=_level, default=["2", "4"], metavar=("A", "B"))
    p.add_argument("--hands", type=_positive, default=None)
    p.add_argument("--fast", action="store_true", help="no animation delays")
    p.add_argument("--screenshots", metavar="DIR")
    p.add_argument("--size", default="1280x800", help="window size, WxH")

    p = sub.add_parser("leaderboard", help="show the best runs")
    p.add_argument("--json", action="store_true", help="a JSON list instead of a table")

    p = sub.add_parser("autoplay", help="a whole run played by an AI in your seat")
    p.add_argument("--level", type=_level, required=True)
    p.add_argument("--seed", required=True)
    p.add_argument("--name")
    p.add_argument("--max-matches", type=_positive)
    return parser


@contextmanager
def _input(name: str) -> Iterator[TextIO]:
    if name == "-":
        yield sys.stdin
        return
    try:
        handle = open(name, encoding="utf-8")
    except OSError as exc:
        raise SystemExit(f"belote2p: cannot read {name}: {exc.strerror or exc}") from None
    with handle:
        yield handle


def main(argv: list[str] | None = None) -> int:
    # The one-file desktop build re-runs this program as the AI's spawned
    # worker process; freeze_support hands such a child to multiprocessing
    # (and does nothing in an ordinary Python).
    multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)
    if args.data_dir:
        os.environ["BELOTE2P_DATA_DIR"] = args.data_dir
    command = args.command or "play"
    try:
        return _run(command, args)
    except LevelsError as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _run(command: str, args: argparse.Namespace) -> int:
    if command == "replay":
        from .record import replay_stream

        with _input(args.file) as stream:
            return replay_stream(stream, sys.stdout)
    if command == "solve":
        from .ai.solve_cli import main as solve_main

        with _input(args.file) as stream:
            return solve_main(stream, sys.stdout)
    if command == "arena":
        from .ai.arena import main as arena_main

        return arena_main(args)
    if command == "demo":
        from .ui.app import demo_main

        return demo_main(args)
    if command == "leaderboard":
        from .store.commands import leaderboard_main

        return leaderboard_main(args)
    if command == "autoplay":
        from .store.commands import autoplay_main

        return autoplay_main(args)
    from .ui.app import play_main

    return play_main(args)
