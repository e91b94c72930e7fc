"""The optional compiled search core, built by the package's own build.

``pip install .`` runs hatchling, which runs the hook below: it compiles
``belote2p/ai/_native_*.c`` (one job a file, see ``_native.h``) into
``belote2p.ai._native`` with setuptools' ``build_ext`` (which knows each
platform's compiler and flags) and puts it in the wheel.  Where that fails
(no C compiler, ``CC=false``, no Python headers, flags that would decide
differently) the hook logs why and the wheel is built without it: the game
then plays the same cards with the Python core (``belote2p/ai/core.py``).

An editable install (``pip install -e .``) builds it in place instead (next to
its sources, ignored by git), where the checkout's package imports it; so
does ``python hatch_build.py`` run from a checkout (it needs setuptools), which
is what the tests and benchmarks run from a checkout use;
``python hatch_build.py --into FOLDER`` builds it into FOLDER instead (a build
to compare with another, benchmarks/native_flags.py).
``BELOTE2P_PURE_PYTHON=1`` still forces the Python core.

The same hook compiles the translations (``belote2p/locale/*/LC_MESSAGES/*.po``)
to the ``.mo`` files stdlib ``gettext`` reads at start (Babel, a build
requirement, compiles them; the game's own ``services.i18n.compiled``): into
the wheel, or beside each ``.po`` in place.  Without them the game compiles each
``.po`` at start, 25 ms a language (a checkout never built).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
NATIVE_DIR = "belote2p/ai"  # its sources: _native_*.c, one job a file, and _native*.h
MODULE = "belote2p.ai._native"
CATALOGUES = "belote2p/locale/*/LC_MESSAGES/*.po"

log = logging.getLogger("belote2p.build")


# Flags every build gets after the environment's (CFLAGS), so they win: the
# playouts' decisions compare doubles that must be rounded as Python rounds
# them (no fused multiply-add, no -ffast-math reordering), whatever CFLAGS or
# the platform's default says (GCC fuses with -mfma, and by default on arm64).
# The C (_native.h) also forbids fusing by pragma and refuses to compile under
# -ffast-math or x87 arithmetic; tests/ai/test_native_build.py builds with
# -mfma and checks the same decisions.
IEEE_FLAGS = {"unix": ["-ffp-contract=off", "-fno-fast-math"], "msvc": ["/fp:precise"]}


def _with_ieee_flags(build_ext: Any) -> Any:
    """``build_ext`` that adds ``IEEE_FLAGS`` for the compiler it finds."""

    class IeeeBuild(build_ext):  # type: ignore[misc,valid-type]
        def build_extensions(self) -> None:
            kind = "msvc" if self.compiler.compiler_type == "msvc" else "unix"
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, *IEEE_FLAGS[kind]]
            super().build_extensions()

    return IeeeBuild


def compile_native(build_dir: Path) -> Path | None:
    """The compiled core built under ``build_dir``, or None (and why, logged)
    where this machine cannot build it."""
    try:
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext
    except ImportError:
        log.warning("belote2p: setuptools is missing, the Python core will play")
        return None
    folder = ROOT / NATIVE_DIR
    ext = Extension(MODULE, [str(path) for path in sorted(folder.glob("_native_*.c"))],
                    depends=[str(path) for path in sorted(folder.glob("_native*.h"))])
    command = _with_ieee_flags(build_ext)(
        Distribution({"name": "belote2p-native", "ext_modules": [ext]}))
    command.build_lib = str(build_dir)
    command.build_temp = str(build_dir / "temp")
    try:
        command.ensure_finalized()
        command.run()
    except Exception as exc:  # noqa: BLE001 - whatever stops the compiler, the install goes on
        log.warning("belote2p: the native core was not built (%s); the Python core will play",
                    exc)
        return None
    built = Path(command.get_ext_fullpath(MODULE))
    return built if built.exists() else None


def compile_catalogues(build_dir: Path) -> dict[Path, str]:
    """Each catalogue's ``.mo``, written under ``build_dir`` at its place in the
    package (``ROOT``: beside its ``.po``), keyed to that place; none (and why,
    logged) where Babel is missing: the game compiles them at start then."""
    sys.path.insert(0, str(ROOT))
    try:
        from belote2p.services.i18n import compiled

        built: dict[Path, str] = {}
        for po in sorted(ROOT.glob(CATALOGUES)):
            place = po.relative_to(ROOT).with_suffix(".mo")
            target = build_dir / place
            target.parent.mkdir(parents=True, exist_ok=True)
            fresh = target.with_name(target.name + ".new")  # (a game reading it meanwhile)
            fresh.write_bytes(compiled(po.read_bytes(), po.parts[-3]))
            os.replace(fresh, target)
            built[target] = place.as_posix()
        return built
    except ImportError as exc:
        log.warning("belote2p: the catalogues were not compiled (%s); the game compiles "
                    "them at start", exc)
        return {}
    finally:
        sys.path.remove(str(ROOT))


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script (the in-place build): hatchling is not needed
    BuildHookInterface = object  # type: ignore[assignment,misc]


class NativeCoreHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling's build hook: the compiled core into the wheel, if it builds."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":  # the checkout's package is imported: build it there
            build_in_place()
            return
        for mo, place in compile_catalogues(Path(self.directory) / "catalogues").items():
            build_data["force_include"][str(mo)] = place
        built = compile_native(Path(self.directory) / "native-build")
        if built is None:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # the wheel is for this Python and platform
        build_data["force_include"][str(built)] = "belote2p/ai/" + built.name


def build_in_place(into: Path | None = None) -> int:
    """Compile the core next to its source (a checkout's tests and benchmarks,
    an editable install), or into the folder ``into`` (a build to compare, say
    with other CFLAGS: benchmarks/native_flags.py), and the catalogues beside
    theirs (not for a build ``into`` a folder): 0 if the core was built, 1 if not
    (the reason logged)."""
    if into is None:
        compile_catalogues(ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        built = compile_native(Path(tmp))
        if built is None:
            return 1
        folder = ROOT / "belote2p" / "ai" if into is None else into
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / built.name
        # a new file renamed over the old one: a process that has the old one
        # loaded keeps it (overwriting it in place could crash that process)
        fresh = target.with_name(target.name + ".new")
        shutil.copyfile(built, fresh)
        os.replace(fresh, target)
    log.info("built %s", target)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if sys.argv[1:2] == ["--into"] and len(sys.argv) == 3:
        sys.exit(build_in_place(Path(sys.argv[2])))
    if len(sys.argv) > 1:
        sys.exit("usage: python hatch_build.py [--into FOLDER]")
    sys.exit(build_in_place())
