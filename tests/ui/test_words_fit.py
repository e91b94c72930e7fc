"""The screens of issue #29's words (the title with its daily question, How to
play, every step of the guided hand) in every language at three window sizes:
every text inside its box, and no text over another."""

from __future__ import annotations

from itertools import combinations

import pytest

from belote2p.services.i18n import LANGUAGES
from tests.support.fit import DrawnText, draw_screens

SIZES = ((960, 600), (1280, 800), (1920, 1080))
# Dialogs over the title: what lies under their box is covered, not overlapped.
DIALOGS = ("title_confirm_daily_counted", "learn_offer")


def overlaps(drawn: list[DrawnText]) -> list[str]:
    """Texts of one screen drawn over each other (a screen with a dialog is
    checked for fit only: what lies under the dialog's box is hidden)."""
    screens: dict[str, list[DrawnText]] = {}
    for d in drawn:
        if not d.screen.endswith(DIALOGS):
            screens.setdefault(d.screen, []).append(d)
    return [f"{a.screen}: {a.text!r} {tuple(a.rect)} over {b.text!r} {tuple(b.rect)}"
            for texts in screens.values() for a, b in combinations(texts, 2)
            if a.rect.colliderect(b.rect)]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_title_help_and_lesson_fit_without_overlaps(renderer, lang):
    shots = [draw_screens(renderer.render_words, lang, size) for size in SIZES]
    for names, _drawn in shots:
        assert {"title", "title_confirm_daily_counted", "help_01", "learn_00",
                "learn_04_held"} <= set(names)
    drawn = [d for _names, texts in shots for d in texts]
    problems = {p for d in drawn if (p := d.problem()) is not None} | set(overlaps(drawn))
    assert not problems, "\n".join(sorted(problems))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_run_details_say_how_to_check_inside_their_boxes(renderer, lang):
    """History's run details carry the commitment and how to check it (moved off
    the table, issue #29 item 8); the fairness screens fit at three sizes."""
    drawn = [d for size in SIZES for d in draw_screens(renderer.render_fair, lang, size)[1]]
    assert any(d.screen.endswith("fair_history_run") and "SHA-256" in d.text for d in drawn)
    problems = {p for d in drawn if (p := d.problem()) is not None}
    assert not problems, "\n".join(sorted(problems))
