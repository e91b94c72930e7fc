"""Player names for the leaderboard, cleaned the same way by the table and autoplay."""

from __future__ import annotations

import unicodedata

NAME_MAX = 20  # characters (code points after NFC), never cutting a character in two

# Format characters kept because they are part of a visible character
# (emoji sequences, Indic/Persian joining); the rest (bidi overrides, zero-width
# spaces, BOM...) could hide or reorder text on the leaderboard, so they go.
_KEEP_FORMAT = {"\u200c", "\u200d"}


def _visible(ch: str) -> bool:
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cs", "Cn"):
        return False
    if cat == "Cf":
        return ch in _KEEP_FORMAT
    return True


def _extends(ch: str) -> bool:
    """Does ``ch`` attach to the character before it (so a cut must not fall before it)?"""
    if ch in _KEEP_FORMAT:
        return True
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Mc", "Me"):  # combining marks, variation selectors
        return True
    return "\U0001F3FB" <= ch <= "\U0001F3FF" or "\U000E0020" <= ch <= "\U000E007F"


def _regional(ch: str) -> bool:
    return "\U0001F1E6" <= ch <= "\U0001F1FF"


def _boundary(text: str, i: int) -> bool:
    """May ``text`` be cut before index ``i`` without breaking a character?"""
    if _extends(text[i]) or text[i - 1] in _KEEP_FORMAT:
        return False
    if _regional(text[i]) and _regional(text[i - 1]):  # flags are pairs
        run = 0
        while i - 1 - run >= 0 and _regional(text[i - 1 - run]):
            run += 1
        return run % 2 == 0
    return True


def clean_name(text: object, limit: int = NAME_MAX) -> str | None:
    """A name fit for the leaderboard, or None when nothing is left.

    NFC-normalised; control and invisible format characters removed; any run
    of whitespace (tabs, newlines, Unicode spaces) becomes one space; trimmed;
    at most ``limit`` characters, cut between characters, not inside one
    (an accent or an emoji sequence stays with its base).
    """
    if not isinstance(text, str):
        return None
    text = unicodedata.normalize("NFC", text)
    # Unicode whitespace and line/paragraph separators first, so "a\nb" -> "a b".
    text = " ".join(text.split())
    text = "".join(ch for ch in text if _visible(ch))
    text = " ".join(text.split())  # removing a character may have joined spaces
    # A leading joiner or mark has nothing to attach to.
    while text and _extends(text[0]):
        text = text[1:].lstrip()
    if len(text) > limit:
        cut = limit
        while cut > 0 and not _boundary(text, cut):
            cut -= 1
        text = text[:cut].rstrip()
    return text or None

