"""Driving the real window from code: the UI tests and tools/render_screens.py
post mouse and keyboard events and step the real loop, frame by frame."""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from belote2p.core.match import Run
from belote2p.services.duplicate import Duplicate, duplicate_hand
from belote2p.services.run_session import ActiveRun
from belote2p.store import MemoryStore, Store
from belote2p.ui.main import Game, build_game
from belote2p.ui.navigation import Route
from belote2p.ui.protocols import Screen
from belote2p.ui.scenes.title import TitleScene
from belote2p.ui.table.scene import TableScene
from belote2p.ui.theme import theme

Point = tuple[int, int]
Offer = dict[str, Any]  # what a screen offers: see ``table_offer`` and ``Scene.offer``


class HeldComparisons:
    """Stands in for ``AIWorker.submit_duplicate``: each comparison of a hand
    with level 4 in the player's seat is kept unanswered, as a busy worker's,
    until ``answer`` computes it (inline it would cost tenths of a second a hand)."""

    def __init__(self) -> None:
        self.asked: list[tuple[tuple[str, tuple[str, ...], int, int], Future[Any]]] = []

    def __call__(self, seed: str, actions: tuple[str, ...], match: int,
                 hand: int) -> Future[Any]:
        future: Future[Any] = Future()
        self.asked.append(((seed, actions, match, hand), future))
        return future

    def answer(self, index: int = -1) -> Duplicate:
        """Compute the comparison asked ``index``-th and hand it to its asker."""
        args, future = self.asked[index]
        compared = duplicate_hand(*args)
        future.set_result(compared)
        return compared


def make_app(size: tuple[int, int] = (1280, 800), store: Store | None = None,
             settings: dict[str, Any] | None = None, worker: str = "inline",
             instant: bool = True) -> Game:
    """A game window with no frame cap; ``instant``: no animations, no rival
    pause.  Its comparisons with level 4 are held (``HeldComparisons``, the
    worker's ``submit_duplicate``): a test answers those it reads."""
    merged = dict(theme().defaults, lesson_offered=True)  # no first-launch offer over the title
    if instant:
        merged["animation_speed"] = "off"
    merged.update(settings or {})
    game = build_game(store if store is not None else MemoryStore(), size=size,
                      settings=merged, worker_mode=worker, fps=0)
    if instant:
        game.ctx.settings.pause_scale = 0.0
    game.ctx.worker.submit_duplicate = HeldComparisons()  # type: ignore[method-assign]
    return game


def held_comparisons(game: Game) -> HeldComparisons:
    """The comparisons ``make_app``'s window asked for, unanswered."""
    held = game.ctx.worker.submit_duplicate
    assert isinstance(held, HeldComparisons)
    return held


def open_table(game: Game, seed: str, started: str = "now") -> TableScene:
    """The table alone on the stack, playing a fresh run from ``seed``."""
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(seed), started))
    assert isinstance(table, TableScene)
    return table


def open_title(game: Game, limit: int = 2000) -> TitleScene:
    """The title alone on the stack, whole: its facts are read off the frame
    loop (inline: at once; in a thread: a frame or so later), so the loop is
    stepped until its menu is there (``limit`` frames at most)."""
    title = game.nav.reset(Route.TITLE)
    assert isinstance(title, TitleScene)
    for _frame in range(limit):
        if title.facts is not None:
            break
        game.app.step(1 / 60)
        threading.Event().wait(0.005)
    assert title.facts is not None, "the title's facts never came"
    return title


def click(pos: Point, button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(start: Point, end: Point) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def type_text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def step(game: Game, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        game.app.step(dt)


def table_offer(table: TableScene) -> Offer:
    """What the table offers the player now, read from the frame's ``TableState``
    (the production scene has no snapshot method of its own)."""
    state = table.state()
    panel = state.panel
    L = state.layout
    return {
        "scene": "table",
        "phase": state.phase.value if state.phase is not None else "between",
        "human_turn": table.human_turn(),
        "idle": state.idle,
        "thinking": state.thinking,
        "cards": [{"card": hc.card, "rect": hc.rect, "dim": hc.dim} for hc in state.hand],
        "bids": [{"label": b.label, "rect": b.rect, "value": b.value} for b in state.bid_buttons],
        "panel": panel.kind if panel else None,
        "panel_button": panel.button_rect(L) if panel else None,
        "review_button": panel.extra_rect(L) if panel and panel.review else None,
        "panel_lines": [text for text, _colour in panel.lines] if panel else [],
        "panel_title": panel.title if panel else None,
        "message": state.message if table.beats.message else None,
        "side_buttons": {b.value: b.rect for b in state.side_buttons},
        "finish_button": state.finish_button,
        "side": state.side,
    }


def offer_of(scene: Screen | None) -> Offer:
    """What any scene offers: the table's from its state, the others' own."""
    if isinstance(scene, TableScene):
        return table_offer(scene)
    return scene.offer() if scene is not None else {}


def settle(game: Game, limit: int = 3000, dt: float = 1 / 60) -> Offer:
    """Step until the table waits for the player (their turn, or a panel);
    returns what the screen offers then."""
    for _ in range(limit):
        game.app.step(dt)
        offer = offer_of(game.app.top)
        if offer.get("scene") != "table":
            return offer
        if offer["panel"] is not None:
            return offer
        if offer["human_turn"] and offer["idle"]:
            return offer
    raise AssertionError("the table never waited for the player")


def play_to_hand_over(game: Game) -> Offer:
    """The player's first legal action each turn, until the end-of-hand panel."""
    for _ in range(200):
        offer = settle(game)
        if offer["panel"] == "hand_over":
            return offer
        assert offer["panel"] is None
        click(first_legal_policy(offer)[1])
        step(game)
    raise AssertionError("the hand never ended")


def first_legal_policy(offer: Offer) -> tuple[str, Point]:
    """Click the first undimmed card, or press the first bid button (Pass if any)."""
    if offer["bids"]:
        bids = offer["bids"]
        chosen = next((b for b in bids if b["value"].word == "pass"), bids[0])
        return ("click", chosen["rect"].center)
    legal = [cd for cd in offer["cards"] if not cd["dim"]]
    return ("click", legal[0]["rect"].center)
