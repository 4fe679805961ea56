"""One guard in front of every local HTTP server of ours (the proxy's ``/mcp``, the preview host).

A server on 127.0.0.1 is reachable by every web page the user's browser has open: a page on any
site can ``POST`` to it (a "simple" cross-site request needs no CORS preflight), and a site whose
DNS name re-binds to 127.0.0.1 can even read the answers. So every request passes, in order:

    Host        must name this server: ``127.0.0.1:<port>``, ``localhost:<port>``, ``[::1]:<port>``
                or an allowed host                                  → else 421 (DNS rebinding)
    Origin      absent (not a browser), or this server's own origin, or an allowed one → else 403
    token       when one is configured: ``Authorization: Bearer <token>`` → else 401
    unsafe      methods (POST, PUT, PATCH, DELETE) carry ``Content-Type: application/json``
                → else 415; and, where the server asks for it, a custom header that only its own
                script sends (``X-Compile-UI``) → else 403. Neither can be set cross-site without
                a CORS preflight, which this server never grants (it sends no CORS headers).
    body        at most ``max_body`` bytes → else 413; read whole within ``body_timeout_s``
                → else 408 (a client that trickles a body cannot hold a request open)

The Host and Origin checks are the SDK's own (``mcp.server.transport_security``), given our lists.
Nothing here logs a header's value; a refused request is logged with its method, path and reason.

One exception, for health probes (``guard(app, settings, probes=("/healthz",))``): a ``GET`` or
``HEAD`` of a probe path passes with any ``Host`` and without the token. Probes are written by
operators who know neither: HAProxy's plain ``option httpchk GET /healthz`` sends no ``Host``, a
Kubernetes ``httpGet`` probe sends the pod's address. The ``Origin`` check still applies (a probe
sends none; a browser page on another site does), and the application answers a probe with
``ok`` or a one-line reason that names nothing, so a rebinding site learns only that.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import anyio

if TYPE_CHECKING:  # at run time imported by guard(): the stdio proxy never loads the SDK's server side
    from mcp.server.transport_security import TransportSecurityMiddleware
    from starlette.requests import Request
    from starlette.responses import Response

from compiler import messages
from compiler.errors import CompileUIError

log = logging.getLogger("compile_ui.http")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 16 * 1024 * 1024
BODY_TIMEOUT_S = 10.0
OWN_HEADER = "x-compile-ui"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PROBE_METHODS = frozenset({"GET", "HEAD"})
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


class GuardError(CompileUIError):
    """A configuration the guard refuses to serve (e.g. a public bind address without a token)."""


@dataclass(frozen=True)
class GuardSettings:
    port: int
    bind: str = "127.0.0.1"
    token: str | None = field(default=None, repr=False)
    allowed_origins: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = ()
    own_header: bool = False
    """Unsafe requests must also carry ``X-Compile-UI`` (the preview's own script sends it)."""
    max_body: int = MAX_BODY_BYTES
    body_timeout_s: float = BODY_TIMEOUT_S

    def hosts(self) -> list[str]:
        names = [*LOOPBACK_NAMES]
        if not is_loopback(self.bind) and not _is_wildcard(self.bind):
            names.append(f"[{self.bind}]" if ":" in self.bind else self.bind)
        return [f"{name}:{self.port}" for name in names] + list(self.allowed_hosts)

    def origins(self) -> list[str]:
        return [f"http://{host}" for host in self.hosts()] + list(self.allowed_origins)


def is_loopback(address: str) -> bool:
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_wildcard(address: str) -> bool:
    return address in ("0.0.0.0", "::", "[::]", "")


def check_bind(settings: GuardSettings) -> None:
    """A server reachable from other machines must ask for a token: refuse to start otherwise."""
    if not is_loopback(settings.bind) and not settings.token:
        raise GuardError(messages.BIND_NEEDS_TOKEN.format(address=settings.bind))


def guard(app: ASGIApp, settings: GuardSettings, *, probes: tuple[str, ...] = ()) -> ASGIApp:
    """Wrap ``app`` so that every HTTP request passes the checks above first; a ``GET``/``HEAD``
    of a path in ``probes`` passes the Origin check only (the module's docstring says why)."""
    from mcp.server.transport_security import TransportSecurityMiddleware, TransportSecuritySettings
    from starlette.requests import Request

    check_bind(settings)
    sdk = TransportSecurityMiddleware(
        TransportSecuritySettings(allowed_hosts=settings.hosts(), allowed_origins=settings.origins())
    )

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        request = Request(scope)
        if scope["path"] in probes and scope["method"] in PROBE_METHODS:
            refusal = _refuse_origin(request, sdk)
        else:
            refusal = await sdk.validate_request(request) or _refuse_credentials(request, settings) or _refuse_size(request, settings)
        if refusal is None:
            body, refusal = await _read_body(receive, settings)
        if refusal is not None:
            log.warning("refused %s %s: %d %s", scope["method"], scope["path"], refusal.status_code, bytes(refusal.body).decode())
            await refusal(scope, receive, send)
            return
        await app(scope, _replay(body, receive), send)

    return guarded


def _refuse_origin(request: Request, sdk: TransportSecurityMiddleware) -> Response | None:
    from starlette.responses import Response

    if sdk._validate_origin(request.headers.get("origin")):
        return None
    return Response("Invalid Origin header", status_code=403)  # the SDK's own answer


def _refuse_credentials(request: Request, settings: GuardSettings) -> Response | None:
    from starlette.responses import Response

    if settings.token and not _token_matches(request.headers.get("authorization", ""), settings.token):
        return Response(messages.HTTP_BAD_TOKEN, status_code=401, headers={"WWW-Authenticate": "Bearer"})
    if request.method not in UNSAFE_METHODS:
        return None
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return Response(messages.HTTP_NOT_JSON, status_code=415)
    if settings.own_header and request.headers.get(OWN_HEADER) != "1":
        return Response(messages.HTTP_NO_OWN_HEADER.format(header=OWN_HEADER), status_code=403)
    return None


def _refuse_size(request: Request, settings: GuardSettings) -> Response | None:
    from starlette.responses import Response

    """A declared length over the bound is refused before a byte of the body is read."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > settings.max_body:
        return Response(messages.HTTP_TOO_LARGE, status_code=413)
    return None


def _token_matches(authorization: str, token: str) -> bool:
    scheme, _, given = authorization.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


async def _read_body(receive: Receive, settings: GuardSettings) -> tuple[list[Message], Response | None]:
    from starlette.responses import Response

    """The whole request body, bounded in size and time; the messages read, to replay them."""
    read: list[Message] = []
    size = 0
    with anyio.move_on_after(settings.body_timeout_s):
        while True:
            message = await receive()
            read.append(message)
            if message["type"] != "http.request":
                return read, None
            size += len(message.get("body", b""))
            if size > settings.max_body:
                return read, Response(messages.HTTP_TOO_LARGE, status_code=413)
            if not message.get("more_body", False):
                return read, None
    return read, Response(messages.HTTP_TOO_SLOW, status_code=408)


def _replay(read: list[Message], receive: Receive) -> Receive:
    pending = list(read)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
