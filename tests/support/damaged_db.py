"""Damaged databases, made from a real store: bits flipped in a table's pages."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

from belote2p.commands.autoplay import play_autoplay
from belote2p.store import open_store
from belote2p.store.paths import DB_NAME


def btree(db: Path, table: str) -> tuple[int, int, list[int]]:
    """The page size, and the root page and leaf pages (in key order) of ``table``."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        pages = conn.execute("SELECT pageno, pagetype FROM dbstat WHERE name = ? "
                             "ORDER BY path", (table,)).fetchall()
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    return size, pages[0][0], [number for number, kind in pages if kind == "leaf"]


Flips = Callable[[int, list[int]], tuple[tuple[int, int, int], ...]]  # (page, byte, bit)s


def _hand_records_flips(root: int, leaves: list[int]) -> tuple[tuple[int, int, int], ...]:
    return (root, 28, 7), (leaves[0], 4, 4), (leaves[-1], 13, 1)


def seven_runs_with_flipped_bits(folder: Path, table: str = "hand_records",
                                 flips: Flips = _hand_records_flips) -> Path:
    """Seven autoplay runs, then three bits flipped in ``table``'s pages (by
    default the hand records': quick_check says "Rowid 22 out of order", the
    issue's kind of damage); ``flips`` gives them from the root page and the
    leaf pages."""
    store = open_store(folder, echo=False)
    for i in range(1, 8):
        play_autoplay(store, "1", f"r{i}", "AI level 1", 3, compare=False)
    store.close()
    db = folder / DB_NAME
    page, root, leaves = btree(db, table)
    data = bytearray(db.read_bytes())
    for number, offset, bit in flips(root, leaves):
        data[(number - 1) * page + offset] ^= 1 << bit
    db.write_bytes(bytes(data))
    return db


def _value_flip(db: Path, table: str, text: bytes, bit: int) -> tuple[int, int, int]:
    """(page, byte, bit) flipping ``bit`` of the first byte of ``text`` where it
    lies in ``table``'s leaf pages (a value of one row, say)."""
    page, _root, leaves = btree(db, table)
    data = db.read_bytes()
    for number in leaves:
        offset = data.find(text, (number - 1) * page, number * page)
        if offset >= 0:
            return number, offset - (number - 1) * page, bit
    raise AssertionError(f"{text!r} is in no leaf page of {table}")


def seven_runs_with_a_damaged_value(folder: Path) -> Path:
    """Seven autoplay runs, then one run's stored ``results`` made unreadable
    (a bit of its JSON's first byte: ``[`` becomes ``Z``) and the runs' tree
    damaged as round three's test damages it (a leaf's cell count, a bit of
    the root): the sqlite3 shell still reads all seven rows, the file fails
    its check and is moved aside; the damaged run's record, its seed and its
    actions, is intact."""
    store = open_store(folder, echo=False)
    for i in range(1, 8):
        play_autoplay(store, "1", f"r{i}", "AI level 1", 3, compare=False)
    store.close()
    db = folder / DB_NAME
    with contextlib.closing(sqlite3.connect(db)) as conn:
        (results,) = conn.execute("SELECT results FROM runs WHERE seed = 'r4'").fetchone()
    flips = [_value_flip(db, "runs", results.encode(), 0)]
    page, root, leaves = btree(db, "runs")
    flips += [(root, 45, 5), (leaves[0], 4, 4), (leaves[0], 4, 5)]
    data = bytearray(db.read_bytes())
    for number, offset, bit in flips:
        data[(number - 1) * page + offset] ^= 1 << bit
    db.write_bytes(bytes(data))
    return db
