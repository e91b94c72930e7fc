"""What the commands share: the store they open, and a stdout that prints any name."""

from __future__ import annotations

import contextlib
import sys

from ..store.api import Store


def open_store() -> Store:
    """The store; a database that is not ours to touch (it or its folder not
    a file or a folder, or written by a newer version): one line, exit 2."""
    from ..store.connection import Untouchable
    from ..store.sqlite import open_store as open_sqlite_store

    try:
        store: Store = open_sqlite_store()
    except Untouchable as exc:
        print(f"belote2p: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    return store


def printable_stdout() -> None:
    """A name the terminal (or file) cannot encode is shown with replacement
    characters instead of stopping the command."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="replace")
