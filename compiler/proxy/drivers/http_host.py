"""Serving hosts over HTTP (``--serve http``): both eras on one endpoint, many hosts at once.

``http_app(proxy)`` is one ASGI application for ``/mcp`` (and the plain JSON API under ``/api/``,
``http_api.py``):

- a 2026-07-28 request is a single-exchange POST (``MCP-Protocol-Version: 2026-07-28``, no
  ``Mcp-Session-Id``): one JSON-RPC request in, its answer out (``application/json``, or
  ``text/event-stream`` when the client accepts it and asked for progress). The envelope and the
  ``Mcp-Method``/``Mcp-Name`` headers are checked by the SDK's ladder (``eras.read_modern``); a
  notification is acknowledged with 202. Closing the response cancels the request upstream.
- anything else is the handshake-era streamable-HTTP session: ``initialize`` without a session id
  opens one (the SDK's ``StreamableHTTPServerTransport`` does POST + SSE and the session header);
  later requests name it.

Every exchange and every session is a channel of the same router, so all hosts share the one
upstream and never see each other's traffic. Origin/Host checks and tokens are not done here:
wrap the application (one line) with the project's guard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import anyio
import mcp_types
import msgspec
from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.shared.inbound import ERROR_CODE_HTTP_STATUS
from mcp.shared.message import ServerMessageMetadata, SessionMessage
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from compiler.httpguard import GuardSettings, guard

from ..codecs import eras
from ..core import wire
from ..core.messages import Notification
from . import http_api
from .http_api import Message, Receive, Scope, Send
from .runtime import Proxy

log = logging.getLogger("compile_ui.proxy")
PATH = "/mcp"
HEALTH_PATH = "/healthz"
GRACE_S = 10.0
SESSION_IDLE_S = 3600.0
Sessions = dict[str, StreamableHTTPServerTransport]


class HostHTTP:
    """The host side over one handshake-era streamable HTTP session."""

    def __init__(self, read: Any, write: Any) -> None:
        self._read, self._write = read, write
        self._progress: dict[bytes, Any] = {}
        """progressToken → the request it belongs to, so progress goes on that request's stream."""

    async def receive(self) -> bytes | None:
        while True:
            try:
                item = await self._read.receive()
            except (anyio.EndOfStream, anyio.ClosedResourceError):
                return None
            if isinstance(item, Exception):
                continue
            data: bytes = item.message.model_dump_json(by_alias=True, exclude_unset=True).encode()
            self._remember_progress(data)
            return data

    async def send(self, data: bytes) -> None:
        message = mcp_types.jsonrpc_message_adapter.validate_json(data, by_name=False)
        metadata = None
        env = wire.peek(data)
        if env.method == "notifications/progress":
            token = wire.encode(wire.decode_params(env.params).get("progressToken"))
            if token in self._progress:
                metadata = ServerMessageMetadata(related_request_id=self._progress[token])
        elif env.is_response:
            self._progress = {k: v for k, v in self._progress.items() if v != env.id}
        try:
            await self._write.send(SessionMessage(message, metadata=metadata))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            log.info("the HTTP session is gone; message dropped")

    def _remember_progress(self, data: bytes) -> None:
        env = wire.peek(data)
        if env.is_request and env.method == "tools/call":
            meta = (env.params_json() or {}).get("_meta") or {}
            if "progressToken" in meta:
                self._progress[wire.encode(meta["progressToken"])] = env.id


def http_app(proxy: Proxy, *, session_idle_s: float = SESSION_IDLE_S) -> Callable[[Scope, Receive, Send], Awaitable[None]]:
    """The ASGI application serving ``proxy`` at ``/mcp`` (the proxy must be started).
    A handshake-era session idle for ``session_idle_s`` is closed (a host that went away without
    ``DELETE`` would otherwise hold its session for ever)."""
    sessions: dict[str, StreamableHTTPServerTransport] = {}
    last_used: dict[str, float] = {}
    proxy.spawn(_expire_idle(sessions, last_used, session_idle_s))

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        if scope["path"].startswith(http_api.PREFIX):
            await http_api.handle(proxy, scope, receive, send)
            return
        if scope["path"] == HEALTH_PATH:
            await _health(proxy, scope, send)
            return
        if scope["path"].rstrip("/") != PATH:
            await _plain(send, 404, b"not found")
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        session_id = headers.get("mcp-session-id")
        version = headers.get("mcp-protocol-version")
        if session_id is None and scope["method"] == "POST" and version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
            await _exchange(proxy, scope, receive, send, headers)
        elif session_id is not None:
            transport = sessions.get(session_id)
            if transport is None:
                await _json(send, 404, wire.error(None, wire.INVALID_REQUEST, "Session not found"))
            else:
                last_used[session_id] = time.monotonic()
                await transport.handle_request(scope, receive, send)
                last_used[session_id] = time.monotonic()
        elif scope["method"] == "POST":
            await _open_session(proxy, sessions, scope, receive, send, last_used)
        else:
            await _json(send, 400, wire.error(None, wire.INVALID_REQUEST, "Bad Request: no session (POST initialize, or use 2026-07-28)"))

    return app


async def _health(proxy: Proxy, scope: Scope, send: Send) -> None:
    """``GET /healthz``: 200 ``ok`` while this replica can serve, else 503 and why (one line).
    Any Host may ask, without the token (the guard lets probes through), so the body says only
    what is wrong (``the store does not answer``), never the detail after the reason's colon: an
    error's text may carry a host name, a DSN or a path. The detail goes to the log."""
    if scope["method"] not in ("GET", "HEAD"):
        await _plain(send, 405, b"GET /healthz")
        return
    why = await proxy.health()
    if why is None:
        await _plain(send, 200, b"ok\n")
        return
    reason = why.split(":", 1)[0].splitlines()[0].strip()
    if reason != why:
        log.info("/healthz: %s", why)
    await _plain(send, 503, reason.encode() + b"\n")


async def _expire_idle(sessions: Sessions, last_used: dict[str, float], idle_s: float) -> None:
    while True:
        await asyncio.sleep(min(idle_s / 4, 60.0))
        now = time.monotonic()
        for session_id in [s for s, at in last_used.items() if now - at > idle_s]:
            last_used.pop(session_id, None)
            transport = sessions.pop(session_id, None)
            if transport is not None:
                log.info("host session %s closed after %.0f s without a request", session_id[:8], idle_s)
                await transport.terminate()


async def _open_session(proxy: Proxy, sessions: Sessions, scope: Scope, receive: Receive, send: Send,
                        last_used: dict[str, float]) -> None:
    body, env = await _read_message(receive, send)
    if env is None:
        return
    if env.method != "initialize":
        await _json(send, 400, wire.error(env.id if env.is_request else None, wire.INVALID_REQUEST,
                                          "Bad Request: no session; send initialize first, or use protocol 2026-07-28"))
        return
    session_id = uuid.uuid4().hex
    transport = StreamableHTTPServerTransport(mcp_session_id=session_id)
    connected = asyncio.Event()
    sessions[session_id] = transport
    last_used[session_id] = time.monotonic()
    proxy.spawn(_run_session(proxy, sessions, session_id, transport, connected))
    await connected.wait()
    await transport.handle_request(scope, _replay(body, receive), send)


async def _run_session(proxy: Proxy, sessions: Sessions, session_id: str, transport: StreamableHTTPServerTransport,
                       connected: asyncio.Event) -> None:
    try:
        async with transport.connect() as (read, write):
            connected.set()
            log.info("host session %s opened over HTTP", session_id[:8])
            await proxy.serve(HostHTTP(read, write))
    finally:
        connected.set()
        sessions.pop(session_id, None)
        log.info("host session %s ended", session_id[:8])


async def _exchange(proxy: Proxy, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]) -> None:
    """One 2026-07-28 POST: the request through the router, its answer back."""
    body, env = await _read_message(receive, send)
    if env is None:
        return
    if env.is_notification:
        await _plain(send, 202, b"")
        return
    if not env.is_request:
        await _json(send, 400, wire.error(None, wire.INVALID_REQUEST, "Body must be a single JSON-RPC request or notification object"))
        return
    answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
    events: asyncio.Queue[bytes] = asyncio.Queue()
    # Streamed (SSE) only when something may come before the answer: progress, log lines the
    # request opted in to, a listen stream's frames; otherwise one JSON body.
    meta = wire.meta_of(env.params if env.params is not msgspec.UNSET else None)
    stream = "text/event-stream" in headers.get("accept", "") and (env.method == "subscriptions/listen" or (
        isinstance(meta, dict) and ("progressToken" in meta or eras.LOG_LEVEL_META_KEY in meta)))

    async def deliver(data: bytes) -> None:
        if not answer.done() and wire.peek(data).is_response:
            answer.set_result(data)
        elif stream:
            events.put_nowait(data)

    peer = proxy.attach(deliver, lasting=False, headers=headers, name="a 2026-07-28 exchange")
    watcher = asyncio.ensure_future(http_api.disconnected(receive))
    try:
        await proxy.on_host(peer, body)
        if stream:
            await _stream(send, answer, events, watcher)
        else:
            either: set[asyncio.Future[Any]] = {answer, watcher}
            done, _ = await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            if answer in done:
                data = answer.result()
                await _json(send, _status(data), data)
        if not answer.done():  # the client went away: cancel upstream
            await proxy.host_message(peer, Notification("notifications/cancelled", {"requestId": env.id, "reason": "client disconnected"}))
    finally:
        watcher.cancel()
        proxy.detach(peer)


async def _stream(send: Send, answer: asyncio.Future[bytes], events: asyncio.Queue[bytes], watcher: asyncio.Future[None]) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]})
    while True:
        getter = asyncio.ensure_future(events.get())
        waiting: set[asyncio.Future[Any]] = {answer, getter, watcher}
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if getter in done:
            await send({"type": "http.response.body", "body": _sse(getter.result()), "more_body": True})
            continue
        getter.cancel()
        if answer in done:
            while not events.empty():
                await send({"type": "http.response.body", "body": _sse(events.get_nowait()), "more_body": True})
            await send({"type": "http.response.body", "body": _sse(answer.result()), "more_body": False})
        return


def _sse(data: bytes) -> bytes:
    return b"event: message\r\ndata: " + data + b"\r\n\r\n"


def _status(data: bytes) -> int:
    env = wire.peek(data)
    if env.error is msgspec.UNSET:
        return 200
    code = wire.decode_params(env.error).get("code")
    return ERROR_CODE_HTTP_STATUS.get(code, 200) if isinstance(code, int) else 200


async def _read_message(receive: Receive, send: Send) -> tuple[bytes, wire.Envelope | None]:
    """The body and its JSON-RPC envelope; a body that is not JSON is answered (-32700) here."""
    body = await http_api.read_body(receive)
    try:
        return body, wire.peek(body)
    except msgspec.DecodeError:
        await _json(send, 400, wire.error(None, wire.PARSE_ERROR, "Parse error"))
        return body, None




def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` again for a body already read: the body once, then the client's own events."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def serve_http(settings: GuardSettings, proxy: Proxy, *, session_idle_s: float = SESSION_IDLE_S,
                     stop: asyncio.Future[Any] | None = None, grace_s: float = GRACE_S) -> None:
    """Serve ``http_app(proxy)`` on ``settings.bind:port`` until cancelled or ``stop`` is done,
    every request through the one guard of our HTTP servers (Host, Origin, token, body bounds:
    ``compiler.httpguard``; ``/healthz`` is a probe path there: any Host, no token). When ``stop`` is done (SIGTERM), the server stops accepting,
    ``/healthz`` answers 503, and in-flight calls get ``grace_s`` seconds to finish."""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield  # the proxy's own handlers stay (cli._on_signals): they drain through ``stop``

    # keep-alive longer than uvicorn's 5 s: a client reusing a connection the server has just
    # closed gets a read error on a POST it cannot safely retry (seen with 20 busy hosts).
    # No X-Forwarded-* rewriting (nothing here reads the client's address), no Server/Date
    # headers: per-request work that every forwarded call paid for nothing.
    app = guard(http_app(proxy, session_idle_s=session_idle_s), settings, probes=(HEALTH_PATH,))
    config = uvicorn.Config(app, host=settings.bind, port=settings.port, log_level="warning", lifespan="off",
                            timeout_keep_alive=120, timeout_graceful_shutdown=math.ceil(grace_s),
                            proxy_headers=False, server_header=False, date_header=False)
    server = Server(config)
    log.info("serving MCP over HTTP at http://%s:%d%s (2026-07-28 and handshake sessions)", settings.bind, settings.port, PATH)
    serving = asyncio.ensure_future(server.serve())
    try:
        await asyncio.wait({serving} if stop is None else {serving, stop}, return_when=asyncio.FIRST_COMPLETED)
        if not serving.done():
            proxy.draining = True
            log.info("draining: no new connections; in-flight calls have %g s to finish", grace_s)
            server.should_exit = True
            await serving
    finally:
        if not serving.done():
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)


async def _json(send: Send, status: int, data: bytes) -> None:
    await _whole(send, status, b"application/json", data)


async def _plain(send: Send, status: int, body: bytes) -> None:
    await _whole(send, status, b"text/plain", body)


async def _whole(send: Send, status: int, content_type: bytes, body: bytes) -> None:
    """One whole body, its length declared: without it uvicorn's httptools protocol answers
    chunked, even to an HTTP/1.0 request (HAProxy's plain health check is one)."""
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
