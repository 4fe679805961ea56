"""The pipeline, end to end: tool definition → tree → page. Pure: same inputs, same bytes.

    compile_tree   normalize + compile (compiler.compile)
    layout         a LayoutSpec — given (from a model, a file) or the heuristic one — applied
    render         the self-contained page (compiler.render)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from components.nodes import App

from .compile import compile_tree
from .layout import LayoutSpec, apply, heuristic_spec
from .render import render_page

__all__ = ["compile_tool", "build_page", "layout_tool"]


def layout_tool(tool: Mapping[str, Any], *, spec: LayoutSpec | None = None) -> tuple[App, LayoutSpec]:
    """The laid-out tree and the spec used (``spec``, else the heuristic one)."""
    tree = compile_tree(tool)
    used = spec if spec is not None else heuristic_spec(tree, tool)
    return apply(tree, used), used


def compile_tool(tool: Mapping[str, Any], *, spec: LayoutSpec | None = None) -> App:
    """The laid-out component tree of a checked tool definition."""
    return layout_tool(tool, spec=spec)[0]


def build_page(tool: Mapping[str, Any], *, spec: LayoutSpec | None = None) -> str:
    """The tool's MCP App page (``text/html;profile=mcp-app``)."""
    return render_page(compile_tool(tool, spec=spec), input_schema=tool.get("inputSchema"))
