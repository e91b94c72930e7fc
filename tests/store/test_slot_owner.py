"""Issue #31: a killed autoplay slot whose owner names another host (a data
folder on a shared or moved home) is resumed by the same command once its
owner has been silent for ``locks.FOREIGN_STALE_AFTER``, and recorded; a slot
saved lately by another host is left to it."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone

from belote2p.commands.autoplay import autoplay_key, play_autoplay
from belote2p.store import open_store
from belote2p.store.locks import FOREIGN_STALE_AFTER, owner_alive
from belote2p.store.paths import DB_NAME
from lab.play import play_run

SEED = "moved-home"
STARTED = "2026-11-20T10:00:00.000000+00:00"


def _slot_of_another_host(folder, updated: datetime, actions: list[str]) -> None:
    open_store(folder, echo=False).close()
    conn = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    conn.execute("INSERT INTO current_run (slot, kind, key, owner, seed, started, actions, "
                 "updated) VALUES ('autoplay/elsewhere', 'autoplay', ?, 'other-host.example:4242', "
                 "?, ?, ?, ?)", (autoplay_key("1", "Bot", 1), SEED, STARTED, json.dumps(actions),
                                 updated.isoformat()))
    conn.close()


def _slots(folder) -> list[str]:
    conn = sqlite3.connect(folder / DB_NAME)
    try:
        return [r[0] for r in conn.execute("SELECT slot FROM current_run")]
    finally:
        conn.close()


def test_a_silent_slot_of_another_host_is_resumed_and_recorded(tmp_path, capsys):
    whole = play_run(SEED, "1", max_matches=1)
    half = list(whole.actions[:len(whole.actions) // 2])
    _slot_of_another_host(tmp_path, datetime.now(timezone.utc) - timedelta(hours=3), half)
    store = open_store(tmp_path, echo=False)
    summary = play_autoplay(store, "1", SEED, "Bot", 1, compare=False)
    assert "resuming an unfinished autoplay run" in capsys.readouterr().err
    assert summary["saved"] and summary["score"] == whole.score
    assert store.run_record(summary["id"]).started == STARTED  # the killed run's, carried on
    store.close()
    assert _slots(tmp_path) == []  # cleaned


def test_a_slot_another_host_saved_lately_is_left_to_it(tmp_path, capsys):
    _slot_of_another_host(tmp_path, datetime.now(timezone.utc) - timedelta(seconds=5), [])
    store = open_store(tmp_path, echo=False)
    summary = play_autoplay(store, "1", SEED, "Bot", 1, compare=False)
    assert "resuming" not in capsys.readouterr().err and summary["saved"]
    store.close()
    assert _slots(tmp_path) == ["autoplay/elsewhere"]


def test_the_owner_rule():
    now = datetime(2026, 12, 2, 12, tzinfo=timezone.utc)
    fresh = (now - FOREIGN_STALE_AFTER + timedelta(seconds=1)).isoformat()
    stale = (now - FOREIGN_STALE_AFTER).isoformat()
    assert owner_alive("far.example:1", fresh, now)
    assert not owner_alive("far.example:1", stale, now)
    assert not owner_alive("far.example:1", "not a time", now)
    assert not owner_alive(None, fresh, now) and not owner_alive("no-colon", fresh, now)
