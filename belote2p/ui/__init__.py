"""The desktop game (pygame).  Nothing here decides a rule: the scenes draw the
engine's state and turn clicks and keys into engine actions.

This package's ``__init__`` stays free of pygame so that the AI worker process
(``ui.worker``) can import its module without starting SDL.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
