"""The architecture rules of docs/ARCHITECTURE.md, checked on the source.

- The layers go one way: core < ai < store < services < ui / server /
  commands < cli.  A module imports only from its own layer and the floors
  below it; the three rooms of one floor (``ui``, ``server``, ``commands``)
  never import one another, and the server never imports the local store
  (it has a database of its own).
- The folders show the layers: every module lives in its layer's folder
  (``belote2p/core/``, ``belote2p/ai/``, ...), the command line (``cli.py``,
  ``__main__.py``) and the package's own ``__init__`` aside.
- No import cycle inside ``belote2p``.
- The pure core imports neither pygame nor the AI, store, services or UI, not
  even through another module.
- A UI scene never imports another scene: scenes talk through the app.
- The lab (``lab/``: the test rivals, the window driven from code, sample
  runs) lies outside the package and the wheel: nothing of the game imports
  it, and it never imports the tests.
- The tests mirror the package (``tests/core``, ``tests/ai``, ... see
  CONTRIBUTING.md): every folder of ``tests/`` is a package, so pytest imports
  each test module by its full name (two folders may hold the same file name);
  no test module is imported by another module (what tests share lives in
  ``tests/support/`` or a ``conftest.py``), and nothing outside ``tests/``
  imports from it (what a tool shares with the tests is ``lab``).

Every import counts: the ones inside functions, and the ones under ``if
TYPE_CHECKING:`` too (they never run, but a type named across layers or
around a loop is the same dependency, only hidden; a protocol module breaks
such a loop, see ``ui/protocols.py``).  Imports are read with ``ast``, never
executed, so the check sees every import, including the lazy ones a test run
might never reach.

Today's known breaches are listed below (``KNOWN_LAYER_BREACHES``,
``KNOWN_CYCLES``), each with its reason.  The lists may only shrink: a new
breach fails, and so does a listed one that is gone (delete its line, so it
cannot come back unseen).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = "belote2p"
ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIR = ROOT / PACKAGE
TESTS_DIR = ROOT / "tests"
# the folders beside the package whose scripts must not lean on the tests
OUTSIDE_TESTS = ("belote2p", "benchmarks", "tools", "lab")
LAB = "lab"
FORBIDDEN_IN_CORE = ("pygame", f"{PACKAGE}.ai", f"{PACKAGE}.store", f"{PACKAGE}.services",
                     f"{PACKAGE}.ui", f"{PACKAGE}.server", f"{PACKAGE}.commands")
SCENES = f"{PACKAGE}.ui.scenes"

# The floors, lowest first; a module may import its own room and the floors
# below.  One floor may hold several rooms, which never import one another.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("core",), ("ai",), ("store",), ("services",),
    # the window, the daily's server and the commands' bodies: three rooms
    # side by side, each a way in to the same services
    ("ui", "server", "commands"),
    # the command line: its parser and ``python -m belote2p``
    ("cli",),
)
LAYERS = tuple(room for floor in FLOORS for room in floor)
FLOOR_OF = {room: level for level, floor in enumerate(FLOORS) for room in floor}
# Rooms that must not import a lower room all the same (importer -> never).
FORBIDDEN_BELOW = {
    # the server keeps its own database (SQLAlchemy), never the player's store
    "server": ("store",),
}
# The first part of a module's name under belote2p -> its room (the package's
# own __init__ is core: it holds the version only).
LAYER_OF_PACKAGE = {"core": "core", "ai": "ai", "store": "store", "services": "services",
                    "ui": "ui", "server": "server", "commands": "commands",
                    "cli": "cli", "__main__": "cli"}

# Imports that go up a layer today (importer, imported), each a debt to pay,
# not a licence: the list may only shrink (see the module's docstring).
KNOWN_LAYER_BREACHES: set[tuple[str, str]] = set()  # none left

# Import cycles known today (each a set of modules): the same rule, may only shrink.
KNOWN_CYCLES: set[frozenset[str]] = set()  # none left: the table's input returns intents

@dataclass(frozen=True)
class Module:
    name: str
    path: Path

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"


def package_modules(package_dir: Path = PACKAGE_DIR) -> dict[str, Module]:
    """Every module of the package: its .py files, and its compiled modules
    by their stubs (``ai/_native.pyi``: the imports its types need)."""
    modules = {}
    stubs = [p for p in package_dir.rglob("*.pyi") if not p.with_suffix(".py").exists()]
    for path in sorted([*package_dir.rglob("*.py"), *stubs]):
        parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        modules[name] = Module(name, path)
    return modules


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under ``node``, at any depth (in functions, and
    under ``if TYPE_CHECKING:`` too)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        else:
            yield from _import_nodes(child)


def _base_of(module: Module, node: ast.ImportFrom) -> str:
    """The absolute module a ``from X import ...`` names (relative ones resolved)."""
    if node.level == 0:
        return node.module or ""
    package = module.name.split(".") if module.is_package else module.name.split(".")[:-1]
    if node.level > 1:
        package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imported_names(module: Module, known: set[str], packages: tuple[str, ...] = (PACKAGE,)
                   ) -> set[str]:
    """The modules ``module`` imports: the modules of ``packages`` by full name,
    anything else by its top-level name (``pygame``)."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
    found: set[str] = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _base_of(module, node)
            # ``from pkg import sub`` imports the submodule when there is one
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        for target in targets:
            if any(target == p or target.startswith(p + ".") for p in packages):
                found.add(_nearest_module(target, known))
            else:
                found.add(target.split(".")[0])
    found.discard(module.name)  # ``from . import x`` inside a package's own __init__
    return found


def _nearest_module(name: str, known: set[str]) -> str:
    """``belote2p.core.cards.Card`` (an attribute path) -> ``belote2p.core.cards``."""
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def import_graph(package_dir: Path = PACKAGE_DIR) -> dict[str, set[str]]:
    modules = package_modules(package_dir)
    known = set(modules)
    return {name: imported_names(m, known) for name, m in modules.items()}


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative (the graph is small, recursion would do,
    but a deep chain should not hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root] & graph.keys())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child] & graph.keys()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def import_cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Each group of modules that import one another in a loop."""
    return [frozenset(c) for c in _strongly_connected(graph)
            if len(c) > 1 or next(iter(c)) in graph[next(iter(c))]]


def cycle_path(graph: dict[str, set[str]], members: frozenset[str]) -> list[str]:
    """One loop through the cycle's first module, to show in a failure."""
    start = min(members)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        node = frontier.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return paths[node] + [start]
            if child not in paths:
                paths[child] = paths[node] + [child]
                frontier.append(child)
    return sorted(members)


def reachable(graph: dict[str, set[str]], start: str) -> dict[str, list[str]]:
    """Every module ``start`` imports directly or not, with one import chain to it.
    Importing ``a.b.c`` also runs ``a`` and ``a.b``: parents are reached too."""
    chains = {start: [start]}
    frontier = [start]
    while frontier:
        node = frontier.pop(0)
        for child in sorted(graph.get(node, ())):
            for target in _with_parents(child, graph):
                if target not in chains:
                    chains[target] = chains[node] + [target]
                    frontier.append(target)
    return chains


def _with_parents(name: str, graph: dict[str, set[str]]) -> list[str]:
    parts = name.split(".")
    return [n for n in (".".join(parts[:i]) for i in range(1, len(parts) + 1))
            if n in graph or n == name]


def layer_of(name: str) -> str | None:
    """The room of a package module, or None if no rule places it."""
    parts = name.split(".")
    if parts == [PACKAGE]:
        return "core"
    return LAYER_OF_PACKAGE.get(parts[1]) if len(parts) > 1 else None


def may_import(importer: str, imported: str) -> bool:
    """Whether a module of room ``importer`` may import one of room ``imported``."""
    if importer == imported:
        return True
    if imported in FORBIDDEN_BELOW.get(importer, ()):
        return False
    return FLOOR_OF[imported] < FLOOR_OF[importer]


def layer_breaches(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Every (importer, imported) pair of package modules where the imported
    module's room is above the importer's, beside it on its floor, or one
    ``FORBIDDEN_BELOW`` names."""
    found = set()
    for importer, targets in graph.items():
        low = layer_of(importer)
        for target in targets:
            high = layer_of(target)
            if low and high and not may_import(low, high):
                found.add((importer, target))
    return found


def _shows(pairs: set[tuple[str, str]]) -> str:
    return "\n".join(f"{a} ({layer_of(a)}) -> {b} ({layer_of(b)})" for a, b in sorted(pairs))


GRAPH = import_graph()


def test_the_scan_sees_the_package_and_lazy_imports():
    assert f"{PACKAGE}.core.hand" in GRAPH and f"{PACKAGE}.cli" in GRAPH
    # cli imports each command's module inside the command's branch
    assert f"{PACKAGE}.core.record" in GRAPH[f"{PACKAGE}.cli"]


def test_every_module_has_a_layer_and_lives_in_its_folder():
    placed = {name: layer_of(name) for name in GRAPH}
    assert not [name for name, layer in placed.items() if layer is None]
    loose = [name for name in GRAPH if name.count(".") == 1
             and name.split(".")[1] not in ("cli", "__main__", *LAYER_OF_PACKAGE)]
    assert not loose, f"modules outside their layer's folder: {loose}"
    assert {placed[n] for n in GRAPH if n.startswith(f"{PACKAGE}.core.")} == {"core"}
    assert placed[f"{PACKAGE}.ai.solver"] == "ai" and placed[f"{PACKAGE}.cli"] == "cli"
    assert {placed[f"{PACKAGE}.server"], placed[f"{PACKAGE}.commands.board"]} == {
        "server", "commands"}


def test_the_rooms_of_one_floor_never_import_one_another():
    graph = {name: set(targets) for name, targets in GRAPH.items()}
    graph[f"{PACKAGE}.server"].add(f"{PACKAGE}.ui.app")
    graph[f"{PACKAGE}.commands.board"].add(f"{PACKAGE}.server")
    graph[f"{PACKAGE}.services.stats"].add(f"{PACKAGE}.server")
    assert layer_breaches(graph) - KNOWN_LAYER_BREACHES == {
        (f"{PACKAGE}.server", f"{PACKAGE}.ui.app"),
        (f"{PACKAGE}.commands.board", f"{PACKAGE}.server"),
        (f"{PACKAGE}.services.stats", f"{PACKAGE}.server")}


def test_the_server_never_imports_the_local_store():
    graph = {name: set(targets) for name, targets in GRAPH.items()}
    graph[f"{PACKAGE}.server"] |= {f"{PACKAGE}.store.api", f"{PACKAGE}.services.stats",
                                   f"{PACKAGE}.ai.base", f"{PACKAGE}.core.match"}
    assert layer_breaches(graph) - KNOWN_LAYER_BREACHES == {
        (f"{PACKAGE}.server", f"{PACKAGE}.store.api")}


def test_the_game_never_imports_the_lab():
    """The lab lies outside the package and the wheel: a game that imported it
    would fail once installed."""
    modules = package_modules()
    known = set(modules)
    found = {(name, target) for name, module in modules.items()
             for target in imported_names(module, known, packages=(PACKAGE, LAB))
             if target == LAB or target.startswith(LAB + ".")}
    assert not found, "\n".join(f"{a} -> {b}" for a, b in sorted(found))
    assert (ROOT / LAB / "harness.py").is_file() and not (PACKAGE_DIR / "testing").exists()


def test_the_wheel_leaves_the_lab_out():
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[tool.hatch.build.targets.wheel]\npackages = ["{PACKAGE}"]\n' in project


def test_layers_go_one_way_beyond_the_known_breaches():
    breaches = layer_breaches(GRAPH)
    new = breaches - KNOWN_LAYER_BREACHES
    assert not new, f"imports that go up a layer ({' < '.join(LAYERS)}):\n" + _shows(new)
    gone = KNOWN_LAYER_BREACHES - breaches
    assert not gone, ("these breaches are gone: delete them from KNOWN_LAYER_BREACHES\n"
                      + _shows(gone))


def test_no_import_cycle_beyond_the_known_ones():
    cycles = set(import_cycles(GRAPH))
    new = cycles - KNOWN_CYCLES
    assert not new, "import cycles:\n" + "\n".join(
        f"{' -> '.join(cycle_path(GRAPH, c))}   (all of: {', '.join(sorted(c))})" for c in new)
    gone = KNOWN_CYCLES - cycles
    assert not gone, f"these cycles are gone: delete them from KNOWN_CYCLES: {gone}"


@pytest.mark.parametrize("name", sorted(n for n in GRAPH if n.startswith(f"{PACKAGE}.core")))
def test_the_core_imports_neither_pygame_nor_the_outer_layers(name):
    chains = reachable(GRAPH, name)
    bad = {target: chain for target, chain in chains.items()
           if any(target == f or target.startswith(f + ".") for f in FORBIDDEN_IN_CORE)}
    assert not bad, "\n".join(" -> ".join(chain) for chain in bad.values())


def test_scenes_do_not_import_one_another():
    scenes = [n for n in GRAPH if n.startswith(SCENES + ".")]
    if not scenes:
        pytest.skip(f"no {SCENES} package yet")
    crossings = [" -> ".join(chain) for scene in scenes
                 for target, chain in reachable(GRAPH, scene).items()
                 if target in scenes and target != scene]
    assert not crossings, "\n".join(crossings)


# --- the tests' own tree ------------------------------------------------------

def tree_modules(root: Path, top: str) -> dict[str, Module]:
    """Every module under ``root / top`` by its dotted name from ``root``."""
    return package_modules(root / top)


def is_test_module(name: str) -> bool:
    """A module pytest collects (``test_*.py``) or loads itself (``conftest.py``)."""
    last = name.rsplit(".", 1)[-1]
    return last.startswith("test_") or last == "conftest"


def imports_of_the_tests(root: Path, tops: tuple[str, ...] = ("tests", *OUTSIDE_TESTS)
                         ) -> set[tuple[str, str]]:
    """Every (importer, imported) pair where the imported module is one of the
    tests' own modules that only pytest may load (a ``test_*`` module or a
    ``conftest``), or anything of ``tests`` imported from outside it."""
    tests = tree_modules(root, "tests")
    known = set(tests)
    found = set()
    for top in tops:
        for name, module in tree_modules(root, top).items():
            for target in imported_names(module, known, packages=("tests",)):
                if target != "tests" and not target.startswith("tests."):
                    continue
                if is_test_module(target) or not (name == "tests" or name.startswith("tests.")):
                    found.add((name, target))
    return found


def test_the_tests_are_packages():
    """Without an ``__init__.py`` pytest would import two ``test_x.py`` of
    different folders under one name, and fail on the second."""
    folders = [d for d in [TESTS_DIR, *TESTS_DIR.rglob("*")] if d.is_dir()
               and d.name != "__pycache__" and any(d.glob("*.py"))]
    assert len(folders) >= 8  # tests/ and its folders, one a layer
    assert not [str(d.relative_to(ROOT)) for d in folders if not (d / "__init__.py").exists()]


def test_no_test_module_is_imported_and_nothing_outside_imports_the_tests():
    breaches = imports_of_the_tests(ROOT)
    assert not breaches, ("move what is shared into tests/support/ or a conftest.py:\n"
                          + "\n".join(f"{a} -> {b}" for a, b in sorted(breaches)))


def test_the_tests_check_catches_a_test_importing_a_test(tmp_path):
    files = {
        "tests/__init__.py": "", "tests/support/__init__.py": "", "tests/ai/__init__.py": "",
        "tests/support/builders.py": "", "tests/ai/conftest.py": "",
        "tests/ai/test_a.py": "from tests.support.builders import x\n",
        "tests/ai/test_b.py": "def test_b():\n    from tests.ai.test_a import helper\n",
        "tests/ai/test_c.py": "from . import conftest\n",
        "tools/render.py": "from tests.support import builders\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    for top in OUTSIDE_TESTS:
        (tmp_path / top).mkdir(exist_ok=True)
    assert imports_of_the_tests(tmp_path) == {
        ("tests.ai.test_b", "tests.ai.test_a"), ("tests.ai.test_c", "tests.ai.conftest"),
        ("tools.render", "tests.support.builders")}


# --- the checker itself, on a made-up graph --------------------------------

def test_cycles_are_found_with_their_path():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    cycles = import_cycles(graph)
    assert sorted(map(sorted, cycles)) == [["a", "b", "c"], ["e"]]
    assert cycle_path(graph, frozenset("abc")) == ["a", "b", "c", "a"]


def test_type_checking_and_lazy_imports_count_and_relative_ones_are_resolved(tmp_path):
    source = tmp_path / "belote2p" / "ui" / "thing.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..core.hand import Hand\n"
        "else:\n    from ..core import cards\n"
        "def later():\n    from ..store import api\n    import pygame.draw\n")
    known = {"belote2p", "belote2p.core", "belote2p.core.cards", "belote2p.core.hand",
             "belote2p.store",
             "belote2p.store.api", "belote2p.ui", "belote2p.ui.thing"}
    found = imported_names(Module("belote2p.ui.thing", source), known)
    assert found == {"typing", "belote2p.core.cards", "belote2p.core.hand", "belote2p.store.api",
                     "pygame"}


def _write_package(root: Path, files: dict[str, str]) -> Path:
    """A made-up ``belote2p`` under ``root``: {relative path: source}, with
    every package's ``__init__.py``."""
    package = root / PACKAGE
    for rel, text in files.items():
        path = package / rel
        for folder in [package, *path.relative_to(package).parents]:
            init = package / folder / "__init__.py"
            init.parent.mkdir(parents=True, exist_ok=True)
            init.touch()
        path.write_text(text)
    return package


def test_an_import_up_a_layer_fails_the_rule(tmp_path):
    package = _write_package(tmp_path, {
        "core/cards.py": "",
        "ai/solver.py": "from ..core.cards import Card\n",
        # the store naming a service's type, even only for the type checker
        "store/api.py": ("from typing import TYPE_CHECKING\n"
                         "if TYPE_CHECKING:\n    from ..services.runfile import ExportSource\n"),
        "services/runfile.py": "from ..store import api\nfrom ..ai import solver\n",
        "ui/app.py": "from ..services import runfile\n",
        "cli.py": "def main():\n    from .ui import app\n",
    })
    graph = import_graph(package)
    assert layer_breaches(graph) == {("belote2p.store.api", "belote2p.services.runfile")}
    # and on the real tree: one new import up a layer is reported, beyond the known ones
    graph = {name: set(targets) for name, targets in GRAPH.items()}
    graph[f"{PACKAGE}.ai.solver"].add(f"{PACKAGE}.store.api")
    assert layer_breaches(graph) - KNOWN_LAYER_BREACHES == {
        (f"{PACKAGE}.ai.solver", f"{PACKAGE}.store.api")}


def test_a_loop_only_the_type_checker_sees_is_a_cycle(tmp_path):
    package = _write_package(tmp_path, {
        "ui/scene.py": "from typing import TYPE_CHECKING\n"
                       "if TYPE_CHECKING:\n    from .context import SceneContext\n",
        "ui/context.py": "from .scene import Scene\n",
    })
    assert import_cycles(import_graph(package)) == [
        frozenset({"belote2p.ui.scene", "belote2p.ui.context"})]
