"""The tests of tools/ (the desktop build)."""
