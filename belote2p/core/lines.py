"""Reading the line-by-line input of ``belote2p replay`` and ``belote2p solve``.

Input is read as bytes, one bounded line at a time, so a huge line is refused
without being held in memory, and a line that is not UTF-8 is reported on its
own while the lines around it still go through.  ``parse_json`` turns the
ways ``json.loads`` fails beyond syntax (nesting too deep, a whole number too
long) into ``ValueError``s with a readable message.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

MAX_LINE_BYTES = 1 << 20  # 1 MiB: far beyond any real record, small enough to refuse fast
_CHUNK = 1 << 16


class TooLarge(ValueError):
    """A file larger than its cap (it was not read beyond it)."""


def read_capped(handle: BinaryIO, limit: int) -> bytes:
    """All of ``handle``, at most ``limit`` bytes: one byte more is read to tell,
    and then TooLarge (never an endless read: ``/dev/zero`` is refused at once)."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"larger than {limit:,} bytes")
    return data


@dataclass(frozen=True)
class BadLine:
    """A line that cannot be read as text; ``message`` says why."""

    message: str


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[str | BadLine]:
    """Every line of ``stream``, decoded, or a ``BadLine`` in its place."""
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit and not raw.endswith(b"\n"):
            _skip_rest_of_line(stream)
            yield BadLine(f"the line is longer than {_size(limit)}, the limit for one line")
            continue
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield BadLine(f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at byte {exc.start + 1})")


def _skip_rest_of_line(stream: BinaryIO) -> None:
    while True:
        chunk = stream.readline(_CHUNK)
        if not chunk or chunk.endswith(b"\n"):
            return


def _size(limit: int) -> str:
    return "1 MiB" if limit == MAX_LINE_BYTES else f"{limit} bytes"


def parse_json(text: str) -> Any:
    """``json.loads``; a JSONDecodeError for bad syntax, a ValueError with a
    readable message for JSON too deeply nested or with an over-long number."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # e.g. a whole number of more than 4300 digits
        raise ValueError(f"the JSON cannot be read ({exc})") from None
