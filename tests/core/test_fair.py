"""Provably fair deals: the commitment, the daily seed and the rival's one rule."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import string
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.ai import decide, make_player
from belote2p.ai.levels import SearchKnobs, digest_data, load_levels
from belote2p.core.actions import parse_action
from belote2p.core.fairness import (
    DailyDateError,
    commitment,
    daily_seed,
    parse_daily_date,
    seed_digest,
)
from belote2p.core.match import RIVAL, Run
from belote2p.services.daily import daily_challenge, daily_date_arg
from belote2p.services.rival import (
    levels_digest,
    rival_action,
    rival_decision,
    rival_key,
)
from lab.play import play_run
from tests.support.builders import fast_levels

# the shipped level data's digest (rival version 4), the same before and after
# issue #41 took the experiment knobs it never used out of the code
SHIPPED_DIGEST = "7e822cee6a6a177a9dc25600f39972039a7709e39cfdea17f17a29bdf10d33c4"


def test_commitment_is_the_first_32_hex_digits_of_sha256():
    # the FIPS 180-2 test vector; 12 digits until issue #44
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223"
    assert seed_digest("abc").startswith(commitment("abc"))


@given(st.text())
def test_commitment_of_any_seed_is_32_lowercase_hex_of_its_utf8(seed):
    digest = commitment(seed)
    assert len(digest) == 32 and set(digest) <= set(string.hexdigits.lower())
    try:
        raw = seed.encode("utf-8")
    except UnicodeEncodeError:
        return  # a lone surrogate: still hashed (surrogatepass), never raises
    assert digest == hashlib.sha256(raw).hexdigest()[:32]


@given(st.dates())
def test_a_daily_date_round_trips_and_names_its_seed(day):
    assert parse_daily_date(day.isoformat()) == day
    assert daily_seed(day) == f"daily-{day.isoformat()}"


@pytest.mark.parametrize("text", [
    "2026-02-30", "2026-13-01", "0000-01-01", "2026-1-5", "2026/01/05", " 2026-01-05",
    "２０２６-０１-０５", "", None, 20260105,
])
def test_a_daily_date_must_be_real_and_written_yyyy_mm_dd(text):
    with pytest.raises(DailyDateError):
        parse_daily_date(text)


def test_the_daily_argument_gives_one_clear_message():
    import argparse

    assert daily_date_arg("2026-11-30") == date(2026, 11, 30)
    with pytest.raises(argparse.ArgumentTypeError, match="not a real date"):
        daily_date_arg("2026-02-29")


def test_the_same_daily_date_deals_the_same_everywhere_and_another_day_does_not():
    day = date(2026, 11, 30)
    one, two = Run(daily_challenge(day).seed), Run(daily_seed(day))
    assert one.match.hand.decks == two.match.hand.decks
    assert Run(daily_seed(date(2026, 12, 1))).match.hand.decks != one.match.hand.decks
    assert daily_challenge(day).commitment == commitment("daily-2026-11-30")


def test_a_fresh_player_per_decision_plays_like_a_reused_one():
    """Players keep no state but their rng, so the rule may build a fresh one."""
    levels = fast_levels()
    run = play_run("fresh", "3", levels)
    replay = Run("fresh")
    rng = random.Random()
    reused = {level: make_player(level, rng, levels) for level in (1, 2, 3, 4)}
    for word in run.actions:
        if replay.match.to_move == RIVAL:
            rng.seed(rival_key("fresh", RIVAL, len(replay.actions)))
            by_reused = str(decide(reused[replay.rival_level], replay.match.view(RIVAL)))
            assert by_reused == str(rival_action(replay, levels)) == word
        replay.apply(parse_action(word))
    assert replay.actions == run.actions and replay.streak >= 1


def test_a_rival_decision_depends_only_on_view_level_seed_and_place():
    levels = fast_levels()
    run = Run("same")
    while run.match.to_move != RIVAL:
        run.apply(run.match.legal_actions()[0])
    view, n = run.match.view(RIVAL), len(run.actions)
    answers = {str(rival_decision(view, 4, "same", n, levels)) for _ in range(3)}
    assert len(answers) == 1 and answers <= {str(a) for a in view.legal}


def test_the_levels_digest_follows_every_knob():
    levels = fast_levels()
    assert levels_digest(levels) == levels_digest(dict(levels))
    changed = dict(levels)
    changed[1] = dataclasses.replace(
        levels[1], play=dataclasses.replace(levels[1].play, mistake_rate=0.5))
    assert levels_digest(changed) != levels_digest(levels)
    assert len(levels_digest()) == 64


def test_a_knob_at_its_neutral_value_leaves_the_digest_alone():
    """Issue #33's ``playout_net`` came after run files were recorded: at ""
    (the rival plays as before) the digest is the one without it, so those
    files still verify; at any other value it is another rival."""
    levels = fast_levels()
    assert all(level.search.playout_net == "" for level in levels.values())
    assert "playout_net" not in json.dumps(digest_data(levels[4]))
    learned = dict(levels)
    learned[4] = dataclasses.replace(
        levels[4], search=dataclasses.replace(levels[4].search, playout_net="0" * 16))
    assert levels_digest(learned) != levels_digest(levels)
    assert digest_data(learned[4])["search"]["playout_net"] == "0" * 16


def test_a_retired_knob_still_counts_in_the_digest_at_its_last_value():
    """Issue #41 took the inference knobs out of the code; the level data's
    digest still counts them at the value every level had, so the shipped
    levels keep the digest they had with the knobs (and every run file
    recorded then verifies)."""
    levels = load_levels()
    search = digest_data(levels[4])["search"]
    assert {key: search[key] for key in SearchKnobs.RETIRED} == dict(SearchKnobs.RETIRED)
    assert not {f.name for f in dataclasses.fields(SearchKnobs)} & set(SearchKnobs.RETIRED)
    assert levels_digest(levels) == SHIPPED_DIGEST
