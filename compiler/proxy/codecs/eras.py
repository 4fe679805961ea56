"""The two protocol eras at the proxy's edges (``shared/reference/protocol-eras.md``).

Handshake era (≤ 2025-11-25): ``initialize`` once per connection, capabilities remembered.
2026-07-28: stateless; every request carries ``params._meta`` with the protocol version, the
client's capabilities and (optionally) its info; ``server/discover`` replaces ``initialize``.

This module reads and writes the era's envelope and nothing else: which era a request is in and
who sent it (``Caller``), the envelope stripped for a handshake-era upstream or stamped for a
2026-07-28 one, and the results each era requires (``resultType``, ``ttlMs``/``cacheScope``).
The router between the edges sees one shape. The validation ladder for incoming envelopes gives
the spec's errors, as the official SDK does: -32602 for a missing or malformed envelope, -32022
with the supported list for an unknown version, -32020 (HTTP) when headers and body disagree.
"""

from __future__ import annotations

from typing import Any

from compiler.apps import APP_MIME_TYPE, UI_EXTENSION

from ..core import wire
from ..core.failures import ProxyError
from ..core.messages import Caller
from ..core.peers import (
    HANDSHAKE_PROTOCOL_VERSIONS,
    LATEST_HANDSHAKE_VERSION,
    LATEST_MODERN_VERSION,
    MODERN_PROTOCOL_VERSIONS,
    PROXY_INFO,
    SERVER_INFO_META_KEY,
    Era,
    UpstreamInfo,
)

# The protocol's constants, as the official SDK defines them (mcp_types, mcp.shared.inbound);
# spelled out here so the stdio proxy starts without importing the SDK's models (~50 MB, ~1.5 s).
# tests/proxy/test_proxy_eras.py checks every one against the installed SDK.
PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo"
CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities"
LOG_LEVEL_META_KEY = "io.modelcontextprotocol/logLevel"
CACHEABLE_METHODS = frozenset({"prompts/list", "resources/list", "resources/read", "resources/templates/list", "server/discover", "tools/list"})
"""Methods whose 2026-07-28 results carry ``ttlMs``/``cacheScope``."""



UNSUPPORTED_PROTOCOL_VERSION = wire.UNSUPPORTED_PROTOCOL_VERSION
RESERVED_KEYS = (PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY)
REMOVED_IN_MODERN = frozenset({"initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"})
"""Requests that do not exist in 2026-07-28 (a host asking for them in that era gets -32601)."""
HANDSHAKE_ONLY_NOTIFICATIONS = frozenset({"notifications/initialized", "notifications/roots/list_changed", "notifications/progress"})
"""Client notifications 2026-07-28 removed: not forwarded to a 2026-07-28 upstream."""


def is_enveloped(params: Any) -> bool:
    """Whether a request carries the 2026-07-28 envelope (the version key in ``params._meta``)."""
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and PROTOCOL_VERSION_META_KEY in meta


def read_modern(method: str, params: Any, headers: dict[str, str] | None = None) -> Caller:
    """The caller of a 2026-07-28 request; ``ProxyError`` with the spec's code when the envelope
    (or, over HTTP, a routing header) is wrong.

    The ladder is the spec's (``mcp.shared.inbound.classify_inbound_request``, which HTTP uses
    as is for its header rung): the envelope pair present (-32602), the version a string
    (-32602), a version served (-32022 with ``supported`` and ``requested``)."""
    if headers is not None:
        _check_headers(method, params, headers)
    meta = params.get("_meta") if isinstance(params, dict) else None
    if not isinstance(meta, dict):
        raise ProxyError(wire.INVALID_PARAMS, "params._meta must be an object carrying the required "
                         f"{PROTOCOL_VERSION_META_KEY!r} and {CLIENT_CAPABILITIES_META_KEY!r} envelope keys")
    missing = [key for key in (PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY) if key not in meta]
    if missing:
        raise ProxyError(wire.INVALID_PARAMS, f"params._meta is missing the required envelope key(s): {', '.join(missing)}")
    version = meta[PROTOCOL_VERSION_META_KEY]
    if not isinstance(version, str):
        raise ProxyError(wire.INVALID_PARAMS, "the protocol-version envelope value must be a string")
    if version not in MODERN_PROTOCOL_VERSIONS:
        raise ProxyError(UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                         {"supported": list(MODERN_PROTOCOL_VERSIONS), "requested": version})
    capabilities = meta[CLIENT_CAPABILITIES_META_KEY] if isinstance(meta[CLIENT_CAPABILITIES_META_KEY], dict) else {}
    info = meta.get(CLIENT_INFO_META_KEY) if isinstance(meta.get(CLIENT_INFO_META_KEY), dict) else None
    level = meta.get(LOG_LEVEL_META_KEY)
    return Caller(capabilities, info, level if isinstance(level, str) else None)


def _check_headers(method: str, params: Any, headers: dict[str, str]) -> None:
    """Over HTTP: the SDK's ladder, for the ``MCP-Protocol-Version``/``Mcp-Method``/``Mcp-Name``
    rung (-32020 when headers and body disagree); the HTTP host has the SDK loaded anyway."""
    from mcp.shared.inbound import InboundLadderRejection, classify_inbound_request

    verdict = classify_inbound_request({"method": method, "params": params}, headers=headers)
    if isinstance(verdict, InboundLadderRejection):
        raise ProxyError(verdict.code, verdict.message, verdict.data)


def handshake_caller(init: Any) -> Caller:
    """The caller a handshake-era host declared in its ``initialize`` params."""
    init = init if isinstance(init, dict) else {}
    capabilities = init.get("capabilities") if isinstance(init.get("capabilities"), dict) else {}
    info = init.get("clientInfo") if isinstance(init.get("clientInfo"), dict) else None
    return Caller(capabilities, info)


# --------------------------------------------------------------------------- towards the upstream


def strip(params: dict[str, Any]) -> dict[str, Any]:
    """A 2026-07-28 request's params for a handshake-era upstream: the envelope keys removed."""
    meta = params.get("_meta")
    if not isinstance(meta, dict):
        return params
    rest = {k: v for k, v in meta.items() if k not in RESERVED_KEYS}
    out = {k: v for k, v in params.items() if k != "_meta"}
    if rest:
        out["_meta"] = rest
    return out


def stamp(params: dict[str, Any] | None, caller: Caller) -> dict[str, Any]:
    """A handshake-era request's params for a 2026-07-28 upstream: the envelope added from what
    the host declared at initialize."""
    out = dict(params) if isinstance(params, dict) else {}
    meta = dict(out["_meta"]) if isinstance(out.get("_meta"), dict) else {}
    meta[PROTOCOL_VERSION_META_KEY] = LATEST_MODERN_VERSION
    meta[CLIENT_CAPABILITIES_META_KEY] = caller.capabilities
    meta[CLIENT_INFO_META_KEY] = caller.client_info or PROXY_INFO
    if caller.log_level:
        meta.setdefault(LOG_LEVEL_META_KEY, caller.log_level)
    out["_meta"] = meta
    return out


def stamp_raw(params: Any, caller: Caller, envelope: bytes) -> Any:
    """``stamp`` on params that may still be raw, without decoding them when they have no
    ``_meta`` yet (the common case): ``envelope``, the caller's ``{"_meta":…`` encoded once, is
    spliced in. Returns ``msgspec.Raw`` or a dict."""
    import msgspec

    if not isinstance(params, msgspec.Raw):
        return stamp(params, caller)
    body = bytes(params).strip()
    if not body.startswith(b"{") or wire.meta_of(params) is not None:
        return stamp(msgspec.json.decode(body), caller)
    inner = body[1:].lstrip()
    return msgspec.Raw(envelope + (b"}" if inner.startswith(b"}") else b"," + inner))


def envelope_of(caller: Caller) -> bytes:
    """The start of stamped params for ``caller``: ``{"_meta":{…}`` (no closing brace)."""
    return b'{"_meta":' + wire.encode(stamp(None, caller)["_meta"])


def probe_params() -> dict[str, Any]:
    """``server/discover`` as the proxy sends it to find the upstream's era."""
    return {"_meta": {PROTOCOL_VERSION_META_KEY: LATEST_MODERN_VERSION, CLIENT_INFO_META_KEY: PROXY_INFO, CLIENT_CAPABILITIES_META_KEY: {}}}


def initialize_params(caller: Caller, init: dict[str, Any] | None) -> dict[str, Any]:
    """``initialize`` for a handshake-era upstream: the host's own when it sent one, else built
    from what the 2026-07-28 host declares."""
    if init is not None:
        return init
    return {"protocolVersion": LATEST_HANDSHAKE_VERSION, "capabilities": caller.capabilities, "clientInfo": caller.client_info or PROXY_INFO}


def is_modern_discovery(result: Any) -> bool:
    versions = result.get("supportedVersions") if isinstance(result, dict) else None
    return isinstance(versions, list) and any(v in MODERN_PROTOCOL_VERSIONS for v in versions)


def names_modern(error: Any) -> bool:
    """Whether an upstream's refusal of ``initialize`` is -32022 naming a 2026-07-28 version: a
    modern server whose connection the probe already locked (or that does not answer discover)."""
    data = getattr(error, "data", None)
    supported = data.get("supported") if isinstance(data, dict) else None
    return getattr(error, "code", None) == UNSUPPORTED_PROTOCOL_VERSION and isinstance(supported, list) and any(
        v in MODERN_PROTOCOL_VERSIONS for v in supported)


# --------------------------------------------------------------------------- towards the host


def capabilities(info: UpstreamInfo, *, ui: bool) -> dict[str, Any]:
    """The upstream's capabilities as the proxy advertises them: plus resources, list-changed
    notices and, when it serves pages, the MCP Apps extension."""
    out = dict(info.capabilities)
    if not ui:
        return out
    out["tools"] = {**_dict(out.get("tools")), "listChanged": True}
    out["resources"] = {**_dict(out.get("resources")), "listChanged": True}
    out["extensions"] = {**_dict(out.get("extensions")), UI_EXTENSION: {"mimeTypes": [APP_MIME_TYPE]}}
    return out


def discover_result(info: UpstreamInfo) -> dict[str, Any]:
    result: dict[str, Any] = {
        "supportedVersions": list(MODERN_PROTOCOL_VERSIONS),
        "capabilities": capabilities(info, ui=True),
        "resultType": "complete",
        "ttlMs": 0,
        "cacheScope": "private",
        "_meta": {SERVER_INFO_META_KEY: info.server_info},
    }
    if info.instructions:
        result["instructions"] = info.instructions
    return result


def initialize_result(info: UpstreamInfo, requested: Any, *, ui: bool) -> dict[str, Any]:
    """The answer to a handshake-era host's ``initialize``, from what the upstream said."""
    if info.era is Era.HANDSHAKE:
        version = info.protocol_version
    else:
        version = requested if requested in HANDSHAKE_PROTOCOL_VERSIONS else LATEST_HANDSHAKE_VERSION
    result: dict[str, Any] = {"protocolVersion": version, "capabilities": capabilities(info, ui=ui), "serverInfo": info.server_info}
    if info.instructions:
        result["instructions"] = info.instructions
    return result


def complete(method: str, result: dict[str, Any]) -> dict[str, Any]:
    """A result as 2026-07-28 requires it: ``resultType``, and the cache fields on list/read."""
    result.setdefault("resultType", "complete")
    if method in CACHEABLE_METHODS and result["resultType"] == "complete":  # an input round is not cached
        result.setdefault("ttlMs", 0)
        result.setdefault("cacheScope", "private")
    return result


def complete_raw(raw: bytes) -> bytes:
    """``resultType`` added to an encoded result object that has none, without decoding it (a
    large tool result costs nothing)."""
    body = raw.strip()
    if not body.startswith(b"{"):
        return raw
    inner = body[1:].lstrip()
    return b'{"resultType":"complete"' + (b"}" if inner.startswith(b"}") else b"," + inner)


def _dict(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
