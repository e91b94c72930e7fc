"""The board's web pages, rendered by the real router in a FastAPI app over a
fake ``BoardSource`` (tests/support/web_board.py): languages, escaping, the
security headers, the replay of a closed day's run, and every bad address
answered with a page, never a 500."""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from datetime import date

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from belote2p.core.match import Run
from belote2p.server.web import DayBoard, page_language
from belote2p.services.i18n import current_language
from tests.support.web_board import (
    COMMITMENT,
    DIGEST,
    SECRET,
    TODAY,
    YESTERDAY,
    board_app,
    played_actions,
    row,
    sample_source,
)


@pytest.fixture(scope="module")
def source():
    return sample_source()


@pytest.fixture(scope="module")
def client(source):
    return TestClient(board_app(source))


def test_today_board_lists_every_row_with_its_figures(client):
    answer = client.get("/?lang=en")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert "Daily board · Dec 4, 2026" in html
    assert "30,412" in html and "20,150" in html
    assert COMMITMENT in html
    assert SECRET not in html and DIGEST not in html  # an open day keeps its secret
    assert "Open: the day closes at 00:00 UTC" in html
    assert html.count('<tr><td class="rank num">') == 4
    # the skill column: a figure with its interval, too few hands, pending
    assert "+4.3" in html and "+0.5 to +8.1 · 12 hands" in html
    assert "too few hands" in html and "6 of 8 hands" in html
    assert "pending" in html and ">playing<" in html
    # an open day's rows link to no replay
    assert "/run/" not in html


def test_closed_day_shows_secret_digest_and_replay_links(client):
    html = client.get("/day/2026-12-03?lang=en").text
    assert SECRET in html and DIGEST in html
    assert "Closed: every run is final" in html
    assert "no deal was changed afterwards" in html
    for index in range(6):
        assert f'href="/day/2026-12-03/run/run-{index}?lang=en"' in html
    assert 'rel="next" href="/?by=score&amp;lang=en"' in html  # the next day is today


def test_the_secret_is_never_shown_for_an_open_day_even_if_given():
    class Leaky:
        def today(self):
            return TODAY

        def board(self, day, by):
            return DayBoard(day, by, COMMITMENT, False, SECRET, DIGEST, 8, ())

        def run_record(self, day, run_id):
            return None

    html = TestClient(board_app(Leaky())).get("/").text
    assert SECRET not in html and DIGEST not in html
    assert "No one has played this day yet." in html


def test_the_order_switch_and_the_json_twin(client):
    html = client.get("/day/2026-12-03?by=skill&lang=en").text
    assert re.search(r'<a href="/day/2026-12-03\?by=skill&amp;lang=en" aria-current="page">'
                     r"By skill</a>", html)
    assert '<a href="/day/2026-12-03?by=score&amp;lang=en">By score</a>' in html
    assert 'href="/api/v1/days/2026-12-03/board?by=skill"' in html
    ranks = re.findall(r'title="([^"]*)"', html)
    assert ranks[-1] == "&lt;script&gt;alert(1)&lt;/script&gt;"  # pending: last by skill
    today = client.get("/?lang=en").text
    assert 'href="/api/v1/days/2026-12-04/board?by=score"' in today


@pytest.mark.parametrize(("code", "title", "number"), [
    ("en", "Daily board · Dec 4, 2026", "30,412"),
    ("pt", "Quadro do dia · 4 de dez. de 2026", "30.412"),
    ("es", "Clasificación del día · 4 dic 2026", "30.412"),
    ("fr", "Classement du jour · 4 déc. 2026", "30\u202f412"),
])
def test_each_language_words_numbers_and_dates(client, code, title, number):
    answer = client.get(f"/?lang={code}")
    assert answer.headers["content-language"] == code
    html = answer.text
    assert f'<html lang="{code}">' in html
    assert title in html
    assert number in html
    for other in ("en", "pt", "es", "fr"):  # the links to the other languages
        assert f'hreflang="{other}"' in html
    assert current_language() == "en"  # the process's language never moved


@pytest.mark.parametrize(("header", "lang", "expected"), [
    ("fr-CH, fr;q=0.9, en;q=0.8", None, "fr"),
    ("de;q=1.0, es;q=0.4, pt;q=0.7", None, "pt"),
    ("pt-BR", None, "pt"),
    ("en;q=0.1, es", None, "es"),
    ("fr;q=0, es;q=0.001", None, "es"),
    ("fr;q=0", None, "en"),
    ("de, *;q=0.5", None, "en"),
    ("es;q=abc, fr", None, "fr"),
    ("", None, "en"),
    (None, None, "en"),
    ("fr", "pt", "pt"),
    ("fr", "PT", "pt"),
    ("fr", "xx", "fr"),  # an unknown ?lang= falls back to the header
])
def test_the_language_of_a_request(header, lang, expected):
    assert page_language(lang, header) == expected


def test_accept_language_picks_the_page_language(client):
    answer = client.get("/", headers={"Accept-Language": "de-DE, es;q=0.8, fr;q=0.5"})
    assert '<html lang="es">' in answer.text
    assert "vary" in answer.headers and "Accept-Language" in answer.headers["vary"]


def test_languages_at_once_never_mix(source):
    """Many threads each asking its own language: each page is wholly its own."""
    app = board_app(source)
    wrong: list[str] = []

    def ask(code: str) -> None:
        with TestClient(app) as own:
            for _ in range(5):
                html = own.get("/day/2026-12-03/run/run-3", params={"lang": code}).text
                if f'<html lang="{code}">' not in html or ("Donne 1" in html) != (code == "fr"):
                    wrong.append(code)

    threads = [threading.Thread(target=ask, args=(code,)) for code in ("en", "pt", "es", "fr") * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_security_headers_and_the_style_hash(client):
    answer = client.get("/day/2026-12-03", headers={"Origin": "https://evil.example"})
    policy = answer.headers["content-security-policy"]
    assert policy.startswith("default-src 'none'; ")
    assert "unsafe" not in policy and "script-src" not in policy
    style = re.search(r"<style>(.*?)</style>", answer.text, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in policy
    assert "frame-ancestors 'none'" in policy and "form-action 'none'" in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert not any(name.lower().startswith("access-control-") for name in answer.headers)
    assert "<script" not in answer.text and " style=" not in answer.text


def test_hostile_names_are_text_everywhere(client):
    for path in ("/?lang=en", "/day/2026-12-03", "/day/2026-12-03/run/run-1",
                 "/day/2026-12-03/run/run-2"):
        html = client.get(path).text
        assert "<script>alert" not in html and "<img" not in html, path
        assert "onerror=alert(1)&gt;" in html or "&lt;script&gt;" in html, path


def test_the_run_page_tells_every_hand_as_the_core_plays_it(client, source):
    record = source.runs["run-3"]
    run = Run.replay(record.seed, list(record.actions))
    answer = client.get("/day/2026-12-03/run/run-3?lang=en")
    assert answer.status_code == 200
    html = answer.text
    assert 'href="/api/v1/days/2026-12-03/runs/run-3/file"' in html
    assert f"Score {run.score:,}" in html
    assert html.count('<section class="match">') == len(run.results)
    assert html.count('<article class="hand">') == 2 * len(run.results)
    assert html.count('<tr><td class="n num">') == 16 * 2 * len(run.results)
    for number, result in enumerate(run.results, 1):
        mine, theirs = result.scores
        assert re.search(rf"Match {number} · Rival level \d · (won|lost|drawn) "
                         rf"{mine:,}–{theirs:,}", html)
    assert "Dealer: " in html and "Turned card" in html and "Trumps " in html
    # the language links keep the order the page's link back to the board goes to
    html = client.get("/day/2026-12-03/run/run-3?by=skill&lang=fr").text
    assert 'href="/day/2026-12-03/run/run-3?by=skill&amp;lang=pt"' in html
    assert 'href="/day/2026-12-03?by=skill&amp;lang=fr"' in html
    assert "Donne 1" in html and re.search(r">R[♠♥♦♣]</span>", html)  # French card letters


def test_a_run_stopped_by_the_close_and_a_damaged_record(source, client):
    from belote2p.server.web import RunRecord

    seed = "stopped"
    source.runs["stopped"] = RunRecord("Ana", seed, played_actions(seed, 1, stop=50), 0)
    html = client.get("/day/2026-12-03/run/stopped?lang=en").text
    assert "Unfinished: the day closed during this hand." in html
    assert "unfinished: the day closed" in html
    source.runs["damaged"] = RunRecord("Ana", seed, ("pass", "XX", "pass"), 0)
    answer = client.get("/day/2026-12-03/run/damaged?lang=en")
    assert answer.status_code == 200
    assert "The record stops at action 2, which the rules refuse" in answer.text


@pytest.mark.parametrize(("path", "status", "words"), [
    ("/day/2026-13-03", 422, "is not a day"),
    ("/day/yesterday", 422, "is not a day"),
    ("/day/2026-02-30", 422, "is not a day"),
    ("/day/" + "9" * 5000, 422, "is not a day"),
    ("/day/%3Cscript%3E", 422, "is not a day"),
    ("/day/2020-01-01", 404, "The server has no board for Jan 1, 2020"),
    ("/?by=name", 422, "is not an order of the board"),
    ("/day/2026-12-03?by=%00", 422, "is not an order of the board"),
    ("/day/2026-12-03/run/nope", 404, "There is no such run"),
    ("/day/2026-12-04/run/t0", 404, "the day is still open"),  # today's runs: not yet
    ("/day/2026-12-03/run/" + "r" * 500, 404, "There is no such run"),
    ("/day/x/run/y", 422, "is not a day"),
])
def test_bad_addresses_get_a_page_never_a_500(client, path, status, words):
    answer = client.get(path + ("&" if "?" in path else "?") + "lang=en")
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("text/html")
    assert words in answer.text
    assert "<script" not in answer.text
    assert len(answer.text) < 20_000  # a long bad value is not echoed whole
    assert answer.headers["content-security-policy"].startswith("default-src 'none'")


def test_a_day_is_read_as_a_calendar_day(source, client):
    source.calls.clear()
    client.get("/day/2026-12-03?by=skill")
    assert source.calls == [("board", (YESTERDAY, "skill"))]


def test_skill_figures_in_french():
    from tests.support.web_board import FakeBoardSource

    fake = FakeBoardSource()
    fake.rows[TODAY] = [row("Zoé", 100, hands=20, skill=-6.54, interval=(-12.0, -1.04))]
    html = TestClient(board_app(fake)).get("/?lang=fr").text
    assert "\u22126,5" in html and "\u221212,0 à \u22121,0 · 20 donnes" in html
    assert date(2026, 12, 4) == TODAY
