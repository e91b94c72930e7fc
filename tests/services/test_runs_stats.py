"""The history (``belote2p runs``), the statistics (``belote2p stats``) and
``belote2p export``: a run played here exports to a file that verifies."""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote2p.commands.autoplay import play_autoplay
from belote2p.core.actions import HandResult, parse_action
from belote2p.core.fairness import seed_problem
from belote2p.core.match import PLAYER, Run
from belote2p.core.record import replay_hand
from belote2p.services.history import Outcome, match_summaries
from belote2p.services.run_session import RunSession
from belote2p.services.runfile import build_run_file, dumps
from belote2p.services.stats import compute_stats, score_series
from belote2p.services.verify import verify_bytes
from belote2p.store import MemoryStore, open_store, schema
from belote2p.store.api import RunStatus
from belote2p.store.paths import DB_NAME
from lab.play import play_run

ROOT = Path(__file__).resolve().parents[2]
RUN_KEYS = {"id", "name", "started", "status", "streak", "margin_total", "score", "daily",
            "commitment", "ai", "altered"}


def _cli(data: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(data), *args],
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


@functools.cache
def played_run(seed: str, level: str, max_matches: int | None = None) -> Run:
    """``play_run``'s run, played once a process: the tests over both stores
    (``store``'s memory and sqlite) replay the very same moves, and read it only."""
    return play_run(seed, level, max_matches=max_matches)


def verdict_of(store, run_id: int, **changes):
    data = build_run_file(store.run_for_export(run_id)).as_json()
    data.update(changes)
    return verify_bytes(dumps(data).encode())


# -- export and verify -----------------------------------------------------------

def test_an_autoplayed_run_exports_and_verifies_with_the_same_score(store):
    summary = play_autoplay(store, "3", "exp", "Bot", None, compare=False)
    result = verdict_of(store, summary["id"])
    assert result.valid, result.problem
    assert (result.streak, result.margin_total, result.score) == \
        (summary["streak"], summary["margin_total"], summary["score"])


def test_tampered_exports_are_not_valid_with_a_named_problem(store):
    summary = play_autoplay(store, "2", "tamper", "Bot", 2, compare=False)
    source = store.run_for_export(summary["id"])
    actions = list(source.actions)
    score = verdict_of(store, summary["id"], score=summary["score"] + 1)
    assert not score.valid and "score" in score.problem
    seed = verdict_of(store, summary["id"], seed="other")
    assert not seed.valid and "commitment" in seed.problem
    index = next(i for i, w in enumerate(actions) if len(w) == 2)  # a card
    changed = [*actions[:index], "pass", *actions[index + 1:]]
    one = verdict_of(store, summary["id"], actions=changed)
    assert not one.valid and one.problem.startswith(f"action {index} ")
    dropped = verdict_of(store, summary["id"], actions=actions[:-7])
    assert not dropped.valid and dropped.problem


def test_the_export_command_prints_a_file_verify_accepts(tmp_path):
    data = tmp_path / "data"
    played = _cli(data, "autoplay", "--no-skill",
                  "--level", "random", "--seed", "cmd", "--max-matches", "2")
    summary = json.loads(played.stdout.splitlines()[-1])
    exported = _cli(data, "export", str(summary["id"]))
    assert exported.returncode == 0, exported.stderr
    checked = _cli(data, "verify", "-", stdin=exported.stdout)
    verdict = json.loads(checked.stdout.splitlines()[-1])
    assert checked.returncode == 0 and verdict["valid"] and verdict["score"] == summary["score"]
    for missing in ("99", "12345"):
        done = _cli(data, "export", missing)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
        assert "no finished run" in done.stderr and not done.stdout


# -- the history -------------------------------------------------------------------

def test_runs_lists_every_run_newest_first_with_the_run_in_progress(store):
    play_autoplay(store, "1", "one", "Bot", 1, compare=False)
    play_autoplay(store, "2", "two", "Bot", 1, compare=False)
    session = RunSession(store, seed_maker=lambda: "secret-seed")
    active = session.start_new()
    records = store.list_runs()
    assert records[0].status is RunStatus.IN_PROGRESS
    assert [r.seed for r in records[1:]] == ["two", "one"]
    progress = records[0].as_json()
    assert set(progress) == RUN_KEYS and "secret-seed" not in json.dumps(progress)
    assert progress["commitment"] == records[0].commitment and progress["ai"] is False
    assert store.run_for_export(records[0].run_id) is None  # never before the end
    session.abandon(active)
    session.record(active, "Ana")
    top = store.list_runs()[0]
    assert top.status is RunStatus.ABANDONED and top.name == "Ana" and top.exportable
    assert store.run_record(top.run_id) == top


def test_runs_and_stats_commands_agree(tmp_path):
    data = tmp_path / "data"
    for level, seed, most in (("3", "a", None), ("1", "b", None), ("4", "c", "2")):
        args = ["autoplay", "--no-skill", "--level", level, "--seed", seed]
        _cli(data, *args, *(["--max-matches", most] if most else []))
    runs = json.loads(_cli(data, "runs", "--json").stdout)
    assert all(set(r) == RUN_KEYS for r in runs) and len(runs) == 3
    assert [r["started"] for r in runs] == sorted((r["started"] for r in runs), reverse=True)
    mine = json.loads(_cli(data, "stats", "--json").stdout)
    assert mine["runs"] == 0 and mine["matches"] == 0  # autoplay runs are not the player's
    stats = json.loads(_cli(data, "stats", "--json", "--include-ai").stdout)
    assert stats["runs"] == len(runs)
    assert stats["best_streak"] == max(r["streak"] for r in runs)
    assert stats["best_score"] == max(r["score"] for r in runs)
    # every match won is part of the streak; each run ends with one match not won,
    # except the one stopped unbeaten by --max-matches
    assert stats["matches_won"] == sum(r["streak"] for r in runs)
    stopped = sum(1 for r in runs if r["streak"] == 2 and r["name"] == "AI level 4")
    assert stats["matches"] == sum(r["streak"] + 1 for r in runs) - stopped
    assert sum(v["won"] for v in stats["by_level"].values()) == stats["matches_won"]
    assert sum(v["played"] for v in stats["by_level"].values()) == stats["matches"]
    assert stats["hands"] == 2 * stats["matches"]
    text = _cli(data, "runs").stdout
    assert text.splitlines()[0].split()[:2] == ["Id", "Name"] and "AI" in text


def _apply_all(run: Run, words: list[str]) -> None:
    for word in words:
        run.apply(parse_action(word))


# -- the statistics ------------------------------------------------------------------

def test_stats_count_the_players_hands_from_the_replay(store):
    session = RunSession(store, seed_maker=lambda: "hands")
    active = session.start_new()
    played = played_run("hands", "3")
    _apply_all(active.run, played.actions)
    session.record(active, "Ana")
    record = store.list_runs()[0]
    matches = match_summaries(record)
    hands = [h for m in matches for h in m.hands]
    for hand in hands:  # each summary's record replays to the same hand
        score = replay_hand(hand.record).score()
        assert (score.scores[PLAYER], score.scores[1 - PLAYER]) == hand.scores
    stats = compute_stats(store.list_runs())
    assert stats.runs == 1 and stats.hands == len(hands) == 2 * len(played.results)
    taken = [h for h in hands if h.taker == PLAYER]
    assert stats.contracts_taken == len(taken)
    assert stats.contracts_made == sum(h.result is HandResult.MADE for h in taken)
    assert stats.contracts_dedans == sum(h.result is HandResult.DEDANS for h in taken)
    assert stats.belotes == sum(h.belote == PLAYER for h in hands)
    assert stats.matches == len(played.results) and stats.matches_won == played.streak
    assert [m.level for m in matches] == [min(1 + i, 4) for i in range(len(matches))]
    assert score_series(store.list_runs()) == [(record.started, record.score)]


def test_an_abandoned_match_counts_as_lost_at_its_level(store):
    session = RunSession(store, seed_maker=lambda: "quit")
    active = session.start_new()
    _apply_all(active.run, played_run("quit", "4", max_matches=1).actions[:40])
    session.abandon(active)
    session.record(active, "Ana")
    matches = match_summaries(store.list_runs()[0])
    assert matches[-1].outcome is Outcome.ABANDONED
    stats = compute_stats(store.list_runs())
    assert stats.matches == len(matches) and stats.by_level[matches[-1].level].played >= 1
    assert stats.matches_won == sum(m.outcome is Outcome.WON for m in matches)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8).filter(lambda s: seed_problem(s) is None),
       most=st.integers(1, 3))  # any seed a run may have (fairness.seed_problem)
def test_stats_invariants_hold_for_any_run(seed, most):
    store = MemoryStore()
    summary = play_autoplay(store, "random", seed, "Bot", most, compare=False)
    stats = compute_stats(store.list_runs(), include_ai=True)
    assert stats.runs == 1 and stats.best_score == summary["score"]
    assert stats.matches == len(summary["matches"])
    assert stats.matches_won + stats.matches_drawn <= stats.matches
    assert stats.contracts_made + stats.contracts_dedans <= stats.contracts_taken <= stats.hands
    assert stats.hands == 2 * stats.matches
    assert compute_stats(store.list_runs()).runs == 0


# -- the schema step and what is read back -------------------------------------------

def _version_2_file(folder: Path) -> Path:
    folder.mkdir(parents=True)
    path = folder / DB_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, schema.MIGRATIONS[:2])
    conn.execute(
        "INSERT INTO runs (name, score, streak, margin_total, level, matches, started, ended, "
        "seed, results) VALUES ('Old', 10050, 1, 50, 2, 2, '2025-01-01T10:00:00+00:00', "
        "'2025-01-01T11:00:00+00:00', 'old-seed', '[]')")
    conn.close()
    return path


def test_runs_recorded_before_version_3_stay_listed_but_cannot_be_exported(tmp_path):
    _version_2_file(tmp_path / "data")
    store = open_store(tmp_path / "data", echo=False)
    (old,) = store.list_runs()
    assert (old.name, old.score, old.exportable, old.actions) == ("Old", 10050, False, ())
    assert store.run_for_export(old.run_id) is None
    stats = compute_stats(store.list_runs())
    assert (stats.runs, stats.best_streak, stats.without_actions, stats.matches) == (1, 1, 1, 0)
    store.close()
    done = _cli(tmp_path / "data", "export", str(old.run_id))
    assert done.returncode == 2 and "before runs kept their moves" in done.stderr


@pytest.mark.parametrize("column, value, why", [
    ("actions", "'{\"a\": 1}'", "actions"),
    ("actions", "'[\"waytoolongword\"]'", "actions"),
    ("daily", "'2026-11-30'", "daily date does not match the seed"),
    ("daily", "'30-11-2026'", "daily"),
    ("daily_counted", "2", "daily counted"),
])
def test_a_bad_history_row_is_reported_and_skipped(tmp_path, column, value, why):
    store = open_store(tmp_path, echo=False)
    play_autoplay(store, "1", "good", "Bot", 1, compare=False)
    play_autoplay(store, "1", "bad", "Bot", 1, compare=False)
    store.close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute(f"UPDATE runs SET {column} = {value} WHERE seed = 'bad'")
    conn.commit()
    conn.close()
    store = open_store(tmp_path, echo=False)
    assert [r.seed for r in store.list_runs()] == ["good"]
    assert any(why in w for w in store.warnings)
    store.close()


# -- a game played through the window ------------------------------------------------

@pytest.mark.ui
def test_a_game_run_played_in_the_window_exports_and_verifies(monkeypatch):
    import pygame

    from belote2p.services import run_session
    from belote2p.ui.navigation import Route
    from lab import harness as h

    monkeypatch.setattr(run_session, "new_seed", lambda: "window-run")
    store = MemoryStore()
    game = h.make_app(store=store)
    try:
        game.nav.reset(Route.TITLE)
        h.step(game)
        h.click(game.app.top.offer()["buttons"]["new"].center)
        h.step(game)
        table = game.app.top
        for _ in range(3000):
            offer = h.settle(game)
            if offer.get("scene") != "table":
                break
            _kind, where = h.first_legal_policy(offer) if offer["panel"] is None \
                else ("click", offer["panel_button"].center)
            h.click(where)
            h.step(game)
        assert table.run.over
        if game.app.top.offer()["scene"] == "NameEntryScene":  # a run that won something
            h.type_text("Win")
            h.key(pygame.K_RETURN)
            h.step(game)
    finally:
        game.app.shutdown()
    record = store.list_runs()[0]
    assert record.status is RunStatus.OVER and record.seed == "window-run"
    result = verify_bytes(dumps(build_run_file(store.run_for_export(record.run_id)).as_json())
                          .encode())
    assert result.valid, result.problem
    assert result.score == record.score
