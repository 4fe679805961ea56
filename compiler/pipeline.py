"""The pipeline, end to end: tool definition → tree → page. Pure: same inputs, same bytes.

    compile_tree   normalize + compile (compiler.compile)
    layout         a LayoutSpec (given, or the heuristic one) applied to the tree
    render         the self-contained page (compiler.render)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from components.nodes import App

from .compile import compile_tree

__all__ = ["compile_tool", "build_page"]


def compile_tool(tool: Mapping[str, Any], *, spec: Any = None) -> App:
    """The laid-out component tree of a checked tool definition."""
    tree = compile_tree(tool)
    if spec is not None:
        raise NotImplementedError("layout specs are applied once compiler.layout lands")
    return tree


def build_page(tool: Mapping[str, Any], *, spec: Any = None) -> str:
    """The tool's MCP App page (``text/html;profile=mcp-app``)."""
    from .render import render_page

    return render_page(compile_tool(tool, spec=spec), input_schema=tool.get("inputSchema"))
