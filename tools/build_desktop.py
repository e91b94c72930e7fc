"""Build the one-file desktop program with PyInstaller, and optionally install
its desktop entry on Linux.

    python tools/build_desktop.py [--dist DIR] [--install-desktop-entry]

The result is ``dist/belote2p`` (``belote2p.exe`` on Windows): one file that
carries Python, pygame, the game and its data, and opens the game with no
console window.  Every command of ``belote2p`` works on it too
(``dist/belote2p demo --fast`` ...).  Needs ``pip install ".[desktop]"``.

``--install-desktop-entry`` (Linux) copies ``assets/belote2p.desktop`` to
``~/.local/share/applications`` with ``Exec`` pointing at the built program,
and the icon to ``~/.local/share/icons/hicolor/256x256/apps``, so the game
shows in the desktop's menu.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "belote2p"
# Only the game's own data: the same layout as the wheel (belote2p/data/...),
# so belote2p.core.resources finds it next to the unpacked package.
DATA = (("levels.yaml", "belote2p/data"), ("rating_anchors.yaml", "belote2p/data"),
        ("assets", "belote2p/data/assets"))
# Imported by nothing the game runs; keeping them out saves megabytes
# when the building environment happens to have them.
EXCLUDED = ("tkinter", "numpy", "pytest", "hypothesis", "IPython", "PIL")

ENTRY = '''\
from belote2p.cli import main

raise SystemExit(main())
'''


def program_path(dist: Path) -> Path:
    return dist / (NAME + ".exe" if sys.platform == "win32" else NAME)


def pyinstaller_args(dist: Path, work: Path, entry: Path) -> list[str]:
    args = [
        str(entry), "--name", NAME, "--onefile", "--windowed", "--noconfirm",
        "--log-level", "WARN",
        "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
        "--paths", str(ROOT),
        # cli.py imports each command's module inside the command: collect
        # the whole package rather than trust the import scan.
        "--collect-submodules", "belote2p",
    ]
    for source, target in DATA:
        args += ["--add-data", f"{ROOT / source}{os.pathsep}{target}"]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    if sys.platform in ("win32", "darwin"):  # the file's icon (Linux files have none)
        args += ["--icon", str(ROOT / "assets" / "icon.png")]
    return args


def build(dist: Path, work: Path) -> Path:
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit(
            "build_desktop: PyInstaller is not installed: pip install \".[desktop]\"") from None
    # The native core next to its source, where PyInstaller's import scan takes
    # it from; without a C compiler the program carries the Python core alone.
    native = subprocess.run([sys.executable, str(ROOT / "hatch_build.py")], check=False)
    if native.returncode != 0:
        print("build_desktop: no native core (see above): the program will play with the "
              "Python core", file=sys.stderr)
    work.mkdir(parents=True, exist_ok=True)
    entry = work / "belote2p_entry.py"
    entry.write_text(ENTRY, encoding="utf-8")
    pyinstaller.run(pyinstaller_args(dist, work, entry))
    return program_path(dist)


def install_desktop_entry(program: Path) -> list[Path]:
    """Make the built program appear in a Linux desktop's application menu."""
    share = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    icon = share / "icons" / "hicolor" / "256x256" / "apps" / f"{NAME}.png"
    entry = share / "applications" / f"{NAME}.desktop"
    icon.parent.mkdir(parents=True, exist_ok=True)
    entry.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "assets" / "icon.png", icon)
    text = (ROOT / "assets" / f"{NAME}.desktop").read_text(encoding="utf-8")
    text = text.replace(f"Exec={NAME}\n", f'Exec="{program.resolve()}"\n')
    entry.write_text(text, encoding="utf-8")
    return [entry, icon]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the program goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's scratch folder (default: build/pyinstaller/)")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="Linux: add the program to the desktop's application menu")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    program = build(args.dist, args.work)
    if not program.is_file():
        print(f"build_desktop: PyInstaller finished but {program} is missing", file=sys.stderr)
        return 1
    size_mb = program.stat().st_size / 1e6
    print(f"{program}  {size_mb:.1f} MB, built in {time.perf_counter() - start:.0f} s")
    if args.install_desktop_entry:
        if not sys.platform.startswith("linux"):
            print("build_desktop: desktop entries are for Linux; skipped", file=sys.stderr)
        else:
            for path in install_desktop_entry(program):
                print(f"installed {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
