"""Byte-level transports: newline-delimited JSON-RPC over stdio, both towards the host and
towards a stdio upstream (the MCP stdio transport is exactly one JSON message per line).

An upstream never outlives the proxy (``shared/reference/host-lifecycle.md``: a surviving child
keeps the host's stderr pipe open, and the host then waits for it):

- it runs in its own process group, so stopping it reaches the whole tree (``npx`` wrappers,
  shells): stdin is closed first (the spec's polite stop), then SIGTERM to the group, then
  SIGKILL, each wait ``STOP_GRACE_S``;
- it gets SIGKILL from the kernel when the proxy dies, even by SIGKILL (``PR_SET_PDEATHSIG``, on
  Linux): it is started through a small ``exec`` wrapper that sets the signal (``spawn.py`` says
  which and why: not ``preexec_fn``, which runs Python in the forked child of a threaded
  process). That reaches the direct child only (a grandchild of an ``npx`` wrapper is reached by
  the group signals of an orderly stop, not by a SIGKILL of the proxy itself).

The wrappers ``exec`` the upstream in the same process: the pid logged and signalled, the group
it leads and the exit status logged when it ends are the upstream's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Sequence
from typing import Any

from . import spawn

LINE_LIMIT = 1 << 30
"""Largest message accepted (1 GiB): big results must pass; asyncio's default is 64 KiB."""
STOP_GRACE_S = 0.4
"""Each step of stopping the upstream waits this long. A host gives the proxy 2 s after ending
its stdin (the TypeScript client's close) and 1 s after disposing of a probe before it signals;
a well-behaved server exits at once on stdin EOF, so three steps of 0.4 s keep the proxy inside
the host's shortest wait even when the upstream needs SIGKILL."""
log = logging.getLogger("compile_ui.proxy")


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
        self._stdout: asyncio.StreamReader | None = None
        self._stdout_pipe: asyncio.BaseTransport | None = None
        self._group: int | None = None
        """The process group signalled: the upstream's, from its start until a stop ends. Then
        its id is free and may be taken by another process leading a group of its own, which a
        late signal (a second SIGTERM, a shutdown during the restart's backoff) would kill."""

    async def start(self) -> None:
        spawn.check_program(self.command, self.env, self.cwd)
        # The upstream's stdout is a pipe of our own, read as the host's stdin is: the subprocess
        # transport's pipes hand each read to the process's protocol through call_soon, one more
        # turn of the event loop for every answer (~25 µs of each forwarded call; bench_proxy.py).
        read_end, write_end = os.pipe()
        try:
            self.process = await asyncio.create_subprocess_exec(
                *spawn.wrapped(self.command),
                stdin=asyncio.subprocess.PIPE,
                stdout=write_end,
                stderr=None,  # the upstream's own logs go to our stderr, never to the host's stdout
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,  # setsid() in the child: no Python runs there
            )
        except BaseException:
            os.close(read_end)
            raise
        finally:
            os.close(write_end)  # the upstream holds it now: the pipe ends when it (and its children) exit
        self._group = self.process.pid
        reader = self._stdout = asyncio.StreamReader(limit=LINE_LIMIT)
        self._stdout_pipe, _ = await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(read_end, "rb", buffering=0))

    async def receive(self) -> bytes | None:
        assert self._stdout is not None
        try:
            line = await self._stdout.readline()
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

    async def stop(self, *, hurry: bool = False) -> None:
        """Stop it as a host stops a server: stdin closed, then SIGTERM, then SIGKILL to its group.
        In a ``hurry`` (the proxy itself was signalled) stdin end and SIGTERM go at once, as a host
        disposes of a probe: the host is waiting for the proxy's exit, not for a polite upstream.
        Cancelled half-way, it kills the group at once: nothing is left behind. Once stopped, stopping
        again does nothing."""
        process = self.process
        if process is None or self._group is None:
            return
        try:
            if process.returncode is None:
                if process.stdin is not None and not process.stdin.is_closing():
                    process.stdin.close()
                if hurry or not await _exited(process, STOP_GRACE_S):
                    _signal_group(process.pid, signal.SIGTERM)
                    if not await _exited(process, STOP_GRACE_S):
                        _signal_group(process.pid, signal.SIGKILL)
                        await _exited(process, STOP_GRACE_S)
        finally:
            self.kill()
            self._group = None
            if self._stdout_pipe is not None:
                self._stdout_pipe.close()
            if process.returncode is not None:
                log.info("upstream (pid %s) %s", process.pid, _ended(process.returncode))

    def kill(self) -> None:
        """SIGKILL to whatever of its group is left (a second signal, the last step of a stop)."""
        if self._group is not None:
            _signal_group(self._group, signal.SIGKILL)


async def _exited(process: asyncio.subprocess.Process, timeout: float) -> bool:
    try:
        await asyncio.wait_for(process.wait(), timeout)
        return True
    except TimeoutError:
        return False


def _ended(returncode: int) -> str:
    """How a process ended, from its ``returncode`` (negative: the signal that ended it)."""
    if returncode >= 0:
        return f"exited with status {returncode}"
    try:
        return f"ended by {signal.Signals(-returncode).name}"
    except ValueError:
        return f"ended by signal {-returncode}"


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
        self.pid: int | None = None
        self._stack: contextlib.AsyncExitStack | None = None
        self._read: Any = None
        """The SDK's receive stream of ``SessionMessage | Exception``."""
        self._write: Any = None

    async def start(self) -> None:
        from mcp.client.sse import sse_client
        from mcp.client.streamable_http import streamable_http_client
        from mcp.shared._httpx_utils import create_mcp_http_client

        stack = self._stack = contextlib.AsyncExitStack()
        connect: Any
        if self.transport == "sse":
            connect = sse_client(self.url, headers=self.headers or None)
        else:
            client = await stack.enter_async_context(create_mcp_http_client(headers=self.headers or None))
            connect = streamable_http_client(self.url, http_client=client)
        try:
            streams = await stack.enter_async_context(connect)
        except Exception as error:  # any connection failure: the supervisor retries with backoff
            await stack.aclose()
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
            data: bytes = item.message.model_dump_json(by_alias=True, exclude_unset=True).encode()
            return data

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

    def kill(self) -> None:
        """Nothing runs here to kill: the connection ends with the process."""

    async def stop(self, *, hurry: bool = False) -> None:
        if self._stack is not None:
            stack, self._stack = self._stack, None
            try:
                await stack.aclose()
            except Exception:  # closing a broken HTTP session must not stop the proxy
                pass
            self._read = self._write = None


def _modern_headers(data: bytes) -> Any:
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

    from ..codecs import eras
    from ..core import wire

    env = wire.peek(data)
    if not env.is_request or not isinstance(env.method, str):
        return None
    params = wire.decode_params(env.params)
    meta = params.get("_meta")
    version = meta.get(eras.PROTOCOL_VERSION_META_KEY) if isinstance(meta, dict) else None
    if not isinstance(version, str):
        return None
    headers = {MCP_PROTOCOL_VERSION_HEADER: version, MCP_METHOD_HEADER: env.method}
    name_key = NAME_BEARING_METHODS.get(env.method)
    name = params.get(name_key) if name_key is not None else None
    if isinstance(name, str):
        headers[MCP_NAME_HEADER] = encode_header_value(name)
    return ClientMessageMetadata(headers=headers)
