"""Does every text fit its box: tools/render_screens.py draws the screens while
gfx's text hook records each text with the box it belongs to (its button, its
panel, else the window).  The fit tests in tests/ui read what was drawn.

The screens hold hand reviews, and the same hands are drawn in every language at
both sizes: each review is computed once a process (``reviews_once``)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from belote2p.ui import gfx, worker

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((960, 600), (1600, 1000))


def load_renderer():
    spec = importlib.util.spec_from_file_location("render_screens",
                                                  ROOT / "tools" / "render_screens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("render_screens", module)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class DrawnText:
    screen: str
    text: str
    rect: pygame.Rect
    box: pygame.Rect
    clipped: bool  # a scrolled page: only its width must fit
    window: pygame.Rect

    def problem(self) -> str | None:
        r, box = self.rect, self.box
        if not self.window.contains(box):
            return f"{self.screen}: the box {tuple(box)} of {self.text!r} leaves the window"
        inside = (box.left <= r.left and r.right <= box.right
                  and (self.clipped or (box.top <= r.top and r.bottom <= box.bottom)))
        if not inside:
            return f"{self.screen}: {self.text!r} at {tuple(r)} leaves its box {tuple(box)}"
        if self.text.endswith("…") and len(self.text) > 1:
            return f"{self.screen}: {self.text!r} is cut short"
        return None


@contextmanager
def recording(size: tuple[int, int]) -> Iterator[tuple[list[DrawnText], list[str]]]:
    drawn: list[DrawnText] = []
    screen = ["start"]
    window = pygame.Rect((0, 0), size)

    def hook(text: str, rect: pygame.Rect, box: pygame.Rect, clipped: bool) -> None:
        if text.strip():
            drawn.append(DrawnText(screen[0], text, pygame.Rect(rect), pygame.Rect(box), clipped,
                                   window))

    gfx.text_hook = hook
    try:
        yield drawn, screen
    finally:
        gfx.text_hook = None


_REVIEWED: dict[str, Any] = {}


@contextmanager
def reviews_once() -> Iterator[None]:
    """The window's hand reviews, each computed once a process: a review is
    the engine's verdicts on a hand record (the same record and settings give
    the same frozen verdicts), and was half the time of drawing the screens in
    one language at one size.  The first drawing of a hand computes it as
    before; what is drawn is the same."""
    real = worker.review

    def once(job: int, record: dict[str, Any], settings: Any) -> Any:
        key = json.dumps([record, repr(settings)], sort_keys=True)
        if key not in _REVIEWED:
            _REVIEWED[key] = real(job, record, settings)
        return _REVIEWED[key]

    worker.review = once
    try:
        yield
    finally:
        worker.review = real


def draw_screens(draw, lang: str, size: tuple[int, int]) -> tuple[list[str], list[DrawnText]]:
    """``draw`` (a render function of tools/render_screens.py) at ``size`` in
    ``lang``: the screens' names and every text drawn, named by its screen."""
    with recording(size) as (drawn, screen), reviews_once():
        def named(name: str, where: str = f"{lang} {size[0]}x{size[1]}") -> None:
            screen[0] = f"{where} {name}"
        names = draw(size, None, lang, before=named)
    return names, drawn
