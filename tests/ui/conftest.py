"""Fixtures of the UI tests."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from belote2p.services.i18n import current_language, set_language
from tests.support.fit import load_renderer


@pytest.fixture(scope="module")
def renderer() -> Iterator[ModuleType]:
    """tools/render_screens.py, loaded once a module; the language is put back after."""
    before = current_language()
    yield load_renderer()
    set_language(before)
