"""How to play: short pages that fit (no scrolling), turned by keys, clicks and
tabs, with pictures drawn from the rules and consistent with docs/RULES.md."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from belote2p.core.cards import CARDS, HEARTS, RANK_NAMES, SPADES, strength
from belote2p.services.i18n import LANGUAGES, current_language, set_language
from belote2p.ui.help_text import HELP_PAGES, Picture
from belote2p.ui.navigation import Route
from lab import harness as h

RULES = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text("utf-8")


@pytest.fixture
def language():
    before = current_language()
    yield set_language
    set_language(before)


def test_the_pages_turn_with_keys_clicks_and_tabs():
    game = h.make_app(size=(960, 600))
    try:
        game.nav.reset(Route.TITLE)
        h.step(game)
        h.click(game.app.top.offer()["buttons"]["help"].center)
        h.step(game)
        offer = game.app.top.offer()
        assert offer["scene"] == "HelpScene" and offer["page"] == 0 and offer["pages"] > 5
        assert "prev" not in offer["buttons"]  # nothing before the first page
        h.key(pygame.K_RIGHT)
        h.step(game)
        assert game.app.top.offer()["page"] == 1
        h.click(game.app.top.offer()["buttons"]["next"].center)
        h.step(game)
        assert game.app.top.offer()["page"] == 2
        h.click(game.app.top.offer()["buttons"]["prev"].center)
        h.key(pygame.K_LEFT)
        h.step(game)
        assert game.app.top.offer()["page"] == 0
        h.click(game.app.top.offer()["buttons"]["4"].center)  # the Controls tab
        h.step(game)
        offer = game.app.top.offer()
        pages = game.app.top.pages
        assert offer["section"] == 4 and pages[offer["page"]][0] == 4
        assert pages[offer["page"] - 1][0] == 3  # the section's first page
        for _ in range(offer["pages"]):
            h.key(pygame.K_RIGHT)
        h.step(game)
        assert game.app.top.offer()["page"] == offer["pages"] - 1  # stops at the last
        h.key(pygame.K_ESCAPE)
        h.step(game)
        assert game.app.top.offer()["scene"] == "TitleScene"
    finally:
        game.app.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_every_page_fits_its_box_in_every_language(language, size):
    """No page needs a scroll bar: what it holds ends inside the text box."""
    game = h.make_app(size=size)
    try:
        for lang in LANGUAGES:
            language(lang)
            scene = game.nav.reset(Route.HELP)
            pictures = []
            for _section, items in scene.pages:
                assert items
                assert items[-1].y + items[-1].height <= scene.inner.h
                pictures += [i.picture for i in items if i.picture is not None]
            wanted = [b for _n, blocks in HELP_PAGES for b in blocks if isinstance(b, Picture)]
            assert pictures == wanted  # every picture is shown, once, in order
            # every paragraph's every line is on some page
            lines = {i.line for _s, items in scene.pages for i in items if i.line}
            assert len(lines) > 40
    finally:
        game.app.shutdown()


def test_the_pictures_follow_the_rules_reference():
    """The rank orders drawn are RULES.md's, and each example trick is one of its examples."""
    def order(suit: int, trump: int) -> str:
        ranked = sorted((c for c in CARDS if c.suit == suit), key=lambda c: -strength(c, trump))
        return " ".join(RANK_NAMES[c.rank] for c in ranked)
    assert f"| plain suit | {order(SPADES, HEARTS)} |" in RULES
    assert f"| trump suit | {order(HEARTS, HEARTS)} |" in RULES
    examples = [b for _n, blocks in HELP_PAGES for b in blocks
                if isinstance(b, Picture) and b.kind == "example"]
    assert len(examples) == 3
    assert "*Examples* (trumps ♥, strict play)" in RULES
    for pic in examples:
        assert pic.trump == "H"
        assert f"`{pic.lead}` led; you hold `{pic.hand}`" in RULES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_how_to_play_says_deals_are_fair_without_hashes(language, lang):
    """Players need to know the deals are fair and checkable, not how (issue #29):
    the hashes are in History's run details and the README."""
    from belote2p.services.i18n import _

    language(lang)
    words = " ".join(_(block) for _name, blocks in HELP_PAGES for block in blocks
                     if isinstance(block, str))
    assert "SHA" not in words and "sha256sum" not in words and "hex" not in words
    assert _("Deals are fixed when the run starts and can be checked afterwards.")[:-1] in words


def test_the_run_details_say_how_to_check_the_commitment():
    from belote2p.store.api import RunStatus
    from belote2p.ui.scenes.history import fair_check_line

    class Record:
        status = RunStatus.OVER

    assert "sha256sum" in fair_check_line(Record())
    Record.status = RunStatus.IN_PROGRESS
    assert "when the run ends" in fair_check_line(Record())
