"""The server's app: ``create_app(settings)`` builds it, for ``serve``, the tests
and schemathesis alike.

Every endpoint is a plain function FastAPI runs in its thread pool, so the
rival's thinking and the database never block the event loop.  Every refusal
is a 4xx whose ``detail`` names what is wrong; a database that cannot be
reached answers 503 with ``Retry-After``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from .. import __version__
from .ratelimit import RateLimited
from .referee import Refused
from .settings import Settings, World

__all__ = ["Settings", "create_app"]

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
    """413 for a body over the limit, declared or streamed."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(self.limit, send)
            return
        seen, too_large, replaced = 0, False, False

        async def counted() -> Message:
            nonlocal seen, too_large
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                too_large = True
                raise _BodyTooLarge()
            return message

        async def answer(message: Message) -> None:
            # The app may turn the interrupted read into an answer of its own (a 400
            # "error parsing the body"): the 413 goes out instead.
            nonlocal replaced
            if too_large:
                if not replaced:
                    replaced = True
                    await _too_large(self.limit, send)
                return
            await send(message)

        try:
            await self.app(scope, counted, answer)
        except _BodyTooLarge:
            if not replaced:
                await _too_large(self.limit, send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(limit: int, send: Send) -> None:
    response = JSONResponse({"detail": f"the request body is over {limit} bytes"}, 413)
    await send({"type": "http.response.start", "status": 413,
                "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    world = World(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from .tasks import start_background, stop_background

        start_background(world)
        try:
            yield
        finally:
            stop_background(world)
            world.engine.dispose()

    app = FastAPI(title="Belote 2P world daily", version=__version__, lifespan=lifespan,
                  description="The referee of the world daily: accounts, runs refereed "
                              "action by action, the days' commitments and boards.")
    app.state.world = world
    from .tasks import prepare

    prepare(world)
    _errors(app)
    from .api import router

    app.include_router(router)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, exc.status)

    @app.exception_handler(RateLimited)
    async def limited(_request: Request, exc: RateLimited) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, 429,
                            headers={"Retry-After": str(exc.retry_after)})

    async def unavailable(_request: Request, exc: Exception) -> JSONResponse:
        log.warning("database unavailable", extra={"error": type(exc).__name__})
        return JSONResponse({"detail": "the database is unavailable; try again shortly"},
                            503, headers={"Retry-After": "5"})

    for kind in (OperationalError, DBAPIError, PoolTimeout):
        app.add_exception_handler(kind, unavailable)

    @app.exception_handler(DataError)
    async def unstorable(_request: Request, _exc: DataError) -> JSONResponse:
        # A value no column can hold (a NUL character on PostgreSQL): the request's fault.
        return JSONResponse({"detail": "the request holds a value the database cannot "
                                       "store (a NUL character?)"}, 400)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in error.get('loc', ()))}: {error.get('msg', 'invalid')}"
            for error in exc.errors())
        return JSONResponse({"detail": problems or "the request is malformed"}, 422)
