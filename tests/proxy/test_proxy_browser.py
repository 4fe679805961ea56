"""End to end: the proxy's page in the official AppBridge host (Chromium); the page's tools/call
goes through the proxy to the upstream and the answer comes back into the page — with the host
connected in either protocol era (the official ``mcp`` 2.x ``Client``, modes legacy and
2026-07-28)."""

from __future__ import annotations

import asyncio
import sys
import threading

import pytest
from mcp.client.client import Client
from mcp.client.extension import advertise
from mcp.client.stdio import StdioServerParameters

from conftest import ROOT

UI = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})]


class BackgroundSession:
    """An official MCP client session to the proxy, on its own event loop in a thread, so the
    synchronous browser test can call through it."""

    def __init__(self, upstream: list[str], mode: str) -> None:
        self.mode = mode
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = None
        self.params = StdioServerParameters(
            command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--", *upstream], cwd=str(ROOT)
        )
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "proxy session did not start"

    async def _main(self) -> None:
        self.stop = asyncio.Event()
        async with Client(self.params, mode=self.mode, extensions=UI) as client:
            self.session = client
            self.ready.set()
            await self.stop.wait()

    def start(self, coroutine_factory):
        """Start a call on the session's loop; its ``concurrent.futures.Future``."""
        return asyncio.run_coroutine_threadsafe(coroutine_factory(self.session), self.loop)

    def call(self, coroutine_factory, timeout: float = 30):
        return self.start(coroutine_factory).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(15)


@pytest.fixture(params=["legacy", "2026-07-28"])
def proxy_session(request):
    session = BackgroundSession([sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")], request.param)
    yield session
    session.close()


@pytest.mark.browser
def test_page_from_the_proxy_calls_through_the_proxy(apphost, proxy_session):
    page = proxy_session.call(lambda s: s.read_resource("ui://compile-ui/add")).contents[0].text
    assert (proxy_session.session.protocol_version == "2026-07-28") == (proxy_session.mode == "2026-07-28")

    def on_call_tool(name, arguments):
        result = proxy_session.call(lambda s: s.call_tool(name, arguments))
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    host = apphost.load(page, on_call_tool=on_call_tool)
    host.wait_initialized()
    host.frame.locator('[data-id="f:/a"] input').fill("2.5")
    host.frame.locator('[data-id="f:/b"] input').fill("4")
    host.frame.click("[data-action=submit]")
    (call,) = host.wait_calls(1)
    assert call["name"] == "add" and call["arguments"] == {"a": 2.5, "b": 4}
    host.wait_until(lambda: "6.5" in host.frame.inner_text("body"))
    assert host.console_errors == [] and host.csp_violations == []
