"""The ``belote2p`` command line: the game by default, and the tools.

    belote2p [--data-dir DIR] [--lang L] [play]   open the game window
    belote2p replay FILE                     replay hand records (- = stdin)
    belote2p solve FILE                      solve strict-phase positions
    belote2p review FILE                     judge every card of hand records (- = stdin)
    belote2p arena A B --matches N --seed S [--duplicate]  pit two rival levels against each other
    belote2p demo [...]                      the window with two AIs playing
    belote2p leaderboard [--daily D] [--include-ai] [--json]
                                             your best runs, or a day's board
    belote2p runs [--json]                   every run, newest first
    belote2p stats [--json] [--include-ai] [--skill]   the player's statistics
    belote2p autoplay --level L --seed S     a whole run played by an AI, scored
                      (or --daily YYYY-MM-DD: that day's challenge)
    belote2p export ID                       print a finished run as a run file
    belote2p verify FILE                     check a run file (- = stdin)

This module parses and dispatches; each command's body is in ``belote2p/commands/``
(the window's, ``play`` and ``demo``, in ``ui.main``; ``arena``'s in ``ai.arena``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import BinaryIO, NoReturn

from . import __version__
from .core.fairness import seed_problem
from .core.lines import read_lines
from .services.daily import daily_date_arg
from .services.i18n import UnknownLanguage, resolve_language, set_language
from .services.logs import LEVELS as LOG_LEVELS

# The demo window: from a small laptop screen to 8K.
MIN_SIZE, MAX_SIZE = (640, 400), (7680, 4320)

# The commands whose output a player reads in their language; the others
# (replay, solve, arena, autoplay) print data and need not open the settings.
_WORDED_COMMANDS = ("play", "demo", "leaderboard", "runs", "stats")


# A file or folder name longer than this is refused by every common file system.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096
MAX_RUN_ID = 2**63 - 1  # SQLite's largest row id
MAX_SHOWN = 40  # characters of a value echoed in a message


def _shown(text: str) -> str:
    """``repr(text)`` for a message: a long value is cut, never echoed whole."""
    return repr(text) if len(text) <= MAX_SHOWN else repr(text[:MAX_SHOWN]) + "..."


def _level(text: str) -> str:
    if text in ("1", "2", "3", "4", "random"):
        return text
    raise argparse.ArgumentTypeError(
        f"{_shown(text)} is not a level: expected 1, 2, 3, 4 or random")


def _whole(text: str) -> int:
    digits = text.strip().lstrip("+-")
    if len(digits) > 30:  # also spares int() a number of thousands of digits
        raise argparse.ArgumentTypeError(f"{_shown(text)} is far too large a number")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number") from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _run_id(text: str) -> int:
    """``export ID``: a run id, 1 to SQLite's largest."""
    value = _positive(text)
    if value > MAX_RUN_ID:
        raise argparse.ArgumentTypeError(
            f"{value} is not a run id (ids go from 1 to {MAX_RUN_ID}; belote2p runs lists them)")
    return value


def _seed(text: str) -> str:
    """``--seed`` of every command (arena, demo, review, autoplay): the one seed
    rule, ``fairness.seed_problem``; a daily seed comes only from ``--daily``."""
    problem = seed_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _data_dir(text: str) -> str:
    """``--data-dir``: a folder path, ``~`` expanded; never empty (that would
    silently mean the real user folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder is empty: give a path, e.g. --data-dir ./data")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a usable path")
    expanded = os.path.expanduser(text)
    if expanded.startswith("~"):
        user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
        raise argparse.ArgumentTypeError(
            f"{_shown(text)}: there is no user {_shown(user)} whose home folder "
            f"~{user[:MAX_SHOWN]} could mean")
    path = Path(expanded).absolute()
    for part in path.parts:
        if len(os.fsencode(part)) > MAX_NAME_BYTES:
            raise argparse.ArgumentTypeError(
                f"the folder name {_shown(part)} is longer than {MAX_NAME_BYTES} bytes, "
                "more than file systems allow")
    if len(os.fsencode(str(path))) > MAX_PATH_BYTES - 64:  # room for the database's name
        raise argparse.ArgumentTypeError(f"the path {_shown(str(path))} is too long")
    return str(path)


def _size(text: str) -> str:
    """``--size WxH`` within MIN_SIZE..MAX_SIZE, returned as ``WxH``."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p) <= 9 for p in parts):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a size: expected WxH, e.g. 1280x800")
    w, h = int(parts[0]), int(parts[1])
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{text}: the window must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} "
            f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return f"{w}x{h}"


class _Parser(argparse.ArgumentParser):
    """A bad argument is one line, naming it, and exit 2 (not a usage screen:
    ``--help`` gives that)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


class _Version(argparse.Action):
    """``--version``, naming the game core in use (``ai.core``), loaded only
    then: ``runs``, ``stats`` and ``leaderboard`` never load the AI, 60 ms of
    every command's start (issue #31)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> NoReturn:
        from .ai.core import NAME

        print(f"belote2p {__version__} ({NAME})")
        parser.exit()


def _levels_error() -> type[Exception]:
    """``ai.levels.LevelsError``, looked up only when something was raised (see
    ``_Version``)."""
    from .ai.levels import LevelsError

    return LevelsError


def _server_url(text: str) -> str:
    """``--server URL``: an http(s) address (checked by the setting's own rule)."""
    from .services.world.server_setting import clean_server_url

    url = clean_server_url(text)
    if url is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a server address "
                                         "(http://host:port or https://host)")
    return url


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="belote2p",
        description="Two-player Belote against a computer rival: a streak challenge.")
    parser.add_argument("--version", action=_Version, nargs=0, default=argparse.SUPPRESS,
                        help="show program's version number and exit")
    parser.add_argument("--data-dir", metavar="DIR", type=_data_dir,
                        help="where the leaderboard, saved run and settings live "
                             "(default: $BELOTE2P_DATA_DIR or the user data folder)")
    parser.add_argument("--lang", metavar="{en,pt,es,fr}",
                        help="the language of the game (default: $BELOTE2P_LANG, the saved "
                             "setting, the system locale, else en)")
    parser.add_argument("--server", metavar="URL", dest="window_server", type=_server_url,
                        help="the window plays the world daily on this server, for this "
                             "session only (default: the Settings screen's server, else "
                             "the local daily)")
    parser.add_argument("--log-level", type=str.lower, choices=LOG_LEVELS,
                        help="what the log file keeps, from this level up (default: "
                             "$BELOTE2P_LOG_LEVEL, else info): belote2p.log in $BELOTE2P_LOG_DIR, "
                             "else in the data folder's logs/, else in the user log folder")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("play", help="open the game window (the default)")

    p = sub.add_parser("replay", help="replay hand records, one JSON object a line")
    p.add_argument("file", help="a file of records, or - for standard input")

    p = sub.add_parser("solve", help="solve strict-phase positions, one JSON object a line")
    p.add_argument("file", help="a file of positions, or - for standard input")

    p = sub.add_parser("review", help="judge every card of hand records, one JSON object a line")
    p.add_argument("file", help="a file of records (the replay format), or - for standard input")
    p.add_argument("--samples", type=_positive,
                   help="deals of the unseen cards per stock-phase decision, 1-100 (default 12)")
    p.add_argument("--seed", default="review", type=_seed,
                   help="the sampling seed (default: review)")
    p.add_argument("--bids", action="store_true", help="judge the bids too")
    p.add_argument("--text", action="store_true",
                   help="sentences in the player's language instead of JSON (bids included)")
    p.add_argument("--duplicate", action="store_true",
                   help="each hand played again with level 4 in seat 0, and the skill figure")
    p.add_argument("--rival-level", type=int, choices=(1, 2, 3, 4), default=4,
                   help="with --duplicate: seat 1's level once the lines part (default 4)")

    p = sub.add_parser("arena", help="play matches between two rival levels")
    p.add_argument("a", type=_level, help="level A: 1-4 or random")
    p.add_argument("b", type=_level, help="level B: 1-4 or random")
    p.add_argument("--matches", type=_positive, default=100)
    p.add_argument("--seed", default="0", type=_seed)
    p.add_argument("--jobs", type=_positive, default=1)
    p.add_argument("--levels", metavar="FILE",
                   help="play the levels of this levels file (default: the shipped one)")
    p.add_argument("--duplicate", action="store_true",
                   help="duplicate play: each pair a deal at two tables, the players' "
                        "streams keyed by seat; adds A's luck-free lead a deal")
    p.add_argument("--rows", metavar="FILE",
                   help="with --duplicate: one JSON line a deal (its lead) written to FILE")

    p = sub.add_parser("demo", help="the game window with two AIs playing")
    p.add_argument("--seed", default="0", type=_seed)
    p.add_argument("--levels", nargs=2, type=_level, default=["2", "4"], metavar=("A", "B"))
    p.add_argument("--hands", type=_positive, default=None)
    p.add_argument("--fast", action="store_true", help="no animation delays")
    p.add_argument("--screenshots", metavar="DIR")
    p.add_argument("--size", default="1280x800", type=_size,
                   help=f"window size, WxH ({MIN_SIZE[0]}x{MIN_SIZE[1]} "
                        f"to {MAX_SIZE[0]}x{MAX_SIZE[1]})")

    p = sub.add_parser("leaderboard", help="show the player's best runs")
    p.add_argument("--json", action="store_true", help="a JSON list instead of a table")
    p.add_argument("--include-ai", action="store_true",
                   help="rank autoplay runs with the player's")
    p.add_argument("--daily", metavar="YYYY-MM-DD", type=daily_date_arg,
                   help="that day's daily challenge board: its first attempt only")
    p.add_argument("--by-skill", action="store_true",
                   help="with --daily: ranked by skill a hand against level 4 in your seat")

    p = sub.add_parser("runs", help="every run, newest first")
    p.add_argument("--json", action="store_true", help="a JSON list instead of a table")

    p = sub.add_parser("stats", help="the player's statistics over every run")
    p.add_argument("--json", action="store_true", help="a JSON object instead of text")
    p.add_argument("--include-ai", action="store_true", help="count autoplay runs too")
    p.add_argument("--skill", action="store_true",
                   help="first compare the hands not compared yet with level 4 in your seat "
                        "(CPU for each); with --json, add the rating that needs few matches")

    p = sub.add_parser("autoplay", help="a whole run played by an AI in your seat")
    p.add_argument("--level", type=_level,
                   help="the AI in your seat: 1-4 or random (required but with --server, "
                        "where it is 2)")
    deals = p.add_mutually_exclusive_group()
    deals.add_argument("--seed", type=_seed)
    deals.add_argument("--daily", metavar="YYYY-MM-DD", type=daily_date_arg,
                       help="play that day's daily challenge (its seed: daily-YYYY-MM-DD)")
    deals.add_argument("--server", metavar="URL",
                       help="play today's world daily on that server (the account --name "
                            "is made the first time and kept in the data folder)")
    p.add_argument("--name")
    p.add_argument("--max-matches", type=_positive)
    p.add_argument("--no-skill", action="store_true",
                   help="do not compare each hand with level 4 in your seat at the end "
                        "(stats --json --skill does it later)")

    p = sub.add_parser("board", help="a day's world daily board, from its server")
    p.add_argument("--server", metavar="URL", required=True, help="the server's address")
    p.add_argument("--day", metavar="YYYY-MM-DD", type=daily_date_arg,
                   help="that day's board (default: today's, by the server's clock)")
    p.add_argument("--by", choices=("score", "skill"), default="score",
                   help="rank by score or by skill a hand (default: score)")
    p.add_argument("--json", action="store_true",
                   help="a JSON list, one object per player: name, score, matches_won, "
                        "skill_per_hand, skill_interval, skill_pending")

    p = sub.add_parser("serve", help="run the world daily's server (the [server] extra)",
                       description="Run the world daily's server: it deals, plays the rival, "
                                   "stores every action before it answers and reveals each "
                                   "day's secret after the day closes (00:00 UTC).")
    p.add_argument("--db", metavar="URL",
                   help="the database: sqlite:///PATH or postgresql+psycopg://USER@HOST/DB "
                        "(default: a SQLite file in the data folder)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on "
                                                       "(default: 127.0.0.1)")
    p.add_argument("--port", type=_whole, default=8000,
                   help="the port to listen on, 0 for any free one (default: 8000)")
    p.add_argument("--workers", type=_positive, default=1,
                   help="worker processes (default 1; above 1 needs PostgreSQL)")
    p.add_argument("--trusted-proxy", metavar="ADDR", action="append", default=[],
                   help="a reverse proxy's address whose X-Forwarded-For is believed for "
                        "the rate limits (repeat for several; default: none)")
    p.add_argument("--migrate-only", action="store_true",
                   help="apply the database migrations and exit (for deployments "
                        "that migrate apart)")

    p = sub.add_parser("worker", help="compute the world daily's skill jobs (the [server] "
                                      "extra)")
    p.add_argument("--db", metavar="URL", help="the server's database (as serve --db)")

    p = sub.add_parser("export", help="print a finished run as a run file (JSON)")
    p.add_argument("id", type=_run_id, nargs="?", help="the run's id in the history")
    p.add_argument("--server", metavar="URL",
                   help="instead, a closed day's world-daily run from that server "
                        "(with --day and --name)")
    p.add_argument("--day", metavar="YYYY-MM-DD", type=daily_date_arg,
                   help="with --server: the run's day")
    p.add_argument("--name", help="with --server: the player's name")

    p = sub.add_parser("verify", help="replay a run file: legal actions, the rival's "
                                      "real choices, the claimed score")
    p.add_argument("file", help="a run file, or - for standard input")
    return parser


@contextmanager
def _input(name: str) -> Iterator[BinaryIO]:
    """The file (or stdin for ``-``) as bytes: ``lines.read_lines`` decodes it
    line by line, so one bad line cannot stop the others."""
    if name == "-":
        yield sys.stdin.buffer
        return
    with ExitStack() as closing:
        # Only the opening is guarded: an error while the caller reads is its own.
        try:
            handle = closing.enter_context(open(name, "rb"))
        except OSError as exc:
            raise SystemExit(f"belote2p: cannot read {name}: {exc.strerror or exc}") from None
        yield handle


def _utf8_stdout() -> None:
    """JSON lines out in UTF-8 whatever the console; a lone surrogate from the
    input (valid JSON, not valid UTF-8) is written back as its JSON escape."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    # The one-file desktop build re-runs this program as the AI's spawned
    # worker process; freeze_support hands such a child to multiprocessing
    # (and does nothing in an ordinary Python).
    if getattr(sys, "frozen", False):  # (a plain Python: it does nothing; 8 ms of import)
        import multiprocessing

        multiprocessing.freeze_support()
    args = build_parser().parse_args(argv)
    if args.data_dir is not None:
        os.environ["BELOTE2P_DATA_DIR"] = args.data_dir
    elif os.environ.get("BELOTE2P_DATA_DIR"):
        try:  # the variable gets the checks of --data-dir
            _data_dir(os.environ["BELOTE2P_DATA_DIR"])
        except argparse.ArgumentTypeError as exc:
            print(f"belote2p: $BELOTE2P_DATA_DIR: {exc}", file=sys.stderr)
            return 2
    command = args.command or "play"
    problem = _start_log(args.log_level, command)
    if problem is not None:
        print(f"belote2p: {problem}", file=sys.stderr)
        return 2
    try:
        _choose_language(args.lang, reads_saved=command in _WORDED_COMMANDS
                         or bool(getattr(args, "text", False)))
    except UnknownLanguage as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        return 2
    try:
        return _run(command, args)
    except _levels_error() as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _server_command(command: str, args: argparse.Namespace) -> int:
    """``serve`` and ``worker``: only with the [server] extra installed."""
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        print(f'belote2p: {command} needs the server extra: pip install "belote2p[server]"',
              file=sys.stderr)
        return 2
    from .server.serve import serve_main, worker_main

    return serve_main(args) if command == "serve" else worker_main(args)


def _start_log(cli_level: str | None, command: str) -> str | None:
    """The log set up, once a process (``services.logs``), and its first line;
    gives what is wrong with ``$BELOTE2P_LOG_LEVEL``, if anything."""
    from .services import logs

    level = cli_level or os.environ.get(logs.LEVEL_ENV, "").strip().lower() or logs.DEFAULT_LEVEL
    if level not in logs.LEVELS:
        return (f"${logs.LEVEL_ENV}: {_shown(level)} is not a log level: "
                f"choose one of {', '.join(logs.LEVELS)}")
    logs.configure(level)
    logs.log_start(__version__, command)
    return None


def _choose_language(cli_value: str | None, reads_saved: bool) -> None:
    from .services.language_setting import read_saved_language
    from .ui.system_locale import preferred_languages

    set_language(resolve_language(cli_value, os.environ,
                                  read_saved_language if reads_saved else None,
                                  preferred_languages))


def _run(command: str, args: argparse.Namespace) -> int:
    if command == "replay":
        from .core.record import replay_stream

        _utf8_stdout()
        with _input(args.file) as stream:
            return replay_stream(read_lines(stream), sys.stdout)
    if command == "solve":
        from .commands.solve import main as solve_main

        _utf8_stdout()
        with _input(args.file) as stream:
            return solve_main(read_lines(stream), sys.stdout)
    if command == "review":
        from .commands.review import main as review_main

        if args.text:  # words in the player's language
            from .commands.review import text_main as review_main
        elif args.duplicate:  # level 4 in the player's seat
            from .commands.review import duplicate_main as review_main
        _utf8_stdout()
        with _input(args.file) as stream:
            return review_main(args, read_lines(stream), sys.stdout)
    if command == "arena":
        from .ai.arena import main as arena_main

        return arena_main(args)
    if command == "demo":
        from .ui.main import demo_main

        return demo_main(args)
    if command == "leaderboard":
        from .commands.board import leaderboard_main

        return leaderboard_main(args)
    if command == "runs":
        from .commands.board import runs_main

        return runs_main(args)
    if command == "stats":
        from .commands.board import stats_main

        return stats_main(args)
    if command == "autoplay":
        if args.server is not None:
            from .commands.world import autoplay_world_main

            return autoplay_world_main(args)
        from .commands.autoplay import autoplay_main

        return autoplay_main(args)
    if command == "board":
        from .commands.world import board_world_main

        return board_world_main(args)
    if command in ("serve", "worker"):
        return _server_command(command, args)
    if command == "export":
        if args.server is not None:
            from .commands.world import export_world_main

            return export_world_main(args)
        if args.id is None:
            print("belote2p: export: give a run's id, or --server URL --day D --name NAME",
                  file=sys.stderr)
            return 2
        from .commands.export import export_main

        return export_main(args)
    if command == "verify":
        from .commands.verify import verify_main

        return verify_main(args)
    from .ui.main import play_main

    return play_main(args)
