"""Moving between screens by name.

A scene never imports another scene: it asks the navigator for a route
(``nav.push(Route.HELP)``) and the entry module (``ui.main``) has registered
the factory that builds it.  Adding a screen is one scene module, one
``Route`` member and one ``register`` line there.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, Protocol

from .protocols import Screen


class Route(Enum):
    TITLE = "title"
    TABLE = "table"
    PAUSE = "pause"
    CONFIRM = "confirm"
    SETTINGS = "settings"
    HELP = "help"
    LEADERBOARD = "leaderboard"
    NAME_ENTRY = "name_entry"
    HISTORY = "history"
    STATS = "stats"
    EXPORT = "export"
    # A finished hand, reviewed (pushed; Back pops to where the player was).
    # Parameters: record (dict: belote2p.core.record.record_of of the finished
    # hand, plain data, so past hands open the same way), title (str,
    # optional: the screen's title), names (tuple of the two seats' names,
    # optional: "You", "Rival").
    REVIEW = "review"
    # Practice (issue #13): pick the rival's level, then a table that is never
    # saved or scored (Route.TABLE with practice=level).
    PRACTICE = "practice"
    # Learn to play (issue #19): the guided first hand, never scored or saved
    # (pushed over the title; leaving pops back), and the first launch's offer of it.
    LEARN = "learn"
    LEARN_OFFER = "learn_offer"
    # The world daily (issue #42): reaching the server, the account's name the
    # first time, then Route.TABLE with world=the run; offline, the local daily.
    WORLD = "world"
    # Today's world board, read from the server (pushed over the leaderboard).
    WORLD_BOARD = "world_board"
    # A text typed in (the world daily's server, in Settings).
    TEXT_ENTRY = "text_entry"


SceneFactory = Callable[..., Screen]


class SceneStack(Protocol):
    """What the window's loop offers: a stack of scenes, the top one active."""

    def push(self, scene: Screen) -> None: ...
    def pop(self) -> None: ...
    def reset_to(self, scene: Screen) -> None: ...
    @property
    def depth(self) -> int: ...


class UnknownRoute(LookupError):
    """A route was asked for that no factory was registered for."""


class Navigator:
    """go (replace the top), push (on top), pop, reset (the only scene)."""

    def __init__(self, stack: SceneStack):
        self._stack = stack
        self._factories: dict[Route, SceneFactory] = {}

    def register(self, route: Route, factory: SceneFactory) -> None:
        self._factories[route] = factory

    def build(self, route: Route, **params: Any) -> Screen:
        try:
            factory = self._factories[route]
        except KeyError:
            raise UnknownRoute(f"no screen registered for {route}") from None
        return factory(**params)

    def go(self, route: Route, **params: Any) -> Screen:
        scene = self.build(route, **params)
        self._stack.pop()
        self._stack.push(scene)
        return scene

    def push(self, route: Route, **params: Any) -> Screen:
        scene = self.build(route, **params)
        self._stack.push(scene)
        return scene

    def pop(self) -> None:
        self._stack.pop()

    def reset(self, route: Route, **params: Any) -> Screen:
        scene = self.build(route, **params)
        self._stack.reset_to(scene)
        return scene

    @property
    def depth(self) -> int:
        """How many scenes are stacked (a board opened from the title pops back)."""
        return self._stack.depth
