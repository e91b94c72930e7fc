"""Fixtures shared by several test files (a file's own fixture of the same name wins)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from belote2p.services import logs
from belote2p.services.i18n import set_language
from belote2p.store import MemoryStore, open_store


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test ends in English: one that switches the player's language (the
    catalogues are the process's) cannot leak it into the next."""
    yield
    set_language("en")


@pytest.fixture(autouse=True, scope="session")
def log_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """No test writes the user's log folder: the logs of the commands a test
    runs, in its process or another, go to a temporary folder (a test of the
    log's place sets its own)."""
    folder = tmp_path_factory.mktemp("logs")
    os.environ[logs.LOG_DIR_ENV] = str(folder)
    yield folder


@pytest.fixture(autouse=True)
def no_log_after() -> Iterator[None]:
    """A test that ran ``cli.main`` leaves no handler (nor crash hook) to the next."""
    yield
    logs.reset()


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    """Each test runs against both stores: the rules of the store are the same."""
    if request.param == "memory":
        yield MemoryStore()
    else:
        opened = open_store(tmp_path / "data", echo=False)
        yield opened
        opened.close()


@pytest.fixture()
def drawn() -> Iterator[list[str]]:
    """Every text the window draws from now on (``gfx.text_hook``)."""
    from belote2p.ui import gfx

    texts: list[str] = []
    gfx.text_hook = lambda text, rect, within, clipped: texts.append(text)
    yield texts
    gfx.text_hook = None
