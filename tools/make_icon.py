"""Draw the game's icon, ``assets/icon.png`` (256×256), with pygame.

    python tools/make_icon.py [OUT.png]

A jack of hearts over a face-down card on the table's green, in the bundled
DejaVu font, so the icon matches what the game draws.  The PNG is committed;
run this again only to change the design.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: drawing only

import pygame

ROOT = Path(__file__).resolve().parents[1]
SIZE = 256
FELT = (22, 92, 58)
FELT_EDGE = (12, 60, 36)
CARD_FACE = (252, 250, 242)
CARD_EDGE = (120, 120, 110)
CARD_BACK = (40, 64, 150)
RED = (200, 30, 42)


def _card(size: tuple[int, int], face: bool) -> pygame.Surface:
    card = pygame.Surface(size, pygame.SRCALPHA)
    rect = card.get_rect()
    pygame.draw.rect(card, CARD_FACE, rect, border_radius=14)
    pygame.draw.rect(card, CARD_EDGE, rect, width=3, border_radius=14)
    if not face:
        pygame.draw.rect(card, CARD_BACK, rect.inflate(-22, -22), border_radius=8)
        return card
    font_path = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
    rank = pygame.font.Font(str(font_path), 58).render("J", True, RED)
    suit = pygame.font.Font(str(font_path), 110).render("♥", True, RED)
    card.blit(rank, (14, 4))
    card.blit(suit, suit.get_rect(center=(rect.centerx + 6, rect.centery + 22)))
    return card


def draw_icon() -> pygame.Surface:
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=44)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-12, -12), border_radius=38)
    back = pygame.transform.rotozoom(_card((120, 168), face=False), 14, 1)
    front = pygame.transform.rotozoom(_card((132, 184), face=True), -8, 1)
    icon.blit(back, back.get_rect(center=(100, 124)))
    icon.blit(front, front.get_rect(center=(150, 132)))
    return icon


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "assets" / "icon.png"
    pygame.font.init()
    pygame.image.save(draw_icon(), str(out))
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
