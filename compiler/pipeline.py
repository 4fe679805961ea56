"""The pipeline, end to end: tool definition → tree → page. Pure: same inputs, same bytes.

One door, used by the CLI, the proxy's pages and ``_ui_inspect`` alike::

    compile(tool)              → Compiled(tool, shapes, tree, facts)  normalize once, then compile
    make_page(compiled, src)   → Page(tree, spec, record, html)      a layout from ``src``, applied, rendered
    laid_out(compiled, src)    → the same without rendering (a tree to inspect)

Layout sources: ``Heuristic()`` (the default, no model), ``Given(spec)`` (a checked spec: a file,
``_ui_refine``), ``Stored(record)`` (a generation record kept by the proxy: ``None`` when its spec
no longer fits the tool), ``Model(generation)`` (what ``LLMLayout.generate`` returned — the one
asynchronous step stays with the caller, so this door is synchronous).

Page keys (``page_key``) and page file names (``page_file_name``) live here too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, overload

import msgspec
from msgspec.structs import replace

from components.nodes import App, Leads, Live, Picker, ResultView

from .compile import compile_tree, input_shape
from .compile.facts import FieldFacts, facts_of
from .compile.leads import Tools, index, leads_node
from .compile.live import live_node, pickers
from .layout import LayoutSpec, apply, check_spec, heuristic_spec
from .layout.heuristic import present_of, with_live, with_present

if TYPE_CHECKING:
    from compiler.normalize import SomeShape

    from .layout import Generation, LLMSettings

__all__ = [
    "Compiled",
    "Fresh",
    "Given",
    "Heuristic",
    "Model",
    "Page",
    "Stored",
    "build_page",
    "compile",
    "compile_tool",
    "laid_out",
    "layout_tool",
    "make_page",
    "page_file_name",
    "page_key",
]


class Shapes(msgspec.Struct, frozen=True):
    """What normalize made of the tool's schemas (the output schema is normalized by
    ``compile.outputs`` as it compiles the result view)."""

    input: SomeShape


class Compiled(msgspec.Struct, frozen=True):
    """A tool compiled once: its definition, its normalized schemas, its tree before layout, and
    what compile states about the tree's fields for layout (``compile.facts``, by node id)."""

    tool: Mapping[str, Any]
    shapes: Shapes
    tree: App
    facts: Mapping[str, FieldFacts]


class Heuristic(msgspec.Struct, frozen=True):
    """The deterministic layout (``layout.heuristic``)."""


class Given(msgspec.Struct, frozen=True):
    """A spec already checked against this tool's tree (``check_spec``)."""

    spec: LayoutSpec


class Stored(msgspec.Struct, frozen=True):
    """A generation record kept from an earlier run (its ``spec`` is checked again)."""

    record: Mapping[str, Any]


class Model(msgspec.Struct, frozen=True):
    """What the model gave (``LLMLayout.generate``): its spec, merged with the heuristic's."""

    generation: Generation


Fresh = Heuristic | Given | Model
"""A source that always gives a page (only a ``Stored`` spec is checked again, and may not fit)."""
Source = Fresh | Stored


class Page(msgspec.Struct, frozen=True):
    """A laid-out tree, the spec used, how it was made (``None``: heuristic or given), and —
    from ``make_page`` — the page."""

    tree: App
    spec: LayoutSpec
    record: Mapping[str, Any] | None
    html: str = ""


ToolList = Sequence[Mapping[str, Any]] | Tools
"""The tool's whole list (its server's ``tools/list``), as given or read once (``compile.leads.index``)."""


def compile(tool: Mapping[str, Any], tools: ToolList = ()) -> Compiled:  # noqa: A001 - the phase's name
    """Normalize the tool's schemas once and compile its tree (no layout yet). ``tools``: the
    whole list the tool came in (issue 41: its result leads to the tools that take its values,
    and to its own next page); alone (``()``), it leads nowhere. Compiling every tool of a long
    list: give ``compile.leads.index(tools)`` so the list is read once."""
    shape = input_shape(tool)
    tree = compile_tree(tool, shape)
    listed = index(tools) if tools else None
    # A read-only tool's result stays live (issue 51: Run again, a timer); any tool's inputs get
    # pickers fed by the list's read-only tools; then where the result leads (issue 41): the
    # ResultView's last children.
    tree = _with_result_children(tree, live_node(tool))
    if listed is not None:
        tree = _with_result_children(tree, *pickers(tool, listed), leads_node(tool, listed))
    return Compiled(tool, Shapes(shape), tree, facts_of(tree))


def _with_result_children(tree: App, *nodes: Leads | Live | Picker | None) -> App:
    """The tree with ``nodes`` as its ResultView's last children (each ``None`` left out)."""
    added = tuple(node for node in nodes if node is not None)
    if not added:
        return tree
    children = tuple(
        replace(child, children=(*child.children, *added)) if isinstance(child, ResultView) else child
        for child in tree.children
    )
    return replace(tree, children=children)


@overload
def laid_out(compiled: Compiled, source: Fresh = ...) -> Page: ...
@overload
def laid_out(compiled: Compiled, source: Source) -> Page | None: ...


def laid_out(compiled: Compiled, source: Source = Heuristic()) -> Page | None:
    """The tree laid out from ``source`` (``None`` only for a ``Stored`` spec that no longer fits).
    A spec from elsewhere than the heuristic presents the result as the heuristic infers, except
    where it says otherwise (``with_present``: it overrides, never erases, what was inferred)."""
    spec, record = _spec(compiled, source)
    if spec is None:
        return None
    if not isinstance(source, Heuristic):
        spec = with_present(spec, present_of(compiled.tree, compiled.tool, compiled.facts))
        spec = with_live(spec, compiled.tree, compiled.tool, compiled.facts)
    return Page(apply(compiled.tree, spec, compiled.facts), spec, record)


@overload
def make_page(compiled: Compiled, source: Fresh = ..., *, asks: bool = True) -> Page: ...
@overload
def make_page(compiled: Compiled, source: Source, *, asks: bool = True) -> Page | None: ...


def make_page(compiled: Compiled, source: Source = Heuristic(), *, asks: bool = True) -> Page | None:
    """The tool's MCP App page (``text/html;profile=mcp-app``) laid out from ``source``:
    self-contained, the same in every host (``render.render_page``). ``asks=False`` for a page
    no compile-ui proxy serves (``export``, the library): no questions asked in it."""
    done = laid_out(compiled, source)
    if done is None:
        return None
    from .render import render_page  # dominate and the runtime: only when a page is asked for

    html = render_page(done.tree, input_schema=compiled.tool.get("inputSchema"), asks=asks)
    return Page(done.tree, done.spec, done.record, html)


def _spec(compiled: Compiled, source: Source) -> tuple[LayoutSpec | None, Mapping[str, Any] | None]:
    if isinstance(source, Heuristic):
        return heuristic_spec(compiled.tree, compiled.tool, compiled.facts), None
    if isinstance(source, Given):
        return source.spec, None
    if isinstance(source, Model):
        return source.generation.spec, source.generation.to_json()
    if isinstance(source, Stored):
        spec, problems = check_spec(compiled.tree, source.record.get("spec", {}), compiled.facts)
        return (None, None) if problems else (spec, source.record)
    raise TypeError(f"not a layout source: {source!r}")


# --------------------------------------------------------------------------- keys and names


def page_key(tool: Mapping[str, Any], refinements: Sequence[str], settings: LLMSettings) -> str:
    """sha256 of the canonical JSON of everything a page depends on: what the model's answer
    depends on (the tool, its refinements, the prompt, the model) and the runtime."""
    from runtime_js import RUNTIME_VERSION

    from .layout.llm import digest, key_material

    return digest({**key_material(tool, refinements, settings), "runtime": RUNTIME_VERSION})


def page_file_name(tool_name: str) -> str:
    """A safe file name for a tool's page (tool names are untrusted: no separators, no dots first)."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", tool_name).lstrip(".") or "tool"
    return safe[:120] + ".html"


# --------------------------------------------------------------------------- shorthands


def layout_tool(
    tool: Mapping[str, Any], *, spec: LayoutSpec | None = None, tools: ToolList = ()
) -> tuple[App, LayoutSpec]:
    """The laid-out tree and the spec used (``spec``, else the heuristic one); ``tools``: the
    tool's whole list (its links and paging), as ``compile``."""
    page = laid_out(compile(tool, tools), Heuristic() if spec is None else Given(spec))
    return page.tree, page.spec


def compile_tool(tool: Mapping[str, Any], *, spec: LayoutSpec | None = None, tools: ToolList = ()) -> App:
    """The laid-out component tree of a checked tool definition."""
    return layout_tool(tool, spec=spec, tools=tools)[0]


def build_page(
    tool: Mapping[str, Any], *, spec: LayoutSpec | None = None, asks: bool = True, tools: ToolList = ()
) -> str:
    """The tool's MCP App page (``text/html;profile=mcp-app``), as the proxy serves it (or, with
    ``asks=False``, as ``compile-ui export`` writes it): one self-contained document."""
    return make_page(compile(tool, tools), Heuristic() if spec is None else Given(spec), asks=asks).html
