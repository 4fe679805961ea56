"""The fixed runtime shipped inside every page: the exact JS and CSS bytes ``render`` inlines.

The runtime is hand-written modules, each a ``.js`` and a ``.css`` source (``MODULES``):

    runtime   the MCP Apps protocol, host context, size reports, the form and its text, number,
              date, JSON and object fields
    choices   the fields that choose: checkboxes, selects and radios, constants
    fields    composite fields: lists, maps, tuples, unions, multi-selects, files (drawn with
              choices' checkboxes, so it comes with them)
    present   how a result's values look: the precision a column needs, money, percentages,
              bytes, durations, short numbers for a headline (issue 49)
    views     result views built from the data's shape (AutoView, content blocks): tables,
              key-value lists, grids, markdown, images, and the kinds of text (diff, CSV/TSV,
              markdown, monospace lines, prose, Python literals)
    typed     the views compiled from an outputSchema (KeyValue, Table, List, CardGrid, Metric,
              Image, JsonView), on views.js's helpers: not on an AutoView page
    layout    the layout nodes' CSS, and their one behaviour: tabs (click, arrow keys, showing a
              hidden field's error); the server renders every layout node, in the form and
              around a result's views
    plot      the one chart engine (SVG), and the chart of any table of a result whose rows are
              a series (views.js's table asks it: issue 49)
    chart     a typed tree's Chart node, drawn by plot's engine (with the aggregates and the arc
              mark only a Chart asks for)
    host      what the host offers, on the views of records: downloads (CSV of the rows, JSON of
              the result) and a fullscreen toggle, each only when the host declares it
    live      a read-only tool's result that stays live: Run again, a timer, inputs that re-run
              it (issue 51)
    pick      an input's picker, fed by another read-only tool's result (issue 51)
    ask       the ask page's protocol (``_ui_render``: fetch a tree, show it, send the answer)

One renderer per node kind (``components/catalog.json``'s ``renderer``): the server
(``compiler/render.py``) writes every kind known before a result exists — the form, its fields,
every layout node, a result's layout as a ``<template>`` — and the runtime only hydrates it; the
runtime builds every view kind, from the result's data, into the places that template leaves.

A page ships the modules its tree needs, concatenated in that order into its one ``<script>``
and its one ``<style>`` (``modules_for``): a form of text and numbers and no chart carries no
choices, fields or chart. Every page is self-contained: what shows any result of its tool (views,
matrix, plot, host) is always inline, and a module is left out only when the tree proves no result
can need it (typed and chart build only their own kinds, which a result never brings; any result's
table may be a series, which plot draws). Nothing a
person sees depends on the host reading anything for the page (issue 32: a host without
``serverResources`` got every result as text and JSON when the views were read through it). ``ask`` is never picked for a tree: only the ask page names it, with every
other module (``ALL``). Every combination is the same audited code; the CSP hashes whatever was
inlined.

What ships, per module:

1. ``<name>.min.js`` / ``<name>.min.css`` — the sources, their words written in from the catalog
   (``runtime_js.words``: a source names a word ``M.<key>``, ``compiler.messages.RUNTIME`` holds
   it), minified by ``python -m runtime_js.build`` (the JS by terser, the CSS by esbuild,
   the versions pinned in tests/js), committed beside them together with ``bundle.sources.txt``, the sha256 of all
   sources and words they were built from. Used only while that hash matches, so an edited source
   or word is never shadowed by a stale bundle.
2. A stale bundle (sources or words edited, not rebuilt) is an error (``StaleBundle``) when a
   page is rendered: never a silent fallback. ``COMPILE_UI_RUNTIME=sources`` ships the sources,
   words written in, made compact by ``compact`` (comment lines and indentation removed, nothing
   else) on purpose, while editing the runtime.

Files are read as package data through ``importlib.resources`` so a plain (non-editable)
``pip install`` works. ``RUNTIME_VERSION`` is derived from every module's shipped bytes: any change
to the runtime changes it (and so every page's CSP hashes and cache keys). The sources keep one
rule for ``compact``: no multi-line string or template literal.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from . import words

__all__ = [
    "RUNTIME_VERSION",
    "RECORD_VIEWS",
    "MODULES",
    "ALL",
    "ASK",
    "Module",
    "modules_for",
    "runtime_js",
    "runtime_css",
    "compact",
    "sources_digest",
    "bundle_is_fresh",
    "StaleBundle",
]


@dataclass(frozen=True)
class Module:
    """One part of the runtime. ``needed_by``: the node types that need it (empty: every page;
    otherwise the kinds ``components/catalog.json`` assigns to this module);
    ``requires``: the modules it builds on, which must come with it (and before it);
    ``named_only``: never picked for a tree's node types, shipped only by a page that names it."""

    name: str
    needed_by: frozenset[str] = frozenset()
    requires: tuple[str, ...] = ()
    named_only: bool = False

    def source(self, kind: str) -> str:
        return _file(f"{self.name}.{kind}") or ""

    def worded(self, kind: str) -> str:
        """The source with its words written in from the catalog (``runtime_js.words``): what the
        build minifies."""
        return words.fill(self.source(kind)) if kind == "js" else self.source(kind)

    def minified(self, kind: str) -> str | None:
        return _file(f"{self.name}.min.{kind}")

    def shipped(self, kind: str) -> str:
        """What a page inlines of this module: the minified bytes, which must be fresh. A stale
        bundle is an error (``StaleBundle``), unless ``COMPILE_UI_RUNTIME=sources`` asks for the
        compact sources on purpose (while editing the runtime)."""
        if os.environ.get("COMPILE_UI_RUNTIME") == "sources":
            return compact(self.worded(kind), line_comments=kind == "js")
        if not bundle_is_fresh():
            raise StaleBundle(STALE)
        return (self.minified(kind) or "").strip("\n")


class StaleBundle(RuntimeError):
    """The committed minified runtime does not match its sources: a page would ship old code."""


STALE = (
    "runtime_js/*.min.* are stale (built from other sources): run `python -m runtime_js.build` and commit "
    "them, or set COMPILE_UI_RUNTIME=sources to ship the compact sources while editing"
)


def catalog_kinds() -> dict[str, dict[str, object]]:
    """``components/catalog.json``'s kinds: the node classes say which module builds each kind."""
    catalog = json.loads(resources.files("components").joinpath("catalog.json").read_text(encoding="utf-8"))
    kinds: dict[str, dict[str, object]] = catalog["kinds"]
    return kinds


def _in_category(category: str) -> frozenset[str]:
    """Kinds of one category: every layout kind needs the ``layout`` module (its CSS, tabs' keys)."""
    return frozenset(kind for kind, entry in catalog_kinds().items() if entry["category"] == category)


def _needed_by(module: str) -> frozenset[str]:
    return frozenset(kind for kind, entry in catalog_kinds().items() if entry["runtime"] == module)


RECORD_VIEWS = frozenset({"Table", "List", "CardGrid", "Chart"})
"""The view kinds that show records: the host module gives them downloads and fullscreen."""

MODULES = (
    Module("runtime"),
    Module("choices", _needed_by("choices"), requires=("runtime",)),
    Module("fields", _needed_by("fields"), requires=("runtime", "choices")),
    # A DateTimeField's picker (issue 51): only where the form has one.
    Module("dates", _needed_by("dates"), requires=("runtime",)),
    Module("layout", _in_category("layout"), requires=("runtime",)),
    # How a result's values look (numbers, money, percentages, units): every page that shows one.
    Module("present", requires=("runtime",)),
    # What shows a result, on every page: any result of any tool may hold text, tables, records.
    Module("views", requires=("runtime", "present")),
    # A colour scale on a table whose numbers form a matrix (views.js's table asks it): any
    # result may hold one, so every page carries it.
    Module("matrix", requires=("runtime", "views")),
    # The views compiled from an outputSchema: only where the tree has one of their kinds (the
    # tree proves it: views.js builds every view of data without them).
    # The chart engine, and the series views.js's table finds in any result's rows (issue 49):
    # every page carries it, as it carries the views; a series' tabs are matrix's.
    Module("plot", requires=("runtime", "views", "matrix")),
    Module("typed", _needed_by("typed"), requires=("runtime", "views")),
    # A Chart node: only where the tree has one (its aggregates and arcs stay off the other pages).
    Module("chart", _needed_by("chart"), requires=("runtime", "views", "matrix", "plot")),
    # Wraps the views' builders (chart's too, so it comes after chart): downloads and fullscreen
    # on any result's table, records or chart. Always inlined with the views: it adds a control
    # only when the host offers it, and a result's tables are not known before it comes.
    Module("host", _in_category("view"), requires=("runtime", "views")),
    # Where a result leads (links to other tools, paging): only where the tree has a Leads node.
    Module("leads", _needed_by("leads"), requires=("runtime", "views")),
    # A read-only tool's result that stays live (issue 51): only where the tree has a Live node,
    # which the compiler gives only to a tool that may run unasked. After leads: it runs CU.run as leads wraps it.
    Module("live", _needed_by("live"), requires=("runtime", "views")),
    # An input's picker fed by another read-only tool: only where the tree has a Picker node.
    Module("pick", _needed_by("pick"), requires=("runtime", "views")),
    # The upstream's questions asked in the page while its call runs, where the host has no form
    # for them (compiler/proxy/services/questions.py): every page that can run; its fields are choices'.
    Module("question", frozenset({"Form"}), requires=("runtime", "choices")),
    Module("ask", requires=("runtime",), named_only=True),
)
"""In concatenation order: each module may build on the ones before it."""

ASK = "ask"
"""The ask page's module: only ``compiler.render.render_ask_page`` ships it."""
ALL = tuple(m.name for m in MODULES if not m.named_only)
"""Every module a tree can need: the ask page ships them all (any tree renders), then ``ASK``."""
BUNDLE_SOURCES = "bundle.sources.txt"


def modules_for(node_types: Iterable[str], *, asks: bool = True) -> tuple[str, ...]:
    """The names of the modules a tree with these node types needs, and the modules they build
    on, in concatenation order. ``asks=False``: a page no compile-ui proxy serves (``export``, the
    library), which no upstream's question can reach: no ``question``."""
    present = set(node_types)
    wanted = {m.name for m in MODULES if not m.named_only and (not m.needed_by or m.needed_by & present)
              and (asks or m.name != "question")}
    for m in reversed(MODULES):  # what a module builds on comes before it: one pass adds it all
        if m.name in wanted:
            wanted.update(m.requires)
    return tuple(m.name for m in MODULES if m.name in wanted)



def compact(source: str, *, line_comments: bool = True) -> str:
    """``source`` without comment lines, block comments that fill whole lines, indentation and
    blank lines. A block comment that shares a line with code is kept as it is."""
    out: list[str] = []
    in_block = False
    for line in source.splitlines():
        text = line.strip()
        if in_block:
            in_block = not text.endswith("*/")
            continue
        if text.startswith("/*") and "*/" not in text[2:]:
            in_block = True
            continue
        if (text.startswith("/*") and text.endswith("*/") and text.find("*/") == len(text) - 2) or (
            line_comments and text.startswith("//")
        ):
            continue
        if text:
            out.append(text)
    return "\n".join(out)


def _file(name: str) -> str | None:
    part = resources.files(__name__).joinpath(name)
    return part.read_text(encoding="utf-8") if part.is_file() else None


def sources_digest() -> str:
    """sha256 of every module's sources and of the words written into them, as the bundle
    records it: a word edited in the catalog makes the bundle stale, like an edited source."""
    h = hashlib.sha256()
    for module in MODULES:
        for kind in ("js", "css"):
            h.update(f"{module.name}.{kind}\0{module.source(kind)}\0".encode())
    h.update(json.dumps(words.catalog(), ensure_ascii=False, sort_keys=True).encode("utf-8"))
    return h.hexdigest()


@lru_cache(maxsize=1)
def bundle_is_fresh() -> bool:
    recorded = _file(BUNDLE_SOURCES)
    return (
        recorded is not None
        and recorded.strip() == sources_digest()
        and all(m.minified(kind) is not None for m in MODULES for kind in ("js", "css"))
    )


def _modules(names: tuple[str, ...]) -> list[Module]:
    """The named modules in ``MODULES`` order, checked to carry every module they build on (a
    page that lacked one would fail as a whole: the modules share one <script>)."""
    unknown = set(names) - {m.name for m in MODULES}
    if unknown:
        raise ValueError(f"unknown runtime modules: {sorted(unknown)}")
    picked = [m for m in MODULES if m.name in names]
    for m in picked:
        missing = [r for r in m.requires if r not in names]
        if missing:
            raise ValueError(f"runtime module {m.name!r} needs {missing}")
    return picked


@lru_cache(maxsize=16)
def runtime_js(names: tuple[str, ...] = ALL + (ASK,)) -> str:
    """The page's one script: the named modules' JS, in ``MODULES`` order."""
    text = "\n".join(m.shipped("js") for m in _modules(names)) + "\n"
    # The text goes verbatim into a <script> element: it must never be able to close it.
    if "</script" in text.lower() or "<!--" in text:
        raise ValueError("runtime JS must not contain '</script' or '<!--'")
    return text


@lru_cache(maxsize=16)
def runtime_css(names: tuple[str, ...] = ALL + (ASK,)) -> str:
    """The page's one stylesheet: the named modules' CSS, in ``MODULES`` order."""
    text = "\n".join(m.shipped("css") for m in _modules(names)) + "\n"
    if "</style" in text.lower():
        raise ValueError("runtime CSS must not contain '</style'")
    return text


def _version() -> str:
    if not bundle_is_fresh() and os.environ.get("COMPILE_UI_RUNTIME") != "sources":
        return "stale-" + sources_digest()[:10]  # importable (to rebuild it); no page renders
    digest = hashlib.sha256((runtime_js() + "\0" + runtime_css()).encode("utf-8")).hexdigest()
    return digest[:16]


RUNTIME_VERSION = _version()
