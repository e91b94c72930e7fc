"""The server database's Alembic migrations, shipped inside the package."""
