"""The endpoints under /api/v1, plus /health and /ready.

Thin: each checks who asks and how often, then hands over to the referee,
the accounts, the days or the board, inside a transaction of its own.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import select, text

from ..core.fairness import DailyDateError, parse_daily_date
from . import accounts as account_rules
from .clock import utc
from .days import read_day
from .db import reading, runs
from .export import run_file as export_run_file
from .migrate import is_current
from .models import (
    AccountAnswer,
    ActionRequest,
    BoardAnswer,
    BoardRowModel,
    DayAnswer,
    Health,
    Me,
    NewAccountRequest,
    Problem,
    RecoverRequest,
    RunAnswer,
)
from .ratelimit import Limit, client_key, hit
from .referee import Conflict, NotFound, Refused, act, read_run, start_run
from .tasks import maintain

router = APIRouter()
bearer = HTTPBearer(auto_error=False)
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 401, 404, 409, 413, 422, 429, 503)}


class Unauthorized(Refused):
    status = 401


def _world(request: Request) -> Any:
    return request.app.state.world


def _limit(request: Request, what: str, limit: Limit) -> None:
    world = _world(request)
    who = client_key(request.client.host if request.client else None,
                     request.headers.get("x-forwarded-for"), world.settings.trusted_proxies)
    with world.engine.begin() as connection:
        hit(connection, what, who, limit, world.clock.now(connection).timestamp())


def _account(request: Request,
             credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
             ) -> account_rules.Account:
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthorized("this needs an account's token: Authorization: Bearer <token>")
    with reading(_world(request).engine).connect() as connection:
        account = account_rules.account_of_token(connection, credentials.credentials)
    if account is None:
        raise Unauthorized("this token belongs to no account")
    return account


Player = Annotated[account_rules.Account, Depends(_account)]
RunId = Annotated[str, Path(pattern="^[0-9a-f]{32}$", description="a run's id: 32 hex digits")]


def _day(text_: str) -> date:
    try:
        return parse_daily_date(text_)
    except DailyDateError as exc:
        raise Refused(str(exc)) from None


@router.get("/health", response_model=Health, tags=["service"])
def health() -> Health:
    """Alive: the process answers (it does not ask the database)."""
    return Health(status="ok")


@router.get("/ready", response_model=Health, responses=ERRORS, tags=["service"])
def ready(request: Request, response: Response) -> Any:
    """Ready: the database answers and its schema is the shipped one."""
    world = _world(request)
    with reading(world.engine).connect() as connection:
        connection.execute(text("SELECT 1"))
    if not is_current(world.engine):
        response.status_code = 503
        return Health(status="the database's schema is not current: run serve --migrate-only")
    return Health(status="ready")


@router.post("/api/v1/accounts", response_model=AccountAnswer, status_code=201,
             responses=ERRORS, tags=["accounts"])
def create_account(body: NewAccountRequest, request: Request) -> AccountAnswer:
    """A new account: its token and a one-time recovery code, shown this once."""
    world = _world(request)
    _limit(request, "accounts", world.settings.account_limit)
    try:
        with world.engine.begin() as connection:
            made = account_rules.create_account(connection, body.name,
                                                world.clock.now(connection))
    except account_rules.NameRefused as exc:
        raise Refused(str(exc)) from None
    except account_rules.NameTaken as exc:
        raise Conflict(str(exc)) from None
    return AccountAnswer(name=made.account.name, token=made.token,
                         recovery_code=made.recovery_code)


@router.post("/api/v1/accounts/recover", response_model=AccountAnswer, responses=ERRORS,
             tags=["accounts"])
def recover_account(body: RecoverRequest, request: Request) -> AccountAnswer:
    """A new token (and a new recovery code) for the account whose code this is."""
    world = _world(request)
    _limit(request, "accounts", world.settings.account_limit)
    with world.engine.begin() as connection:
        made = account_rules.recover(connection, body.name, body.recovery_code)
    if made is None:
        raise Unauthorized("no account has this name and recovery code")
    return AccountAnswer(name=made.account.name, token=made.token,
                         recovery_code=made.recovery_code)


@router.get("/api/v1/me", response_model=Me, responses=ERRORS, tags=["accounts"])
def me(account: Player) -> Me:
    return Me(name=account.name)


@router.post("/api/v1/runs", response_model=RunAnswer, responses=ERRORS, tags=["runs"])
def start(request: Request, account: Player) -> Any:
    """Today's run of this account: started the first time, the same run after."""
    world = _world(request)
    _limit(request, "runs", world.settings.run_limit)
    return start_run(world.engine, world.clock, account)


@router.get("/api/v1/runs/{run_id}", response_model=RunAnswer, responses=ERRORS,
            tags=["runs"])
def state(run_id: RunId, request: Request,
          account: Player) -> Any:
    """The run's state now, to resume it."""
    with reading(_world(request).engine).connect() as connection:
        return read_run(connection, run_id, account)


@router.post("/api/v1/runs/{run_id}/actions", response_model=RunAnswer, responses=ERRORS,
             tags=["runs"])
def action(run_id: RunId, body: ActionRequest, request: Request,
           account: Player) -> Any:
    """The player's action number ``seq``: stored, then answered with the rival's
    replies and the seat's state.  The same action again gets the same answer."""
    world = _world(request)
    _limit(request, "actions", world.settings.action_limit)
    return act(world.engine, world.clock, account, run_id, body.seq, body.word)


def _day_answer(request: Request, day: date) -> DayAnswer:
    world = _world(request)
    maintain(world)  # a day past midnight closes before it is shown
    with reading(world.engine).connect() as connection:
        found = read_day(connection, day)
        if found is None:
            raise NotFound(f"no day {day.isoformat()} on this server")
        receipts = None
        if found.closed:
            receipts = sorted(connection.execute(
                select(runs.c.chain).where(runs.c.day == day)).scalars().all())
    return DayAnswer(day=day.isoformat(), commitment=found.commitment, engine=found.engine,
                     closed=found.closed, secret=found.secret,
                     transcript_digest=found.transcript_digest, final_receipts=receipts)


@router.get("/api/v1/days/today", response_model=DayAnswer, responses=ERRORS, tags=["days"])
def today(request: Request) -> DayAnswer:
    world = _world(request)
    with reading(world.engine).connect() as connection:
        now = utc(world.clock.now(connection))
    return _day_answer(request, now.date())


@router.get("/api/v1/days/{day}", response_model=DayAnswer, responses=ERRORS, tags=["days"])
def day_info(day: str, request: Request) -> DayAnswer:
    """A day's commitment; its secret, digest and final receipts once it is closed."""
    return _day_answer(request, _day(day))


@router.get("/api/v1/days/{day}/board", response_model=BoardAnswer, responses=ERRORS,
            tags=["days"])
def board(day: str, request: Request, by: Literal["score", "skill"] = "score") -> BoardAnswer:
    """The day's board, each player once, by score or by skill."""
    world = _world(request)
    wanted = _day(day)
    maintain(world)
    found = world.board.board(wanted, by)
    if found is None:
        raise NotFound(f"no day {wanted.isoformat()} on this server")
    return BoardAnswer(
        day=found.day.isoformat(), by=found.by, commitment=found.commitment,
        closed=found.closed, secret=found.secret, transcript_digest=found.transcript_digest,
        min_skill_hands=found.min_skill_hands,
        rows=[BoardRowModel(**row.__dict__) for row in found.rows])


@router.get("/api/v1/days/{day}/runs/{run_id}/file", response_model=dict[str, Any],
            responses=ERRORS, tags=["days"])
def run_file(day: str, run_id: RunId, request: Request) -> dict[str, Any]:
    """A closed day's run as a run file ``belote2p verify`` checks offline
    (409 while the day is open)."""
    world = _world(request)
    wanted = _day(day)
    maintain(world)
    return export_run_file(world.engine, str(request.base_url).rstrip("/"), wanted, run_id)
