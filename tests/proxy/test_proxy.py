"""The proxy against real servers over real stdio, driven by the official ``mcp`` client.

Upstreams: fixtures/servers/upstream.py (an SDK server: outputSchema, progress, errors, a tool
that kills its process), fixtures/servers/raw_upstream.py (hand-written: malformed tools, garbage
on stdout, crash, hang, huge results), and @modelcontextprotocol/server-everything from npm.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from contextlib import asynccontextmanager

import jsonschema
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from conftest import ROOT
from harness.asyncutil import eventually, port_open, run_async, wait_until

UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}
SDK_UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
RAW_UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "raw_upstream.py")]
EVERYTHING = ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
MANAGEMENT = {"_ui_refine", "_ui_regenerate", "_ui_list", "_ui_inspect", "_ui_refresh_tools"}


class Recorder:
    def __init__(self) -> None:
        self.messages: list = []

    async def __call__(self, message) -> None:
        self.messages.append(message)

    def methods(self) -> list[str]:
        return [getattr(getattr(m, "root", m), "method", None) for m in self.messages]


@asynccontextmanager
async def proxied(upstream: list[str], *, ui: bool = True, options: tuple[str, ...] = ("--no-cache",), recorder=None):
    tail = ["--", *upstream] if upstream else []
    params = StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", *options, *tail], cwd=str(ROOT))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, extensions=UI if ui else None, message_handler=recorder) as session:
            await session.initialize()
            yield session


def text_of(result) -> str:
    return result.content[0].text


# --------------------------------------------------------------------------- tools, resources, pages


def test_tools_are_decorated_and_pages_served():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            resources = (await s.list_resources()).resources
            page = (await s.read_resource("ui://compile-ui/add")).contents[0]
            with pytest.raises(MCPError) as gone:
                await s.read_resource("ui://compile-ui/no_such_tool")
            return tools, resources, page, gone.value

    tools, resources, page, gone = run_async(scenario())
    assert tools["add"].meta["ui"]["resourceUri"] == "ui://compile-ui/add" and tools["add"].meta["ui/resourceUri"] == "ui://compile-ui/add"
    assert tools["add"].output_schema["properties"]["sum"]["type"] == "number"  # the rest untouched
    assert MANAGEMENT <= set(tools) and tools["_ui_list"].meta["ui"]["visibility"] == ["model"]
    assert {str(r.uri) for r in resources} == {f"ui://compile-ui/{n}" for n in ("add", "echo", "fail", "slow", "die", "hang", "_ui_render")}
    assert all(r.mime_type == "text/html;profile=mcp-app" for r in resources)
    assert page.mime_type == "text/html;profile=mcp-app" and page.text.lower().startswith("<!doctype html>")
    assert '"toolName":"add"' in page.text
    assert gone.code == -32001 and gone.message == "Resource not found: ui://compile-ui/no_such_tool"
    # Issue 27: the page tells the host what it needs — no external domain of any kind, data: URLs
    # for a result's images and media — and its border preference, on the list entry and on the
    # content item (which a host reads first).
    no_domains = {"connectDomains": [], "resourceDomains": ["data:"], "frameDomains": [], "baseUriDomains": []}
    assert page.meta == {"ui": {"csp": no_domains, "prefersBorder": True}}
    assert all(r.meta == {"ui": {"csp": no_domains, "prefersBorder": True}} for r in resources)


def test_a_host_without_the_ui_extension_gets_everything_untouched():
    async def scenario():
        async with proxied(SDK_UPSTREAM, ui=False) as s:
            return (await s.list_tools()).tools, await s.call_tool("add", {"a": 2, "b": 3})

    tools, result = run_async(scenario())
    assert {t.name for t in tools} == {"add", "echo", "fail", "slow", "die", "hang"}
    assert all(not (t.meta or {}).get("ui") for t in tools)
    assert result.structured_content == {"a": 2, "b": 3, "sum": 5}


def test_force_ui_serves_pages_to_a_host_that_did_not_ask():
    async def scenario():
        async with proxied(SDK_UPSTREAM, ui=False, options=("--no-cache", "--force-ui")) as s:
            return (await s.read_resource("ui://compile-ui/echo")).contents[0].text

    assert "echo" in run_async(scenario())


def test_enabled_tools_limits_which_tools_get_pages():
    async def scenario():
        async with proxied(SDK_UPSTREAM, options=("--no-cache", "--enabled-tools", "add,echo")) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            return tools, [str(r.uri) for r in (await s.list_resources()).resources]

    tools, uris = run_async(scenario())
    assert uris == ["ui://compile-ui/add", "ui://compile-ui/echo", "ui://compile-ui/_ui_render"]
    assert "ui" not in (tools["fail"].meta or {})


# --------------------------------------------------------------------------- calls


def test_calls_are_forwarded_with_results_errors_and_progress_untouched():
    progress: list = []

    async def on_progress(value, total, message):
        progress.append((value, total, message))

    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            added = await s.call_tool("add", {"a": 1.5, "b": 2})
            failed = await s.call_tool("fail", {"reason": "for the test"})
            slow = await s.call_tool("slow", {"steps": 3}, progress_callback=on_progress)
            return added, failed, slow

    added, failed, slow = run_async(scenario())
    assert added.structured_content == {"a": 1.5, "b": 2, "sum": 3.5} and not added.is_error
    assert failed.is_error and "for the test" in text_of(failed)
    assert text_of(slow) == "done after 3 steps"
    assert [p[0] for p in progress] == [1, 2, 3] and progress[-1][2] == "step 3"


@pytest.mark.npm
def test_server_everything_through_the_proxy():
    async def scenario():
        async with proxied(["node", str(EVERYTHING), "stdio"]) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            echo = await s.call_tool("echo", {"message": "through the proxy"})
            resources = [str(r.uri) for r in (await s.list_resources()).resources]
            page = (await s.read_resource("ui://compile-ui/echo")).contents[0].text
            upstream_resource = (await s.read_resource(resources[0])).contents[0] if not resources[0].startswith("ui://compile-ui/") else None
            prompts = [p.name for p in (await s.list_prompts()).prompts]
            templates = (await s.list_resource_templates()).resource_templates
            return tools, echo, resources, page, upstream_resource, prompts, templates

    tools, echo, resources, page, upstream_resource, prompts, templates = run_async(scenario())
    assert prompts and templates  # the upstream's prompts and resource templates pass through
    assert tools["echo"].meta["ui"]["resourceUri"] == "ui://compile-ui/echo"
    assert text_of(echo) == "Echo: through the proxy"
    assert "ui://compile-ui/echo" in resources and any(not r.startswith("ui://compile-ui/") for r in resources)  # upstream's own kept
    assert "echo" in page and upstream_resource is not None


# --------------------------------------------------------------------------- management tools


def test_management_tools():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            listed = await s.call_tool("_ui_list", {})
            inspected = await s.call_tool("_ui_inspect", {"toolName": "add"})
            refined = await s.call_tool("_ui_refine", {"toolName": "add", "feedback": "put b before a"})
            regenerated = await s.call_tool("_ui_regenerate", {"toolName": "add", "clearRefinements": True})
            refreshed = await s.call_tool("_ui_refresh_tools", {})
            unknown = await s.call_tool("_ui_inspect", {"toolName": "nope"})
            return listed, inspected, refined, regenerated, refreshed, unknown

    listed, inspected, refined, regenerated, refreshed, unknown = run_async(scenario())
    rows = {r["name"]: r for r in listed.structured_content["tools"]}
    assert rows["add"] == {"name": "add", "layout": "heuristic", "cached": False, "refinements": 0, "enabled": True}
    info = inspected.structured_content
    assert len(info["cacheKey"]) == 64 and info["runtimeVersion"] and info["promptVersion"]
    assert info["inputSchema"]["properties"]["a"]["type"] == "number" and info["sources"]["output"] == "heuristic"
    assert "needs a model" in text_of(refined)
    assert text_of(regenerated).startswith("Regenerated add")
    assert refreshed.structured_content["unchanged"] == ["add", "die", "echo", "fail", "hang", "slow"]
    assert unknown.is_error and "no tool named 'nope'" in text_of(unknown)


def test_refine_notifies_the_host_to_refetch():
    recorder = Recorder()

    async def scenario():
        async with proxied(SDK_UPSTREAM, recorder=recorder) as s:
            await s.call_tool("_ui_refine", {"toolName": "echo", "layout": {"input": {"submitLabel": "Say it"}}})
            # the notices are sent before the answer, on the same stream; the recorder sees them in its own task
            await eventually(recorder.methods, lambda seen: {"notifications/resources/updated", "notifications/tools/list_changed"} <= set(seen), 10)

    run_async(scenario())
    methods = recorder.methods()
    assert "notifications/resources/updated" in methods and "notifications/tools/list_changed" in methods
    assert "notifications/resources/list_changed" in methods


def test_the_hosts_model_sets_a_layout_which_survives_a_restart_and_bad_ones_are_refused(tmp_path):
    def order(page: str) -> bool:
        return page.index('data-id="f:/b"') < page.index('data-id="f:/a"')

    async def first():
        async with proxied(SDK_UPSTREAM, options=("--cache-dir", str(tmp_path))) as s:
            inspected = (await s.call_tool("_ui_inspect", {"toolName": "add"})).structured_content
            before = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            applied = await s.call_tool("_ui_refine", {"toolName": "add", "layout": {"title": "Sum two", "input": {"order": ["/b", "/a"]}}})
            merged = await s.call_tool("_ui_refine", {"toolName": "add", "layout": {"input": {"submitLabel": "Add them"}}})
            bad = await s.call_tool("_ui_refine", {"toolName": "add", "layout": {"input": {"order": ["/nope"], "advanced": ["/a", "/a"]}}})
            after = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            return inspected, before, applied, merged, bad, after

    async def second():
        async with proxied(SDK_UPSTREAM, options=("--cache-dir", str(tmp_path))) as s:
            page = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            inspected = (await s.call_tool("_ui_inspect", {"toolName": "add"})).structured_content
            await s.call_tool("_ui_regenerate", {"toolName": "add", "clearRefinements": True})
            cleared = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            return page, inspected, cleared

    inspected, before, applied, merged, bad, after = run_async(first())
    assert inspected["layoutSchema"]["properties"]["input"]["properties"]["order"]["items"]["enum"] == ["/a", "/b"]
    # nothing set: the heuristic's layout, which says only what it infers of the result (issue 49:
    # its three numbers lead, as the headline)
    assert inspected["currentLayout"] == {"present": {"headline": ["/a", "/b", "/sum"]}} and inspected["layoutSet"] is False
    assert not order(before) and not applied.is_error and "kept across restarts" in text_of(applied)
    # (merged over the current layout: the headline the heuristic infers stays)
    assert merged.structured_content["layout"] == {"title": "Sum two", "input": {"order": ["/b", "/a"], "submitLabel": "Add them"},
                                                   "present": {"headline": ["/a", "/b", "/sum"]}}
    assert bad.is_error and {p["pointer"] for p in bad.structured_content["problems"]} == {"/layout/input/order/0", "/layout/input/advanced/1"}
    assert order(after) and "Sum two" in after and "Add them" in after  # the bad one changed nothing

    page, inspected, cleared = run_async(second())
    assert order(page) and "Add them" in page
    assert inspected["layoutSet"] is True and inspected["currentLayout"]["input"]["order"] == ["/b", "/a"]
    assert not order(cleared) and "Add them" not in cleared


def test_feedback_without_a_model_hands_the_calling_model_the_schema_and_an_example():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            answer = await s.call_tool("_ui_refine", {"toolName": "add", "feedback": "b first"})
            example = answer.structured_content["exampleLayout"]
            applied = await s.call_tool("_ui_refine", {"toolName": "add", "layout": example})
            return answer, applied

    answer, applied = run_async(scenario())
    assert not answer.is_error and "needs a model" in text_of(answer) and '"layout"' in text_of(answer)
    assert answer.structured_content["layoutSchema"]["type"] == "object"
    assert answer.structured_content["exampleLayout"] == {"input": {"order": ["/b", "/a"]}}
    assert not applied.is_error  # the example is a valid layout


# --------------------------------------------------------------------------- faults


def test_malformed_upstream_tools_are_repaired_or_dropped_and_garbage_ignored():
    async def scenario():
        async with proxied([*RAW_UPSTREAM, "--bad-tools", "--garbage"]) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            echo = await s.call_tool("echo", {"message": "still here"})
            return tools, echo

    tools, echo = run_async(scenario())
    assert tools["no_type"].input_schema == {"type": "object", "properties": {"x": {"type": "string"}}}
    assert tools["list_schema"].input_schema == {"type": "object"}
    assert "" not in tools and None not in tools
    assert json.loads(text_of(echo)) == {"tool": "echo", "arguments": {"message": "still here"}}


def test_an_upstream_crash_mid_call_is_an_error_result_and_the_upstream_comes_back():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            start = time.monotonic()
            crashed = await s.call_tool("die", {})
            took = time.monotonic() - start
            # restarted after a 1 s backoff
            again = await eventually(lambda: s.call_tool("add", {"a": 1, "b": 1}), lambda result: not result.is_error, 15)
            return crashed, took, again

    crashed, took, again = run_async(scenario())
    assert crashed.is_error and "exited" in text_of(crashed) and took < 1.0
    assert again.structured_content == {"a": 1, "b": 1, "sum": 2}


def test_a_hanging_call_can_be_cancelled_and_the_proxy_keeps_serving():
    async def scenario():
        async with proxied(RAW_UPSTREAM) as s:
            with pytest.raises((TimeoutError, MCPError)):
                await s.call_tool("hang", {}, read_timeout_seconds=0.5)
            return await s.call_tool("echo", {"message": "after"})

    assert json.loads(text_of(run_async(scenario())))["arguments"] == {"message": "after"}


def test_a_huge_result_passes_through():
    """20 MB on one line: past asyncio's default line limit (64 KiB) and the 16 MiB caps readers set."""
    async def scenario():
        async with proxied([*RAW_UPSTREAM, "--big", str(20_000_000)]) as s:
            big = await s.call_tool("big", {})
            after = await s.call_tool("echo", {"message": "still serving"})
            return big, after

    big, after = run_async(scenario())
    assert len(text_of(big)) == 20_000_000 and "still serving" in text_of(after)


def test_bad_config_is_exit_2_with_the_pointer(tmp_path):
    import subprocess

    config = tmp_path / "proxy.json"
    config.write_text(json.dumps({"command": ["x"], "llm": {"budgetSeconds": -1}}))
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--config", str(config)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and f"{config}#/llm/budgetSeconds" in done.stderr
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "no upstream" in done.stderr


def test_the_shipped_config_schema_is_valid():
    from importlib.resources import files

    jsonschema.Draft202012Validator.check_schema(json.loads(files("compiler.proxy").joinpath("config.schema.json").read_text()))


# --------------------------------------------------------------------------- load


LOAD_SCALE = int(__import__("os").environ.get("LOAD_SCALE", "1"))
"""1 in CI (1 000 reads, 10 000 calls); LOAD_SCALE=10 for the hardening run (10 000 / 100 000)."""


def test_load_many_reads_generate_each_page_once_and_many_calls_match(tmp_path):
    reads_n, calls_n = 1000 * LOAD_SCALE, 10_000 * LOAD_SCALE
    latencies: list[float] = []

    async def timed_call(s, n):
        start = time.perf_counter()
        result = await s.call_tool("t1", {"n": n})
        latencies.append((time.perf_counter() - start) * 1000)
        return result

    async def scenario():
        async with proxied([*RAW_UPSTREAM, "--tools", "100"], options=("--cache-dir", str(tmp_path))) as s:
            names = [f"t{i}" for i in range(100)]
            reads = await asyncio.gather(*(s.read_resource(f"ui://compile-ui/{names[i % 100]}") for i in range(reads_n)))
            listed = (await s.call_tool("_ui_list", {})).structured_content
            calls = []
            for batch in range(calls_n // 1000):
                calls += await asyncio.gather(*(timed_call(s, batch * 1000 + i) for i in range(1000)))
            return reads, listed, calls

    reads, listed, calls = run_async(scenario())
    assert all(r.contents[0].mime_type == "text/html;profile=mcp-app" for r in reads)
    by_tool: dict[str, set] = {}
    for r in reads:
        by_tool.setdefault(str(r.contents[0].uri), set()).add(r.contents[0].text)
    assert len(by_tool) == 100 and all(len(pages) == 1 for pages in by_tool.values())
    assert sum(1 for row in listed["tools"] if row["cached"]) == 100
    assert listed["pagesGenerated"] == 100  # every concurrent read of a page shared one generation
    assert [json.loads(text_of(c))["arguments"]["n"] for c in calls] == list(range(calls_n))
    ordered = sorted(latencies)
    print(f"\nload ×{LOAD_SCALE}: {reads_n} reads, {calls_n} calls in batches of 1 000; call latency "
          f"p50 {ordered[len(ordered) // 2]:.1f} ms, p99 {ordered[int(len(ordered) * 0.99)]:.1f} ms, max {ordered[-1]:.1f} ms")


# --------------------------------------------------------------------------- shutdown, logs


def _start_raw_proxy(tmp_path, *extra: str):
    import os
    import subprocess

    pidfile = tmp_path / "upstream.pid"
    env = {**os.environ, "UPSTREAM_PIDFILE": str(pidfile)}
    proxy = subprocess.Popen(
        [sys.executable, "-m", "compiler", "proxy", "--no-cache", *extra, "--", *SDK_UPSTREAM],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT,
    )
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    proxy.stdin.write(json.dumps(init).encode() + b"\n")
    proxy.stdin.flush()
    assert json.loads(proxy.stdout.readline())["id"] == 0
    wait_until(lambda: pidfile.exists() and pidfile.read_text(), 5)
    return proxy, int(pidfile.read_text())


def _gone(pid: int) -> bool:
    import os

    def gone() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False

    return bool(wait_until(gone, 5))


@pytest.mark.parametrize("how", ["stdin-eof", "sigterm"])
def test_the_proxy_leaves_no_orphan(tmp_path, how):
    proxy, upstream_pid = _start_raw_proxy(tmp_path)
    if how == "stdin-eof":
        proxy.stdin.close()
    else:
        proxy.terminate()
    assert proxy.wait(15) is not None
    assert _gone(upstream_pid)


def test_debug_logs_carry_the_request_id_and_go_to_stderr_only(tmp_path):
    proxy, _ = _start_raw_proxy(tmp_path, "--debug", "--log-format", "json")
    call = {"jsonrpc": "2.0", "id": "req-7", "method": "tools/call", "params": {"name": "echo", "arguments": {"message": "m"}}}
    proxy.stdin.write(json.dumps(call).encode() + b"\n")
    proxy.stdin.flush()
    answer = json.loads(proxy.stdout.readline())
    proxy.stdin.close()
    proxy.wait(15)
    lines = [json.loads(line) for line in proxy.stderr.read().decode().splitlines() if line.startswith("{")]
    assert answer["id"] == "req-7" and answer["result"]["content"][0]["text"] == "m"
    assert any(entry.get("cid") == 'host:"req-7"' and "tools/call" in entry["message"] for entry in lines)
    assert proxy.stdout.read() == b""  # nothing but protocol on stdout


# --------------------------------------------------------------------------- HTTP upstreams


@pytest.fixture(params=["streamable-http", "sse"])
def http_upstream(request):
    import socket
    import subprocess

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    flag = "--http" if request.param == "streamable-http" else "--sse"
    server = subprocess.Popen([*SDK_UPSTREAM, flag, str(port)], cwd=ROOT, stderr=subprocess.DEVNULL)
    wait_until(lambda: port_open(port))
    path = "/mcp" if request.param == "streamable-http" else "/sse"
    yield f"http://127.0.0.1:{port}{path}", request.param
    server.terminate()
    server.wait(10)


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_an_http_upstream_through_the_proxy(http_upstream, mode):
    from mcp.client.client import Client
    from mcp.client.extension import advertise

    url, transport = http_upstream
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT),
                                   args=["-m", "compiler", "proxy", "--no-cache", "--upstream-url", url, "--upstream-transport", transport])

    async def scenario():
        async with Client(params, mode=mode, extensions=[advertise(name, value) for name, value in UI.items()]) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            added = await s.call_tool("add", {"a": 20, "b": 22})
            page = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            status = (await s.call_tool("_ui_status", {})).structured_content
            return tools, added, page, status

    tools, added, page, status = run_async(scenario())
    # A host alone opens the (dual-era) upstream in its own era. In 2026-07-28 over streamable HTTP,
    # the Mcp-Method/Mcp-Name headers go with each request (checked by the server).
    assert status["upstreamEra"] == ("handshake" if mode == "legacy" else "2026-07-28"), status
    assert tools["add"].meta["ui"]["resourceUri"] == "ui://compile-ui/add"
    assert added.structured_content == {"a": 20, "b": 22, "sum": 42}
    assert '"toolName":"add"' in page


def test_serving_the_host_over_http():
    import socket
    import subprocess

    from mcp.client.streamable_http import streamable_http_client

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proxy = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--serve", "http", "--port", str(port), "--", *SDK_UPSTREAM],
                             cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: port_open(port))  # up to 30 s on a loaded machine
        progress: list = []

        async def on_progress(value, total, message):
            progress.append(value)

        async def scenario():
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as streams:
                async with ClientSession(streams[0], streams[1], extensions=UI) as s:
                    await s.initialize()
                    tools = {t.name: t for t in (await s.list_tools()).tools}
                    added = await s.call_tool("add", {"a": 1, "b": 2})
                    slow = await s.call_tool("slow", {"steps": 2}, progress_callback=on_progress)
                    page = (await s.read_resource("ui://compile-ui/add")).contents[0].text
                    return tools, added, slow, page

        tools, added, slow, page = run_async(scenario())
        assert tools["add"].meta["ui"]["resourceUri"] == "ui://compile-ui/add"
        assert added.structured_content["sum"] == 3 and text_of(slow) == "done after 2 steps"
        assert progress == [1, 2] and '"toolName":"add"' in page
    finally:
        proxy.terminate()
        proxy.wait(15)


def test_upstream_list_changed_is_forwarded_and_the_new_tool_gets_a_page():
    recorder = Recorder()

    async def scenario():
        async with proxied(RAW_UPSTREAM, recorder=recorder) as s:
            before = {t.name for t in (await s.list_tools()).tools}
            await s.call_tool("grow", {})
            # the proxy re-lists on the upstream's notification, in the background
            listed = await eventually(s.list_tools, lambda result: "grown0" in {t.name for t in result.tools}, 10)
            after = {t.name for t in listed.tools}
            page = (await s.read_resource("ui://compile-ui/grown0")).contents[0].text
            return before, after, page

    before, after, page = run_async(scenario())
    assert "grown0" not in before and "grown0" in after
    assert "notifications/tools/list_changed" in recorder.methods()
    assert '"toolName":"grown0"' in page


def test_prewarm_generates_every_page_at_start(tmp_path):
    async def scenario():
        async with proxied([*RAW_UPSTREAM, "--tools", "5"], options=("--cache-dir", str(tmp_path), "--prewarm")) as s:
            async def listed_now() -> dict:
                return (await s.call_tool("_ui_list", {})).structured_content

            return await eventually(listed_now, lambda listed: listed["pagesGenerated"] >= 11, 10)

    listed = run_async(scenario())
    assert listed["pagesGenerated"] == 11 and all(row["cached"] for row in listed["tools"])  # echo, t0–t4, crash, hang, big, grow, ask_later
