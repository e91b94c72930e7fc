"""The daily board as web pages: ``make_router(source)`` gives the server's app
its three HTML routes over any ``BoardSource``.

    GET /                               today's board       ?by=score|skill  ?lang=en|pt|es|fr
    GET /day/YYYY-MM-DD                 that day's board
    GET /day/YYYY-MM-DD/run/RUN_ID      a closed day's run, hand by hand, and its file's link

The page's language is ``?lang=`` if it names one of ours, else the best of the
request's ``Accept-Language`` (its q-values honoured), else English; each page
links to the other three.  Every answer carries a strict Content-Security-Policy
(nothing but the page's own style sheet, by its hash: no script, image, font,
frame or form), ``nosniff`` and ``no-referrer``, and no CORS header at all.  A
day or an order the page cannot read, a day with no board, a run not shown (no
such run, or its day still open) gets a page saying so, with a 404 or a 422:
never a 500.

The values the page shows (``BoardRow``, ``DayBoard``, ``RunRecord``) and the
``BoardSource`` protocol live in ``web_model`` and are re-exported here: the
server's database layer implements the protocol.
"""

from __future__ import annotations

import logging
import re
from datetime import date
from typing import Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import HTMLResponse

from ..services.i18n import DEFAULT_LANGUAGE, LANGUAGES, language_of, translator
from .web_model import (
    BOARD_ORDERS,
    BoardOrder,
    BoardRow,
    BoardSource,
    DayBoard,
    RunRecord,
)
from .web_pages import STYLE_HASH, Page, board_page, error_page, run_page
from .web_replay import run_story

__all__ = [
    "SECURITY_HEADERS",
    "BoardOrder",
    "BoardRow",
    "BoardSource",
    "DayBoard",
    "RunRecord",
    "make_router",
    "page_language",
]

log = logging.getLogger(__name__)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        f"default-src 'none'; style-src '{STYLE_HASH}'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
DAY_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_RUN_ID = 128  # no run id is longer; a longer one names no run
MAX_LINKED_PATH = 256  # a longer address's language links go to the board of today
SHOWN_INPUT = 40  # what of a bad value an error page repeats
HTML = "text/html"
# The pages' answers besides 200, for the schema (/openapi.json): HTML too.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such day or run (an HTML page says so)",
          "content": {HTML: {"schema": {"type": "string"}}}},
    422: {"description": "A day or an order the page cannot read (an HTML page says which)",
          "content": {HTML: {"schema": {"type": "string"}}}},
}


# -- the page's language ---------------------------------------------------------------

def page_language(lang: str | None, accept_language: str | None) -> str:
    """``?lang=`` when it names one of ours, else the request's preferred
    language among ours (``Accept-Language``), else English."""
    if lang is not None and lang.strip().lower() in LANGUAGES:
        return lang.strip().lower()
    return accepted_language(accept_language or "") or DEFAULT_LANGUAGE


def accepted_language(header: str) -> str | None:
    """The first of our languages in the header's order of preference (q
    highest first, ties in the order written; ``q=0`` means "not this one";
    ``*`` takes English)."""
    wanted: list[tuple[float, int, str]] = []
    for index, item in enumerate(header[:1000].split(",")):
        tag, _sep, params = item.strip().partition(";")
        quality = _quality(params)
        code = DEFAULT_LANGUAGE if tag.strip() == "*" else language_of(tag.strip())
        if code is not None and quality > 0:
            wanted.append((-quality, index, code))
    return min(wanted)[2] if wanted else None


def _quality(params: str) -> float:
    for param in params.split(";"):
        key, _sep, value = param.strip().partition("=")
        if key.strip().lower() == "q":
            try:
                quality = float(value)
            except ValueError:
                return 0.0
            return quality if 0.0 <= quality <= 1.0 else 0.0
    return 1.0


# -- the routes ----------------------------------------------------------------------

def make_router(source: BoardSource) -> APIRouter:
    """The board's HTML routes over ``source`` (include them in the server's app)."""
    router = APIRouter(tags=["pages"], default_response_class=HTMLResponse)

    def answer(page: Page, html: str, status: int = 200) -> HTMLResponse:
        headers = {**SECURITY_HEADERS, "Content-Language": page.lang,
                   "Vary": "Accept-Language", "Cache-Control": "no-cache"}
        return HTMLResponse(html, status_code=status, headers=headers)

    def start(request: Request, lang: str | None, accept: str | None,
              by: str | None) -> tuple[Page, BoardOrder | None]:
        tr = translator(page_language(lang, accept))
        order = _order(by)
        kept = (("by", order),) if order is not None and by is not None else ()
        path = request.url.path if len(request.url.path) <= MAX_LINKED_PATH else "/"
        return Page(tr, path, kept), order

    def board_answer(page: Page, order: BoardOrder | None, by: str | None, day: date,
                     today: date) -> HTMLResponse:
        if order is None:
            return answer(page, *_bad_order(page, by or ""))
        board = source.board(day, order)
        if board is None:
            return answer(page, *_no_board(page, day))
        return answer(page, board_page(page, board, today))

    @router.get("/", responses=ERROR_RESPONSES, summary="Today's board (HTML)")
    def today_board(request: Request, by: str | None = None, lang: str | None = None,
                    accept_language: str | None = Header(None)) -> HTMLResponse:
        page, order = start(request, lang, accept_language, by)
        today = source.today()
        return board_answer(page, order, by, today, today)

    @router.get("/day/{day}", responses=ERROR_RESPONSES, summary="A day's board (HTML)")
    def day_board(request: Request, day: str, by: str | None = None, lang: str | None = None,
                  accept_language: str | None = Header(None)) -> HTMLResponse:
        page, order = start(request, lang, accept_language, by)
        when = _day(day)
        if when is None:
            return answer(page, *_bad_day(page, day))
        return board_answer(page, order, by, when, source.today())

    @router.get("/day/{day}/run/{run_id}", responses=ERROR_RESPONSES,
                summary="A closed day's run, hand by hand (HTML)")
    def run(request: Request, day: str, run_id: str, by: str | None = None,
            lang: str | None = None,
            accept_language: str | None = Header(None)) -> HTMLResponse:
        back_order = _order(by) or "score"  # only where the page's link back goes
        page, _ = start(request, lang, accept_language, back_order if by else None)
        when = _day(day)
        if when is None:
            return answer(page, *_bad_day(page, day))
        record = source.run_record(when, run_id) if len(run_id) <= MAX_RUN_ID else None
        if record is None:
            return answer(page, *_no_run(page, when))
        story = run_story(record.seed, record.actions)
        if story.broken_at is not None:
            log.warning("run %s of %s: the record stops at action %d (%s)", run_id[:40],
                        when, story.broken_at, story.broken_because)
        return answer(page, run_page(page, when, run_id, record, story, back_order))

    return router


def _order(by: str | None) -> BoardOrder | None:
    if by is None:
        return "score"
    for order in BOARD_ORDERS:
        if by == order:
            return order
    return None


def _day(text: str) -> date | None:
    if not DAY_PATTERN.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _shown(value: str) -> str:
    return value if len(value) <= SHOWN_INPUT else value[:SHOWN_INPUT] + "…"


def _bad_day(page: Page, text: str) -> tuple[str, int]:
    tr = page.tr
    # TRANSLATORS: a web address whose day cannot be read; {value} is what it said
    message = tr._("“{value}” is not a day: write it as YYYY-MM-DD, for example {example}.").format(
        value=_shown(text), example="2026-12-04")
    return error_page(page, tr._("Not a day"), message), 422


def _bad_order(page: Page, text: str) -> tuple[str, int]:
    tr = page.tr
    # TRANSLATORS: a web address asking for a board order other than score or skill
    message = tr._("“{value}” is not an order of the board: choose score or skill.").format(
        value=_shown(text))
    return error_page(page, tr._("Not an order of the board"), message), 422


def _no_board(page: Page, day: date) -> tuple[str, int]:
    tr = page.tr
    # TRANSLATORS: a day the server has no board for (too far ahead, or before the server)
    message = tr._("The server has no board for {date}.").format(date=tr.date(day))
    return error_page(page, tr._("No board for this day"), message), 404


def _no_run(page: Page, day: date) -> tuple[str, int]:
    tr = page.tr
    # TRANSLATORS: a run's web page that cannot be shown (unknown, or its day still open)
    message = tr._("There is no such run on {date}, or the day is still open: a day's runs "
                   "are shown once it closes, with the secret that checks them.").format(
        date=tr.date(day))
    return error_page(page, tr._("No run to show"), message), 404
