"""Upstream tool definitions: repaired so the host accepts them, decorated with their page.

One invalid tool can fail a host's whole ``tools/list`` (the SDKs validate the listing), so every
tool passes ``repair`` first: a tool without a usable name is dropped with a warning; an
``inputSchema`` that is missing, not an object, or has no ``"type": "object"`` is repaired (the
protocol requires an object schema) with a warning. Everything else of the tool is untouched.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from compiler.apps import ui_uri

log = logging.getLogger("compile_ui.proxy")


def repair(tool: Any) -> dict[str, Any] | None:
    if not isinstance(tool, dict):
        log.warning("dropped an upstream tool that is not an object: %.80r", tool)
        return None
    name = tool.get("name")
    if not isinstance(name, str) or not name.strip():
        log.warning("dropped an upstream tool without a usable name: %.80r", name)
        return None
    fixed = dict(tool)
    output = fixed.get("outputSchema")
    if "outputSchema" in fixed and not (isinstance(output, dict) and output.get("type") == "object"):
        log.warning("tool %r: outputSchema is not an object schema; removed", name)
        del fixed["outputSchema"]
    schema = tool.get("inputSchema")
    if isinstance(schema, dict) and schema.get("type") == "object":
        return fixed if len(fixed) != len(tool) else tool
    if isinstance(schema, dict):
        fixed["inputSchema"] = {**schema, "type": "object"}
        log.warning("tool %r: inputSchema had type %r; repaired to an object schema", name, schema.get("type"))
    else:
        fixed["inputSchema"] = {"type": "object"}
        log.warning("tool %r: inputSchema missing or not an object; repaired to an empty object schema", name)
    return fixed


def decorate(tool: dict[str, Any], wrapped: bool) -> dict[str, Any]:
    """The tool as the host sees it: with ``_meta.ui.resourceUri`` when the proxy serves its page."""
    if not wrapped:
        return tool
    out = copy.copy(tool)
    meta = dict(tool.get("_meta") or {}) if isinstance(tool.get("_meta"), dict) else {}
    ui = dict(meta.get("ui") or {}) if isinstance(meta.get("ui"), dict) else {}
    ui["resourceUri"] = ui_uri(tool["name"])
    meta["ui"] = ui
    meta["ui/resourceUri"] = ui["resourceUri"]  # the legacy flat key some hosts still read
    out["_meta"] = meta
    return out
