"""Where the tools to export come from: a FILE (``compiler.tools``), or a running MCP server's
``tools/list`` (every page of it) through the official client, over stdio or HTTP."""

from __future__ import annotations

import os
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from .. import messages
from ..errors import fail
from ..tools import Tool, load_tools


def from_file(name: str) -> list[Tool]:
    try:
        text = Path(name).read_bytes()
    except OSError as error:
        fail(messages.CANNOT_READ, source=name, detail=error.strerror or str(error))
    return [tool for _, tool in load_tools(text, name)]


async def from_server(command: list[str] | None, url: str | None, transport: str) -> list[Tool]:
    """The server's tools as it lists them to a client without the MCP Apps extension (we are not
    a host: a server that adapts to hosts shows us its plain tools)."""
    try:
        return await _list(command, url, transport)
    except Exception as error:  # any failure to start, connect or list is the user's to fix
        fail(messages.EXPORT_UPSTREAM_FAILED, source=url or " ".join(command or []), detail=_detail(error))


async def _list(command: list[str] | None, url: str | None, transport: str) -> list[Tool]:
    from mcp.client.session import ClientSession
    from mcp_types import PaginatedRequestParams

    async with _connect(command, url, transport) as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            tools: list[dict[str, Any]] = []
            cursor = None
            while True:
                listed = await session.list_tools(params=PaginatedRequestParams(cursor=cursor) if cursor else None)
                tools += [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools]
                cursor = listed.next_cursor
                if not cursor:
                    return tools


def _connect(command: list[str] | None, url: str | None, transport: str) -> AbstractAsyncContextManager[Any]:
    if command:
        from mcp.client.stdio import StdioServerParameters, stdio_client

        return stdio_client(StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ)))
    if url is None:
        raise ValueError("no server to list: neither a command nor a URL")
    if transport == "sse":
        from mcp.client.sse import sse_client

        return sse_client(url)
    from mcp.client.streamable_http import streamable_http_client

    return streamable_http_client(url)


def _detail(error: BaseException) -> str:
    while isinstance(error, BaseExceptionGroup) and error.exceptions:  # anyio task groups wrap the cause
        error = error.exceptions[0]
    return str(error) or type(error).__name__
