"""Whole runs refereed through the API, on SQLite and on a real PostgreSQL:
what an answer may carry, retries, conflicts, one run a day, the close."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

from sqlalchemy import func, select

from belote2p.core.fairness import (
    day_commitment,
    receipt_chain,
    transcript_digest,
    world_run_seed,
)
from belote2p.core.match import PLAYER
from belote2p.server.db import actions, runs, skill_jobs
from belote2p.server.referee import act as referee_act
from belote2p.server.worker import work_until_idle
from belote2p.services.world.protocol import view_from_json

from .helpers import (
    account_id,
    act,
    at_once,
    cards_in,
    engine_of,
    new_account,
    play,
    start,
    true_run,
)


def test_no_answer_carries_a_card_the_seat_may_not_know(client):
    headers = new_account(client, "alice")
    secret_text: list[str] = []

    def check(answer):
        seed, run, _words = true_run(client, answer["run_id"])
        view = answer["state"]["view"]
        # The view is exactly the player's SeatView of the true game...
        assert view_from_json(view) == run.match.view(PLAYER)
        # ...so the rival's hidden cards and the stock never show.
        hand = run.match.hand
        hidden = {str(c) for c in hand.stock}
        if hand.stock or hand.phase.value == "bidding":
            hidden |= {str(c) for c in hand.hands[1]} - set(view["known_other_cards"])
        hidden.discard(view["turned"]) if hand.taker is None else None
        assert not cards_in(view) & hidden
        text = json.dumps(answer)
        assert seed not in text and "secret" not in text and "seed" not in text
        secret_text.append(seed)

    for number in range(3):
        answers = play(client, headers if number == 0 else new_account(client, f"p{number}"),
                       random.Random(number), check=check)
        assert answers[-1]["status"] == "over"
        assert [a["seq"] for a in answers] == list(range(len(answers)))
    assert len(set(secret_text)) == 3  # three accounts, three seeds: deals differ


def test_receipts_chain_the_run_and_the_close_reveals_the_secret(client, clock):
    headers = new_account(client, "bob")
    answers = play(client, headers, random.Random(7), limit=6)
    open_run = answers[-1]
    finished = play(client, new_account(client, "carol"), random.Random(8))[-1]
    day = client.get("/api/v1/days/2026-12-04").json()
    assert day["secret"] is None and day["transcript_digest"] is None and not day["closed"]

    clock.move(timedelta(hours=12))  # 00:00 UTC: the day closes
    late = act(client, headers, open_run, open_run["state"]["view"]["legal"][0])
    assert late.status_code == 409 and "closed" in late.json()["detail"]
    day = client.get("/api/v1/days/2026-12-04").json()
    assert day["closed"] and day_commitment(date(2026, 12, 4), day["secret"]) == day["commitment"]
    resumed = client.get(f"/api/v1/runs/{open_run['run_id']}", headers=headers).json()
    assert resumed["status"] == "abandoned" and resumed["seq"] == open_run["seq"]
    # Anyone can now rebuild both runs from the secret and check the receipts and digest.
    finals = []
    for name, answer in (("bob", open_run), ("carol", finished)):
        seed, _run, words = true_run(client, answer["run_id"])
        the_day = date(2026, 12, 4)
        assert seed == world_run_seed(day["secret"], the_day, account_id(client, name))
        assert receipt_chain(the_day, account_id(client, name), words) == answer["receipt"]
        finals.append(answer["receipt"])
    assert sorted(finals) == day["final_receipts"]
    assert transcript_digest(finals) == day["transcript_digest"]
    # The abandoned run's unfinished hand is queued for skill, conceded to the rival.
    with engine_of(client).connect() as connection:
        jobs = connection.execute(select(skill_jobs).where(
            skill_jobs.c.run_id == open_run["run_id"])).all()
    assert [job.abandoned for job in jobs] == [True]


def test_a_retry_gets_the_same_answer_stored_once(client):
    headers = new_account(client, "dave")
    first = start(client, headers)
    word = first["state"]["view"]["legal"][0]
    answer = act(client, headers, first, word)
    again = act(client, headers, first, word)
    assert answer.status_code == again.status_code == 200
    assert answer.json() == again.json()
    other = next((w for w in first["state"]["view"]["legal"] if w != word), None)
    if other is not None:
        conflict = act(client, headers, first, other)
        assert conflict.status_code == 409
        assert f"already {word!r}" in conflict.json()["detail"]
    skipped = client.post(f"/api/v1/runs/{first['run_id']}/actions", headers=headers,
                          json={"seq": answer.json()["next_seq"] + 3, "word": "pass"})
    assert skipped.status_code == 409 and "next action is number" in skipped.json()["detail"]
    with engine_of(client).connect() as connection:
        assert connection.execute(select(func.count()).select_from(actions)).scalar() == 1


def test_an_illegal_action_is_refused_with_its_reason(client):
    headers = new_account(client, "erin")
    first = start(client, headers)
    legal = set(first["state"]["view"]["legal"])
    not_mine = next(c for c in ("7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H", "8H")
                    if c not in first["state"]["view"]["hand"])
    for word in ("take:X", "ZZ", not_mine if not_mine not in legal else "take:H"):
        refused = act(client, headers, first, word)
        assert refused.status_code == 422, (word, refused.text)
        assert refused.json()["detail"]
    assert client.get(f"/api/v1/runs/{first['run_id']}", headers=headers).json()["seq"] == 0


def test_one_counted_run_per_account_and_day(client, clock):
    headers = new_account(client, "fay")
    first = start(client, headers)
    assert start(client, headers)["run_id"] == first["run_id"]
    answers = play(client, headers, random.Random(3))
    assert answers[0]["run_id"] == first["run_id"] and answers[-1]["status"] == "over"
    again = start(client, headers)
    assert again["run_id"] == first["run_id"] and again["status"] == "over"
    clock.move(timedelta(days=1))  # a new day, a new run
    assert start(client, headers)["run_id"] != first["run_id"]
    with engine_of(client).connect() as connection:
        assert connection.execute(select(func.count()).select_from(runs)).scalar() == 2


def test_two_workers_taking_the_same_action_at_once_store_it_once(client):
    headers = new_account(client, "gus")
    first = start(client, headers)
    world = client.app.state.world
    from belote2p.server.accounts import account_of_token

    with world.engine.connect() as connection:
        account = account_of_token(connection, headers["Authorization"].split()[1])
    word = first["state"]["view"]["legal"][0]
    answers, errors = at_once(4, lambda: referee_act(world.engine, world.clock, account,
                                                     first["run_id"], 1, word))
    assert not errors and len(answers) == 4
    assert all(answer == answers[0] for answer in answers)
    with world.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(actions)).scalar() == 1
        assert connection.execute(select(runs.c.moves)).scalar() == 1


def test_skill_jobs_are_enqueued_with_the_hand_and_the_board_waits_for_them(client):
    headers = new_account(client, "hal")
    answers = play(client, headers, random.Random(5))
    board = client.get("/api/v1/days/2026-12-04/board").json()
    (row,) = board["rows"]
    assert row["skill_pending"] and row["skill_per_hand"] is None
    with engine_of(client).connect() as connection:
        jobs = connection.execute(select(func.count()).select_from(skill_jobs)).scalar()
    assert jobs == 2 * len(answers[-1]["state"]["results"])
    assert work_until_idle(engine_of(client)) == jobs
    board = client.get("/api/v1/days/2026-12-04/board?by=skill").json()
    (row,) = board["rows"]
    assert not row["skill_pending"] and row["hands"] == jobs
    assert (row["skill_per_hand"] is None) == (jobs < board["min_skill_hands"])


def test_workers_making_the_days_at_once_make_each_once(client, clock):
    from belote2p.server.days import ensure_days, read_day

    engine = engine_of(client)
    clock.move(timedelta(days=5))
    def make():
        with engine.begin() as connection:
            ensure_days(connection, clock.now())

    _made, errors = at_once(3, make)
    assert not errors  # the losers' inserts did nothing, they did not fail
    with engine.connect() as connection:
        day = read_day(connection, clock.now().date())
    assert day is not None and day.secret is None  # not out before the close
    answer = client.get(f"/api/v1/days/{clock.now().date().isoformat()}").json()
    assert answer["commitment"] == day.commitment and answer["secret"] is None
