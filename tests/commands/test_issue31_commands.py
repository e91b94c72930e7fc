"""Issue #31, items 5 and 6 on the command line: one seed rule for every
command that takes a seed, the right words for every kind of wrong data folder,
and what ``verify`` proves or only reports."""

from __future__ import annotations

import json
import os

import pytest

from belote2p import cli

BAD_BYTE = "\udcff"  # $'\xff' on a POSIX command line, as Python decodes argv


@pytest.mark.parametrize("argv", [
    ["arena", "1", "2", "--matches", "1", "--seed", BAD_BYTE],
    ["review", "-", "--seed", BAD_BYTE],
    ["demo", "--seed", BAD_BYTE],
    ["autoplay", "--no-skill", "--level", "1", "--seed", BAD_BYTE],
])
def test_every_seed_follows_the_one_seed_rule(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.build_parser().parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: a seed must be valid UTF-8 text" in err, err


@pytest.mark.parametrize("argv", [
    ["arena", "1", "2", "--seed", "a\tb"],
    ["demo", "--seed", "x" * 257],
    ["review", "-", "--seed", "daily-2026-12-01"],
])
def test_control_characters_long_and_daily_seeds_are_refused_alike(argv, capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert "argument --seed: a seed" in err or "reserved seed form" in err, err


def test_a_good_seed_goes_through():
    args = cli.build_parser().parse_args(["arena", "1", "2", "--seed", "é-7"])
    assert args.seed == "é-7"


def _runs_in(folder: str, monkeypatch, capsys) -> tuple[int, str]:
    monkeypatch.setenv("BELOTE2P_DATA_DIR", "")
    try:
        code = cli.main(["--data-dir", folder, "runs"])
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    return code, capsys.readouterr().err


def test_a_data_folder_that_is_a_file_says_so(tmp_path, monkeypatch, capsys):
    (tmp_path / "afile").write_text("")
    code, err = _runs_in(str(tmp_path / "afile"), monkeypatch, capsys)
    assert code == 2
    assert f"the data folder {tmp_path / 'afile'} is a regular file, not a folder" in err
    assert "not a regular file" not in err


def test_a_data_folder_under_a_file_names_the_file(tmp_path, monkeypatch, capsys):
    (tmp_path / "afile").write_text("")
    code, err = _runs_in(str(tmp_path / "afile" / "sub"), monkeypatch, capsys)
    assert code == 2
    assert f"cannot be made: {tmp_path / 'afile'} is a regular file, not a folder" in err


def test_a_data_folder_that_is_a_fifo_says_so(tmp_path, monkeypatch, capsys):
    os.mkfifo(tmp_path / "pipe")
    code, err = _runs_in(str(tmp_path / "pipe"), monkeypatch, capsys)
    assert code == 2 and "is a FIFO (named pipe), not a folder" in err


def test_a_data_folder_that_is_a_dangling_or_looping_link_says_so(tmp_path, monkeypatch,
                                                                  capsys):
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    code, err = _runs_in(str(tmp_path / "gone"), monkeypatch, capsys)
    assert code == 2 and f"symbolic link to {tmp_path / 'nowhere'}, which does not exist" in err
    (tmp_path / "self").symlink_to(tmp_path / "self")
    code, err = _runs_in(str(tmp_path / "self"), monkeypatch, capsys)
    assert code == 2 and "symbolic link that leads back to itself" in err


def test_a_missing_data_folder_is_made(tmp_path, monkeypatch, capsys):
    code, err = _runs_in(str(tmp_path / "new" / "deep"), monkeypatch, capsys)
    assert code == 0 and err == ""
    assert (tmp_path / "new" / "deep" / "belote2p.db").is_file()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_data_folder_that_cannot_be_written_says_so(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        code, err = _runs_in(str(folder), monkeypatch, capsys)
    finally:
        folder.chmod(0o755)
    assert code == 0 and "without saving" in err and str(folder) in err


# -- item 6: what verify proves, and what it only reports ------------------------------

def _autoplay(folder, *args: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    from tests.support.cli import ROOT

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("BELOTE2P_DATA_DIR", None)
    done = subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(folder), *args],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def _verify(path, monkeypatch, capsys, *lang: str) -> tuple[int, list[str]]:
    monkeypatch.setenv("BELOTE2P_DATA_DIR", "")
    code = cli.main([*lang, "verify", str(path)])
    return code, capsys.readouterr().out.splitlines()


def test_a_practice_attempt_edited_to_counted_is_reported_not_proven(tmp_path, monkeypatch,
                                                                     capsys):
    from belote2p.core.fairness import today_utc

    today = today_utc().isoformat()
    for name in ("One", "Two"):  # the second attempt of the day is practice
        code, out, err = _autoplay(tmp_path, "autoplay", "--no-skill",
                                   "--level", "1", "--daily", today,
                                   "--max-matches", "1", "--name", name)
        assert code == 0, err
    practice_id = json.loads(out.splitlines()[-1])["id"]
    code, out, err = _autoplay(tmp_path, "export", str(practice_id))
    data = json.loads(out)
    assert data["counted"] is False
    data["counted"] = True  # the cheat
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    code, lines = _verify(edited, monkeypatch, capsys)
    verdict = json.loads(lines[-1])
    assert code == 0 and verdict["valid"]  # the run is true: its moves, its score
    assert verdict["facts"]["counted"] == "reported"
    assert {verdict["facts"][k] for k in ("deals", "moves", "score", "rival_version",
                                          "daily")} == {"proven"}
    assert {verdict["facts"][k] for k in ("name", "played", "ai")} == {"reported"}
    text = "\n".join(lines[:-1])
    reported = text.index("Reported by the file, not proven:")
    assert text.index("counted on the day's board: yes") > reported > \
        text.index("Proven by the file:")


@pytest.mark.parametrize("lang, heading", [
    ("en", "Reported by the file, not proven:"), ("fr", "Rapporté par le fichier, non prouvé :"),
    ("pt", "Relatado pelo arquivo, não provado:"), ("es", "Informado por el archivo, no probado:"),
])
def test_verify_says_it_in_the_players_language(tmp_path, monkeypatch, capsys, lang, heading):
    from belote2p.services.runfile import export_run
    from lab.play import play_run

    run = play_run("words", "1", max_matches=1)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(export_run("words", run.actions, "Ana", None,
                                          "2026-11-30T10:00:00+00:00",
                                          "2026-11-30T10:20:00+00:00")))
    code, lines = _verify(path, monkeypatch, capsys, "--lang", lang)
    assert code == 0 and heading in lines


def test_a_daily_run_of_another_day_is_refused_at_the_start(tmp_path):
    from datetime import timedelta

    from belote2p.core.fairness import today_utc
    from belote2p.store import open_store

    ahead = (today_utc() + timedelta(days=183)).isoformat()
    code, out, err = _autoplay(tmp_path, "autoplay", "--no-skill", "--level", "1", "--daily", ahead,
                               "--max-matches", "1")
    assert code == 2 and out == ""
    assert err.strip() == (f"belote2p: autoplay --daily: the daily challenge of {ahead} is "
                           f"played on that day (UTC), not at "
                           f"{err.split('not at ')[1].strip()}")
    store = open_store(tmp_path, echo=False)
    try:  # nothing played, nothing claimed: the real attempt on that day counts
        assert store.list_runs() == [] and not store.daily_attempted(ahead)
    finally:
        store.close()


def test_a_daily_run_file_started_off_its_day_verifies_with_a_note():
    """Round three failed such a file; issue #44: its times are the playing
    machine's clock, never proof (its deals are the day's by its seed), so it
    verifies and the verdict notes the time."""
    from belote2p.core.fairness import CLOCK_SKEW
    from belote2p.services.runfile import export_run
    from belote2p.services.verify import verify_bytes
    from lab.play import play_run

    run = play_run("daily-2026-11-30", "1", max_matches=1)
    def verdict(started: str, ended: str):
        data = export_run("daily-2026-11-30", run.actions, "Ana", "2026-11-30", started, ended)
        return verify_bytes(json.dumps(data).encode())

    assert verdict("2026-11-30T10:00:00+00:00", "2026-11-30T10:20:00+00:00").valid
    assert verdict("2026-11-29T23:55:00+00:00", "2026-11-30T00:20:00+00:00").valid  # skew
    assert CLOCK_SKEW.total_seconds() == 600
    early = verdict("2026-05-30T10:00:00+00:00", "2026-05-30T10:20:00+00:00")
    assert early.valid and any("is played on that day (UTC)" in n for n in early.notes)
    assert early.as_json()["facts"]["deals"] == "proven"
    late = verdict("2026-12-01T00:11:00+00:00", "2026-12-01T00:30:00+00:00")
    assert late.valid and late.notes
