"""Alembic's environment: migrations run on the connection ``migrate.py`` hands in."""

from __future__ import annotations

from alembic import context

from belote2p.server.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
