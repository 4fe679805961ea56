"""The proxy's cost, measured against the same upstream in one run.

    python bench/bench_proxy.py [--calls N]
    python bench/bench_proxy.py --hop-against DIR [--calls N]

* ``tools/call`` of server-everything's ``echo``: straight to the upstream vs through
  ``compile-ui proxy`` (median and p99, added ms, ratio) — one minimal raw JSON-RPC client for
  both, so the difference is the proxy;
* per protocol era, against one upstream that speaks both (``fixtures/servers/modern_upstream.py``):
  a handshake-era client and a 2026-07-28 client, each straight to the upstream and through its own
  proxy (which opens the upstream in that client's era), and a handshake-era client through the
  proxy in front of the same server speaking 2026-07-28 only (every request stamped with the
  ``_meta`` envelope), in the same interleaved rounds;
* ``--serve http``: cached ``resources/read`` throughput with 20 concurrent 2026-07-28 clients
  (single-exchange POSTs);
* ``resources/read`` of a page: first (uncached, heuristic layout), cached, and first with the
  LLM path against a local fake model endpoint that answers after a fixed delay;
* the proxy's peak RSS with every corpus tool's page generated and cached;
* with ``FASTMCP_PYTHON`` set, FastMCP's proxy on the same upstream, in the same rounds.

``--hop-against DIR`` measures only the hop, for this tree and another tree of the repository
(``git worktree add`` or ``git archive main | tar -x -C DIR``), in alternated rounds of the same
run: the proxy of each tree in front of server-everything for a handshake-era host, in front
of the dual-era fixture for a 2026-07-28 host, and in front of that fixture serving 2026-07-28
only for a handshake-era host (every request stamped; against the fixture's 2026-07-28 direct
path), each against the same direct path. On a shared
machine only figures of one run compare.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx2

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "npm")
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from compiler.tools import load_tools  # noqa: E402
from harness.fake_model import fake_model, layout_answer  # noqa: E402

EVERYTHING = ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
CORPUS = ROOT / "fixtures" / "corpus" / "tools"
FAKE_MODEL_DELAY_S = 0.3
PROXY = [sys.executable, "-m", "compiler", "proxy"]


UI_CAPABILITIES = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI_CAPABILITIES,
               "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"}}
FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_upstream.py")]


class RawClient:
    """Newline-delimited JSON-RPC over a subprocess's stdio, nothing else. ``era="modern"``: no
    handshake; every request carries the 2026-07-28 envelope."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None, era: str = "legacy", cwd: Path = ROOT) -> None:
        self.command, self.env, self.next_id, self.era, self.cwd = command, env, 0, era, cwd

    async def __aenter__(self) -> RawClient:
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=self.env, limit=1 << 30, cwd=self.cwd,
        )
        if self.era == "modern":
            await self.request("server/discover", {})
            return self
        await self.request("initialize", {
            "protocolVersion": "2025-11-25", "clientInfo": {"name": "bench", "version": "1"},
            "capabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}},
        })
        self.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        return self

    @property
    def stdin(self) -> asyncio.StreamWriter:
        assert self.process.stdin is not None  # started with a pipe for each
        return self.process.stdin

    @property
    def stdout(self) -> asyncio.StreamReader:
        assert self.process.stdout is not None
        return self.process.stdout

    async def __aexit__(self, *exc: object) -> None:
        self.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 5)
        except TimeoutError:
            self.process.kill()

    async def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        rid = self.next_id
        if self.era == "modern":
            params = {**params, "_meta": MODERN_META}
        self.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}).encode() + b"\n")
        await self.stdin.drain()
        while True:
            message: dict[str, Any] = json.loads(await self.stdout.readline())
            if message.get("id") == rid:
                return message

    async def timed(self, method: str, params: dict[str, Any], n: int) -> list[float]:
        out = []
        for _ in range(n):
            start = time.perf_counter()
            await self.request(method, params)
            out.append((time.perf_counter() - start) * 1000)
        return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


FASTMCP_PYTHON = os.environ.get("FASTMCP_PYTHON")
"""An interpreter with ``fastmcp`` installed (kept out of compile-ui's dependencies): when set,
FastMCP's proxy (``fastmcp.server.create_proxy``) is measured in the same interleaved rounds."""


async def call_latency(calls: int, cache_dir: str) -> dict[str, Any]:
    upstream = ["node", str(EVERYTHING), "stdio"]
    params = {"name": "echo", "arguments": {"message": "hi"}}
    direct, proxied, fast, modern = [], [], [], []
    fastmcp_cmd = [FASTMCP_PYTHON, str(ROOT / "bench" / "fastmcp_proxy.py"), *upstream] if FASTMCP_PYTHON else None
    async with contextlib.AsyncExitStack() as stack:
        d = await stack.enter_async_context(RawClient(upstream))
        p = await stack.enter_async_context(RawClient([*PROXY, "--cache-dir", cache_dir, "--", *upstream]))
        m = await stack.enter_async_context(RawClient([*PROXY, "--cache-dir", cache_dir, "--", *upstream], era="modern"))
        f = await stack.enter_async_context(RawClient(fastmcp_cmd)) if fastmcp_cmd else None
        for client in (d, p, m, f):  # warm all
            if client:
                await client.timed("tools/call", params, 50)
        cpu = {"proxied": 0.0, "modern": 0.0}
        for _ in range(max(calls // 100, 1)):  # interleaved rounds: all see the same machine
            direct += await d.timed("tools/call", params, 100)
            before = _cpu_s(p.process.pid)
            proxied += await p.timed("tools/call", params, 100)
            cpu["proxied"] += _cpu_s(p.process.pid) - before
            before = _cpu_s(m.process.pid)
            modern += await m.timed("tools/call", params, 100)
            cpu["modern"] += _cpu_s(m.process.pid) - before
            if f:
                fast += await f.timed("tools/call", params, 100)
        first = (await p.timed("resources/read", {"uri": "ui://compile-ui/echo"}, 1))[0]
        cached = await p.timed("resources/read", {"uri": "ui://compile-ui/echo"}, 200)
    if fast:
        extra = {"fastmcp_ms": {"p50": pct(fast, 0.5), "p99": pct(fast, 0.99)},
                 "fastmcp_added_ms_median": statistics.median(fast) - statistics.median(direct)}
    else:
        extra = {}
    return {**extra,
        "direct_ms": {"p50": pct(direct, 0.5), "p99": pct(direct, 0.99)},
        "proxied_ms": {"p50": pct(proxied, 0.5), "p99": pct(proxied, 0.99)},
        "added_ms_median": statistics.median(proxied) - statistics.median(direct),
        "modern_host_ms": {"p50": pct(modern, 0.5), "p99": pct(modern, 0.99)},
        "modern_host_added_ms_median": statistics.median(modern) - statistics.median(direct),
        "proxy_cpu_us_per_call": {"handshake": cpu["proxied"] / len(proxied) * 1e6, "modern": cpu["modern"] / len(modern) * 1e6},
        "ratio_median": statistics.median(proxied) / statistics.median(direct),
        "read_first_ms": first,
        "read_cached_ms": {"p50": pct(cached, 0.5), "p99": pct(cached, 0.99)},
        "calls": len(direct),
    }


async def era_latency(calls: int, cache_dir: str) -> dict[str, Any]:
    """Added latency per forwarded tools/call for each host era, one upstream speaking both (the
    proxy opens it in its first host's era), and for a handshake-era host in front of the same
    server speaking 2026-07-28 only (every request stamped with the envelope)."""
    params = {"name": "echo", "arguments": {"message": "hi"}}
    async with contextlib.AsyncExitStack() as stack:
        clients = {}
        for era in ("legacy", "modern"):
            clients[f"{era} direct"] = await stack.enter_async_context(RawClient(FIXTURE, era=era))
            proxy = [*PROXY, "--cache-dir", cache_dir, "--", *FIXTURE]
            clients[f"{era} proxied"] = await stack.enter_async_context(RawClient(proxy, era=era))
        stamped = [*PROXY, "--cache-dir", cache_dir, "--", *FIXTURE, "--modern-only"]
        clients["legacy proxied, modern-only"] = await stack.enter_async_context(RawClient(stamped, era="legacy"))
        samples, cpu = await _alternated(clients, params, calls)
        reads = {era: await clients[f"{era} proxied"].timed("resources/read", {"uri": "ui://compile-ui/echo"}, 201) for era in ("legacy", "modern")}
    out: dict[str, Any] = {name: {"p50": pct(v, 0.5), "p99": pct(v, 0.99)} for name, v in samples.items()}
    for era in ("legacy", "modern"):
        out[f"{era} added median"] = statistics.median(samples[f"{era} proxied"]) - statistics.median(samples[f"{era} direct"])
        out[f"{era} read cached p50"] = pct(reads[era][1:], 0.5)
        out[f"{era} proxy CPU µs per call"] = cpu[f"{era} proxied"] / len(samples[f"{era} proxied"]) * 1e6
    # The stamped calls' upstream work is the server's 2026-07-28 path: that is their baseline.
    out["legacy stamped added median"] = statistics.median(samples["legacy proxied, modern-only"]) - statistics.median(samples["modern direct"])
    return out


async def _alternated(clients: dict[str, RawClient], params: dict[str, Any], calls: int) -> tuple[dict[str, list[float]], dict[str, float]]:
    """``calls`` tools/calls per client after 50 to warm up, in rounds of 100 taking turns (drift
    hits all alike): each client's latencies, and the CPU seconds its server process spent (the
    proxy's own, not its upstream's)."""
    samples: dict[str, list[float]] = {}
    cpu: dict[str, float] = {}
    for client in clients.values():
        await client.timed("tools/call", params, 50)
    for _ in range(max(calls // 100, 1)):
        for name, client in clients.items():
            before = _cpu_s(client.process.pid)
            samples.setdefault(name, []).extend(await client.timed("tools/call", params, 100))
            cpu[name] = cpu.get(name, 0.0) + _cpu_s(client.process.pid) - before
    return samples, cpu


async def hop_against(calls: int, trees: list[Path], cache_dir: str) -> dict[str, dict[str, float]]:
    """The hop of each tree's proxy (``python -m compiler`` run in that tree), alternated: per
    tree and host era, the median added over the same direct path and the proxy's CPU per call."""
    params = {"name": "echo", "arguments": {"message": "hi"}}
    upstreams = {"handshake": (["node", str(EVERYTHING), "stdio"], "legacy"), "2026-07-28": (FIXTURE, "modern"),
                 "handshake → 2026-07-28-only": ([*FIXTURE, "--modern-only"], "legacy")}
    baseline = {"handshake → 2026-07-28-only": "2026-07-28"}
    """The stamped calls' upstream work is the server's 2026-07-28 path (as in era_latency)."""
    async with contextlib.AsyncExitStack() as stack:
        clients: dict[str, RawClient] = {}
        for era, (upstream, host) in upstreams.items():
            if era not in baseline:
                clients[f"{era} direct"] = await stack.enter_async_context(RawClient(upstream, era=host))
            for tree in trees:
                proxy = [*PROXY, "--cache-dir", cache_dir, "--", *upstream]
                clients[f"{era} {tree}"] = await stack.enter_async_context(RawClient(proxy, era=host, cwd=tree))
        samples, cpu = await _alternated(clients, params, calls)
    out: dict[str, dict[str, float]] = {}
    for tree in trees:
        for era in upstreams:
            name = f"{era} {tree}"
            direct = samples[f"{baseline.get(era, era)} direct"]
            out[name] = {"added_ms_median": statistics.median(samples[name]) - statistics.median(direct),
                         "proxy_cpu_us_per_call": cpu[name] / len(samples[name]) * 1e6}
    return out


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class HttpReader:
    """One HTTP client reading a resource: 2026-07-28 single-exchange POSTs, or (``era="legacy"``)
    a handshake-era streamable-HTTP session of its own."""

    def __init__(self, http: httpx2.AsyncClient, url: str, uri: str, era: str) -> None:
        self.http, self.url, self.uri, self.era = http, url, uri, era
        self.headers: dict[str, str] = {}

    async def open(self) -> None:
        if self.era == "modern":
            self.headers = {"mcp-protocol-version": "2026-07-28", "mcp-method": "resources/read", "mcp-name": self.uri,
                            "accept": "application/json, text/event-stream", "content-type": "application/json"}
            return
        base = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": UI_CAPABILITIES, "clientInfo": {"name": "bench", "version": "1"}}}
        answer = await self.http.post(self.url, json=init, headers=base)
        self.headers = {**base, "mcp-session-id": answer.headers["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
        await self.http.post(self.url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=self.headers)

    async def read(self) -> bool:
        params = {"uri": self.uri, **({"_meta": MODERN_META} if self.era == "modern" else {})}
        answer = await self.http.post(self.url, json={"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": params},
                                      headers=self.headers)
        text = answer.text
        if text.startswith("event:") or text.startswith("data:"):
            text = next(line[5:] for line in text.splitlines() if line.startswith("data:"))
        return answer.status_code == 200 and "contents" in json.loads(text).get("result", {})


async def http_throughput(command: list[str], uri: str, era: str = "modern", clients: int = 20, seconds: float = 5.0) -> dict[str, Any]:
    """``resources/read`` of ``uri`` over HTTP, ``clients`` concurrent clients of ``era``, against
    the server ``command`` starts (``{port}`` in it is replaced by a free port)."""
    import subprocess

    import httpx2

    port = _free_port()
    server = subprocess.Popen([part.replace("{port}", str(port)) for part in command], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        async with httpx2.AsyncClient(timeout=30) as http:
            for _ in range(600):  # until it serves
                try:
                    probe = HttpReader(http, url, uri, era)
                    await probe.open()
                    if await probe.read():
                        break
                except (httpx2.TransportError, KeyError, ValueError, StopIteration):
                    await asyncio.sleep(0.05)
            readers = [HttpReader(http, url, uri, era) for _ in range(clients)]
            for reader in readers:
                await reader.open()
            done = 0
            deadline = time.perf_counter() + seconds

            async def one(reader: HttpReader) -> None:
                nonlocal done
                while time.perf_counter() < deadline:
                    assert await reader.read()
                    done += 1

            start, cpu = time.perf_counter(), _cpu_s(server.pid)
            await asyncio.gather(*(one(r) for r in readers))
            took, cpu = time.perf_counter() - start, _cpu_s(server.pid) - cpu
    finally:
        server.terminate()
        server.wait(15)
    return {"clients": clients, "reads": done, "reads_per_s": done / took, "cpu_ms_per_read": 1000 * cpu / max(done, 1)}


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` itself has used (not its upstream child):
    what a request costs the server, whatever else the machine is doing."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def http_comparison(cache_dir: str) -> dict[str, Any]:
    """Our ``--serve http``: cached page reads (2026-07-28 clients); and, against FastMCP's HTTP
    proxy on the same upstream, reads of the upstream's own resource forwarded by each."""
    ours = [*PROXY, "--cache-dir", cache_dir, "--serve", "http", "--port", "{port}", "--", *FIXTURE]
    out = {"cached page, modern": await http_throughput(ours, "ui://compile-ui/echo", "modern")}
    if FASTMCP_PYTHON:
        theirs = [FASTMCP_PYTHON, str(ROOT / "bench" / "fastmcp_proxy.py"), "--http", "{port}", *FIXTURE]
        for era in ("legacy", "modern"):
            out[f"forwarded, {era}, compile-ui"] = await http_throughput(ours, "ui://fixture/app.html", era)
            try:
                out[f"forwarded, {era}, FastMCP"] = await http_throughput(theirs, "ui://fixture/app.html", era)
            except (AssertionError, KeyError, ValueError) as error:
                out[f"forwarded, {era}, FastMCP"] = {"error": f"{type(error).__name__}: {error}"}
    return out


async def llm_first_read(cache_dir: str) -> dict[str, Any]:
    """First pages with a key configured, against the fake model: one asked soon after start (the
    SDK still importing: served at once with the heuristic layout, the model's layout following as
    ``notifications/resources/updated``), beside a proxy without a key's first page in the same
    run; then, ``MODEL_READY_AFTER_S`` after start, another tool's first page (the model's time)."""
    plain = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    upstream = ["--", "node", str(EVERYTHING), "stdio"]
    command = [*PROXY, "--cache-dir", cache_dir, *upstream]
    echo, other = {"uri": "ui://compile-ui/echo"}, {"uri": "ui://compile-ui/get-sum"}
    with fake_model(layout_answer({"title": "Echo"}, tokens=(800, 60)), delay_s=FAKE_MODEL_DELAY_S) as model:
        env = {**plain, "ANTHROPIC_API_KEY": "bench-key", "ANTHROPIC_BASE_URL": model.url}
        with tempfile.TemporaryDirectory() as plain_cache:
            async with RawClient([*PROXY, "--cache-dir", plain_cache, *upstream], env=plain) as p:
                heuristic = (await p.timed("resources/read", echo, 1))[0]
        started = time.perf_counter()
        async with RawClient(command, env=env) as p:
            first = (await p.timed("resources/read", echo, 1))[0]
            read_at = time.perf_counter()
            landed = await _updated(p, echo["uri"], timeout=10)
            landed_ms = None if landed is None else (landed - read_at) * 1000
            model_page = "Echo" in (await p.request("resources/read", echo))["result"]["contents"][0]["text"]
            await asyncio.sleep(max(0.0, MODEL_READY_AFTER_S - (time.perf_counter() - started)))
            later = (await p.timed("resources/read", other, 1))[0]
            cached = await p.timed("resources/read", echo, 50)
    return {"model_delay_ms": FAKE_MODEL_DELAY_S * 1000, "first_ms": first, "heuristic_first_ms": heuristic,
            "landed_ms": landed_ms, "model_page_after": model_page, "later_first_ms": later,
            "cached_p50_ms": pct(cached, 0.5)}


MODEL_READY_AFTER_S = 3.0


async def _updated(p: RawClient, uri: str, timeout: float) -> float | None:
    """When ``notifications/resources/updated`` for ``uri`` came (``perf_counter``), or None."""
    async def wait() -> float:
        while True:
            message = json.loads(await p.stdout.readline())
            if message.get("method") == "notifications/resources/updated" and message["params"].get("uri") == uri:
                return time.perf_counter()

    try:
        return await asyncio.wait_for(wait(), timeout)
    except TimeoutError:
        return None


async def memory(cache_dir: str) -> dict[str, Any]:
    tools, seen = [], set()
    for path in sorted(CORPUS.glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            if tool["name"] not in seen:
                seen.add(tool["name"])
                tools.append(tool)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"tools": tools}, f)
    upstream = [sys.executable, "-m", "compiler.preview.recorded", f.name]
    async with RawClient([*PROXY, "--cache-dir", cache_dir, "--", *upstream]) as p:
        start = time.perf_counter()
        for tool in tools:
            await p.request("resources/read", {"uri": f"ui://compile-ui/{tool['name']}"})
        took = (time.perf_counter() - start) * 1000
        status = Path(f"/proc/{p.process.pid}/status").read_text()
    peak_kb = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")))
    os.unlink(f.name)
    return {"tools": len(tools), "peak_rss_mb": round(peak_kb / 1024, 1), "all_pages_ms": took}


def measure(quick: bool = False, calls: int | None = None) -> dict[str, Any]:
    calls = calls or (300 if quick else 3000)
    with tempfile.TemporaryDirectory() as cache_dir:
        latency = asyncio.run(call_latency(calls, cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        eras = asyncio.run(era_latency(calls, cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        http = asyncio.run(http_comparison(cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        llm = asyncio.run(llm_first_read(cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        mem = asyncio.run(memory(cache_dir))
    result = {"latency": latency, "eras": eras, "http": http, "llm": llm, "memory": mem}
    result["summary"] = {
        "tools/call echo, direct p50 (ms)": round(latency["direct_ms"]["p50"], 3),
        "tools/call echo, through the proxy p50 (ms)": round(latency["proxied_ms"]["p50"], 3),
        "added by the proxy, median (ms; target ≤ 0.2)": round(latency["added_ms_median"], 3),
        "  the proxy's own CPU per forwarded call (µs)": round(latency["proxy_cpu_us_per_call"]["handshake"], 1),
        "proxy / direct (ratio of medians)": round(latency["ratio_median"], 2),
        "2026-07-28 host → the same handshake-era upstream, through the proxy p50 (ms)": round(latency["modern_host_ms"]["p50"], 3),
        "2026-07-28 host: added by the proxy, median (ms; envelope stripped; target ≤ 0.2)": round(latency["modern_host_added_ms_median"], 3),
        "  the proxy's own CPU per forwarded call, 2026-07-28 host (µs)": round(latency["proxy_cpu_us_per_call"]["modern"], 1),
        "through the proxy p99 (ms)": round(latency["proxied_ms"]["p99"], 3),
        "resources/read, first (uncached, heuristic) (ms)": round(latency["read_first_ms"], 2),
        "resources/read, cached p50 (ms; target ≤ 1)": round(latency["read_cached_ms"]["p50"], 3),
        f"resources/read, first with the LLM path (fake model answering in {llm['model_delay_ms']:.0f} ms) (ms)": round(llm["first_ms"], 1),
        "  the same, without a key (the heuristic's first page, same run) (ms)": round(llm["heuristic_first_ms"], 1),
        "  the model's page announced (resources/updated) after the first read answered (ms)":
            "never" if llm["landed_ms"] is None else round(llm["landed_ms"], 1),
        "  the page read again after that is the model's": "yes" if llm["model_page_after"] else "no",
        f"  another tool's first page, {MODEL_READY_AFTER_S:g} s after start (ms)": round(llm["later_first_ms"], 1),
        f"peak RSS with all {mem['tools']} corpus pages cached (MB)": mem["peak_rss_mb"],
        "calls measured": latency["calls"],
    }
    for era, label in (("legacy", "handshake-era host"), ("modern", "2026-07-28 host")):
        result["summary"][f"{label}, dual-era upstream: direct p50 (ms)"] = round(eras[f"{era} direct"]["p50"], 3)
        result["summary"][f"{label}, dual-era upstream: through the proxy p50 (ms)"] = round(eras[f"{era} proxied"]["p50"], 3)
        result["summary"][f"{label}: added by the proxy, median (ms; target ≤ 0.2)"] = round(eras[f"{era} added median"], 3)
        result["summary"][f"{label}: the proxy's own CPU per forwarded call (µs)"] = round(eras[f"{era} proxy CPU µs per call"], 1)
        result["summary"][f"{label}: resources/read cached p50 (ms; target ≤ 0.5)"] = round(eras[f"{era} read cached p50"], 3)
    result["summary"]["handshake-era host → a 2026-07-28-only upstream (every request stamped): added over that upstream's direct path, median (ms; target ≤ 0.2)"] = round(
        eras["legacy stamped added median"], 3)
    for label, figures in http.items():
        value = round(figures["reads_per_s"]) if "reads_per_s" in figures else figures["error"]
        result["summary"][f"--serve http, resources/read, 20 concurrent clients, {label} (reads/s)"] = value
    for label, figures in http.items():
        if "cpu_ms_per_read" in figures:
            result["summary"][f"--serve http, {label}: the server's own CPU per read (ms)"] = round(figures["cpu_ms_per_read"], 3)
    for era in ("legacy", "modern"):
        ours, theirs = http.get(f"forwarded, {era}, compile-ui", {}), http.get(f"forwarded, {era}, FastMCP", {})
        if "reads_per_s" in ours and "reads_per_s" in theirs:
            result["summary"][f"--serve http, forwarded, {era}: compile-ui / FastMCP, reads/s (target ≥ 3)"] = round(
                ours["reads_per_s"] / theirs["reads_per_s"], 2)
            result["summary"][f"--serve http, forwarded, {era}: FastMCP / compile-ui, server CPU per read (target ≥ 3)"] = round(
                theirs["cpu_ms_per_read"] / ours["cpu_ms_per_read"], 2)
    if "fastmcp_ms" in latency:
        result["summary"]["FastMCP proxy (create_proxy), same upstream, p50 (ms)"] = round(latency["fastmcp_ms"]["p50"], 3)
        result["summary"]["added by FastMCP's proxy, median (ms)"] = round(latency["fastmcp_added_ms_median"], 3)
    else:
        result["summary"]["FastMCP proxy"] = "not measured (set FASTMCP_PYTHON to an interpreter with fastmcp)"
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--hop-against", type=Path, action="append", default=[], help="another tree of the repository")
    args = parser.parse_args()
    if args.hop_against:
        with tempfile.TemporaryDirectory() as cache_dir:
            hops = asyncio.run(hop_against(args.calls, [ROOT, *(t.resolve() for t in args.hop_against)], cache_dir))
        print(f"load average {os.getloadavg()[0]:.1f}, {args.calls} calls per proxy, alternated rounds of 100")
        for name, figures in hops.items():
            print(f"{name:60} added by the proxy, median (ms; target ≤ 0.2) {figures['added_ms_median']:.3f}"
                  f"   the proxy's own CPU per forwarded call (µs) {figures['proxy_cpu_us_per_call']:.1f}")
        return 0
    result = measure(calls=args.calls)
    for label, value in result["summary"].items():
        print(f"{label:80} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
