"""The peers as the router knows them: the two eras' names and versions, what the upstream said
about itself (``UpstreamInfo``), whether a host renders MCP Apps. Plain data, no I/O: the era
codecs (``codecs/eras.py``) read and write the envelopes that carry these, the router decides with
them. The protocol's constants are spelled out as the official SDK defines them (``mcp_types``),
so the stdio proxy starts without importing the SDK's models; ``tests/proxy/test_proxy_eras.py``
checks every one against the installed SDK.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from compiler.apps import APP_MIME_TYPE, UI_EXTENSION

HANDSHAKE_PROTOCOL_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_PROTOCOL_VERSIONS = ("2026-07-28",)
LATEST_HANDSHAKE_VERSION = HANDSHAKE_PROTOCOL_VERSIONS[-1]
LATEST_MODERN_VERSION = MODERN_PROTOCOL_VERSIONS[-1]
SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo"
SUBSCRIPTION_ID_META_KEY = "io.modelcontextprotocol/subscriptionId"
"""On every frame of a ``subscriptions/listen`` stream: that request's id."""
PROXY_INFO = {"name": "compile-ui", "version": "0"}
"""The proxy's own info, where a peer sends none."""


class Era(enum.Enum):
    """The two protocol eras; the only names they have in the code."""

    HANDSHAKE = "handshake"
    """``initialize`` once per connection (protocol versions up to 2025-11-25)."""
    MODERN = LATEST_MODERN_VERSION
    """2026-07-28: stateless, every request carries its envelope."""

    __hash__ = object.__hash__  # as exchanges.Kind's: identity, without Enum's hash in Python


def supports_apps(capabilities: Any) -> bool:
    """Whether declared client capabilities include MCP Apps with the app MIME type."""
    extensions = capabilities.get("extensions") if isinstance(capabilities, dict) else None
    settings = extensions.get(UI_EXTENSION) if isinstance(extensions, dict) else None
    mime_types = settings.get("mimeTypes") if isinstance(settings, dict) else None
    return isinstance(mime_types, list) and APP_MIME_TYPE in mime_types


@dataclass
class UpstreamInfo:
    """What the upstream said about itself, in either era."""

    era: Era = Era.HANDSHAKE
    protocol_version: str = LATEST_HANDSHAKE_VERSION
    capabilities: dict[str, Any] = field(default_factory=dict)
    server_info: dict[str, Any] = field(default_factory=lambda: dict(PROXY_INFO))
    instructions: str | None = None

    @classmethod
    def from_initialize(cls, result: dict[str, Any]) -> UpstreamInfo:
        return cls(Era.HANDSHAKE, str(result.get("protocolVersion") or LATEST_HANDSHAKE_VERSION), _dict(result.get("capabilities")),
                   _dict(result.get("serverInfo")) or dict(PROXY_INFO), _str(result.get("instructions")))

    @classmethod
    def from_discover(cls, result: dict[str, Any]) -> UpstreamInfo:
        meta = _dict(result.get("_meta"))
        return cls(Era.MODERN, LATEST_MODERN_VERSION, _dict(result.get("capabilities")), _dict(meta.get(SERVER_INFO_META_KEY)) or dict(PROXY_INFO),
                   _str(result.get("instructions")))

    @property
    def sessions(self) -> bool:
        """It keeps per-connection state (the handshake era): one session for every host, its
        notifications and server-to-client requests naming no request."""
        return self.era is Era.HANDSHAKE

    def has(self, capability: str) -> bool:
        """Declared at all: ``"resources": {}`` (no sub-features) is a declaration too."""
        return isinstance(self.capabilities.get(capability), dict)

    def as_json(self) -> dict[str, Any]:
        return {"era": self.era.value, "protocolVersion": self.protocol_version, "capabilities": self.capabilities,
                "serverInfo": self.server_info, "instructions": self.instructions}

    @classmethod
    def from_json(cls, data: Any) -> UpstreamInfo | None:
        """What ``as_json`` wrote; ``None`` for anything else (a file from another version)."""
        if not isinstance(data, dict) or data.get("era") not in {era.value for era in Era}:
            return None
        if not isinstance(data.get("capabilities"), dict) or not isinstance(data.get("serverInfo"), dict):
            return None
        return cls(Era(data["era"]), str(data.get("protocolVersion") or LATEST_HANDSHAKE_VERSION), data["capabilities"],
                   data["serverInfo"], _str(data.get("instructions")))


def _dict(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
