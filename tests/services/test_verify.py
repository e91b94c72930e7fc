"""Run files and ``verify``: an honest run is valid with its score; every kind of
tampering is not valid with a named problem; a hostile file is unreadable."""

from __future__ import annotations

import json
import subprocess
import sys
from types import SimpleNamespace

import pytest

from belote2p.commands.export import print_run_file
from belote2p.core.actions import parse_action
from belote2p.core.fairness import commitment
from belote2p.core.match import RIVAL, Run
from belote2p.services.runfile import (
    RunEnd,
    build_run_file,
    dumps,
    export_run,
    parse_run_file,
    write_run_file,
)
from belote2p.services.verify import Status, verify_bytes
from belote2p.store.api import ExportSource
from lab.play import play_run
from tests.support.builders import fast_levels

LEVELS = fast_levels()
STARTED, ENDED = "2026-11-30T10:00:00+00:00", "2026-11-30T10:20:00+00:00"


@pytest.fixture(scope="module")
def long_run() -> Run:
    run = play_run("s4", "3", LEVELS)  # streak 3: its last match is against level 4
    assert run.streak == 3 and run.over
    return run


def exported(run: Run, **changes) -> dict:
    data = export_run(str(run.seed), run.actions, "Ana", None, STARTED, ENDED, levels=LEVELS)
    data.update(changes)
    return data


def verdict(data: dict, levels=LEVELS):
    return verify_bytes(json.dumps(data).encode(), levels)


def test_an_exported_run_is_valid_with_the_same_score(long_run):
    data = exported(long_run)
    assert data["score"] == long_run.score and data["end"] in ("lost", "drawn")
    result = verdict(data)
    assert result.valid and result.problem is None
    assert (result.streak, result.margin_total, result.score) == \
        (long_run.streak, long_run.margin_total, long_run.score)


@pytest.mark.parametrize("key", ["score", "streak", "margin_total"])
def test_a_changed_figure_is_not_valid(long_run, key):
    data = exported(long_run)
    data[key] += 1
    result = verdict(data)
    assert result.status is Status.NOT_VALID and f"claims {key}" in result.problem
    assert result.score == long_run.score  # the replay's own figures


def test_a_changed_seed_is_not_valid(long_run):
    result = verdict(exported(long_run, seed="s5"))
    assert not result.valid and "commitment" in result.problem
    # with a matching commitment, the other seed's deals refuse the actions
    result = verdict(exported(long_run, seed="s5", commitment=commitment("s5")))
    assert not result.valid and result.problem.startswith("action ")


def _index_of(run: Run, rival: bool, choices: int = 2) -> tuple[int, str]:
    """An action (of the rival or the player) with another legal choice, and that choice."""
    replay = Run(run.seed)
    for index, word in enumerate(run.actions):
        legal = [str(a) for a in replay.match.legal_actions()]
        if (replay.match.to_move == RIVAL) == rival and len(legal) >= choices:
            return index, next(w for w in legal if w != word)
        replay.apply(parse_action(word))
    raise AssertionError("no such action")


def test_a_changed_rival_action_names_the_index_and_the_rivals_choice(long_run):
    index, other = _index_of(long_run, rival=True)
    actions = list(long_run.actions)
    actions[index] = other
    result = verdict(exported(long_run, actions=actions))
    assert not result.valid
    assert result.problem.startswith(f"action {index} ({other}): the rival at level")


def test_an_illegal_player_action_names_the_index(long_run):
    index, _ = _index_of(long_run, rival=False)
    actions = list(long_run.actions)
    actions[index] = "take:X"
    result = verdict(exported(long_run, actions=actions))
    assert not result.valid and result.problem.startswith(f"action {index} (take:X)")
    actions[index] = actions[index + 1] if actions[index] != actions[index + 1] else "pass"
    assert not verdict(exported(long_run, actions=actions)).valid


def test_dropped_actions_are_not_valid(long_run):
    last = verdict(exported(long_run, actions=long_run.actions[:-1]))
    assert not last.valid and "stop during match 4" in last.problem
    middle = list(long_run.actions)
    del middle[40]
    result = verdict(exported(long_run, actions=middle))
    assert not result.valid and result.problem.startswith("action ")
    assert not verdict(exported(long_run, actions=[])).valid


def test_extra_actions_after_the_end_are_not_valid(long_run):
    result = verdict(exported(long_run, actions=[*long_run.actions, "pass"]))
    assert not result.valid and "already over" in result.problem


def test_another_rival_version_says_so(long_run):
    result = verdict(exported(long_run), levels=None)  # the real levels, not the test's
    assert not result.valid and "another rival version" in result.problem
    other = verdict(exported(long_run, version=3))  # 2 is issue #44's (32-digit commitment)
    assert not other.valid and other.status is Status.NOT_VALID and "version 3" in other.problem


def test_a_stopped_or_abandoned_run_is_checked_against_where_it_stops():
    run = play_run("s4", "3", LEVELS, max_matches=1)
    source = ExportSource("s4", tuple(run.actions), "Ana", STARTED, ENDED)
    data = build_run_file(source, LEVELS).as_json()
    assert data["end"] == RunEnd.STOPPED.value and verdict(data).valid
    cut = build_run_file(ExportSource("s4", tuple(run.actions[:-5]), "Ana", STARTED, ENDED,
                                      abandoned=True), LEVELS).as_json()
    assert cut["end"] == "abandoned" and verdict(cut).valid
    assert "stopped between matches" in verdict({**cut, "end": "stopped"}).problem
    assert "ended with a lost match" in verdict({**cut, "end": "lost"}).problem


def test_a_daily_run_must_have_its_days_seed():
    run = play_run("daily-2026-11-30", "1", LEVELS, max_matches=1)
    data = export_run("daily-2026-11-30", run.actions, "Ana", "2026-11-30", STARTED, ENDED,
                      levels=LEVELS)
    assert verdict(data).valid
    result = verdict({**data, "daily": "2026-12-01"})
    assert not result.valid and "'daily-2026-12-01'" in result.problem


def test_a_run_file_reads_back_and_is_never_overwritten(long_run, tmp_path):
    run_file = build_run_file(ExportSource("s4", tuple(long_run.actions), "Ana", STARTED, ENDED),
                              LEVELS)
    path = write_run_file(run_file, tmp_path / "out")
    assert path.name == f"belote2p-run-2026-11-30-{commitment('s4')}.json"
    assert parse_run_file(path.read_bytes()) == run_file
    assert write_run_file(run_file, tmp_path / "out") == path  # the same run: the same file
    other = build_run_file(ExportSource("s4", tuple(long_run.actions), "Bo", STARTED, ENDED),
                           LEVELS)
    assert write_run_file(other, tmp_path / "out").name.endswith("-2.json")


# -- hostile files: unreadable (exit status 2), never a traceback ---------------------

def _valid_text() -> dict:
    run = play_run("h", "1", LEVELS, max_matches=1)
    return export_run("h", run.actions, "Ana", None, STARTED, None, levels=LEVELS)


HOSTILE = {
    "not json": b"{nope",
    "not utf-8": b'{"format": "belote2p-run", "name": "\xff\xfe"}',
    "a list": b"[1, 2]",
    "deep nesting": b"[" * 200_000 + b"]" * 200_000,
    "huge number": b'{"format": "belote2p-run", "version": 1' + b"0" * 5000 + b"}",
    "NaN": b'{"format": "belote2p-run", "version": NaN}',
    "too big": b" " * (8 * 1024 * 1024 + 1),
    "other format": b'{"format": "chess", "version": 1}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_bytes_are_unreadable(name):
    result = verify_bytes(HOSTILE[name], LEVELS)
    assert result.status is Status.UNREADABLE and result.problem.startswith("not a readable")


@pytest.mark.parametrize("key,value", [
    ("score", -1), ("score", 10**16), ("score", 1.5), ("score", True), ("streak", "3"),
    ("seed", ""), ("seed", "x" * 300), ("seed", 7), ("name", None), ("commitment", "ABC"),
    ("levels_digest", "0" * 63), ("daily", "2026-02-30"), ("started", "yesterday"),
    ("ended", 5), ("end", "won"), ("actions", "pass take"), ("actions", [1]),
    ("actions", ["x" * 50]), ("game_version", "\n"), ("version", "1"), ("extra", 1)])
def test_every_field_is_checked_for_type_and_range(key, value):
    data = {**_valid_text(), key: value}
    result = verdict(data)
    assert result.status is Status.UNREADABLE, (key, value, result)
    shown = "version" if key == "version" else key
    assert shown in result.problem


def test_a_missing_field_or_a_repeated_key_is_unreadable():
    data = _valid_text()
    del data["margin_total"]
    assert "missing key 'margin_total'" in verdict(data).problem
    text = json.dumps(_valid_text())[:-1] + ', "score": 0}'
    assert "appears twice" in verify_bytes(text.encode(), LEVELS).problem


# -- the commands ----------------------------------------------------------------------

def _cli(*args, stdin: bytes | None = None):
    return subprocess.run([sys.executable, "-m", "belote2p", *args], check=False,
                          input=stdin,
                          capture_output=True, timeout=120)


def test_verify_command_output_and_exit_status(tmp_path):
    run = play_run("cli", "random", None, max_matches=1)  # the game's real levels
    data = export_run("cli", run.actions, "Ana", None, STARTED, ENDED)
    good = tmp_path / "good.json"
    good.write_text(dumps(data), encoding="utf-8")
    done = _cli("verify", str(good))
    last = json.loads(done.stdout.decode().splitlines()[-1])
    facts = last.pop("facts")
    assert done.returncode == 0 and last == {"valid": True, "streak": run.streak,
                                             "margin_total": run.margin_total,
                                             "score": run.score, "problem": None}
    assert facts == {"deals": "proven", "moves": "proven", "score": "proven",
                     "rival_version": "proven", "counted": "reported", "name": "reported",
                     "played": "reported", "ai": "reported"}
    tampered = _cli("verify", "-", stdin=json.dumps({**data, "score": data["score"] + 1}).encode())
    last = json.loads(tampered.stdout.decode().splitlines()[-1])
    assert tampered.returncode == 1 and last["valid"] is False and "score" in last["problem"]
    garbage = _cli("verify", "-", stdin=b"\x00\xff garbage")
    assert garbage.returncode == 2 and b"Traceback" not in garbage.stderr
    assert json.loads(garbage.stdout.decode().splitlines()[-1])["valid"] is False
    missing = _cli("verify", str(tmp_path / "nothing.json"))
    assert missing.returncode == 2 and b"cannot read" in missing.stderr


def test_export_prints_the_run_the_store_finds(long_run, capsys):
    source = ExportSource("s4", tuple(long_run.actions), "Ana", STARTED, ENDED)
    assert print_run_file(SimpleNamespace(id=3), lambda entry_id: source) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["seed"] == "s4" and printed["actions"] == long_run.actions
    assert print_run_file(SimpleNamespace(id=9), lambda entry_id: None) == 1
    assert "no finished run 9" in capsys.readouterr().err
    assert print_run_file(SimpleNamespace(id=1), None) == 2


def test_export_command_never_gives_a_traceback(tmp_path):
    done = _cli("--data-dir", str(tmp_path), "export", "1")
    assert done.returncode in (1, 2) and b"Traceback" not in done.stderr
    assert _cli("export", "zero").returncode == 2
