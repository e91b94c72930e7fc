"""The hand review screen (issue #11), driven through the real loop: the end
of a hand offers Review; the review computes in the worker, shows every trick
and verdict, and Back returns to the panel with the run untouched."""

from __future__ import annotations

import pygame
import pytest

from belote2p.ai.review import ReviewPhase
from belote2p.core.record import record_of, replay_hand
from belote2p.services import i18n
from belote2p.ui.navigation import Route
from belote2p.ui.scenes.review import ReviewScene, ReviewState
from belote2p.ui.worker import AIWorker
from lab import harness as h

pytestmark = pytest.mark.ui


@pytest.fixture
def game():
    g = h.make_app(size=(1280, 800))
    yield g
    g.app.shutdown()


def wait_ready(game, limit: int = 600) -> dict:
    for _ in range(limit):
        h.step(game)
        offer = h.offer_of(game.app.top)
        if offer["state"] != ReviewState.COMPUTING:
            return offer
    raise AssertionError("the review never arrived")


def test_review_from_the_end_of_hand_and_back(game):
    table = h.open_table(game, "review-ui")
    offer = h.play_to_hand_over(game)
    finished = table.run.match.hands[0]
    actions_before = list(table.run.actions)
    h.click(offer["review_button"].center)
    h.step(game)
    review = game.app.top
    assert isinstance(review, ReviewScene)
    shown = wait_ready(game)
    assert shown["state"] == ReviewState.READY and shown["trick"] == 1
    # every card of both seats has its verdict, in the phase its trick was in
    for trick in range(1, 17):
        shown = h.offer_of(game.app.top)
        assert shown["trick"] == trick
        step = finished.tricks[trick - 1]
        assert shown["played"] == step.cards and shown["winner"] == step.winner
        for seat in (0, 1):
            v = shown["verdicts"][seat]
            assert v["card"] == step.card_of(seat)
            assert v["exact"] == (trick >= 8)
            assert (v["loss"] == 0) == (v["card"] in v["best"])
        h.key(pygame.K_RIGHT)
        h.step(game)
    assert h.offer_of(game.app.top)["trick"] == 16  # the last trick stays selected
    h.click(shown["rows"][3].center)
    h.step(game)
    assert h.offer_of(game.app.top)["trick"] == 3
    assert "trick 8" in h.offer_of(game.app.top)["summary"][0]
    # back to the panel, exactly as it was; the run goes on
    h.key(pygame.K_ESCAPE)
    h.step(game)
    assert game.app.top is table
    offer = h.offer_of(table)
    assert offer["panel"] == "hand_over" and table.run.actions == actions_before
    h.click(offer["panel_button"].center)
    offer = h.settle(game)
    assert offer["panel"] is None and len(table.run.match.hands) == 2
    h.play_to_hand_over(game)  # the second hand plays on (the rival included)


def test_the_review_matches_the_engine_verdicts(game):
    table = h.open_table(game, "review-ui")
    h.play_to_hand_over(game)
    record = record_of(table.run.match.hands[0])
    review = game.nav.push(Route.REVIEW, record=record, title="t")
    wait_ready(game)
    hand = review.hand
    assert hand is not None and hand.review is not None
    assert len(hand.review.decisions) == 32 and hand.review.bids
    assert all(d.phase is (ReviewPhase.STRICT if d.trick >= 8 else ReviewPhase.STOCK)
               for d in hand.review.decisions)
    n = hand.review.strict_loss(0)
    assert str(n) in review.offer()["summary"][0]


def test_a_record_that_cannot_be_replayed_is_named(game):
    game.nav.reset(Route.TITLE)
    scene = game.nav.push(Route.REVIEW, record={"dealer": 0, "decks": [], "actions": []})
    h.step(game)
    offer = scene.offer()
    assert offer["state"] == ReviewState.FAILED and "decks" in offer["error"]
    h.key(pygame.K_ESCAPE)
    h.step(game)
    assert h.offer_of(game.app.top)["scene"] == "TitleScene"


def test_the_review_progresses_in_a_thread_and_can_be_stopped(monkeypatch):
    """The thread worker (as the process one) reports progress and stops when
    asked.  Each review is held at its first report part way (the native core
    judges a hand's 32 decisions faster than a poll could be sure to see one:
    polled, the test failed 2 runs in 8 on a loaded host)."""
    import random
    import threading

    from belote2p.ai import review as ai_review
    from belote2p.ai.review import ReviewSettings
    from belote2p.core.match import Run

    midway, go_on = threading.Event(), threading.Event()
    real = ai_review.review_hand

    def held(hand, settings, progress):
        def reported(done: int, total: int) -> None:
            progress(done, total)  # (raises when the review was stopped)
            if 0 < done < total and not midway.is_set():
                midway.set()
                assert go_on.wait(30)
        return real(hand, settings, reported)

    monkeypatch.setattr(ai_review, "review_hand", held)
    run = Run("stop")
    rng = random.Random(0)
    hand = run.match.hand
    while run.match.hand is hand:
        run.apply(rng.choice(hand.legal_actions()))
    worker = AIWorker("thread")
    try:
        job = worker.submit_review(record_of(hand), ReviewSettings(samples=2))
        assert midway.wait(30)
        done, total = job.progress()
        assert 0 < done < total == 32 and not job.future.done()  # seen on its way
        go_on.set()
        assert job.future.result(timeout=60).decisions and job.progress() == (32, 32)
        midway.clear()
        go_on.clear()
        job2 = worker.submit_review(record_of(hand), ReviewSettings(samples=100))
        assert midway.wait(30)
        job2.stop()
        go_on.set()  # its next report finds it stopped
        with pytest.raises(Exception, match="stopped"):
            job2.future.result(timeout=30)
    finally:
        go_on.set()
        worker.shutdown()
    assert replay_hand(record_of(hand)).tricks == hand.tricks


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_review_draws_in_every_language(game, lang):
    table = h.open_table(game, "review-ui")
    h.play_to_hand_over(game)
    i18n.set_language(lang)
    try:
        game.nav.push(Route.REVIEW, record=record_of(table.run.match.hands[0]))
        wait_ready(game)
        for size in ((960, 600), (1600, 1000)):
            game.app._on_resize(*size)
            h.key(pygame.K_END)
            h.step(game, 2)
            assert h.offer_of(game.app.top)["state"] == ReviewState.READY
    finally:
        i18n.set_language("en")
