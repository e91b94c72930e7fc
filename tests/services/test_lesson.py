"""The guided first hand's script (services/lesson.py): it holds together,
meets every rule it promises, explains refusals as the engine does, and says
the same words whatever the cards the player cannot see."""

from __future__ import annotations

import random

import pytest

from belote2p.core.actions import BIDS, EventKind, Phase, RefusalCode
from belote2p.core.cards import CARDS, parse_card
from belote2p.core.match import PLAYER, RIVAL
from belote2p.services import lesson as L


def play_through(choose=lambda lesson: lesson.accepted()[0]):
    """The lesson from the first page to the last, with every event seen."""
    lesson = L.Lesson()
    events = []
    while not lesson.finished:
        if lesson.step.is_page:
            assert lesson.next_page()
        else:
            assert lesson.attempt(choose(lesson)) is None
            events += lesson.last_events
    return lesson, events


def test_the_script_plays_to_the_end_and_the_player_makes_the_contract():
    assert L.script_problems() == []
    lesson, events = play_through()
    assert lesson.hand.phase is Phase.DONE
    score = lesson.hand.score()
    assert score.taker == PLAYER and score.result == "made"
    assert score.totals == (145, 37) and score.belote == PLAYER
    assert lesson.hand.tricks[-1].winner == PLAYER  # the last trick's 10
    kinds = [e.kind for e in events]
    assert EventKind.BELOTE in kinds and EventKind.REBELOTE in kinds
    draws = [e for e in events if e.kind is EventKind.DRAW]
    assert len(draws) == 14  # the free tricks and their draws
    # the taker got the turned card
    assert lesson.hand.turned in lesson.hand.decks[0][12:13] and lesson.hand.taker == PLAYER


def test_every_alternative_the_lesson_accepts_also_reaches_the_end():
    """Where a step takes any of several cards (two worthless diamonds, either
    honour), the later steps still find their card."""
    lesson, _events = play_through(lambda lesson: lesson.accepted()[-1])
    assert lesson.hand.phase is Phase.DONE and lesson.hand.score().result == "made"


def lesson_at(index: int, deck=L.DECK) -> L.Lesson:
    lesson = L.Lesson(deck)
    while lesson.index < index:
        if lesson.step.is_page:
            lesson.next_page()
        else:
            assert lesson.attempt(lesson.accepted()[0]) is None
    return lesson


def step_of(text_start: str) -> int:
    return next(i for i, s in enumerate(L.STEPS) if s.text.startswith(text_start))


@pytest.mark.parametrize("start, card, code", [
    ("The rival leads K♦", "JH", RefusalCode.MUST_FOLLOW),
    ("The rival leads 10♥", "QH", RefusalCode.MUST_OVERTRUMP),
    ("The rival leads 10♥", "AC", RefusalCode.MUST_OVERTRUMP),
    ("The rival leads 10♠", "AC", RefusalCode.MUST_TRUMP),
])
def test_each_strict_rule_is_met_and_explained_with_the_engines_refusal(start, card, code):
    lesson = lesson_at(step_of(start))
    assert lesson.hand.strict
    why = lesson.attempt(parse_card(card))
    assert why is not None and why.refusal is not None and why.refusal.code is code
    assert why.refusal == lesson.hand.refusal(parse_card(card))
    assert why.text == L.RULES_TEXT[code]
    assert lesson.attempt(lesson.accepted()[0]) is None  # then the retry is taken


def test_an_allowed_card_that_is_not_the_lesson_s_is_explained_by_the_lesson():
    lesson = lesson_at(step_of("The rival leads 10♥"))
    before = lesson.index
    why = lesson.attempt(parse_card("JH"))
    assert why is not None and why.refusal is None and why.text == L.ANOTHER_CARD
    assert dict(why.params) == {"card": "J♥", "expected": "9♥"}
    assert lesson.index == before and len(lesson.hand.current) == 1  # nothing was played


def test_passing_is_explained_and_then_the_take_is_accepted():
    lesson = lesson_at(1)
    assert lesson.attempt(BIDS["pass"]).text == L.ANOTHER_BID
    assert lesson.hand.phase is Phase.BIDDING and lesson.mistakes == 1
    assert lesson.attempt(BIDS["take"]) is None and lesson.hand.taker == PLAYER


def test_a_move_on_a_page_is_refused_and_a_page_does_not_skip_a_move():
    lesson = L.Lesson()
    assert lesson.attempt(BIDS["take"]).text == L.NOT_NOW
    lesson.next_page()
    assert not lesson.next_page()  # the bid waits for the player


def test_every_refusal_at_every_step_matches_the_engine():
    """For every card (and bid) the player could try at every move step, an
    illegal one is refused with exactly the engine's Refusal."""
    lesson = L.Lesson()
    while not lesson.finished:
        if lesson.step.is_page:
            lesson.next_page()
            continue
        view = lesson.view()
        for action in list(view.hand) + list(BIDS.values()):
            why = L.feedback(lesson.step, view, action)
            engine = lesson.hand.refusal(action)
            if engine is not None:
                assert why is not None and why.refusal == engine
            if action in lesson.accepted():
                assert why is None
        lesson.attempt(lesson.accepted()[0])


def hidden_variants(lesson: L.Lesson, rng: random.Random, n: int):
    """Decks that differ from the lesson's only in the cards its player cannot
    see now (the rival's hand, the stock's order): those cards' places shuffled."""
    unseen = lesson.view().unseen_cards()
    deck = list(L.DECK)
    places = [i for i, cd in enumerate(deck) if cd in unseen]
    for _ in range(n):
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        other = list(deck)
        for i, cd in zip(places, cards):
            other[i] = cd
        yield other


def test_the_lesson_says_the_same_whatever_the_hidden_cards():
    """At every step, lessons over decks that differ only in hidden cards, once
    the seat's views are equal, show the same words and give the same feedback
    for every action the player could try."""
    rng = random.Random(19)
    compared = 0
    probe = L.Lesson()
    while not probe.finished:
        view = probe.view()
        tries = list(CARDS) + list(BIDS.values())
        words = (probe.text(), [probe.step.is_page] + [L.feedback(probe.step, view, a)
                                                       for a in tries])
        same_view = 0
        for deck in hidden_variants(probe, rng, 6):
            try:
                other = lesson_at(probe.index, deck)
            except Exception:  # noqa: BLE001 - a scripted rival card elsewhere now
                continue
            if other.view() != view:
                continue  # e.g. a belote the shuffle gave the rival
            same_view += 1
            assert other.view().hand == view.hand
            assert (other.text(), [other.step.is_page]
                    + [L.feedback(other.step, other.view(), a) for a in tries]) == words
            assert [other.attempt(a) for a in tries if a not in other.accepted()] == \
                [probe_copy for probe_copy in (L.feedback(probe.step, view, a) for a in tries
                                               if a not in probe.accepted())]
        assert same_view > 0, f"step {probe.index}: no variant had the same view"
        compared += same_view
        if probe.step.is_page:
            probe.next_page()
        else:
            probe.attempt(probe.accepted()[0])
    assert compared >= 3 * len(L.STEPS)


def test_the_hidden_variants_really_hide_something():
    """The check above is not empty: the variants' hidden cards do differ."""
    lesson = lesson_at(step_of("Tricks 1 to 7"))
    rng = random.Random(1)
    rivals = {tuple(sorted(L.Lesson(d).hand.hands[RIVAL]))
              for d in hidden_variants(lesson, rng, 5)}
    assert len(rivals) > 1
