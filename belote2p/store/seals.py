"""The seal of a kept hand comparison (``hand_skill.proof``, schema 6, issue #44).

A hand's difference with level 4 costs some 0.2 s to compute, so it is kept,
not recomputed when read.  What is kept must still be what the game computed:
the store seals each row when it writes it (a 64-bit BLAKE2b digest of the
row's key and numbers, domain-tagged), and every reader counts only the rows
whose seal holds (``SEALED``, an SQL function registered on each of the
store's connections).  A row written around the store (``INSERT OR REPLACE``
from the ``sqlite3`` shell, a script) has no seal or a wrong one: it is left
out, named, and compared again where the game compares (``stats --skill``,
History).  What a seal cannot stop is a forger who recomputes it from this
code: it guards the local statistics against edits and damage, as the
triggers do; the proof of a run is ``verify`` of its exported file.
"""

from __future__ import annotations

import hashlib
import sqlite3

_TAG = b"belote2p/hand_skill/1"
SEAL_FUNCTION = "belote2p_hand_seal"


def seal_of_row(table: str = "s") -> str:
    """The SQL of the seal of ``table``'s hand_skill row: its texts as bytes,
    so that a damaged text (not UTF-8) fails its seal, never the whole query."""
    return (f"{SEAL_FUNCTION}(CAST({table}.seed AS BLOB), CAST({table}.started AS BLOB), "
            f"CAST({table}.yardstick AS BLOB), {table}.match_index, {table}.hand_index, "
            f"{table}.yours, {table}.rival)")


def hand_seal(seed: bytes | str, started: bytes | str, yardstick: bytes | str,
              match: object, hand: object, yours: object, rival: object) -> int:
    """The seal of one kept hand comparison: a signed 64-bit integer (what an
    SQLite integer holds)."""
    digest = hashlib.blake2b(digest_size=8, person=b"belote2p-skill")
    for part in (_TAG, seed, started, yardstick):
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        if not isinstance(data, bytes):
            return 0  # NULL or a number where a text belongs: no seal matches it
        digest.update(len(data).to_bytes(4, "big") + data)
    digest.update(repr((match, hand, yours, rival)).encode("ascii", "backslashreplace"))
    return int.from_bytes(digest.digest(), "big", signed=True)


def register(conn: sqlite3.Connection) -> None:
    """Make ``SEAL_FUNCTION`` callable in ``conn``'s SQL."""
    conn.create_function(SEAL_FUNCTION, 7, hand_seal, deterministic=True)
