"""The referee: runs started and played action by action against the rival.

A run is its seed plus its action words (``core.match.Run``); the seed is
derived from the day's secret and the account's id (``fairness.world_run_seed``)
and never leaves this module.  Each player action is checked by the core's
rules, the rival's replies are played by the one rival rule the desktop game
uses (``services.rival.rival_action``: its level from the match number), and
the action, the replies, the receipt and the answer are written in one
transaction before the answer is sent.  The answer is built from the
player's ``SeatView`` only (``services.world.protocol``).

The rival thinks outside any transaction: the write that follows is guarded
by the unique (run, seq) constraint and by the run's move count, so two
workers answering the same action at once store it once, and the loser
answers what the winner stored.
"""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import IntegrityError

from ..core.actions import parse_action
from ..core.fairness import receipt_chain, world_run_seed
from ..core.match import HANDS_PER_MATCH, PLAYER, Run
from ..services.rival import Levels, rival_action
from ..services.world.protocol import view_to_json
from .accounts import Account
from .clock import Clock, day_end, day_of
from .days import engine_version, ensure_days
from .db import actions, days, reading, runs, skill_jobs
from .runlog import day_secret, run_seed, run_words

log = logging.getLogger(__name__)


class Refused(Exception):
    """A request the referee turns down; ``status`` is its HTTP status."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotFound(Refused):
    status = 404


class Conflict(Refused):
    status = 409


class IllegalMove(Refused):
    status = 422


class EngineMismatch(Refused):
    status = 503


@dataclass
class Loaded:
    row: Row[Any]
    seed: str
    run: Run
    words: list[str]


def _load(connection: Connection, run_id: str, account: Account) -> Loaded:
    row = connection.execute(select(runs).where(runs.c.id == run_id)).first()
    if row is None or row.account_id != account.id:
        raise NotFound(f"no run {run_id!r} of this account")
    seed = run_seed(connection, row)
    words = run_words(connection, row)
    return Loaded(row, seed, Run.replay(seed, words), words)


def _rival_replies(run: Run, levels: Levels | None) -> list[str]:
    """The rival's actions until the player is to move or the run is over."""
    start = len(run.actions)
    while not run.over and run.match.to_move not in (PLAYER, None):
        run.apply(rival_action(run, levels))
    return run.actions[start:]


def hand_positions(run: Run) -> list[tuple[int, int]]:
    """(match, hand) of every finished hand of ``run``, in order (0-based)."""
    out = [(index, hand) for index in range(len(run.results))
           for hand in range(HANDS_PER_MATCH)]
    if not run.match.over:  # the match in progress (an ended run keeps its last)
        out += [(run.match.match_index, hand) for hand in range(len(run.match.hand_scores))]
    return out


def status_of(run: Run) -> str:
    """A refereed run is open until it ends (abandoned is the close's to say)."""
    return "over" if run.over else "open"


def answer_of(row_id: str, day: date, run: Run, seq: int, replies: list[str], receipt: str,
              status: str) -> dict[str, Any]:
    """The answer to an action (or a start, or a read): the seat's state only."""
    current = run.match
    return {
        "run_id": row_id, "day": day.isoformat(), "seq": seq, "next_seq": seq + 1,
        "status": status, "replies": replies, "receipt": receipt,
        "state": {
            "streak": run.streak, "margin_total": run.margin_total, "score": run.score,
            "rival_level": run.rival_level, "match": current.match_index,
            "match_scores": list(current.scores),
            "hand_scores": [list(s.scores) for s in current.hand_scores],
            "results": [{"scores": list(r.scores), "winner": r.winner} for r in run.results],
            "view": view_to_json(current.view(PLAYER)),
        },
    }


def _refuse_if_closed(connection: Connection, clock: Clock, day: date) -> datetime:
    now = clock.now(connection)
    closed = connection.execute(select(days.c.closed_at).where(days.c.day == day)).scalar()
    if closed is not None or now >= day_end(day):
        raise Conflict(f"the day {day.isoformat()} is closed: its runs take no more actions")
    return now


def _check_engine(connection: Connection, day: date) -> None:
    """A day is played whole with the engine its row names: a server of another
    rival version (an upgrade mid-day) refuses its runs rather than mix two."""
    engine = connection.execute(select(days.c.engine).where(days.c.day == day)).scalar()
    if engine != engine_version():
        raise EngineMismatch(f"the day {day.isoformat()} is played with another rival "
                      f"({engine}); this server runs {engine_version()}")


def start_run(engine: Engine, clock: Clock, account: Account,
              levels: Levels | None = None) -> dict[str, Any]:
    """Today's run of ``account``: made the first time, the same run after."""
    with engine.begin() as connection:
        now = clock.now(connection)
        ensure_days(connection, now)
        today = day_of(now)
        existing = connection.execute(select(runs.c.id).where(
            runs.c.account_id == account.id, runs.c.day == today)).scalar()
        if existing is None:
            _check_engine(connection, today)
            secret = day_secret(connection, today)
            assert secret is not None
            run = Run(world_run_seed(secret, today, account.id))
            opening = _rival_replies(run, levels)
            run_id = secrets.token_hex(16)
            try:
                with connection.begin_nested():
                    connection.execute(runs.insert().values(
                        id=run_id, account_id=account.id, day=today, status="open",
                        moves=0, opening=" ".join(opening),
                        chain=receipt_chain(today, account.id, opening), streak=0,
                        margin_total=0, score=0, hands=0, started_at=now))
                log.info("run started", extra={"run": run_id, "day": today.isoformat()})
            except IntegrityError:  # the same account's start, committed just before
                pass
        run_id = connection.execute(select(runs.c.id).where(
            runs.c.account_id == account.id, runs.c.day == today)).scalar_one()
        return read_run(connection, run_id, account)


def read_run(connection: Connection, run_id: str, account: Account) -> dict[str, Any]:
    """The run's state now (to resume): as the last answer, with its replies."""
    loaded = _load(connection, run_id, account)
    row = loaded.row
    if row.moves:
        last = connection.execute(select(actions.c.replies).where(
            actions.c.run_id == row.id, actions.c.seq == row.moves)).scalar_one()
    else:
        last = row.opening
    return answer_of(row.id, row.day, loaded.run, row.moves, last.split(), row.chain,
                     row.status)


def _stored_answer(connection: Connection, run_id: str, seq: int, word: str) -> dict[str, Any]:
    stored = connection.execute(select(actions.c.word, actions.c.answer).where(
        actions.c.run_id == run_id, actions.c.seq == seq)).first()
    if stored is None:
        raise Conflict(f"action {seq} of this run was not stored; read the run and retry")
    if stored.word != word:
        raise Conflict(f"action {seq} of this run was already {stored.word!r}, not {word!r}: "
                       "read the run's state to carry on from where it is")
    answer: dict[str, Any] = json.loads(stored.answer)
    return answer


def act(engine: Engine, clock: Clock, account: Account, run_id: str, seq: int, word: str,
        levels: Levels | None = None) -> dict[str, Any]:
    """Play the player's action number ``seq`` (from 1) of the run; the answer."""
    with reading(engine).connect() as connection:
        loaded = _load(connection, run_id, account)
        row = loaded.row
        if seq <= row.moves:  # a retry, or a different action at a used number
            return _stored_answer(connection, row.id, seq, word)
        if seq != row.moves + 1:
            raise Conflict(f"this run's next action is number {row.moves + 1}, not {seq}")
        if row.status != "open":
            raise Conflict(f"this run is {row.status}: it takes no more actions")
        _refuse_if_closed(connection, clock, row.day)
        _check_engine(connection, row.day)
        connection.rollback()
    run = loaded.run
    try:
        action = parse_action(word)
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    if run.match.to_move != PLAYER:
        raise Conflict("it is not the player's turn")  # cannot happen on a stored run
    refusal = run.match.hand.refusal(action)
    if refusal is not None:
        raise IllegalMove(f"{word} is not allowed now: {refusal}")
    hands_before = hand_positions(run)
    run.apply(action)
    replies = _rival_replies(run, levels)
    new_words = [word] + replies
    receipt = receipt_chain(row.day, account.id, loaded.words + new_words)
    finished = hand_positions(run)[len(hands_before):]
    status = status_of(run)
    answer = answer_of(row.id, row.day, run, seq, replies, receipt, status)
    return _store(engine, clock, row, seq, word, replies, receipt, answer, run, finished)


def _store(engine: Engine, clock: Clock, row: Row[Any], seq: int, word: str,
           replies: list[str], receipt: str, answer: dict[str, Any], run: Run,
           finished: list[tuple[int, int]]) -> dict[str, Any]:
    try:
        with engine.begin() as connection:
            now = _refuse_if_closed(connection, clock, row.day)
            connection.execute(actions.insert().values(
                run_id=row.id, seq=seq, word=word, replies=" ".join(replies),
                receipt=receipt, answer=json.dumps(answer, separators=(",", ":")),
                created_at=now))
            moved = connection.execute(update(runs).where(
                runs.c.id == row.id, runs.c.moves == seq - 1, runs.c.status == "open").values(
                moves=seq, chain=receipt, streak=run.streak, margin_total=run.margin_total,
                score=run.score, hands=row.hands + len(finished), status=answer["status"],
                ended_at=now if answer["status"] != "open" else None))
            if moved.rowcount != 1:
                raise IntegrityError("runs", {}, Exception("the run moved meanwhile"))
            for match, hand in finished:  # atomic with the hand's last action
                connection.execute(skill_jobs.insert().values(
                    run_id=row.id, match=match, hand=hand, abandoned=False, done=False,
                    attempts=0))
    except IntegrityError:  # another worker stored this seq first: its answer stands
        with reading(engine).connect() as connection:
            return _stored_answer(connection, row.id, seq, word)
    return answer
