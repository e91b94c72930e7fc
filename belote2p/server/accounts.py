"""Accounts: a checked name, a random token stored only as its hash.

A token is 256 random bits, sent by the client in ``Authorization: Bearer``
only; the database keeps its SHA-256 (a fast hash is right for a random
token: there is nothing to guess).  It is looked up by that hash and compared
again in constant time.  The recovery code is shown once and kept hashed the
same way; using it issues a new token and a new code.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ..core.fairness import new_account_id
from .db import accounts

MAX_NAME_CHARS = 24
# Control, format (zero-width joiners, bidirectional overrides), private use, unassigned.
REFUSED_CATEGORIES = {"Cc": "a control character", "Cf": "an invisible formatting character",
                      "Co": "a private-use character", "Cn": "an unassigned character",
                      "Cs": "a lone surrogate (not text)"}


class NameRefused(ValueError):
    """A name no account may have; the message says why."""


class NameTaken(ValueError):
    """Another account has this name (after NFKC and case folding)."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str


@dataclass(frozen=True)
class NewAccount:
    account: Account
    token: str  # shown once: the database never holds it
    recovery_code: str


def name_key(name: str) -> str:
    """The key names are unique under: NFKC, then case folding, then NFKC again."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def checked_name(name: str) -> str:
    """``name`` as an account's display name (NFKC, trimmed), or NameRefused."""
    shown = unicodedata.normalize("NFKC", name).strip()
    if not shown:
        raise NameRefused("a name needs at least one visible character")
    if len(shown) > MAX_NAME_CHARS:
        raise NameRefused(f"a name has at most {MAX_NAME_CHARS} characters; "
                          f"this one has {len(shown)}")
    for ch in shown:
        what = REFUSED_CATEGORIES.get(unicodedata.category(ch))
        if what is not None:
            raise NameRefused(f"a name may not hold {what} (U+{ord(ch):04X})")
    return shown


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_account(connection: Connection, name: str, now: datetime) -> NewAccount:
    shown = checked_name(name)
    key = name_key(shown)
    if connection.execute(select(accounts.c.id).where(accounts.c.name_key == key)).first():
        raise NameTaken(f"the name {shown!r} is taken")
    account = Account(new_account_id(), shown)
    token, code = secrets.token_urlsafe(32), secrets.token_urlsafe(16)
    try:
        with connection.begin_nested():
            connection.execute(accounts.insert().values(
                id=account.id, name=shown, name_key=key, token_hash=token_hash(token),
                recovery_hash=token_hash(code), created_at=now))
    except IntegrityError:  # the same name, created at the same moment elsewhere
        raise NameTaken(f"the name {shown!r} is taken") from None
    return NewAccount(account, token, code)


def account_of_token(connection: Connection, token: str) -> Account | None:
    digest = token_hash(token)
    row = connection.execute(select(accounts.c.id, accounts.c.name, accounts.c.token_hash)
                             .where(accounts.c.token_hash == digest)).first()
    if row is None or not hmac.compare_digest(row.token_hash, digest):
        return None
    return Account(row.id, row.name)


def recover(connection: Connection, name: str, code: str) -> NewAccount | None:
    """A new token and recovery code for ``name`` given its one-time code; None if wrong."""
    row = connection.execute(select(accounts).where(
        accounts.c.name_key == name_key(unicodedata.normalize("NFKC", name).strip()))).first()
    if row is None or row.recovery_hash is None \
            or not hmac.compare_digest(row.recovery_hash, token_hash(code)):
        return None
    token, new_code = secrets.token_urlsafe(32), secrets.token_urlsafe(16)
    connection.execute(update(accounts).where(accounts.c.id == row.id).values(
        token_hash=token_hash(token), recovery_hash=token_hash(new_code)))
    return NewAccount(Account(row.id, row.name), token, new_code)
