"""The preview's server side: an MCP client of the compile-ui proxy, and a small HTTP API.

The browser page is the MCP Apps host; everything it needs from MCP goes through one official
``ClientSession`` to ``compile-ui proxy --force-ui -- <upstream>`` — the same path a real host
takes, so pages, calls, ``_ui_inspect`` and ``_ui_refine`` are exactly what Claude Desktop gets.
"""

from __future__ import annotations

import contextlib
import os
import sys
from importlib.resources import files
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-src 'self'; base-uri 'none'; form-action 'none'"
)
STATIC = {"host.js": "text/javascript", "host.css": "text/css"}


def dump(model: Any) -> Any:
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

    async def start(self) -> None:
        read, write = await self.stack.enter_async_context(stdio_client(self.params))
        self.session = await self.stack.enter_async_context(ClientSession(read, write, extensions=UI))
        init = await self.session.initialize()
        self.server = dump(init.server_info)

    async def stop(self) -> None:
        await self.stack.aclose()

    async def tools(self) -> list[dict[str, Any]]:
        listed = await self.session.list_tools()
        return [dump(t) for t in listed.tools if not t.name.startswith("_ui_")]

    async def page(self, name: str) -> str:
        tool = next((t for t in await self.tools() if t["name"] == name), None)
        meta = (tool or {}).get("_meta") or {}
        uri = (meta.get("ui") or {}).get("resourceUri") or meta.get("ui/resourceUri")
        if not uri:
            raise LookupError(f"no app for {name!r}")
        contents = (await self.session.read_resource(uri)).contents
        return contents[0].text

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return dump(await self.session.call_tool(name, arguments))


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
            return HTMLResponse(await backend.page(request.path_params["name"]))
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
            return JSONResponse({"result": dump(await backend.session.read_resource(body["uri"]))})
        except MCPError as error:
            return JSONResponse({"error": {"code": error.code, "message": error.message}})

    async def refine(request: Request) -> Response:
        body = await request.json()
        result = await backend.call("_ui_refine", {"toolName": body["tool"], "feedback": body["feedback"]})
        return JSONResponse({"text": result["content"][0]["text"], "isError": result.get("isError", False)})

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
        ]
    )
