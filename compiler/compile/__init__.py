"""Phase 2: normalized schemas → the component tree (no layout applied yet).

``compile_tree(tool)`` gives every tool the same skeleton::

    App(id="app")
    ├── Form(id="form")          fields from inputSchema (inputs.py)
    └── ResultView(id="result")  views from outputSchema, or an AutoView (outputs.py)

``leads.py`` (issue 41) adds, when the tool's whole list is given (``pipeline.compile``), the
result's ``Leads`` — links to the tools that take its values, its paging — as the ResultView's last
child; and ``facts_of(tree)`` (facts.py) states what layout needs to know about each field — its name,
the template or branch it lies in — so that layout never parses ids or binds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.normalize import ObjectShape, SomeShape, normalize
from compiler.normalize.walk import MAX_DESCRIPTION
from components.nodes import App, AppProps

from . import docstrings
from .facts import facts_of
from .inputs import form_of
from .naming import MAX_LABEL, clip, humanize
from .outputs import compile_result_view

MAX_TOOL_DESCRIPTION = 4_000

__all__ = ["compile_tree", "facts_of", "input_shape", "tool_title"]


def input_shape(tool: Mapping[str, Any]) -> SomeShape:
    """The tool's normalized ``inputSchema`` (no schema: an object of no arguments)."""
    return normalize(tool.get("inputSchema", {"type": "object"}))


def compile_tree(tool: Mapping[str, Any], shape: SomeShape | None = None) -> App:
    """The component tree of one tool definition (already checked by ``compiler.tools``);
    ``shape``: its normalized ``inputSchema`` when the caller already holds it."""
    name = tool["name"]
    shape = input_shape(tool) if shape is None else shape
    description, helps = _description(tool.get("description"), shape)
    return App(
        id="app",
        props=AppProps(toolName=name, title=tool_title(tool), description=description),
        children=(form_of(docstrings.described(shape, helps), name), compile_result_view(tool.get("outputSchema"))),
    )


def _description(description: Any, shape: SomeShape) -> tuple[str | None, dict[str, str]]:
    """The tool's description as the page shows it (a docstring dedented, its ``Args:`` moved to
    the inputs: docstrings.py), and the inputs' words it held."""
    if not isinstance(description, str) or not description.strip():
        return None, {}
    inputs = [p.name for p in shape.properties] if isinstance(shape, ObjectShape) else []
    text, helps = docstrings.read(description, inputs)
    return clip(text, MAX_TOOL_DESCRIPTION) or None, {k: clip(v, MAX_DESCRIPTION) for k, v in helps.items()}


def tool_title(tool: Mapping[str, Any]) -> str:
    """``title``, else ``annotations.title``, else the humanized name."""
    annotations = tool.get("annotations")
    for candidate in (tool.get("title"), annotations.get("title") if isinstance(annotations, Mapping) else None):
        if isinstance(candidate, str) and candidate.strip():
            return clip(candidate.strip(), MAX_LABEL)
    return humanize(tool["name"])
