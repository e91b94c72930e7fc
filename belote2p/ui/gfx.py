"""Drawing helpers shared by every scene: fonts (DejaVu, which has the suit
symbols), cached text, panels, buttons and wrapped paragraphs."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from ..core.resources import asset_path
from .theme import theme

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
# A colour as the theme gives it (RGB or RGBA), or anything pygame takes as one.
Colour = Sequence[int]
Point = tuple[float, float]  # pygame rounds a float position down

_texts: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()
_TEXT_CACHE = 600

# Tests set this to see every text drawn: (text, its rect, the rect it must stay
# inside, whether a clip cuts it on purpose).  Off in the game.
TextHook = Callable[[str, pygame.Rect, pygame.Rect, bool], None]
text_hook: TextHook | None = None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    if key not in _fonts:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        _fonts[key] = pygame.font.Font(str(asset_path("fonts", name)), size)
    return _fonts[key]


def text(s: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: the table redraws the same labels every frame."""
    key = (s, size, tuple(colour), bold)
    surf = _texts.get(key)
    if surf is None:
        surf = font(size, bold).render(s, True, colour)
        _texts[key] = surf
        if len(_texts) > _TEXT_CACHE:
            _texts.popitem(last=False)
    else:
        _texts.move_to_end(key)
    return surf


def blit_text(dest: pygame.Surface, s: str, size: int, colour: Colour, pos: Point,
              anchor: str = "topleft", bold: bool = False,
              within: pygame.Rect | None = None) -> pygame.Rect:
    """Draws ``s``; ``within`` is the box (button, panel) it belongs to, the
    surface if None: the layout test checks that the text stays inside it."""
    surf = text(s, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    dest.blit(surf, rect)
    if text_hook is not None:
        clipped = dest.get_clip() != dest.get_rect()
        text_hook(s, rect, within if within is not None else dest.get_clip(), clipped)
    return rect


def fitting_size(s: str, size: int, width: int, bold: bool = False, smallest: float = 0.7) -> int:
    """The font size, at most ``size`` and not below ``smallest`` of it, at which
    ``s`` is no wider than ``width``: longer translations shrink a little
    rather than lose their end."""
    least = max(6, round(size * smallest))
    while size > least and font(size, bold).size(s)[0] > width:
        size -= 1
    return size


def text_rect(s: str, size: int, colour: Colour, pos: Point,
              anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Where ``blit_text`` with the same arguments draws."""
    return text(s, size, colour, bold).get_rect(**{anchor: pos})


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap; keeps paragraphs (blank lines) as empty strings."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = [w for w in para.split(" ") if w]  # a no-break space (French « ») holds
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = line + " " + word
            if f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def c(name: str) -> tuple[int, ...]:
    return theme().colour(name)


_shapes: OrderedDict[Hashable, pygame.Surface] = OrderedDict()


def _shape(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """Translucent shapes are drawn once per size and colour, not every frame."""
    surf = _shapes.get(key)
    if surf is None:
        surf = _shapes[key] = make()
        if len(_shapes) > 200:
            _shapes.popitem(last=False)
    return surf


def panel(dest: pygame.Surface, rect: pygame.Rect, radius: int = 12, colour: Colour | None = None,
          border: Colour | None = None) -> None:
    """A translucent rounded panel."""
    colour = tuple(colour or c("panel"))
    border = tuple(border or c("panel_border"))

    def make() -> pygame.Surface:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, border, surf.get_rect(), width=max(1, radius // 8),
                         border_radius=radius)
        return surf

    dest.blit(_shape(("panel", tuple(rect.size), radius, colour, border), make), rect)


_dimming = [True]  # False while the window draws what lies under a dialog


@contextmanager
def undimmed() -> Iterator[None]:
    """Scenes drawn in here do not ``shade``: the window draws what lies under
    its top dialog this way, then the one dim layer (``App._draw``)."""
    _dimming.append(False)
    try:
        yield
    finally:
        _dimming.pop()


def shade(dest: pygame.Surface, rect: pygame.Rect | None = None,
          colour: Colour | None = None) -> None:
    """Dim ``rect`` (all of ``dest``) under a panel; nothing under ``undimmed``."""
    if not _dimming[-1]:
        return
    rect = rect or dest.get_rect()
    colour = tuple(colour or c("overlay"))

    def make() -> pygame.Surface:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        surf.fill(colour)
        return surf

    dest.blit(_shape(("shade", tuple(rect.size), colour), make), rect)


@dataclass
class Button:
    """A clickable label; ``value`` is what the scene acts on."""

    rect: pygame.Rect
    label: str
    value: object = None
    primary: bool = False
    enabled: bool = True
    hover: bool = False
    focus: bool = False

    def hit(self, pos: Point) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def look(self) -> tuple[object, ...]:
        """What ``draw`` shows, as a value: buttons are mutable (hover), so a
        picture cached against a button keeps this, not the button."""
        return (tuple(self.rect), self.label, self.primary, self.enabled, self.hover, self.focus)

    def bounds(self, size: int) -> pygame.Rect:
        """Every pixel ``draw`` may touch: the button, its shadow, its label."""
        shadow = self.rect.move(0, max(1, self.rect.h // 14))
        label = pygame.Rect(0, 0, self.rect.w, font(size, True).get_height())
        label.center = self.rect.center
        return self.rect.union(shadow).union(label)

    def draw(self, dest: pygame.Surface, size: int) -> None:
        if not self.enabled:
            fill = c("button_disabled")
        elif self.primary:
            fill = c("button_primary_hover" if self.hover else "button_primary")
        else:
            fill = c("button_hover" if self.hover else "button")
        radius = max(4, self.rect.h // 4)
        shadow = self.rect.move(0, max(1, self.rect.h // 14))
        pygame.draw.rect(dest, (0, 0, 0), shadow, border_radius=radius)
        pygame.draw.rect(dest, fill, self.rect, border_radius=radius)
        edge = c("button_focus_ring") if self.focus else c("panel_border")[:3]
        pygame.draw.rect(dest, edge, self.rect, width=2 if self.focus else 1, border_radius=radius)
        colour = c("button_text") if self.enabled else c("text_dim")
        label = self.label
        size = fitting_size(label, size, self.rect.w - 8, bold=True)
        while font(size, True).size(label)[0] > self.rect.w - 8 and len(label) > 3:
            label = label[:-2] + "…"
        blit_text(dest, label, size, colour, self.rect.center, "center", bold=True,
                  within=self.rect)


def button_row_width(labels: list[str], size: int, pad: int) -> int:
    return max(font(size, True).size(s)[0] for s in labels) + 2 * pad


def handle_buttons(buttons: list[Button], event: pygame.event.Event,
                   on_click: Callable[[Button], None]) -> bool:
    """Hover and click for a list of buttons; True if the event was used."""
    if event.type == pygame.MOUSEMOTION:
        for b in buttons:
            b.hover = b.hit(event.pos)
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for b in buttons:
            if b.hit(event.pos):
                on_click(b)
                return True
    return False
