"""The world daily as the window plays it: the account, the run, its journal,
and each answer turned into the actions the table tells.

No pygame: the window calls ``WorldDaily``'s blocking methods off its frame
loop (``WorldDaily.submit``: one thread of its own, so a slow server never
waits behind the store's reads) and polls the futures.  Every request goes
through the one client module (``client.WorldClient``); an unreachable server
is tried again without end, with growing pauses, while ``reconnecting`` says so
(the server answers the same action number with the answer it stored, so a
retry can neither lose an action nor play it twice).

The journal (one JSON line per answer, in the data folder) is what lets a
closed window resume the same run: the server's answers give the seat's view
but not the run's past, which the table's shadow is rebuilt from.  The action
about to be sent is written first, so a window closed between sending and
reading sends the very same action again when it comes back.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ...core.actions import Action, parse_action
from ...core.match import Run
from ...store.paths import data_dir
from .client import Credentials, TokenFile, WorldClient, WorldError
from .shadow import Answer, Shadow

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_PAUSE_MAX = 5.0  # seconds between two tries of an unreachable server, at most
# A run's journal: a few hundred answers of 2-3 kB; a file far past that is not one
JOURNAL_MAX = 16 * 1024 * 1024


class NoJournal(WorldError):
    """The server's run has moves this data folder never saw (it was begun in
    another folder): its past cannot be shown here."""


@dataclass
class Journal:
    """A world run's answers, one JSON line each, and the action being sent."""

    path: Path

    def read(self) -> tuple[list[tuple[str | None, dict[str, Any]]], tuple[int, str] | None]:
        """The answers kept (each with the word that led to it) and the action
        sent last if its answer was not kept.  A torn last line is ignored."""
        answers: list[tuple[str | None, dict[str, Any]]] = []
        sent: tuple[int, str] | None = None
        try:
            with open(self.path, "rb") as source:
                data = source.read(JOURNAL_MAX + 1)
        except FileNotFoundError:
            return answers, None
        if len(data) > JOURNAL_MAX:
            raise NoJournal(f"{self.path} is larger than a world run's journal can be")
        lines = data.decode("utf-8", errors="replace").splitlines()
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut by a crash: its action is sent again
            if "answer" in entry:
                answers.append((entry.get("word"), entry["answer"]))
                sent = None
            elif "sent" in entry:
                sent = (int(entry["sent"]), str(entry["word"]))
        return answers, sent

    def _append(self, entry: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            out.flush()
            os.fsync(out.fileno())

    def sending(self, seq: int, word: str) -> None:
        self._append({"sent": seq, "word": word})

    def answered(self, word: str | None, answer: dict[str, Any]) -> None:
        self._append({"word": word, "answer": answer})


def journal_path(base_url: str, run_id: str, folder: Path | None = None) -> Path:
    server = hashlib.sha256(base_url.rstrip("/").lower().encode()).hexdigest()[:12]
    safe = "".join(ch for ch in run_id if ch.isalnum())[:64]
    return (folder or data_dir()) / "world-runs" / f"{server}-{safe}.jsonl"


@dataclass
class Feed:
    """One answer being told at the table: the player's action (applied once
    the server has answered it), then the rival's replies one by one; each is
    prepared on the shadow (``Shadow.before``) just before it is applied, and
    the seat's view is compared with the server's once all are."""

    shadow: Shadow
    answer: Answer
    actions: list[Action] = field(default_factory=list)
    applied_before: int = 0  # the run's action count when the feed began

    @classmethod
    def of(cls, shadow: Shadow, answer: Answer) -> Feed:
        words = ([answer.word] if answer.word is not None else []) + list(answer.replies)
        shadow.begin(answer)
        return cls(shadow, answer, [parse_action(w) for w in words],
                   len(shadow.run.actions))

    def next_action(self) -> Action | None:
        """The next action to apply (prepared), None when all are."""
        if not self.actions:
            return None
        action = self.actions.pop(0)
        self.shadow.before(action)
        return action

    def peek(self) -> Action | None:
        return self.actions[0] if self.actions else None

    def done(self, run: Run) -> bool:
        """Every action applied: the seat's view is checked (ShadowMismatch)."""
        if self.actions:
            return False
        self.shadow.check(self.answer)
        return True


class WorldDaily:
    """One server's world daily for this data folder."""

    def __init__(self, base_url: str, tokens: TokenFile | None = None,
                 folder: Path | None = None, attempts: int = 4, backoff: float = 0.25):
        self.base_url = base_url.rstrip("/")
        self.tokens = tokens or TokenFile()
        self.folder = folder
        self.reconnecting = False  # the last try failed: trying again
        self._stop = threading.Event()
        self.client = WorldClient(self.base_url, attempts=attempts, backoff=backoff,
                                  timeout=10.0, sleep=self._pause)
        kept = self.tokens.get(self.base_url)
        self.credentials: Credentials | None = kept
        if kept is not None:
            self.client.token = kept.token
        self.run_id: str | None = None
        self.day: str | None = None  # the run's day (YYYY-MM-DD), by the server's clock
        self.journal: Journal | None = None
        self._pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="world")

    # ------------------------------------------------------------ off the loop
    def submit(self, fn: Callable[[], T]) -> cf.Future[T]:
        return self._pool.submit(fn)

    def close(self) -> None:
        """Stops retrying and lets the thread end (the window closes)."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self.client.close()

    def _pause(self, seconds: float) -> None:
        """The client's pause between tries: the table says "reconnecting…"."""
        self.reconnecting = True
        if self._stop.wait(seconds):
            raise WorldError("the window closed")

    def _persist(self, call: Callable[[], T]) -> T:
        """``call`` until the server answers (an unreachable server is tried
        again without end; a refusal is raised)."""
        pause = 0.5
        while True:
            try:
                result = call()
            except WorldError as exc:
                if exc.status not in (None, 429) or self._stop.is_set():
                    raise
                log.info("the server cannot be reached; trying again in %.1f s", pause)
                self._pause(pause)
                pause = min(pause * 2, RETRY_PAUSE_MAX)
                continue
            self.reconnecting = False
            return result

    # ------------------------------------------------------------ the account
    @property
    def has_account(self) -> bool:
        return self.credentials is not None

    def reachable(self) -> bool:
        """Does the server answer at all (one try, no retries)?"""
        try:
            self.client.http.get("/health", timeout=3.0)
        except Exception:  # noqa: BLE001 - any failure to connect reads as unreachable
            return False
        return True

    def create_account(self, name: str) -> Credentials:
        """The account made and its token kept; WorldError with the server's
        message (a taken or refused name) otherwise."""
        made = self.client.create_account(name)
        self.tokens.put(self.base_url, made)
        self.credentials = made
        return made

    # ------------------------------------------------------------ the run
    def open_run(self) -> tuple[Shadow, Answer | None]:
        """Today's run: the shadow ready to play on, and the answer still to
        tell at the table (the run's start, with the rival's first actions),
        None when the run is resumed (everything so far is already applied)."""
        start = self._persist(self.client.start_run)
        run_id = str(start["run_id"])
        self.run_id, self.day = run_id, str(start["day"])
        self.journal = Journal(journal_path(self.base_url, run_id, self.folder))
        kept, sent = self.journal.read()
        if not kept:
            if int(start["seq"]) != 0:
                raise NoJournal(f"this world run was begun in another data folder (it is at "
                                f"action {start['seq']}): carry it on there")
            self.journal.answered(None, start)
            first = Answer.of(start, None)
            return Shadow(run_id, first), first
        shadow = Shadow(run_id, Answer.of(kept[0][1], None))
        for word, answer in kept:
            shadow.apply(Answer.of(answer, word))
        if sent is not None and sent[0] == shadow.seq + 1:
            shadow.apply(self.act(sent[0], sent[1]))  # sent, never read: the same again
        if shadow.seq != int(start["seq"]):
            raise NoJournal("this world run moved on in another data folder: carry it on there")
        return shadow, None

    def act(self, seq: int, word: str) -> Answer:
        """Action ``seq`` sent (journalled first), the answer journalled and given."""
        assert self.journal is not None and self.run_id is not None
        self.journal.sending(seq, word)
        run_id = self.run_id
        answer = self._persist(lambda: self.client.act(run_id, seq, word))
        self.journal.answered(word, answer)
        return Answer.of(answer, word)
