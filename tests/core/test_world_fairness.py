"""The world daily's secret, commitment and run seeds (issue #40): golden vectors.

A closed day must replay for ever: if a later Python (its ``random``), a change
of ``deck_for`` or of these derivations would deal an old day differently, this
test fails.  The vectors were computed once and are written out by hand here.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import date

import pytest

from belote2p.core.fairness import (
    WorldSeedError,
    day_commitment,
    new_account_id,
    new_day_secret,
    secret_matches,
    world_run_seed,
)
from belote2p.core.match import deck_for, first_dealer_for

GOLDEN = [
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     date(2026, 12, 4), "0123456789abcdef0123456789abcdef",
     "5aae34f341866ba4492263648fcec81a1dbc958f5dc060fc4746503b1c675716",
     "3af33891b474322ae25d1ba61dc2f3af2977c5b2e8e4c3407d47b98651146bae",
     "9D 7H 9C 8C TH 8S 8D AD KD 9H TC AS TD QD 7C KS AC 7S AH QH 8H TS QS QC KH JD JS 7D "
     "9S JH JC KC", 1),
    ("f" * 64, date(2027, 2, 28), "00000000000000000000000000000001",
     "79e5e62462370d066a7f86b62d927c63d223d489610934de799b6f1470204b0f",
     "36e4d211151fcf589e30b556481a2191dc43f64b9560383cecb51df87493c94f",
     "AS TS TC JC 7H 7D KS AC 9C 7C 7S 8C QC AH JS JD QS 9D 8S 9S 8H TH KD 8D AD 9H KH QH "
     "KC TD QD JH", 1),
]


@pytest.mark.parametrize(("secret", "day", "account", "commitment", "seed", "deal", "dealer"),
                         GOLDEN)
def test_golden_vectors(secret, day, account, commitment, seed, deal, dealer):
    assert day_commitment(day, secret) == commitment
    assert world_run_seed(secret, day, account) == seed
    assert " ".join(str(c) for c in deck_for(seed, 0, 0, 0)) == deal
    assert first_dealer_for(seed, 0) == dealer
    assert secret_matches(day, secret, commitment)


def test_the_seed_is_the_documented_hmac():
    secret, day, account = new_day_secret(), date(2026, 12, 5), new_account_id()
    message = b"belote2p/run/v1\0" + b"2026-12-05" + account.encode()
    assert world_run_seed(secret, day, account) == hmac.new(
        bytes.fromhex(secret), message, hashlib.sha256).hexdigest()
    assert day_commitment(day, secret) == hashlib.sha256(
        b"belote2p/day/v1\0" + b"2026-12-05" + bytes.fromhex(secret)).hexdigest()


def test_seeds_differ_by_account_day_and_secret():
    secret, day = new_day_secret(), date(2026, 12, 5)
    a, b = new_account_id(), new_account_id()
    seeds = {world_run_seed(secret, day, a), world_run_seed(secret, day, b),
             world_run_seed(secret, date(2026, 12, 6), a),
             world_run_seed(new_day_secret(), day, a)}
    assert len(seeds) == 4


def test_a_wrong_secret_does_not_open_the_commitment():
    secret, day = new_day_secret(), date(2026, 12, 5)
    commitment = day_commitment(day, secret)
    assert not secret_matches(day, new_day_secret(), commitment)
    assert not secret_matches(date(2026, 12, 6), secret, commitment)
    assert not secret_matches(day, "not hex", commitment)


@pytest.mark.parametrize("secret", ["", "00" * 31, "G" * 64, "AB" * 32, 7])
def test_malformed_secrets_are_refused(secret):
    with pytest.raises(WorldSeedError):
        world_run_seed(secret, date(2026, 12, 5), new_account_id())


@pytest.mark.parametrize("account", ["", "alice", "0" * 31, "0" * 33, "A" * 32])
def test_malformed_account_ids_are_refused(account):
    with pytest.raises(WorldSeedError):
        world_run_seed(new_day_secret(), date(2026, 12, 5), account)
