"""The player's language (placeholder API; the gettext catalogues come next).

Every word a player sees goes through ``_`` (or ``ngettext`` for counts), with the
English text as the message id, so Babel can extract it from the code.  Strings
built at import time are marked with ``N_`` and translated where they are shown.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "pt", "es", "fr")
_current = "en"


def _(message: str) -> str:
    """The message in the current language."""
    return message


def N_(message: str) -> str:
    """Marks a message for extraction without translating it yet."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def format_number(value: int) -> str:
    """A whole number with the language's digit grouping (30,412 in English)."""
    return f"{value:,}"


def set_language(code: str) -> None:
    global _current
    _current = code


def current_language() -> str:
    return _current
