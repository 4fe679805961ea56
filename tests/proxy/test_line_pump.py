"""transports.LinePump over a real pipe: lines handled inside the read callback, in order, the
ones behind a line that left work waiting for it (reading paused), a line past the limit, the
last line without its newline, a handler's failure."""

from __future__ import annotations

import array
import asyncio
import fcntl
import os
import termios

from compiler.proxy.drivers.transports import LinePump
from harness.asyncutil import eventually, run_async


def _unread(fd: int) -> int:
    """How many bytes wait in the pipe, not yet read (FIONREAD)."""
    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


async def _pumped(chunks: list[bytes], on_line, on_overrun=None, limit: int = 1 << 20) -> LinePump:
    read_end, write_end = os.pipe()
    pump = LinePump(on_line, on_overrun, limit=limit)
    transport, _ = await asyncio.get_running_loop().connect_read_pipe(lambda: pump, os.fdopen(read_end, "rb", buffering=0))
    try:
        for chunk in chunks:
            os.write(write_end, chunk)
            await eventually(lambda: _unread(read_end), lambda left: left == 0, 10)  # read before the next: parts of a line arrive apart
        os.close(write_end)
        await asyncio.wait_for(asyncio.shield(pump.done), 10)
    finally:
        transport.close()
    return pump


def test_lines_are_handled_in_order_and_those_behind_waiting_work_wait_for_it():
    seen: list[tuple[str, bytes]] = []

    async def slow(line: bytes) -> None:
        await asyncio.sleep(0.01)  # the work of a line that must wait (a drain)
        seen.append(("after the wait", line))

    def on_line(line: bytes):
        seen.append(("read", line))
        return slow(line) if line == b"b" else None

    run_async(_pumped([b"a\nb\nc\n", b" d \n\n", b"e"], on_line))
    assert seen == [("read", b"a"), ("read", b"b"), ("after the wait", b"b"), ("read", b"c"), ("read", b"d"), ("read", b"e")]


def test_a_line_in_many_reads_is_one_line_and_a_line_past_the_limit_is_refused_and_skipped():
    lines: list[bytes] = []
    overruns: list[int] = []
    big = b"x" * 300
    run_async(_pumped([b'{"a":', b"1}\n", big[:150], big[150:] + b"\nafter\n"], lambda line: lines.append(line),
                      lambda: overruns.append(len(lines)), limit=200))
    assert lines == [b'{"a":1}', b"after"] and overruns == [1]


def test_a_failing_handler_ends_the_pump_with_its_error():
    def on_line(line: bytes) -> None:
        raise RuntimeError(line.decode())

    async def scenario() -> BaseException | None:
        try:
            await _pumped([b"boom\nnever\n"], on_line)
        except RuntimeError as error:
            return error
        return None

    error = run_async(scenario())
    assert isinstance(error, RuntimeError) and str(error) == "boom"
