"""The facade's only door into the compiler: three calls, so re-pointing them is one edit here.

(``compiler.pipeline`` is the one pipeline the proxy and the CLI use too.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.layout import LayoutSpec, check_spec, spec_schema
from compiler.pipeline import ToolList, build_page, compile, compile_tool
from components.nodes import App
from components.validate import Problem

__all__ = ["App", "LayoutSpec", "Problem", "bare_tree", "laid_out_tree", "render", "check", "schema_for"]


def bare_tree(tool: Mapping[str, Any], tools: ToolList = ()) -> App:
    """The compiled tree before any layout (what a LayoutSpec is checked against)."""
    return compile(tool, tools).tree


def laid_out_tree(tool: Mapping[str, Any], spec: LayoutSpec | None, tools: ToolList = ()) -> App:
    return compile_tool(tool, spec=spec, tools=tools)


def render(tool: Mapping[str, Any], spec: LayoutSpec | None, tools: ToolList = ()) -> str:
    return build_page(tool, spec=spec, asks=False, tools=tools)  # no proxy asks it anything


def check(tool: Mapping[str, Any], layout: Any, tools: ToolList = ()) -> tuple[LayoutSpec | None, list[Problem]]:
    compiled = compile(tool, tools)
    return check_spec(compiled.tree, layout, compiled.facts)


def schema_for(tool: Mapping[str, Any], tools: ToolList = ()) -> dict[str, Any]:
    compiled = compile(tool, tools)
    return spec_schema(compiled.tree, compiled.facts)
