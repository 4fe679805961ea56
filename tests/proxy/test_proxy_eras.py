"""Both protocol eras through the proxy, with the official ``mcp`` 2.x ``Client`` as the host.

Modes: ``legacy`` (initialize handshake), ``auto`` (probes ``server/discover``, falls back), and
pinned ``2026-07-28``. Upstreams: npm ``@modelcontextprotocol/server-everything`` (TypeScript SDK
1.x, handshake only), the demo server (``MCPServer``, answers both eras) and an ``mcp`` 2.x
low-level server fixture (``fixtures/servers/modern_upstream.py``). Over stdio and ``--serve http``.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from contextlib import asynccontextmanager

import pytest
from mcp.client.client import Client
from mcp.client.extension import advertise
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import ElicitResult

from conftest import ROOT
from harness.asyncutil import eventually, port_open, run_async, wait_until

APP = "text/html;profile=mcp-app"
UI_EXTENSION = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": [APP]})]
MODES = ["legacy", "auto", "2026-07-28"]
MANAGEMENT = {"_ui_refine", "_ui_regenerate", "_ui_list", "_ui_inspect", "_ui_refresh_tools", "_ui_status"}
ASKING = {"_ui_render", "_ui_wait", "_ui_view", "_ui_respond", "_ui_question", "_ui_answer"}
OWN = MANAGEMENT | ASKING
"""The proxy's own tools; the ``_ui_render`` family has its own ``_meta`` (an app, app-only tools)."""
FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_upstream.py")]
MODERN_ONLY = [*FIXTURE, "--modern-only"]
"""The same fixture serving 2026-07-28 alone: a handshake-era host's requests are then translated."""
RAW = [sys.executable, str(ROOT / "fixtures" / "servers" / "raw_upstream.py")]
DEMO = [sys.executable, "-m", "compiler.demo.server"]
EVERYTHING = ["node", str(ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"), "stdio"]
UPSTREAMS = {"everything": EVERYTHING, "demo": DEMO, "fixture": FIXTURE}
PROBE = {"everything": "echo", "demo": "forecast", "fixture": "echo"}


def stdio_proxy(upstream: list[str], *options: str, env: dict | None = None) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", *options, "--", *upstream],
                                 cwd=str(ROOT), env=env)


@asynccontextmanager
async def host(target, mode: str, **kwargs):
    async with Client(target, mode=mode, extensions=UI_EXTENSION, **kwargs) as client:
        yield client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HttpProxy:
    """``compile-ui proxy --serve http`` as a subprocess on a free loopback port."""

    def __init__(self, upstream: list[str], *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "compiler", "proxy", "--no-cache", "--serve", "http", "--port", str(self.port), *options, "--", *upstream],
            cwd=ROOT, stderr=subprocess.PIPE,
        )
        if wait_until(lambda: port_open(self.port) or self.process.poll() is not None, 60) and self.process.poll() is None:
            return
        raise RuntimeError(f"the proxy did not start: {self.process.stderr.read().decode()[-2000:]}")

    def close(self) -> str:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err.decode()


@pytest.fixture(scope="module", params=list(UPSTREAMS))
def http_proxy(request):
    proxy = HttpProxy(UPSTREAMS[request.param])
    yield request.param, proxy
    proxy.close()


async def exercise(client: Client, upstream: str) -> dict:
    """What every host should see through the proxy, whatever the eras."""
    tools = {t.name: t for t in (await client.list_tools()).tools}
    probe = PROBE[upstream]
    page = (await client.read_resource(f"ui://compile-ui/{probe}")).contents[0]
    status = (await client.call_tool("_ui_status", {})).structured_content
    listed = (await client.call_tool("_ui_list", {})).structured_content
    with pytest.raises(MCPError) as missing:
        await client.read_resource("ui://compile-ui/no_such_tool")
    unknown = await _call_or_error(client, "no_such_tool", {})
    return {"tools": tools, "page": page, "status": status, "listed": listed, "missing": missing.value, "unknown": unknown,
            "version": client.protocol_version}


async def _call_or_error(client: Client, name: str, arguments: dict):
    try:
        return await client.call_tool(name, arguments)
    except MCPError as error:
        return error


async def in_flight(client: Client, count: int) -> None:
    """Until at least ``count`` requests are in flight upstream (``_ui_status``'s ``inFlight``)."""
    async def status() -> dict:
        return (await client.call_tool("_ui_status", {})).structured_content

    await eventually(status, lambda now: now["inFlight"]["forward"] >= count, 20)


def upstream_era(upstream: str, mode: str, *, many_hosts: bool) -> str:
    """The era the proxy opens the upstream in: with one host (stdio) that host's, with many hosts
    (HTTP) 2026-07-28, when the upstream speaks it."""
    return "handshake" if upstream == "everything" or (mode == "legacy" and not many_hosts) else "2026-07-28"


def check(seen: dict, upstream: str, mode: str, *, many_hosts: bool = False) -> None:
    tools = seen["tools"]
    assert OWN <= set(tools)
    for name, tool in tools.items():
        if name in MANAGEMENT:
            assert tool.meta["ui"]["visibility"] == ["model"]
        elif name in ASKING:
            assert tool.meta == own_tools()[name]["_meta"], name
        elif name == "app":  # brings its own app: left alone
            assert tool.meta["ui"]["resourceUri"] == "ui://fixture/app.html"
        else:
            assert tool.meta["ui"]["resourceUri"] == f"ui://compile-ui/{name}", name
    assert seen["page"].mime_type == APP and seen["page"].text.lower().startswith("<!doctype html>")
    assert f'"toolName":"{PROBE[upstream]}"' in seen["page"].text
    assert seen["missing"].code == -32001
    unknown = seen["unknown"]
    assert isinstance(unknown, MCPError) or unknown.is_error
    assert (seen["version"] == "2026-07-28") == (mode != "legacy")  # the proxy answers server/discover itself
    status = seen["status"]
    assert status["upstreamState"] == "running" and status["restarts"] == 0
    assert status["upstreamEra"] == upstream_era(upstream, mode, many_hosts=many_hosts)
    assert ("handshake" if mode == "legacy" else "2026-07-28") in status["hostEras"]
    assert any(row["name"] == PROBE[upstream] for row in seen["listed"]["tools"])


# --------------------------------------------------------------------------- the matrix, stdio


@pytest.mark.parametrize("upstream", list(UPSTREAMS))
@pytest.mark.parametrize("mode", MODES)
def test_every_mode_against_every_upstream_over_stdio(mode, upstream):
    async def scenario():
        async with host(stdio_proxy(UPSTREAMS[upstream]), mode) as client:
            return await exercise(client, upstream)

    check(run_async(scenario()), upstream, mode)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_against_every_upstream_over_http(http_proxy, mode):
    upstream, proxy = http_proxy

    async def scenario():
        async with host(proxy.url, mode) as client:
            return await exercise(client, upstream)

    check(run_async(scenario()), upstream, mode, many_hosts=True)


# --------------------------------------------------------------------------- calls, progress, elicitation


@pytest.mark.parametrize(("mode", "upstream"), [*((m, "fixture") for m in MODES), ("legacy", "modern-only")])
def test_calls_progress_and_elicitation_with_a_modern_upstream(mode, upstream):
    progress: list = []
    asked: list = []

    async def on_progress(value, total, message):
        progress.append(value)

    async def on_elicit(context, params):
        asked.append(params.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    async def scenario():
        command = MODERN_ONLY if upstream == "modern-only" else FIXTURE
        async with host(stdio_proxy(command), mode, elicitation_callback=on_elicit) as client:
            added = await client.call_tool("add", {"a": 2, "b": 40})
            slow = await client.call_tool("slow", {"steps": 3}, progress_callback=on_progress)
            asking = await _call_or_error(client, "ask", {})
            status = (await client.call_tool("_ui_status", {})).structured_content
            return added, slow, asking, status

    added, slow, asking, status = run_async(scenario())
    assert added.structured_content == {"sum": 42}
    assert slow.content[0].text == "done after 3 steps" and progress == [1, 2, 3]
    # 2026-07-28 hosts get the InputRequiredResult and retry themselves. A handshake-era host first
    # opens the dual-era upstream in its own era, which asks with elicitation/create itself; in front
    # of a 2026-07-28-only upstream the proxy asks with elicitation/create and retries upstream with
    # inputResponses + requestState.
    assert status["upstreamEra"] == ("handshake" if (mode, upstream) == ("legacy", "fixture") else "2026-07-28")
    assert asking.content[0].text == "hello Ada (accept)" and asked == ["Your name?"]


def test_over_http_each_host_answers_its_own_elicitation_whatever_its_era():
    """Many hosts share the upstream over HTTP: it is opened in 2026-07-28 even when a handshake-era
    host comes first, so each host's round trip reaches that host and no other."""
    asked: dict[str, list] = {"legacy": [], "2026-07-28": []}

    def answering(mode: str):
        async def on_elicit(context, params):
            asked[mode].append(params.message)
            return ElicitResult(action="accept", content={"name": f"host {mode}"})
        return on_elicit

    proxy = HttpProxy(FIXTURE)
    try:
        async def scenario():
            async with host(proxy.url, "legacy", elicitation_callback=answering("legacy")) as old, \
                    host(proxy.url, "2026-07-28", elicitation_callback=answering("2026-07-28")) as new:
                first = await old.call_tool("ask", {})
                second = await new.call_tool("ask", {})
                status = (await old.call_tool("_ui_status", {})).structured_content
                return first, second, status

        first, second, status = run_async(scenario())
    finally:
        proxy.close()
    assert status["upstreamEra"] == "2026-07-28"
    assert first.content[0].text == "hello host legacy (accept)" and second.content[0].text == "hello host 2026-07-28 (accept)"
    assert asked == {"legacy": ["Your name?"], "2026-07-28": ["Your name?"]}


def log_recorder(*names: str):
    """The log lines each named host heard, and ``listener(name)``: its ``logging_callback``."""
    heard: dict[str, list] = {name: [] for name in names}

    def listener(name: str):
        async def on_log(params):
            heard[name].append(params.data)
        return on_log

    return heard, listener


def test_a_modern_upstreams_log_lines_reach_only_the_host_that_asked_for_them():
    """Over HTTP, a 2026-07-28 upstream logs only for requests that opted in, naming none: each line
    goes to the host whose opted-in request is in flight (a single exchange too), and to no other
    host, whatever its era."""
    import warnings

    heard, listener = log_recorder("opted", "silent", "legacy")
    proxy = HttpProxy(FIXTURE)
    try:
        async def scenario():
            async with host(proxy.url, "2026-07-28", log_level="info", logging_callback=listener("opted")) as opted, \
                    host(proxy.url, "2026-07-28", logging_callback=listener("silent")) as silent, \
                    host(proxy.url, "legacy", logging_callback=listener("legacy")) as legacy:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # logging is deprecated in 2026-07-28 (SEP-2577), still served
                    await legacy.set_logging_level("info")
                for name, client in (("opted", opted), ("silent", silent), ("legacy", legacy)):
                    await client.call_tool("log", {"message": f"from {name}"})
                # a 2026-07-28 host hears a line on its request's own response, before the answer;
                # the legacy host on its session's stream, in the proxy's order: once its own last
                # line is there, any misrouted one before it is too
                await legacy.call_tool("log", {"message": "last"})
                await eventually(lambda: heard["legacy"], lambda lines: "last" in lines, 20)

        run_async(scenario())
    finally:
        proxy.close()
    assert heard == {"opted": ["from opted"], "silent": [], "legacy": ["from legacy", "last"]}


def test_a_log_line_reaches_no_host_that_asked_for_higher_levels_only():
    """A host whose call is in flight asked for errors only: another host's info line is not its."""
    heard, listener = log_recorder("errors", "info")
    proxy = HttpProxy(FIXTURE)
    try:
        async def scenario():
            async with host(proxy.url, "2026-07-28", log_level="error", logging_callback=listener("errors")) as errors, \
                    host(proxy.url, "2026-07-28", log_level="info", logging_callback=listener("info")) as info:
                waiting = asyncio.ensure_future(errors.call_tool("wait", {"tag": "x"}))
                await in_flight(info, 1)  # its call is in flight upstream when the line comes
                await info.call_tool("log", {"message": "an info line"})
                # an error line goes to both: on the waiting call's response, after a misrouted
                # info line; once it is there, that one would be too
                await info.call_tool("log", {"message": "an error line", "level": "error"})
                await eventually(lambda: heard["errors"], lambda lines: "an error line" in lines, 20)
                waiting.cancel()

        run_async(scenario())
    finally:
        proxy.close()
    assert heard == {"errors": ["an error line"], "info": ["an info line", "an error line"]}


def test_an_input_request_the_handshake_era_host_cannot_answer_is_refused_with_the_reason():
    async def scenario():
        async with host(stdio_proxy(MODERN_ONLY), "legacy") as client:  # no elicitation callback: no capability
            asking = await client.call_tool("ask", {})
            echo = await client.call_tool("echo", {"message": "still serving"})
            return asking, echo

    asking, echo = run_async(scenario())
    assert asking.is_error and "elicitation/create" in asking.content[0].text and "did not declare" in asking.content[0].text
    assert echo.content[0].text == "still serving"


@pytest.mark.parametrize("mode", MODES)
def test_elicitation_from_a_handshake_era_upstream(mode):
    """server-everything (TypeScript SDK 1.x) asks the host with elicitation/create: passed
    through to a handshake-era host; a 2026-07-28 host is asked in an input_required round."""
    asked: list = []

    async def on_elicit(context, params):
        asked.append(params.message)
        return ElicitResult(action="decline")

    async def scenario():
        async with host(stdio_proxy(EVERYTHING), mode, elicitation_callback=on_elicit) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert "trigger-elicitation-request" in tools
            return await _call_or_error(client, "trigger-elicitation-request", {})

    result = run_async(scenario())
    assert len(asked) == 1 and not isinstance(result, MCPError), result
    assert "decline" in json.dumps(result.model_dump(mode="json")), result


def test_a_handshake_upstreams_request_never_reaches_a_host_that_did_not_cause_it():
    """Over HTTP, a 2026-07-28 host without an elicitation handler calls server-everything's
    elicitation tool while a handshake-era host sits idle on the same proxy: the upstream's
    elicitation/create names no request; the host that caused it did not declare elicitation, so
    the upstream is refused at once (the caller is told why), and the idle host is never asked
    about a call it did not make."""
    asked: list = []

    async def on_elicit(context, params):
        asked.append(params.message)
        return ElicitResult(action="decline")

    proxy = HttpProxy(EVERYTHING)
    try:
        async def scenario():
            async with host(proxy.url, "legacy", elicitation_callback=on_elicit) as idle, host(proxy.url, "2026-07-28") as caller:
                await idle.list_tools()
                result = await _call_or_error(caller, "trigger-elicitation-request", {})
                echo = await idle.call_tool("echo", {"message": "still here"})
                return result, echo

        result, echo = run_async(scenario())
    finally:
        proxy.close()
    assert asked == []
    text = result.message if isinstance(result, MCPError) else json.dumps(result.model_dump(mode="json"))
    assert "Elicitation not supported" in text, text  # the caller declared none, and no page of its started the call
    assert echo.content[0].text == "Echo: still here"


def test_a_handshake_upstreams_request_reaches_its_host_while_a_modern_hosts_call_is_in_flight():
    """The upstream asks (elicitation/create, naming no request) for a handshake-era host's call
    while a 2026-07-28 host's later call is in flight: the handshake-era host is asked, not refused
    on account of the other host's call."""
    asked: list = []

    async def on_elicit(context, params):
        asked.append(params.message)
        return ElicitResult(action="accept", content={"name": "Ada"})

    proxy = HttpProxy(RAW)
    try:
        async def scenario():
            async with host(proxy.url, "legacy", elicitation_callback=on_elicit) as old, host(proxy.url, "2026-07-28") as new:
                await old.list_tools()
                asking = asyncio.ensure_future(old.call_tool("ask_later", {}))
                await in_flight(new, 1)  # the handshake-era call goes upstream first (the bug this guards against needs that order)
                hanging = asyncio.ensure_future(new.call_tool("hang", {}))
                answered = await asyncio.wait_for(asking, 20)
                hanging.cancel()
                return answered

        answered = run_async(scenario())
    finally:
        proxy.close()
    assert asked == ["Your name?"]
    assert json.loads(answered.content[0].text) == {"action": "accept", "content": {"name": "Ada"}}


# --------------------------------------------------------------------------- ui:// namespaces and resources


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_an_upstreams_own_ui_resources_stay_readable(mode):
    async def scenario():
        async with host(stdio_proxy(FIXTURE), mode) as client:
            gallery = await client.call_tool("gallery", {})
            links = [c.uri for c in gallery.content]
            documents = {str(uri): (await client.read_resource(str(uri))).contents[0] for uri in links}
            listed = [str(r.uri) for r in (await client.list_resources()).resources]
            return documents, listed

    documents, listed = run_async(scenario())
    assert set(documents) == {"ui://fixture/app.html", "ui://fixture/widget-1", "ui://fixture/widget-2", "ui://state"}
    assert "the upstream's own app" in documents["ui://fixture/app.html"].text
    assert json.loads(documents["ui://state"].text) == {"count": 3}
    assert "ui://fixture/app.html" in listed and "ui://compile-ui/echo" in listed and "ui://compile-ui/app" not in listed


@pytest.mark.parametrize("mode", MODES)
def test_resources_work_when_the_upstream_has_no_resources_capability(mode):
    async def scenario():
        async with host(stdio_proxy(RAW), mode) as client:
            resources = [str(r.uri) for r in (await client.list_resources()).resources]
            templates = (await client.list_resource_templates()).resource_templates
            sent = json.loads((await client.call_tool("params", {"x": 1})).content[0].text)
            return resources, templates, sent

    resources, templates, sent = run_async(scenario())
    assert "ui://compile-ui/echo" in resources and templates == []
    assert sent["arguments"] == {"x": 1}
    assert not any(k.startswith("io.modelcontextprotocol/") for k in sent.get("_meta", {}))  # the envelope is stripped


# --------------------------------------------------------------------------- bad input


def _raw_exchange(lines: list[dict], upstream=RAW) -> list[dict]:
    proxy = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *upstream],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        answers = []
        for message in lines:
            proxy.stdin.write(json.dumps(message).encode() + b"\n")
            proxy.stdin.flush()
            if "id" in message:
                answers.append(json.loads(proxy.stdout.readline()))
        return answers
    finally:
        proxy.stdin.close()
        proxy.wait(20)


def _modern(method: str, request_id, meta, **params) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": {**params, "_meta": meta}}


def test_garbage_envelopes_get_the_specs_errors_and_the_proxy_keeps_serving():
    caps = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": [APP]}}}
    good = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": caps}
    answers = _raw_exchange([
        _modern("server/discover", 1, {"io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}),
        _modern("tools/list", 2, {"io.modelcontextprotocol/protocolVersion": 7, "io.modelcontextprotocol/clientCapabilities": {}}),
        _modern("tools/list", 3, {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}),
        _modern("tools/list", 4, {**good, "io.modelcontextprotocol/clientCapabilities": "not an object"}),
        _modern("tools/call", 5, {**good, "io.modelcontextprotocol/clientInfo": {"name": "x" * 1_000_000}}, name="echo", arguments={"m": "y" * 100_000}),
        _modern("ping", 6, good),
        _modern("server/discover", 7, good),
        _modern("tools/list", 8, good),
    ])
    by_id = {a["id"]: a for a in answers}
    assert by_id[1]["error"]["code"] == -32022 and by_id[1]["error"]["data"]["supported"] == ["2026-07-28"]
    assert by_id[1]["error"]["data"]["requested"] == "2099-01-01"
    assert by_id[2]["error"]["code"] == -32602 and "must be a string" in by_id[2]["error"]["message"]
    assert by_id[3]["error"]["code"] == -32602 and "clientCapabilities" in by_id[3]["error"]["message"]
    assert "_ui_status" not in {t["name"] for t in by_id[4]["result"]["tools"]}  # capabilities unreadable: no apps
    assert json.loads(by_id[5]["result"]["content"][0]["text"])["arguments"] == {"m": "y" * 100_000}
    assert by_id[6]["error"]["code"] == -32601
    discovered = by_id[7]["result"]
    assert discovered["supportedVersions"] == ["2026-07-28"] and discovered["resultType"] == "complete"
    assert discovered["capabilities"]["extensions"]["io.modelcontextprotocol/ui"]["mimeTypes"] == [APP]
    assert discovered["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "raw"
    listed = by_id[8]["result"]
    assert listed["resultType"] == "complete" and listed["ttlMs"] == 0 and listed["cacheScope"] == "private"
    assert [t["name"] for t in listed["tools"]][-len(OWN):] == list(own_tools())


def own_tools() -> dict:
    """The proxy's own tools, in the order it lists them (after the upstream's)."""
    from compiler.proxy.services.management import MANAGEMENT_TOOLS
    from compiler.proxy.services.questions import QUESTION_TOOLS
    from compiler.proxy.services.renders import ASK_TOOLS

    return {**MANAGEMENT_TOOLS, **ASK_TOOLS, **QUESTION_TOOLS}


def test_a_modern_upstream_without_discover_still_works():
    async def scenario():
        async with host(stdio_proxy([*FIXTURE, "--no-discover"]), "2026-07-28") as client:
            echo = await client.call_tool("echo", {"message": "hi"})
            status = (await client.call_tool("_ui_status", {})).structured_content
            return echo, status

    echo, status = run_async(scenario())
    assert echo.content[0].text == "hi" and status["upstreamEra"] == "2026-07-28"


# --------------------------------------------------------------------------- many hosts at once


# Each host keeps 50 calls in flight, so 20 hosts hold 1 000 at once through one proxy whatever the
# count; 60 a host (1 200 calls: a round of 50, then one of 10 on the same sessions) proves no host
# gets another's answers in about 5 s alone (100 a host took 30 to 40 s of a loaded suite: the SDK
# client's own CPU). Throughput is bench/bench_proxy.py's job; HTTP_LOAD_REQUESTS=1000 for a longer run.
REQUESTS_PER_HOST = int(__import__("os").environ.get("HTTP_LOAD_REQUESTS", "60"))


async def _host_load(url: str, mode: str, host_n: int, count: int) -> list[int]:
    import asyncio

    async with host(url, mode) as client:
        seen: list[int] = []
        for batch in range(0, count, 50):
            calls = [client.call_tool("echo", {"n": host_n * 100_000 + i}) for i in range(batch, min(batch + 50, count))]
            for result in await asyncio.gather(*calls):
                seen.append(json.loads(result.content[0].text)["arguments"]["n"])
        return seen


def test_twenty_http_hosts_in_mixed_eras_each_get_their_own_answers():
    import asyncio

    proxy = HttpProxy(RAW)
    try:
        async def scenario():
            loads = [_host_load(proxy.url, MODES[i % 3], i, REQUESTS_PER_HOST) for i in range(20)]
            return await asyncio.gather(*loads)

        start = time.monotonic()
        seen = run_async(scenario())
        took = time.monotonic() - start
    finally:
        proxy.close()
    for i, numbers in enumerate(seen):
        assert numbers == [i * 100_000 + n for n in range(REQUESTS_PER_HOST)], f"host {i} got someone else's answers"
    print(f"\n20 HTTP hosts × {REQUESTS_PER_HOST} calls (legacy/auto/2026-07-28 mixed): {took:.1f} s, "
          f"{20 * REQUESTS_PER_HOST / took:.0f} calls/s")


def test_an_upstream_crash_under_load_fails_in_flight_calls_fast_and_the_hosts_carry_on():
    import asyncio

    proxy = HttpProxy(RAW)
    try:
        async def one_host(i: int):
            async with host(proxy.url, MODES[i % 3]) as client:
                if i == 0:
                    await client.call_tool("echo", {"n": 0})
                    hanging = [asyncio.ensure_future(client.call_tool("hang", {"n": k})) for k in range(5)]
                    await in_flight(client, 5)  # the hanging calls are in flight upstream
                    crash_at = time.monotonic()
                    await _call_or_error(client, "crash", {})
                    lost = await asyncio.gather(*hanging)
                    failed_within = time.monotonic() - crash_at
                else:
                    lost, failed_within = [], 0.0
                # restarted after a 1 s backoff
                after = await eventually(lambda: client.call_tool("echo", {"n": i}), lambda result: not result.is_error, 20)
                return lost, failed_within, after

        async def scenario():
            return await asyncio.wait_for(asyncio.gather(*(one_host(i) for i in range(6))), 120)

        results = run_async(scenario())
        status_err = proxy.close()
    finally:
        if proxy.process.poll() is None:
            proxy.close()
    lost, failed_within, _ = results[0]
    assert all(r.is_error and "exited" in r.content[0].text for r in lost) and failed_within < 1.0
    for i, (_, _, after) in enumerate(results):
        assert json.loads(after.content[0].text)["arguments"] == {"n": i}
    assert "upstream exited; restarting" in status_err


def test_an_upstream_that_changes_era_after_a_restart_is_detected_again(tmp_path):

    era = tmp_path / "era"
    era.write_text("modern")

    async def scenario():
        async with host(stdio_proxy([*FIXTURE, "--era-file", str(era)]), "2026-07-28") as client:
            before = (await client.call_tool("_ui_status", {})).structured_content
            era.write_text("legacy")  # the next run is a handshake-only server (raw_upstream.py)
            died = await _call_or_error(client, "die", {})
            async def status() -> dict:
                return (await client.call_tool("_ui_status", {})).structured_content

            # while the new run starts, a status call may be answered "not running" (no structured content)
            after = await eventually(status, lambda now: now is not None and now["upstreamEra"] == "handshake"
                                     and now["upstreamState"] == "running", 20)
            echo = await client.call_tool("echo", {"message": "after"})
            return before, died, after, echo

    before, died, after, echo = run_async(scenario())
    assert before["upstreamEra"] == "2026-07-28" and after["upstreamEra"] == "handshake" and after["restarts"] == 1
    assert died.is_error and "exited" in died.content[0].text
    assert json.loads(echo.content[0].text)["arguments"] == {"message": "after"}


def test_the_protocol_constants_match_the_installed_sdk():
    """eras.py spells out the SDK's constants (so the stdio proxy does not import its models);
    they must stay what the SDK says."""
    import mcp_types
    from mcp_types import methods, version

    from compiler.proxy.codecs import eras

    for name in ("PROTOCOL_VERSION_META_KEY", "CLIENT_INFO_META_KEY", "CLIENT_CAPABILITIES_META_KEY", "LOG_LEVEL_META_KEY", "SERVER_INFO_META_KEY"):
        assert getattr(eras, name) == getattr(mcp_types, name)
    for name in ("HANDSHAKE_PROTOCOL_VERSIONS", "MODERN_PROTOCOL_VERSIONS", "LATEST_HANDSHAKE_VERSION", "LATEST_MODERN_VERSION"):
        assert getattr(eras, name) == getattr(version, name)
    assert eras.CACHEABLE_METHODS == methods.CACHEABLE_METHODS
    assert eras.UNSUPPORTED_PROTOCOL_VERSION == mcp_types.UNSUPPORTED_PROTOCOL_VERSION
    removed = {m for m, v in methods.CLIENT_REQUESTS if v == "2025-11-25"} - {m for m, v in methods.CLIENT_REQUESTS if v == "2026-07-28"}
    assert eras.REMOVED_IN_MODERN == removed


ENVELOPES = [
    None, "text", {}, {"io.modelcontextprotocol/protocolVersion": "2026-07-28"},
    {"io.modelcontextprotocol/clientCapabilities": {}},
    {"io.modelcontextprotocol/protocolVersion": 2026, "io.modelcontextprotocol/clientCapabilities": {}},
    {"io.modelcontextprotocol/protocolVersion": "2025-11-25", "io.modelcontextprotocol/clientCapabilities": {}},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": []},
    {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}, "io.modelcontextprotocol/clientInfo": 5},
]


@pytest.mark.parametrize("meta", ENVELOPES)
def test_the_envelope_ladder_agrees_with_the_sdks(meta):
    from mcp.shared.inbound import InboundLadderRejection, classify_inbound_request

    from compiler.proxy.codecs import eras
    from compiler.proxy.core.failures import ProxyError

    params = {"name": "x", "_meta": meta}
    verdict = classify_inbound_request({"method": "tools/call", "params": params})
    try:
        caller = eras.read_modern("tools/call", params)
    except ProxyError as error:
        assert isinstance(verdict, InboundLadderRejection)
        assert (error.code, error.message, error.data) == (verdict.code, verdict.message, verdict.data)
    else:
        assert not isinstance(verdict, InboundLadderRejection) and isinstance(caller.capabilities, dict)


# --------------------------------------------------------------------------- the official TypeScript client


TS_CLIENT = ROOT / "tests" / "js" / "ts_client.mjs"


def _ts_host(mode: str, *target: str) -> dict:
    done = subprocess.run(["node", str(TS_CLIENT), mode, *target], capture_output=True, text=True, timeout=120, cwd=TS_CLIENT.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _check_ts(seen: dict, upstream: str, mode: str, *, many_hosts: bool = False) -> None:
    assert (seen["version"] == "2026-07-28") == (mode != "legacy")
    names = {t["name"] for t in seen["tools"]}
    assert OWN <= names
    for tool in seen["tools"]:
        if tool["name"] not in OWN and tool["name"] != "app":
            assert tool["resourceUri"] == f"ui://compile-ui/{tool['name']}"
    assert seen["page"] == {"mimeType": APP, "start": "<!doctype html>"}
    assert seen["echo"] in ("Echo: from ts", "from ts")
    assert seen["missing"] == -32001
    assert seen["status"]["upstreamEra"] == upstream_era(upstream, mode, many_hosts=many_hosts)


@pytest.mark.parametrize("upstream", ["everything", "fixture"])
@pytest.mark.parametrize("mode", MODES)
def test_the_typescript_client_over_stdio(mode, upstream):
    proxy = [sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *UPSTREAMS[upstream]]
    _check_ts(_ts_host(mode, *proxy), upstream, mode)


@pytest.mark.parametrize("mode", MODES)
def test_the_typescript_client_over_http(http_proxy, mode):
    upstream, proxy = http_proxy
    if upstream == "demo":
        pytest.skip("the demo server has no echo tool")
    _check_ts(_ts_host(mode, proxy.url), upstream, mode, many_hosts=True)


# --------------------------------------------------------------------------- cancellation


def _wait_for_lines(path, count: int, timeout: float = 10.0) -> list[str]:
    def lines() -> list[str]:
        return path.read_text().split() if path.exists() else []

    wait_until(lambda: len(lines()) >= count, timeout)
    return lines()


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_cancellation_reaches_the_upstream_in_every_mode(tmp_path, transport, monkeypatch):
    """A host that gives up on a call cancels it: notifications/cancelled (handshake era, and
    2026-07-28 over stdio) with the id translated to the upstream's, or closing the response of a
    2026-07-28 POST; the upstream's handler is cancelled, and the proxy keeps serving."""

    record = tmp_path / "cancelled"
    monkeypatch.setenv("CANCEL_FILE", str(record))
    proxy = HttpProxy(FIXTURE) if transport == "http" else None
    target = proxy.url if proxy else stdio_proxy(FIXTURE, env=dict(__import__("os").environ))
    try:
        async def one(mode: str):
            async with host(target, mode) as client:
                # the session is open first: a call cancelled while the upstream is still starting
                # never goes upstream at all (the router retires it where it waits)
                await client.list_tools()
                with pytest.raises((TimeoutError, MCPError)):
                    await client.call_tool("wait", {"tag": mode}, read_timeout_seconds=0.5)
                return await client.call_tool("echo", {"message": f"after {mode}"})

        async def scenario():
            return [await one(mode) for mode in MODES]

        after = run_async(scenario())
        lines = _wait_for_lines(record, 3)
    finally:
        if proxy:
            proxy.close()
    assert [r.content[0].text for r in after] == [f"after {m}" for m in MODES]
    assert sorted(lines) == sorted(MODES)


def test_an_upstream_that_refuses_to_open_a_session_is_reported_at_once():
    start = time.monotonic()
    answers = _raw_exchange([
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        _modern("tools/call", 2, {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}},
                name="echo", arguments={}),
    ], upstream=[*RAW, "--refuse-initialize"])
    took = time.monotonic() - start
    assert answers[0]["error"]["code"] == -32603 and "no version I speak" in answers[0]["error"]["message"]
    assert answers[1]["result"]["isError"] and "no version I speak" in answers[1]["result"]["content"][0]["text"]
    assert answers[1]["result"]["resultType"] == "complete"
    assert took < 20  # not the 60 s a first start may wait


def test_progress_over_http_reaches_the_host_that_asked_in_every_mode():
    import asyncio

    proxy = HttpProxy(FIXTURE)
    try:
        async def one(mode: str):
            seen: list = []

            async def on_progress(value, total, message):
                seen.append(value)

            async with host(proxy.url, mode) as client:
                result = await client.call_tool("slow", {"steps": 4}, progress_callback=on_progress)
                return result.content[0].text, seen

        async def scenario():
            return await asyncio.gather(*(one(mode) for mode in MODES * 2))

        results = run_async(scenario())
    finally:
        proxy.close()
    assert all(text == "done after 4 steps" and seen == [1, 2, 3, 4] for text, seen in results), results


def test_http_routing_headers_and_versions_are_checked():
    import httpx2

    proxy = HttpProxy(RAW)
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "echo", "arguments": {}, "_meta": meta}}
    base = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    try:
        with httpx2.Client(timeout=30) as http:
            good = http.post(proxy.url, json=body, headers={**base, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "echo"})
            wrong_name = http.post(proxy.url, json=body, headers={**base, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "other"})
            wrong_method = http.post(proxy.url, json=body, headers={**base, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list", "mcp-name": "echo"})
            future = http.post(proxy.url, json={**body, "params": {**body["params"], "_meta": {**meta, "io.modelcontextprotocol/protocolVersion": "2099-01-01"}}},
                               headers={**base, "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/call", "mcp-name": "echo"})
            no_session = http.post(proxy.url, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=base)
            unknown_session = http.post(proxy.url, json={"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, headers={**base, "mcp-session-id": "nope"})
    finally:
        proxy.close()
    assert good.status_code == 200 and good.json()["result"]["resultType"] == "complete"
    assert wrong_name.status_code == 400 and wrong_name.json()["error"]["code"] == -32020
    assert wrong_method.status_code == 400 and wrong_method.json()["error"]["code"] == -32020
    assert future.status_code == 400 and future.json()["error"]["code"] == -32022 and future.json()["error"]["data"]["supported"] == ["2026-07-28"]
    assert no_session.status_code == 400 and no_session.json()["error"]["code"] == -32600
    assert unknown_session.status_code == 404


def test_an_empty_capability_object_is_a_declaration():
    """``"resources": {}`` says "resources, no sub-features": reads must reach such an upstream
    (a recorded session's replay server declares exactly that)."""
    from compiler.proxy.core.peers import UpstreamInfo

    declared = UpstreamInfo.from_initialize({"capabilities": {"resources": {}, "tools": {"listChanged": True}}})
    assert declared.has("resources") and declared.has("tools") and not declared.has("prompts")
    assert not UpstreamInfo.from_initialize({"capabilities": {"resources": None}}).has("resources")
