"""The lab: what the tests, the tools and the benchmarks share, outside the game.

The window driven from code (``harness``), runs played by the AI the autoplay
way (``play``), a store of recorded sample runs (``samples``), a run known by
its figures only (``figures``) and the test rivals (``rivals``: the players
level 4 is measured against).  It lies beside the package, not in it: the
wheel leaves it out, nothing in the game imports it, and it never imports
the tests (``tests/test_architecture.py`` checks).  Run from the checkout's
root (pytest's ``pythonpath``; the tools and benchmarks put the root on
``sys.path``).
"""
