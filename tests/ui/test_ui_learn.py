"""Learn to play in the real window: the first launch's offer (once, skippable),
and the guided hand driven by posted clicks from the title to the end, with one
wrong move of each kind explained on screen and then retried."""

from __future__ import annotations

import pygame
import pytest

from belote2p.core.actions import TAKE, RefusalCode
from belote2p.core.cards import parse_card
from belote2p.services import lesson as L
from belote2p.store import MemoryStore
from belote2p.ui import gfx
from belote2p.ui.main import build_game
from belote2p.ui.navigation import Route
from lab import harness as h


@pytest.fixture
def shown():
    """Every text drawn, frame after frame."""
    texts: list[str] = []
    gfx.text_hook = lambda text, rect, box, clipped: texts.append(text)
    yield texts
    gfx.text_hook = None


def top(game):
    return game.app.top.offer()


def test_the_first_launch_offers_the_lesson_once_and_skip_is_final():
    store = MemoryStore()
    game = h.make_app(store=store, settings={"lesson_offered": False})
    try:
        game.nav.reset(Route.TITLE)
        h.step(game, 2)
        offer = top(game)
        assert offer["scene"] == "LearnOffer" and set(offer["buttons"]) == {"learn", "skip"}
        h.click(offer["buttons"]["skip"].center)
        h.step(game, 2)
        assert top(game)["scene"] == "TitleScene"
        assert store.load_settings()["lesson_offered"] is True  # saved at once
        game.nav.reset(Route.TITLE)
        h.step(game, 3)
        assert top(game)["scene"] == "TitleScene"  # not offered again
    finally:
        game.app.shutdown()
    again = build_game(store, worker_mode="inline", fps=0)  # the next launch
    try:
        again.nav.reset(Route.TITLE)
        h.step(again, 3)
        assert top(again)["scene"] == "TitleScene"
    finally:
        again.app.shutdown()


def test_the_offer_opens_the_lesson_and_leaving_returns_to_the_title():
    game = h.make_app(settings={"lesson_offered": False})
    try:
        game.nav.reset(Route.TITLE)
        h.step(game, 2)
        h.key(pygame.K_RETURN)  # "Learn to play" has the focus
        h.step(game)
        assert top(game)["scene"] == "learn" and top(game)["step"] == 0
        h.key(pygame.K_ESCAPE)
        h.step(game)
        assert top(game)["scene"] == "TitleScene"
    finally:
        game.app.shutdown()


def card_rect(game, word: str):
    return next(cd["rect"] for cd in top(game)["cards"] if cd["card"] == parse_card(word))


# (the step's first words, the wrong card to try, what the feedback must be)
WRONG = {
    "Tricks 1 to 7": ("AC", None),  # allowed, but not the lesson's card
    "The rival leads K♦": ("JH", RefusalCode.MUST_FOLLOW),
    "The rival leads 10♥": ("QH", RefusalCode.MUST_OVERTRUMP),
    "The rival leads 10♠": ("AC", RefusalCode.MUST_TRUMP),
}


def test_the_guided_hand_from_the_title_to_the_end(shown):
    store = MemoryStore()
    game = h.make_app(store=store)
    try:
        game.nav.reset(Route.TITLE)
        h.step(game)
        h.click(top(game)["buttons"]["learn"].center)
        h.step(game)
        explained = set()
        for _guard in range(100):
            offer = top(game)
            assert offer["scene"] == "learn"
            if offer["finished"]:
                break
            step = L.STEPS[offer["step"]]
            if offer["page"]:
                h.click(offer["buttons"]["next"].center)
            elif "take" in step.expected:
                h.click(offer["buttons"]["pass"].center)
                shown.clear()
                h.step(game)
                assert top(game)["feedback"].text == L.ANOTHER_BID
                assert "Not this one" in shown and any("Count the turned J♥" in t for t in shown)
                explained.add("bid")
                h.click(top(game)["buttons"]["take"].center)
            else:
                wrong = next((w for k, w in WRONG.items() if step.text.startswith(k)), None)
                if wrong is not None:
                    card, code = wrong
                    h.click(card_rect(game, card).center)
                    shown.clear()
                    h.step(game)
                    fb = top(game)["feedback"]
                    assert fb is not None and top(game)["step"] == offer["step"]  # retry
                    if code is None:
                        assert fb.refusal is None and fb.text == L.ANOTHER_CARD
                        assert any(t.startswith("A♣ is allowed here") for t in shown)
                    else:
                        assert fb.refusal.code is code and fb.text == L.RULES_TEXT[code]
                        first_words = L.RULES_TEXT[code].split()[0]
                        assert any(t.startswith(first_words) for t in shown)
                    explained.add(code)
                accepted = [cd for cd in top(game)["cards"]
                            if cd["card"] in game.app.top.lesson.accepted()]
                h.click(accepted[0]["rect"].center)
            h.step(game)
        else:
            raise AssertionError("the lesson never reached its last page")
        assert explained == {"bid", None, RefusalCode.MUST_FOLLOW, RefusalCode.MUST_OVERTRUMP,
                             RefusalCode.MUST_TRUMP}
        lesson = game.app.top.lesson
        assert lesson.hand.score().result == "made"
        shown.clear()
        h.step(game)
        assert any("Good luck" in t for t in shown)  # the streak's page
        h.click(top(game)["buttons"]["done"].center)
        h.step(game)
        assert top(game)["scene"] == "TitleScene"
        # never scored, nothing saved to the run store
        assert store.load_run() is None and store.leaderboard() == []
        assert game.session.saved() is None
    finally:
        game.app.shutdown()


def first_trick_held(game) -> None:
    """The lesson from the title to its first trick, 8♣ under 9♣, held on the table."""
    game.nav.reset(Route.TITLE)
    learn = game.nav.push(Route.LEARN)
    learn.next_page()
    learn.play(TAKE)
    learn.next_page()
    h.step(game)
    h.click(card_rect(game, "8C").center)
    h.step(game)


def test_a_finished_trick_stays_until_a_click_hurries_it(shown):
    game = h.make_app(settings={"animation_speed": "normal"})
    try:
        first_trick_held(game)
        assert top(game)["holding"]
        assert top(game)["drawn"] == [parse_card("JD")]  # the card you drew is outlined
        assert "won by Rival" in shown or any(t.startswith("won by") for t in shown)
        h.click((5, 300))
        h.step(game)
        assert not top(game)["holding"]
    finally:
        game.app.shutdown()


def test_play_it_again_starts_over():
    game = h.make_app()
    try:
        learn = game.nav.reset(Route.LEARN)
        while not learn.lesson.finished:
            if learn.lesson.step.is_page:
                learn.next_page()
            else:
                learn.play(learn.lesson.accepted()[0])
        h.step(game)
        h.click(top(game)["buttons"]["again"].center)
        h.step(game)
        assert top(game)["step"] == 0 and top(game)["feedback"] is None
    finally:
        game.app.shutdown()


def test_enter_goes_on_and_never_leaves_the_lesson():
    """Enter presses Next on a page and Take at the bid; on a card step it does
    nothing (it used to press Leave, the only button there)."""
    game = h.make_app()
    try:
        game.nav.reset(Route.TITLE)
        game.nav.push(Route.LEARN)
        for expected_step in (1, 2, 3, 3):
            h.key(pygame.K_RETURN)
            h.step(game)
            assert top(game)["scene"] == "learn" and top(game)["step"] == expected_step
        assert game.app.top.lesson.hand.taker == L.PLAYER
    finally:
        game.app.shutdown()


@pytest.fixture
def drawn_texts():
    """Every text drawn, with where it went."""
    texts: list[tuple[str, pygame.Rect]] = []
    gfx.text_hook = lambda text, rect, box, clipped: texts.append((text, pygame.Rect(rect)))
    yield texts
    gfx.text_hook = None


def test_the_panel_tells_of_the_held_trick_not_of_the_next_lead(drawn_texts):
    """While 9♣ over 8♣ is held on the table, the panel may not say "The rival
    leads 10♦": that card is not on the table yet (issue #29)."""
    game = h.make_app(settings={"animation_speed": "normal"})
    try:
        first_trick_held(game)
        drawn_texts.clear()
        h.step(game)
        assert top(game)["holding"]
        words = " ".join(t for t, _r in drawn_texts)
        assert "10♦" not in words and "8♣" in words and "Trick 1 of 16" in words
        assert "Next" not in words
        h.click((5, 300))  # hurried along: now the rival's lead and its words
        h.step(game)
        drawn_texts.clear()
        h.step(game)
        words = " ".join(t for t, _r in drawn_texts)
        assert "10♦" in words and "Trick 2 of 16" in words
    finally:
        game.app.shutdown()


def test_the_pages_cover_no_card(drawn_texts):
    """A page's words and buttons are in the side panel: the turned card, the
    trick and the hands they describe stay in sight."""
    game = h.make_app()
    try:
        game.nav.reset(Route.TITLE)
        learn = game.nav.push(Route.LEARN)
        pages = 0
        while not learn.lesson.finished:
            if learn.lesson.step.is_page:
                drawn_texts.clear()
                h.step(game)
                pages += 1
                words = [(t, r) for t, r in drawn_texts if not t.startswith("Stock")]
                assert words and all(learn.panel.contains(r) for _t, r in words)
                assert all(learn.panel.contains(b.rect) for b in learn.buttons)
                learn.next_page()
            else:
                learn.play(learn.lesson.accepted()[0])
                learn.hold = 0.0
        assert pages >= 4
    finally:
        game.app.shutdown()
