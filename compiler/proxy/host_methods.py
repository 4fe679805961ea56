"""The host requests the proxy answers or adjusts, and the upstream answers it adjusts.

Each request handler gets ``(proxy, channel, env, caller, params)`` and returns ``True`` when it
has taken care of the request (answered it, or forwarded it itself), ``False`` to let the router
forward it untouched. ``params`` is the decoded params when the era layer already decoded them.
Each response transform gets the decoded result and returns the result the host sees.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from . import eras, failures, wire
from .eras import Caller
from .failures import ProxyError
from .management import MANAGEMENT_TOOLS
from .registry import APP_MIME_TYPE, is_own, tool_of
from .renders import ASK_TOOLS, RENDER_URI
from .tools import repair

if TYPE_CHECKING:
    from .core import Channel, Pending, Proxy

log = logging.getLogger("compile_ui.proxy")
LISTED_WAIT_S = 30.0


async def _answer(channel: "Channel", env: wire.Envelope, caller: Caller, method: str, value: dict[str, Any]) -> None:
    if caller.modern:
        eras.complete(method, value)
    await channel.send(wire.result(env.id, value))


def _params(env: wire.Envelope, params: Any) -> dict[str, Any]:
    value = params if params is not None else env.params_json()
    return value if isinstance(value, dict) else {}


async def initialize(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    init = _params(env, params)
    channel.init = init
    channel.caller = caller = eras.legacy_caller(init)
    channel.ui = eras.supports_apps(caller.capabilities) or proxy.options.force_ui
    if not channel.ui:
        log.info("the host does not declare %s: passing everything through untouched (--force-ui serves pages anyway)", eras.UI_EXTENSION)
    proxy._note_host(caller, init)
    await _ready(proxy)
    await channel.send(wire.result(env.id, eras.initialize_result(proxy.info, init.get("protocolVersion"), ui=channel.ui)))
    return True


async def discover(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    await _ready(proxy)
    await channel.send(wire.result(env.id, eras.discover_result(proxy.info)))
    return True


async def _ready(proxy: "Proxy") -> None:
    try:
        await proxy._until_ready()
    except TimeoutError as error:
        raise ProxyError(wire.INTERNAL_ERROR, "The upstream server is not running") from error
    except ConnectionError as error:
        raise ProxyError(wire.INTERNAL_ERROR, str(error)) from error


async def ping(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    await channel.send(wire.result(env.id, {}))
    return True


async def set_level(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    """Handshake-era ``logging/setLevel``: forwarded to a handshake-era upstream; for a 2026-07-28
    one, remembered and stamped on the host's requests (``io.modelcontextprotocol/logLevel``)."""
    if proxy.info is None or proxy.info.era == eras.LEGACY:
        return False
    level = _params(env, params).get("level")
    channel.caller = Caller(eras.LEGACY, caller.capabilities, caller.client_info, level if isinstance(level, str) else None)
    await channel.send(wire.result(env.id, {}))
    return True


async def subscribe(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    if proxy.info is None or proxy.info.era == eras.LEGACY:
        return False
    raise ProxyError(wire.METHOD_NOT_FOUND, f"{env.method} is not available: the upstream speaks 2026-07-28, which removed it")


async def tools_list(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    cursor = bool(_params(env, params).get("cursor"))
    await proxy.forward(channel, env, caller, params, cursor=cursor, ui=proxy.wants_ui(channel, caller))
    return True


APP_RUN_MARK = "compile-ui/app"
"""``_meta`` key the runtime puts on the calls a person starts from a page (an event is logged)."""


async def tools_call(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    name = wire.param_name(env)
    if isinstance(name, str) and (name in MANAGEMENT_TOOLS or name in ASK_TOOLS) and proxy.wants_ui(channel, caller):
        arguments = _params(env, params).get("arguments") or {}
        proxy.own_call(channel, env.id, _own_tool(proxy, channel, env, caller, name, arguments))
        return True
    app = APP_RUN_MARK.encode() in bytes(env.params or b"") and (_params(env, params).get("_meta") or {}).get(APP_RUN_MARK) is True
    await proxy.forward(channel, env, caller, params, tool=name if isinstance(name, str) else None, app=app)
    return True


async def _own_tool(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, name: str, arguments: Any) -> None:
    try:
        if name in ASK_TOOLS:
            result = await proxy.asking.call(name, arguments, env.id)
        else:
            result = await proxy.management.call(name, arguments)
    except Exception as error:  # the proxy keeps serving: one call's failure is that call's error
        log.error("%s failed: %r", name, error)
        result = {"content": [{"type": "text", "text": f"{name} failed inside compile-ui: {type(error).__name__}"}], "isError": True}
    await _answer(channel, env, caller, "tools/call", result)


async def resources_list(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    ui = proxy.wants_ui(channel, caller)
    await _ready(proxy)
    if proxy.info.has("resources"):
        await proxy.forward(channel, env, caller, params, cursor=bool(_params(env, params).get("cursor")), ui=ui)
        return True
    if ui:
        await asyncio.wait_for(proxy.registry.listed.wait(), LISTED_WAIT_S)
    await _answer(channel, env, caller, "resources/list", {"resources": proxy.registry.resources() if ui else []})
    return True


async def templates_list(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    await _ready(proxy)
    if proxy.info.has("resources"):
        return False
    await _answer(channel, env, caller, "resources/templates/list", {"resourceTemplates": []})
    return True


async def resources_read(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, params: Any) -> bool:
    uri = wire.param_uri(env)
    if not is_own(uri):
        await _ready(proxy)
        if proxy.info.has("resources"):
            return False
        raise ProxyError(wire.RESOURCE_NOT_FOUND, f"Resource not found: {uri}")
    proxy._spawn(_read_page(proxy, channel, env, caller, uri))
    return True


async def _read_page(proxy: "Proxy", channel: "Channel", env: wire.Envelope, caller: Caller, uri: str) -> None:
    name, registry = tool_of(uri), proxy.registry
    if uri == RENDER_URI:
        content = {"uri": uri, "mimeType": APP_MIME_TYPE, "text": proxy.pages.ask_page()}
        await _answer(channel, env, caller, "resources/read", {"contents": [content]})
        return
    try:
        if name is None or name not in registry.tools:
            await asyncio.wait_for(registry.listed.wait(), LISTED_WAIT_S)
        if name is None or name not in registry.tools or not registry.wrapped(name):
            raise ProxyError(wire.RESOURCE_NOT_FOUND, f"Resource not found: {uri}")
        try:
            made = await proxy.page_for(name)
        except Exception as error:  # the proxy keeps serving: one tool's failure is that tool's error
            log.error("making the page for %s failed: %r", name, error)
            raise ProxyError(wire.INTERNAL_ERROR, f"could not build the page for {name}") from error
    except (ProxyError, TimeoutError) as error:
        await channel.send(failures.answer(env.id, env.method, error, modern=caller.modern))
        return
    content = {"uri": uri, "mimeType": APP_MIME_TYPE, "text": made.page.decode()}
    await _answer(channel, env, caller, "resources/read", {"contents": [content]})


HOST_REQUESTS = {
    "initialize": initialize,
    "server/discover": discover,
    "ping": ping,
    "logging/setLevel": set_level,
    "resources/subscribe": subscribe,
    "resources/unsubscribe": subscribe,
    "tools/list": tools_list,
    "tools/call": tools_call,
    "resources/list": resources_list,
    "resources/read": resources_read,
    "resources/templates/list": templates_list,
}


# --------------------------------------------------------------------------- upstream answers


def tools_result(proxy: "Proxy", result: dict[str, Any], pending: "Pending") -> dict[str, Any]:
    tools = [t for t in (repair(t) for t in result.get("tools", [])) if t is not None]
    proxy.registry.absorb(tools, replace=not pending.cursor and "nextCursor" not in result)
    if pending.ui:
        tools = proxy.decorated(tools)
        if not pending.cursor:
            tools += [*MANAGEMENT_TOOLS.values(), *ASK_TOOLS.values()]
    result["tools"] = tools
    return result


def resources_result(proxy: "Proxy", result: dict[str, Any], pending: "Pending") -> dict[str, Any]:
    if pending.ui and not pending.cursor:
        result["resources"] = list(result.get("resources", [])) + proxy.registry.resources()
    return result


RESPONSES = {
    "tools/list": tools_result,
    "resources/list": resources_result,
}
