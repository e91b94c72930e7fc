"""Practice (issue #13): a table with Hint, Undo and the rival face up, where
nothing is saved or scored; a scored table ignores those keys."""

from __future__ import annotations

import pygame
import pytest

from belote2p.core.actions import Phase
from belote2p.core.cards import CARDS
from belote2p.store import MemoryStore
from belote2p.ui.navigation import Route
from belote2p.ui.table.input import Practice as PracticeKey
from belote2p.ui.table.practice_mode import PracticeMode
from belote2p.ui.table.scene import TableScene
from belote2p.ui.table.scored import ScoredMode
from lab import harness as h


@pytest.fixture
def game():
    g = h.make_app(size=(1280, 800), store=MemoryStore())
    yield g
    g.app.shutdown()


def open_practice(game, level: int = 2) -> TableScene:
    game.nav.reset(Route.TITLE)
    h.step(game)
    h.click(game.app.top.offer()["buttons"]["practice"].center)
    h.step(game)
    assert game.app.top.offer()["scene"] == "PracticeSetupScene"
    h.click(game.app.top.offer()["buttons"][str(level)].center)
    h.step(game)
    table = game.app.top
    assert isinstance(table, TableScene) and isinstance(table.mode, PracticeMode)
    return table


def play_to_card_turn(game, table: TableScene, card_turns: int = 1) -> dict:
    """Pass or take through the bidding, play first legal cards until the
    player has ``card_turns`` cards to choose in the play (the last not played)."""
    seen = 0
    for _ in range(200):
        offer = h.settle(game)
        assert offer["panel"] is None, "the hand ended before enough turns"
        if table.hand.phase is Phase.PLAY:
            seen += 1
            if seen == card_turns:
                return offer
        _kind, pos = h.first_legal_policy(offer)
        h.click(pos)
    raise AssertionError("never reached the play")


def test_practice_hint_and_undo(game):
    table = open_practice(game, level=2)
    assert table.mode.ai_level(1, table.run) == 2
    play_to_card_turn(game, table)
    h.key(pygame.K_h, "h")
    h.step(game, 3)
    state = table.state().practice
    assert state is not None and state.hinted in table.hand.legal_cards()
    assert state.lines and not state.thinking
    legal = {c.label for c in table.hand.legal_cards()}
    assert {c.label for c, _figure in state.figures} == legal
    assert table.state().side.who[0].text == "Practice"  # not the streak

    before = list(table.run.actions)
    offer = play_to_card_turn(game, table, card_turns=1)
    card = next(cd["card"] for cd in offer["cards"] if not cd["dim"])
    assert table.try_play(card, confirmed=True)
    h.settle(game)  # the rival answers (or leads), the player is to move again
    assert len(table.run.actions) > len(before) + 1 or table.hand.to_move == 0
    h.key(pygame.K_u, "u")
    h.step(game, 2)
    assert table.run.actions == before  # the card and the rival's answer are gone
    assert table.state().practice.hinted is None  # the old hint went with them

    h.key(pygame.K_v, "v")
    h.step(game)
    faces = table.state().rival_faces
    assert faces is not None and set(faces) == set(table.hand.hands[1])

    store = game.session.store
    assert not store.list_runs() and not store.hand_records()  # no run, no hand kept


def test_scored_table_ignores_practice_keys(game):
    table = h.open_table(game, "practice-keys")
    assert isinstance(table.mode, ScoredMode)
    play_to_card_turn(game, table)
    before = list(table.run.actions)
    for k, text in ((pygame.K_h, "h"), (pygame.K_u, "u"), (pygame.K_v, "v")):
        h.key(k, text)
    h.step(game, 3)
    assert table.state().practice is None
    assert table.state().side.who[0].text == "Rival"  # the streak and run score, as ever
    assert table.run.actions == before


def test_undo_with_no_card_played_does_nothing(game):
    table = open_practice(game, level=1)
    h.settle(game)
    before = list(table.run.actions)
    table.perform(PracticeKey("undo"))
    assert table.run.actions == before


def test_hint_lines_show_expected_points():
    from belote2p.ai.hints import Hint
    from belote2p.ui.table.practice import hint_lines, point_labels

    ace, ten = CARDS[7], CARDS[6]
    estimate = Hint(ace, ((ace, 88), (ten, 81)), False)
    lines = hint_lines(estimate)
    assert lines[0].startswith(f"Play {ace.label}")
    assert len(lines) == 2  # level 4's card has the top figure: no note
    assert point_labels(estimate) == ((ace, "≈ 88"), (ten, "≈ 81"))
    exact = Hint(ten, ((ace, 40), (ten, 52)), True)
    assert point_labels(exact) == ((ace, "40"), (ten, "52"))
    assert hint_lines(exact)[1] != lines[1]  # exact, not an estimate
    for_match = Hint(ten, ((ace, 88), (ten, 81)), False, for_match=True)
    assert len(hint_lines(for_match)) == 3  # the note says why it is not the top figure
    close = Hint(ten, ((ace, 88), (ten, 87)), False, within_noise=True)
    assert hint_lines(close)[2] != hint_lines(for_match)[2]  # too close to tell, no match note


def test_a_whole_practice_hand_and_abandon_write_nothing(game):
    """Through a finished hand, then abandoned: no saved run, no finished run,
    no hand record, no board entry."""
    table = open_practice(game, level=1)
    for _ in range(200):
        offer = h.settle(game)
        if offer["panel"] is not None:
            break
        _kind, pos = h.first_legal_policy(offer)
        h.click(pos)
    assert offer["panel"] == "hand_over"
    table.abandon()
    h.step(game, 3)
    store = game.session.store
    assert not store.list_runs() and not store.hand_records()  # no run, no hand kept
    assert game.session.leaderboard(10) == []


def test_the_level_picker_names_the_levels_in_the_players_language():
    from belote2p.services.i18n import set_language
    from belote2p.ui.scenes.practice_setup import level_label

    names = {3: "Card counter", 4: "Master"}
    try:
        set_language("pt")
        assert level_label(3, names) == "Nível 3 · Contador"
        set_language("fr")
        assert "Compteur" in level_label(3, names)
    finally:
        set_language("en")
    assert level_label(4, names) == "Level 4 · Master"
