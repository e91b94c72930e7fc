"""A card face shows the rank letter of the player's language (issue #29 item 7)."""

from __future__ import annotations

import pygame

from belote2p.core.cards import parse_card
from belote2p.services.i18n import set_language
from belote2p.ui.cards_art import CardArt


def test_a_french_king_is_drawn_with_its_own_letter():
    pygame.init()
    art, king, size = CardArt(), parse_card("KS"), (70, 100)
    english = pygame.image.tobytes(art.face(king, size), "RGB")
    set_language("fr")
    french = pygame.image.tobytes(art.face(king, size), "RGB")
    set_language("en")
    assert french != english  # R, not K (and not the English face from the cache)
    assert pygame.image.tobytes(art.face(king, size), "RGB") == english
