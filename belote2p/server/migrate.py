"""Applying the shipped Alembic migrations, and asking whether they are current.

On PostgreSQL the upgrade runs under a transaction-level advisory lock, so
workers started together (or ``serve --migrate-only`` beside them) migrate
once and in turn; SQLite's ``BEGIN IMMEDIATE`` already lets one writer in.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from .db import is_sqlite, reading

MIGRATIONS = Path(__file__).parent / "migrations"
ADVISORY_LOCK_KEY = 0x62656C6F7465  # "belote" in ASCII: this program's lock


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with reading(engine).connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def is_current(engine: Engine) -> bool:
    return current_revision(engine) == head_revision()


def migrate(engine: Engine) -> None:
    """Bring the database to the shipped schema (nothing if it is there)."""
    config = _config()
    with engine.begin() as connection:
        if not is_sqlite(connection):
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": ADVISORY_LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
