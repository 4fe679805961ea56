"""The preview's server side: an MCP client of the compile-ui proxy, and a small HTTP API.

The browser page is the MCP Apps host; everything it needs from MCP goes through one official
``ClientSession`` to ``compile-ui proxy --force-ui -- <upstream>`` — the same path a real host
takes, so pages, calls, ``_ui_inspect`` and ``_ui_refine`` are exactly what Claude Desktop gets.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from importlib.resources import files
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from compiler.apps import APP_MIME_TYPE, UI_EXTENSION, UI_SCHEME, app_of

from .session import Recording

UI = {UI_EXTENSION: {"mimeTypes": [APP_MIME_TYPE]}}
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-src 'self'; base-uri 'none'; form-action 'none'"
)
STATIC = {"host.js": "text/javascript", "host.css": "text/css", "context.js": "text/javascript",
          "debug.js": "text/javascript"}
HEAD = (re.compile(r"<head\b[^>]*>", re.IGNORECASE), re.compile(r"<html\b[^>]*>", re.IGNORECASE))


def widgets(tool: dict[str, Any]) -> list[str]:
    """The ``ui://`` widgets a tool lists: ``_meta.ui.resourceUri`` first, then ``resourceUris``
    (outside the spec, but used), without repeats."""
    meta = tool.get("_meta") or {}
    ui = given if isinstance(given := meta.get("ui"), dict) else {}
    listed = [app_of(tool), *(ui.get("resourceUris") or [])]
    return list(dict.fromkeys(u for u in listed if isinstance(u, str) and u.startswith(UI_SCHEME)))


def with_agent(html: str) -> str:
    """The app's page with the preview's debug agent (static/agent.js) as its first script.

    Placed before anything else in <head>, so it runs before the page's own Content-Security-
    Policy <meta> takes effect (a policy applies to what follows it) and sees every violation
    and error from the start. It only listens and reports to the host; the page is otherwise
    byte-for-byte what the server sent. (A string insertion, not markup built from data: the
    agent is our own fixed file and the page is not parsed or rewritten.)"""
    agent = files(__package__).joinpath("static", "agent.js").read_text()
    tag = "<script>" + agent + "</script>"
    found = HEAD[0].search(html) or HEAD[1].search(html)
    return html[: found.end()] + tag + html[found.end():] if found else tag + html


def dump(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


class Backend:
    def __init__(self, upstream: list[str], proxy_options: list[str]) -> None:
        # The whole environment, as when the user runs the server itself (the SDK's default passes
        # only a few safe variables, so a server's own settings, e.g. an API token, would be lost).
        self.params = StdioServerParameters(
            command=sys.executable, args=["-m", "compiler", "proxy", "--force-ui", *proxy_options, "--", *upstream],
            env=dict(os.environ),
        )
        self.stack = contextlib.AsyncExitStack()
        self.session: ClientSession | None = None
        self.server: dict[str, Any] = {}
        self.recording = Recording()

    async def start(self) -> None:
        read, write = await self.stack.enter_async_context(stdio_client(self.params))
        self.session = await self.stack.enter_async_context(ClientSession(read, write, extensions=UI))
        init = await self.session.initialize()
        self.server = dump(init.server_info)
        self.recording.server = self.server

    def _client(self) -> ClientSession:
        if self.session is None:
            raise RuntimeError("the preview's backend is not started")
        return self.session

    async def stop(self) -> None:
        await self.stack.aclose()

    async def tools(self) -> list[dict[str, Any]]:
        listed = await self._client().list_tools()
        self.recording.tools = [dump(t) for t in listed.tools if not t.name.startswith("_ui_")]
        return self.recording.tools

    async def page(self, name: str, uri: str | None = None) -> str:
        """The page of ``uri`` (one of the tool's widgets; the first when None), with the agent."""
        tool = next((t for t in await self.tools() if t["name"] == name), None)
        listed = widgets(tool or {})
        if not listed or (uri is not None and uri not in listed):
            raise LookupError(f"no app {uri or ''} for {name!r}")
        contents = (await self.read(uri or listed[0]))["contents"]
        return with_agent(contents[0]["text"])

    async def read(self, uri: str) -> dict[str, Any]:
        result = dump(await self._client().read_resource(uri))
        self.recording.read(result.get("contents") or [])
        return result

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            result = dump(await self._client().call_tool(name, arguments))
        except MCPError as error:
            if not name.startswith("_ui_"):
                self.recording.call(name, arguments, {"error": {"code": error.code, "message": error.message}})
            raise
        if not name.startswith("_ui_"):
            self.recording.call(name, arguments, {"result": result})
        return result


def app(backend: Backend) -> Starlette:
    async def index(request: Request) -> Response:
        html = files(__package__).joinpath("static", "index.html").read_text()
        return HTMLResponse(html, headers={"Content-Security-Policy": PAGE_CSP})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response(status_code=404)
        return Response(files(__package__).joinpath("static", name).read_bytes(), media_type=STATIC[name])

    async def tools(request: Request) -> Response:
        return JSONResponse({"server": backend.server, "tools": await backend.tools()})

    async def page(request: Request) -> Response:
        try:
            return HTMLResponse(await backend.page(request.path_params["name"], request.query_params.get("uri")))
        except (LookupError, MCPError) as error:
            return Response(str(error), status_code=404, media_type="text/plain")

    async def inspect(request: Request) -> Response:
        result = await backend.call("_ui_inspect", {"toolName": request.path_params["name"]})
        return JSONResponse(result.get("structuredContent") or {"error": result["content"][0]["text"]})

    async def call(request: Request) -> Response:
        body = await request.json()
        try:
            return JSONResponse({"result": await backend.call(body["name"], body.get("arguments") or {})})
        except MCPError as error:
            return JSONResponse({"error": {"code": error.code, "message": error.message}})

    async def read(request: Request) -> Response:
        body = await request.json()
        try:
            return JSONResponse({"result": await backend.read(body["uri"])})
        except MCPError as error:
            return JSONResponse({"error": {"code": error.code, "message": error.message}})

    async def refine(request: Request) -> Response:
        body = await request.json()
        result = await backend.call("_ui_refine", {"toolName": body["tool"], "feedback": body["feedback"]})
        return JSONResponse({"text": result["content"][0]["text"], "isError": result.get("isError", False)})

    async def session(request: Request) -> Response:
        body = await request.json()
        messages = body.get("messages") if isinstance(body, dict) else None
        return JSONResponse(backend.recording.to_json(messages if isinstance(messages, list) else []))

    return Starlette(
        routes=[
            Route("/", index),
            Route("/static/{name}", static),
            Route("/api/tools", tools),
            Route("/app/{name:path}", page),
            Route("/api/inspect/{name:path}", inspect),
            Route("/api/call", call, methods=["POST"]),
            Route("/api/read", read, methods=["POST"]),
            Route("/api/refine", refine, methods=["POST"]),
            Route("/api/session", session, methods=["POST"]),
        ]
    )
