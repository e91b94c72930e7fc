"""The native core decides alike whatever the compiler's flags and the
platform's integer widths (issue 44, case 11).

A build allowed to fuse a multiply and an add (``-mfma`` with GCC's default
``-ffp-contract=fast``, and the default on arm64) rounded the tips' lead
scores once where Python rounds twice: 12 of 521,000 playouts and 4 of 40
level-4 arena seeds came out differently from the default build, so a run
recorded on one machine could fail to verify on another.  The core now rounds
each product itself and the build forbids contraction (hatch_build.py,
``IEEE_FLAGS``); here the project's build is run twice, with and without such
flags, and both must play the same playouts and make the same level-4
decisions (benchmarks/native_flags.py).
"""

from __future__ import annotations

import importlib
import os
import platform
import re
import shutil
import sysconfig
from pathlib import Path

import pytest

from benchmarks import native_flags

NATIVE = Path(__file__).resolve().parents[2] / "belote2p" / "ai"
SOURCES = sorted([*NATIVE.glob("_native*.c"), *NATIVE.glob("_native*.h")])

# x86-64 needs -mfma for the instruction; arm64 has it always (GCC fuses by
# default there, which contraction off in the build must undo)
FUSING = "-O2 -mfma -ffp-contract=fast" if platform.machine() in ("x86_64", "AMD64") else (
    "-O2 -ffp-contract=fast")


def _compiler() -> str | None:
    """The C compiler the build would use, if there is one here."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


@pytest.mark.slow
@pytest.mark.skipif(_compiler() is None, reason="no C compiler to build with")
def test_a_build_that_fuses_multiply_add_decides_as_the_default_build() -> None:
    """200 deals' playouts with every level's tips (100 stock orders each, and
    to the solver), bench_level4's first 60 decisions and 10 level-4 mirror
    matches, card for card (on main before the fix: the playouts and the
    matches differed)."""
    result = native_flags.compare(FUSING, points=200, decisions=60, matches=10)
    assert result["agree"], result


def test_no_c_long_holds_a_value_of_the_game() -> None:
    """A C ``long`` is 32 bits on Windows: a card mask (up to 2^32 - 1) read or
    written through one overflows there.  The core uses fixed-width types and
    ``long long`` (``unsigned long`` only for MSVC's bit-scan intrinsics)."""
    assert SOURCES
    for source in SOURCES:
        code = _without_comments(source.read_text())
        for number, line in enumerate(code.splitlines(), 1):
            assert not re.search(r"(?<!unsigned )(?<!long )\blong\b(?! long)", line), (
                f"{source.name}:{number}: {line}")
            if re.search(r"\bunsigned long\b(?! long)", line):
                assert re.fullmatch(r"\s*unsigned long i;", line), f"{source.name}:{number}"


def _without_comments(code: str) -> str:
    """C source with its comments blanked (newlines kept: the line numbers hold)."""
    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    return re.sub(r"/\*.*?\*/|//[^\n]*", blank, code, flags=re.DOTALL)


def test_the_build_forbids_contraction_and_fast_math() -> None:
    """The flags go after the environment's CFLAGS (so they win over them),
    and the source refuses to compile where they did not take."""
    # imported at run time: the build script is not part of the checked code
    hatch_build = importlib.import_module("hatch_build")
    assert "-ffp-contract=off" in hatch_build.IEEE_FLAGS["unix"]
    assert "-fno-fast-math" in hatch_build.IEEE_FLAGS["unix"]
    text = "".join(source.read_text() for source in SOURCES)
    assert "#if defined(__FAST_MATH__)\n#error" in text
    assert "FLT_EVAL_METHOD > 0\n#error" in text
