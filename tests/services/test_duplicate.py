"""Level 4 in your seat (issue #32): the same deal replayed with level 4
deciding for the player, the per-hand difference and the skill figure."""

from __future__ import annotations

import argparse
import io
import json
import pathlib

import pytest

from belote2p.core.actions import Bid, Phase, parse_action
from belote2p.core.hand import Hand
from belote2p.core.match import PLAYER, RIVAL, Run
from belote2p.core.record import record_of, replay_hand
from belote2p.core.view import view_of
from belote2p.services.deal_replay import NotReplayable
from belote2p.services.duplicate import (
    duplicate_hand,
    finished_hands,
    run_duplicates,
    side_by_side,
)
from belote2p.services.rival import player_decision, rival_decision
from belote2p.services.skill import Z95, skill_of
from belote2p.store.api import LeaderboardEntry, RunRecord, RunStatus
from lab.play import play_run
from tests.support.builders import fast_levels

LEVELS = fast_levels()  # level 4 with few samples: the tests stay quick


@pytest.fixture(scope="module")
def level4_run() -> Run:
    return play_run("duplicate-4", "4", LEVELS, max_matches=1)


@pytest.fixture(scope="module")
def level2_run() -> Run:
    return play_run("duplicate-2", "2", LEVELS, max_matches=1)


def test_a_run_autoplayed_at_level_4_is_its_own_duplicate(level4_run: Run) -> None:
    duplicates = run_duplicates("duplicate-4", level4_run.actions, LEVELS)
    assert len(duplicates) == 2  # the match's two hands
    for d in duplicates:
        assert d.difference == 0 and d.rival_difference == 0
        assert d.your_line == d.level4_line and d.parting is None


def test_another_player_is_compared_hand_by_hand(level2_run: Run) -> None:
    duplicates = run_duplicates("duplicate-2", level2_run.actions, LEVELS)
    assert [d.yours for d in duplicates] == _hand_scores(level2_run)
    parted = [d for d in duplicates if d.parting is not None]
    assert parted, "level 2 plays some action level 4 would not"
    for d in parted:
        p = d.parting
        assert p is not None and p.yours != p.level4
        assert d.your_line[:p.index] == d.level4_line[:p.index]
        assert d.your_line[p.index] == p.yours and d.level4_line[p.index] == p.level4
    for d in duplicates:
        assert d.difference == d.yours[PLAYER] - d.level4[PLAYER]
        assert d.rival_difference == d.yours[RIVAL] - d.level4[RIVAL]


def _hand_scores(run: Run) -> list[tuple[int, int]]:
    """The (player, rival) scores of each hand of the run's first match."""
    replay = Run("duplicate-2")
    scores: list[tuple[int, int]] = []
    for word in run.actions:
        match = replay.match
        done = len(match.hand_scores)
        replay.apply(parse_action(word))
        if len(match.hand_scores) > done:
            s = match.hand_scores[done].scores
            scores.append((s[PLAYER], s[RIVAL]))
    return scores


def test_a_hand_in_play_cannot_be_compared(level2_run: Run) -> None:
    """Nothing shown during a hand can depend on the comparison: it refuses a
    hand that is not over (mid-hand, only the seat's view is known)."""
    first_hand_end = next(i for i in range(1, len(level2_run.actions))
                          if list(finished_hands("duplicate-2", level2_run.actions[:i])))
    for cut in (0, 3, first_hand_end - 1):
        with pytest.raises(NotReplayable):
            duplicate_hand("duplicate-2", level2_run.actions[:cut], 0, 0, LEVELS)
    assert duplicate_hand("duplicate-2", level2_run.actions[:first_hand_end], 0, 0, LEVELS)


def test_the_table_never_imports_the_comparison() -> None:
    """The hand's screens and the run session read no duplicate figure; the
    table's one door to it, ``ui/table/comparison.py``, is asked when a hand has
    ended (tests/ui/test_ui_level4_line.py shows the run's actions then end
    with that hand's last)."""
    root = pathlib.Path(__file__).resolve().parents[2] / "belote2p"
    table = sorted((root / "ui" / "table").glob("*.py"))
    assert root / "ui" / "table" / "comparison.py" in table
    # panels.py draws the end-of-hand panel: it words a finished comparison
    # (services.duplicate_text) handed to it, and runs none
    during_hand = [root / "services" / "run_session.py",
                   *(path for path in table if path.name not in ("comparison.py", "panels.py"))]
    for path in during_hand:
        text = path.read_text(encoding="utf-8")
        assert "duplicate" not in text and "services.skill" not in text, path


def test_the_skill_figure_is_the_mean_with_its_interval() -> None:
    assert skill_of([]).as_json() == {"per_hand": None, "interval": None, "hands": 0}
    assert skill_of([7]).as_json() == {"per_hand": 7, "interval": None, "hands": 1}
    assert skill_of([0, 0, 0]).as_json() == {"per_hand": 0, "interval": [0, 0], "hands": 3}
    spread = skill_of([10, -10])  # sd 14.14, se 10
    assert spread.per_hand == 0
    assert spread.interval == pytest.approx((-Z95 * 10, Z95 * 10))


def test_stats_json_shows_no_skill_gap_for_an_autoplay_4_run(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Autoplay compares its hands once its run is recorded, so plain
    ``stats --json`` shows the figure, read from the kept differences (no
    replay: the comparison is made to fail here); ``--skill`` adds the rating."""
    from belote2p.commands.autoplay import play_autoplay
    from belote2p.commands.board import stats_main
    from belote2p.commands.common import open_store

    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("belote2p.ai.levels.load_levels", lambda: LEVELS)
    monkeypatch.setattr("belote2p.services.duplicate.game_levels", lambda: LEVELS)
    monkeypatch.setattr("belote2p.services.skill_kept.game_levels", lambda: LEVELS)
    play_autoplay(open_store(), "4", "skill-zero", "AI level 4", 1)

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("plain stats compares no hand")

    with monkeypatch.context() as patched:
        patched.setattr("belote2p.services.skill_kept.duplicate_hand", no_replay)
        stats_main(argparse.Namespace(json=True, include_ai=True, skill=False))
    figures = json.loads(capsys.readouterr().out)
    assert figures["skill"] == {"per_hand": 0, "interval": [0, 0], "hands": 2}
    assert "skill_rating" not in figures
    stats_main(argparse.Namespace(json=True, include_ai=True, skill=True))
    figures = json.loads(capsys.readouterr().out)
    assert figures["skill"] == {"per_hand": 0, "interval": [0, 0], "hands": 2}
    assert figures["skill_rating"]["hands"] == 2  # one match: no number yet
    assert figures["skill_rating"]["value"] is None
    stats_main(argparse.Namespace(json=True, include_ai=False, skill=False))
    assert json.loads(capsys.readouterr().out)["skill"]["hands"] == 0  # the player's only


def _record_played_by_level_4(deck_seed: str, seed: str, rival_level: int,
                              rival_seed: str | None = None) -> Hand:
    """A hand played as ``review --duplicate`` replays a record: level 4 in
    seat 0 and the rival at ``rival_level``, seeded by the action's place
    (and ``rival_seed``, the review's ``seed`` unless given)."""
    from belote2p.core.match import deck_for

    hand = Hand(0, deck_for(deck_seed, 0, 0, 0))
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.REDEAL:
            hand.redeal(deck_for(deck_seed, 0, 0, hand.deal_number))
            continue
        seat = hand.to_move
        assert seat is not None
        view, index = view_of(hand, seat), len(hand.actions)
        hand.apply(player_decision(view, 4, seed, index, LEVELS) if seat == PLAYER
                   else rival_decision(view, rival_level, rival_seed or seed, index, LEVELS))
    return hand


def test_review_duplicate_of_records(monkeypatch: pytest.MonkeyPatch) -> None:
    from belote2p.commands.review import duplicate_main

    monkeypatch.setattr("belote2p.services.duplicate.game_levels", lambda: LEVELS)
    same = _record_played_by_level_4("deal-a", "review", 2)
    other = replay_hand({**record_of(same), "actions": _other_line(same)})
    lines = [json.dumps(record_of(same)), "", json.dumps(record_of(other)), "not json"]
    out = io.StringIO()
    status = duplicate_main(argparse.Namespace(seed="review", rival_level=2), lines, out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 2 and "error" in results[2]
    assert results[0]["duplicate"]["difference"] == 0
    assert results[0]["duplicate"]["parting"] is None
    parting = results[1]["duplicate"]["parting"]
    assert parting is not None and parting["yours"] != parting["level4"]
    # seat 1 plays as recorded while the lines agree: they part on seat 0's decision
    before = Hand(other.dealer, other.decks[0])
    for action in other.actions[:parting["index"]]:  # no redeal: seat 0 takes at once
        before.apply(action)
    assert before.to_move == PLAYER
    differences = [0, results[1]["duplicate"]["difference"]]
    assert results[3]["skill"]["hands"] == 2
    assert results[3]["skill"]["per_hand"] == pytest.approx(sum(differences) / 2, abs=0.05)


def test_a_record_s_rival_plays_as_recorded_while_the_lines_agree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A record holds no run seed, so its rival cannot be re-run: while the
    lines agree seat 1 plays as recorded, and a seat 0 that played level 4's
    cards is compared at exactly 0 whatever the rival's seed was."""
    from belote2p.services.duplicate import duplicate_record

    recorded = _record_played_by_level_4("deal-b", "review", 1, rival_seed="elsewhere")
    compared = duplicate_record(recorded, "review", 1, LEVELS)
    assert compared.parting is None and compared.difference == 0


def _other_line(hand: Hand) -> list[str]:
    """The same deal with seat 0 taking at once, then playing its first legal
    card, against a rival of another seed than the review's."""
    again = Hand(hand.dealer, hand.decks[0])
    while again.phase is not Phase.DONE:
        if again.phase is Phase.REDEAL:
            again.redeal(hand.decks[again.deal_number])
            continue
        seat = again.to_move
        assert seat is not None
        view, index = view_of(again, seat), len(again.actions)
        legal = again.legal_actions()
        again.apply(next((a for a in legal if str(a) != "pass"), legal[0]) if seat == PLAYER
                    else rival_decision(view, 2, "another rival", index, LEVELS))
    return [str(a) for a in again.actions]


def test_the_two_lines_side_by_side(level2_run: Run) -> None:
    """The review's rows: the bidding, then each trick, the first parting marked once."""
    compared = next(d for d in run_duplicates("duplicate-2", level2_run.actions, LEVELS)
                    if d.parting is not None)
    rows = side_by_side(compared)
    assert rows[0].trick is None and rows[1].trick == 0
    assert len(rows) == 17  # the bidding and the 16 tricks (the stock and the strict play)
    for line, column in ((compared.your_line, "yours"), (compared.level4_line, "level4")):
        assert [w for row in rows for w in getattr(row, column)] == \
            [w for w in line if isinstance(parse_action(w), Bid)] + \
            [w for w in line if not isinstance(parse_action(w), Bid)]
    marked = [row for row in rows if row.parts_here]
    assert len(marked) == 1
    parting = compared.parting
    assert parting is not None and marked[0].trick == parting.trick
    assert all(row.yours == row.level4 for row in rows[:rows.index(marked[0])])
    assert marked[0].yours != marked[0].level4


def _record(run_id: int, seed: str, run: Run) -> RunRecord:
    return RunRecord(run_id, f"player {run_id}", "2026-12-02T05:00:00Z", "2026-12-02T05:10:00Z",
                     RunStatus.OVER, run.streak, run.margin_total, run.score, "2026-12-02",
                     "", False, seed, tuple(run.actions))


def test_the_daily_board_ranked_by_skill(level4_run: Run, level2_run: Run) -> None:
    from belote2p.services.skill_board import by_skill

    records = {1: _record(1, "duplicate-2", level2_run), 2: _record(2, "duplicate-4", level4_run)}
    entries = [LeaderboardEntry(1, "player 1", 900, 1, 40, 2, "2026-12-02", entry_id=1),
               LeaderboardEntry(2, "player 2", 500, 0, 0, 1, "2026-12-02", entry_id=2),
               LeaderboardEntry(3, "gone", 100, 0, 0, 1, "2026-12-02", entry_id=3)]
    level2_skill = skill_of(run_differences_of("duplicate-2", level2_run))
    assert level2_skill.per_hand is not None and level2_skill.per_hand < 0
    rows = by_skill(entries, records.get,
                    lambda r: skill_of([d.difference for d in
                                        run_duplicates(r.seed, r.actions, LEVELS)]))
    assert [(r.entry.rank, r.entry.name, r.score_rank) for r in rows] == \
        [(1, "player 2", 2), (2, "player 1", 1), (3, "gone", 3)]
    assert rows[0].as_json()["skill"]["per_hand"] == 0
    assert rows[1].skill == level2_skill
    assert rows[2].skill.hands == 0


def run_differences_of(seed: str, run: Run) -> list[int]:
    return [d.difference for d in run_duplicates(seed, run.actions, LEVELS)]


def test_leaderboard_daily_by_skill(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    import datetime

    from belote2p.commands.autoplay import play_autoplay
    from belote2p.commands.board import leaderboard_main
    from belote2p.commands.common import open_store
    from belote2p.core.fairness import daily_seed

    day = datetime.date(2026, 12, 2)
    monkeypatch.setenv("BELOTE2P_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("belote2p.ai.levels.load_levels", lambda: LEVELS)
    monkeypatch.setattr("belote2p.services.duplicate.game_levels", lambda: LEVELS)
    monkeypatch.setattr("belote2p.services.skill_kept.game_levels", lambda: LEVELS)
    # the run's clock is the day's own, not the machine's: the game rightly
    # refuses a daily played after its day
    play_autoplay(open_store(), "4", daily_seed(day), "AI level 4", 1, daily=day.isoformat(),
                  clock=lambda: "2026-12-02T12:00:00+00:00")
    capsys.readouterr()

    def replayed(*args: object) -> None:
        raise AssertionError("the board replayed a hand autoplay kept")

    # autoplay kept its hands' differences: the board reads them, replaying none
    monkeypatch.setattr("belote2p.services.skill_kept.duplicate_hand", replayed)
    leaderboard_main(argparse.Namespace(daily=day, by_skill=True, json=True))
    board = json.loads(capsys.readouterr().out)
    assert [(e["rank"], e["score_rank"], e["skill"]) for e in board] == \
        [(1, 1, {"per_hand": 0, "interval": [0, 0], "hands": 2})]
    leaderboard_main(argparse.Namespace(daily=day, by_skill=True, json=False))
    assert "1. AI level 4 · Skill: 0.0 a hand against level 4 (0.0 to 0.0), over 2 hands" \
        in capsys.readouterr().out

