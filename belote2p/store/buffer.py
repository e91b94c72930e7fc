"""The write buffer: what this process changed and has not written yet.

Every change (a setting, the name, a run's actions, a finished run, a hand
record) lands here first and is written by the next transaction that
succeeds, in one go (``write``); until then it is read back from here.  So a
read-only folder, a full disk or a locked database costs no data: it waits
here (normally for the length of one call; for the session when writes fail).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from . import queries, rows
from .api import (
    CONFLICT_MESSAGE,
    HandDifference,
    HandKey,
    RunRow,
    SavedRun,
    abandoned_row,
    dropped_message,
    extends,
)
from .messages import Messages
from .repository import Repository
from .runs import RunTracker, now_iso

RunKey = tuple[str, str]  # (seed, started): a run
YardstickKey = tuple[str, str, str]  # (seed, started, yardstick): a run's differences


@dataclass
class Finished:
    """A finished run recorded here and not written yet: its ``runs`` row
    (``id``: the temporary id), its id once written, and whether the caller
    holds the temporary id (then that id stays the run's for this store)."""

    row: RunRow
    real_id: int | None = None
    handed_out: bool = False

    @property
    def key(self) -> RunKey:
        return self.row.key


@dataclass
class Unsaved:
    """The changes not written yet.  ``name``: set (``has_name``) to a name,
    or None to forget it."""

    settings: dict[str, str | None] = field(default_factory=dict)
    has_name: bool = False
    name: str | None = None
    runs: dict[str, SavedRun | None] = field(default_factory=dict)
    records: dict[RunKey, dict[tuple[int, int], str]] = field(default_factory=dict)
    finished: list[Finished] = field(default_factory=list)
    differences: dict[YardstickKey, dict[HandKey, HandDifference]] = field(
        default_factory=dict)
    opened: str | None = None  # when this store opened the file (``state.opened``)


class WriteBuffer:
    """The unsaved changes of one store and what it must remember about
    them (run trackers, slot kinds, ids handed out before their run was
    written, the settings and name it knows, to write them again into a
    file that replaced ours)."""

    def __init__(self, messages: Messages, repository: Repository, owner: str) -> None:
        self.messages = messages
        self.repository = repository
        self.owner = owner  # host:pid, the owner of the slots written here
        self.unsaved = Unsaved()
        self.trackers: dict[str, RunTracker] = {}
        self.slot_info: dict[str, tuple[str, str | None]] = {}  # slot -> (kind, key)
        self.alias: dict[int, int] = {}  # real entry id -> id handed out before it was saved
        self.next_temp = -1
        self.known_settings: dict[str, str] = {}
        self.known_name: tuple[str | None] | None = None  # (name,) once set here
        self._settled: list[RunRow] = []
        self._conflict = self._conflict_told = False

    # -- changes
    def set_settings(self, texts: dict[str, str | None]) -> None:
        self.unsaved.settings.update(texts)
        for key, text in texts.items():
            if text is None:
                self.known_settings.pop(key, None)
            else:
                self.known_settings[key] = text

    def set_name(self, name: str | None) -> None:
        self.unsaved.has_name, self.unsaved.name = True, name
        self.known_name = (name,)

    def save_run(self, slot: str, saved: SavedRun) -> bool:
        """The run's actions (and the records of the hands they end); True
        when a hand ended (the write is then synced to disk)."""
        tracker = self.trackers.setdefault(slot, RunTracker())
        finished = tracker.advance(saved.seed, saved.started, list(saved.actions))
        self.unsaved.runs[slot] = saved
        for match_index, hand_index, record in finished:
            self.unsaved.records.setdefault(saved.key, {})[
                (match_index, hand_index)] = json.dumps(record)
        return bool(finished)

    def clear_run(self, slot: str, saved: SavedRun | None) -> None:
        if saved is not None:
            self.unsaved.records.pop(saved.key, None)
        self.unsaved.runs[slot] = None
        self.trackers.pop(slot, None)

    def keep_differences(self, key: YardstickKey,
                         hands: dict[HandKey, HandDifference]) -> None:
        self.unsaved.differences.setdefault(key, {}).update(hands)

    def record(self, row: RunRow) -> Finished:
        """A finished run to write; its run in progress goes with it."""
        for slot, saved in list(self.unsaved.runs.items()):
            if saved is not None and saved.key == row.key:
                del self.unsaved.runs[slot]
        for slot, tracker in list(self.trackers.items()):
            if tracker.key == row.key:
                del self.trackers[slot]
        done = Finished(row)
        self.unsaved.finished.append(done)
        return done

    def take_temp_id(self) -> int:
        self.next_temp -= 1
        return self.next_temp + 1

    def real_id(self, handed_out: int) -> int:
        """The stored id of an entry known by the id handed out for it."""
        return {v: k for k, v in self.alias.items()}.get(handed_out, handed_out)

    def rewrite_known(self) -> None:
        """After the file was replaced or moved aside mid-session: write again
        what this process knows (settings, name; the run in progress comes
        whole with its next save, its hand records too)."""
        for key, text in self.known_settings.items():
            self.unsaved.settings.setdefault(key, text)
        if self.known_name is not None and not self.unsaved.has_name:
            self.unsaved.has_name, self.unsaved.name = True, self.known_name[0]
        self.trackers.clear()

    # -- writing
    def write(self, conn: sqlite3.Connection) -> None:
        """Everything unsaved, inside the caller's transaction."""
        self._settled, self._conflict = [], False
        u = self.unsaved
        for key, text in u.settings.items():
            queries.put_setting(conn, key, text)
        if u.has_name:
            queries.put_state(conn, "last_name", u.name)
        if u.opened is not None:
            queries.put_state(conn, "opened", u.opened)
        for done in u.finished:
            done.real_id = queries.insert_run(conn, done.row)
            queries.drop_current_of(conn, *done.key)
        ours = {done.key for done in u.finished}
        stale: set[RunKey] = set()  # runs whose moves here are not to be kept
        for slot, saved in u.runs.items():
            if not self.write_slot(conn, slot, saved, ours) and saved is not None:
                stale.add(saved.key)
        for (seed, started), records in u.records.items():
            if (seed, started) in stale:
                continue
            for (match_index, hand_index), text in records.items():
                queries.put_record(conn, seed, started, match_index, hand_index, text)
        for (seed, started, yardstick), hands in u.differences.items():
            if (seed, started) not in stale:  # measured on moves that do not stand: dropped
                queries.put_differences(conn, seed, started, yardstick, hands)
        if u.finished or any(saved is None for saved in u.runs.values()) or self._settled:
            queries.prune_records(conn)

    def write_slot(self, conn: sqlite3.Connection, slot: str, saved: SavedRun | None,
                   ours: set[RunKey]) -> bool:
        """Write one slot; False when this process's moves there do not stand."""
        old = self.repository.current(conn, slot)
        same = old is not None and saved is not None and old.key == saved.key
        if old is not None and not same:
            self._settle(conn, slot, old, replaced=saved is not None)  # not a way out
        if saved is None:
            queries.drop_current(conn, slot)
            return True
        if old is not None and same and not extends(old.actions, saved.actions):
            self._conflict = True  # another window went another way: it stands
            return False
        if queries.recorded(conn, saved.seed, saved.started):
            return saved.key in ours  # recorded before: it stands
        kind, key = self.slot_info.get(slot, ("game", None))
        queries.put_current(conn, slot, kind, key, self.owner, saved.seed, saved.started,
                            saved.actions, now_iso())
        return True

    def _settle(self, conn: sqlite3.Connection, slot: str, old: SavedRun,
                replaced: bool) -> None:
        if queries.recorded(conn, old.seed, old.started):
            return
        try:
            name = rows.name_value(queries.state(conn, "last_name") or "null")
        except rows.BadRow:
            name = None
        kind, key = queries.slot_kind(conn, slot) or (None, None)
        autoplay = kind == "autoplay" and isinstance(key, str)
        row = abandoned_row(old, name, key if autoplay else None)
        queries.insert_run(conn, row)
        if replaced:
            self._settled.append(row)

    def after_commit(self) -> None:
        """The transaction that wrote everything committed: tell what it
        settled, remember the ids handed out, start afresh."""
        for row in self._settled:
            self.messages.warn(dropped_message(row))
        if self._conflict and not self._conflict_told:
            self._conflict_told = True
            self.messages.warn(CONFLICT_MESSAGE)
        for done in self.unsaved.finished:
            if done.handed_out and done.real_id is not None:
                self.alias[done.real_id] = done.row.id
        self.unsaved = Unsaved()
