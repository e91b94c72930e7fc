"""levels.yaml: the shipped file loads, and every kind of mistake is named."""

import pytest

from belote2p.levels import LevelsError, load_levels, parse_levels
from belote2p.resources import levels_path


def test_the_shipped_file_has_four_named_levels():
    levels = load_levels()
    assert sorted(levels) == [1, 2, 3, 4]
    assert all(level.name and level.description for level in levels.values())


def _write(tmp_path, text):
    path = tmp_path / "levels.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _shipped_text():
    return levels_path().read_text(encoding="utf-8")


def test_bad_yaml_names_the_file_and_line(tmp_path):
    path = _write(tmp_path, "levels:\n  1: [unclosed\n")
    with pytest.raises(LevelsError, match=r"levels.yaml line \d+ column \d+: not valid YAML"):
        load_levels(path)


def test_a_missing_level_is_named(tmp_path):
    import yaml

    data = yaml.safe_load(_shipped_text())
    del data["levels"][3]
    with pytest.raises(LevelsError, match=r"levels\.3: missing"):
        parse_levels(data)


def test_an_unknown_level_is_named():
    import yaml

    data = yaml.safe_load(_shipped_text())
    data["levels"][5] = data["levels"][4]
    with pytest.raises(LevelsError, match=r"levels\.5: unknown level"):
        parse_levels(data)


def test_a_wrong_type_names_the_key_and_what_was_expected():
    import yaml

    data = yaml.safe_load(_shipped_text())
    data["levels"][2]["name"] = 12
    with pytest.raises(LevelsError, match=r"levels\.2\.name: expected text, got a whole number 12"):
        parse_levels(data)


def test_a_missing_or_unknown_key_is_named():
    import yaml

    data = yaml.safe_load(_shipped_text())
    del data["levels"][1]["description"]
    with pytest.raises(LevelsError, match=r"levels\.1\.description: missing"):
        parse_levels(data)
    data = yaml.safe_load(_shipped_text())
    data["levels"][1]["colour"] = "red"
    with pytest.raises(LevelsError, match=r"levels\.1\.colour: unknown key"):
        parse_levels(data)


def test_a_file_that_is_not_a_mapping(tmp_path):
    with pytest.raises(LevelsError, match="expected a mapping with the key 'levels'"):
        load_levels(_write(tmp_path, "- just\n- a list\n"))


def test_an_unreadable_file(tmp_path):
    with pytest.raises(LevelsError, match="cannot be read"):
        load_levels(tmp_path / "nope.yaml")
