"""The upstream supervisor: start the upstream, read it, restart it with backoff when it exits.

It knows nothing about MCP: it hands every line the upstream writes to ``on_line`` (inside the
pipe's read callback when the transport can: ``transports.LinePump``), calls
``on_start`` once a run is up (the router re-establishes its session there) and ``on_exit`` when
it ends (the router answers what was in flight).

It also keeps what ``_ui_status`` says while the upstream is down: how its last run ended (exit
status or signal, and the tail of its stderr, scrubbed of secrets as the logs are), which attempt
this is and when the next one comes.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .logs import scrub
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


@dataclass
class Exit:
    """How one run of the upstream ended."""

    cause: str
    """In words: "ended by SIGKILL", "exited with status 3", "failed to start: …"."""
    at: float
    ran_s: float
    status: int | None = None
    signal: str | None = None
    stderr: list[str] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        return {"cause": self.cause, "status": self.status, "signal": self.signal, "at": _iso(self.at),
                "ranSeconds": round(self.ran_s, 1), "stderrTail": self.stderr}


def _exit(upstream: Upstream, started: float, secrets: list[str], failed: str | None) -> Exit:
    """The run's end as ``Exit`` (a transport without a process says only what failed)."""
    code: int | None = getattr(upstream, "returncode", None)
    tail: Callable[[], list[str]] = getattr(upstream, "stderr_tail", list)
    status = name = None
    if failed is not None:
        cause = failed
    elif code is None:
        cause = "the connection ended"
    elif code >= 0:
        status, cause = code, f"exited with status {code}"
    else:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        cause = f"ended by {name}"
    return Exit(cause, time.time(), time.monotonic() - started, status, name, [scrub(line, secrets) for line in tail()])


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
        self.last_exit: Exit | None = None
        self.next_attempt_at: float | None = None
        """When the next run starts (seconds since the epoch), while waiting for it."""
        self.secrets: list[str] = []
        """Values a stderr tail must not show (the proxy's token, the store's password…)."""

    @property
    def attempt(self) -> int:
        """The number of the current run, or of the next while waiting for it: 1 is the first."""
        return self.restarts + (1 if self.next_attempt_at is None else 2)

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
            self.state, self.next_attempt_at = "starting", None
            failed = None
            try:
                await self.upstream.start()
            except OSError as error:
                log.error("upstream failed to start: %s", error)
                failed = f"failed to start: {error}"
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
                    failed = f"reading it failed ({type(error).__name__}: {error})"
                self.running.clear()
                await self.upstream.stop()
            self.running.clear()
            self.last_exit = _exit(self.upstream, started, self.secrets, failed)
            self.state = "restarting"
            self.on_exit("the upstream server exited")
            if self.stopping:
                return
            if time.monotonic() - started > BACKOFF_MAX_S:
                backoff = BACKOFF_START_S
            self.next_attempt_at = time.time() + backoff
            log.warning("upstream exited; restarting in %.0f s (attempt %d; the last run %s)", backoff, self.attempt,
                        self.last_exit.cause)
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


def _iso(timestamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp))
