"""MCP Apps facts stated once: the app MIME type, the extension's name, and our ``ui://`` URIs.

Every page compile-ui makes lives under its own namespace, ``ui://compile-ui/<tool>`` (the tool's
name percent-encoded), whether the proxy serves it, ``compile-ui export`` writes it, or a server
author serves ``compile_ui.page(tool)`` under ``compile_ui.resource_uri(tool)``. A URI of that
namespace can never collide with an upstream server's own ``ui://`` resources.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote

APP_MIME_TYPE = "text/html;profile=mcp-app"
"""The MIME type a host needs on a ``ui://`` resource to render it as an app."""
UI_EXTENSION = "io.modelcontextprotocol/ui"
"""The MCP Apps extension's key in capabilities (``extensions``)."""
UI_SCHEME = "ui://"
OWN_PREFIX = "ui://compile-ui/"
"""compile-ui's own namespace; nothing else under ``ui://`` is ours."""


def resource_meta() -> dict[str, Any]:
    """The ``_meta`` of every page compile-ui serves (on the ``resources/list`` entry and the
    ``resources/read`` content item): ``ui.csp`` declares no external domain of any kind — the page
    is self-contained, its script and style inline, no network — so a host that builds the frame's
    policy from it (the MCP Inspector wraps our document, and our own CSP ``<meta>`` then has no
    effect) builds the strictest one that still shows a result's images and media, which the
    runtime puts in ``data:`` URLs: ``resourceDomains: ["data:"]`` (MCP Inspector 2.12 builds
    ``img-src 'none'`` from an empty list, and an image result showed as a broken image there);
    ``prefersBorder``: the page is a form and its results, with no frame of its own, best set
    apart from the conversation by the host's border. A fresh copy."""
    csp: dict[str, list[str]] = {"connectDomains": [], "resourceDomains": ["data:"], "frameDomains": [], "baseUriDomains": []}
    return {"ui": {"csp": csp, "prefersBorder": True}}


def ui_uri(name: str) -> str:
    """The ``ui://`` URI of a tool's page."""
    return OWN_PREFIX + quote(name, safe="")


def tool_of(uri: str) -> str | None:
    """The tool a URI of our namespace names (``None``: not ours)."""
    if not uri.startswith(OWN_PREFIX):
        return None
    rest = uri[len(OWN_PREFIX):]
    return unquote(rest) if rest and "/" not in rest else None


def is_own(uri: Any) -> bool:
    return isinstance(uri, str) and uri.startswith(OWN_PREFIX)


def app_of(tool: Mapping[str, Any]) -> str | None:
    """The URI of the app a tool names in its ``_meta``: ``ui.resourceUri``, else the legacy flat
    key ``ui/resourceUri`` (``None``: it names none)."""
    meta = tool.get("_meta")
    if not isinstance(meta, dict):
        return None
    ui = meta.get("ui")
    named = (ui.get("resourceUri") if isinstance(ui, dict) else None, meta.get("ui/resourceUri"))
    return next((uri for uri in named if isinstance(uri, str)), None)
