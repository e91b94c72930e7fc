"""levels.yaml: the shipped file loads, and every kind of mistake is named."""

import pytest

from belote2p.ai.levels import LevelsError, load_levels, parse_levels
from belote2p.core.resources import levels_path


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
    with pytest.raises(LevelsError, match="expected a mapping with the keys 'rival_version' "
                                          "and 'levels'"):
        load_levels(_write(tmp_path, "- just\n- a list\n"))


def test_the_rival_version_is_required_and_checked():
    import yaml

    data = yaml.safe_load(_shipped_text())
    assert all(level.rival_version == data["rival_version"] >= 4
               for level in parse_levels(data).values())
    for bad, message in (("three", "expected a whole number"), (0, "0 is out of range"),
                         (True, "expected a whole number")):
        with pytest.raises(LevelsError, match=rf"rival_version: {message}"):
            parse_levels({**data, "rival_version": bad})
    del data["rival_version"]
    with pytest.raises(LevelsError, match=r"rival_version: missing"):
        parse_levels(data)
    with pytest.raises(LevelsError, match=r"colour: unknown key"):
        parse_levels({**yaml.safe_load(_shipped_text()), "colour": "red"})


def test_an_unreadable_file(tmp_path):
    with pytest.raises(LevelsError, match="cannot be read"):
        load_levels(tmp_path / "nope.yaml")


def _shipped_data():
    import yaml

    return yaml.safe_load(_shipped_text())


def _refused(mutate, pattern):
    data = _shipped_data()
    mutate(data["levels"])
    with pytest.raises(LevelsError, match=pattern):
        parse_levels(data, "levels.yaml")


@pytest.mark.parametrize("section, key, value, allowed", [
    ("match", "make_scale", 0, r"a finite number above 0"),
    ("match", "hand_sigma", -5.0, r"a finite number above 0"),
    ("search", "play_samples", -1, r"a finite whole number from 0 to 100000"),
    ("search", "final_solve_cards", 10, r"a finite whole number from 0 to 9"),
    ("play", "mistake_rate", 1.5, r"a finite number from 0 to 1"),
    ("play", "lead_high_rate", float("nan"), r"a finite number from 0 to 1"),
    ("bidding", "take_threshold", float("inf"), r"a finite number at least 0"),
    ("match", "pass_margin", float("-inf"), r"a finite number\)"),
    ("match", "made_margin", 10**400, r"a finite number\)"),
])
def test_every_value_is_checked_for_its_range(section, key, value, allowed):
    def mutate(levels):
        levels[2][section][key] = value

    _refused(mutate, rf"^levels\.yaml: levels\.2\.{section}\.{key}: .* is out of range "
                     rf"\(expected {allowed}")


def test_a_rank_value_is_checked_too():
    def mutate(levels):
        levels[3]["play"]["keep_trump"]["jack"] = -1

    _refused(mutate, r"levels\.3\.play\.keep_trump\.jack: -1 is out of range")


@pytest.mark.parametrize("section, key, value, expected", [
    ("search", "play_samples", 2.5, "a whole number"),
    ("search", "play_samples", True, "a whole number"),
    ("play", "mistake_rate", "often", "a number"),
    ("match", "play_for_match", 1, "true or false"),
])
def test_a_wrong_type_in_a_section_is_named(section, key, value, expected):
    def mutate(levels):
        levels[1][section][key] = value

    _refused(mutate, rf"levels\.1\.{section}\.{key}: expected {expected}")


def test_unknown_keys_in_sections_and_ranks_are_named():
    def in_section(levels):
        levels[4]["search"]["turbo"] = True

    def in_ranks(levels):
        levels[4]["play"]["keep_plain"]["joker"] = 1

    _refused(in_section, r"levels\.4\.search\.turbo: unknown key \(expected one of enabled, ")
    _refused(in_ranks, r"levels\.4\.play\.keep_plain\.joker: unknown key")


def test_the_loaded_levels_are_the_knobs():
    levels = load_levels()
    assert levels[4].search.enabled and not levels[1].search.enabled
    assert levels[1].play.mistake_rate > 0 and len(levels[2].play.keep_trump) == 8
    assert isinstance(levels[2].bidding.take_threshold, float)


def test_a_broken_file_never_becomes_a_random_player(tmp_path):
    import random

    from belote2p.ai import make_player

    path = _write(tmp_path, _shipped_text().replace("make_scale: 17", "make_scale: 0", 1))
    with pytest.raises(LevelsError, match="make_scale"):
        make_player(3, random.Random(0), load_levels(path))


# The level data's digest of rival version 3 (levels.yaml before the final
# race of issue #20): what every run file of that release records.
RIVAL_3_DIGEST = "37d0f56f2ab79f20f253fb51439569405726346c8e53533390dcad4e8bb85fae"


def test_a_run_file_of_the_previous_rival_says_another_rival_version():
    """The rival changed (rival_version 3 -> 4, level 4's final race): a run file
    written by the previous release, or with the previous version number, is
    refused as another rival version, and the same run with this version's data
    is valid."""
    import dataclasses
    import json

    from belote2p.services.rival import levels_digest
    from belote2p.services.runfile import build_run_file
    from belote2p.services.verify import verify_bytes
    from belote2p.store.api import ExportSource

    levels = load_levels()
    assert levels_digest(levels) != RIVAL_3_DIGEST
    previous = {n: dataclasses.replace(level, rival_version=3) for n, level in levels.items()}
    source = ExportSource("version-test", ("pass", "pass", "pass"), "Ana",
                          "2026-11-30T10:00:00+00:00", None, abandoned=True)
    old = json.dumps(build_run_file(source, previous).as_json()).encode()
    result = verify_bytes(old, levels)
    assert not result.valid and "made with another rival version" in result.problem
    new = json.dumps(build_run_file(source, levels).as_json()).encode()
    assert verify_bytes(new, levels).valid
    released = new.replace(levels_digest(levels).encode(), RIVAL_3_DIGEST.encode())
    assert released != new
    result = verify_bytes(released, levels)
    assert not result.valid and "made with another rival version" in result.problem


# -- libyaml where it is built, the same refusals ---------------------------------

@pytest.fixture(params=["libyaml", "python"])
def parser(request, monkeypatch):
    """Each data file read with libyaml (where PyYAML has it) and in Python."""
    import yaml

    from belote2p.ai import levels

    if request.param == "python":
        monkeypatch.setattr(levels, "_FAST_LOADER", None)
    elif not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml")
    return request.param


def test_both_parsers_read_the_shipped_file_alike(parser):
    import yaml

    from belote2p.ai.levels import _LevelsLoader, read_data_file

    assert read_data_file(levels_path()) == yaml.load(_shipped_text(), Loader=_LevelsLoader)


@pytest.mark.parametrize(("text", "message"), [
    ("a: &x [1, 2]\nb: 3\n", r"line 1 column 4: not valid YAML \(anchors \(&name\) are not"),
    ("a: 1\nb: *x\n", r"line 2 column 4: not valid YAML \(aliases \(\*name\) are not"),
    ("a: " + "9" * 70 + "\n", "a number written with 70 characters"),
])
def test_both_parsers_refuse_anchors_aliases_and_long_numbers(parser, tmp_path, text, message):
    from belote2p.ai.levels import DataFileError, read_data_file

    path = tmp_path / "data.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=message):
        read_data_file(path)
