"""The learning screens of issue #19 (hints in words on a bid and a card, a
review in sentences, a replayed deal, the rating) fit their boxes in every
language at both sizes, as tests/ui/test_ui_fit.py checks the other screens."""

from __future__ import annotations

import pytest

from belote2p.services.i18n import LANGUAGES
from tests.support.fit import SIZES, draw_screens

LEARN_SCREENS = {"learn_hint_bid", "learn_hint_card", "learn_review_sentences",
                 "learn_replay_start", "learn_replay_compare", "learn_stats_rating",
                 "learn_stats_few_matches"}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learning_screens_fit(renderer, lang):
    problems: set[str] = set()
    for size in SIZES:
        names, drawn = draw_screens(renderer.render_learn, lang, size)
        assert set(names) >= LEARN_SCREENS
        problems |= {p for d in drawn if (p := d.problem()) is not None}
    assert not problems, "\n".join(sorted(problems))
