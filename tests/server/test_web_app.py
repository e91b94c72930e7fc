"""The board's pages in the server's real app (``create_app``) on a SQLite
database: a run played action by action through the API shows on today's
page, and once the day closes its page shows the revealed secret and the run
hand by hand, as the core replays it from the server's record, with a link to
the run file that ``verify`` finds valid offline."""

from __future__ import annotations

import random
import re
from datetime import datetime, timezone

import pytest

pytest.importorskip("sqlalchemy")
from fastapi.testclient import TestClient

from belote2p.server.app import create_app
from belote2p.server.clock import ManualClock
from belote2p.services.verify import verify_bytes

from .helpers import make_settings, new_account, play

NAME = "<b>Zoé</b> & \"co\""  # hostile markup, within the 24 characters a name may have
MORNING = datetime(2026, 12, 4, 9, 30, tzinfo=timezone.utc)


@pytest.fixture
def server(tmp_path):
    clock = ManualClock(MORNING)
    settings = make_settings(f"sqlite:///{tmp_path / 'world.db'}", clock,
                             in_process_worker=False)
    with TestClient(create_app(settings)) as client:
        yield client, clock


def play_a_run(client) -> dict:
    """A whole run of the hostile name, played through the API; its last answer."""
    return play(client, new_account(client, NAME), random.Random(7))[-1]


def test_a_run_played_through_the_app_on_the_board_and_its_replay(server):
    client, clock = server
    final = play_a_run(client)
    results = final["state"]["results"]
    score = final["state"]["score"]

    today = client.get("/?lang=en")
    assert today.status_code == 200
    html = today.text
    assert "Daily board · Dec 4, 2026" in html and "Open: the day closes" in html
    assert "&lt;b&gt;Zoé&lt;/b&gt; &amp; &quot;co&quot;" in html and "<b>Zoé" not in html
    assert f'<td class="score num">{score:,}</td>' in html
    assert "/run/" not in html  # no replay while the day is open
    day = client.get("/api/v1/days/2026-12-04").json()
    assert day["secret"] is None and day["commitment"] in html
    assert client.get(f"/day/2026-12-04/run/{final['run_id']}").status_code == 404

    clock.set(datetime(2026, 12, 5, 0, 1, tzinfo=timezone.utc))
    closed_day = client.get("/api/v1/days/2026-12-04").json()  # (the API closes a day due)
    assert closed_day["closed"] and closed_day["secret"]
    page = client.get("/day/2026-12-04?lang=fr").text
    assert closed_day["secret"] in page and closed_day["transcript_digest"] in page
    link = re.search(r'href="(/day/2026-12-04/run/[^"?]+)\?lang=fr"', page)
    assert link is not None
    replay = client.get(link.group(1) + "?lang=en")
    assert replay.status_code == 200
    shown = replay.text
    assert f"Score {score:,}" in shown
    assert shown.count('<section class="match">') == len(results)
    for number, result in enumerate(results, 1):
        mine, theirs = result["scores"]
        assert f"Match {number} · Rival level {min(number, 4)} · " in shown
        assert f"{mine:,}–{theirs:,}" in shown
    assert f'href="/api/v1/days/2026-12-04/runs/{final["run_id"]}/file"' in shown
    headers = replay.headers
    assert headers["content-security-policy"].startswith("default-src 'none'")
    assert headers["x-content-type-options"] == "nosniff"

    # the page's download link gives the run file that verify checks offline
    download = re.search(r'<a class="button" href="([^"]+)" download>', shown).group(1)
    run_file = client.get(download)
    assert run_file.status_code == 200
    verdict = verify_bytes(run_file.content, now=datetime(2026, 12, 6, tzinfo=timezone.utc))
    assert verdict.valid, verdict.problem


def test_the_pages_json_twin_is_the_apis_board(server):
    client, _clock = server
    play_a_run(client)
    html = client.get("/?by=skill").text
    twin = re.search(r'<link rel="alternate" type="application/json" href="([^"]+)"', html)
    assert twin is not None
    board = client.get(twin.group(1).replace("&amp;", "&"))
    assert board.status_code == 200
    assert board.json()["by"] == "skill"
    assert [row["name"] for row in board.json()["rows"]] == [NAME]


def test_the_page_closes_a_day_over_by_the_clock_before_showing_it(server):
    """After midnight the day's page itself closes the day (the JSON board does
    so too): it never calls yesterday open, and shows the revealed secret at the
    first look, with no API call before it."""
    client, clock = server
    final = play_a_run(client)
    clock.set(datetime(2026, 12, 5, 0, 1, tzinfo=timezone.utc))
    page = client.get("/day/2026-12-04?lang=en").text
    assert "Open: the day closes" not in page
    day = client.get("/api/v1/days/2026-12-04").json()
    assert day["closed"] and day["secret"] in page and day["transcript_digest"] in page
    assert client.get(f"/day/2026-12-04/run/{final['run_id']}?lang=en").status_code == 200
