"""Check the runtime against ``components/catalog.json``: every kind registered where it must be,
and no kind built by both the server and the runtime.

The catalog (generated from the node classes) says, per kind, which runtime tables (``hooks``)
must list it: field kinds ``FIELDS`` (runtime.js, extended by fields.js: they hydrate the fields
the server rendered), view kinds ``NODES`` (views.js, extended by chart.js: they build views).
It also names each kind's one renderer: a kind the server renders (``compiler/render.py``) must
not be a key of any runtime table but ``FIELDS`` — no builder for it — nor be assigned one. Layout
kinds are in no table: the runtime looks through any node that is not a field and hydrates the
server's tabs. ``python -m runtime_js.build`` refuses to build while the runtime and the catalog
disagree, and a test runs the same check.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import MODULES, catalog_kinds

# Where a table starts in a source: an object literal (keys are kinds), a regex alternation, or
# one assignment of a single kind.
_OBJECT = {
    "FIELDS": (r"var FIELDS = \{", r"Object\.assign\((?:U|CU|core)\.FIELDS, \{"),
    "NODES": (r"var NODES = \{", r"Object\.assign\((?:V|views)\.NODES, \{"),
}
_SINGLE = {"NODES": r"\b(?:V|views)\.NODES\.(\w+) =", "FIELDS": r"\b(?:U|CU|core)\.FIELDS\.(\w+) ="}
_HYDRATORS = "FIELDS"
"""The one table whose entries hydrate what the server rendered rather than build it."""
_KEYED = re.compile(r"\b([A-Z]\w*)\s*:|\.([A-Z]\w*)\s*=[^=]")
"""A capitalized name used as an object key or assigned as a property: how a table names a kind."""


def object_keys(source: str, start: int) -> set[str]:
    """The top-level keys of the object literal whose ``{`` is at ``start``."""
    keys: set[str] = set()
    depth, expect_key = 0, False
    for match in re.finditer(r"[{}()\[\],]|\b(\w+)\s*:", source[start:]):
        token = match.group(0)
        if token in "{([":
            depth += 1
            expect_key = depth == 1
        elif token in "})]":
            depth -= 1
            if depth == 0:
                return keys
        elif token == ",":
            expect_key = depth == 1
        elif expect_key and depth == 1:
            keys.add(match.group(1))
            expect_key = False
    return keys


def registered(sources: dict[str, str]) -> dict[tuple[str, str], set[str]]:
    """(table, where: ``<module>.js``) → the kinds that module's source registers in that table."""
    found: dict[tuple[str, str], set[str]] = {}
    for module, text in sources.items():
        for table, starts in _OBJECT.items():
            for pattern in starts:
                for m in re.finditer(pattern, text):
                    found.setdefault((table, f"{module}.js"), set()).update(object_keys(text, m.end() - 1))
        for table, pattern in _SINGLE.items():
            for m in re.finditer(pattern, text):
                found.setdefault((table, f"{module}.js"), set()).add(m.group(1))
    return found


def keyed(sources: dict[str, str]) -> dict[str, set[str]]:
    """``<module>.js`` → the names that module uses as object keys or assigns as properties."""
    return {f"{module}.js": {a or b for a, b in _KEYED.findall(text)} for module, text in sources.items()}


def problems(sources: dict[str, str] | None = None) -> list[str]:
    """Every disagreement between the runtime's tables and the catalog; empty when they agree."""
    if sources is None:
        sources = {m.name: m.source("js") for m in MODULES}
    kinds = catalog_kinds()
    return [*_problems(kinds, registered(sources)), *_built_twice(kinds, sources)]


def _built_twice(kinds: dict[str, dict[str, Any]], sources: dict[str, str]) -> Iterator[str]:
    """Kinds the server renders that a runtime module names outside the hydrators' table."""
    server = {kind for kind, entry in kinds.items() if entry["renderer"] == "server"}
    hydrated = set().union(*(got for (table, _), got in registered(sources).items() if table == _HYDRATORS))
    for where, names in sorted(keyed(sources).items()):
        twice = sorted(names & server - hydrated)
        if twice:
            yield f"{where} names {twice}, which the server renders (compiler/render.py): one renderer per kind"


def _problems(kinds: dict[str, dict[str, Any]], found: dict[tuple[str, str], set[str]]) -> Iterator[str]:
    for table in sorted({hook for entry in kinds.values() for hook in entry["hooks"]}):
        wanted = {kind for kind, entry in kinds.items() if table in entry["hooks"]}
        places = {where: got for (name, where), got in found.items() if name == table}
        if not places:
            yield f"no runtime table {table} found"
        if table in _SINGLE:  # one table built across modules: each kind by its own module
            yield from _spread(table, wanted, places, kinds)
        else:  # every copy of the table lists exactly the kinds
            for where, got in sorted(places.items()):
                if got != wanted:
                    yield f"{where} {table}: missing {sorted(wanted - got)}, not in the catalog {sorted(got - wanted)}"


def _spread(table: str, wanted: set[str], places: dict[str, set[str]], kinds: dict[str, dict[str, Any]]) -> Iterator[str]:
    for where, got in sorted(places.items()):
        stray = sorted(k for k in got if k not in wanted or f'{kinds[k]["runtime"]}.js' != where)
        if stray:
            yield f"{where} {table} lists kinds the catalog does not give that module there: {stray}"
    missing = wanted - set().union(*places.values())
    if missing:
        yield f"runtime table {table} lacks {sorted(missing)}"
