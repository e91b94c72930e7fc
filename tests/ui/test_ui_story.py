"""The table tells one story, in order (issue #17): the side panel, the piles
and the scores change only once the beat or panel that announces the change
has been shown.  The real loop is driven through a whole match at Normal
speed with posted clicks (SDL's dummy driver, the rival in-line, so it
answers at once), and every frame is checked against what was announced."""

from __future__ import annotations

import pytest

from belote2p.core.events import MatchEnded
from belote2p.core.hand import Hand
from belote2p.core.match import Run
from belote2p.services.rival import rival_action, rival_decision
from belote2p.services.run_session import ActiveRun
from belote2p.ui.navigation import Route
from belote2p.ui.table.scene import TableScene
from belote2p.ui.table.state import TableState
from belote2p.ui.theme import theme
from lab import harness as h
from tests.support.builders import points_of_tricks

pytestmark = pytest.mark.ui

# Played by level 3 for you against the run's level-1 rival, this seed's first
# match is won (_first_match says by how much): it has a celebration, and a
# second match follows.
WON_SEED = "story0"
DT = 1 / 20  # coarse frames: the announcements checked here last far longer


def _my_action(run: Run):
    """Level 3's choice for your seat (the same rule _pick clicks)."""
    return rival_decision(run.match.view(0), 3, f"{run.seed}/me", len(run.actions))


def _first_match(seed: str) -> tuple[int, int]:
    """The first match's totals when you play as _pick does, without a window."""
    run = Run(seed)
    while not run.results:
        run.apply(_my_action(run) if run.match.to_move == 0 else rival_action(run))
    scores = run.results[0].scores
    return scores[0], scores[1]


def _pick(table: TableScene, state: TableState) -> tuple[int, int] | None:
    """Where to click for level 3's choice (your cards decided as a good player would)."""
    action = _my_action(table.run)
    for b in state.bid_buttons:
        if b.value == action:
            return b.rect.center
    for hc in state.hand:
        if hc.card == action:
            return hc.rect.center
    return None


def _first_match_end() -> MatchEnded:
    """WON_SEED's first match played out (level 3 for you): the event that ends it."""
    run = Run(WON_SEED)
    while True:
        match = run.match
        seat = match.hand.to_move
        key = f"{run.seed}/me" if seat == 0 else str(run.seed)
        events = run.apply(rival_decision(match.view(seat), 3 if seat == 0 else 1, key,
                                          len(run.actions)))
        ended = [ev for ev in events if isinstance(ev, MatchEnded)]
        if ended:
            return ended[0]


@pytest.fixture
def game():
    """The real window at Normal speed, the rival in-line (it answers at once)."""
    game = h.make_app(worker="inline", instant=False)
    yield game
    game.app.shutdown()


class Story:
    """What the player has been shown so far, frame after frame."""

    def __init__(self, run: Run):
        self.run = run
        self.hands: list[list[Hand]] = [[]]  # by match: the hands dealt, in order
        self.panels_seen: list[int] = [0]  # by match: end-of-hand panels shown
        self.panel_open = False
        self.celebrations = 0  # celebrations shown (each a match won)
        self.celebrating = False

    def note_engine(self) -> None:
        match_no = len(self.run.results) if self.run.match.hands else 0
        hands = self.hands
        while len(hands) <= match_no:
            hands.append([])
            self.panels_seen.append(0)
        for hand in self.run.match.hands:
            if all(hand is not seen for seen in hands[match_no]):
                hands[match_no].append(hand)

    def check(self, s: TableState, frame: int) -> None:
        side = s.side
        where = f"frame {frame}"
        if s.celebration is not None:
            self.celebrating = True
        elif self.celebrating:
            self.celebrating = False
            self.celebrations += 1
        # the streak, the score and the level move only once a celebration was shown
        assert side.streak == self.celebrations, where
        assert side.rival_level == 1 + self.celebrations, where
        shown_match = self.celebrations  # a lost match ends the run: each new one follows one
        # the hand scores: those of the panels shown, no more
        panel = s.panel
        if panel is not None and panel.kind == "hand_over" and not self.panel_open:
            self.panels_seen[shown_match] += 1
        self.panel_open = panel is not None
        seen = self.panels_seen[shown_match] if shown_match < len(self.panels_seen) else 0
        assert len(side.hand_scores) == seen, (where, side.hand_scores, seen)
        hands = self.hands[shown_match]
        for i, shown in enumerate(side.hand_scores):
            assert shown == hands[i].score().scores, where
        # "Hand 2 in play" only once hand 1's panel has closed
        if side.hands_started == 2:
            assert seen >= 1 and not (seen == 1 and self.panel_open), where
        # piles and the side panel agree, and count only tricks collected on screen
        assert s.won == side.won, where
        hand = hands[side.hands_started - 1]
        assert side.won[0] + side.won[1] <= len(hand.tricks), where
        assert side.points == points_of_tricks(hand, side.won[0] + side.won[1]), where
        if side.last_bonus is not None:
            assert side.won[0] + side.won[1] == 16 and side.last_bonus == hand.tricks[-1].winner


def test_the_side_panel_never_runs_ahead_of_the_story(game):
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(WON_SEED), "now"))
    assert isinstance(table, TableScene)
    story = Story(table.run)
    expected = _first_match(WON_SEED)
    assert expected[0] > expected[1], "the seed's first match is won"
    match_panel_totals = None
    waited = 0
    for frame in range(40_000):
        story.note_engine()
        h.step(game, dt=DT)
        if game.app.top is not table:
            break
        state = table.state()
        story.check(state, frame)
        panel = state.panel
        if panel is not None:
            if panel.kind == "hand_over" and table.run.results and story.celebrations == 0:
                # the match panel: both hands, the totals, the winner, the margin
                assert [r[0] for r in panel.rows][-3:] == ["Hand 1", "Hand 2", "Match"]
                match_panel_totals = panel.rows[-1][1:3]
                assert state.side.match_scores == match_panel_totals
                margin = expected[0] - expected[1]
                assert any(f"by {margin}" in text for text, _c in panel.lines)
                assert panel.title == "Match won!"
            if panel.age > 0.3:
                h.click(panel.button_rect(state.layout).center)
            continue
        if story.celebrations >= 1 and table.run.match.hand_scores:
            break  # into the second match, one hand played: enough told
        if state.human_turn:
            waited += 1
            if waited >= 2:  # the turn is shown a frame before answering
                pos = _pick(table, state)
                assert pos is not None, "level 3's choice is on the screen"
                h.click(pos)
                waited = 0
    assert match_panel_totals == expected
    assert story.celebrations == 1 and table.model.story.streak == 1


def test_a_click_skips_the_celebration(game):
    """The celebration lasts under a second at Normal speed, and a click ends it."""
    from belote2p.ui.table.model import BeatBuilder

    table = h.open_table(game, "skip")
    h.step(game, 60)
    builder = BeatBuilder(table.play.timing(), table.mode.seat_name)
    beats = builder.match_over(_first_match_end())
    assert len(beats) == 1 and beats[0].total() < 1.0
    table.beats.clear()
    table.beats.queue.extend(beats)
    h.step(game, 2)
    assert table.state().celebration is not None
    h.click(table.L.centre)
    h.step(game)
    assert table.state().celebration is None
    assert table.model.story.streak == 1  # what it announced is now shown


def test_abandoning_during_the_deal_leaves_no_card_behind_the_panel(game):
    """Abandoned while the cards fly in: they land at once, none vanishes."""
    table = h.open_table(game, "abandon-deal")
    h.step(game, 12)
    assert table.model.hidden and table.state().flights  # the deal is under way
    table.abandon()
    h.step(game, 3)
    state = table.state()
    assert state.panel is not None and state.panel.kind == "run_over"
    assert state.flights == () and not table.model.hidden
    assert sorted(hc.card for hc in state.hand) == sorted(table.hand.hands[0])
    assert len(state.rival_x) == len(table.hand.hands[1]) and state.turned is not None


def test_a_trick_the_rival_answers_at_once_takes_under_two_seconds_at_normal(game):
    """Counted in frames of the loop at 60 Hz (simulated time, not the clock):
    from the click on your lead to your next "Your lead", when you win it."""
    table = h.open_table(game, WON_SEED)
    timed: list[float] = []
    clicked: int | None = None
    led = False
    for frame in range(20_000):
        h.step(game)
        state = table.state()
        if state.panel is not None or len(timed) >= 4:
            break
        if not state.human_turn:
            continue
        if clicked is not None and state.phase is not None and state.phase.value == "play":
            if led and not table.hand.current and table.hand.trick_number > 1:
                timed.append((frame - clicked) / 60)
            clicked = None
        pos = _pick(table, state)
        if pos is None:
            continue
        led = state.phase is not None and state.phase.value == "play" and not table.hand.current
        h.click(pos)
        clicked = frame
    assert timed, "you led and won a trick"
    # the issue asks 2 s on screen; the schedule keeps 0.15 s for the real
    # rival's answer and the frames (benchmarks/bench_pace.py measures them),
    # the trick staying 0.9 s to be read (issue #45), the draws flying meanwhile
    assert max(timed) <= 1.85, timed


def test_a_capot_is_told_with_its_hand_and_goes_with_it():
    """No seed of thousands gives a capot in a played run, so the beats are
    built from the events a capot hand ends with: its line is told by its
    announcement, stays through the panel, and the next hand starts without it."""
    from belote2p.core.actions import EventKind
    from belote2p.core.cards import CARDS
    from belote2p.core.events import Dealt, HandScored
    from belote2p.core.rules import score_hand
    from belote2p.ui.table.model import BeatBuilder, BeatKind, TableModel

    score = score_hand(0, [152, 0], 0, [16, 0], None)
    deck = tuple(CARDS)
    ended = HandScored(EventKind.HAND_OVER, score=score, card_points=(152, 0), last_winner=0,
                       dealer=1, decks=(deck,), actions=(), hand_no=1)
    builder = BeatBuilder({k: 0.0 for k in theme().timing}, lambda seat: "Rival")
    model = TableModel()
    beats = builder.build([ended])
    assert [b.kind for b in beats] == [BeatKind.ANNOUNCE, BeatKind.HAND_OVER]
    for b in beats:
        if b.start:
            b.start(model)
    assert model.story.told() == ("Capot: you +252",)
    assert model.story.hand_scores == [(252, 0)]
    dealt = Dealt(EventKind.NEXT_HAND, 0, hand_no=2, deal_number=1,
                  hands=(deck[:6], deck[6:12]), turned=deck[12], forced_dealer=False)
    for b in builder.build([dealt]):
        if b.start:
            b.start(model)
    assert model.story.told() == () and model.story.hands_started == 2
