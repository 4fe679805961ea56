"""The package's imports point one way: no import cycle, and no module reaches into another's
private names. Read from the source with ``ast``, so the checks see every import, not only those
one run happens to execute.

The graph: a node per module of ``compiler``, ``components``, ``compile_ui`` and ``runtime_js``;
an edge A → B when A imports B, at module level or inside a function (a lazy import still runs,
only later), relative imports resolved. ``import a.b.c`` and ``from a.b import c`` also run the
``__init__`` of each package on the way (``a``, ``a.b``): edges too, except to a package that
contains A (it is already being imported when A runs). ``from P import name`` where ``name`` is a
submodule is an edge to ``P.name``. Imports under ``if TYPE_CHECKING:`` are edges too: they never
execute, but a type one module needs from another is a dependency all the same, and a circle of
them is a circle in the design. Not in the graph: imports of anything outside these packages, and
``importlib.import_module`` of a string (``compiler.cli``'s subcommand table: a dispatch, not a
dependency).

Private names: ``_x`` defined in module M is M's own; a private module ``P._m`` is its package
P's. A module that imports ``_x`` from another (``from m import _x``) or reads it off another
module (``m._x``, ``pkg.m._x``) fails the check. Dunder names (``__version__``) are public.

The proxy's folders (``compiler/proxy/__init__.py`` draws them): each imports only the folders
its arrows allow (``PROXY_FOLDERS``), and the sans-IO core imports no I/O module at all. Inside the
core the router sits on top: it calls the input rounds (``core.rounds``) and the rest, and no module
of the core imports it back.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGES = ("compiler", "components", "compile_ui", "runtime_js")


def module_files() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = module_files()


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def absolute(module: str, level: int, name: str | None) -> str:
    """The dotted name a (possibly relative) ``from`` names, seen from ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".") if is_package(module) else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


class Import:
    """One import: ``target`` the module it names, or the module holding ``name``; ``bound`` the
    name it binds in the importing file."""

    def __init__(self, line: int, target: str, name: str | None, bound: str) -> None:
        self.line, self.target, self.name, self.bound = line, target, name, bound


def imports(module: str) -> Iterator[Import]:
    """What ``module`` imports that lies in the packages, each resolved to a module of ours."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    for node in ast.walk(tree):  # every import: module level, in a function, under TYPE_CHECKING
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    yield Import(node.lineno, alias.name, None, alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node.level, node.module)
            if source not in MODULES:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in MODULES:
                    yield Import(node.lineno, submodule, None, alias.asname or alias.name)
                else:
                    yield Import(node.lineno, source, alias.name, alias.asname or alias.name)


def prefixes(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {module: set() for module in MODULES}
    for module in MODULES:
        for imported in imports(module):
            for executed in prefixes(imported.target):
                inside = module.startswith(executed + ".")  # a package A is in: already importing
                if executed in MODULES and executed != module and (executed == imported.target or not inside):
                    edges[module].add(executed)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected component with more than one module, as one cycle through it
    (Tarjan's algorithm, iterative: the graph's depth is not Python's recursion limit's business)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return [_cycle_through(component, edges) for component in components]


def _cycle_through(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest cycle from the component's first module back to it (breadth first)."""
    start, members = component[0], set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start] if node != start else [start, start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle in the component {component}")


def private_uses(module: str) -> Iterator[str]:
    """Each place ``module`` imports or reads another module's private name."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(), str(path))
    bound: dict[str, str] = {}  # a name in this file → the module of ours it is bound to
    for imported in imports(module):
        owner = imported.target
        if imported.name is None:
            top = owner.split(".")[0]  # ``import a.b.c`` binds ``a``; every other form the module itself
            bound[imported.bound] = top if imported.bound == top else owner
            package, _, leaf = owner.rpartition(".")
            if is_private(leaf) and not (module == package or module.startswith(package + ".")):
                yield f"{path.relative_to(ROOT)}:{imported.line}: imports {owner}, private to {package}"
        elif is_private(imported.name) and owner != module:
            yield f"{path.relative_to(ROOT)}:{imported.line}: imports {imported.name} from {owner}"

    def resolve(expr: ast.expr) -> str | None:
        if isinstance(expr, ast.Name):
            return bound.get(expr.id)
        if isinstance(expr, ast.Attribute):
            base = resolve(expr.value)
            return f"{base}.{expr.attr}" if base and f"{base}.{expr.attr}" in MODULES else None
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            owner = resolve(node.value)
            if owner is not None and owner != module:
                yield f"{path.relative_to(ROOT)}:{node.lineno}: reads {owner}.{node.attr}"


PROXY = "compiler.proxy"
PROXY_FOLDERS: dict[str, set[str]] = {
    "drivers": {"drivers", "codecs", "core", "services", "store"},  # the outer ring builds the rest
    "codecs": {"codecs", "core"},
    "core": {"core"},
    "services": {"services", "core", "store"},
    "store": {"store"},
}
"""Each folder of the proxy, and the folders its modules may import (its own included)."""
IO_MODULES = frozenset({
    "anyio", "asyncio", "concurrent", "http", "httpx", "mcp", "multiprocessing", "psycopg", "psycopg_pool", "selectors",
    "signal", "socket", "sqlite3", "ssl", "starlette", "subprocess", "threading", "time", "urllib", "uvicorn", "uvloop",
})
"""What the sans-IO core never imports: event loops, sockets, processes, threads, databases, HTTP
servers and clients, the SDK's sessions and transports, and the clock (the router's only clock is
the one it is given)."""


def proxy_folder(module: str) -> str | None:
    """``core`` for ``compiler.proxy.core.router`` (and for the package ``compiler.proxy.core``)."""
    parts = module.split(".")
    return parts[2] if module.startswith(PROXY + ".") and len(parts) >= 3 else None


def proxy_folder_violations(edges: dict[str, set[str]]) -> list[str]:
    """Each import between the proxy's folders that no arrow allows, and each import of the
    ``drivers`` from outside them."""
    found = []
    for module, targets in sorted(edges.items()):
        folder = proxy_folder(module)
        for target in sorted(targets):
            into = proxy_folder(target)
            if into is None or into == folder:
                continue
            if folder is None:
                if into == "drivers":
                    found.append(f"{module} → {target}: only the drivers import drivers/")
            elif into not in PROXY_FOLDERS[folder]:
                found.append(f"{module} → {target}: {folder}/ may not import {into}/")
    return found


ROUTER = f"{PROXY}.core.router"


def router_importers(edges: dict[str, set[str]]) -> list[str]:
    """Each module of the core that imports the router: none may. The router calls the rounds
    (``Rounds``) where a question or a round is its business; they answer with effects and never
    call back, so the arrow points one way."""
    return [f"{module} → {ROUTER}" for module, targets in sorted(edges.items())
            if proxy_folder(module) == "core" and ROUTER in targets]


def external_imports(module: str) -> Iterator[tuple[int, str]]:
    """Each import of a module outside the packages (line, dotted name), anywhere in the file."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        yield from ((node.lineno, name) for name in names if name.split(".")[0] not in PACKAGES)


# --------------------------------------------------------------------------- the checks

CHECKED = sorted(MODULES)


def test_the_packages_are_all_read():
    assert {"compiler.layout.spec", "compiler.proxy", "components.nodes", "compile_ui", "runtime_js"} <= set(MODULES)
    assert sum(len(targets) for targets in graph().values()) > 100


def test_no_import_cycle():
    found = cycles(graph())
    assert found == [], "import cycles:\n" + "\n".join(" → ".join(cycle) for cycle in found)


def test_no_module_reaches_into_another_modules_private_names():
    found = [use for module in CHECKED for use in private_uses(module)]
    assert found == [], "private names used from outside their module:\n" + "\n".join(found)


def test_the_proxy_folders_import_only_what_their_arrows_allow():
    assert set(PROXY_FOLDERS) == {proxy_folder(m) for m in MODULES if proxy_folder(m)}  # every folder has its rule
    found = proxy_folder_violations(graph())
    assert found == [], "imports against the proxy's picture:\n" + "\n".join(found)


def test_the_core_imports_no_io():
    core = [module for module in MODULES if proxy_folder(module) == "core"]
    assert f"{PROXY}.core.router" in core and f"{PROXY}.core.exchanges" in core
    found = [f"{MODULES[module].relative_to(ROOT)}:{line}: imports {name}"
             for module in core for line, name in external_imports(module) if name.split(".")[0] in IO_MODULES]
    assert found == [], "the sans-IO core does I/O:\n" + "\n".join(found)


def test_the_router_calls_the_rounds_and_nothing_in_the_core_imports_the_router():
    edges = graph()
    assert f"{PROXY}.core.rounds" in edges[ROUTER]
    found = router_importers(edges)
    assert found == [], "the core imports its router:\n" + "\n".join(found)


LEADS = "compiler.compile.leads"
LEADS_PHASES: dict[str, set[str]] = {"tools": set(), "links": {"tools"}, "paging": {"tools"}}
"""The phases of ``compile.leads`` (its package runs them) and the phases each may import: the
list read once comes first, links and paging never see each other."""


def test_the_leads_phases_import_one_way():
    edges = graph()
    assert {m for m in MODULES if m.startswith(LEADS + ".")} == {f"{LEADS}.{phase}" for phase in LEADS_PHASES}
    found = [f"{LEADS}.{phase} → {target}" for phase, allowed in LEADS_PHASES.items()
             for target in sorted(edges[f"{LEADS}.{phase}"])
             if target.startswith(LEADS) and target.removeprefix(LEADS + ".") not in allowed]
    assert found == [], "imports against the phases of leads:\n" + "\n".join(found)


# --------------------------------------------------------------------------- the checks can fail


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c", "a"]]),
    ({"a": {"b"}, "b": set()}, []),
    ({"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}}, [["c", "d", "c"], ["a", "b", "a"]]),
])
def test_cycles_are_found(edges, expected):
    assert cycles(edges) == expected


def test_relative_imports_resolve_from_modules_and_packages():
    assert absolute("compiler.layout.spec", 1, "validation") == "compiler.layout.validation"
    assert absolute("compiler.layout", 1, "spec") == "compiler.layout.spec"
    assert absolute("compiler.export.files", 2, "pipeline") == "compiler.pipeline"
    assert absolute("compiler.layout.spec", 1, None) == "compiler.layout"


def test_what_the_graph_holds():
    edges = graph()
    assert "compiler.layout.check" in edges["compiler.layout"]  # module level
    assert "compiler.layout.validation" in edges["compiler.layout.check"]  # inside a function
    assert "compiler.layout.llm" in edges["compiler.layout"]  # a lazy __getattr__ import
    assert "compiler.compile" in edges["compiler.layout.apply"]  # the __init__ an import runs
    assert "compiler.layout" not in edges["compiler.layout.apply"]  # its own package: already importing
    assert "compiler.normalize" in edges["compiler.pipeline"]  # only under ``if TYPE_CHECKING:``
    assert "compiler.proxy.core.services" in edges["compiler.proxy.core.messages"]


@pytest.mark.parametrize("edges, expected", [
    ({"compiler.proxy.core.router": {"compiler.proxy.services.local"}},
     ["compiler.proxy.core.router → compiler.proxy.services.local: core/ may not import services/"]),
    ({"compiler.proxy.core.router": {"compiler.proxy.codecs.codec"}},
     ["compiler.proxy.core.router → compiler.proxy.codecs.codec: core/ may not import codecs/"]),
    ({"compiler.proxy.core.router": {"compiler.proxy.codecs.eras"}},
     ["compiler.proxy.core.router → compiler.proxy.codecs.eras: core/ may not import codecs/"]),
    ({"compiler.proxy.store.base": {"compiler.proxy.core.wire"}},
     ["compiler.proxy.store.base → compiler.proxy.core.wire: store/ may not import core/"]),
    ({"compiler.cli": {"compiler.proxy.drivers.cli"}},
     ["compiler.cli → compiler.proxy.drivers.cli: only the drivers import drivers/"]),
    ({"compiler.proxy.core.router": {"compiler.proxy.core.peers", "compiler.proxy.core.wire", "compiler.messages"},
      "compiler.proxy.codecs.eras": {"compiler.proxy.core.peers"},
      "compiler.proxy.drivers.runtime": {"compiler.proxy.store.sqlite", "compiler.proxy.services.local"},
      "compiler.proxy.services.pages": {"compiler.proxy.store.base"}}, []),
])
def test_proxy_folder_violations_are_found(edges, expected):
    assert proxy_folder_violations(edges) == expected


@pytest.mark.parametrize("edges, expected", [
    ({"compiler.proxy.core.rounds": {"compiler.proxy.core.router", "compiler.proxy.core.exchanges"}},
     ["compiler.proxy.core.rounds → compiler.proxy.core.router"]),
    ({"compiler.proxy.core.exchanges": {"compiler.proxy.core.router"}},
     ["compiler.proxy.core.exchanges → compiler.proxy.core.router"]),
    ({"compiler.proxy.core.router": {"compiler.proxy.core.rounds"}, "compiler.proxy.drivers.runtime": {"compiler.proxy.core.router"},
      "compiler.proxy.core.rounds": {"compiler.proxy.core.exchanges"}}, []),
])
def test_imports_of_the_router_from_the_core_are_found(edges, expected):
    assert router_importers(edges) == expected
