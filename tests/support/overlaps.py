"""Which texts on the table something covers (issue #29): the check of
tests/ui/test_ui_overlaps.py, shared with the other tables it is run on.

The renderer describes the table as sprites: a card's look holds its
rectangle, any other sprite's bounds are its box.  The modal overlays (a
panel, the last trick, the celebration) and the side panel are not the
table's own and are left out."""

from __future__ import annotations

import pygame

from belote2p.ui.table.renderer import Sprite
from belote2p.ui.table.state import TableState

CARDS = {"hand", "rival", "trick", "flight", "dragged", "stock", "turned", "pile"}
NOT_THE_TABLE = {"side", "overlay", "celebration"}
SAID_TO_ALL = {"message", "plate", "thinking", "bid", "bid_prompt", "finish"}


def boxes(sprites: list[Sprite], state: TableState):
    """(name, rect) of the resting cards, the flying cards, the texts and
    the texts no flight may cross."""
    resting, flying, texts, said = [], [], [], []
    for sp in sprites:
        kind = sp.name[0]
        if kind in NOT_THE_TABLE:
            continue
        if kind in CARDS:
            rect = pygame.Rect(sp.look[1])
            (flying if kind == "flight" else resting).append((sp.name, rect))
            continue
        texts.append((sp.name, sp.bounds))
        centre_banner = kind == "banner" and state.banners[int(str(sp.name[1]))].seat is None
        if kind in SAID_TO_ALL or centre_banner:
            said.append((sp.name, sp.bounds))
    return resting, flying, texts, said


def overlaps(sprites: list[Sprite], state: TableState) -> list[tuple[object, object]]:
    resting, flying, texts, said = boxes(sprites, state)
    found = []
    for i, (name, box) in enumerate(texts):
        found += [(name, other) for other, rect in resting if box.colliderect(rect)]
        found += [(name, other) for other, rect in texts[i + 1:] if box.colliderect(rect)]
    for name, box in said:
        found += [(name, other) for other, rect in flying if box.colliderect(rect)]
    return found
