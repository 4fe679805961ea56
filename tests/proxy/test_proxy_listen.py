"""``subscriptions/listen`` through the proxy (2026-07-28), with the official Python client.

The client waits for the acknowledgment of its own request id (MCP Inspector's web UI does the
same and listed no tools while the proxy acknowledged under its internal id). Each stream must
be acknowledged under the host's id and carry the proxy's list changes (a refined page) to it:
through a dual-era upstream that serves the stream itself (the demo server, the proxy's stream
forwarded under the proxy's id and translated back) and through a handshake-only one (npm
server-everything, the stream served by the proxy), over stdio and over HTTP.
"""

from __future__ import annotations

import asyncio

import pytest
from mcp.shared.subscriptions import ToolsListChanged

from harness.asyncutil import run_async
from proxy.test_proxy_eras import DEMO, EVERYTHING, HttpProxy, host, stdio_proxy

UPSTREAMS = {"demo": DEMO, "everything": EVERYTHING}


async def _listen_and_refine(target, tool: str) -> tuple[dict, object]:
    async with host(target, "2026-07-28") as client:
        async with client.listen(tools_list_changed=True) as subscription:
            honored = subscription.honored.model_dump(by_alias=True, exclude_none=True)
            await client.call_tool("_ui_refine", {"toolName": tool, "layout": {"title": "Refined"}})
            event = await asyncio.wait_for(subscription.__anext__(), 20)
        tools = await client.list_tools()  # the connection still serves after the stream ends
    assert tool in {t.name for t in tools.tools}
    return honored, event


@pytest.mark.npm
@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("upstream", ["demo", "everything"])
def test_a_listen_stream_is_acknowledged_under_the_hosts_id_and_carries_the_proxys_changes(upstream, transport):
    tool = "forecast" if upstream == "demo" else "echo"
    proxy = HttpProxy(UPSTREAMS[upstream]) if transport == "http" else None
    try:
        target = proxy.url if proxy else stdio_proxy(UPSTREAMS[upstream])
        honored, event = run_async(asyncio.wait_for(_listen_and_refine(target, tool), 30))
    finally:
        if proxy:
            proxy.close()
    assert honored.get("toolsListChanged") is True
    assert isinstance(event, ToolsListChanged)
