"""Keep the translation catalogues in step with the code.

    python tools/i18n.py extract   write belote2p/locale/belote2p.pot from the code
                                   (plus the seed below)
    python tools/i18n.py update    merge the .pot into every language's .po
    python tools/i18n.py check     every message translated in every language,
                                   placeholders and plural forms right; exit 1 if not
    python tools/i18n.py merge BASE OURS THEIRS
                                   git's merge driver for the catalogues (see
                                   .gitattributes): the union of both sides' messages,
                                   a translation changed on one side only taken from
                                   that side; writes OURS. Run extract and update after
                                   the merge to put the messages back in code order.

The messages are the English texts given to ``_``, ``N_`` and ``ngettext`` in
``belote2p/`` (the files babel.cfg names), plus SEED: words that live in data
files rather than code (the rival levels' names in levels.yaml), translated
where they are shown.
"""

from __future__ import annotations

import argparse
import string
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "belote2p" / "locale"
POT = LOCALE_DIR / "belote2p.pot"
TRANSLATED = ("pt", "es", "fr")  # English is the message ids themselves
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2),
                            "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
SEED_FILE = "tools/i18n.py"  # the location a seeded message is listed under

Seed = tuple[str, str]
SEED: tuple[Seed, ...] = (
    ("Rookie", "rival level 1 (levels.yaml)"),
    ("Club player", "rival level 2 (levels.yaml)"),
    ("Card counter", "rival level 3 (levels.yaml)"),
    ("Master", "rival level 4 (levels.yaml)"),
)


# -- building the template ------------------------------------------------------

def extract_code(catalog: Catalog) -> None:
    """Add every message the code marks (babel.cfg says where)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)


def seed(catalog: Catalog) -> None:
    """The words of data files (see the module docstring)."""
    for message, note in SEED:
        catalog.add(message, None, [(SEED_FILE, 0)], auto_comments=[note])


def template(with_seed: bool = True) -> Catalog:
    catalog = Catalog(project="belote2p", domain="belote2p", charset="utf-8",
                      msgid_bugs_address="", copyright_holder="the belote2p authors")
    extract_code(catalog)
    if with_seed:
        seed(catalog)
    return catalog


def write_catalog(path: Path, catalog: Catalog, **options: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, omit_header=False, **options)


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale, domain="belote2p")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / "belote2p.po"


# -- checking -----------------------------------------------------------------

def fields(text: str) -> set[str]:
    """The str.format field names of a template ({n}, {suit}...)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def catalogue_problems(code: str, pot: Catalog, po: Catalog) -> list[str]:
    """What is wrong with one language's catalogue against the template."""
    problems = []
    for message in pot:
        if not message.id:
            continue
        where = f"{code}: {ids(message)[0]!r}"
        done = po.get(message.id, message.context)
        if done is None:
            problems.append(f"{where} is missing")
            continue
        if done.fuzzy:
            problems.append(f"{where} is marked fuzzy")
        strings = ids_strings(done)
        if message.pluralizable and len(strings) != po.num_plurals:
            problems.append(
                f"{where} has {len(strings)} plural forms, {code} needs {po.num_plurals}")
        if not all(s and s.strip() for s in strings):
            problems.append(f"{where} is not translated")
            continue
        expected = set().union(*(fields(i) for i in ids(message)))
        for text in strings:
            try:
                found = fields(text)
            except ValueError as exc:
                problems.append(f"{where}: translation is not a valid template ({exc})")
                continue
            if found != expected:
                problems.append(
                    f"{where}: placeholders {sorted(found)} instead of {sorted(expected)}")
    return problems


def stale_template(pot: Catalog) -> list[str]:
    """Messages the code uses that the .pot lacks (run extract)."""
    return [f"not in the .pot (run extract): {message.id!r}"
            for message in template()
            if message.id and pot.get(message.id, message.context) is None]


def all_problems() -> list[str]:
    pot = read_catalog(POT)
    problems = stale_template(pot)
    for code in TRANSLATED:
        problems += catalogue_problems(code, pot, read_catalog(po_path(code), code))
    return problems


# -- commands -----------------------------------------------------------------

def extract() -> int:
    catalog = template()
    write_catalog(POT, catalog)
    print(f"{POT.relative_to(ROOT)}: {sum(1 for m in catalog if m.id)} messages")
    return 0


def update() -> int:
    pot = read_catalog(POT)
    for code in TRANSLATED:
        path = po_path(code)
        catalog = read_catalog(path, code) if path.is_file() else Catalog(locale=code,
                                                                          domain="belote2p")
        catalog.update(pot)
        write_catalog(path, catalog, ignore_obsolete=True)
        untranslated = sum(1 for m in catalog if m.id and not all(ids_strings(m)))
        print(f"{path.relative_to(ROOT)}: {untranslated} to translate")
    return 0


def ids_strings(message: Message) -> tuple[str, ...]:
    """The translation of a message, one string per plural form ("" if none)."""
    s = message.string
    return tuple(s) if isinstance(s, (list, tuple)) else (s or "",)


def check() -> int:
    problems = all_problems()
    for problem in problems:
        print(problem)
    print("catalogues complete" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


# -- merging two branches' catalogues ------------------------------------------

def merged_message(base: Message | None, ours: Message | None,
                   theirs: Message | None) -> tuple[Message, bool]:
    """One message of a three-way merge, and whether both sides changed it apart."""
    if ours is None or theirs is None:
        present = ours if ours is not None else theirs
        assert present is not None
        return present, False
    base_strings = ids_strings(base) if base is not None else None
    ours_strings, theirs_strings = ids_strings(ours), ids_strings(theirs)
    if theirs_strings in (ours_strings, base_strings):
        return ours, False
    if ours_strings == base_strings or not any(ours_strings):
        return theirs, False
    return ours, True  # both sides translated it differently: ours wins, said aloud


def merge(base_path: Path, ours_path: Path, theirs_path: Path) -> int:
    """Three-way merge of one catalogue, message by message (git's %O %A %B)."""
    base, ours, theirs = (read_catalog(p) if p.stat().st_size else Catalog()
                          for p in (base_path, ours_path, theirs_path))
    result = read_catalog(ours_path)
    # A message is its id and its context ("K" the king's letter is not another "K").
    keys = [(m.id, m.context) for m in ours if m.id] + [
        (m.id, m.context) for m in theirs if m.id and ours.get(m.id, m.context) is None]
    for key, context in keys:
        message, clash = merged_message(base.get(key, context), ours.get(key, context),
                                        theirs.get(key, context))
        if clash:
            print(f"i18n merge: both sides translated {ids(message)[0]!r}; kept ours",
                  file=sys.stderr)
        result.delete(key, context)
        result[key] = message
    write_catalog(ours_path, result)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check", "merge"))
    parser.add_argument("files", nargs="*", type=Path,
                        help="merge only: BASE OURS THEIRS, as git passes them")
    args = parser.parse_args(argv)
    if args.command == "merge":
        if len(args.files) != 3:
            parser.error("merge takes BASE OURS THEIRS")
        return merge(*args.files)
    if args.files:
        parser.error(f"{args.command} takes no files")
    return {"extract": extract, "update": update, "check": check}[args.command]()


if __name__ == "__main__":
    sys.exit(main())
