"""The daily's server (``belote2p serve``): the referee of the world daily.

A room beside ``ui/`` and ``commands/``: it imports the core, the AI and the
services, never the local store (it keeps a database of its own), and
nothing below it imports it (``tests/test_architecture.py``).  It needs the
``[server]`` extra; the game runs without it.
"""
