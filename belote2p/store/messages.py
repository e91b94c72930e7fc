"""What the store tells: its warnings (stderr + ``warnings``) and whether it saves.

Shared by the three parts of the store (``keeper``, ``buffer``,
``repository``) so that a problem is told once, in one voice.
"""

from __future__ import annotations

import contextlib
import sys

from . import rows
from .connection import describe


class Messages:
    """The warnings of one store, the rows already reported, and ``saving``
    (False while writes fail)."""

    def __init__(self, shown: str, *, echo: bool = True) -> None:
        self.shown = shown  # where the data is, in messages
        self.echo = echo
        self.warnings: list[str] = []
        self.saving = True
        self._bad_told: set[str] = set()

    def warn(self, message: str) -> None:
        self.warnings.append(message)
        if self.echo:
            with contextlib.suppress(OSError, ValueError):
                print(f"belote2p: {message}", file=sys.stderr, flush=True)

    def bad_row(self, table: str, bad: rows.BadRow) -> None:
        """Report a row that fails its check (once per table and session)."""
        if table not in self._bad_told:
            self._bad_told.add(table)
            self.warn(f"a row of {table} in {self.shown} is not valid ({bad}); it is skipped.")

    def left_off(self, run_id: int, replayed_score: int) -> None:
        """Tell once that run ``run_id`` is left off the boards: the figures
        stored with it are not those its moves replay to (``replayed_score``)."""
        key = f"left-off/{run_id}"
        if key not in self._bad_told:
            self._bad_told.add(key)
            self.warn(f"run {run_id} in {self.shown} is left off the boards: its stored "
                      f"figures are not what its moves give (a score of {replayed_score}); "
                      "edited? `belote2p runs` shows it as altered.")

    def skipped_differences(self, count: int) -> None:
        """Tell once that ``count`` kept hand comparisons do not count."""
        key = f"skipped-differences/{count}"
        if key not in self._bad_told:
            self._bad_told.add(key)
            self.warn(f"{count} kept hand comparison(s) in {self.shown} are left out of the "
                      "skill figure: not a hand of their run, out of range, or not written by "
                      "the game (edited?); `belote2p stats --skill` compares those hands again.")

    def save_failed(self, exc: BaseException) -> None:
        if self.saving:
            self.saving = False
            self.warn(f"cannot save to {self.shown}: {describe(exc)}. The game goes on "
                      "without saving (it keeps trying).")

    def save_worked(self) -> None:
        if not self.saving:
            self.saving = True
            self.warn(f"saving to {self.shown} works again; nothing was lost.")


class MemoryMessages(Messages):
    """A store in memory never saves: ``saving`` stays False, and a failure
    of the database in memory (a bug, or memory exhausted) is told once."""

    def __init__(self, shown: str, *, echo: bool = False) -> None:
        super().__init__(shown, echo=echo)
        self.saving = False
        self._failed = False

    def save_failed(self, exc: BaseException) -> None:
        if not self._failed:
            self._failed = True
            self.warn(f"the store in memory failed: {describe(exc)}.")

    def save_worked(self) -> None:
        """Nothing: a store in memory never saves."""
