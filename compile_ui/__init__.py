"""compile-ui as a library: MCP App pages for your own tools, no proxy needed.

    import compile_ui

    html = compile_ui.page(tool)                  # the tool's MCP App (text/html;profile=mcp-app)
    tree = compile_ui.tree(tool)                  # its component tree, as JSON
    schema = compile_ui.spec_schema(tool)         # the LayoutSpecs this tool accepts (JSON Schema)
    problems = compile_ui.check_layout(tool, spec)  # [] when ``spec`` is valid for this tool
    html = compile_ui.page(tool, layout=spec)     # the page with your layout
    uri = compile_ui.resource_uri(tool)           # ui://compile-ui/<name>: where the proxy serves it too
    html = compile_ui.page(tool, tools=all_tools) # with its server's whole list: links and paging

``tools=`` (every call but ``resource_uri``): the whole list the tool comes in (its server's
``tools/list``). A result then leads on (issue 41): a value another read-only tool takes links to
that tool's result, shown in place, and a paged result gets its next page. Without it the tool
stands alone. Entries that are not tool definitions are skipped.

``tool`` is an MCP tool definition: a mapping with ``name``, ``inputSchema`` and optionally
``title``, ``description``, ``outputSchema`` (what ``tools/list`` returns), or a pydantic model of
one (``mcp_types.Tool``). Everything is pure and deterministic: the same tool and layout give
byte-identical pages. No model is called; the default layout is the heuristic one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from compiler.apps import APP_MIME_TYPE, ui_uri
from compiler.errors import CompileUIError
from compiler.tools import check_tool
from components.validate import encode

from . import _compiler
from ._compiler import Problem

__all__ = ["APP_MIME_TYPE", "CompileUIError", "LayoutError", "Problem", "check_layout", "page", "resource_uri",
           "spec_schema", "tree"]


class _Model(Protocol):  # a pydantic model of a tool definition (mcp_types.Tool)
    def model_dump(self, *, by_alias: bool, exclude_none: bool, mode: str) -> dict[str, Any]: ...


ToolLike = Mapping[str, Any] | _Model
Layout = Mapping[str, Any] | None
Tools = Sequence[ToolLike]


class LayoutError(ValueError):
    """A layout that is not valid for the tool; ``problems`` name each part by JSON Pointer."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


def tree(tool: ToolLike, layout: Layout = None, *, tools: Tools = ()) -> dict[str, Any]:
    """The tool's component tree (the catalog's JSON form, ``components/schema.json``), laid out
    by ``layout`` (a LayoutSpec as JSON) or the heuristic. Raises ``LayoutError``, ``CompileUIError``."""
    definition = _definition(tool)
    tree: dict[str, Any] = json.loads(encode(_compiler.laid_out_tree(definition, _spec(definition, layout, tools), _list(tools))))
    return tree


def page(tool: ToolLike, layout: Layout = None, *, tools: Tools = ()) -> str:
    """The tool's MCP App page: one self-contained HTML document (runtime inlined, strict CSP),
    to serve as ``ui://…`` with ``APP_MIME_TYPE``. Raises ``LayoutError``, ``CompileUIError``."""
    definition = _definition(tool)
    return _compiler.render(definition, _spec(definition, layout, tools), _list(tools))


def spec_schema(tool: ToolLike, *, tools: Tools = ()) -> dict[str, Any]:
    """The JSON Schema of the LayoutSpecs valid for this tool: every field it may name is an enum
    of the tool's real JSON Pointers (what a model is asked to fill)."""
    return _compiler.schema_for(_definition(tool), _list(tools))


def check_layout(tool: ToolLike, layout: Any, *, tools: Tools = ()) -> list[Problem]:
    """Every problem of ``layout`` (any JSON value) as a LayoutSpec for this tool, each with the
    JSON Pointer of the part at fault; an empty list when it is valid."""
    return _compiler.check(_definition(tool), layout, _list(tools))[1]


def resource_uri(tool: ToolLike) -> str:
    """The ``ui://`` URI of the tool's page: ``ui://compile-ui/<name>`` (the name percent-encoded),
    the URI ``compile-ui proxy`` serves it under and ``compile-ui export`` writes in its manifest."""
    return ui_uri(_definition(tool)["name"])


def _definition(tool: ToolLike) -> dict[str, Any]:
    data = tool.model_dump(by_alias=True, exclude_none=True, mode="json") if hasattr(tool, "model_dump") else dict(tool)
    check_tool(data, "", "<tool>")
    return data


def _list(tools: Tools) -> list[Any]:
    """The tool list as plain definitions (pydantic models dumped; anything else as it is, and
    skipped by the compiler when it is no tool)."""
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") if hasattr(t, "model_dump") else t for t in tools]


def _spec(definition: dict[str, Any], layout: Layout, tools: Tools = ()) -> Any:
    if layout is None:
        return None
    spec, problems = _compiler.check(definition, layout, _list(tools))
    if problems:
        raise LayoutError(problems)
    return spec
