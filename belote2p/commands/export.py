"""``belote2p export ID``: a finished run as a run file on stdout."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..services.runfile import build_run_file, dumps
from ..store.api import ExportSource, RunStatus
from .common import open_store, printable_stdout

# The store's lookup of a finished run by id.
FindRun = Callable[[int], ExportSource | None]


def export_main(args: argparse.Namespace) -> int:
    """``belote2p export ID``: the run file on stdout (``services.runfile``);
    an id that is no finished run, or a run kept without its moves: one line
    on stderr, exit 2."""
    store = open_store()
    record = store.run_record(args.id)
    if record is None or record.status is RunStatus.IN_PROGRESS:
        print(f"belote2p: export: there is no finished run {args.id} "
              "(belote2p runs lists them with their ids)", file=sys.stderr)
        return 2
    if not record.exportable:
        print(f"belote2p: export: run {args.id} was recorded before runs kept their moves, "
              "so it cannot be exported", file=sys.stderr)
        return 2
    printable_stdout()
    return print_run_file(args, store.run_for_export)


def print_run_file(args: argparse.Namespace, find: FindRun | None) -> int:
    """The run file of run ``args.id`` on stdout; 1 if there is no such run.

    ``find`` is the store's lookup of a finished run by id (None: this store
    cannot export).
    """
    if find is None:
        print("belote2p: export: this store keeps no actions of finished runs, "
              "so it cannot export them", file=sys.stderr)
        return 2
    source = find(args.id)
    if source is None:
        print(f"belote2p: export: no finished run {args.id} "
              f"(leaderboard --json gives each run's id)", file=sys.stderr)
        return 1
    sys.stdout.write(dumps(build_run_file(source).as_json()))
    sys.stdout.flush()
    return 0
