"""Which search core runs: the compiled one (``_native``) or the Python reference.

The compiled core (``_native_*.c``, built by ``pip install .`` where a C
compiler exists) is the exact twin of ``solver.py``: the same values and the
same optimal cards, only faster.  It is optional: an install without a
compiler has no ``_native`` and plays the same cards in Python.  Setting
``BELOTE2P_PURE_PYTHON=1`` (any value but empty or ``0``) forces the Python
core even where the compiled one is built: for the tests that compare the two,
the benchmarks, and a player who meets a bug.

This module is the only place that looks at the environment or tries the
import; callers read ``native`` (the module, or None) and ``NAME``.
"""

from __future__ import annotations

import logging
import os

__all__ = ["NAME", "PURE_PYTHON_ENV", "native", "python_forced"]

PURE_PYTHON_ENV = "BELOTE2P_PURE_PYTHON"
# The interface the Python side speaks to the compiled core (its
# BELOTE2P_NATIVE_INTERFACE, _native.h): a build of other sources — one left in
# a checkout by an older version — is refused, and the Python core plays.
INTERFACE = 2

log = logging.getLogger(__name__)


def python_forced() -> bool:
    """Does the environment ask for the Python core?"""
    return os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0")


if not python_forced():
    try:
        from . import _native as native
    except ImportError:  # installed without a C compiler: the Python core plays
        native = None  # type: ignore[assignment]
    else:
        if getattr(native, "INTERFACE", None) != INTERFACE:
            log.warning("the compiled core %s was built from other sources (interface %s, "
                        "this version needs %s): the Python core plays; rebuild it with "
                        "'python hatch_build.py' or reinstall", native.__file__,
                        getattr(native, "INTERFACE", "none"), INTERFACE)
            native = None  # type: ignore[assignment]
else:  # not even imported: a player who meets a bug in it gets none of it
    native = None  # type: ignore[assignment]

NAME = "Python core" if native is None else "native core"
# Which core runs, in the log of the process it runs in (services.logs).
log.info(
    "the %s plays (%s)", NAME, native.__file__ if native is not None else
    f"forced by ${PURE_PYTHON_ENV}" if python_forced() else "no compiled core is installed")
