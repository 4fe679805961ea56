"""The runtime: the router's effects carried out, the upstream's session opened, the lists kept.

    host drivers (stdio, HTTP, JSON API)              upstream driver (supervisor + transport)
        │ bytes ⇄ HostCodec                                      UpstreamCodec ⇄ bytes │
        └──────────────► Router (sans-IO, core/router.py) ◄─────────────────────────────┘
                             │ effects
                             ▼
        Proxy.apply: send to a host or upstream, run a local call (LocalSide), settle one of
        the proxy's own requests, re-list tools, arm the one timer for the router's deadlines

``Proxy`` owns every task and timer of the routing: drivers hand it lines (``on_host``,
``host_message``) and it hands the router messages. The upstream's session is found and opened
here (``upstream_era.detect``) when the first host arrives, and again after every restart.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from compiler.apps import ui_uri

from ..codecs import host_door, upstream_door, upstream_era
from ..codecs.codec import HostCodec, UpstreamCodec
from ..codecs.jsonline import Refused
from ..core import wire
from ..core.messages import (
    AppRun,
    Caller,
    CancelLocal,
    Effect,
    HostPeer,
    Log,
    Message,
    Notification,
    OpenUpstream,
    Refresh,
    Request,
    Response,
    RunLocal,
    Settle,
    ToHost,
    ToUpstream,
)
from ..core.peers import Era, UpstreamInfo
from ..core.router import Router
from ..services.local import LocalSide
from ..services.pages import Made, PageStore
from ..services.registry import Registry
from ..services.renders import bounded
from ..services.tools import repair
from ..store.base import Store, StoreError
from ..store.sqlite import SqliteStore
from .known import KnownUpstream
from .supervisor import Supervisor, Upstream

log = logging.getLogger("compile_ui.proxy")

OWN_REQUEST_TIMEOUT_S = 30.0
Send = Callable[[bytes], Awaitable[None]]
Work = Awaitable[None] | None
"""What handling a message left to await (``transports.LinePump``): ``None`` when it was all done."""


@dataclass
class Options:
    enabled_tools: frozenset[str] | None = None
    force_ui: bool = False
    prewarm: bool = False
    refresh_s: float = 0.0
    """Periodic re-listing of the upstream's tools (0: off); backs off on failure."""
    many_hosts: bool = False
    """Hosts of either era may come and go (``--serve http``): a dual-era upstream is then opened in
    2026-07-28, whose per-request envelope routes every round trip to its own host; with one host
    (stdio) the upstream is opened in that host's era (``upstream_era``)."""


@dataclass
class HostLink:
    """A host's driver side: how its bytes are read and written."""

    send: Send
    codec: HostCodec
    write: Callable[[bytes], None] | None = None
    """A write that is done when it returns (a stdio host's stdout): a message to this host is
    then sent from the read callback that produced it, without a coroutine."""


class HostLines(Protocol):
    """A lasting host as a driver gives it: lines in, lines out."""

    async def receive(self) -> bytes | None: ...

    async def send(self, data: bytes) -> None: ...


class PushedLines(Protocol):
    """A lasting host whose driver hands its lines over as they are read (``transports.HostStdio``)."""

    async def pump(self, on_line: Callable[[bytes], Work], on_overrun: Callable[[], Work]) -> None: ...

    def write(self, data: bytes) -> None: ...

    async def send(self, data: bytes) -> None: ...


class Proxy:
    def __init__(self, upstream_factory: Callable[[], Upstream], pages: PageStore, options: Options | None = None,
                 store: Store | None = None, known: KnownUpstream | None = None) -> None:
        self.pages = pages
        pages.landed = self._model_page_landed
        self.store: Store = store or pages.store or SqliteStore(":memory:")
        """Renders and their answers, refinements, set layouts (``store/base.py``); shared by
        replicas."""
        self.options = options or Options()
        self.registry = Registry(self.options.enabled_tools)
        pages.listing = lambda: (self.registry.version, self.registry.tools)
        self.local = LocalSide(self)
        loop = asyncio.get_running_loop()
        self.router = Router(self.local, force_ui=self.options.force_ui, clock=loop.time, timings=log.isEnabledFor(logging.DEBUG))
        self.upstream = UpstreamCodec()
        self.known = known
        """Where what the upstream said about itself is kept for the next start (``known.py``)."""
        self.router.known = known.load() if known is not None else None
        self.supervisor = Supervisor(upstream_factory, self._upstream_line, self._on_start, self._on_exit)
        self.describe: dict[str, Any] = {"version": None, "upstream": None, "model": pages.settings.enabled}
        """What ``_ui_status`` reports about the set-up (filled in by the CLI)."""
        self.stats: dict[str, Any] = {"pageHits": 0, "pageMisses": 0, "modelFailures": 0, "lastModelFailure": None}
        self.info: UpstreamInfo | None = None
        self.ready = asyncio.Event()
        """Set while the upstream's session is open."""
        self.settled = asyncio.Event()
        """Set once the upstream's first run opened its session, was refused one, or ended: until
        then ``_ui_status`` waits (it would report nothing yet); after, it answers at once."""
        self.skip_probe = False
        self.host_eras: set[Era] = set()
        self._first_host: asyncio.Future[tuple[Caller, dict[str, Any] | None]] = loop.create_future()
        self._own: dict[str, asyncio.Future[Any]] = {}
        self._local: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._refresh_lock = asyncio.Lock()
        self._supervisor_task: asyncio.Task[None] | None = None
        self._repairs_said: set[tuple[str, str]] = set()
        self.draining = False
        """Set on SIGTERM with ``--serve http``: in-flight calls finish, ``/healthz`` says 503."""

    @property
    def many_hosts(self) -> bool:
        return self.options.many_hosts

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self._supervisor_task = self.spawn(self.supervisor.run())
        self.spawn(self.store.listen(self._store_changed))
        if self.options.refresh_s > 0:
            self.spawn(self._refresh_periodically())

    def _store_changed(self, kind: str, subject: str) -> None:
        """Another replica changed the store (or this one's announcements restarted: ``connected``)."""
        if kind == "answer":
            self.local.asking.renders.changed(subject)
            return
        if kind == "event":
            self.local.asking.events.changed()
            return
        if kind == "connected":
            self.local.asking.renders.changed(None)
            self.local.asking.events.changed()
        self.spawn(self._reload_layouts())

    async def _reload_layouts(self) -> None:
        """Refinements and set layouts re-read from the store; the pages they change made anew."""
        for name in await self.pages.reload():
            self.registry.made.pop(name, None)
            if name in self.registry.tools:
                log.info("the layout of %s changed in the store; its page is made anew", name)
                self.spawn(self.notify_lists(uri=ui_uri(name)))

    async def _event(self, kind: str, data: dict[str, Any]) -> None:
        """An event for ``GET /api/events``, stored off the routing's path (the store may be slow)."""
        try:
            await self.local.asking.events.add(kind, data)
        except StoreError as error:
            log.warning("an event (%s) was not kept: the store failed (%s)", kind, error)

    async def health(self) -> str | None:
        """``None`` while this replica can serve (the upstream running, the store answering);
        else why not, in one line (``GET /healthz``). The upstream's session opens with the first
        host's request, so a fresh replica is healthy before any host came."""
        if self.draining:
            return "stopping"
        if self.supervisor.state != "running":
            return f"the upstream is {self.supervisor.state}"
        try:  # bounded (store.PING_S): a hung store makes this replica unhealthy, never slow to say so
            await self.store.ping()
        except StoreError as error:
            return f"the store does not answer: {error}"
        return None

    async def close(self) -> None:
        self.supervisor.stopping = True
        if self._timer is not None:
            self._timer.cancel()
        for task in list(self._tasks):
            if task is not self._supervisor_task:
                task.cancel()
        if self._supervisor_task is not None:
            self._supervisor_task.cancel()  # the supervisor stops the upstream, in its own task
            await asyncio.gather(self._supervisor_task, return_exceptions=True)

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("internal task failed: %r", task.exception())

    # ------------------------------------------------------------------ hosts

    async def serve(self, host: HostLines) -> None:
        """Route one lasting host (``receive``/``send`` of lines) until it goes."""
        peer = self.attach(host.send)
        try:
            while True:
                try:
                    line = await host.receive()
                except ValueError as error:  # a line past the reader's limit (the rest of it comes as junk)
                    await self.refuse_host(peer, Refused(f"a line could not be read ({error})", Response(
                        None, error={"code": wire.PARSE_ERROR, "message": f"Parse error: the line is too long ({error})"})))
                    continue
                if line is None:
                    break
                if line.strip():
                    await self.on_host(peer, line.strip())
        finally:
            self.detach(peer)

    async def serve_pushed(self, host: PushedLines) -> None:
        """Route one lasting host whose lines are handed over as they are read: a line is
        routed, and what it sends written, inside the read's callback (``host_line``)."""
        peer = self.attach(host.send, write=host.write)
        too_long = Refused("a line could not be read (past the limit)", Response(
            None, error={"code": wire.PARSE_ERROR, "message": "Parse error: the line is too long"}))
        try:
            await host.pump(lambda line: self.host_line(peer, line), lambda: self.refuse_host(peer, too_long))
        finally:
            self.detach(peer)

    def attach(self, send: Send, *, lasting: bool = True, headers: dict[str, str] | None = None, name: str = "host",
               write: Callable[[bytes], None] | None = None) -> HostPeer:
        peer = HostPeer(lasting=lasting, link=HostLink(send, HostCodec(headers=headers), write), name=name)
        self.router.attach(peer)
        return peer

    def detach(self, peer: HostPeer) -> None:
        effects = self.router.detach(peer)
        if effects:
            self.spawn(self.apply(effects))

    async def on_host(self, peer: HostPeer, line: bytes) -> None:
        """One line (or HTTP body) from a host, through its door (``codecs/host_door.py``)."""
        if (work := self.host_line(peer, line)) is not None:
            await work

    def host_line(self, peer: HostPeer, line: bytes) -> Work:
        """``on_host`` as far as it goes without waiting; what is left to await, if anything."""
        read = host_door.read(line)
        if isinstance(read, Refused):
            return self.refuse_host(peer, read)
        if read.repairs:
            self.repaired(f"{peer.name}'s message", read.repairs)
        return self.envelope(peer, read.envelope)

    async def on_envelope(self, peer: HostPeer, env: wire.Envelope) -> None:
        """A host's message its door has read: the era's rules, then the router."""
        if (work := self.envelope(peer, env)) is not None:
            await work

    def envelope(self, peer: HostPeer, env: wire.Envelope) -> Work:
        """``on_envelope`` as far as it goes without waiting; what is left to await, if anything."""
        codec: HostCodec = peer.link.codec
        try:
            message = codec.decode(env)
            if isinstance(message, Refused):
                return self.refuse_host(peer, message)
            self.host_eras |= codec.eras
            work = self.apply_now(self.router.from_host(peer, message))
        except Exception as error:  # noqa: BLE001 - a fault of ours on one message: that request's answer, never the end
            return self._failed(peer, env, error)
        return None if work is None else self._guarded(peer, env, work)

    async def _guarded(self, peer: HostPeer, env: wire.Envelope, work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as error:  # noqa: BLE001 - as in envelope
            await self._failed(peer, env, error)

    async def _failed(self, peer: HostPeer, env: wire.Envelope, error: Exception) -> None:
        log.error("routing %s's %s failed", peer.name, env.method if isinstance(env.method, str) else "answer", exc_info=error)
        if env.is_request:
            await self._send_host(peer, Response(env.id, error={
                "code": wire.INTERNAL_ERROR, "message": f"Internal error: {type(error).__name__}"}, method=env.method))

    async def refuse_host(self, peer: HostPeer, refused: Refused) -> None:
        log.warning("%s: %s", peer.name, refused.why)
        if refused.answer is not None:
            await self._send_host(peer, refused.answer)

    def repaired(self, what: str, repairs: tuple[str, ...]) -> None:
        """A repair is said once per kind and peer (a server writing NaN writes it often)."""
        for kind in repairs:
            if (what, kind) not in self._repairs_said:
                self._repairs_said.add((what, kind))
                log.warning("%s was repaired to be read: %s (said once)", what, wire.REPAIRS.get(kind, kind))

    async def host_message(self, peer: HostPeer, message: Message) -> None:
        """A message already in the internal form (the JSON API)."""
        await self.apply(self.router.from_host(peer, message))

    # ------------------------------------------------------------------ effects

    async def apply(self, effects: Iterable[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, ToHost):
                await self._send_host(effect.host, effect.message)
            elif isinstance(effect, ToUpstream):
                await self._send_upstream(effect.message)
            elif isinstance(effect, RunLocal):
                self._local[effect.key] = self.spawn(self._run_local(effect.key, effect.call))
            elif isinstance(effect, CancelLocal):
                task = self._local.pop(effect.key, None)
                if task is not None:
                    task.cancel()  # a cancelled request gets no answer
            elif isinstance(effect, Settle):
                self._settle(effect)
            elif isinstance(effect, Refresh):
                self.spawn(self._refresh_quietly())
            elif isinstance(effect, OpenUpstream):
                if not self._first_host.done():
                    self._first_host.set_result((effect.caller, effect.init))
            elif isinstance(effect, AppRun):
                self.spawn(self._event("run", {"tool": effect.tool, "arguments": bounded(effect.arguments),
                                               "isError": effect.failed}))
            elif isinstance(effect, Log):
                log.log(effect.level, "%s", effect.text, extra={"cid": effect.cid} if effect.cid else None)
        self._arm()

    def apply_now(self, effects: list[Effect]) -> Work:
        """``apply`` without a coroutine for what can be done at once (a line written to a host
        or to the upstream whose pipe has room, a log): a forwarded call's path. At the first
        effect that must wait, the rest goes to ``apply``, returned to be awaited in order."""
        for index, effect in enumerate(effects):
            if isinstance(effect, ToHost):
                link: HostLink = effect.host.link
                if link.write is None:
                    return self.apply(effects[index:])
                try:
                    link.write(link.codec.encode(effect.message))
                except (ConnectionError, RuntimeError, OSError) as error:
                    log.info("a message to %s was not delivered (%s)", effect.host.name, error)
            elif isinstance(effect, ToUpstream):
                write = self.supervisor.writer()
                if write is None:
                    return self.apply(effects[index:])
                data = self.upstream.encode(effect.message)
                if data is None:
                    continue
                try:
                    drained = write(data)
                except ConnectionError:
                    return self.apply(effects[index:])  # the upstream just went: send() says so, or waits for the next run
                if drained is not None:
                    return self._drained(drained, effect.message, effects[index + 1:])
            elif isinstance(effect, Log):
                log.log(effect.level, "%s", effect.text, extra={"cid": effect.cid} if effect.cid else None)
            else:
                return self.apply(effects[index:])
        self._arm()
        return None

    async def _drained(self, drained: Awaitable[None], message: Message, rest: list[Effect]) -> None:
        """A line written to a full pipe: its drain (the back-pressure), then the other effects."""
        try:
            await drained
        except ConnectionError as error:
            if isinstance(message, Request):
                await self.apply(self.router.undeliverable(message.id, str(error)))
        await self.apply(rest)

    async def _send_host(self, peer: HostPeer, message: Message) -> None:
        link: HostLink = peer.link
        try:
            await link.send(link.codec.encode(message))
        except (ConnectionError, RuntimeError, OSError) as error:
            log.info("a message to %s was not delivered (%s)", peer.name, error)

    async def _send_upstream(self, message: Message) -> None:
        data = self.upstream.encode(message)
        if data is None:
            return
        try:
            await self.supervisor.send(data)
        except ConnectionError as error:
            if isinstance(message, Request):
                await self.apply(self.router.undeliverable(message.id, str(error)))

    def _settle(self, effect: Settle) -> None:
        future = self._own.pop(effect.key, None)
        if future is None or future.done():
            return
        if effect.error is not None:
            future.set_exception(effect.error)
        else:
            future.set_result(effect.result)

    async def _run_local(self, key: str, call: Any) -> None:
        try:
            result = await self.local.run(call)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - each call's failure is that call's answer
            await self.apply(self.router.local_done(key, error=error))
        else:
            await self.apply(self.router.local_done(key, result))
        finally:
            self._local.pop(key, None)

    def _arm(self) -> None:
        """One timer, at the router's nearest deadline."""
        deadline = self.router.next_deadline()
        if deadline is None or (self._timer is not None and self._timer.when() <= deadline):
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_at(deadline, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self.spawn(self.apply(self.router.expire()))

    # ------------------------------------------------------------------ the upstream

    def _upstream_line(self, line: bytes) -> Work:
        """One line from the upstream, through its door (``codecs/upstream_door.py``); what is
        left to await, if anything (``transports.LinePump``)."""
        read = upstream_door.read(line)
        if isinstance(read, Refused):
            log.warning("%s", read.why)
            return None if read.answer is None else self._send_upstream(read.answer)
        message = self.upstream.decode(read)
        if read.repairs and not isinstance(message, Response):  # an answer's repairs are the router's to say, per tool
            self.repaired(f"the upstream's {message.method:.80}", read.repairs)
        return self.apply_now(self.router.from_upstream(message))

    def _on_start(self) -> None:
        self.spawn(self._establish())

    def _on_exit(self, why: str) -> None:
        self.settled.set()
        self.ready.clear()
        self.upstream.era = None
        self.spawn(self.apply(self.router.upstream_lost(why)))

    async def _establish(self) -> None:
        """Find the upstream's era (``server/discover``, else ``initialize``) and open its session."""
        caller, init = await self._first_host
        try:
            info = await upstream_era.detect(self, caller, init)
        except (ConnectionError, TimeoutError, RuntimeError) as error:
            log.warning("establishing the upstream session failed: %s", error)
            self.settled.set()
            await self.apply(self.router.upstream_refused(f"the upstream did not open a session: {error}"))
            return
        if self.info is not None and self.info.era is not info.era:
            log.warning("the upstream changed protocol era after a restart: %s → %s", self.info.era.value, info.era.value)
        restarted = self.info is not None
        self.info = info
        if self.known is not None and info != self.router.known:
            self.known.save(info)
            self.router.known = info
        self.upstream.era = info.era
        log.info("upstream speaks %s", "2026-07-28" if info.era is Era.MODERN else f"the handshake era ({info.protocol_version})")
        self.ready.set()
        self.settled.set()
        await self.apply(self.router.upstream_ready(info))
        try:
            await self.refresh_tools(notify=restarted, prewarm=self.options.prewarm and not restarted)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass

    async def request_upstream(self, method: str, params: dict[str, Any] | None = None, *, ready: bool = True,
                               timeout: float = OWN_REQUEST_TIMEOUT_S) -> Any:
        """One of the proxy's own requests; its result, or the error its answer or absence means."""
        if ready:
            await asyncio.wait_for(self.ready.wait(), timeout)
        key, effects = self.router.own_request(method, params, timeout=timeout)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._own[key] = future
        try:
            await self.apply(effects)
            return await future
        finally:
            self._own.pop(key, None)
            self.router.forget(key)

    async def notify_upstream(self, method: str) -> None:
        await self.apply([ToUpstream(Notification(method))])

    # ------------------------------------------------------------------ tools and pages

    async def list_upstream_tools(self) -> list[dict[str, Any]]:
        tools: list[dict[str, Any]] = []
        cursor = None
        for _ in range(1000):  # a bound on pages, against a cursor loop
            result = await self.request_upstream("tools/list", {"cursor": cursor} if cursor else None)
            tools += [t for t in (repair(t) for t in result.get("tools", [])) if t is not None]
            cursor = result.get("nextCursor")
            if not cursor:
                break
        return tools

    async def refresh_tools(self, *, notify: bool, prewarm: bool = False) -> dict[str, list[str]]:
        async with self._refresh_lock:
            before = dict(self.registry.tools)
            try:
                tools = await self.list_upstream_tools()
            except (ConnectionError, TimeoutError, RuntimeError) as error:
                log.warning("listing the upstream's tools failed: %s", error)
                self.registry.listed.set()
                raise
            self.registry.absorb(tools, replace=True)
            diff = self.registry.diff(before)
        if notify:
            await self.notify_lists()
        if prewarm:
            for name in self.registry.wrapped_names():
                self.spawn(self.page_for(name))
        return diff

    async def _refresh_quietly(self) -> None:
        try:
            await self.refresh_tools(notify=False)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass

    async def _refresh_periodically(self) -> None:
        """Re-list the upstream's tools every ``refresh_s``; after a failure, wait longer (×2,
        up to ×16) until a listing succeeds again."""
        factor = 1
        while not self.supervisor.stopping:
            await asyncio.sleep(self.options.refresh_s * factor)
            try:
                diff = await self.refresh_tools(notify=False)
            except (ConnectionError, TimeoutError, RuntimeError):
                factor = min(factor * 2, 16)
                continue
            factor = 1
            if diff["added"] or diff["removed"] or diff["changed"]:
                log.info("tools changed upstream: %s", diff)
                await self.notify_lists()

    async def page_for(self, name: str, *, force: bool = False, fresh: bool = False) -> Made:
        """The tool's page; ``fresh``: a host reads it, so first the store confirms its layout
        (``confirm``): never older than the newest one stored when the read came."""
        if fresh:
            await self.confirm(name)
        made = await self.pages.page(self.registry.tools[name], force=force)
        self.registry.remember(name, made)
        self.stats["pageHits" if made.cached else "pageMisses"] += 1
        if not made.cached and not made.interim:
            self._note_fallback(name, made)
        return made

    async def confirm(self, name: str) -> None:
        """The tool's refinements and set layout as the store has them now (another replica may
        have changed them a moment ago). A change taken here is one the store's announcement
        would have brought: the page is made anew and this replica's hosts are told, as
        ``_reload_layouts`` does."""
        if await self.pages.confirm(name):
            self.registry.made.pop(name, None)
            log.info("the layout of %s changed in the store; its page is made anew", name)
            self.spawn(self.notify_lists(uri=ui_uri(name)))

    def _model_page_landed(self, name: str, made: Made, changed: bool) -> None:
        """The model's page came after the heuristic one served while it was not ready (pages.py)."""
        if name in self.registry.tools:
            self.registry.remember(name, made)
        self._note_fallback(name, made)
        if changed:
            self.spawn(self.notify_lists(uri=ui_uri(name)))

    def _note_fallback(self, name: str, made: Made) -> None:
        generation = made.generation or {}
        if not self.pages.settings.enabled or generation.get("layout") == "llm":
            return
        reasons = generation.get("reasons") or {}
        why = "; ".join(f"{part}: {reason}" for part, reason in sorted(reasons.items())) or "no reason given"
        self.stats["modelFailures"] += 1
        self.stats["lastModelFailure"] = {"tool": name, "reason": why, "at": time.time()}
        log.warning("layout for %s fell back from the model to the heuristic (%s)", name, why)

    async def notify_lists(self, uri: str | None = None) -> None:
        await self.apply(self.router.notify_lists(uri))

    def upstream_down(self) -> str | None:
        """Why the upstream cannot answer now, in one line, once a run of it has ended (its
        session not open again yet); ``None`` while it answers, or before its first run ended."""
        supervisor = self.supervisor
        if self.ready.is_set() or supervisor.last_exit is None:
            return None
        when = supervisor.next_attempt_at
        next_in = "" if when is None else f", the next in {max(0.0, when - time.time()):.1f} s"
        return (f"the upstream is {supervisor.state} (attempt {supervisor.attempt}{next_in}); its last run "
                f"{supervisor.last_exit.cause}; _ui_status says more")

    def status(self) -> dict[str, Any]:
        supervisor, info, cache = self.supervisor, self.info, self.pages.cache
        failure, next_at = self.stats["lastModelFailure"], supervisor.next_attempt_at
        return {
            "version": self.describe.get("version"),
            "hostEras": sorted(era.value for era in self.host_eras),
            "upstreamEra": None if info is None else info.era.value,
            "upstreamProtocolVersion": None if info is None else info.protocol_version,
            "upstream": self.describe.get("upstream"),
            "upstreamState": supervisor.state,
            "upstreamSession": "open" if self.ready.is_set() else "not open",
            "upstreamAttempt": supervisor.attempt,
            "nextAttemptAt": None if next_at is None else _iso(next_at),
            "nextAttemptInSeconds": None if next_at is None else round(max(0.0, next_at - time.time()), 1),
            "lastExit": None if supervisor.last_exit is None else supervisor.last_exit.report(),
            "uptimeSeconds": round(time.time() - supervisor.started_at, 1),
            "restarts": supervisor.restarts,
            "pagesCached": len(cache) if cache is not None else 0,
            "pagesGenerated": self.pages.generations,
            "cacheHits": self.stats["pageHits"],
            "cacheMisses": self.stats["pageMisses"],
            "store": self.store.url,
            "modelConfigured": bool(self.pages.settings.enabled),
            "model": self.pages.settings.model if self.pages.settings.enabled else None,
            "modelFallbacks": self.stats["modelFailures"],
            "lastModelFailure": None if failure is None else {**failure, "at": _iso(failure["at"])},
            "inFlight": self.router.table.counts(),
        }


def _iso(timestamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp))


__all__ = ["HostLines", "Options", "Proxy"]
