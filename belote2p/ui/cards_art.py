"""Card faces, the card back and the table felt, drawn once per size and cached.

Faces are drawn at twice the size and smoothly scaled down: anti-aliased edges
and pips at any window size, with no image files.  Suit symbols come from the
DejaVu font (pygame's default font has none).
"""

from __future__ import annotations

import random

import pygame

from ..core.cards import ACE, CARDS, JACK, KING, QUEEN, SUIT_SYMBOLS, Card
from ..services.card_words import rank_letter
from ..services.i18n import current_language
from .gfx import Colour, font
from .theme import theme

SS = 2  # supersampling factor

# Pip positions inside the pip box, (x, y) in 0..1, for 7 8 9 10.
_PIPS = {
    0: [(0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1), (.5, .25)],
    1: [(0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1), (.5, .25), (.5, .75)],
    2: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1), (.5, .5)],
    3: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
        (.5, 1 / 6), (.5, 5 / 6)],
}


def _colour(name: str) -> tuple[int, ...]:
    return theme().colour(name)


class CardArt:
    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()

    def face(self, c: Card, size: tuple[int, int], four: bool = False) -> pygame.Surface:
        # (the language too: a French king reads R, an English one K)
        key = ("face", int(c), size, four, current_language())
        if key not in self._cache:
            self._cache[key] = _fast(_render_face(c, size, four))
        return self._cache[key]

    def dimmed(self, c: Card, size: tuple[int, int], four: bool = False) -> pygame.Surface:
        key = ("dim", int(c), size, four, current_language())
        if key not in self._cache:
            surf = self.face(c, size, four).copy()
            veil = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(veil, _colour("card_dim"), veil.get_rect(),
                             border_radius=_radius(size[0]))
            surf.blit(veil, (0, 0))
            self._cache[key] = surf
        return self._cache[key]

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", size)
        if key not in self._cache:
            self._cache[key] = _fast(_render_back(size))
        return self._cache[key]

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("shadow", size)
        if key not in self._cache:
            self._cache[key] = _fast(_render_shadow(size))
        return self._cache[key]

    def warm(self, size: tuple[int, int], four: bool, budget: int = 2) -> None:
        """Render a few missing faces ahead of need (spreads the cost over frames)."""
        for c in CARDS:
            if budget <= 0:
                return
            if ("face", int(c), size, four, current_language()) not in self._cache:
                self.face(c, size, four)
                budget -= 1

    def bounds(self, rect: pygame.Rect, shadow: bool = True) -> pygame.Rect:
        """Every pixel ``draw`` may touch for a card at ``rect``."""
        if not shadow:
            return pygame.Rect(rect)
        return rect.union(pygame.Rect(_shadow_at(rect), _shadow_size(rect.size)))

    def draw(self, dest: pygame.Surface, c: Card | None, rect: pygame.Rect, four: bool = False,
             dim: bool = False, shadow: bool = True,
             scaled_from: tuple[int, int] | None = None) -> None:
        """A card at ``rect`` (``None`` draws its back).

        ``scaled_from``: a card in flight, whose size changes every frame on its
        way (from the stock to a hand, from the rival's hand to the trick), is
        the picture at that steady size scaled to ``rect``: drawing a face at
        each passing size cost 1-2 ms a card a frame and filled the cache with
        sizes never seen again."""
        size = (rect.w, rect.h)
        if scaled_from is not None and scaled_from != size:
            if shadow:
                dest.blit(pygame.transform.smoothscale(self.shadow(scaled_from),
                                                       _shadow_size(size)), _shadow_at(rect))
            picture = self._picture(c, scaled_from, four, dim)
            dest.blit(pygame.transform.smoothscale(picture, size), rect.topleft)
            return
        if shadow:
            dest.blit(self.shadow(size), _shadow_at(rect))
        dest.blit(self._picture(c, size, four, dim), rect.topleft)

    def _picture(self, c: Card | None, size: tuple[int, int], four: bool,
                 dim: bool) -> pygame.Surface:
        if c is None:
            return self.back(size)
        return self.dimmed(c, size, four) if dim else self.face(c, size, four)


def _shadow_at(rect: pygame.Rect) -> tuple[int, int]:
    """Where a card's shadow goes: a little to its left, as if lit from the right."""
    return rect.x - max(1, rect.w // 30), rect.y


def _shadow_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size of a card's shadow picture (``_render_shadow``)."""
    pad = max(2, size[0] // 16)
    return size[0] + pad, size[1] + pad


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, for quicker blits (once a window exists)."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _radius(w: int) -> int:
    return max(3, round(w * 0.075))


def _base(size: tuple[int, int], fill: Colour, border: Colour) -> pygame.Surface:
    w, h = size[0] * SS, size[1] * SS
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = _radius(size[0]) * SS
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, border, surf.get_rect(), width=max(2, SS), border_radius=r)
    return surf


def _glyph(s: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    return font(max(6, px), bold).render(s, True, colour)


def _render_face(c: Card, size: tuple[int, int], four: bool) -> pygame.Surface:
    w, h = size[0] * SS, size[1] * SS
    surf = _base(size, _colour("card_face"), _colour("card_border"))
    ink = theme().suit_colour(c.suit, four)
    suit = SUIT_SYMBOLS[c.suit]
    _corner(surf, rank_letter(c.rank), suit, ink, w, h)
    if c.rank == ACE:
        big = _glyph(suit, round(h * 0.42), ink)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
    elif c.rank in (JACK, QUEEN, KING):
        _court(surf, rank_letter(c.rank), suit, ink, w, h)
    else:
        _pips(surf, c.rank, suit, ink, w, h)
    return pygame.transform.smoothscale(surf, size)


def _corner(surf: pygame.Surface, rank: str, suit: str, ink: Colour, w: int, h: int) -> None:
    """Rank and suit in the top-left corner, and upside down bottom-right."""
    rank_px = round(h * 0.165)
    index = pygame.Surface((round(w * 0.34), round(h * 0.32)), pygame.SRCALPHA)
    r = _glyph(rank, rank_px, ink, bold=True)
    if r.get_width() > index.get_width():  # the "10" at very small sizes
        r = pygame.transform.smoothscale(r, (index.get_width(), r.get_height()))
    s = _glyph(suit, round(h * 0.15), ink)
    cx = round(w * 0.13)
    index.blit(r, r.get_rect(midtop=(cx, 0)))
    index.blit(s, s.get_rect(midtop=(cx, round(rank_px * 0.95))))
    pad = round(w * 0.035)
    surf.blit(index, (pad, pad))
    flipped = pygame.transform.rotate(index, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - pad, h - pad)))


def _pips(surf: pygame.Surface, rank: int, suit: str, ink: Colour, w: int, h: int) -> None:
    x0, x1 = w * 0.375, w * 0.625
    y0, y1 = h * 0.19, h * 0.81
    pip = _glyph(suit, round(h * 0.125), ink)
    upside = pygame.transform.rotate(pip, 180)
    for fx, fy in _PIPS[rank]:
        x, y = x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy
        g = upside if fy > 0.5 else pip
        surf.blit(g, g.get_rect(center=(round(x), round(y))))


def _court(surf: pygame.Surface, letter: str, suit: str, ink: Colour, w: int, h: int) -> None:
    frame = pygame.Rect(round(w * 0.28), round(h * 0.12), round(w * 0.44), round(h * 0.76))
    face = _colour("card_face")
    tint = tuple(round(a * 0.86 + b * 0.14) for a, b in zip(face[:3], ink[:3]))
    pygame.draw.rect(surf, tint, frame, border_radius=round(w * 0.05))
    pygame.draw.rect(surf, _colour("face_frame"), frame, width=max(2, round(w * 0.02)),
                     border_radius=round(w * 0.05))
    inner = frame.inflate(-round(w * 0.07), -round(w * 0.07))
    pygame.draw.rect(surf, ink, inner, width=max(1, round(w * 0.008)),
                     border_radius=round(w * 0.03))
    big = _glyph(letter, round(h * 0.27), ink, bold=True)
    surf.blit(big, big.get_rect(center=(frame.centerx, frame.top + frame.h * 0.36)))
    s = _glyph(suit, round(h * 0.18), ink)
    surf.blit(s, s.get_rect(center=(frame.centerx, frame.top + frame.h * 0.72)))


def _render_back(size: tuple[int, int]) -> pygame.Surface:
    w, _h = size[0] * SS, size[1] * SS
    surf = _base(size, _colour("back_base"), _colour("back_border"))
    inset = round(w * 0.08)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(6, round(w * 0.11))
    line = _colour("back_line")
    lw = max(1, round(w * 0.012))
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, line, (x, 0), (x + inner.h, inner.h), lw)
        pygame.draw.line(lattice, line, (x + inner.h, 0), (x, inner.h), lw)
    surf.blit(lattice, inner)
    pygame.draw.rect(surf, _colour("back_border"), inner, width=max(2, round(w * 0.02)),
                     border_radius=round(w * 0.04))
    medal = pygame.Rect(0, 0, round(w * 0.5), round(w * 0.5))
    medal.center = surf.get_rect().center
    pygame.draw.ellipse(surf, _colour("back_base"), medal)
    pygame.draw.ellipse(surf, _colour("back_emblem"), medal, width=max(2, round(w * 0.02)))
    px = round(medal.w * 0.3)
    for i, s in enumerate(SUIT_SYMBOLS):
        g = _glyph(s, px, _colour("back_emblem"))
        dx = (-1 if i in (0, 3) else 1) * medal.w * 0.17
        dy = (-1 if i < 2 else 1) * medal.w * 0.17
        surf.blit(g, g.get_rect(center=(medal.centerx + dx, medal.centery + dy)))
    return pygame.transform.smoothscale(surf, size)


def _render_shadow(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    pad = max(2, w // 16)
    small_size = (max(4, (w + 2 * pad) // 4), max(4, (h + 2 * pad) // 4))
    small = pygame.Surface(small_size, pygame.SRCALPHA)
    r = pygame.Rect(pad // 4, pad // 4 + 1, max(1, w // 4), max(1, h // 4))
    pygame.draw.rect(small, _colour("card_shadow"), r, border_radius=max(1, _radius(w) // 4))
    big = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
    out = pygame.Surface((w + pad, h + pad), pygame.SRCALPHA)
    out.blit(big, (-pad // 2, -pad // 2))
    return out


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: a soft radial gradient with a faint woven noise."""
    centre, edge = _colour("felt_centre"), _colour("felt_edge")
    gw, gh = 48, 30
    grad = pygame.Surface((gw, gh))
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x - gw * 0.42) / (gw * 0.62), (y - gh * 0.5) / (gh * 0.62)
            t = min(1.0, (dx * dx + dy * dy) ** 0.5) ** 1.6
            grad.set_at((x, y), [round(a + (b - a) * t) for a, b in zip(centre, edge)])
    surf = pygame.transform.smoothscale(grad, size).convert() if pygame.display.get_surface() \
        else pygame.transform.smoothscale(grad, size)
    surf.blit(_noise_tile(size), (0, 0))
    return surf


def _noise_tile(size: tuple[int, int]) -> pygame.Surface:
    rng = random.Random(7)  # same grain every launch
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    alpha = theme().colours["felt_noise_alpha"]
    for y in range(96):
        for x in range(96):
            v = rng.random()
            if v < 0.5:
                tile.set_at((x, y), (0, 0, 0, round(alpha * (1 - 2 * v))))
            else:
                tile.set_at((x, y), (255, 255, 255, round(alpha * (2 * v - 1) * 0.6)))
    out = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], 96):
        for x in range(0, size[0], 96):
            out.blit(tile, (x, y))
    return out
