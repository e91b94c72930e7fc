"""Small charts drawn with pygame: a line of values over time and a row of bars.

Sizes come from the fonts given, so a chart reads the same at 960x600 and at
1600x1000.  The numbers on the axes go through the caller's formatter (the
language's digit grouping); the chart itself knows no words.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from . import gfx
from .gfx import c

Formatter = Callable[[int], str]


@dataclass(frozen=True)
class Bar:
    label: str  # under the bar
    value: float  # 0..1 of the axis
    note: str  # above the bar (e.g. "3/5")


def nice_step(span: float, parts: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) cutting ``span`` in about ``parts``."""
    if span <= 0:
        return 1.0
    raw = span / max(1, parts)
    power = 10 ** math.floor(math.log10(raw))
    for mult in (1, 2, 5, 10):
        if raw <= mult * power:
            return float(mult * power)
    return float(10 * power)


def nice_ticks(low: float, high: float, parts: int = 4) -> list[float]:
    """Round tick values covering [low, high] (at least two), low and high widened to ticks."""
    if high <= low:
        high = low + 1
    step = nice_step(high - low, parts)
    start = math.floor(low / step) * step
    ticks = [start]
    while ticks[-1] < high - 1e-9:
        ticks.append(ticks[-1] + step)
    return ticks


def label_spans(centres: Sequence[int], widths: Sequence[int], left: int, right: int,
                gap: int) -> list[tuple[int, int, int]]:
    """Which x-axis labels to draw, as ``(index, box left, box right)``: each
    label's box is centred under its point but kept between ``left`` and
    ``right``; from the first, a label is drawn when it clears the last one
    drawn by ``gap``, and the last label (the latest run) always is, in place
    of the ones it would touch."""
    def box(i: int) -> tuple[int, int, int]:
        x = min(max(centres[i] - widths[i] // 2, left), right - widths[i])
        return i, x, x + widths[i]

    chosen: list[tuple[int, int, int]] = []
    for i in range(len(centres)):
        if not chosen or box(i)[1] >= chosen[-1][2] + gap:
            chosen.append(box(i))
    if centres and chosen[-1][0] != len(centres) - 1:
        last = box(len(centres) - 1)
        while chosen and last[1] < chosen[-1][2] + gap:
            chosen.pop()
        chosen.append(last)
    return chosen


def line_chart(surf: pygame.Surface, rect: pygame.Rect, labels: Sequence[str],
               values: Sequence[int], size: int, number: Formatter = str) -> None:
    """``values`` joined by a line, ``labels`` under the x axis (thinned to fit)."""
    ticks = nice_ticks(min(0, *values) if values else 0, max(values, default=1))
    axis_w = max(gfx.font(size).size(number(round(t)))[0] for t in ticks) + size
    plot = pygame.Rect(rect.left + axis_w, rect.top + size // 2,
                       rect.w - axis_w - size, rect.h - size * 3)
    _y_axis(surf, plot, ticks, size, lambda v: number(round(v)))
    if not values:
        return
    lo, hi = ticks[0], ticks[-1]

    def at(i: int, v: int) -> tuple[int, int]:
        x = plot.left + (plot.w * (i + 0.5) / len(values))
        return round(x), round(plot.bottom - (v - lo) / (hi - lo) * plot.h)

    points = [at(i, v) for i, v in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(surf, c("accent"), False, points, max(2, size // 6))
    radius = max(3, size // 4)
    for p in points:
        pygame.draw.circle(surf, c("accent"), p, radius)
    widths = [gfx.font(size).size(s)[0] for s in labels]
    for i, x, _ in label_spans([p[0] for p in points], widths, rect.left, rect.right, size):
        gfx.blit_text(surf, labels[i], size, c("text_dim"), (x, plot.bottom + size // 2),
                      "topleft")


def bar_chart(surf: pygame.Surface, rect: pygame.Rect, bars: Sequence[Bar], size: int,
              percent: Formatter) -> None:
    """Bars from 0 to 100 % of the axis, a label under each and a note above."""
    ticks = [0.0, 0.25, 0.5, 0.75, 1.0]
    axis_w = gfx.font(size).size(percent(100))[0] + size
    plot = pygame.Rect(rect.left + axis_w, rect.top + size * 2,
                       rect.w - axis_w - size, rect.h - size * 4)
    _y_axis(surf, plot, ticks, size, lambda v: percent(round(v * 100)))
    if not bars:
        return
    slot = plot.w / len(bars)
    width = max(4, round(slot * 0.55))
    for i, bar in enumerate(bars):
        x = round(plot.left + slot * (i + 0.5))
        top = round(plot.bottom - max(0.0, min(1.0, bar.value)) * plot.h)
        box = pygame.Rect(x - width // 2, top, width, plot.bottom - top)
        if box.h:
            pygame.draw.rect(surf, c("accent"), box, border_radius=max(2, size // 5))
        gfx.blit_text(surf, bar.note, size, c("text"), (x, top - size // 4), "midbottom", True)
        gfx.blit_text(surf, bar.label, size, c("text_dim"), (x, plot.bottom + size // 2),
                      "midtop")


def _y_axis(surf: pygame.Surface, plot: pygame.Rect, ticks: Sequence[float], size: int,
            number: Callable[[float], str]) -> None:
    """The axes, a faint grid line and a value at each tick."""
    lo, hi = ticks[0], ticks[-1]
    grid = tuple(v // 2 for v in c("text_dim")[:3])  # faint: the data stands out
    for t in ticks:
        y = round(plot.bottom - (t - lo) / ((hi - lo) or 1) * plot.h)
        pygame.draw.line(surf, grid, (plot.left, y), (plot.right, y), 1)
        gfx.blit_text(surf, number(t), size, c("text_dim"), (plot.left - size // 2, y), "midright")
    axis = c("text_dim")
    pygame.draw.line(surf, axis, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surf, axis, plot.topleft, plot.bottomleft, 2)
