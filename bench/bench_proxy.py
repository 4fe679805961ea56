"""The proxy's cost, measured against the same upstream in one run.

    python bench/bench_proxy.py [--calls N]

* ``tools/call`` of server-everything's ``echo``: straight to the upstream vs through
  ``compile-ui proxy`` (median and p99, added ms, ratio) — one minimal raw JSON-RPC client for
  both, so the difference is the proxy;
* ``resources/read`` of a page: first (uncached, heuristic layout), cached, and first with the
  LLM path against a local fake model endpoint that answers after a fixed delay;
* the proxy's peak RSS with every corpus tool's page generated and cached;
* with ``FASTMCP_PYTHON`` set, FastMCP's proxy on the same upstream, in the same rounds.
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
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.tools import load_tools  # noqa: E402

EVERYTHING = ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
CORPUS = ROOT / "fixtures" / "corpus" / "tools"
FAKE_MODEL_DELAY_S = 0.3
PROXY = [sys.executable, "-m", "compiler", "proxy"]


class RawClient:
    """Newline-delimited JSON-RPC over a subprocess's stdio, nothing else."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        self.command, self.env, self.next_id = command, env, 0

    async def __aenter__(self) -> "RawClient":
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=self.env, limit=1 << 30, cwd=ROOT,
        )
        await self.request("initialize", {
            "protocolVersion": "2025-11-25", "clientInfo": {"name": "bench", "version": "1"},
            "capabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}},
        })
        self.process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        return self

    async def __aexit__(self, *exc) -> None:
        self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 5)
        except TimeoutError:
            self.process.kill()

    async def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}).encode() + b"\n")
        await self.process.stdin.drain()
        while True:
            message = json.loads(await self.process.stdout.readline())
            if message.get("id") == rid:
                return message

    async def timed(self, method: str, params: dict, n: int) -> list[float]:
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


async def call_latency(calls: int, cache_dir: str) -> dict:
    upstream = ["node", str(EVERYTHING), "stdio"]
    params = {"name": "echo", "arguments": {"message": "hi"}}
    direct, proxied, fast = [], [], []
    fastmcp_cmd = [FASTMCP_PYTHON, str(ROOT / "bench" / "fastmcp_proxy.py"), *upstream] if FASTMCP_PYTHON else None
    async with contextlib.AsyncExitStack() as stack:
        d = await stack.enter_async_context(RawClient(upstream))
        p = await stack.enter_async_context(RawClient([*PROXY, "--cache-dir", cache_dir, "--", *upstream]))
        f = await stack.enter_async_context(RawClient(fastmcp_cmd)) if fastmcp_cmd else None
        for client in (d, p, f):  # warm all
            if client:
                await client.timed("tools/call", params, 50)
        for _ in range(max(calls // 100, 1)):  # interleaved rounds: all see the same machine
            direct += await d.timed("tools/call", params, 100)
            proxied += await p.timed("tools/call", params, 100)
            if f:
                fast += await f.timed("tools/call", params, 100)
        first = (await p.timed("resources/read", {"uri": "ui://echo"}, 1))[0]
        cached = await p.timed("resources/read", {"uri": "ui://echo"}, 200)
    if fast:
        extra = {"fastmcp_ms": {"p50": pct(fast, 0.5), "p99": pct(fast, 0.99)},
                 "fastmcp_added_ms_median": statistics.median(fast) - statistics.median(direct)}
    else:
        extra = {}
    return {**extra, 
        "direct_ms": {"p50": pct(direct, 0.5), "p99": pct(direct, 0.99)},
        "proxied_ms": {"p50": pct(proxied, 0.5), "p99": pct(proxied, 0.99)},
        "added_ms_median": statistics.median(proxied) - statistics.median(direct),
        "ratio_median": statistics.median(proxied) / statistics.median(direct),
        "read_first_ms": first,
        "read_cached_ms": {"p50": pct(cached, 0.5), "p99": pct(cached, 0.99)},
        "calls": len(direct),
    }


class FakeModel(BaseHTTPRequestHandler):
    """Answers the Messages API with a valid layout after a fixed delay."""

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        self.rfile.read(int(self.headers.get("content-length", 0)))
        time.sleep(FAKE_MODEL_DELAY_S)
        body = json.dumps({
            "id": "m", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "stop_reason": "tool_use",
            "stop_sequence": None, "usage": {"input_tokens": 800, "output_tokens": 60},
            "content": [{"type": "tool_use", "id": "t", "name": "layout", "input": {"title": "Echo"}}],
        }).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


async def llm_first_read(cache_dir: str) -> dict:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeModel)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {**os.environ, "ANTHROPIC_API_KEY": "bench-key", "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{server.server_port}"}
    try:
        async with RawClient([*PROXY, "--cache-dir", cache_dir, "--", "node", str(EVERYTHING), "stdio"], env=env) as p:
            first = (await p.timed("resources/read", {"uri": "ui://echo"}, 1))[0]
            cached = await p.timed("resources/read", {"uri": "ui://echo"}, 50)
    finally:
        server.shutdown()
    return {"model_delay_ms": FAKE_MODEL_DELAY_S * 1000, "first_ms": first, "cached_p50_ms": pct(cached, 0.5)}


async def memory(cache_dir: str) -> dict:
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
            await p.request("resources/read", {"uri": f"ui://{tool['name']}"})
        took = (time.perf_counter() - start) * 1000
        status = Path(f"/proc/{p.process.pid}/status").read_text()
    peak_kb = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")))
    os.unlink(f.name)
    return {"tools": len(tools), "peak_rss_mb": round(peak_kb / 1024, 1), "all_pages_ms": took}


def measure(quick: bool = False, calls: int | None = None) -> dict:
    calls = calls or (300 if quick else 3000)
    with tempfile.TemporaryDirectory() as cache_dir:
        latency = asyncio.run(call_latency(calls, cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        llm = asyncio.run(llm_first_read(cache_dir))
    with tempfile.TemporaryDirectory() as cache_dir:
        mem = asyncio.run(memory(cache_dir))
    result = {"latency": latency, "llm": llm, "memory": mem}
    result["summary"] = {
        "tools/call echo, direct p50 (ms)": round(latency["direct_ms"]["p50"], 3),
        "tools/call echo, through the proxy p50 (ms)": round(latency["proxied_ms"]["p50"], 3),
        "added by the proxy, median (ms; target ≤ 0.3)": round(latency["added_ms_median"], 3),
        "proxy / direct (ratio of medians)": round(latency["ratio_median"], 2),
        "through the proxy p99 (ms)": round(latency["proxied_ms"]["p99"], 3),
        "resources/read, first (uncached, heuristic) (ms)": round(latency["read_first_ms"], 2),
        "resources/read, cached p50 (ms; target ≤ 1)": round(latency["read_cached_ms"]["p50"], 3),
        f"resources/read, first with the LLM path (fake model answering in {llm['model_delay_ms']:.0f} ms) (ms)": round(llm["first_ms"], 1),
        f"peak RSS with all {mem['tools']} corpus pages cached (MB)": mem["peak_rss_mb"],
        "calls measured": latency["calls"],
    }
    if "fastmcp_ms" in latency:
        result["summary"]["FastMCP proxy (create_proxy), same upstream, p50 (ms)"] = round(latency["fastmcp_ms"]["p50"], 3)
        result["summary"]["added by FastMCP's proxy, median (ms)"] = round(latency["fastmcp_added_ms_median"], 3)
    else:
        result["summary"]["FastMCP proxy"] = "not measured (set FASTMCP_PYTHON to an interpreter with fastmcp)"
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    result = measure(calls=args.calls)
    for label, value in result["summary"].items():
        print(f"{label:80} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
