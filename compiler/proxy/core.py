"""The proxy: one host in front, one upstream behind, messages routed at the JSON-RPC level.

Most messages pass through unchanged — same bytes, same ids (the proxy's own requests use ids
prefixed ``compile-ui:``, which no peer uses), so progress, cancellation, sampling, logging and
anything newer than this code flow both ways untouched. The proxy steps in only where it adds
something:

    initialize              remember whether the host speaks MCP Apps; advertise resources
    tools/list              add ``_meta.ui.resourceUri`` (and the legacy key); repair or drop
                            tools the protocol would reject; add the ``_ui_*`` management tools
    tools/call _ui_*        answered here
    resources/list          add one ``ui://<tool>`` resource per wrapped tool
    resources/read ui://…   answer the page
    list_changed            re-list the upstream's tools, then tell the host

If the upstream dies, requests in flight are answered at once (a tools/call with an ``isError``
result), and it is restarted with backoff, re-initialized with the host's own parameters, and the
host is told to re-list.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote

import msgspec

from . import wire
from .management import MANAGEMENT_TOOLS, Management
from .pages import Made, PageStore
from .tools import decorate, repair

log = logging.getLogger("compile_ui.proxy")

EXTENSION_ID = "io.modelcontextprotocol/ui"
APP_MIME_TYPE = "text/html;profile=mcp-app"
UI_SCHEME = "ui://"
BACKOFF_START_S, BACKOFF_MAX_S = 1.0, 30.0
OWN_REQUEST_TIMEOUT_S = 30.0
UPSTREAM_WAIT_S = 5.0
"""How long a message waits for an upstream that is (re)starting before it is answered with an error."""


@dataclass
class Options:
    enabled_tools: frozenset[str] | None = None
    force_ui: bool = False
    prewarm: bool = False
    refresh_s: float = 0.0
    """Periodic re-listing of the upstream's tools (0: off); backs off on failure."""


@dataclass
class Pending:
    method: str
    tool: str | None
    started: float
    cursor: bool = False


@dataclass
class ToolState:
    tools: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Every upstream tool (repaired), by name, in upstream order."""
    own_ui: set[str] = field(default_factory=set)
    """Tools that bring their own ``ui://`` page: left alone."""
    made: dict[str, Made] = field(default_factory=dict)
    """The last page made per tool (for ``_ui_inspect``)."""


class Proxy:
    def __init__(
        self,
        host: Any,
        upstream_factory: Callable[[], Any],
        pages: PageStore,
        options: Options | None = None,
    ) -> None:
        self.host = host
        self.upstream_factory = upstream_factory
        self.upstream: Any = None
        self.pages = pages
        self.options = options or Options()
        self.state = ToolState()
        self.pending: dict[bytes, Pending] = {}
        self.own: dict[str, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self.host_init: dict[str, Any] | None = None
        self.upstream_init: dict[str, Any] | None = None
        self.ui = False
        self.listed = asyncio.Event()
        self.upstream_ready = asyncio.Event()
        """Set once the upstream is initialized (the proxy's own requests wait for it)."""
        self.running = asyncio.Event()
        """Set while an upstream process is up (forwarded messages wait for it, briefly)."""
        self.stopping = False
        self.management = Management(self)
        self._tasks: set[asyncio.Task] = set()
        self._refresh_lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle

    async def run(self) -> None:
        supervisor = self._spawn(self._supervise())
        if self.options.refresh_s > 0:
            self._spawn(self._refresh_periodically())
        try:
            while (line := await self.host.receive()) is not None:
                if line.strip():
                    await self.on_host(line.strip())
        finally:
            self.stopping = True
            for task in list(self._tasks):
                if task is not supervisor:
                    task.cancel()
            supervisor.cancel()  # the supervisor stops the upstream, in its own task
            await asyncio.gather(supervisor, return_exceptions=True)

    def _spawn(self, coroutine) -> asyncio.Task:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("internal task failed: %r", task.exception())

    async def _supervise(self) -> None:
        try:
            await self._supervise_runs()
        finally:
            if self.upstream is not None:
                await self.upstream.stop()

    async def _supervise_runs(self) -> None:
        backoff = BACKOFF_START_S
        while not self.stopping:
            self.upstream = self.upstream_factory()
            started = time.monotonic()
            try:
                await self.upstream.start()
            except OSError as error:
                log.error("upstream failed to start: %s", error)
            else:
                log.info("upstream started (pid %s)", getattr(self.upstream, "pid", "?"))
                self.running.set()
                if self.host_init is not None:
                    self._spawn(self._reinitialize())
                await self._read_upstream()
                self.running.clear()
                await self.upstream.stop()
            self.running.clear()
            self.upstream_ready.clear()
            self._fail_pending("the upstream server exited")
            if self.stopping:
                return
            if time.monotonic() - started > BACKOFF_MAX_S:
                backoff = BACKOFF_START_S
            log.warning("upstream exited; restarting in %.0f s", backoff)
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX_S)

    async def _refresh_periodically(self) -> None:
        """Re-list the upstream's tools every ``refresh_s``; after a failure, wait longer (×2,
        up to ×16) until a listing succeeds again."""
        factor = 1
        while not self.stopping:
            await asyncio.sleep(self.options.refresh_s * factor)
            try:
                diff = await self.refresh_tools(notify=False)
            except (ConnectionError, TimeoutError, RuntimeError):
                factor = min(factor * 2, 16)
                continue
            factor = 1
            if diff["added"] or diff["removed"] or diff["changed"]:
                log.info("tools changed upstream: %s", diff)
                if self.ui:
                    await self.notify_lists()

    async def _read_upstream(self) -> None:
        while (line := await self.upstream.receive()) is not None:
            line = line.strip()
            if line:
                await self.on_upstream(line)

    def _fail_pending(self, why: str) -> None:
        for key, pending in list(self.pending.items()):
            request_id = msgspec.json.decode(key)
            if pending.method == "tools/call":
                answer = wire.result(request_id, {"content": [{"type": "text", "text": f"{why}; the call was lost."}], "isError": True})
            else:
                answer = wire.error(request_id, wire.INTERNAL_ERROR, why)
            self._spawn(self.host.send(answer))
        self.pending.clear()
        for future in self.own.values():
            if not future.done():
                future.set_exception(ConnectionError(why))
        self.own.clear()

    async def _reinitialize(self) -> None:
        """After a restart: the host's own initialize again, then re-list and tell the host."""
        try:
            await self.request_upstream("initialize", self.host_init, wait_ready=False)
            await self.upstream.send(wire.notification("notifications/initialized"))
            self.upstream_ready.set()
            await self.refresh_tools(notify=True)
        except (ConnectionError, TimeoutError) as error:
            log.warning("re-initializing the upstream failed: %s", error)

    # ------------------------------------------------------------------ host → upstream

    async def on_host(self, line: bytes) -> None:
        try:
            env = wire.peek(line)
        except msgspec.DecodeError:
            log.warning("host sent a line that is not JSON-RPC; answered with a parse error")
            await self.host.send(wire.error(None, wire.PARSE_ERROR, "Parse error"))
            return
        if env.is_request:
            handler = self._HOST_REQUESTS.get(env.method)
            if handler is not None and await handler(self, env, line):
                return
            await self.forward(env, line)
        elif env.is_response and isinstance(env.id, str) and env.id.startswith(wire.ID_PREFIX):
            return  # an answer to a request the proxy sent the host (none expected)
        else:
            if env.method == "notifications/initialized":
                self.upstream_ready.set()
                self._spawn(self.refresh_tools(notify=False, prewarm=self.options.prewarm))
            await self._send_upstream(line)

    async def forward(self, env: wire.Envelope, line: bytes, *, tool: str | None = None, cursor: bool = False) -> None:
        self.pending[env.key] = Pending(env.method, tool, time.monotonic(), cursor)
        if log.isEnabledFor(logging.DEBUG):  # the host's request id is the correlation id
            log.debug("→ upstream %s%s", env.method, f" {tool}" if tool else "", extra={"cid": f"host:{env.key.decode()}"})
        try:
            if not self.running.is_set():
                await asyncio.wait_for(self.running.wait(), UPSTREAM_WAIT_S)
            await self.upstream.send(line)
        except (ConnectionError, AttributeError, RuntimeError, TimeoutError):
            self.pending.pop(env.key, None)
            if env.method == "tools/call":
                await self.host.send(wire.result(env.id, {"content": [{"type": "text", "text": "The upstream server is not running; try again shortly."}], "isError": True}))
            else:
                await self.host.send(wire.error(env.id, wire.INTERNAL_ERROR, "The upstream server is not running"))

    async def _send_upstream(self, line: bytes) -> None:
        try:
            if not self.running.is_set():
                await asyncio.wait_for(self.running.wait(), UPSTREAM_WAIT_S)
            await self.upstream.send(line)
        except (ConnectionError, AttributeError, RuntimeError, TimeoutError):
            log.info("dropped a notification for the upstream: it is not running")

    async def _initialize(self, env: wire.Envelope, line: bytes) -> bool:
        self.host_init = env.params_json()
        extensions = ((self.host_init.get("capabilities") or {}).get("extensions") or {})
        settings = extensions.get(EXTENSION_ID) if isinstance(extensions, dict) else None
        mime_types = settings.get("mimeTypes") if isinstance(settings, dict) else None
        self.ui = (isinstance(mime_types, list) and APP_MIME_TYPE in mime_types) or self.options.force_ui
        if not self.ui:
            log.info("the host does not declare %s: passing everything through untouched (--force-ui serves pages anyway)", EXTENSION_ID)
        await self.forward(env, line)
        return True

    async def _tools_list(self, env: wire.Envelope, line: bytes) -> bool:
        cursor = bool((env.params_json() or {}).get("cursor"))
        await self.forward(env, line, cursor=cursor)
        return True

    async def _tools_call(self, env: wire.Envelope, line: bytes) -> bool:
        name = wire.param_name(env)
        if self.ui and isinstance(name, str) and name in MANAGEMENT_TOOLS:
            self._spawn(self._answer_management(env, name))
            return True
        await self.forward(env, line, tool=name if isinstance(name, str) else None)
        return True

    async def _resources_list(self, env: wire.Envelope, line: bytes) -> bool:
        if not self.ui:
            return False
        if self._upstream_has("resources"):
            await self.forward(env, line, cursor=bool((env.params_json() or {}).get("cursor")))
        else:
            await self.listed.wait()
            await self.host.send(wire.result(env.id, {"resources": self.ui_resources()}))
        return True

    async def _resources_read(self, env: wire.Envelope, line: bytes) -> bool:
        uri = wire.param_uri(env)
        if not self.ui or not isinstance(uri, str) or not uri.startswith(UI_SCHEME):
            return False
        self._spawn(self._answer_read(env, uri, line))
        return True

    async def _templates_list(self, env: wire.Envelope, line: bytes) -> bool:
        if self.ui and not self._upstream_has("resources"):
            await self.host.send(wire.result(env.id, {"resourceTemplates": []}))
            return True
        return False

    async def _ping(self, env: wire.Envelope, line: bytes) -> bool:
        await self.host.send(wire.result(env.id, {}))
        return True

    _HOST_REQUESTS = {
        "initialize": _initialize,
        "tools/list": _tools_list,
        "tools/call": _tools_call,
        "resources/list": _resources_list,
        "resources/read": _resources_read,
        "resources/templates/list": _templates_list,
        "ping": _ping,
    }

    # ------------------------------------------------------------------ upstream → host

    async def on_upstream(self, line: bytes) -> None:
        try:
            env = wire.peek(line)
        except msgspec.DecodeError:
            log.warning("upstream wrote a line that is not JSON-RPC (ignored): %.120r", line)
            return
        if env.is_response:
            if isinstance(env.id, str) and env.id.startswith(wire.ID_PREFIX):
                self._settle_own(env)
                return
            pending = self.pending.pop(env.key, None)
            if pending is not None and log.isEnabledFor(logging.DEBUG):
                took = (time.monotonic() - pending.started) * 1000
                log.debug("← upstream %s in %.1f ms", pending.method, took, extra={"cid": f"host:{env.key.decode()}"})
            transform = self._RESPONSES.get(pending.method) if pending else None
            if transform is not None:
                try:
                    line = transform(self, env, pending) or line
                except (ValueError, TypeError, KeyError, AttributeError, msgspec.DecodeError) as error:
                    log.warning("could not adjust the upstream's %s answer (%s); passed through", pending.method, error)
            await self.host.send(line)
            return
        if env.method == "notifications/tools/list_changed":
            self._spawn(self.refresh_tools(notify=False))
        await self.host.send(line)

    def _settle_own(self, env: wire.Envelope) -> None:
        future = self.own.pop(env.id, None)
        if future is None or future.done():
            return
        if env.error is not msgspec.UNSET:
            future.set_exception(RuntimeError(msgspec.json.decode(env.error).get("message", "error")))
        else:
            future.set_result(env.result_json())

    def _initialized_result(self, env: wire.Envelope, pending: Pending) -> bytes | None:
        if env.result is msgspec.UNSET:
            return None
        result = env.result_json()
        self.upstream_init = result
        if not self.ui:
            return None
        capabilities = result.setdefault("capabilities", {})
        capabilities.setdefault("tools", {})["listChanged"] = True
        resources = capabilities.setdefault("resources", {})
        resources["listChanged"] = True
        return wire.result(env.id, result)

    def _tools_result(self, env: wire.Envelope, pending: Pending) -> bytes | None:
        if env.result is msgspec.UNSET:
            return None
        result = env.result_json()
        tools = [t for t in (repair(t) for t in result.get("tools", [])) if t is not None]
        self._absorb(tools, replace=not pending.cursor and "nextCursor" not in result)
        if self.ui:
            tools = [decorate(t, self.wrapped(t["name"])) for t in tools]
            if not pending.cursor:
                tools += MANAGEMENT_TOOLS.values()
        result["tools"] = tools
        return wire.result(env.id, result)

    def _resources_result(self, env: wire.Envelope, pending: Pending) -> bytes | None:
        if env.result is msgspec.UNSET or not self.ui or pending.cursor:
            return None
        result = env.result_json()
        result["resources"] = list(result.get("resources", [])) + self.ui_resources()
        return wire.result(env.id, result)

    _RESPONSES = {
        "initialize": _initialized_result,
        "tools/list": _tools_result,
        "resources/list": _resources_result,
    }

    # ------------------------------------------------------------------ the proxy's own requests

    async def request_upstream(self, method: str, params: dict[str, Any] | None = None, *, wait_ready: bool = True) -> Any:
        if wait_ready:
            await asyncio.wait_for(self.upstream_ready.wait(), OWN_REQUEST_TIMEOUT_S)
        request_id = f"{wire.ID_PREFIX}{next(self._ids)}"
        future = asyncio.get_running_loop().create_future()
        self.own[request_id] = future
        try:
            await self.upstream.send(wire.request(request_id, method, params))
            return await asyncio.wait_for(future, OWN_REQUEST_TIMEOUT_S)
        finally:
            self.own.pop(request_id, None)

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
            before = dict(self.state.tools)
            try:
                tools = await self.list_upstream_tools()
            except (ConnectionError, TimeoutError, RuntimeError) as error:
                log.warning("listing the upstream's tools failed: %s", error)
                self.listed.set()
                raise
            self._absorb(tools, replace=True)
            after = self.state.tools
            diff = {
                "added": sorted(set(after) - set(before)),
                "removed": sorted(set(before) - set(after)),
                "changed": sorted(n for n in set(after) & set(before) if after[n] != before[n]),
                "unchanged": sorted(n for n in set(after) & set(before) if after[n] == before[n]),
            }
        if notify and self.ui:
            await self.notify_lists()
        if prewarm and self.ui:
            for name in self.wrapped_names():
                self._spawn(self.page_for(name))
        return diff

    def _absorb(self, tools: list[dict[str, Any]], *, replace: bool) -> None:
        if replace:
            self.state.tools = {}
            self.state.own_ui = set()
        for tool in tools:
            self.state.tools[tool["name"]] = tool
            if _has_own_ui(tool):
                self.state.own_ui.add(tool["name"])
        self.listed.set()

    # ------------------------------------------------------------------ pages

    def wrapped(self, name: str) -> bool:
        enabled = self.options.enabled_tools
        return name not in self.state.own_ui and (enabled is None or name in enabled)

    def wrapped_names(self) -> list[str]:
        return [n for n in self.state.tools if self.wrapped(n)]

    def ui_resources(self) -> list[dict[str, Any]]:
        return [
            {
                "uri": ui_uri(name),
                "name": f"{name} app",
                "title": self.state.tools[name].get("title") or name,
                "description": f"Interactive form and result view for the {name} tool (generated by compile-ui)",
                "mimeType": APP_MIME_TYPE,
            }
            for name in self.wrapped_names()
        ]

    async def page_for(self, name: str, *, force: bool = False) -> Made:
        made = await self.pages.page(self.state.tools[name], force=force)
        self.state.made[name] = made
        return made

    async def _answer_read(self, env: wire.Envelope, uri: str, line: bytes) -> None:
        name = tool_of(uri)
        if name is None or (name not in self.state.tools and not self.listed.is_set()):
            await asyncio.wait_for(self.listed.wait(), OWN_REQUEST_TIMEOUT_S)
        if name is not None and name in self.state.tools and self.wrapped(name):
            try:
                made = await self.page_for(name)
            except Exception as error:  # the proxy keeps serving: one tool's failure is that tool's error
                log.error("making the page for %s failed: %r", name, error)
                await self.host.send(wire.error(env.id, wire.INTERNAL_ERROR, f"could not build the page for {name}"))
                return
            content = {"uri": uri, "mimeType": APP_MIME_TYPE, "text": made.page.decode()}
            await self.host.send(wire.result(env.id, {"contents": [content]}))
        elif self._upstream_has("resources") and any(_claims(t, uri) for t in self.state.tools.values()):
            await self.forward(env, line)
        else:
            await self.host.send(wire.error(env.id, wire.RESOURCE_NOT_FOUND, f"Resource not found: {uri}"))

    async def notify_lists(self, uri: str | None = None) -> None:
        if uri is not None:
            await self.host.send(wire.notification("notifications/resources/updated", {"uri": uri}))
        await self.host.send(wire.notification("notifications/tools/list_changed"))
        await self.host.send(wire.notification("notifications/resources/list_changed"))

    async def _answer_management(self, env: wire.Envelope, name: str) -> None:
        arguments = (env.params_json() or {}).get("arguments") or {}
        result = await self.management.call(name, arguments)
        await self.host.send(wire.result(env.id, result))

    def _upstream_has(self, capability: str) -> bool:
        return bool(((self.upstream_init or {}).get("capabilities") or {}).get(capability))


def ui_uri(name: str) -> str:
    return UI_SCHEME + quote(name, safe="")


def tool_of(uri: str) -> str | None:
    rest = uri[len(UI_SCHEME):]
    return unquote(rest) if rest and "/" not in rest else None


def _has_own_ui(tool: dict[str, Any]) -> bool:
    meta = tool.get("_meta")
    if not isinstance(meta, dict):
        return False
    ui = meta.get("ui")
    return (isinstance(ui, dict) and isinstance(ui.get("resourceUri"), str)) or isinstance(meta.get("ui/resourceUri"), str)


def _claims(tool: dict[str, Any], uri: str) -> bool:
    meta = tool.get("_meta") if isinstance(tool.get("_meta"), dict) else {}
    ui = meta.get("ui") if isinstance(meta.get("ui"), dict) else {}
    listed = ui.get("resourceUris") if isinstance(ui.get("resourceUris"), list) else []  # several widgets (outside the spec)
    return uri in (ui.get("resourceUri"), meta.get("ui/resourceUri"), *listed)


def dumps(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, default=str)


__all__: Sequence[str] = ["Proxy", "Options", "ui_uri", "tool_of"]
