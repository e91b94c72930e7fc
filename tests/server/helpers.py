"""What the server tests share: accounts, whole runs played through the API,
and the truth behind an answer (the run rebuilt from the database)."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import select

from belote2p.core.cards import CardError, parse_card
from belote2p.core.match import Run
from belote2p.server.clock import ManualClock
from belote2p.server.db import accounts, runs
from belote2p.server.runlog import run_seed, run_words
from belote2p.server.settings import Settings


def new_account(client, name: str) -> dict[str, str]:
    answer = client.post("/api/v1/accounts", json={"name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def start(client, headers) -> dict[str, Any]:
    answer = client.post("/api/v1/runs", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def act(client, headers, answer: dict[str, Any], word: str):
    return client.post(f"/api/v1/runs/{answer['run_id']}/actions", headers=headers,
                       json={"seq": answer["next_seq"], "word": word})


def play(client, headers, rng: random.Random, limit: int = 10_000,
         check=None) -> list[dict[str, Any]]:
    """Play today's run with random legal actions; every answer, in order."""
    answers = [start(client, headers)]
    while answers[-1]["status"] == "open" and len(answers) <= limit:
        word = rng.choice(answers[-1]["state"]["view"]["legal"])
        response = act(client, headers, answers[-1], word)
        assert response.status_code == 200, response.text
        answers.append(response.json())
        if check is not None:
            check(answers[-1])
    return answers


def engine_of(client):
    return client.app.state.world.engine


def true_run(client, run_id: str) -> tuple[str, Run, list[str]]:
    """The run as the server holds it: its seed, the run, its words."""
    with engine_of(client).connect() as connection:
        row = connection.execute(select(runs).where(runs.c.id == run_id)).first()
        seed, words = run_seed(connection, row), run_words(connection, row)
    return seed, Run.replay(seed, words), words


def account_id(client, name: str) -> str:
    with engine_of(client).connect() as connection:
        return connection.execute(select(accounts.c.id).where(accounts.c.name == name)
                                  ).scalar_one()


def cards_in(value: Any) -> set[str]:
    """Every card word anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, str) and len(value) == 2:
        try:
            parse_card(value)
            found.add(value)
        except CardError:
            pass
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    return found


def make_settings(url: str, clock: ManualClock, **changes: object) -> Settings:
    settings = Settings(database_url=url, clock=clock, background=False)
    for key, value in changes.items():
        setattr(settings, key, value)
    return settings


def at_once(count: int, body) -> tuple[list, list[Exception]]:
    """Run ``body()`` in ``count`` threads released together; what they returned
    and what they raised."""
    import threading

    barrier, results, errors = threading.Barrier(count), [], []

    def one():
        barrier.wait()
        try:
            results.append(body())
        except Exception as exc:  # noqa: BLE001 - handed back to the test
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors
