"""The proxy's local side: the ``LocalServices`` the router calls, and the ``LocalCall``s it runs.

Pages of the wrapped tools (each self-contained: a page reads nothing else), the ``_ui_*`` tools (management and asking) and the generated
resources. What it needs of the rest of the proxy (a page made and counted, hosts told that lists
changed, the upstream re-listed, the proxy's state) comes through ``management.Control``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from compiler.apps import APP_MIME_TYPE, resource_meta, tool_of

from ..core import wire
from ..core.failures import ProxyError
from ..core.services import AskInApp, ListResources, LocalCall, ReadPage, ToolCall
from .asking import Asking
from .management import MANAGEMENT_TOOLS, Control, Management
from .questions import QUESTION_TOOLS, Questions
from .registry import is_own
from .renders import ASK_TOOLS, RENDER_URI
from .tools import repair

log = logging.getLogger("compile_ui.proxy")
LISTED_WAIT_S = 30.0
"""How long a local answer waits for the upstream's first tool listing."""


class LocalSide:
    def __init__(self, control: Control) -> None:
        self.control = control
        self.registry = control.registry
        self.asking = Asking(control.store)
        self.questions = Questions()
        self.management = Management(control)

    # ------------------------------------------------------------------ LocalServices

    def owns_tool(self, name: str) -> bool:
        return name in MANAGEMENT_TOOLS or name in ASK_TOOLS or name in QUESTION_TOOLS

    def asks_in_app(self, tool: str) -> bool:
        return tool in self.registry.tools and self.registry.wrapped(tool)

    def owns_uri(self, uri: str) -> bool:
        return is_own(uri)

    def listed_tools(self, result: dict[str, Any], *, cursor: bool, ui: bool) -> dict[str, Any]:
        tools = [t for t in (repair(t) for t in result.get("tools", [])) if t is not None]
        self.registry.absorb(tools, replace=not cursor and "nextCursor" not in result)
        if ui:
            tools = self.registry.decorated(tools)
            if not cursor:
                tools += [*MANAGEMENT_TOOLS.values(), *ASK_TOOLS.values(), *QUESTION_TOOLS.values()]
        return {**result, "tools": tools}

    def listed_resources(self, result: dict[str, Any], *, cursor: bool, ui: bool) -> dict[str, Any]:
        if ui and not cursor:
            return {**result, "resources": list(result.get("resources", [])) + self.registry.resources()}
        return result

    # ------------------------------------------------------------------ local calls

    async def run(self, call: LocalCall) -> dict[str, Any]:
        """The result of one local call; ``ProxyError`` (or any exception) for its error."""
        if isinstance(call, ToolCall):
            return await self._tool(call)
        if isinstance(call, ReadPage):
            return await self._page(call.uri)
        if isinstance(call, AskInApp):
            return await self.questions.ask(call.token, call.tool, call.params)
        return await self._resources(call)

    async def _tool(self, call: ToolCall) -> dict[str, Any]:
        try:
            if call.name == "_ui_question":
                return await self.questions.next(call.arguments if isinstance(call.arguments, dict) else {})
            if call.name == "_ui_answer":
                return self.questions.respond(call.arguments if isinstance(call.arguments, dict) else {})
            if call.name in ASK_TOOLS:
                return await self.asking.call(call.name, call.arguments, call.host_id)
            return await self.management.call(call.name, call.arguments)
        except Exception as error:  # the proxy keeps serving: one call's failure is that call's error
            log.error("%s failed: %r", call.name, error)
            return {"content": [{"type": "text", "text": f"{call.name} failed inside compile-ui: {type(error).__name__}"}],
                    "isError": True}

    async def _page(self, uri: str) -> dict[str, Any]:
        if uri == RENDER_URI:
            return {"contents": [{"uri": uri, "mimeType": APP_MIME_TYPE, "text": self.control.pages.ask_page(),
                                  "_meta": resource_meta()}]}
        name, registry = tool_of(uri), self.registry
        if name is None or name not in registry.tools:
            await asyncio.wait_for(registry.listed.wait(), LISTED_WAIT_S)
        if name is None or name not in registry.tools or not registry.wrapped(name):
            raise ProxyError(wire.RESOURCE_NOT_FOUND, f"Resource not found: {uri}")
        try:
            made = await self.control.page_for(name, fresh=True)
        except Exception as error:  # the proxy keeps serving: one tool's failure is that tool's error
            log.error("making the page for %s failed: %r", name, error)
            raise ProxyError(wire.INTERNAL_ERROR, f"could not build the page for {name}") from error
        return {"contents": [{"uri": uri, "mimeType": APP_MIME_TYPE, "text": made.page.decode(), "_meta": resource_meta()}]}

    async def _resources(self, call: ListResources) -> dict[str, Any]:
        if call.ui:
            await asyncio.wait_for(self.registry.listed.wait(), LISTED_WAIT_S)
        return {"resources": self.registry.resources() if call.ui else []}
