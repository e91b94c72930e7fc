"""The table's geometry, computed from the window size alone (no display)."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from belote2p.ui.layout import (
    MAX_HAND,
    bid_buttons,
    hand_slots,
    menu_column,
    rival_slots,
    table_layout,
)
from belote2p.ui.theme import settings_with_defaults, theme

SIZES = [(960, 600), (1280, 800), (1600, 1000), (1920, 1080), (2560, 1440), (1000, 1000)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def layout(request):
    return table_layout(request.param, theme().layout)


def test_everything_inside_the_window(layout):
    window = Rect((0, 0), layout.size)
    rects = [layout.table, layout.panel, layout.stock, layout.turned, *layout.trick, *layout.piles,
             *layout.panel_buttons, *hand_slots(layout, MAX_HAND), *rival_slots(layout, MAX_HAND)]
    for r in rects:
        assert window.contains(r), r


def test_a_full_hand_fits_the_table_and_keeps_its_corners_visible(layout):
    slots = hand_slots(layout, MAX_HAND)
    assert layout.table.contains(slots[0].union(slots[-1]))
    cw = layout.card[0]
    assert slots[1].x - slots[0].x >= 0.45 * cw  # the rank index of each card shows


def test_the_zones_do_not_overlap(layout):
    hand = hand_slots(layout, MAX_HAND)[0].unionall(hand_slots(layout, MAX_HAND))
    raised = hand.inflate(0, 2 * layout.raise_px)
    rival = rival_slots(layout, MAX_HAND)[0].unionall(rival_slots(layout, MAX_HAND))
    trick = layout.trick[0].union(layout.trick[1])
    for zone in (rival, trick, layout.stock, layout.turned, *layout.piles):
        assert not zone.colliderect(raised), zone
    for zone in (trick, layout.stock, layout.turned, *layout.piles):
        assert not zone.colliderect(rival), zone
    assert not layout.stock.colliderect(layout.turned)
    assert not layout.piles[0].colliderect(layout.piles[1])
    assert not trick.colliderect(layout.piles[0]) and not trick.colliderect(layout.piles[1])
    assert not layout.panel.colliderect(layout.table)


def test_cards_grow_with_the_window():
    small = table_layout((960, 600), theme().layout)
    big = table_layout((1600, 1000), theme().layout)
    assert small.card[1] >= 110  # legible at the smallest window
    assert big.card[1] > small.card[1]
    assert big.fonts.body > small.fonts.body >= theme().layout["font_min"]


def test_bid_buttons_sit_beside_the_turned_card(layout):
    buttons = bid_buttons(layout, 150, 4)
    assert all(b.left > layout.turned.right for b in buttons)
    assert all(not a.colliderect(b) for a, b in itertools.pairwise(buttons))
    assert all(layout.table.contains(b) for b in buttons)


def test_menu_column_is_centred_and_inside():
    rects = menu_column((960, 600), theme().layout, 6, 0.4)
    assert all(Rect(0, 0, 960, 600).contains(r) for r in rects)
    assert len({r.centerx for r in rects}) == 1


def test_settings_defaults():
    assert settings_with_defaults({"sound": False, "animation_speed": "warp", "bogus": 1}) == \
        dict(theme().defaults, sound=False)
