"""Byte-level transports: newline-delimited JSON-RPC over stdio, both towards the host and
towards a stdio upstream (the MCP stdio transport is exactly one JSON message per line).

The upstream runs in its own process group, so shutting it down reaches the whole tree
(``npx`` wrappers, shells): stdin is closed first (the spec's polite stop), then SIGTERM, then
SIGKILL, each wait bounded — no orphans.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Sequence

LINE_LIMIT = 1 << 30
"""Largest message accepted (1 GiB): big results must pass; asyncio's default is 64 KiB."""
STOP_GRACE_S = 2.0


class HostStdio:
    """The host side over the proxy's own stdin/stdout (stdout carries only the protocol)."""

    def __init__(self) -> None:
        self._reader: asyncio.StreamReader | None = None
        self._out = sys.stdout.buffer
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=LINE_LIMIT)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        self._reader = reader

    async def receive(self) -> bytes | None:
        assert self._reader is not None
        line = await self._reader.readline()
        return line or None

    async def send(self, data: bytes) -> None:
        # a blocking write of one line; stdout is a pipe read by the host
        self._out.write(data + b"\n")
        self._out.flush()


class UpstreamStdio:
    """One run of the upstream server as a subprocess."""

    def __init__(self, command: Sequence[str], env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        self.command = list(command)
        self.env = env
        self.cwd = cwd
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=None,  # the upstream's own logs go to our stderr, never to the host's stdout
            env=self.env,
            cwd=self.cwd,
            limit=LINE_LIMIT,
            start_new_session=True,
        )

    async def receive(self) -> bytes | None:
        assert self.process is not None and self.process.stdout is not None
        try:
            line = await self.process.stdout.readline()
        except (ValueError, asyncio.LimitOverrunError, ConnectionError):
            return None
        return line or None

    async def send(self, data: bytes) -> None:
        process = self.process
        if process is None or process.stdin is None or process.stdin.is_closing():
            raise ConnectionError("upstream is not running")
        process.stdin.write(data + b"\n")
        await process.stdin.drain()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    async def stop(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        if await _exited(process, STOP_GRACE_S):
            return
        _signal_group(process.pid, signal.SIGTERM)
        if await _exited(process, STOP_GRACE_S):
            return
        _signal_group(process.pid, signal.SIGKILL)
        await _exited(process, STOP_GRACE_S)


async def _exited(process: asyncio.subprocess.Process, timeout: float) -> bool:
    try:
        await asyncio.wait_for(process.wait(), timeout)
        return True
    except TimeoutError:
        return False


def _signal_group(pid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class UpstreamSDK:
    """An upstream reached through one of the official SDK's client transports (streamable HTTP
    or SSE). Messages cross as the SDK's ``SessionMessage``; only here are they converted to and
    from the wire bytes the rest of the proxy routes (HTTP costs far more than the conversion)."""

    def __init__(self, url: str, transport: str = "streamable-http", headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.transport = transport
        self.headers = dict(headers or {})
        self.pid = None
        self._stack = None
        self._read = self._write = None

    async def start(self) -> None:
        import contextlib

        from mcp.client.sse import sse_client
        from mcp.client.streamable_http import streamable_http_client
        from mcp.shared._httpx_utils import create_mcp_http_client

        self._stack = contextlib.AsyncExitStack()
        if self.transport == "sse":
            connect = sse_client(self.url, headers=self.headers or None)
        else:
            client = await self._stack.enter_async_context(create_mcp_http_client(headers=self.headers or None))
            connect = streamable_http_client(self.url, http_client=client)
        try:
            streams = await self._stack.enter_async_context(connect)
        except Exception as error:  # any connection failure: the supervisor retries with backoff
            await self._stack.aclose()
            raise OSError(f"cannot connect to {self.url}: {error}") from error
        self._read, self._write = streams[0], streams[1]

    async def receive(self) -> bytes | None:
        import anyio

        while True:
            try:
                item = await self._read.receive()
            except (anyio.EndOfStream, anyio.ClosedResourceError):
                return None
            if isinstance(item, Exception):  # the SDK surfaces transport errors in the stream
                continue
            return item.message.model_dump_json(by_alias=True, exclude_unset=True).encode()

    async def send(self, data: bytes) -> None:
        import anyio
        import mcp_types
        from mcp.shared.message import SessionMessage

        if self._write is None:
            raise ConnectionError("upstream is not connected")
        message = mcp_types.jsonrpc_message_adapter.validate_json(data, by_name=False)
        try:
            await self._write.send(SessionMessage(message, metadata=_modern_headers(data)))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError) as error:
            raise ConnectionError("upstream connection closed") from error

    async def stop(self) -> None:
        if self._stack is not None:
            stack, self._stack = self._stack, None
            try:
                await stack.aclose()
            except Exception:  # closing a broken HTTP session must not stop the proxy
                pass
            self._read = self._write = None


def _modern_headers(data: bytes):
    """The HTTP headers a 2026-07-28 request needs beside its body (``MCP-Protocol-Version``,
    ``Mcp-Method``, ``Mcp-Name``: a modern server checks them against the envelope), as the SDK
    transport's per-message metadata; ``None`` for anything else."""
    from mcp.shared.inbound import (
        MCP_METHOD_HEADER,
        MCP_NAME_HEADER,
        MCP_PROTOCOL_VERSION_HEADER,
        NAME_BEARING_METHODS,
        encode_header_value,
    )
    from mcp.shared.message import ClientMessageMetadata

    from . import eras, wire

    if eras.PROTOCOL_VERSION_META_KEY.encode() not in data:
        return None
    env = wire.peek(data)
    params = env.params_json() if env.is_request else None
    meta = params.get("_meta") if isinstance(params, dict) else None
    version = meta.get(eras.PROTOCOL_VERSION_META_KEY) if isinstance(meta, dict) else None
    if not isinstance(version, str):
        return None
    headers = {MCP_PROTOCOL_VERSION_HEADER: version, MCP_METHOD_HEADER: env.method}
    name_key = NAME_BEARING_METHODS.get(env.method)
    if name_key is not None and isinstance(params.get(name_key), str):
        headers[MCP_NAME_HEADER] = encode_header_value(params[name_key])
    return ClientMessageMetadata(headers=headers)
