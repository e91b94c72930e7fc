"""Issue #31, items 5 and 6 on the command line: one seed rule for every
command that takes a seed, the right words for every kind of wrong data folder,
and what ``verify`` proves or only reports."""

from __future__ import annotations

import os

import pytest

from belote2p import cli

BAD_BYTE = "\udcff"  # $'\xff' on a POSIX command line, as Python decodes argv


@pytest.mark.parametrize("argv", [
    ["arena", "1", "2", "--matches", "1", "--seed", BAD_BYTE],
    ["review", "-", "--seed", BAD_BYTE],
    ["demo", "--seed", BAD_BYTE],
    ["autoplay", "--level", "1", "--seed", BAD_BYTE],
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
