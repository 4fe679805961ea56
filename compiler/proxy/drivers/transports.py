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
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

from . import spawn

LINE_LIMIT = 1 << 30
"""Largest message accepted (1 GiB): big results must pass; asyncio's default is 64 KiB."""
STOP_GRACE_S = 0.4
"""Each step of stopping the upstream waits this long. A host gives the proxy 2 s after ending
its stdin (the TypeScript client's close) and 1 s after disposing of a probe before it signals;
a well-behaved server exits at once on stdin EOF, so three steps of 0.4 s keep the proxy inside
the host's shortest wait even when the upstream needs SIGKILL."""
log = logging.getLogger("compile_ui.proxy")

Work = Awaitable[None] | None
"""What handling a line left to do: nothing (it was done inside the read's callback), or what
must be awaited before the next line (a write to drain, a message waiting for the upstream)."""
OnLine = Callable[[bytes], Work]


class LinePump(asyncio.Protocol):
    """A read pipe's lines handed to ``on_line`` inside the transport's own callback.

    A forwarded call is two lines, one each way; read through a ``StreamReader`` each wakes a
    coroutine (a future resolved, a task stepped: one more turn of the event loop per message,
    most of what the proxy added to a call; ``bench_proxy.py``). Here a line is framed and
    handled in ``data_received``. When its handling leaves work to await, reading pauses and
    the lines already read wait behind it, in order: what ``readline`` in a loop did, the
    back-pressure included (a host's stdin is not read while a write to the upstream drains).

    ``done`` is set when the pipe ends and every line has been handled; with the exception of
    a handler that failed (the reader of that pipe failed: the caller decides what it means).
    A line past ``limit`` goes to ``on_overrun`` (``None``: the pipe is taken as ended).
    """

    def __init__(self, on_line: OnLine, on_overrun: Callable[[], Work] | None = None, limit: int = LINE_LIMIT) -> None:
        self.on_line, self.on_overrun, self.limit = on_line, on_overrun, limit
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()
        self._skipping = False
        """The rest of a line past the limit is dropped, up to its newline."""
        self._waiting: deque[bytes | None] = deque()
        """Lines read while an earlier line's work is awaited (``None``: an overrun)."""
        self._task: asyncio.Task[None] | None = None
        self._transport: asyncio.ReadTransport | None = None
        self._ended = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.ReadTransport, transport)  # uvloop's are not its subclasses

    def data_received(self, data: bytes) -> None:
        if self.done.done():
            return
        end = data.find(b"\n")
        if end == len(data) - 1 and end >= 0 and not self._buffer and not self._skipping:
            # one whole line in one read, the usual case (a forwarded call's messages)
            if end > self.limit:
                self._overrun(skip=False)
            elif line := data.strip():
                self._line(line)
            return
        if self._skipping:  # the rest of a line past the limit, dropped up to its newline
            first = data.find(b"\n")
            if first < 0:
                return
            self._skipping = False
            data = data[first + 1:]
        end = data.rfind(b"\n")
        if end < 0:  # a part of a line (a big one comes in many reads)
            self._buffer += data
            if len(self._buffer) > self.limit:
                self._overrun(skip=True)
            return
        if self._buffer:  # the line begun in earlier reads ends in this one
            first = data.index(b"\n")
            if len(self._buffer) + first > self.limit:
                self._overrun(skip=False)
                lines = data[first + 1:end].split(b"\n")
            else:
                self._buffer += data[:end]
                lines = bytes(self._buffer).split(b"\n")
            self._buffer.clear()
        else:
            lines = data[:end].split(b"\n")
        if end + 1 < len(data):
            self._buffer += data[end + 1:]
        for line in lines:
            if len(line) > self.limit:  # a whole line past the limit in one read
                self._overrun(skip=False)
                continue
            line = line.strip()
            if line and not self.done.done():
                self._line(line)

    def _overrun(self, *, skip: bool) -> None:
        self._buffer.clear()
        self._skipping = skip
        if self.on_overrun is None:
            self.stop()
        else:
            self._line(None)

    def _line(self, line: bytes | None) -> None:
        if self._task is not None:
            self._waiting.append(line)
            return
        try:
            work = self.on_line(line) if line is not None else self.on_overrun() if self.on_overrun else None
        except Exception as error:  # noqa: BLE001 - the handler's fault ends this pipe's reading; the caller says what that means
            self._finish(error)
            self.stop()
            return
        if work is not None:
            if self._transport is not None and not self._transport.is_closing():
                self._transport.pause_reading()
            self._task = asyncio.ensure_future(self._drain(work))

    async def _drain(self, first: Awaitable[None]) -> None:
        """The work a line left, then the lines that waited for it, until none waits."""
        try:
            await first
            while self._waiting:
                line = self._waiting.popleft()
                if line is None:
                    work = self.on_overrun() if self.on_overrun else None
                else:
                    work = self.on_line(line)
                if work is not None:
                    await work
        except Exception as error:  # noqa: BLE001 - as in _line
            self._finish(error)
            self.stop()
            return
        finally:
            self._task = None
        if self._ended:
            self._finish(None)
        elif self._transport is not None and not self._transport.is_closing():
            self._transport.resume_reading()

    def eof_received(self) -> bool | None:
        self._end()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()

    def _end(self) -> None:
        if self._ended:
            return
        self._ended = True
        last = bytes(self._buffer).strip()  # a last line without its newline, as readline gives it
        self._buffer.clear()
        if last and not self._skipping and not self.done.done():
            self._line(last)
        if self._task is None:
            self._finish(None)

    def _finish(self, error: Exception | None) -> None:
        if not self.done.done():
            if error is None:
                self.done.set_result(None)
            else:
                self.done.set_exception(error)

    def stop(self) -> None:
        """Hand over nothing more: the awaited work cancelled, what is read from now on dropped.
        The pipe stays open (its owner closes it): a writer that is still writing, an upstream
        answering on its way out, must not get EPIPE."""
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._finish(None)


class HostStdio:
    """The host side over the proxy's own stdin/stdout (stdout carries only the protocol)."""

    def __init__(self) -> None:
        self._out = sys.stdout.buffer

    async def pump(self, on_line: OnLine, on_overrun: Callable[[], Work]) -> None:
        """Hand every line of stdin to ``on_line`` (``LinePump``) until the host closes it."""
        pump = LinePump(on_line, on_overrun)
        await asyncio.get_running_loop().connect_read_pipe(lambda: pump, sys.stdin)
        try:
            await pump.done
        finally:
            pump.stop()

    def write(self, data: bytes) -> None:
        # a blocking write of one line; stdout is a pipe read by the host
        self._out.write(data + b"\n")
        self._out.flush()

    async def send(self, data: bytes) -> None:
        self.write(data)


STDERR_TAIL_BYTES = 4096
STDERR_TAIL_LINES = 20
"""What ``_ui_status`` shows of a run's stderr: its last lines, this many at most, of its last bytes."""
STDERR_WAIT_S = 0.1
"""How long a stop waits for the rest of a run's stderr once its group is gone (none in a hurry)."""


class StderrTail(asyncio.Protocol):
    """The upstream's stderr: copied to the proxy's own as it comes (where it always went), and
    its last ``STDERR_TAIL_BYTES`` kept, for ``_ui_status`` to say what a run said before it ended."""

    def __init__(self) -> None:
        self.kept = bytearray()
        self.cut = False
        """Bytes before ``kept`` were dropped (its first line may be a part of one)."""
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        try:
            sys.stderr.buffer.write(data)
            sys.stderr.buffer.flush()
        except (OSError, ValueError, AttributeError):
            pass  # nobody reads our stderr any more: the tail is still kept
        self.kept += data
        if len(self.kept) > STDERR_TAIL_BYTES:
            del self.kept[:-STDERR_TAIL_BYTES]
            self.cut = True

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(None)

    def lines(self) -> list[str]:
        lines = bytes(self.kept).decode(errors="replace").splitlines()
        if self.cut and lines:
            lines = lines[1:]
        return [line for line in lines if line.strip()][-STDERR_TAIL_LINES:]


class UpstreamStdio:
    """One run of the upstream server as a subprocess."""

    def __init__(self, command: Sequence[str], env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        self.command = list(command)
        self.env = env
        self.cwd = cwd
        self.process: asyncio.subprocess.Process | None = None
        self._stdout: asyncio.StreamReader | None = None
        self._stdout_file: Any = None
        """The read end of the upstream's stdout, until ``pump`` or ``receive`` connects it."""
        self._stdout_pipe: asyncio.BaseTransport | None = None
        self._pump: LinePump | None = None
        self._stderr: StderrTail | None = None
        self._stderr_pipe: asyncio.BaseTransport | None = None
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
        err_read, err_write = os.pipe()  # its own logs: copied to our stderr (never the host's stdout), the tail kept
        try:
            self.process = await asyncio.create_subprocess_exec(
                *spawn.wrapped(self.command),
                stdin=asyncio.subprocess.PIPE,
                stdout=write_end,
                stderr=err_write,
                env=self.env,
                cwd=self.cwd,
                start_new_session=True,  # setsid() in the child: no Python runs there
            )
        except BaseException:
            os.close(read_end)
            os.close(err_read)
            raise
        finally:
            os.close(write_end)  # the upstream holds it now: the pipe ends when it (and its children) exit
            os.close(err_write)
        self._group = self.process.pid
        self._stdout_file = os.fdopen(read_end, "rb", buffering=0)
        tail = self._stderr = StderrTail()
        self._stderr_pipe, _ = await asyncio.get_running_loop().connect_read_pipe(
            lambda: tail, os.fdopen(err_read, "rb", buffering=0))

    async def pump(self, on_line: OnLine) -> None:
        """Hand every line the upstream writes to ``on_line`` (``LinePump``) until its stdout
        ends (it exited, or wrote a line past ``LINE_LIMIT``); a handler's exception is raised
        here (the supervisor takes it as the upstream's exit)."""
        pump = self._pump = LinePump(on_line)
        self._stdout_pipe, _ = await asyncio.get_running_loop().connect_read_pipe(lambda: pump, self._take_stdout())
        try:
            await pump.done
        finally:
            pump.stop()

    async def receive(self) -> bytes | None:
        """The next line the upstream writes (``None``: its stdout ended), for whoever reads it
        line by line instead of through ``pump``."""
        if self._stdout is None:
            if self._stdout_file is None:
                return None
            reader = self._stdout = asyncio.StreamReader(limit=LINE_LIMIT)
            self._stdout_pipe, _ = await asyncio.get_running_loop().connect_read_pipe(
                lambda: asyncio.StreamReaderProtocol(reader), self._take_stdout())
        try:
            line = await self._stdout.readline()
        except (ValueError, asyncio.LimitOverrunError, ConnectionError):
            return None
        return line or None

    def _take_stdout(self) -> Any:
        file, self._stdout_file = self._stdout_file, None
        if file is None:
            raise ConnectionError("the upstream's stdout is read already, or closed")
        return file

    def write(self, data: bytes) -> Awaitable[None] | None:
        """Write one line now; what is left to await when the pipe is full (its drain), else
        ``None``. ``ConnectionError`` if the upstream's stdin is closed."""
        process = self.process
        stdin = process.stdin if process is not None else None
        if stdin is None or stdin.is_closing():
            raise ConnectionError("upstream is not running")
        stdin.write(data + b"\n")
        return stdin.drain() if stdin.transport.get_write_buffer_size() else None

    async def send(self, data: bytes) -> None:
        drained = self.write(data)
        if drained is not None:
            await drained

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def returncode(self) -> int | None:
        """How the run ended (negative: the signal that ended it); ``None`` while it runs."""
        return self.process.returncode if self.process else None

    def stderr_tail(self) -> list[str]:
        """The last lines the run wrote to its stderr (``STDERR_TAIL_LINES`` at most)."""
        return self._stderr.lines() if self._stderr is not None else []

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
            await self._stderr_read(0.0 if hurry else STDERR_WAIT_S)
            if self._pump is not None:
                self._pump.stop()
            if self._stdout_pipe is not None:
                self._stdout_pipe.close()
            if self._stdout_file is not None:
                self._stdout_file.close()
                self._stdout_file = None
            if process.returncode is not None:
                log.info("upstream (pid %s) %s", process.pid, _ended(process.returncode))

    async def _stderr_read(self, wait_s: float) -> None:
        """What the run wrote to its stderr before it ended, read (for ``wait_s`` at most: a
        process that left its group may hold the pipe open), then the pipe closed."""
        tail, pipe = self._stderr, self._stderr_pipe
        self._stderr_pipe = None
        if tail is None or pipe is None:
            return
        try:
            if wait_s > 0:
                await asyncio.wait_for(asyncio.shield(tail.ended), wait_s)
        except TimeoutError:
            pass
        finally:
            pipe.close()

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
