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

The Host and Origin checks follow the SDK's rules (``mcp.server.transport_security``: exact
values, ``name:*`` for any port), on our lists. Nothing here logs a header's value; a refused request is logged with its method, path and reason.

One exception, for health probes (``guard(app, settings, probes=("/healthz",))``): a ``GET`` or
``HEAD`` of a probe path passes with any ``Host`` and without the token. Probes are written by
operators who know neither: HAProxy's plain ``option httpchk GET /healthz`` sends no ``Host``, a
Kubernetes ``httpGet`` probe sends the pod's address. The ``Origin`` check still applies (a probe
sends none; a browser page on another site does), and the application answers a probe with
``ok`` or a one-line reason that names nothing, so a rebinding site learns only that.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

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
    of a path in ``probes`` passes the Origin check only (the module's docstring says why).
    A request that passes costs one pass over its headers and set look-ups: nothing is built for
    it (the answer objects are made for a refusal only), since every forwarded call pays it."""
    check_bind(settings)
    hosts, origins = Allowed(settings.hosts()), Allowed(settings.origins())

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        headers = _headers(scope)
        if scope["path"] in probes and scope["method"] in PROBE_METHODS:
            refusal = None if origins.admit(headers.get("origin")) else Refusal(403, INVALID_ORIGIN)
        else:
            refusal = _refuse_names(headers, hosts, origins) or _refuse_credentials(scope["method"], headers, settings) \
                or _refuse_size(headers, settings)
        if refusal is None:
            body, refusal = await _read_body(receive, settings)
        if refusal is not None:
            log.warning("refused %s %s: %d %s", scope["method"], scope["path"], refusal.status, refusal.text)
            await refusal.send(send)
            return
        await app(scope, _replay(body, receive), send)

    return guarded


INVALID_HOST = "Invalid Host header"
INVALID_ORIGIN = "Invalid Origin header"
"""The SDK's own answers (``mcp.server.transport_security``), whose rules ``Allowed`` follows."""


class Allowed:
    """The Host (or Origin) values accepted: exact names, and ``name:*`` for any port of a name
    (the SDK's rule). Unlike the SDK's middleware, a refused value is never logged."""

    def __init__(self, values: list[str]) -> None:
        self.exact = frozenset(values)
        self.any_port = tuple(value[:-1] for value in values if value.endswith(":*"))

    def admit(self, value: str | None, *, absent_ok: bool = True) -> bool:
        if not value:
            return absent_ok
        return value in self.exact or any(value.startswith(base) for base in self.any_port)


@dataclass(frozen=True)
class Refusal:
    status: int
    text: str
    headers: tuple[tuple[bytes, bytes], ...] = ()

    async def send(self, send: Send) -> None:
        body = self.text.encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()), *self.headers]
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name, the first of each name (as starlette reads them)."""
    headers: dict[str, str] = {}
    for name, value in scope["headers"]:
        headers.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return headers


def _refuse_names(headers: dict[str, str], hosts: Allowed, origins: Allowed) -> Refusal | None:
    if not hosts.admit(headers.get("host"), absent_ok=False):
        return Refusal(421, INVALID_HOST)
    if not origins.admit(headers.get("origin")):
        return Refusal(403, INVALID_ORIGIN)
    return None


def _refuse_credentials(method: str, headers: dict[str, str], settings: GuardSettings) -> Refusal | None:
    if settings.token and not _token_matches(headers.get("authorization", ""), settings.token):
        return Refusal(401, messages.HTTP_BAD_TOKEN, ((b"www-authenticate", b"Bearer"),))
    if method not in UNSAFE_METHODS:
        return None
    content_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return Refusal(415, messages.HTTP_NOT_JSON)
    if settings.own_header and headers.get(OWN_HEADER) != "1":
        return Refusal(403, messages.HTTP_NO_OWN_HEADER.format(header=OWN_HEADER))
    return None


def _refuse_size(headers: dict[str, str], settings: GuardSettings) -> Refusal | None:
    """A declared length over the bound is refused before a byte of the body is read."""
    declared = headers.get("content-length", "")
    if declared.isdigit() and int(declared) > settings.max_body:
        return Refusal(413, messages.HTTP_TOO_LARGE)
    return None


def _token_matches(authorization: str, token: str) -> bool:
    scheme, _, given = authorization.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


async def _read_body(receive: Receive, settings: GuardSettings) -> tuple[list[Message], Refusal | None]:
    """The whole request body, bounded in size and time; the messages read, to replay them.
    (``asyncio.timeout``: our servers run on asyncio, and it costs a timer, not a cancel scope.)"""
    read: list[Message] = []
    size = 0
    try:
        async with asyncio.timeout(settings.body_timeout_s):
            while True:
                message = await receive()
                read.append(message)
                if message["type"] != "http.request":
                    return read, None
                size += len(message.get("body", b""))
                if size > settings.max_body:
                    return read, Refusal(413, messages.HTTP_TOO_LARGE)
                if not message.get("more_body", False):
                    return read, None
    except TimeoutError:
        return read, Refusal(408, messages.HTTP_TOO_SLOW)


def _replay(read: list[Message], receive: Receive) -> Receive:
    pending = list(read)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
