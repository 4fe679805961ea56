"""Serving hosts over HTTP (``--serve http``): both eras on one endpoint, many hosts at once.

``http_app(proxy)`` is one ASGI application for ``/mcp`` (and the plain JSON API under ``/api/``,
``http_api.py``):

- a 2026-07-28 request is a single-exchange POST (``MCP-Protocol-Version: 2026-07-28``, no
  ``Mcp-Session-Id``): one JSON-RPC request in, its answer out (``application/json``, or
  ``text/event-stream`` when the client accepts it and asked for progress). The envelope and the
  ``Mcp-Method``/``Mcp-Name`` headers are checked by the SDK's ladder (``eras.read_modern``); a
  notification is acknowledged with 202. Closing the response cancels the request upstream.
- anything else is the handshake-era streamable-HTTP session (``Session``): ``initialize``
  without a session id opens one, later requests name it (``Mcp-Session-Id``); each answer is one
  JSON body unless something for its request comes first, then a stream of server-sent events.

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

import msgspec
from mcp.shared.inbound import ERROR_CODE_HTTP_STATUS
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from compiler.httpguard import GuardSettings, guard

from ..codecs import eras, host_door
from ..codecs.jsonline import Refused
from ..core import wire
from ..core.messages import Notification
from . import http_api
from .http_api import Receive, Scope, Send
from .runtime import Proxy

log = logging.getLogger("compile_ui.proxy")
PATH = "/mcp"
HEALTH_PATH = "/healthz"
GRACE_S = 10.0
SESSION_IDLE_S = 3600.0
PING_S = 15.0
"""An SSE stream that has said nothing for this long gets a comment line, so idle connections
between here and the host (a balancer's timeout) stay open."""
NO_ANSWER = b""
"""A request's answer that will never come (the host cancelled it, or ended its session): its
response ends as an event stream with no events — not a JSON-RPC error the host would have to
route to a request it has forgotten (the official Python client fails on one)."""
BACKLOG = 100
"""Server-initiated messages a handshake-era session keeps while it has no stream to put them on."""


class InFlight:
    """The requests whose answers this HTTP server still owes, and the handshake-era GET streams
    it holds open, so that a shutdown whose grace has run out ends them itself (an error naming
    why; the stream's end) instead of having uvicorn cancel their tasks: a traceback in the log,
    a bare 500 for the host, and the stop 5 s later."""

    def __init__(self) -> None:
        self._owed: dict[asyncio.Future[bytes], Any] = {}
        self._streams: set[asyncio.Queue[bytes | None]] = set()

    def add(self, answer: asyncio.Future[bytes], request_id: Any) -> None:
        self._owed[answer] = request_id

    def discard(self, answer: asyncio.Future[bytes]) -> None:
        self._owed.pop(answer, None)

    def add_stream(self, stream: asyncio.Queue[bytes | None]) -> None:
        self._streams.add(stream)

    def discard_stream(self, stream: asyncio.Queue[bytes | None]) -> None:
        self._streams.discard(stream)

    def end(self) -> None:
        for answer, request_id in list(self._owed.items()):
            if not answer.done():
                answer.set_result(wire.error(request_id, wire.INTERNAL_ERROR, "the proxy stopped before this request finished"))
        for stream in self._streams:
            stream.put_nowait(None)  # the stream's end, as when its session ends


def http_app(proxy: Proxy, *, session_idle_s: float = SESSION_IDLE_S,
             in_flight: InFlight | None = None) -> Callable[[Scope, Receive, Send], Awaitable[None]]:
    """The ASGI application serving ``proxy`` at ``/mcp`` (the proxy must be started).
    A handshake-era session idle for ``session_idle_s`` is closed (a host that went away without
    ``DELETE`` would otherwise hold its session for ever)."""
    sessions: dict[str, Session] = {}
    owed = in_flight or InFlight()
    proxy.spawn(_expire_idle(sessions, session_idle_s))

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
            await _exchange(proxy, scope, receive, send, headers, owed)
        elif session_id is not None:
            session = sessions.get(session_id)
            if session is None:
                await _json(send, 404, wire.error(None, wire.INVALID_REQUEST, "Session not found"))
            else:
                await session.handle(scope, receive, send, headers)
        elif scope["method"] == "POST":
            await _open_session(proxy, sessions, scope, receive, send, headers, owed)
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


async def _expire_idle(sessions: dict[str, Session], idle_s: float) -> None:
    while True:
        await asyncio.sleep(min(idle_s / 4, 60.0))
        now = time.monotonic()
        for session in [s for s in sessions.values() if not s.busy and now - s.last_used > idle_s]:
            log.info("host session %s closed after %.0f s without a request", session.id[:8], idle_s)
            session.close()


async def _open_session(proxy: Proxy, sessions: dict[str, Session], scope: Scope, receive: Receive, send: Send,
                        headers: dict[str, str], owed: InFlight) -> None:
    env = await _read_message(proxy, receive, send)
    if env is None:
        return
    if env.method != "initialize":
        await _json(send, 400, wire.error(env.id if env.is_request else None, wire.INVALID_REQUEST,
                                          "Bad Request: no session; send initialize first, or use protocol 2026-07-28"))
        return
    if not await _acceptable(send, headers, both=True):
        return
    session = Session(proxy, sessions, owed)
    log.info("host session %s opened over HTTP", session.id[:8])
    await session.post(env, receive, send)


class _Pending:
    """A host's request of a session, waiting for its answer; what comes before it goes on its
    response's stream."""

    __slots__ = ("answer", "events")

    def __init__(self) -> None:
        self.answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.events: asyncio.Queue[bytes] = asyncio.Queue()


class Session:
    """One handshake-era streamable-HTTP session (``Mcp-Session-Id``): a lasting host of the
    router, served here without the SDK's transport (each message of which it validated into
    pydantic models and back, and each answer of which it streamed as server-sent events: three
    times the CPU of a 2026-07-28 exchange per forwarded read).

    - ``POST`` a request: its answer is one ``application/json`` body, unless something for that
      request comes first (progress, or a question or a log line while no ``GET`` stream is open):
      then the response becomes ``text/event-stream`` and carries those, then the answer. A
      notification or a response: ``202``. A client that goes away cancels its request upstream.
    - ``GET``: the session's one stream of server-initiated messages (``409`` for a second). What
      arrives while no stream is open waits for one (``BACKLOG`` messages at most).
    - ``DELETE``: the session ends; later requests naming it get ``404``. A request the host
      cancelled, or still open when its session ends, gets no answer (``NO_ANSWER``).

    The checks are the transport's (spec 2025-11-25, "Streamable HTTP"): a ``POST`` must accept
    ``application/json`` and ``text/event-stream`` (406) and send ``application/json`` (415); a
    ``GET`` must accept ``text/event-stream`` (406). No resumability (``Last-Event-ID``): the
    spec makes it optional, and nothing is stored to replay."""

    def __init__(self, proxy: Proxy, sessions: dict[str, Session], owed: InFlight) -> None:
        self.id = uuid.uuid4().hex
        self._proxy, self._sessions, self._owed = proxy, sessions, owed
        self._pending: dict[bytes, _Pending] = {}
        self._progress: dict[bytes, bytes] = {}
        """progressToken (JSON bytes) → the request (its id's JSON bytes) it reports on."""
        self._stream: asyncio.Queue[bytes | None] | None = None
        """The open GET stream's queue (``None`` in it ends the stream)."""
        self._backlog: list[bytes] = []
        self.last_used = time.monotonic()
        self.closed = False
        self.peer = proxy.attach(self._deliver, name=f"HTTP session {self.id[:8]}")
        sessions[self.id] = self

    @property
    def busy(self) -> bool:
        """A request in flight or an open stream holds the session against the idle timeout."""
        return bool(self._pending) or self._stream is not None

    async def handle(self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]) -> None:
        self.last_used = time.monotonic()
        try:
            method = scope["method"]
            if method == "POST":
                if not await _acceptable(send, headers, both=True):
                    return
                env = await _read_message(self._proxy, receive, send)
                if env is not None:
                    await self.post(env, receive, send)
            elif method == "GET":
                if await _acceptable(send, headers, both=False):
                    await self._listen(receive, send)
            elif method == "DELETE":
                self.close()
                await _whole(send, 200, b"application/json", b"", self._header())
            else:
                await _whole(send, 405, b"application/json",
                             wire.error(None, wire.INVALID_REQUEST, "Method Not Allowed"),
                             [(b"allow", b"GET, POST, DELETE"), *self._header()])
        finally:
            self.last_used = time.monotonic()

    def _header(self) -> list[tuple[bytes, bytes]]:
        return [(b"mcp-session-id", self.id.encode())]

    async def post(self, env: wire.Envelope, receive: Receive, send: Send) -> None:
        if not env.is_request:  # a notification, or the host's answer to a question
            await _whole(send, 202, b"application/json", b"", self._header())
            if env.method == "notifications/cancelled":
                self._unanswered(wire.decode_params(env.params).get("requestId") if env.params is not msgspec.UNSET else None)
            await self._proxy.on_envelope(self.peer, env)
            return
        key = env.key
        if key in self._pending:
            await _json(send, 400, wire.error(env.id, wire.INVALID_REQUEST, "a request with this id is already in flight"),
                        self._header())
            return
        token = _progress_token(env)
        pending = self._pending[key] = _Pending()
        self._owed.add(pending.answer, env.id)
        if token is not None:
            self._progress[token] = key
        watcher = asyncio.ensure_future(http_api.disconnected(receive))
        try:
            await self._proxy.on_envelope(self.peer, env)
            answered = await _respond(send, pending.answer, pending.events, watcher, self._header())
            if not answered and not self.closed:  # the client went away: cancel upstream
                await self._proxy.host_message(self.peer, Notification(
                    "notifications/cancelled", {"requestId": env.id, "reason": "client disconnected"}))
        finally:
            watcher.cancel()
            self._pending.pop(key, None)
            self._owed.discard(pending.answer)
            if token is not None:
                self._progress.pop(token, None)

    async def _listen(self, receive: Receive, send: Send) -> None:
        if self._stream is not None:
            await _json(send, 409, wire.error(None, wire.INVALID_REQUEST, "Conflict: Only one SSE stream is allowed per session"),
                        self._header())
            return
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        for data in self._backlog:
            queue.put_nowait(data)
        self._backlog.clear()
        self._stream = queue
        self._owed.add_stream(queue)
        watcher = asyncio.ensure_future(http_api.disconnected(receive))
        try:
            await _sse_start(send, self._header())
            while True:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter, watcher}, timeout=PING_S, return_when=asyncio.FIRST_COMPLETED)
                if getter not in done:
                    getter.cancel()
                    if watcher in done:
                        return
                    await send({"type": "http.response.body", "body": b": ping\r\n\r\n", "more_body": True})
                    continue
                item = getter.result()
                if item is None:  # the session ended
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                await send({"type": "http.response.body", "body": _sse(item), "more_body": True})
        finally:
            watcher.cancel()
            self._owed.discard_stream(queue)
            if self._stream is queue:
                self._stream = None

    async def _deliver(self, data: bytes) -> None:
        """What the router sends this host: an answer to its request's response; progress to the
        request it reports on; anything else to the GET stream, or (a question, a log line) to the
        newest request's response while no GET stream is open, or to the backlog."""
        env = wire.peek(data)
        if env.is_response:
            pending = self._pending.get(env.key)
            if pending is not None and not pending.answer.done():
                pending.answer.set_result(data)
            return
        if env.method == "notifications/progress":
            token = _progress_token(env, in_params=True)
            request = self._progress.get(token) if token is not None else None
            if request is not None and request in self._pending:
                self._pending[request].events.put_nowait(data)
                return
        if self._stream is not None:
            self._stream.put_nowait(data)
        elif (env.is_request or env.method == "notifications/message") and self._pending:
            next(reversed(self._pending.values())).events.put_nowait(data)
        elif len(self._backlog) < BACKLOG:
            self._backlog.append(data)
        else:
            log.warning("host session %s: no stream open and %d messages waiting; %s dropped",
                        self.id[:8], BACKLOG, env.method)

    def _unanswered(self, request_id: Any) -> None:
        """The host gave up on its request: no answer will come (the spec: a cancelled request is
        not answered), so its response ends, empty."""
        pending = self._pending.get(wire.encode(request_id))
        if pending is not None and not pending.answer.done():
            pending.answer.set_result(NO_ANSWER)

    def close(self) -> None:
        """End the session: its open requests end with no answer, its stream closes, the router is told."""
        if self.closed:
            return
        self.closed = True
        self._sessions.pop(self.id, None)
        for pending in self._pending.values():
            if not pending.answer.done():
                pending.answer.set_result(NO_ANSWER)
        if self._stream is not None:
            self._stream.put_nowait(None)
        self._proxy.detach(self.peer)
        log.info("host session %s ended", self.id[:8])


def _progress_token(env: wire.Envelope, *, in_params: bool = False) -> bytes | None:
    """The progress token of a request (``params._meta.progressToken``) or of a progress
    notification (``params.progressToken``), as JSON bytes."""
    if env.params is msgspec.UNSET:
        return None
    # a request's params may be large (a call's arguments): only its _meta is decoded
    holder = wire.decode_params(env.params) if in_params else wire.meta_of(env.params)
    if not isinstance(holder, dict) or "progressToken" not in holder:
        return None
    return wire.encode(holder["progressToken"])


async def _acceptable(send: Send, headers: dict[str, str], *, both: bool) -> bool:
    """The transport's header checks: a POST accepts JSON and SSE and sends JSON; a GET accepts SSE."""
    accept = {part.split(";")[0].strip().lower() for part in headers.get("accept", "").split(",")}
    json_ok = bool(accept & {"application/json", "application/*", "*/*"})
    sse_ok = bool(accept & {"text/event-stream", "text/*", "*/*"})
    if both and not (json_ok and sse_ok):
        await _json(send, 406, wire.error(None, wire.INVALID_REQUEST,
                                          "Not Acceptable: Client must accept both application/json and text/event-stream"))
        return False
    if not both and not sse_ok:
        await _json(send, 406, wire.error(None, wire.INVALID_REQUEST, "Not Acceptable: Client must accept text/event-stream"))
        return False
    if both and headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        await _json(send, 415, wire.error(None, wire.INVALID_REQUEST, "Unsupported Media Type: Content-Type must be application/json"))
        return False
    return True


async def _exchange(proxy: Proxy, scope: Scope, receive: Receive, send: Send, headers: dict[str, str],
                    owed: InFlight) -> None:
    """One 2026-07-28 POST: the request through the router, its answer back."""
    env = await _read_message(proxy, receive, send)
    if env is None:
        return
    if env.is_notification:
        await _plain(send, 202, b"")
        return
    if not env.is_request:
        await _json(send, 400, wire.error(None, wire.INVALID_REQUEST, "Body must be a single JSON-RPC request or notification object"))
        return
    answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
    owed.add(answer, env.id)
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
        await proxy.on_envelope(peer, env)
        answered = await _respond(send, answer, events if stream else None, watcher, stream_now=stream, status=_status)
        if not answered:  # the client went away: cancel upstream
            await proxy.host_message(peer, Notification("notifications/cancelled", {"requestId": env.id, "reason": "client disconnected"}))
    finally:
        watcher.cancel()
        owed.discard(answer)
        proxy.detach(peer)


async def _respond(send: Send, answer: asyncio.Future[bytes], events: asyncio.Queue[bytes] | None,
                   watcher: asyncio.Future[None], headers: list[tuple[bytes, bytes]] | None = None, *,
                   stream_now: bool = False, status: Callable[[bytes], int] = lambda _: 200) -> bool:
    """A request's answer as its HTTP response: one JSON body, or a stream of server-sent events
    when ``stream_now`` or when something in ``events`` comes before the answer (the events, then
    the answer). False when the client went away before the answer."""
    extra = headers or []
    streaming = False
    if stream_now:
        await _sse_start(send, extra)
        streaming = True
    while True:
        getter = asyncio.ensure_future(events.get()) if events is not None else None
        waiting: set[asyncio.Future[Any]] = {answer, watcher} if getter is None else {answer, watcher, getter}
        done, _ = await asyncio.wait(waiting, timeout=PING_S if streaming else None, return_when=asyncio.FIRST_COMPLETED)
        if getter is not None:
            if getter in done:
                if not streaming:
                    await _sse_start(send, extra)
                    streaming = True
                await send({"type": "http.response.body", "body": _sse(getter.result()), "more_body": True})
                continue
            getter.cancel()
        if answer in done:
            data = answer.result()
            if data == NO_ANSWER:  # a stream of no events: what the SDK's clients read as "no answer"
                if not streaming:
                    await _sse_start(send, extra)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return True
            if not streaming:
                await _whole(send, status(data), b"application/json", data, extra)
                return True
            while events is not None and not events.empty():
                await send({"type": "http.response.body", "body": _sse(events.get_nowait()), "more_body": True})
            await send({"type": "http.response.body", "body": _sse(data), "more_body": False})
            return True
        if watcher in done:
            return False
        await send({"type": "http.response.body", "body": b": ping\r\n\r\n", "more_body": True})  # quiet for PING_S


async def _sse_start(send: Send, headers: list[tuple[bytes, bytes]]) -> None:
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache"), *headers]})


def _sse(data: bytes) -> bytes:
    return b"event: message\r\ndata: " + data + b"\r\n\r\n"


def _status(data: bytes) -> int:
    env = wire.peek(data)
    if env.error is msgspec.UNSET:
        return 200
    code = wire.decode_params(env.error).get("code")
    return ERROR_CODE_HTTP_STATUS.get(code, 200) if isinstance(code, int) else 200


async def _read_message(proxy: Proxy, receive: Receive, send: Send) -> wire.Envelope | None:
    """The body's JSON-RPC envelope, read by the host's door (``codecs/host_door.py``); a body it
    refuses is answered here (400 and the JSON-RPC error; 202 for a notification)."""
    read = host_door.read(await http_api.read_body(receive))
    if isinstance(read, Refused):
        log.warning("an HTTP host: %s", read.why)
        if read.answer is None:
            await _plain(send, 202, b"")
        else:
            await _json(send, 400, wire.message(id=read.answer.id, error=read.answer.error))
        return None
    if read.repairs:
        proxy.repaired("an HTTP host's message", read.repairs)
    return read.envelope




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
    owed = InFlight()
    app = guard(http_app(proxy, session_idle_s=session_idle_s, in_flight=owed), settings, probes=(HEALTH_PATH,))
    config = uvicorn.Config(app, host=settings.bind, port=settings.port, log_level="warning", lifespan="off",
                            timeout_keep_alive=120, timeout_graceful_shutdown=math.ceil(grace_s) + 5,
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
            # the grace is ours: when it ends, what is still owed is answered here (uvicorn's own
            # timeout, a few seconds later, would cancel the tasks instead)
            ended = asyncio.get_running_loop().call_later(grace_s, owed.end)
            try:
                await serving
            finally:
                ended.cancel()
    finally:
        if not serving.done():
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)


async def _json(send: Send, status: int, data: bytes, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    await _whole(send, status, b"application/json", data, headers)


async def _plain(send: Send, status: int, body: bytes) -> None:
    await _whole(send, status, b"text/plain", body)


async def _whole(send: Send, status: int, content_type: bytes, body: bytes,
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """One whole body, its length declared: without it uvicorn's httptools protocol answers
    chunked, even to an HTTP/1.0 request (HAProxy's plain health check is one)."""
    head = [(b"content-type", content_type), (b"content-length", str(len(body)).encode()), *(headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})
