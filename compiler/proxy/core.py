"""The router: hosts in front, one upstream behind, messages routed at the JSON-RPC level.

    host channels ──► eras (read envelope) ──► router ──► eras (strip/stamp) ──► supervisor ──► upstream
                  ◄── eras (complete result) ◄──       ◄──────────────────────────────────────

Any number of host channels share one upstream (stdio: one; ``--serve http``: every session and
every single-exchange POST). Forwarded requests get an upstream id of the proxy's own
(``compile-ui:<n>``, which no peer uses) and their answer goes back to the channel and id they
came from, so hosts never see each other's traffic. Params and results cross as the bytes they
arrived as unless an era's envelope must change. The proxy holds the upstream session: it finds
the upstream's era when a run starts (``upstream_era``: the sole host's era, or 2026-07-28 for many
hosts, when the upstream speaks it), and again after every restart. It steps in only where it adds
something:

    initialize / server/discover   answered here, from what the upstream said about itself
    tools/list                     add ``_meta.ui.resourceUri``; repair or drop tools the protocol
                                   would reject; add the ``_ui_*`` management tools
    tools/call _ui_*               answered here (``management.py``)
    resources/list, templates      the generated apps added; answered here when the upstream has
                                   no resources
    resources/read ui://compile-ui/…   the page; every other URI goes to the upstream
    list_changed                   re-list the upstream's tools, then tell the hosts

If the upstream dies, requests in flight are answered at once (a tools/call with an ``isError``
result), and it is restarted with backoff, its era found again, and the hosts told to re-list.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from . import eras, failures, rounds, upstream_era, wire
from .eras import Caller, UpstreamInfo
from .failures import ProxyError
from .host_methods import HOST_REQUESTS, RESPONSES
from .asking import Asking
from .management import Management
from .pages import Made, PageStore
from .registry import Registry
from .renders import bounded
from .supervisor import UPSTREAM_WAIT_S, Supervisor
from .tools import decorate, repair

log = logging.getLogger("compile_ui.proxy")

OWN_REQUEST_TIMEOUT_S = 30.0
FIRST_START_WAIT_S = 60.0
"""How long a request waits for the upstream's first start (``npx`` may download the server)."""
LOG_LEVELS = {level: rank for rank, level in enumerate(("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"))}
"""The protocol's log levels, least severe first (RFC 5424's, as MCP names them)."""
_ENVELOPE_MARK = b"io.modelcontextprotocol/protocolVersion"


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


class Channel:
    """One connection to a host: stdio, one handshake-era HTTP session, or one 2026-07-28 POST."""

    def __init__(self, send: Callable[[bytes], Any], *, lasting: bool = True, headers: dict[str, str] | None = None) -> None:
        self.send = send
        self.lasting = lasting
        """Lasting channels get notifications; a single exchange gets only its answer (and progress)."""
        self.headers = headers
        self.init: dict[str, Any] | None = None
        self.caller = eras.legacy_caller(None)
        self.ui = False


@dataclass
class Pending:
    method: str
    channel: Channel | None
    host_id: Any = None
    caller: Caller | None = None
    tool: str | None = None
    cursor: bool = False
    ui: bool = False
    started: float = 0.0
    future: asyncio.Future | None = None
    params: Any = None
    """The params sent upstream (a dict or ``msgspec.Raw``), kept only where a retry may need them (``rounds.py``)."""
    rounds: int = 0
    app: bool = False
    """Started by a person from a page (``_meta["compile-ui/app"]``): its outcome is an event."""
    arguments: Any = None
    """The tool's arguments, kept for that event."""
    token: bytes | None = None
    """The proxy's progress token for the request (JSON bytes), forgotten with its answer."""
    host_token: Any = None


class Proxy:
    def __init__(self, upstream_factory: Callable[[], Any], pages: PageStore, options: Options | None = None) -> None:
        self.pages = pages
        self.options = options or Options()
        self.registry = Registry(self.options.enabled_tools)
        self.supervisor = Supervisor(upstream_factory, self.on_upstream, self._on_start, self._on_exit)
        self.management = Management(self)
        self.asking = Asking()
        self.own_calls: dict[tuple[int, bytes], asyncio.Task] = {}
        """The proxy's own tool calls in flight, by (channel, host request id): cancellable."""
        self.channels: list[Channel] = []
        self.pending: dict[str, Pending] = {}
        self.by_host: dict[tuple[int, bytes], str] = {}
        self.progress: dict[bytes, tuple[Channel, Any]] = {}
        """The proxy's progress token (JSON bytes) → the host channel and the host's own token."""
        self.host_waiting: dict[str, asyncio.Future] = {}
        self.info: UpstreamInfo | None = None
        self.ready = asyncio.Event()
        """Set once the upstream session is established (era known, initialized if it needs it)."""
        self.ever_ready = False
        self.first_host: asyncio.Future = asyncio.get_running_loop().create_future()
        self.own_caller = eras.legacy_caller(None)
        self.host_eras: set[str] = set()
        self.describe: dict[str, Any] = {"version": None, "upstream": None, "model": pages.settings.enabled}
        """What ``_ui_status`` reports about the set-up (filled in by the CLI)."""
        self.stats = {"pageHits": 0, "pageMisses": 0, "modelFailures": 0, "lastModelFailure": None}
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task] = set()
        self._refresh_lock = asyncio.Lock()
        self.skip_probe = False
        self.establish_error: str | None = None
        self.settled = asyncio.Event()
        """Set once this run's session attempt is over, opened or not."""
        """Why the current upstream run has no session (it refused initialize, say)."""
        self._supervisor_task: asyncio.Task | None = None

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        self._supervisor_task = self._spawn(self.supervisor.run())
        if self.options.refresh_s > 0:
            self._spawn(self._refresh_periodically())

    async def close(self) -> None:
        self.supervisor.stopping = True
        for task in list(self._tasks):
            if task is not self._supervisor_task:
                task.cancel()
        if self._supervisor_task is not None:
            self._supervisor_task.cancel()  # the supervisor stops the upstream, in its own task
            await asyncio.gather(self._supervisor_task, return_exceptions=True)

    async def serve(self, host: Any) -> None:
        """Route one lasting host (``receive``/``send`` of lines) until it goes."""
        channel = self.attach(host.send)
        try:
            while (line := await host.receive()) is not None:
                if line.strip():
                    await self.on_host(channel, line.strip())
        finally:
            self.detach(channel)

    def attach(self, send: Callable[[bytes], Any], *, lasting: bool = True, headers: dict[str, str] | None = None) -> Channel:
        channel = Channel(send, lasting=lasting, headers=headers)
        if lasting:
            self.channels.append(channel)
        return channel

    def detach(self, channel: Channel) -> None:
        if channel in self.channels:
            self.channels.remove(channel)
        for key, (token_channel, _) in list(self.progress.items()):
            if token_channel is channel:
                del self.progress[key]

    def _spawn(self, coroutine) -> asyncio.Task:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("internal task failed: %r", task.exception())

    def _on_start(self) -> None:
        self.establish_error = None
        self.settled.clear()
        self._spawn(self._establish())

    def _on_exit(self, why: str) -> None:
        self.ready.clear()
        self.settled.clear()
        for key, pending in list(self.pending.items()):
            if pending.future is not None:
                if not pending.future.done():
                    pending.future.set_exception(ConnectionError(why))
            elif pending.channel is not None:
                self._spawn(_send(pending.channel, failures.lost(pending.host_id, pending.method, why, modern=_modern(pending))))
        self.pending.clear()
        self.by_host.clear()
        self.progress.clear()

    async def _establish(self) -> None:
        """Find the upstream's era (``server/discover``, else ``initialize``) and open its session."""
        caller, init = await self.first_host
        try:
            info = await upstream_era.detect(self, caller, init)
        except (ConnectionError, TimeoutError, RuntimeError) as error:
            log.warning("establishing the upstream session failed: %s", error)
            self.establish_error = f"the upstream did not open a session: {error}"
            self.settled.set()
            return
        if self.info is not None and self.info.era != info.era:
            log.warning("the upstream changed protocol era after a restart: %s → %s", self.info.era, info.era)
        self.info = info
        log.info("upstream speaks %s", "2026-07-28" if info.era != eras.LEGACY else f"the handshake era ({info.protocol_version})")
        restarted, self.ever_ready = self.ever_ready, True
        self.ready.set()
        self.settled.set()
        try:
            await self.refresh_tools(notify=restarted, prewarm=self.options.prewarm and not restarted)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass

    async def _until_ready(self) -> None:
        """Wait until this run's session is open; ``ConnectionError`` with the reason when the
        upstream refused to open one (at once, not after a wait that cannot end)."""
        if not self.ready.is_set():
            await asyncio.wait_for(self.settled.wait(), UPSTREAM_WAIT_S if self.ever_ready else FIRST_START_WAIT_S)
        if not self.ready.is_set():
            raise ConnectionError(self.establish_error or "The upstream server is not running")

    def _note_host(self, caller: Caller, init: dict[str, Any] | None) -> None:
        self.host_eras.add(caller.era)
        if not self.first_host.done():
            self.own_caller = caller
            self.first_host.set_result((caller, init))

    # ------------------------------------------------------------------ host → upstream

    async def on_host(self, channel: Channel, line: bytes) -> None:
        try:
            env = wire.peek(line)
        except msgspec.DecodeError:
            log.warning("host sent a line that is not JSON-RPC; answered with a parse error")
            await _send(channel, wire.error(None, wire.PARSE_ERROR, "Parse error"))
            return
        if env.is_request:
            await self._host_request(channel, env, line)
        elif env.is_response:
            waiting = self.host_waiting.pop(env.id, None) if isinstance(env.id, str) else None
            if waiting is not None:
                _settle(waiting, env)  # the answer to one of the proxy's own requests (rounds.py)
            else:
                await self._to_upstream(line)  # a host's answer to an upstream's request
        else:
            await self._host_notification(channel, env, line)

    async def _host_request(self, channel: Channel, env: wire.Envelope, line: bytes) -> None:
        params: Any = None
        try:
            single_exchange = channel.headers is not None  # a 2026-07-28 HTTP POST: the envelope is required
            if env.method == "server/discover" or single_exchange or (_ENVELOPE_MARK in line and env.method != "initialize"):
                params = env.params_json()
                if env.method != "server/discover" and not single_exchange and not eras.is_enveloped(params):
                    caller = channel.caller
                else:
                    caller = eras.read_modern(env.method, params, channel.headers)
                    if env.method in eras.REMOVED_IN_MODERN:
                        raise ProxyError(wire.METHOD_NOT_FOUND, f"Method not found: {env.method} does not exist in 2026-07-28")
                    self._note_host(caller, None)
            else:
                caller = channel.caller
            handler = HOST_REQUESTS.get(env.method)
            if handler is None or not await handler(self, channel, env, caller, params):
                await self.forward(channel, env, caller, params)
        except (ProxyError, TimeoutError, ConnectionError) as error:
            modern = channel.headers is not None or _ENVELOPE_MARK in line
            await _send(channel, failures.answer(env.id, env.method, error, modern=modern))
        except (msgspec.DecodeError, ValueError, TypeError) as error:
            await _send(channel, failures.answer(env.id, None, ProxyError(wire.INVALID_PARAMS, f"Invalid params: {error}")))

    async def _host_notification(self, channel: Channel, env: wire.Envelope, line: bytes) -> None:
        if env.method == "notifications/initialized":
            return  # the proxy opened the upstream session itself
        if env.method == "notifications/cancelled":
            params = env.params_json()
            request_id = params.get("requestId") if isinstance(params, dict) else None
            own = self.own_calls.pop((id(channel), wire.encode(request_id)), None)
            if own is not None:
                own.cancel()  # a cancelled request gets no answer
                return
            upstream_id = self.by_host.get((id(channel), wire.encode(request_id)))
            if upstream_id is None:
                return
            line = wire.notification("notifications/cancelled", {**params, "requestId": upstream_id})
        elif self.info is not None and self.info.era != eras.LEGACY and env.method in eras.LEGACY_ONLY_NOTIFICATIONS:
            return
        await self._to_upstream(line)

    async def _to_upstream(self, line: bytes) -> None:
        try:
            await self.supervisor.send(line)
        except ConnectionError:
            log.info("dropped a message for the upstream: it is not running")

    def own_call(self, channel: Channel, request_id: Any, coroutine) -> None:
        """Answer a request here, in a task a ``notifications/cancelled`` for it stops."""
        key = (id(channel), wire.encode(request_id))
        task = self._spawn(coroutine)
        self.own_calls[key] = task
        task.add_done_callback(lambda t: self.own_calls.pop(key, None) if self.own_calls.get(key) is t else None)

    async def forward(self, channel: Channel, env: wire.Envelope, caller: Caller, params: Any = None, *,
                      tool: str | None = None, cursor: bool = False, ui: bool = False, app: bool = False) -> None:
        try:
            await self._until_ready()
        except (TimeoutError, ConnectionError) as error:
            reason = error if isinstance(error, ConnectionError) else ConnectionError("not started")
            await _send(channel, failures.answer(env.id, env.method, reason, modern=caller.modern))
            return
        upstream_id = f"{wire.ID_PREFIX}{next(self._ids)}"
        new_params = self._translate(env, caller, params)
        if log.isEnabledFor(logging.DEBUG):  # the host's request id is the correlation id
            log.debug("→ upstream %s%s", env.method, f" {tool}" if tool else "", extra={"cid": f"host:{env.key.decode()}"})
        pending = Pending(env.method, channel, env.id, caller, tool, cursor, ui, time.monotonic(), app=app)
        if app:
            pending.arguments = (params if params is not None else env.params_json()).get("arguments")
        if env.params is not msgspec.UNSET and b"progressToken" in bytes(env.params):
            new_params = self._own_progress_token(pending, env, params, new_params)
        if not caller.modern and new_params is not msgspec.UNSET and env.method in rounds.RETRIABLE:
            pending.params = new_params  # a retry may need them (rounds.py)
        await self._send_pending(upstream_id, pending, wire.rewrite(env, request_id=upstream_id, params=new_params))

    async def _send_pending(self, upstream_id: str, pending: Pending, line: bytes) -> None:
        self.pending[upstream_id] = pending
        host_key = (id(pending.channel), wire.encode(pending.host_id))
        self.by_host[host_key] = upstream_id
        try:
            await self.supervisor.send(line)
        except ConnectionError as error:
            if self.pending.pop(upstream_id, None) is not None:
                self.by_host.pop(host_key, None)
                await _send(pending.channel, failures.answer(pending.host_id, pending.method, error, modern=_modern(pending)))

    async def retry(self, pending: Pending, params: dict[str, Any]) -> None:
        """Send a request again with new params (the next round of a multi-round-trip request)."""
        upstream_id = f"{wire.ID_PREFIX}{next(self._ids)}"
        pending.rounds += 1
        pending.params = params
        if pending.token is not None:  # progress of the next round goes to the same host
            self.progress[pending.token] = (pending.channel, pending.host_token)
        await self._send_pending(upstream_id, pending, wire.request(upstream_id, pending.method, params))

    async def request_host(self, channel: Channel, method: str, params: Any, timeout: float) -> Any:
        """A request of the proxy's own to a host (``rounds.py``); its result, or ``ProxyError``."""
        request_id = f"{wire.ID_PREFIX}h{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self.host_waiting[request_id] = future
        try:
            await channel.send(wire.request(request_id, method, params if isinstance(params, dict) else None))
            return await asyncio.wait_for(future, timeout)
        except failures.UpstreamError as error:  # the host answered with an error
            raise ProxyError(error.code if isinstance(error.code, int) else wire.INTERNAL_ERROR, str(error), error.data) from error
        finally:
            self.host_waiting.pop(request_id, None)

    def _translate(self, env: wire.Envelope, caller: Caller, params: Any) -> Any:
        """The params the upstream's era needs (``UNSET``: the bytes as they came)."""
        upstream_modern = self.info is not None and self.info.era != eras.LEGACY
        if caller.modern and not upstream_modern:
            return eras.strip(params if params is not None else env.params_json())
        if upstream_modern and not caller.modern:
            return eras.stamp(params, caller) if params is not None else eras.stamp_raw(env.params, caller)
        return msgspec.UNSET

    def _own_progress_token(self, pending: Pending, env: wire.Envelope, params: Any, new_params: Any) -> Any:
        """Replace the host's progress token by one of the proxy's own, so the upstream's progress
        goes back to that host under its own token (two hosts may pick the same one)."""
        if isinstance(new_params, msgspec.Raw):
            value = msgspec.json.decode(new_params)
        elif isinstance(new_params, dict):
            value = new_params
        else:
            value = params if isinstance(params, dict) else env.params_json()
        meta = value.get("_meta") if isinstance(value, dict) else None
        if not (isinstance(meta, dict) and "progressToken" in meta):
            return new_params
        token = f"{wire.ID_PREFIX}p{next(self._ids)}"
        pending.token = wire.encode(token)
        pending.host_token = meta["progressToken"]
        self.progress[pending.token] = (pending.channel, pending.host_token)
        return {**value, "_meta": {**meta, "progressToken": token}}

    # ------------------------------------------------------------------ upstream → host

    async def on_upstream(self, line: bytes) -> None:
        try:
            env = wire.peek(line)
        except msgspec.DecodeError:
            log.warning("upstream wrote a line that is not JSON-RPC (ignored): %.120r", line)
            return
        if env.is_response:
            pending = self.pending.pop(env.id, None) if isinstance(env.id, str) else None
            if pending is None:
                log.debug("an answer from the upstream matches no request (ignored): %.80r", env.id)
            elif pending.future is not None:
                _settle(pending.future, env)
            else:
                await self._deliver(env, pending)
        elif env.is_request:
            await self._upstream_request(env, line)
        else:
            await self._upstream_notification(env, line)

    async def _deliver(self, env: wire.Envelope, pending: Pending) -> None:
        assert pending.channel is not None and pending.caller is not None
        self.by_host.pop((id(pending.channel), wire.encode(pending.host_id)), None)
        if pending.token is not None:
            self.progress.pop(pending.token, None)
        if log.isEnabledFor(logging.DEBUG):
            took = (time.monotonic() - pending.started) * 1000
            log.debug("← upstream %s in %.1f ms", pending.method, took, extra={"cid": f"host:{wire.encode(pending.host_id).decode()}"})
        if pending.app:
            self._note_app_run(env, pending)
        if env.result is msgspec.UNSET:
            await _send(pending.channel, wire.rewrite(env, request_id=pending.host_id))
            return
        upstream_modern = self.info is not None and self.info.era != eras.LEGACY
        transform = RESPONSES.get(pending.method)
        value = None
        if transform is not None or (pending.caller.modern and pending.method in eras.CACHEABLE_METHODS and not upstream_modern):
            try:
                value = env.result_json()
                value = transform(self, value, pending) if transform is not None else value
            except (ValueError, TypeError, KeyError, AttributeError, msgspec.DecodeError) as error:
                log.warning("could not adjust the upstream's %s answer (%s); passed through", pending.method, error)
                value = None
        if value is not None:
            if pending.caller.modern:
                eras.complete(pending.method, value)
            await _send(pending.channel, wire.result(pending.host_id, value))
            return
        raw: Any = env.result
        if pending.caller.modern and not upstream_modern:
            raw = msgspec.Raw(eras.complete_raw(bytes(raw)))
        elif upstream_modern and not pending.caller.modern and b'"input_required"' in bytes(raw):
            result = env.result_json()
            if isinstance(result, dict) and result.get("resultType") == "input_required":
                self._spawn(rounds.fulfil(self, pending, result))
                return
        await _send(pending.channel, wire.rewrite(env, request_id=pending.host_id, result=raw))

    def _note_app_run(self, env: wire.Envelope, pending: Pending) -> None:
        """A run a person started from a page, for ``GET /api/events`` (arguments and outcome,
        not the result: it may be large)."""
        result = env.result_json() if env.result is not msgspec.UNSET and len(bytes(env.result)) < 1 << 20 else None
        failed = env.error is not msgspec.UNSET or (isinstance(result, dict) and result.get("isError") is True)
        self.asking.events.add("run", {"tool": pending.tool, "arguments": bounded(pending.arguments), "isError": failed})

    async def _upstream_request(self, env: wire.Envelope, line: bytes) -> None:
        """A handshake-era upstream asks a host (sampling, elicitation, roots, ping)."""
        if env.method == "ping":
            await self._to_upstream(wire.result(env.id, {}))
            return
        channel = self._legacy_channel()
        if channel is None:
            why = (f"{env.method} cannot reach the host that caused it: no handshake-era host has a request in flight, "
                   "and 2026-07-28 hosts have no server-to-client requests (compile-ui does not translate them into "
                   "an InputRequiredResult)")
            await self._to_upstream(wire.error(env.id, wire.METHOD_NOT_FOUND, why))
            return
        await _send(channel, line)

    def _legacy_channel(self) -> Channel | None:
        """The host an upstream's request is for. A handshake-era upstream names no request it
        belongs to, so: the handshake-era host whose request went upstream last. When only hosts
        that cannot be asked (2026-07-28, the JSON API) have requests in flight, None: an idle host
        is not asked about a call it never made. With nothing in flight at all (``roots/list``
        after ``initialized``, say), the first handshake-era host."""
        in_flight = False
        for pending in reversed(self.pending.values()):
            if pending.channel is not None and pending.caller is not None:
                if pending.channel.lasting and not pending.caller.modern:
                    return pending.channel
                in_flight = True
        return None if in_flight else next((c for c in self.channels if c.init is not None), None)

    async def _upstream_notification(self, env: wire.Envelope, line: bytes) -> None:
        if env.method == "notifications/progress":
            params = env.params_json()
            target = self.progress.get(wire.encode(params.get("progressToken"))) if isinstance(params, dict) else None
            if target is not None:
                channel, token = target
                await _send(channel, wire.notification("notifications/progress", {**params, "progressToken": token}))
                return
        elif env.method == "notifications/tools/list_changed":
            self._spawn(self.refresh_tools(notify=False))
        elif env.method == "notifications/message" and self.info is not None and self.info.era != eras.LEGACY:
            for channel in self._log_listeners(env):
                await _send(channel, line)
            return
        await self.broadcast(line)

    def _log_listeners(self, env: wire.Envelope) -> list[Channel]:
        """Where a 2026-07-28 upstream's log line goes. It logs only for requests that opted in
        (their envelope's log level) and names none, so: the hosts with such a request in flight
        at or below the line's level, each once, single exchanges included; never a host that did
        not ask for logs, or for lines this low. Two such hosts with requests in flight at once
        may each see the other's lines: nothing on the wire tells them apart."""
        params = env.params_json()
        rank = LOG_LEVELS.get(params.get("level") if isinstance(params, dict) else None, len(LOG_LEVELS))
        found: dict[int, Channel] = {}
        for pending in self.pending.values():
            caller = pending.caller
            if pending.channel is not None and caller is not None and caller.log_level and LOG_LEVELS.get(caller.log_level, 0) <= rank:
                found.setdefault(id(pending.channel), pending.channel)
        return list(found.values())

    async def broadcast(self, line: bytes, *, ui_only: bool = False) -> None:
        for channel in list(self.channels):
            if not ui_only or channel.ui:
                await _send(channel, line)

    # ------------------------------------------------------------------ the proxy's own requests

    async def request_upstream(self, method: str, params: dict[str, Any] | None = None, *, ready: bool = True,
                               timeout: float = OWN_REQUEST_TIMEOUT_S) -> Any:
        if ready:
            await asyncio.wait_for(self.ready.wait(), OWN_REQUEST_TIMEOUT_S)
            if self.info is not None and self.info.era != eras.LEGACY:
                params = eras.stamp(params, self.own_caller)
        request_id = f"{wire.ID_PREFIX}{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self.pending[request_id] = Pending(method, None, future=future)
        try:
            await self.supervisor.send_now(wire.request(request_id, method, params))
            return await asyncio.wait_for(future, timeout)
        finally:
            self.pending.pop(request_id, None)

    async def list_upstream_tools(self) -> list[dict[str, Any]]:
        tools, cursor = [], None
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
                self._spawn(self.page_for(name))
        return diff

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

    # ------------------------------------------------------------------ pages

    def decorated(self, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [decorate(t, self.registry.wrapped(t["name"])) for t in tools]

    async def page_for(self, name: str, *, force: bool = False) -> Made:
        made = await self.pages.page(self.registry.tools[name], force=force)
        self.registry.made[name] = made
        self.stats["pageHits" if made.cached else "pageMisses"] += 1
        if not made.cached:
            self._note_fallback(name, made)
        return made

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
        if uri is not None:
            await self.broadcast(wire.notification("notifications/resources/updated", {"uri": uri}), ui_only=True)
        await self.broadcast(wire.notification("notifications/tools/list_changed"), ui_only=True)
        await self.broadcast(wire.notification("notifications/resources/list_changed"), ui_only=True)

    def wants_ui(self, channel: Channel, caller: Caller) -> bool:
        ui = (eras.supports_apps(caller.capabilities) if caller.modern else channel.ui) or self.options.force_ui
        if caller.modern:
            channel.ui = ui
        return ui


async def _send(channel: Channel, data: bytes) -> None:
    await channel.send(data)


def _modern(pending: Pending) -> bool:
    return pending.caller is not None and pending.caller.modern


def _settle(future: asyncio.Future, env: wire.Envelope) -> None:
    if future.done():
        return
    if env.error is not msgspec.UNSET:
        error = msgspec.json.decode(env.error)
        error = error if isinstance(error, dict) else {}
        future.set_exception(failures.UpstreamError(error.get("code"), str(error.get("message", "error")), error.get("data")))
    else:
        future.set_result(env.result_json())


__all__ = ["Channel", "Options", "Proxy"]
