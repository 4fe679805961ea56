"""The router's internal form: messages with no era in them, and the effects the router returns.

The era codecs (``codecs/codec.py``) turn each peer's bytes into these and back: a request
carries the ``Caller`` it came from (what a handshake-era host declared at ``initialize``, or what
a 2026-07-28 request's envelope says), never the envelope itself. Params and results stay the raw
bytes they arrived as (``msgspec.Raw``) unless someone had to change them (then a ``dict``), so
routing a large result costs nothing.

The router (``router.py``) returns effects; the runtime (``drivers/runtime.py``) carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import msgspec

from .peers import supports_apps
from .services import LocalCall

Params = Any
"""``msgspec.Raw`` (the bytes as they came), a ``dict``, or ``None`` (no params)."""


@dataclass(frozen=True)
class Caller:
    """Who sent a request: the capabilities, client info and log level it declared."""

    capabilities: dict[str, Any] = field(default_factory=dict)
    client_info: dict[str, Any] | None = None
    log_level: str | None = None

    @cached_property
    def apps(self) -> bool:
        """Whether it declared MCP Apps (``peers.supports_apps``), read once per caller."""
        return supports_apps(self.capabilities)


@dataclass(eq=False)
class HostPeer:
    """One host as the router sees it: a stdio connection, a handshake-era HTTP session, one
    2026-07-28 HTTP exchange, or the JSON API."""

    lasting: bool = True
    """It gets notifications nobody asked for (a single exchange gets only its answer)."""
    link: Any = None
    """The driver's handle (codec and send); the router never looks inside."""
    ui: bool = False
    """Its last request declared MCP Apps (or ``--force-ui``): list changes of pages reach it."""
    opened: bool = False
    """It sent ``initialize``: the upstream's session-wide requests may be asked of it."""
    name: str = "host"


@dataclass(slots=True)
class Request:
    id: Any
    method: str
    params: Params = None
    caller: Caller = field(default_factory=Caller)
    askable: bool = True
    """Whether the requester may be sent server-to-client requests about it (sampling,
    elicitation, roots): a handshake-era host can; a 2026-07-28 request is answered instead
    with an ``InputRequiredResult`` it fulfils itself."""
    opens: dict[str, Any] | None = None
    """For ``initialize``: the host's params (the upstream session may be opened with them)."""


@dataclass(slots=True)
class Response:
    id: Any
    result: Any = msgspec.UNSET
    """``msgspec.Raw``, or a value to encode."""
    error: Any = msgspec.UNSET
    """``msgspec.Raw``, or ``{"code", "message", "data"?}``."""
    method: str | None = None
    """The method of the request this answers (the codec completes results per method)."""
    result_type: str | None = None
    """The upstream's ``resultType`` (2026-07-28), read by its codec."""
    repairs: tuple[str, ...] = ()
    """What the upstream's door repaired to read it (``codecs/jsonline.py``): the router warns
    once per tool and kind."""


@dataclass(slots=True)
class Notification:
    method: str
    params: Params = None


Message = Request | Response | Notification


@dataclass(frozen=True, slots=True)
class Describe:
    """The answer to ``initialize``/``server/discover``: the codec writes it in its era."""

    info: Any
    ui: bool
    requested: Any = None


# --------------------------------------------------------------------------- effects


@dataclass(slots=True)
class ToHost:
    host: HostPeer
    message: Message


@dataclass(slots=True)
class ToUpstream:
    message: Message
    caller: Caller | None = None
    """For a request: whose envelope a 2026-07-28 upstream gets."""


@dataclass(slots=True)
class RunLocal:
    """Start a local service call; its outcome comes back through ``Router.local_done``."""

    key: str
    call: LocalCall


@dataclass(slots=True)
class CancelLocal:
    key: str


@dataclass(slots=True)
class Settle:
    """One of the proxy's own requests is answered (``error`` set) or failed."""

    key: str
    result: Any = None
    error: BaseException | None = None


@dataclass(slots=True)
class Refresh:
    """The upstream says its tools changed: re-list them."""


@dataclass(slots=True)
class OpenUpstream:
    """The first host arrived: open the upstream session in its light."""

    caller: Caller
    init: dict[str, Any] | None


@dataclass(slots=True)
class AppRun:
    """A run a person started from a page ended (for ``GET /api/events``)."""

    tool: str | None
    arguments: Any
    failed: bool


@dataclass(slots=True)
class Log:
    level: int
    text: str
    cid: str | None = None
    """The host's request id it is about (``cid`` in the log line)."""


Effect = ToHost | ToUpstream | RunLocal | CancelLocal | Settle | Refresh | OpenUpstream | AppRun | Log
