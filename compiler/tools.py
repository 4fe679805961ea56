"""Tool definitions in: read a file's JSON, find the tools in it, check what the compiler needs.

Accepted shapes (each tool keeps the JSON Pointer it was found at, for error messages):

* one tool object (it has a ``name``);
* a JSON array of tools;
* an object with a ``tools`` array — a ``tools/list`` result, or a corpus file;
* a JSON-RPC response whose ``result`` is such an object.
"""

from __future__ import annotations

from typing import Any

from . import messages
from .errors import fail
from .jsonread import json_kind, parse_json

Tool = dict[str, Any]


def load_tools(text: str | bytes, source: str) -> list[tuple[str, Tool]]:
    """``(pointer, tool)`` for every tool in ``text``, in order; a ``CompileUIError`` if none."""
    data = parse_json(text, source)
    found = find_tools(data, source)
    for pointer, tool in found:
        check_tool(tool, pointer, source)
    return found


def find_tools(data: Any, source: str) -> list[tuple[str, Tool]]:
    if isinstance(data, dict) and isinstance(data.get("result"), dict) and "tools" in data["result"]:
        return [("/result" + p, t) for p, t in find_tools(data["result"], source)]
    if isinstance(data, dict) and isinstance(data.get("tools"), list):
        items, prefix = data["tools"], "/tools"
    elif isinstance(data, list):
        items, prefix = data, ""
    elif isinstance(data, dict) and "name" in data:
        return [("", data)]
    else:
        fail(messages.NO_TOOL, source=source)
    if not items:
        fail(messages.NO_TOOL, pointer=prefix, source=source)
    return [(f"{prefix}/{i}", tool) for i, tool in enumerate(items)]


def check_tool(tool: Any, pointer: str, source: str) -> None:
    if not isinstance(tool, dict):
        fail(messages.TOOL_NOT_OBJECT, pointer=pointer, source=source)
    name = tool.get("name")
    if not isinstance(name, str) or not name.strip():
        fail(messages.TOOL_WITHOUT_NAME, pointer=f"{pointer}/name", source=source)
    for key in ("inputSchema", "outputSchema"):
        if key in tool and not isinstance(tool[key], (dict, bool)):
            fail(messages.BAD_SCHEMA, pointer=f"{pointer}/{key}", source=source, key=key, kind=json_kind(tool[key]))


def pick_tool(found: list[tuple[str, Tool]], name: str, source: str) -> list[tuple[str, Tool]]:
    chosen = [(p, t) for p, t in found if t["name"] == name]
    if not chosen:
        names = ", ".join(t["name"] for _, t in found[:20]) + (", …" if len(found) > 20 else "")
        fail(messages.TOOL_NOT_FOUND, source=source, name=name, names=names)
    return chosen[:1]

