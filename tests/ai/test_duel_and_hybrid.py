"""The card-play duel (lab/experiments/cardplay_duel.py) and the hybrid players of
lab/experiments/arena_hybrid.py: what they measure is what they say."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from belote2p.ai import Player, decide
from belote2p.core.actions import Action, Phase
from belote2p.core.match import Match
from belote2p.core.view import SeatView
from lab.experiments import arena_hybrid, cardplay_duel
from lab.rivals.pimc import PimcKnobs, PimcPlayer, make_rival
from tests.support.builders import fast_levels

SMALL = PimcKnobs(deals=6, screen=3, finalists=2, bid_deals=4)
LEVELS = fast_levels()


def small_rival(level: str, rng: random.Random, levels: object = None) -> Player:
    return make_rival(level, rng, LEVELS, SMALL)


def test_a_duel_plays_one_contract_at_two_tables_with_the_seats_swapped(monkeypatch) -> None:
    monkeypatch.setattr(cardplay_duel, "make_rival", small_rival)
    job = ("2", "pimc", "duel-test", 3, None)
    hand, context = cardplay_duel.contract_position("duel-test", 3)
    assert hand.phase is Phase.PLAY and not hand.tricks
    tables = [cardplay_duel.play_table(hand, context, job, seat) for seat in (0, 1)]
    # the same contract at both tables: A takes at exactly one of them
    assert sorted(t["a_took"] for t in tables) == [False, True]
    row = cardplay_duel.play(job)
    assert row == cardplay_duel.play(job)  # a seed fixes it
    assert row["lead"] == row["as_taker"] + row["as_defender"]
    assert {row["as_taker"], row["as_defender"]} == {t["a_lead"] for t in tables}


def test_a_player_dueling_itself_scores_what_its_two_tables_give() -> None:
    """Level 2 against level 2: the tips have no randomness, so both tables
    are the same game seen from the two seats and the duplicate lead is 0."""
    for deal in range(3):
        row = cardplay_duel.play(("2", "2", "duel-test", deal, None))
        assert row["lead"] == 0


def test_paired_rows_give_the_difference_deal_by_deal_on_common_deals(tmp_path) -> None:
    """``--paired-with``: this run's leads minus the other run's on the deals
    both played (deal 2 only here is left out), with the standard error of
    those differences; an unreadable rows file is one clear message."""
    def row(deal: int, lead: int, taker: int) -> dict:
        return {"deal": deal, "lead": lead, "as_taker": taker, "as_defender": lead - taker}

    mine = [row(0, 30, 20), row(1, -10, 0), row(2, 50, 50)]
    theirs = [row(1, -30, -10), row(0, 10, 10), row(3, 0, 0)]
    got = cardplay_duel.paired(mine, theirs)
    assert got["lead"] == {"n": 2, "mean": 20.0, "se": 0.0}
    assert got["as_taker"] == {"n": 2, "mean": 10.0, "se": 0.0}
    assert got["as_defender"]["mean"] == 10.0
    path = tmp_path / "rows"
    path.write_text("\n".join(json.dumps(r) for r in theirs) + "\n", encoding="utf-8")
    assert cardplay_duel.read_rows(str(path)) == theirs
    path.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="cannot read the rows"):
        cardplay_duel.read_rows(str(path))
    with pytest.raises(SystemExit, match="in common"):
        cardplay_duel.paired(mine, [row(7, 0, 0)])


def test_a_hybrid_bids_as_one_player_and_plays_its_cards_as_the_other() -> None:
    seen: list[tuple[str, Phase]] = []

    class Noting:
        def __init__(self, name: str, inner: Player):
            self.name, self.inner = name, inner

        def choose(self, view: SeatView) -> Action:
            seen.append((self.name, view.phase))
            return self.inner.choose(view)

    hybrid = arena_hybrid.Hybrid(Noting("cards", small_rival("2", random.Random(1))),
                                 Noting("bids", small_rival("3", random.Random(2))), "2/3")
    match = Match("hybrid-test", 0)
    while not match.over:
        match.apply(decide(hybrid, match.view(match.hand.to_move)))
    assert {phase for who, phase in seen if who == "bids"} == {Phase.BIDDING}
    assert Phase.BIDDING not in {phase for who, phase in seen if who == "cards"}
    assert {who for who, _ in seen} == {"cards", "bids"}


def test_the_hybrid_factory_names() -> None:
    assert arena_hybrid.player_name("4/pimc") == "4/pimc"
    for bad in ("5/pimc", "4/", "4/3/2", "ismcts"):
        with pytest.raises(argparse.ArgumentTypeError, match=bad):
            arena_hybrid.player_name(bad)
    player = arena_hybrid.make_hybrid("3/2", random.Random(0), LEVELS)
    assert isinstance(player, arena_hybrid.Hybrid) and player.name == "3/2"
    for name, times in (("pimc128", 2), ("pimc256", 4), ("pimc1024", 16)):
        heavy = arena_hybrid.make_hybrid(name, random.Random(0), LEVELS)
        assert isinstance(heavy, PimcPlayer) and heavy.knobs.deals == times * PimcKnobs().deals

