"""A preview session's MCP traffic, saved to a file and replayed (``compile-ui preview FILE``).

The file is JSON: ``{"compile-ui-session": 1, "server", "tools", "calls", "resources",
"messages"}``. ``tools`` is a ``tools/list`` result, so any FILE reader sees the tools; ``calls``
are ``{"name", "arguments", "result" | "error"}`` in order; ``resources`` are the ``ui://``
contents the session read (the apps tools bring themselves); ``messages`` is the host↔app log.
The pages compile-ui made itself are not saved (their ``_meta.ui`` is taken off the tools), so a
replay shows the recorded data in pages made by the compiler you run now.
"""

from __future__ import annotations

import json
from typing import Any

from compiler.apps import UI_SCHEME, tool_of, ui_uri

FORMAT_KEY = "compile-ui-session"
FORMAT_VERSION = 1
MAX_CALLS = 500


class Recording:
    """What the preview's backend saw: the last tool listing, every call, every ui:// read."""

    def __init__(self) -> None:
        self.server: dict[str, Any] = {}
        self.tools: list[dict[str, Any]] = []
        self.calls: list[dict[str, Any]] = []
        self.resources: dict[str, dict[str, Any]] = {}

    def call(self, name: str, arguments: dict[str, Any], outcome: dict[str, Any]) -> None:
        self.calls.append({"name": name, "arguments": arguments, **outcome})
        del self.calls[:-MAX_CALLS]

    def read(self, contents: list[dict[str, Any]]) -> None:
        for item in contents:
            if str(item.get("uri", "")).startswith(UI_SCHEME):
                self.resources[item["uri"]] = item

    def to_json(self, messages: list[Any]) -> dict[str, Any]:
        return {
            FORMAT_KEY: FORMAT_VERSION,
            "server": self.server,
            "tools": [without_made_page(t) for t in self.tools],
            "calls": self.calls,
            "resources": [r for uri, r in self.resources.items() if not _made_uri(uri, self.tools)],
            "messages": messages,
        }


def without_made_page(tool: dict[str, Any]) -> dict[str, Any]:
    """The tool as its server listed it: the ``_meta.ui`` compile-ui added taken off again."""
    meta = dict(tool.get("_meta") or {})
    ui = meta.get("ui") or {}
    if ui.get("resourceUri") == ui_uri(tool["name"]):
        meta.pop("ui", None)
        meta.pop("ui/resourceUri", None)
    copy = {k: v for k, v in tool.items() if k != "_meta"}
    return {**copy, "_meta": meta} if meta else copy


def _made_uri(uri: str, tools: list[dict[str, Any]]) -> bool:
    """A page compile-ui made for one of these tools (not one of the server's own apps)."""
    return tool_of(uri) in {t["name"] for t in tools}


class Replay:
    """Answers from a saved session: the recorded result of a call with the same arguments,
    else the latest recorded result of that tool; the recorded ``ui://`` contents."""

    def __init__(self, data: Any) -> None:
        data = data if isinstance(data, dict) else {}
        self.calls = [c for c in data.get("calls") or [] if isinstance(c, dict) and isinstance(c.get("name"), str)]
        self.resources = {r["uri"]: r for r in data.get("resources") or [] if isinstance(r, dict) and isinstance(r.get("uri"), str)}

    def answer(self, name: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        mine = [c for c in self.calls if c["name"] == name and isinstance(c.get("result"), dict)]
        same = [c for c in mine if _same(c.get("arguments"), arguments)]
        chosen = same or mine
        return chosen[-1]["result"] if chosen else None

    def listing(self) -> list[dict[str, Any]]:
        return [{"uri": uri, "name": uri, "mimeType": r.get("mimeType")} for uri, r in self.resources.items()]


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
