"""The player's language: gettext catalogues, chosen and switched at run time.

Every word a player sees goes through ``_`` (or ``ngettext`` for counts), with the
English text as the message id, so Babel can extract it from the code.  Strings
built at import time are marked with ``N_`` and translated where they are shown.
Templates keep Python ``str.format`` fields (``{n}``), filled *after* translation:

    _("Hand {n}").format(n=2)
    ngettext("{n} trick", "{n} tricks", count).format(n=count)

The catalogues are the ``.po`` files under ``belote2p/locale/`` (package data).
The build (``hatch_build.py``: a wheel, an editable install, ``python
hatch_build.py``) compiles each to a ``.mo`` beside it, which stdlib ``gettext``
reads at start in under a millisecond; the ``.mo`` records the checksum of the
``.po`` it was compiled from, so one older than its ``.po`` (a catalogue edited
or checked out since the build) is passed over.  Where there is none, Babel
compiles the ``.po`` in memory the first time its language is used (25 ms): a
source checkout behaves like a wheel, only slower to start.  A message missing
from a catalogue shows in English.
"""

from __future__ import annotations

import gettext
import io
import logging
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # importlib.resources.abc only from Python 3.11
    from importlib.abc import Traversable

    from babel import Locale

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "pt", "es", "fr")
DEFAULT_LANGUAGE = "en"
# Each language is named in itself in the language picker: a player who cannot
# read the current language can still find their own.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English", "pt": "Português", "es": "Español", "fr": "Français",
}
DOMAIN = "belote2p"
ENV_VAR = "BELOTE2P_LANG"
# POSIX order of precedence for the language of messages.
LOCALE_VARS: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")

_current = DEFAULT_LANGUAGE


class UnknownLanguage(ValueError):
    """A language asked for by name (``--lang``, ``BELOTE2P_LANG``) that the game lacks."""

    def __init__(self, value: str, source: str):
        self.value, self.source = value, source
        super().__init__(f"unknown language {value!r} in {source}: "
                         f"choose one of {', '.join(LANGUAGES)}")


# -- catalogues ---------------------------------------------------------------

def catalogue_path(code: str, suffix: str = ".po") -> Traversable:
    """The ``.po`` file of a language, inside the package (or its ``.mo``)."""
    return resources.files("belote2p") / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


# A hidden entry of every compiled catalogue: the checksum of the .po it comes from.
SOURCE_CHECKSUM = ("belote2p-build", "po-checksum")  # (msgctxt, msgid)


def checksum(po: bytes) -> str:
    """Tells a changed ``.po`` from its compiled one (a change, not an attack: CRC-32)."""
    return f"{zlib.crc32(po):08x}"


def compiled(po: bytes, code: str) -> bytes:
    """The ``.mo`` of a ``.po`` (Babel), its checksum inside; untranslated and
    fuzzy entries stay English.  The build and a start without a ``.mo`` share it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po), locale=code, domain=DOMAIN, abort_invalid=True)
    context, key = SOURCE_CHECKSUM
    catalog.add(key, checksum(po), context=context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _built(code: str, po: bytes) -> gettext.GNUTranslations | None:
    """The ``.mo`` the build compiled from this very ``.po``, or None (none built,
    or the ``.po`` changed since)."""
    try:
        mo = catalogue_path(code, ".mo").read_bytes()
    except OSError:
        return None
    try:
        built = gettext.GNUTranslations(io.BytesIO(mo))
    except Exception:  # noqa: BLE001 - a damaged .mo: the .po is still there
        log.warning("the %s catalogue's .mo cannot be read; compiling its .po", code)
        return None
    return built if built.pgettext(*SOURCE_CHECKSUM) == checksum(po) else None


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English is the message ids themselves)."""
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = catalogue_path(code)
    try:
        po = path.read_bytes()
        built = _built(code, po)
        if built is None:
            log.debug("the %s catalogue has no .mo built from it: compiled at start", code)
        return built or gettext.GNUTranslations(io.BytesIO(compiled(po, code)))
    except Exception as exc:  # noqa: BLE001 - a damaged install must not stop the game
        log.warning("the %s catalogue %s cannot be read (%s); showing English", code, path, exc)
        return gettext.NullTranslations()


# -- one language's words and numbers -------------------------------------------

@dataclass(frozen=True)
class Translator:
    """The messages, numbers and dates of one language, whatever the current one.

    The game speaks one language at a time (``set_language``, then ``_``); a web
    server answers many at once, so each page is written with the translator of
    its own request (``translator(code)``) and never touches the current
    language.  The module's functions below are this class applied to the
    current language: each rule is written once, here."""

    code: str

    def _(self, message: str) -> str:
        return translations(self.code).gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return translations(self.code).pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return translations(self.code).ngettext(singular, plural, count)

    def number(self, value: int) -> str:
        return _formatted(value, self.code)

    def tenths(self, value: float) -> str:
        from babel.numbers import format_decimal

        return format_decimal(round(value, 1), format="#,##0.0", locale=_babel_locale(self.code))

    def signed_tenths(self, value: float) -> str:
        """One decimal, a plus sign above 0 and a minus sign (−) below it
        (a difference of points: +6,5, −1.0, 0.0)."""
        tenths = round(value, 1)
        number = self.tenths(abs(tenths))
        return number if tenths == 0 else ("+" if tenths > 0 else "\u2212") + number

    def date(self, day: date) -> str:
        return _formatted_date(day, self.code)


@cache
def translator(code: str) -> Translator:
    """The translator of ``code`` (one of ``LANGUAGES``)."""
    if code not in LANGUAGES:
        raise UnknownLanguage(code, "translator")
    return Translator(code)


# -- the API every screen calls -----------------------------------------------

def _(message: str) -> str:
    """The message in the current language (looked up at each call: switching is live)."""
    return translator(_current)._(message)


def N_(message: str) -> str:  # the gettext convention: N_ marks, _ translates
    """Marks a message for extraction without translating it yet."""
    return message


def pgettext(context: str, message: str) -> str:
    """The message in the current language, for the one meaning ``context`` names
    (the same short English word may be two messages: "K", the king's letter)."""
    return translator(_current).pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message that the current language uses for ``count``."""
    return translator(_current).ngettext(singular, plural, count)


def format_number(value: int) -> str:
    """A whole number with the language's digit grouping (30,412 in English,
    30.412 in Portuguese and Spanish, 30 412 with a narrow space in French)."""
    return translator(_current).number(value)


@lru_cache(maxsize=4096)
def _formatted(value: int, code: str) -> str:
    """Babel takes some microseconds a number: the table shows the same few
    numbers every frame, and ``belote2p runs`` the same scores many times."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_babel_locale(code))


@cache
def _babel_locale(code: str) -> Locale:
    """The language's Babel locale, parsed once (not at every number and date:
    ``belote2p runs`` formats 400,000 of them for 100,000 runs)."""
    from babel import Locale

    return Locale.parse(code)


def format_tenths(value: float) -> str:
    """A number to one decimal in the language's notation (6.5, 6,5)."""
    return translator(_current).tenths(value)


def format_date(day: date) -> str:
    """A calendar date the way the language writes it, months abbreviated
    (Jan 5, 2025 / 5 de jan. de 2025 / 5 ene 2025 / 5 janv. 2025)."""
    return translator(_current).date(day)


@lru_cache(maxsize=4096)
def _formatted_date(day: date, code: str) -> str:
    """A history of years has a few thousand days, each written many times."""
    from babel.dates import format_date as babel_format_date

    return babel_format_date(day, format="medium", locale=_babel_locale(code))


def set_language(code: str) -> None:
    """Switch every later ``_`` call to ``code`` (one of ``LANGUAGES``)."""
    global _current
    if code not in LANGUAGES:
        raise UnknownLanguage(code, "set_language")
    translations(code)  # compile now: a broken catalogue shows here, not mid-frame
    _current = code


def current_language() -> str:
    return _current


# -- which language to start in ------------------------------------------------

def language_of(value: object) -> str | None:
    """The game language a language or locale name means, or None.

    Accepts ``pt``, ``PT``, ``pt_BR``, ``pt-BR`` and ``pt_BR.UTF-8@euro`` alike;
    ``C`` and ``POSIX`` mean no preference."""
    if not isinstance(value, str):
        return None
    base = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language(env: Mapping[str, str]) -> str | None:
    """The language of the system locale: the first of LC_ALL, LC_MESSAGES and
    LANG that is set decides (as POSIX programs do), even if it is not one of ours."""
    for name in LOCALE_VARS:
        value = env.get(name, "").strip()
        if value:
            return language_of(value)
    return None


SavedLanguage = str | None | Callable[[], str | None]


def resolve_language(cli_value: str | None, env: Mapping[str, str],
                     saved: SavedLanguage = None,
                     preferred: Callable[[], Sequence[str]] | None = None) -> str:
    """The language to start in: ``--lang``, else ``$BELOTE2P_LANG``, else the
    saved setting, else the system locale (LC_ALL, LC_MESSAGES, LANG), else the
    first of the system's ``preferred`` languages we have (asked only then:
    Windows and macOS set no locale variable), else English.

    A language asked for by name that we lack raises ``UnknownLanguage``: the
    player typed it and should hear about it.  A saved setting or locale we do
    not know is passed over quietly.  ``saved`` may be a function, called only
    when the first two give no answer (reading it opens the store)."""
    for value, source in ((cli_value, "--lang"), (env.get(ENV_VAR), ENV_VAR)):
        if value is not None and value.strip():
            code = language_of(value) if value.strip().lower() in LANGUAGES else None
            if code is None:
                raise UnknownLanguage(value, source)
            return code
    stored = saved() if callable(saved) else saved
    chosen = language_of(stored) or system_language(env)
    if chosen is None and preferred is not None and not any(
            env.get(name, "").strip() for name in LOCALE_VARS):
        chosen = next((code for code in map(language_of, preferred()) if code), None)
    return chosen or DEFAULT_LANGUAGE
