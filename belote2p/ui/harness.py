"""Driving the real window from code: the UI tests and tools/render_screens.py
post mouse and keyboard events and step the real loop, frame by frame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ..actions import Phase  # noqa: E402


def make_app(size=(1280, 800), store=None, settings=None, worker: str = "inline",
             instant: bool = True):
    """An app with no frame cap; ``instant``: no animations, no rival pause."""
    from ..store.api import MemoryStore
    from .app import App
    from .theme import theme

    merged = dict(theme().defaults)
    if instant:
        merged["animation_speed"] = "off"
    merged.update(settings or {})
    app = App(size=size, store=store if store is not None else MemoryStore(),
              settings=merged, worker_mode=worker, fps=0)
    if instant:
        app.min_pause_scale = 0.0
    return app


def click(pos, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def type_text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def step(app, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt)


def settle(app, limit: int = 3000, dt: float = 1 / 60) -> dict:
    """Step until the table waits for the player (their turn, or a panel);
    returns what the screen offers then."""
    for _ in range(limit):
        app.step(dt)
        offer = app.top.offer()
        if offer.get("scene") != "table":
            return offer
        if offer["panel"] is not None:
            return offer
        if offer["human_turn"] and offer["idle"]:
            return offer
    raise AssertionError("the table never waited for the player")


def first_legal_policy(offer: dict):
    """Click the first undimmed card, or press the first bid button (Pass if any)."""
    if offer["bids"]:
        bids = offer["bids"]
        chosen = next((b for b in bids if b["value"].word == "pass"), bids[0])
        return ("click", chosen["rect"].center)
    legal = [cd for cd in offer["cards"] if not cd["dim"]]
    return ("click", legal[0]["rect"].center)


def is_phase(app, phase: Phase) -> bool:
    table = app.top
    return table.in_hand() and table.hand.phase is phase
