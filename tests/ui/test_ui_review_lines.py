"""Both lines of play on the review screen (issue #32), through the real loop:
a hand of a finished run opened from History asks the worker for level 4 in
your seat, the screen says so until the answer is polled, then shows each
trick's cards in their seats in both lines, the first trick where they part
and the two totals; a bare hand record shows none of it.  Every text fits in
all four languages at the smallest and a large window."""

from __future__ import annotations

import pygame
import pytest

from belote2p.core.actions import parse_action
from belote2p.core.match import PLAYER, RIVAL, Run
from belote2p.services.deal_replay import deal_replay
from belote2p.services.duplicate import Duplicate
from belote2p.services.duplicate_text import level4_line, level4_pending
from belote2p.services.i18n import LANGUAGES, set_language
from belote2p.ui.navigation import Route
from belote2p.ui.scenes.history import HistoryScene
from belote2p.ui.scenes.review import ReviewScene
from lab import harness as h
from lab.samples import recorded_store
from tests.support.fit import recording

pytestmark = pytest.mark.ui

SEED, HAND = "c0ffee", 0  # a run over whose first hand parts from level 4's at trick 3


def open_review(size: tuple[int, int]):
    """The run's first hand opened from History: the game, the scene,
    the run's record and the comparison asked for it (unanswered)."""
    store = recorded_store(in_progress=False)
    game = h.make_app(size=size, store=store)
    record = next(r for r in store.list_runs() if r.seed == SEED)
    history = game.nav.reset(Route.HISTORY)
    assert isinstance(history, HistoryScene)
    h.step(game)
    history.open(record)
    whole = store.run_record(record.run_id)
    assert whole is not None
    held = h.held_comparisons(game)
    asked_before = len(held.asked)
    history._review(history.matches[0], history.matches[0].hands[HAND])()
    review = game.app.top
    assert isinstance(review, ReviewScene)
    assert len(held.asked) == asked_before + 1
    assert held.asked[-1][0] == (whole.seed, tuple(whole.actions), 0, HAND)
    return game, review, whole, held


def test_the_review_shows_both_lines_once_the_worker_answers():
    game, review, whole, held = open_review((960, 600))
    try:
        h.click(review.offer()["buttons"]["lines"].center)
        h.step(game, 3)  # the loop runs on while the worker is busy
        offer = review.offer()
        assert offer["showing_lines"] and offer["lines"] is None
        compared: Duplicate = held.answer()
        h.step(game)
        offer = review.offer()
        assert [row[0] for row in offer["lines"]] == list(range(1, 17))
        assert [row[1] for row in offer["lines"]] == seated(whole, compared.your_line)
        assert [row[2] for row in offer["lines"]] == seated(whole, compared.level4_line)
        parting = compared.parting
        assert parting is not None and parting.trick == 2
        assert [row[0] for row in offer["lines"] if row[3]] == [3]  # only the first
        assert offer["lines_summary"][0] == "The lines part at trick 3."
        assert offer["lines_summary"][-1] == level4_line(compared)
        h.click(review.offer()["buttons"]["lines"].center)  # back to the verdicts
        h.step(game)
        assert not review.offer()["showing_lines"]
    finally:
        game.app.shutdown()


def test_a_bare_hand_record_shows_no_lines():
    game, review, _whole, held = open_review((960, 600))
    try:
        asked = len(held.asked)
        bare = game.nav.push(Route.REVIEW, record=review.record)
        h.step(game)
        assert "lines" not in bare.offer()["buttons"] and bare.offer()["lines"] is None
        assert len(held.asked) == asked  # nothing to compare without the run
    finally:
        game.app.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_the_lines_fit_in_every_language(size):
    game, review, _whole, held = open_review(size)
    try:
        review.showing_lines = True
        problems: list[str] = []
        for answered in (False, True):  # while level 4 plays the hand again, then its line
            if answered:
                compared = held.answer()
                review.update(0.0)
            for lang in LANGUAGES:
                set_language(lang)
                review.build()
                with recording(size) as (drawn, screen):
                    screen[0] = f"{lang} {size} answered={answered}"
                    review.draw(pygame.display.get_surface())
                shown = " ".join(d.text for d in drawn)
                assert (level4_line(compared) if answered else level4_pending()) in shown
                problems += [p for d in drawn if (p := d.problem())]
        assert problems == []
    finally:
        set_language("en")
        game.app.shutdown()


def seated(whole, line: tuple[str, ...]) -> list[tuple[int, int]]:
    """Each trick's (your card, the rival's) in ``line``, from the game itself."""
    start = len(deal_replay(whole.seed, whole.actions, 0, HAND).prefix)
    run = Run.replay(whole.seed, list(whole.actions[:start]))
    match = run.match
    for word in line:
        run.apply(parse_action(word))
    return [(t.card_of(PLAYER), t.card_of(RIVAL)) for t in match.hands[HAND].tricks]


def test_the_end_of_hand_review_compares_the_same_hand_as_its_panel():
    game = h.make_app(size=(960, 600))
    try:
        h.open_table(game, "review-lines")
        offer = h.play_to_hand_over(game)
        held = h.held_comparisons(game)
        assert len(held.asked) == 1  # the panel's line
        h.click(offer["review_button"].center)
        h.step(game)
        review = game.app.top
        assert isinstance(review, ReviewScene) and "lines" in review.offer()["buttons"]
        assert len(held.asked) == 2 and held.asked[1][0] == held.asked[0][0]
    finally:
        game.app.shutdown()
