"""The ``_ui_*`` management tools: visible to the model (``_meta.ui.visibility: ["model"]``), so a
person can say "make the weather table show the low first" and the model can act on it. Pages
cannot call them. Each answers a normal CallToolResult; a bad argument is an ``isError`` result.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from compiler.apps import ui_uri
from compiler.layout import check_spec, spec_json

from ..core.router import FIRST_START_WAIT_S
from ..store.base import Store
from .pages import Made, PageStore
from .registry import Registry

_MODEL_ONLY = {"ui": {"visibility": ["model"]}}
_TOOL_NAME = {"type": "string", "description": "The name of a tool of this server"}

MANAGEMENT_TOOLS: dict[str, dict[str, Any]] = {
    "_ui_refine": {
        "name": "_ui_refine",
        "description": "Change the interactive app of a tool: field order, groups, advanced fields, widgets, submit "
        "label, title, and which view (table, cards, chart…) and columns show the result. Best: pass `layout`, a "
        "LayoutSpec you write yourself — _ui_inspect gives the tool's current layout and the JSON Schema of the "
        "layouts it accepts (every field and column by its JSON Pointer); a partial layout is merged over the "
        "current one (objects merged, lists replaced). A bad layout is refused with each problem's JSON Pointer. "
        "`feedback` (natural language) instead asks the proxy's own layout model, when one is configured.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "toolName": _TOOL_NAME,
                "layout": {"type": "object", "description": "A LayoutSpec (or part of one); schema from _ui_inspect"},
                "feedback": {"type": "string", "minLength": 1, "maxLength": 500},
            },
            "required": ["toolName"],
        },
        "_meta": _MODEL_ONLY,
    },
    "_ui_regenerate": {
        "name": "_ui_regenerate",
        "description": "Regenerate a tool's app, bypassing the cache; optionally forget its refinements.",
        "inputSchema": {
            "type": "object",
            "properties": {"toolName": _TOOL_NAME, "clearRefinements": {"type": "boolean", "default": False,
                                                                        "description": "Also forget its feedback and its set layout"}},
            "required": ["toolName"],
        },
        "_meta": _MODEL_ONLY,
    },
    "_ui_list": {
        "name": "_ui_list",
        "description": "List the tools that have generated apps: layout source, cache state, refinements.",
        "inputSchema": {"type": "object", "properties": {}},
        "_meta": _MODEL_ONLY,
    },
    "_ui_inspect": {
        "name": "_ui_inspect",
        "description": "Show how a tool's app was made: cache key, timing, model, prompt and runtime versions, "
        "refinements, where each part came from, its current LayoutSpec (`currentLayout`) and the JSON Schema of "
        "the layouts _ui_refine accepts for it (`layoutSchema`).",
        "inputSchema": {"type": "object", "properties": {"toolName": _TOOL_NAME}, "required": ["toolName"]},
        "_meta": _MODEL_ONLY,
    },
    "_ui_status": {
        "name": "_ui_status",
        "description": "Report the proxy's state: version, protocol eras on both sides, the upstream and its state, "
        "uptime, restarts, pages cached and generated, cache hits and misses, the store, the layout model, and the requests "
        "in flight by kind. While the upstream is down or restarting it answers at once and says what happened: how its "
        "last run ended (exit status or signal, the tail of its stderr), the attempt and when the next one comes.",
        "inputSchema": {"type": "object", "properties": {}},
        "_meta": _MODEL_ONLY,
    },
    "_ui_refresh_tools": {
        "name": "_ui_refresh_tools",
        "description": "Re-read the upstream server's tools and report what was added, removed or changed.",
        "inputSchema": {"type": "object", "properties": {}},
        "_meta": _MODEL_ONLY,
    },
}


NO_LISTING = frozenset({"_ui_status"})
"""Management tools that answer without the upstream's tools (the others wait for the first listing)."""


def text(value: str, *, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": value}]}
    if error:
        result["isError"] = True
    return result


def data(value: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(value, indent=1, ensure_ascii=False, default=str)}], "structuredContent": value}


class Control(Protocol):
    """What the ``_ui_*`` tools need of the proxy (the runtime provides it)."""

    registry: Registry
    pages: PageStore
    store: Store
    settled: asyncio.Event
    """Set once the upstream's first run opened its session, was refused one, or ended."""

    async def page_for(self, name: str, *, force: bool = False, fresh: bool = False) -> Made:
        """The tool's page, made (or taken from the cache) and counted; ``fresh``: its layout
        confirmed by the store first (``confirm``)."""
        ...

    async def confirm(self, name: str) -> None:
        """The tool's refinements and set layout as the store has them now (another replica may
        have changed them): what is read back or built on is never older than what is stored."""
        ...

    async def notify_lists(self, uri: str | None = None) -> None:
        """Tell the hosts that show pages that the lists (and ``uri``) changed."""
        ...

    async def refresh_tools(self, *, notify: bool) -> dict[str, list[str]]:
        """Re-list the upstream's tools; what was added, removed, changed."""
        ...

    def status(self) -> dict[str, Any]:
        """The proxy's state, as ``_ui_status`` reports it."""
        ...

    def upstream_down(self) -> str | None:
        """Why the upstream cannot answer now, once a run of it ended; ``None`` while it can."""
        ...


class Management:
    def __init__(self, control: Control) -> None:
        self.proxy = control

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        handler: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]] = getattr(self, name.removeprefix("_ui_"))
        try:
            if name not in NO_LISTING and not self.proxy.registry.listed.is_set():
                down = self.proxy.upstream_down()
                if down is not None:  # no listing is coming soon: say why at once, not in 30 s
                    return text(f"{name}: the upstream's tools are not known yet: {down}", error=True)
                await asyncio.wait_for(self.proxy.registry.listed.wait(), 30)  # the first listing may still run
            return await handler(arguments if isinstance(arguments, dict) else {})
        except LookupError as error:
            return text(str(error.args[0]), error=True)
        except (ConnectionError, TimeoutError, RuntimeError) as error:
            return text(f"{name} failed: {error}", error=True)

    def _tool(self, arguments: dict[str, Any]) -> str:
        name = arguments.get("toolName")
        if not isinstance(name, str) or name not in self.proxy.registry.tools:
            raise LookupError(f"no tool named {name!r}; _ui_list shows the tools")
        if not self.proxy.registry.wrapped(name):
            raise LookupError(f"{name!r} has its own app or is not enabled; compile-ui does not generate it")
        return name

    async def _confirmed(self, arguments: dict[str, Any]) -> str:
        """``_tool``, its layout confirmed by the store: a refinement builds on the newest one
        (another replica's included), and what is reported is what a page read would serve."""
        name = self._tool(arguments)
        await self.proxy.confirm(name)
        return name

    async def refine(self, arguments: dict[str, Any]) -> dict[str, Any]:
        name = await self._confirmed(arguments)
        layout, feedback = arguments.get("layout"), arguments.get("feedback")
        if layout is not None:
            return await self._set_layout(name, layout)
        if not isinstance(feedback, str) or not feedback.strip():
            raise LookupError("give `layout` (a LayoutSpec; _ui_inspect shows its schema) or `feedback` (text)")
        if not self.proxy.pages.settings.enabled:
            return self._write_it_yourself(name, feedback)
        history = await self.proxy.pages.refine(name, feedback)
        start = time.monotonic()
        made = await self.proxy.page_for(name)
        await self.proxy.notify_lists(uri=_uri(name))
        took = (time.monotonic() - start) * 1000
        layout = (made.generation or {}).get("layout", "heuristic")
        return text(f"Regenerated {name} with {len(history)} refinement(s): layout {layout}, {took:.0f} ms.")

    async def _set_layout(self, name: str, layout: Any) -> dict[str, Any]:
        if not isinstance(layout, dict):
            return text("layout must be an object (a LayoutSpec, or part of one)", error=True)
        compiled, current = self._current(name)
        spec, problems = check_spec(compiled.tree, _merged(current, layout), compiled.facts)
        if spec is None:
            lines = "\n".join(f"- /layout{p.pointer}: {p.message}" for p in problems)
            return text(f"The layout was not applied: {len(problems)} problem(s) (the schema is in _ui_inspect's "
                        f"layoutSchema).\n{lines}", error=True) | {
                "structuredContent": {"problems": [{"pointer": "/layout" + p.pointer, "message": p.message} for p in problems]}}
        applied = spec_json(spec, exclude_defaults=True)
        kept = await self.proxy.pages.set_layout(name, applied)
        start = time.monotonic()
        await self.proxy.page_for(name)
        await self.proxy.notify_lists(uri=_uri(name))
        where = ("it is kept across restarts" if kept else
                 "but the store is unavailable, so it is not kept: other replicas do not see it, and this one "
                 "goes back to the stored layout when the store returns — set it again then")
        return {"content": [{"type": "text", "text": f"Applied the layout to {name}'s app "
                             f"({(time.monotonic() - start) * 1000:.0f} ms); {where}."}],
                "structuredContent": {"toolName": name, "layout": applied}}

    def _write_it_yourself(self, name: str, feedback: str) -> dict[str, Any]:
        """No layout model here: hand the calling model what it needs to write the layout."""
        compiled, current = self._current(name)
        schema, tool = self.proxy.pages.schema_for(compiled), compiled.tool
        fields = schema["properties"]["input"]["properties"]["order"].get("items", {}).get("enum", [])
        example = {"input": {"order": fields[::-1]}} if len(fields) > 1 else {"title": (tool.get("title") or name)[:80]}
        return {"content": [{"type": "text", "text": (
                    f"No layout model is configured here, so feedback needs a model to take effect (set "
                    f"ANTHROPIC_API_KEY). You can apply it yourself: write a LayoutSpec for {name} that does "
                    f"\"{feedback.strip()[:200]}\" and call _ui_refine {{\"toolName\": {json.dumps(name)}, \"layout\": …}}. "
                    f"The current layout, its schema and an example are in structuredContent.")}],
                "structuredContent": {"toolName": name, "feedback": feedback, "currentLayout": current,
                                      "layoutSchema": schema, "exampleLayout": example}}

    def _current(self, name: str) -> tuple[Any, dict[str, Any]]:
        """The tool compiled, and the LayoutSpec its page uses now (as JSON)."""
        compiled, made = self.proxy.pages.compile(self.proxy.registry.tools[name]), self.proxy.registry.made.get(name)
        return compiled, self.proxy.pages.current_layout(compiled, made.generation if made else None)

    async def regenerate(self, arguments: dict[str, Any]) -> dict[str, Any]:
        name = await self._confirmed(arguments)
        if arguments.get("clearRefinements") is True:
            await self.proxy.pages.clear_refinements(name)
            await self.proxy.pages.set_layout(name, None)
        start = time.monotonic()
        made = await self.proxy.page_for(name, force=True)
        await self.proxy.notify_lists(uri=_uri(name))
        layout = (made.generation or {}).get("layout", "heuristic")
        return text(f"Regenerated {name}: layout {layout}, {(time.monotonic() - start) * 1000:.0f} ms.")

    async def list(self, arguments: dict[str, Any]) -> dict[str, Any]:
        proxy = self.proxy
        rows = []
        for name, tool in proxy.registry.tools.items():
            made = proxy.registry.made.get(name)
            rows.append(
                {
                    "name": name,
                    "layout": ((made.generation or {}).get("layout") if made else None) or "heuristic",
                    "cached": proxy.pages.cached(tool),
                    "refinements": len(proxy.pages.refinements.get(name)),
                    "enabled": proxy.registry.wrapped(name),
                }
            )
        return data({"tools": rows, "pagesGenerated": proxy.pages.generations})

    async def inspect(self, arguments: dict[str, Any]) -> dict[str, Any]:
        name = await self._confirmed(arguments)
        made = self.proxy.registry.made.get(name) or await self.proxy.page_for(name)
        return data(self.proxy.pages.inspect(self.proxy.registry.tools[name], made))

    async def status(self, arguments: dict[str, Any]) -> dict[str, Any]:
        try:  # the first session's opening is waited for (its era, its protocol); a run that ended is said at once
            await asyncio.wait_for(self.proxy.settled.wait(), FIRST_START_WAIT_S)
        except TimeoutError:
            pass
        return data(self.proxy.status())

    async def refresh_tools(self, arguments: dict[str, Any]) -> dict[str, Any]:
        down = self.proxy.upstream_down()
        if down is not None:  # the one tool that needs the upstream: said at once, not after its wait
            return text(f"_ui_refresh_tools: {down}", error=True)
        diff = await self.proxy.refresh_tools(notify=True)
        return data(diff)


_uri = ui_uri


def _merged(base: Any, part: Any) -> Any:
    """``part`` over ``base``: objects merged key by key, anything else (lists too) replaced."""
    if isinstance(base, dict) and isinstance(part, dict):
        return {**base, **{k: _merged(base.get(k), v) for k, v in part.items()}}
    return part


def _iso(timestamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp))
