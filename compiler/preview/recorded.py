"""A stdio MCP server made from tool definitions alone (``compile-ui preview FILE``).

It lists the tools of FILE unchanged. A call is answered, in this order: from a saved preview
session when FILE is one (``compiler.preview.session``: the recorded result of the same call, else
the tool's latest), with a recorded result when ``fixtures``-style recordings name the tool
(``--results DIR`` of ``{"tool", "raw": {"result"}}`` files), else with an example value generated
from the tool's ``outputSchema``, else with a text saying there is no recorded result (and echoing
the arguments). A session's recorded ``ui://`` pages (the apps tools bring) are served as resources.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from compiler.jsonread import parse_json
from compiler.normalize import (
    UNSET,
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NullShape,
    NumberShape,
    ObjectShape,
    StringShape,
    TupleShape,
    UnionShape,
    normalize,
)
from compiler.tools import load_tools

from .session import FORMAT_KEY, Replay

MAX_DEPTH = 6


def example(shape: Any, depth: int = 0) -> Any:
    """A plausible value for a normalized shape (defaults and examples first)."""
    if shape.default is not UNSET:
        return shape.default
    if shape.examples:
        return shape.examples[0]
    if depth > MAX_DEPTH:
        return None
    if isinstance(shape, ObjectShape):
        return {p.name: example(p.shape, depth + 1) for p in shape.properties}
    if isinstance(shape, ArrayShape):
        return [example(shape.items, depth + 1) for _ in range(3)]
    if isinstance(shape, TupleShape):
        return [example(s, depth + 1) for s in shape.prefix]
    if isinstance(shape, StringShape):
        return {"date": "2026-11-22", "date-time": "2026-11-22T09:30:00Z", "time": "09:30:00Z", "email": "ada@example.com",
                "uri": "https://example.com/", "uuid": "123e4567-e89b-12d3-a456-426614174000"}.get(shape.format or "", "example")
    if isinstance(shape, NumberShape):
        return int(shape.minimum or 1) if shape.integer else float(shape.minimum or 0) + 1.5
    if isinstance(shape, BooleanShape):
        return True
    if isinstance(shape, EnumShape):
        return shape.values[0]
    if isinstance(shape, ConstShape):
        return shape.value
    if isinstance(shape, UnionShape):
        return example(shape.branches[0], depth + 1)
    if isinstance(shape, NullShape):
        return None
    return "example"


def recordings(directory: Path | None) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(directory.glob("*.json")) if directory else ():
        try:
            data = json.loads(path.read_text())
        except ValueError:
            continue
        if isinstance(data, dict) and "tool" in data and isinstance(data.get("raw", {}).get("result"), dict):
            found.setdefault(data["tool"], data["raw"]["result"])
    return found


def answer(tool: dict[str, Any], arguments: dict[str, Any], recorded: dict[str, dict[str, Any]], replay: Replay) -> dict[str, Any]:
    replayed = replay.answer(tool["name"], arguments)
    if replayed is not None:
        return replayed
    if tool["name"] in recorded:
        return recorded[tool["name"]]
    if isinstance(tool.get("outputSchema"), dict):
        value = example(normalize(tool["outputSchema"]))
        return {"content": [{"type": "text", "text": json.dumps(value)}], "structuredContent": value}
    text = f"No recorded result for {tool['name']} (called with {json.dumps(arguments)})."
    return {"content": [{"type": "text", "text": text}], "isError": True}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--results")
    args = parser.parse_args()
    text = Path(args.file).read_bytes()
    data = parse_json(text, args.file)
    tools = [t for _, t in load_tools(text, args.file)]
    by_name = {t["name"]: t for t in tools}
    recorded = recordings(Path(args.results) if args.results else None)
    session = isinstance(data, dict) and FORMAT_KEY in data
    replay = Replay(data if session else None)
    name = f"replay:{(data.get('server') or {}).get('name', Path(args.file).name)}" if session else f"recorded:{Path(args.file).name}"
    for line in sys.stdin:
        message = json.loads(line)
        rid, method = message.get("id"), message.get("method")
        if rid is None:
            continue
        params = message.get("params") or {}
        if method == "initialize":
            capabilities: dict[str, Any] = {"tools": {}, **({"resources": {}} if replay.resources else {})}
            result = {"protocolVersion": params.get("protocolVersion"), "capabilities": capabilities,
                      "serverInfo": {"name": name, "version": "0"}}
        elif method == "tools/list":
            result = {"tools": tools}
        elif method == "tools/call" and params.get("name") in by_name:
            result = answer(by_name[params["name"]], params.get("arguments") or {}, recorded, replay)
        elif method == "resources/list" and replay.resources:
            result = {"resources": replay.listing()}
        elif method == "resources/read" and params.get("uri") in replay.resources:
            result = {"contents": [replay.resources[params["uri"]]]}
        elif method == "ping":
            result = {}
        else:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "Method not found"}}) + "\n")
            sys.stdout.flush()
            continue
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
