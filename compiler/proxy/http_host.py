"""Serving the host over streamable HTTP (``--serve http``), for remote use.

The SDK's ``StreamableHTTPServerTransport`` does the HTTP side (POST + SSE, sessions, the
``Mcp-Session-Id`` header); this module adapts its message streams to the byte channel the proxy
routes. One host session at a time, as over stdio: when it ends (DELETE, or the client goes), the
next ``initialize`` starts a new session and a fresh upstream.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

import anyio
import mcp_types
from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.shared.message import ServerMessageMetadata, SessionMessage

from compiler.httpguard import GuardSettings, guard

from . import wire

log = logging.getLogger("compile_ui.proxy")


class HostHTTP:
    """The host side over one streamable HTTP session."""

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
            data = item.message.model_dump_json(by_alias=True, exclude_unset=True).encode()
            self._remember_progress(data)
            return data

    async def send(self, data: bytes) -> None:
        message = mcp_types.jsonrpc_message_adapter.validate_json(data, by_name=False)
        metadata = None
        env = wire.peek(data)
        if env.method == "notifications/progress":
            token = wire.encode((env.params_json() or {}).get("progressToken"))
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


async def serve_http(settings: GuardSettings, make_proxy) -> None:
    """Serve sessions one after another on ``settings.bind:port`` (path ``/mcp``), every request
    through the guard (Host, Origin, token, body bounds)."""
    import uvicorn

    current: dict[str, StreamableHTTPServerTransport] = {}

    async def app(scope, receive, send) -> None:
        if scope["type"] != "http":
            return
        transport = current.get("transport")
        if scope["path"].rstrip("/") != "/mcp" or transport is None:
            await _plain(send, 404, b"not found")
            return
        await transport.handle_request(scope, receive, send)

    port = settings.port
    config = uvicorn.Config(guard(app, settings), host=settings.bind, port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    serving = asyncio.ensure_future(server.serve())
    try:
        while not serving.done():
            transport = StreamableHTTPServerTransport(mcp_session_id=uuid.uuid4().hex)
            current["transport"] = transport
            async with transport.connect() as (read, write):
                log.info("serving MCP over HTTP at http://%s:%d/mcp", settings.bind, port)
                await make_proxy(HostHTTP(read, write)).run()
            log.info("host session ended")
    finally:
        server.should_exit = True
        await asyncio.gather(serving, return_exceptions=True)


async def _plain(send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": body})
