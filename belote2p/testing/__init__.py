"""Test support shipped with the package, for the tests and the tools that
drive the game as the tests do (``tools/render_screens.py``): the window
driven from code (``harness``), runs played by the AI the autoplay way
(``play``), a store of recorded sample runs (``samples``) and a run known by
its figures only (``figures``).

Nothing in the game imports it (``tests/test_architecture.py`` checks): it is
the top of the layers, above the command line.
"""
