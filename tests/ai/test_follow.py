"""The follow rule's bitmask form (``ai/follow.py``) against the one
definition (``core/rules.py``), and its two users against it: the solver's
internal numbering and the compiled core's mirror (``_native_follow.h``).

The rule looks at the follower's cards of the lead's suit, its trumps and
whether it holds anything else, so checking every holding of the lead's suit
and of trumps (with a card of each other suit beside them) for every trump
and every lead checks every case the rule has: 3,149,824 hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.ai import core, solver
from belote2p.ai.follow import HIGHER, follow_mask, legal_mask
from belote2p.ai.tables import ABOVE, SUIT_MASK, cards_in, mask_of
from belote2p.core.rules import legal_follows


def every_hand(trump: int, lead: int) -> Iterator[tuple[int, list[int]]]:
    """(mask, cards) of every holding of the lead's suit (without the lead)
    and of trumps, with an ace of each other suit beside them."""
    suit = lead >> 3
    others = [s * 8 + 7 for s in range(4) if s not in (suit, trump)]
    by_suit = [(b << (suit * 8), cards_in(b << (suit * 8))) for b in range(256)
               if not b >> (lead & 7) & 1]
    by_trump = [(0, [])] if suit == trump else [
        (b << (trump * 8), cards_in(b << (trump * 8))) for b in range(256)]
    other_mask = mask_of(others)
    for suit_mask, suit_cards in by_suit:
        for trump_mask, trump_cards in by_trump:
            yield suit_mask | trump_mask | other_mask, suit_cards + trump_cards + others


def test_the_mask_form_is_the_core_rule_for_every_trump_lead_and_hand() -> None:
    checked = 0
    for trump in range(4):
        for lead in range(32):
            for hand, cards in every_hand(trump, lead):
                want = 0
                for c in legal_follows(cards, lead, trump):
                    want |= 1 << c
                assert legal_mask(hand, lead, trump) == want, (trump, lead, cards)
                checked += 1
    assert checked == 4 * (24 * 128 * 256 + 8 * 128)


def test_higher_is_the_trumps_above_a_trump_lead_and_nothing_for_a_plain_one() -> None:
    for trump in range(4):
        for lead in range(32):
            want = ABOVE[trump][lead] if lead >> 3 == trump else 0
            assert HIGHER[trump][lead] == want


@given(st.integers(0, 3), st.integers(0, 31), st.integers(1, (1 << 32) - 1))
@settings(max_examples=1000, deadline=None)
def test_the_solver_numbering_gives_the_same_cards(trump: int, lead: int, hand: int) -> None:
    """In the solver's ids (suit * 8 + strength, ``_Tables.higher``) the one
    function answers with the same cards, renumbered."""
    hand &= ~(1 << lead)
    tb = solver._tables(trump)
    internal = sum(1 << tb.to_int[c] for c in cards_in(hand))
    lead_id = tb.to_int[lead]
    got = follow_mask(internal, SUIT_MASK[lead_id >> 3], SUIT_MASK[trump], tb.higher[lead_id])
    assert sorted(tb.to_ext[i] for i in cards_in(got)) == cards_in(legal_mask(hand, lead, trump))


@pytest.mark.skipif(core.native is None, reason="the native core is not built")
def test_the_compiled_mirror_answers_as_follow_py() -> None:
    """``_native_follow.h`` against ``follow.follow_mask``: every trump and lead,
    every holding of the lead's suit, 24 seeded holdings of trumps and others,
    in both numberings' masks."""
    native = core.native
    assert native is not None
    rng = random.Random("follow-mirror")
    for trump in range(4):
        tb = solver._tables(trump)
        for lead in range(32):
            suit = lead >> 3
            for byte in range(256):
                for _ in range(24):
                    hand = (byte << (suit * 8) | rng.getrandbits(32)) & ~(1 << lead)
                    args = (hand, SUIT_MASK[suit], SUIT_MASK[trump], HIGHER[trump][lead])
                    assert native.follow_mask(*args) == follow_mask(*args)
                lead_id = tb.to_int[lead]
                args = (byte << (suit * 8), SUIT_MASK[suit], SUIT_MASK[trump],
                        tb.higher[lead_id])
                assert native.follow_mask(*args) == follow_mask(*args)
