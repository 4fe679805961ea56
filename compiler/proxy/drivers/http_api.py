"""A plain JSON API beside ``/mcp`` (``--serve http``), for scripts and agents without MCP Apps:

    GET  /api/tools                          the tools, as an MCP Apps host sees them
    POST /api/tools/<name>   {arguments}     the tool's CallToolResult, as JSON
    GET  /api/events?after=<n>&timeout=<s>   user answers (``_ui_render``) and runs started from
                                             pages, after event ``n``; waits up to ``timeout``
                                             seconds (at most 60) for the next when there is none;
                                             the same on every replica of a shared store (503
                                             while the store does not answer)

Calls go through the router like any host's (a channel of their own, handshake era, MCP Apps
on), so ``_ui_render`` and the management tools work here too. The guard in front of every HTTP
server of ours (``compiler.httpguard``) checks Host, Origin, the token, the content type and
the body's size before a request reaches this module; no CORS header is ever sent.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs, unquote

import msgspec
from mcp.shared.inbound import ERROR_CODE_HTTP_STATUS

from compiler.apps import APP_MIME_TYPE, UI_EXTENSION

from ..codecs import jsonline
from ..core import wire
from ..core.messages import Caller, Notification, Request
from ..services.renders import MAX_EVENT_WAIT_S
from ..store.base import StoreError
from .runtime import Proxy

PREFIX = "/api/"
CALL_TIMEOUT_S = 330.0
"""Longer than the longest ``_ui_render`` wait (300 s)."""
_ids = itertools.count(1)
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
"""ASGI's three, as the HTTP drivers use them."""
API_CALLER = Caller({"extensions": {UI_EXTENSION: {"mimeTypes": [APP_MIME_TYPE]}}}, {"name": "compile-ui JSON API", "version": "0"})
"""The JSON API's requests: MCP Apps on (the tools decorated, the ``_ui_*`` tools answered)."""


async def handle(proxy: Proxy, scope: Scope, receive: Receive, send: Send) -> None:
    path, method = scope["path"], scope["method"]
    if path.rstrip("/") == "/api/tools" and method == "GET":
        await _reply(send, 200, {"tools": await _tools(proxy)})
    elif path.startswith("/api/tools/") and method == "POST":
        body = await read_body(receive)
        gone = asyncio.ensure_future(disconnected(receive))
        try:
            await _call(proxy, unquote(path[len("/api/tools/"):]), body, send, gone)
        finally:
            gone.cancel()
    elif path.rstrip("/") == "/api/events" and method == "GET":
        await _events(proxy, scope, send)
    elif path.rstrip("/") in ("/api/tools", "/api/events") or path.startswith("/api/tools/"):
        await _reply(send, 405, {"error": f"{method} is not allowed on {path}"})
    else:
        await _reply(send, 404, {"error": f"no API at {path}: GET /api/tools, POST /api/tools/<name>, GET /api/events"})


async def _tools(proxy: Proxy) -> list[dict[str, Any]]:
    """Every page of the listing (the upstream may paginate; a bound on pages against a loop)."""
    tools, cursor = [], None
    for _ in range(1000):
        answer = await _request(proxy, "tools/list", {"cursor": cursor} if cursor else {})
        result = (answer or {}).get("result") or {}
        tools += result.get("tools", [])
        cursor = result.get("nextCursor")
        if not cursor:
            break
    return tools


async def _call(proxy: Proxy, name: str, body: bytes, send: Send, gone: asyncio.Future[None]) -> None:
    read = jsonline.read_value(body or b"{}")  # the host's door's reading: bounded, repaired
    if isinstance(read, jsonline.Unreadable):
        await _reply(send, 400, {"error": f"the body {read.why}"})
        return
    arguments, repairs = read
    if repairs:
        proxy.repaired("a JSON API body", repairs)
    if not isinstance(arguments, dict):
        await _reply(send, 400, {"error": "the body must be a JSON object: the tool's arguments"})
        return
    if not name:
        await _reply(send, 404, {"error": "name a tool: POST /api/tools/<name>"})
        return
    answer = await _request(proxy, "tools/call", {"name": name, "arguments": arguments}, gone)
    if answer is None:
        return  # the client went away; the call was cancelled
    if "error" in answer:
        failure = answer["error"] if isinstance(answer["error"], dict) else {}
        code = failure.get("code")
        await _reply(send, ERROR_CODE_HTTP_STATUS.get(code, 502) if isinstance(code, int) else 502, {"error": failure})
    else:
        await _reply(send, 200, answer.get("result"))


async def _events(proxy: Proxy, scope: Scope, send: Send) -> None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    try:
        after = int(query.get("after", ["0"])[0])
        timeout = float(query.get("timeout", ["0"])[0])
    except ValueError:
        await _reply(send, 400, {"error": "after must be an integer and timeout a number of seconds"})
        return
    if not 0 <= timeout <= MAX_EVENT_WAIT_S:
        await _reply(send, 400, {"error": f"timeout must be from 0 to {MAX_EVENT_WAIT_S:g} seconds"})
        return
    try:
        found, latest = await proxy.local.asking.events.wait(after, timeout)
    except StoreError as error:
        await _reply(send, 503, {"error": f"the store that keeps the events is unavailable ({error}); try again shortly"})
        return
    await _reply(send, 200, {"events": found, "next": found[-1]["seq"] if found else max(after, 0), "latest": latest})


async def _request(proxy: Proxy, method: str, params: dict[str, Any], gone: asyncio.Future[None] | None = None) -> dict[str, Any] | None:
    """One request through the router, on a channel of its own; the JSON-RPC answer (``None``:
    the client went away first, and the request was cancelled)."""
    answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    async def deliver(data: bytes) -> None:
        if not answer.done() and wire.peek(data).is_response:
            answer.set_result(data)

    peer = proxy.attach(deliver, lasting=False, name="the JSON API")
    request_id = f"api-{next(_ids)}"
    try:
        await proxy.host_message(peer, Request(request_id, method, params, API_CALLER, askable=False))
        waiting: set[asyncio.Future[Any]] = {answer} if gone is None else {answer, gone}
        await asyncio.wait(waiting, timeout=CALL_TIMEOUT_S, return_when=asyncio.FIRST_COMPLETED)
        if not answer.done():  # the client went away, or the call outlived every bound: cancel it
            await proxy.host_message(peer, Notification("notifications/cancelled", {"requestId": request_id}))
            return None
        decoded: dict[str, Any] = msgspec.json.decode(answer.result())
        return decoded
    finally:
        proxy.detach(peer)


async def read_body(receive: Receive) -> bytes:
    """The whole body (its size and the time it takes are bounded by the guard in front)."""
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def disconnected(receive: Receive) -> None:
    """Returns when the client closes the connection."""
    while (await receive()).get("type") != "http.disconnect":
        pass


async def _reply(send: Send, status: int, value: Any) -> None:
    body = json.dumps(value, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})
