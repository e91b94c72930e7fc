"""The shipped migration makes exactly the tables the code describes (db.py)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from belote2p.server.db import metadata, open_engine
from belote2p.server.migrate import head_revision, is_current, migrate


def test_the_migration_and_the_tables_agree(db_url):
    engine = open_engine(db_url)
    migrate(engine)
    migrate(engine)  # again: nothing to do
    assert is_current(engine) and head_revision() == "0001"
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    engine.dispose()
    assert differences == []
