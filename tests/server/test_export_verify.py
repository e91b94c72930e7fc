"""A closed day's runs verify offline with ``belote2p verify``; before the close
there is nothing to export; a file edited anywhere fails."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from belote2p.core.fairness import transcript_digest
from belote2p.services.runfile import dumps
from belote2p.services.verify import Fact, Standing, verify_bytes

from .helpers import new_account, play

AFTER = datetime(2026, 12, 6, tzinfo=timezone.utc)  # verify's clock: after the day


@pytest.fixture()
def closed_day(client, clock):
    finished = play(client, new_account(client, "mia"), random.Random(1))[-1]
    unfinished = play(client, new_account(client, "ned"), random.Random(2), limit=9)[-1]
    early = client.get(f"/api/v1/days/2026-12-04/runs/{finished['run_id']}/file")
    assert early.status_code == 409 and "still open" in early.json()["detail"]
    clock.move(timedelta(hours=12))
    files = [client.get(f"/api/v1/days/2026-12-04/runs/{answer['run_id']}/file")
             for answer in (finished, unfinished)]
    assert all(f.status_code == 200 for f in files)
    return [f.json() for f in files]


def _verdict(data):
    return verify_bytes(dumps(data).encode("utf-8"), now=AFTER)


def test_every_run_of_a_closed_day_verifies_offline(closed_day):
    finished, abandoned = closed_day
    for data, end in ((finished, {"lost", "drawn"}), (abandoned, {"abandoned"})):
        verdict = _verdict(data)
        assert verdict.valid, verdict.problem
        assert data["end"] in end and data["daily"] is None
        assert dict(verdict.facts)[Fact.WORLD] is Standing.PROVEN
        assert verdict.score == data["score"]


EDITS = [
    (lambda d: d["world"].update(secret="0" * 64), "does not open the commitment"),
    (lambda d: d["world"].update(account="0" * 32), "not this account's"),
    (lambda d: d["world"].update(receipt="0" * 64), "receipt chain"),
    (lambda d: d["world"].update(final_receipts=["1" * 64]), "transcript digest"),
    (lambda d: d.update(actions=d["actions"][:-1]), "receipt chain"),
    (lambda d: d.update(score=d["score"] + 1), "score"),
]


def test_a_file_edited_anywhere_fails(closed_day):
    for edit, problem in EDITS:
        data = json.loads(json.dumps(closed_day[0]))
        edit(data)
        verdict = _verdict(data)
        assert not verdict.valid and problem in verdict.problem, (problem, verdict.problem)
    data = json.loads(json.dumps(closed_day[0]))
    others = [r for r in data["world"]["final_receipts"] if r != data["world"]["receipt"]]
    data["world"]["final_receipts"] = others
    data["world"]["transcript_digest"] = transcript_digest(others)
    verdict = _verdict(data)
    assert not verdict.valid and "not in the transcript" in verdict.problem


def test_the_board_source_gives_a_closed_day_s_runs_to_replay(client, closed_day):
    from belote2p.core.match import Run

    source = client.app.state.world.board
    day = source.today() - timedelta(days=1)
    board = source.board(day, "score")
    assert board.closed and board.secret and len(board.rows) == 2
    for row, data in zip(board.rows, sorted(closed_day, key=lambda d: -d["score"])):
        record = source.run_record(day, row.run_id)
        assert record.seed == data["seed"] and list(record.actions) == data["actions"]
        assert Run.replay(record.seed, list(record.actions)).score == record.score == row.score
    assert source.run_record(day, "nosuchrun") is None
