"""The strict-phase solver against an independent plain minimax, and its CLI.

The reference below is written from RULES.md alone (card order, points,
strict play, trick winner): cards are notation strings, hands are frozensets,
and it searches every line of play with a memo, no pruning.  The solver's value
and its whole set of optimal cards must match it exactly.
"""

from __future__ import annotations

import gc
import io
import json
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote2p.ai import solver as solver_module
from belote2p.ai.solver import SolverError, can_capot, card_values, position_value, solve
from belote2p.commands import solve as solve_cli
from belote2p.core import rules
from belote2p.core.cards import (
    CARDS,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    parse_card,
)

# --- reference, from RULES.md ------------------------------------------------

SUITS = "SHDC"
RANKS = "789TJQKA"
PLAIN_HIGH_TO_LOW = "ATKQJ987"          # "Plain suit, high to low: A, 10, K, Q, J, 9, 8, 7"
TRUMP_HIGH_TO_LOW = "J9ATKQ87"          # "Trump suit, high to low: J, 9, A, 10, K, Q, 8, 7"
PLAIN_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
ALL = [r + s for s in SUITS for r in RANKS]  # index = the card int (suit * 8 + rank)


def ref_points(card: str, trump: str) -> int:
    return (TRUMP_VALUE if card[1] == trump else PLAIN_VALUE).get(card[0], 0)


def ref_power(card: str, trump: str) -> int:
    order = TRUMP_HIGH_TO_LOW if card[1] == trump else PLAIN_HIGH_TO_LOW
    return 8 - order.index(card[0])


def ref_follower_wins(lead: str, follow: str, trump: str) -> bool:
    """'the higher trump if a trump was played; otherwise the higher card of the suit led'"""
    if follow[1] == lead[1]:
        return ref_power(follow, trump) > ref_power(lead, trump)
    return follow[1] == trump


def ref_legal(hand, lead: str, trump: str) -> list[str]:
    same = [c for c in hand if c[1] == lead[1]]
    if lead[1] == trump:
        higher = [c for c in same if ref_power(c, trump) > ref_power(lead, trump)]
        return sorted(higher or same or hand)
    trumps = [c for c in hand if c[1] == trump]
    return sorted(same or trumps or hand)


def ref_move_values(trump: str, leader: int, hands, lead: str | None = None) -> dict[str, int]:
    """Seat 0's points from the remaining tricks after each move of the player to move."""

    @cache
    def after(h0: frozenset, h1: frozenset, leader: int, lead) -> int:
        """Seat 0's points from here (``lead`` on the table or None), best play."""
        hands = (h0, h1)
        if lead is None:
            if not h0:
                return 0
            vals = [after(*_without(hands, leader, c), leader, c) for c in hands[leader]]
            return max(vals) if leader == 0 else min(vals)
        follower = 1 - leader
        vals = [_trick(hands, leader, lead, f) for f in ref_legal(hands[follower], lead, trump)]
        return max(vals) if follower == 0 else min(vals)

    def _trick(hands, leader, lead, follow) -> int:
        h0, h1 = _without(hands, 1 - leader, follow)
        winner = 1 - leader if ref_follower_wins(lead, follow, trump) else leader
        last = 10 if not h0 and not h1 else 0
        gained = ref_points(lead, trump) + ref_points(follow, trump) + last
        return after(h0, h1, winner, None) + (gained if winner == 0 else 0)

    hands = (frozenset(hands[0]), frozenset(hands[1]))
    if lead is None:
        return {c: after(*_without(hands, leader, c), leader, c) for c in hands[leader]}
    return {f: _trick(hands, leader, lead, f) for f in ref_legal(hands[1 - leader], lead, trump)}


def _without(hands, seat, card):
    out = list(hands)
    out[seat] = hands[seat] - {card}
    return out[0], out[1]


def ref_solve(trump: str, leader: int, hands, lead=None) -> tuple[int, list[str]]:
    values = ref_move_values(trump, leader, hands, lead)
    mover = leader if lead is None else 1 - leader
    best = max(values.values()) if mover == 0 else min(values.values())
    return best, sorted((c for c, v in values.items() if v == best), key=ALL.index)


def ref_capot_values(trump: str, leader: int, hands, lead: str | None = None) -> dict[str, int]:
    """As ref_move_values, for the capot game: the leader has won every trick
    so far, and if it wins all the rest its points count 90 more (252 instead
    of 162); seat 0's value is its points plus 90 if it makes the capot, minus
    90 if seat 1 does."""
    capot_seat = leader

    @cache
    def after(h0: frozenset, h1: frozenset, leader: int, lead, intact: bool) -> int:
        hands = (h0, h1)
        if lead is None:
            if not h0:
                return (90 if capot_seat == 0 else -90) if intact else 0
            vals = [after(*_without(hands, leader, c), leader, c, intact) for c in hands[leader]]
            return max(vals) if leader == 0 else min(vals)
        answers = ref_legal(hands[1 - leader], lead, trump)
        vals = [_trick(hands, leader, lead, f, intact) for f in answers]
        return max(vals) if leader == 1 else min(vals)

    def _trick(hands, leader, lead, follow, intact) -> int:
        h0, h1 = _without(hands, 1 - leader, follow)
        winner = 1 - leader if ref_follower_wins(lead, follow, trump) else leader
        last = 10 if not h0 and not h1 else 0
        gained = ref_points(lead, trump) + ref_points(follow, trump) + last
        still = intact and winner == capot_seat
        return after(h0, h1, winner, None, still) + (gained if winner == 0 else 0)

    hands = (frozenset(hands[0]), frozenset(hands[1]))
    if lead is None:
        return {c: after(*_without(hands, leader, c), leader, c, True) for c in hands[leader]}
    answers = ref_legal(hands[1 - leader], lead, trump)
    return {f: _trick(hands, leader, lead, f, True) for f in answers}


def ref_can_capot(trump: str, leader: int, hands, lead: str | None = None) -> bool:
    """Can ``leader`` win every remaining trick whatever the other seat plays?
    (Plain enumeration of every line, nothing but trick winners.)"""
    taker = leader

    def wins_all(h, leader: int, lead) -> bool:
        if lead is None:
            if not h[0] and not h[1]:
                return True
            return any(wins_all(_without(h, leader, c), leader, c) for c in h[leader])
        answers = ref_legal(h[1 - leader], lead, trump)
        return all(not ref_follower_wins(lead, f, trump)
                   and wins_all(_without(h, 1 - leader, f), taker, None)
                   for f in answers)

    return wins_all((frozenset(hands[0]), frozenset(hands[1])), leader, lead)


# --- helpers -------------------------------------------------------------------

def random_position(rng: random.Random, k: int, with_lead: bool):
    """k tricks left: 2k cards dealt; with a lead, the leader has already played one."""
    cards = rng.sample(ALL, 2 * k)
    trump, leader = rng.choice(SUITS), rng.randrange(2)
    hands = [sorted(cards[:k]), sorted(cards[k:])]
    lead = None
    if with_lead:
        lead = hands[leader].pop(rng.randrange(k))
    return trump, leader, hands, lead


def run_solver(trump, leader, hands, lead=None):
    value, best = solve(SUITS.index(trump), leader, tuple([ALL.index(c) for c in h] for h in hands),
                        None if lead is None else ALL.index(lead))
    return value, [ALL[c] for c in best]


def run_position_value(trump, leader, hands, lead=None):
    as_ints = tuple([ALL.index(c) for c in h] for h in hands)
    return position_value(SUITS.index(trump), leader, as_ints,
                          None if lead is None else ALL.index(lead))


def run_card_values(trump, leader, hands, lead=None):
    got = card_values(SUITS.index(trump), leader, tuple([ALL.index(c) for c in h] for h in hands),
                      None if lead is None else ALL.index(lead))
    return {ALL[c]: v for c, v in got.items()}


# --- the reference is the rules -------------------------------------------------

def test_reference_encoding_matches_cards_module():
    for i, text in enumerate(ALL):
        assert parse_card(text) == i and str(CARDS[i]) == text
        for trump in SUITS:
            c = CARDS[i]
            assert ref_points(text, trump) == c.points(SUITS.index(trump))
    assert sum(ref_points(c, "H") for c in ALL) == 152


def test_reference_rules_agree_with_rules_module():
    rng = random.Random(7)
    for _ in range(3000):
        trump = rng.choice(SUITS)
        cards = rng.sample(ALL, rng.randint(2, 9))
        lead, hand = cards[0], cards[1:]
        t = SUITS.index(trump)
        follows = rules.legal_follows([ALL.index(c) for c in hand], ALL.index(lead), t)
        want = sorted(ALL[c] for c in follows)
        assert ref_legal(hand, lead, trump) == want
        follow = rng.choice(hand)
        assert ref_follower_wins(lead, follow, trump) == bool(
            rules.trick_winner(ALL.index(lead), ALL.index(follow), t))


def test_points_grow_with_strength():
    """The solver's dominance rule relies on it (see the solver's docstring)."""
    for strength, points in ((PLAIN_STRENGTH, PLAIN_POINTS), (TRUMP_STRENGTH, TRUMP_POINTS)):
        by_strength = [points[r] for r in sorted(range(8), key=strength.__getitem__)]
        assert by_strength == sorted(by_strength)


# --- random positions against the reference ------------------------------------

@pytest.mark.parametrize("k,count", [(1, 200), (2, 200), (3, 200), (4, 150), (5, 100), (6, 60),
                                     (7, 30), (8, 10), (9, 5)])
@pytest.mark.parametrize("with_lead", [False, True])
def test_random_positions_match_reference(k, count, with_lead):
    rng = random.Random(1000 * k + with_lead)
    for _ in range(count):
        pos = random_position(rng, k, with_lead)
        want = ref_solve(*pos)
        assert run_solver(*pos) == want, pos
        assert run_position_value(*pos) == want[0], pos


@pytest.mark.parametrize("with_lead", [False, True])
def test_card_values_match_reference(with_lead):
    rng = random.Random(77 + with_lead)
    for k in (1, 2, 3, 4, 5, 6, 7):
        for _ in range(30 if k < 6 else 8):
            pos = random_position(rng, k, with_lead)
            assert run_card_values(*pos) == ref_move_values(*pos), pos


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(1, 5), st.booleans(), st.randoms(use_true_random=False))
def test_property_matches_reference(k, with_lead, rng):
    pos = random_position(rng, k, with_lead)
    assert run_solver(*pos) == ref_solve(*pos)


def test_zero_sum_and_seat_symmetry():
    """Swapping the seats turns seat 0's value into the rest of the points."""
    rng = random.Random(5)
    for k in range(1, 7):
        for with_lead in (False, True):
            trump, leader, hands, lead = random_position(rng, k, with_lead)
            total = sum(ref_points(c, trump) for h in hands for c in h) + 10
            total += ref_points(lead, trump) if lead else 0
            v, best = run_solver(trump, leader, hands, lead)
            v2, best2 = run_solver(trump, 1 - leader, hands[::-1], lead)
            assert v + v2 == total and best == best2


def test_suit_relabelling_changes_nothing():
    """Renaming the suits (the trump with them) renames the answer."""
    rng = random.Random(11)
    for _ in range(40):
        trump, leader, hands, lead = random_position(rng, rng.randint(1, 6), rng.random() < 0.5)
        perm = dict(zip(SUITS, rng.sample(SUITS, 4)))
        ren = lambda c, perm=perm: c[0] + perm[c[1]]  # noqa: E731
        v, best = run_solver(trump, leader, hands, lead)
        v2, best2 = run_solver(perm[trump], leader, [[ren(c) for c in h] for h in hands],
                               ren(lead) if lead else None)
        assert v == v2 and sorted(map(ren, best)) == sorted(best2)


# --- hand-made positions ---------------------------------------------------------

def S(text):
    return [parse_card(t) for t in text.split()]


def test_one_card_each():
    # hearts trump; AS led, TS follows: the leader takes 11 + 10 + the last 10
    assert solve(1, 0, (S("AS"), S("TS"))) == (31, S("AS"))
    # seat 1 leads the ace, seat 0 gets nothing
    assert solve(1, 1, (S("TS"), S("AS"))) == (0, S("AS"))
    # a trump seven beats the plain ace
    assert solve(1, 1, (S("7H"), S("AS"))) == (21, S("AS"))
    # a discard: leader wins with a 7
    assert solve(1, 0, (S("7S"), S("AD"))) == (21, S("7S"))


def test_one_card_with_lead():
    # seat 0 led JH (trump); seat 1 holds 9H only: must play it, loses 20 + 14 + 10
    assert solve(1, 0, ([], S("9H")), lead=parse_card("JH")) == (44, S("9H"))
    # seat 1 led KS; seat 0 follows with the ace: 4 + 11 + 10 for seat 0
    assert solve(2, 1, (S("AS"), []), lead=parse_card("KS")) == (25, S("AS"))


def test_all_cards_equal():
    """Nothing but zero-point cards and the follower can never win a trick:
    every card is optimal and seat 0 only gets the last trick's 10."""
    value, best = solve(1, 0, (S("7S 8S 7C"), S("7D 8D 9D")))
    assert (value, best) == (10, S("7S 8S 7C"))
    assert card_values(1, 0, (S("7S 8S 7C"), S("7D 8D 9D"))) == {c: 10 for c in S("7S 8S 7C")}
    # the same seen from the other seat: seat 1 to lead, seat 0 cannot win
    assert solve(1, 1, (S("7D 8D 9D"), S("7S 8S 7C"))) == (0, S("7S 8S 7C"))


def test_follower_must_overtrump():
    # hearts trump; seat 0 led QH and still holds AS; seat 1 holds 9H 7H and must
    # play the 9 (a higher trump); it wins 3 + 14, leads 7H, seat 0 must discard
    # the ace: 11 + 10 more for seat 1
    assert solve(1, 0, (S("AS"), S("9H 7H")), lead=parse_card("QH")) == (0, S("9H"))


def test_equal_point_cards_are_all_listed():
    # spades trump; the follower has neither clubs nor trumps: 7C and 8C are
    # interchangeable and both optimal
    value, best = solve(0, 0, (S("7C 8C"), S("7D 8D")))
    assert best == S("7C 8C") and value == 10


def test_dominated_card_that_ties_is_listed():
    # hearts trump; the ace and the ten of spades both win whatever seat 1 plays:
    # leading the ace is never worse, and here the ten is exactly as good
    assert solve(1, 0, (S("AS TS"), S("7S 8S"))) == (31, S("TS AS"))
    assert card_values(1, 0, (S("AS TS"), S("7S 8S"))) == {parse_card("TS"): 31,
                                                            parse_card("AS"): 31}


def test_dominated_card_that_loses_points_is_not_listed():
    # hearts trump; seat 0 led the ace of spades and keeps 7S; seat 1 holds KS QS
    # (a run: both lose to the ace).  Giving the queen keeps the king, which
    # then wins the last trick: seat 0 gets 11 + 3 instead of 11 + 4.
    hands = (S("7S"), S("KS QS"))
    assert card_values(1, 0, hands, lead=parse_card("AS")) == {parse_card("QS"): 14,
                                                               parse_card("KS"): 15}
    assert solve(1, 0, hands, lead=parse_card("AS")) == (14, S("QS"))


# --- argument checks -------------------------------------------------------------

@pytest.mark.parametrize("args", [
    (4, 0, ([0], [1]), None),          # trump
    (0, 2, ([0], [1]), None),          # leader
    (0, 0, ([0], [0]), None),          # duplicate
    (0, 0, ([0, 2], [1]), None),       # sizes
    (0, 0, ([], []), None),            # empty
    (0, 0, ([0], [1]), 0),             # lead in a hand
    (0, 0, ([0], [1]), 5),             # leader should hold one fewer
    (0, 0, ([0], [1]), 40),            # bad lead
])
def test_bad_arguments_raise(args):
    with pytest.raises(SolverError):
        solve(*args)


def live_objects() -> int:
    """How many objects the cyclic collector tracks (lists, dicts, tuples, closures...)."""
    return len(gc.get_objects())


def test_memory_does_not_grow_between_calls():
    """Every call frees what it made by reference counting alone.  The cyclic
    collector is off while we count (so its counters, left by earlier tests,
    play no part), and we count live objects rather than bytes (freed objects
    parked on the interpreter's free lists would blur a byte count)."""
    rng = random.Random(3)
    positions = [random_position(rng, 7, rng.random() < 0.5) for _ in range(60)]
    for pos in positions:  # warm up: builds the per-trump tables kept on purpose
        run_solver(*pos)
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        before = live_objects()
        for pos in positions:
            run_solver(*pos)
            run_position_value(*pos)
            run_card_values(*pos)
        grown = live_objects() - before
        cycles = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert grown == 0
    assert cycles == 0
    assert len(solver_module._TABLES) <= 4


def test_garbage_collector_state_is_restored():
    assert gc.isenabled()
    solve(0, 0, (S("AS 7H"), S("TS 8H")))
    assert gc.isenabled()
    gc.disable()
    try:
        solve(0, 0, (S("AS 7H"), S("TS 8H")))
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(SolverError):
        solve(0, 0, (S("AS"), S("AS")))
    assert gc.isenabled()


# --- the CLI ---------------------------------------------------------------------

def cli(text: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    status = solve_cli.main(io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_cli_valid_lines_and_blank_lines():
    rng = random.Random(9)
    lines, want = [], []
    for k in (1, 2, 4, 6):
        for with_lead in (False, True):
            trump, leader, hands, lead = random_position(rng, k, with_lead)
            obj = {"trump": trump, "leader": leader, "hands": hands}
            if lead:
                obj["lead"] = lead
            lines.append(json.dumps(obj))
            lines.append("   ")
            v, best = ref_solve(trump, leader, hands, lead)
            want.append({"value": v, "best": best})
    status, got = cli("\n".join(lines) + "\n\n")
    assert status == 0
    assert got == want


def test_cli_output_format():
    out = io.StringIO()
    line = '{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]]}\n'
    assert solve_cli.main(io.StringIO(line), out) == 0
    assert out.getvalue() == '{"value": 31, "best": ["AS"]}\n'
    out = io.StringIO()
    line = '{"trump": "H", "leader": 1, "hands": [["9H", "7H"], ["AS"]], "lead": "QH"}\n'
    assert solve_cli.main(io.StringIO(line), out) == 0
    assert out.getvalue() == '{"value": 38, "best": ["9H"]}\n'


@pytest.mark.parametrize("line,words", [
    ("{not json", "JSON"),
    ("[1, 2]", "object"),
    ('{"leader": 0, "hands": [["AS"], ["TS"]]}', "trump"),
    ('{"trump": "H", "hands": [["AS"], ["TS"]]}', "leader"),
    ('{"trump": "H", "leader": 0}', "hands"),
    ('{"trump": "X", "leader": 0, "hands": [["AS"], ["TS"]]}', "trump"),
    ('{"trump": 1, "leader": 0, "hands": [["AS"], ["TS"]]}', "trump"),
    ('{"trump": "H", "leader": 2, "hands": [["AS"], ["TS"]]}', "leader"),
    ('{"trump": "H", "leader": true, "hands": [["AS"], ["TS"]]}', "leader"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["ZZ"]]}', "unknown card"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], [7]]}', "card"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["AS"]]}', "duplicate"),
    ('{"trump": "H", "leader": 0, "hands": [["AS", "AS"], ["TS", "KS"]]}', "duplicate"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]], "lead": "AS"}', "lead"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]], "lead": "QQ"}', "unknown card"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["TS", "KS"]]}', "sizes"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]], "lead": "KS"}', "sizes"),
    ('{"trump": "H", "leader": 0, "hands": [[], []]}', "sizes"),
    ('{"trump": "H", "leader": 0, "hands": [' + json.dumps(ALL[:10]) + ", "
     + json.dumps(ALL[10:20]) + "]}", "sizes"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"]]}', "hands"),
    ('{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]], "lead_card": "KS"}', "lead_card"),
])
def test_cli_invalid_lines(line, words):
    good = '{"trump": "H", "leader": 0, "hands": [["AS"], ["TS"]]}'
    status, got = cli(good + "\n" + line + "\n" + good + "\n")
    assert status == 2
    assert got[0] == got[2] == {"value": 31, "best": ["AS"]}
    assert set(got[1]) == {"error"}
    assert got[1]["error"].startswith("line 2: ")
    assert words.lower() in got[1]["error"].lower()


def test_cli_nine_cards_with_lead():
    rng = random.Random(4)
    trump, leader, hands, lead = random_position(rng, 9, True)
    obj = {"trump": trump, "leader": leader, "hands": hands, "lead": lead}
    status, got = cli(json.dumps(obj))
    value, best = run_solver(trump, leader, hands, lead)
    assert status == 0 and got == [{"value": value, "best": best}]


# --- the capot game ----------------------------------------------------------

def as_ints(trump, hands, lead):
    return (SUITS.index(trump), tuple([ALL.index(c) for c in h] for h in hands),
            None if lead is None else ALL.index(lead))


@pytest.mark.parametrize("k,count", [(1, 150), (2, 150), (3, 150), (4, 100), (5, 40)])
@pytest.mark.parametrize("with_lead", [False, True])
def test_capot_game_matches_brute_force(k, count, with_lead):
    rng = random.Random(1000 * k + with_lead)
    capots = 0
    for _ in range(count):
        trump, leader, hands, lead = random_position(rng, k, with_lead)
        if rng.random() < 0.5:  # more capot chances: give the leader the top trumps
            pool = sorted(ALL, key=lambda c: -ref_power(c, trump) if c[1] == trump else 0)
            hands, lead = deal_strong(rng, pool, trump, leader, k, with_lead)
        t, h, ld = as_ints(trump, hands, lead)
        want = ref_capot_values(trump, leader, hands, lead)
        got = card_values(t, leader, h, ld, capot_for=leader)
        assert {ALL[c]: v for c, v in got.items()} == want, (trump, leader, hands, lead)
        mover = leader if lead is None else 1 - leader
        best_v = max(want.values()) if mover == 0 else min(want.values())
        value, best = solve(t, leader, h, ld, capot_for=leader)
        assert value == best_v
        assert sorted(ALL[c] for c in best) == sorted(c for c, v in want.items() if v == best_v)
        assert position_value(t, leader, h, ld, capot_for=leader) == best_v
        expected = ref_can_capot(trump, leader, hands, lead)
        assert can_capot(t, leader, h, ld) == expected, (trump, leader, hands, lead)
        capots += expected
    assert k == 1 or capots > 0  # the sample does test capots


def deal_strong(rng, pool, trump, leader, k, with_lead):
    """A deal where the leader holds some of the best trumps."""
    top = [c for c in pool if c[1] == trump][:rng.randint(1, min(k, 4))]
    rest = [c for c in ALL if c not in top]
    others = rng.sample(rest, 2 * k - len(top))
    hands = [[], []]
    hands[leader] = sorted(top + others[:k - len(top)])
    hands[1 - leader] = sorted(others[k - len(top):])
    lead = hands[leader].pop(rng.randrange(k)) if with_lead else None
    return hands, lead


def test_capot_ignored_unless_asked():
    # seat 0 takes both tricks: plain value 25+10... and the capot game adds 90
    hands = (S("JS AS"), S("7H 8H"))
    assert solve(0, 0, hands)[0] == 20 + 11 + 10
    assert solve(0, 0, hands, capot_for=0)[0] == 20 + 11 + 10 + 90
    assert can_capot(0, 0, hands)
    assert solve(0, 1, (S("7H 8H"), S("JS AS")), capot_for=1)[0] == -90


def test_capot_game_draws_trumps_before_a_plain_lead():
    """Trump diamonds; seat 0 (9C 9D JD) against 7D 8D AS.  For points alone the
    9 of clubs may go first (the other seat trumps it, 55 either way); for the
    capot it must not: draw the trumps first and take all three tricks."""
    hands = (S("9C 9D JD"), S("7D 8D AS"))
    diamonds = SUITS.index("D")
    value, best = solve(diamonds, 0, hands)
    assert value == 55 and parse_card("9C") in best
    value, best = solve(diamonds, 0, hands, capot_for=0)
    assert value == 55 + 90 and best == sorted(S("9D JD"))
    assert can_capot(diamonds, 0, hands)


def test_capot_for_must_be_the_leader():
    with pytest.raises(SolverError, match="capot_for"):
        solve(0, 0, (S("AS 7H"), S("TS 8H")), capot_for=1)
    with pytest.raises(SolverError, match="capot_for"):
        solve(0, 0, (S("AS 7H"), S("TS 8H")), capot_for=True)


def test_cli_capot_for():
    lines = "\n".join([
        json.dumps({"trump": "D", "leader": 0, "hands": [["9C", "9D", "JD"], ["7D", "8D", "AS"]]}),
        json.dumps({"trump": "D", "leader": 0, "hands": [["9C", "9D", "JD"], ["7D", "8D", "AS"]],
                    "capot_for": 0}),
        json.dumps({"trump": "S", "leader": 1, "hands": [["JS", "7C"], ["8H"]], "lead": "AH",
                    "capot_for": 1}),
        json.dumps({"trump": "D", "leader": 0, "hands": [["9D"], ["7D"]], "capot_for": 1}),
    ])
    status, out = cli(lines)
    assert status == 2
    assert out[0] == {"value": 55, "best": ["9D", "JD", "9C"]}  # today's answer, unchanged
    assert out[1] == {"value": 55, "best": ["9D", "JD", "9C"], "capot": True}
    assert out[2]["capot"] is False  # seat 0 trumps the ace of hearts
    assert "capot_for" in out[3]["error"] and out[3]["error"].startswith("line 4:")


def test_a_shared_memo_never_changes_an_answer():
    rng = random.Random(21)
    memo = solver_module.Memo()
    for _ in range(150):
        trump, leader, hands, lead = random_position(rng, rng.randint(1, 7), rng.random() < 0.5)
        t, h, ld = as_ints(trump, hands, lead)
        capot_for = leader if rng.random() < 0.5 else None
        assert (position_value(t, leader, h, ld, capot_for, memo=memo)
                == position_value(t, leader, h, ld, capot_for))


def test_a_memo_keeps_what_a_call_learnt_for_the_next_one():
    # seven cards each: deep enough for the transposition table and the
    # two-card endings; the same position again finds everything it needs
    # (the Python core's tables: the native core keeps its own, in C)
    position_value = solver_module.python_position_value
    rng = random.Random(5)
    trump, leader, hands, lead = random_position(rng, 7, False)
    t, h, ld = as_ints(trump, hands, lead)
    memo = solver_module.Memo()
    first = position_value(t, leader, h, ld, memo=memo)
    tables = memo.tables(t)
    sizes = {name: len(table) for name, table in tables._asdict().items()}
    assert sizes["tt"] > 0 and sizes["exact2"] > 0 and sizes["capot_tt"] == 0
    assert position_value(t, leader, h, ld, memo=memo) == first
    assert {name: len(table) for name, table in tables._asdict().items()} == sizes
    assert memo.tables(t) is tables and list(memo.by_trump) == [t]
    position_value(t, leader, h, ld, leader, memo=memo)  # the capot game has its own table
    assert len(tables.capot_tt) > 0
