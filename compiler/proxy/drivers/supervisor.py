"""The upstream supervisor: start the upstream, read it, restart it with backoff when it exits.

It knows nothing about MCP: it hands every line the upstream writes to ``on_line`` (inside the
pipe's read callback when the transport can: ``transports.LinePump``), calls
``on_start`` once a run is up (the router re-establishes its session there) and ``on_exit`` when
it ends (the router answers what was in flight).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from .transports import OnLine

log = logging.getLogger("compile_ui.proxy")

BACKOFF_START_S, BACKOFF_MAX_S = 1.0, 30.0
UPSTREAM_WAIT_S = 5.0
"""How long a message waits for an upstream that is (re)starting before it is answered with an error."""


class Upstream(Protocol):
    """One run of the upstream (``transports.UpstreamStdio``, ``transports.UpstreamSDK``)."""

    @property
    def pid(self) -> int | None: ...

    async def start(self) -> None: ...

    async def receive(self) -> bytes | None: ...

    async def send(self, data: bytes) -> None: ...

    async def stop(self, *, hurry: bool = False) -> None: ...

    def kill(self) -> None: ...


class Supervisor:
    def __init__(
        self,
        factory: Callable[[], Upstream],
        on_line: OnLine,
        on_start: Callable[[], None],
        on_exit: Callable[[str], None],
    ) -> None:
        self.factory = factory
        self.on_line, self.on_start, self.on_exit = on_line, on_start, on_exit
        self.upstream: Upstream | None = None
        self.running = asyncio.Event()
        """Set while an upstream process is up (forwarded messages wait for it, briefly)."""
        self.stopping = False
        self.hurry = False
        """The proxy was signalled: the upstream is signalled too, not asked by stdin end first."""
        self.restarts = 0
        self.started_at = time.time()
        self.state = "starting"

    async def run(self) -> None:
        try:
            await self._runs()
        finally:
            self.stopping = True
            self.state = "stopped"
            if self.upstream is not None:
                await self.upstream.stop(hurry=self.hurry)

    def kill(self) -> None:
        """Kill the upstream now (a second signal: the host is in a hurry)."""
        self.stopping = True
        if self.upstream is not None:
            self.upstream.kill()

    async def _runs(self) -> None:
        backoff = BACKOFF_START_S
        first = True
        while not self.stopping:
            if not first:
                self.restarts += 1
            first = False
            self.upstream = self.factory()
            started = time.monotonic()
            self.state = "starting"
            try:
                await self.upstream.start()
            except OSError as error:
                log.error("upstream failed to start: %s", error)
            else:
                log.info("upstream started (pid %s)", getattr(self.upstream, "pid", "?"))
                self.state = "running"
                self.running.set()
                self.on_start()
                try:
                    await self._read()
                except Exception as error:  # noqa: BLE001 - a failed reader is an upstream that exited: restart it
                    log.error("reading the upstream failed (%s: %s); it is stopped and started again",
                              type(error).__name__, error, exc_info=error)
                self.running.clear()
                await self.upstream.stop()
            self.running.clear()
            self.state = "restarting"
            self.on_exit("the upstream server exited")
            if self.stopping:
                return
            if time.monotonic() - started > BACKOFF_MAX_S:
                backoff = BACKOFF_START_S
            log.warning("upstream exited; restarting in %.0f s", backoff)
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX_S)

    async def _read(self) -> None:
        assert self.upstream is not None
        pump: Callable[[OnLine], Awaitable[None]] | None = getattr(self.upstream, "pump", None)
        if pump is not None:  # transports.UpstreamStdio: lines handed over as they are read
            await pump(self.on_line)
            return
        while (line := await self.upstream.receive()) is not None:
            line = line.strip()
            if line and (work := self.on_line(line)) is not None:
                await work

    def writer(self) -> Callable[[bytes], Awaitable[None] | None] | None:
        """The running upstream's ``write`` when it has one: a line sent from a read callback,
        without a coroutine (``None``: not running, or ``send`` is the only way)."""
        if not self.running.is_set():
            return None
        write: Callable[[bytes], Awaitable[None] | None] | None = getattr(self.upstream, "write", None)
        return write

    async def send(self, line: bytes) -> None:
        """Send one line; wait briefly for a (re)starting upstream; ``ConnectionError`` if none."""
        try:
            if not self.running.is_set():
                await asyncio.wait_for(self.running.wait(), UPSTREAM_WAIT_S)
            if self.upstream is None:
                raise RuntimeError("no upstream")
            await self.upstream.send(line)
        except (RuntimeError, TimeoutError) as error:
            raise ConnectionError("The upstream server is not running") from error

    async def send_now(self, line: bytes) -> None:
        """Send without waiting (the session set-up of a run that has just started)."""
        if self.upstream is None:
            raise ConnectionError("The upstream server is not running")
        await self.upstream.send(line)
