"""The model's SDK is never in front of a page (issue 42): while the model is not ready (the SDK
still importing, its client not made) a page is served at once with the heuristic layout, and the
model's layout replaces it when it lands — cached, stored, and ``notifications/resources/updated``
sent to the host for that ``ui://`` URI. The real ``anthropic`` client answers through a mocked
HTTP transport in process; over stdio, the real proxy's own import of the SDK is held at a gate
(a finder ahead of the real ones, installed before the proxy starts) and a local endpoint stands
in for the Messages API."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import subprocess
import sys
import threading

import anthropic
import httpx2 as httpx  # the HTTP library the anthropic SDK 2.x is built on

from compiler.layout import LLMLayout, LLMSettings
from compiler.layout.llm import MODEL_NOT_READY
from compiler.proxy.services.cache import PageCache
from compiler.proxy.services.pages import Made, PageStore
from compiler.proxy.store.sqlite import SqliteStore
from conftest import ROOT
from harness.asyncutil import run_async
from harness.fake_model import FakeModel, fake_model, layout_answer, sdk_client
from harness.layout_trees import FORECAST_TOOL

KEY = "sk-ant-test"
SPEC = {"title": "The model's title", "input": {"order": ["/units", "/city"]}}
OTHER_TOOL = {**FORECAST_TOOL, "name": "forecast2"}


def gated_layout(gate: threading.Event, calls: list) -> LLMLayout:
    """A layout whose client (the real SDK's, its HTTP transport mocked) is made only once ``gate``
    opens, in the worker thread the layout makes it in — as while the SDK is importing."""

    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(json.loads(request.content))
        return httpx.Response(200, json=layout_answer(SPEC))

    def make_client() -> anthropic.AsyncAnthropic:
        assert gate.wait(60)
        return sdk_client(handler, KEY)

    return LLMLayout(LLMSettings(api_key=KEY), make_client=make_client)


def test_a_page_asked_before_the_model_is_ready_is_the_heuristic_one_then_the_model_replaces_it():
    gate, calls = threading.Event(), []
    store = SqliteStore(":memory:")
    pages = PageStore(LLMSettings(api_key=KEY), cache=PageCache(), store=store, llm=gated_layout(gate, calls))

    async def scenario():
        landed: asyncio.Queue[tuple[str, Made, bool]] = asyncio.Queue()
        pages.landed = lambda name, made, changed: landed.put_nowait((name, made, changed))
        first = await pages.page(FORECAST_TOOL)
        again = await pages.page(FORECAST_TOOL)  # still not ready: the same page, nothing made anew
        assert not pages.cached(FORECAST_TOOL) and calls == [] and landed.empty()
        gate.set()
        name, made, changed = await asyncio.wait_for(landed.get(), 30)
        served = await pages.page(FORECAST_TOOL)
        stored = await store.generation(pages.key(FORECAST_TOOL))
        other = await pages.page(OTHER_TOOL)  # the model ready: a first page waits for it, no interim
        return first, again, (name, made, changed), served, stored, other

    first, again, (name, made, changed), served, stored, other = run_async(scenario())
    assert first.interim and again is first
    assert first.generation["layout"] == "heuristic" and first.generation["reasons"] == {"*": MODEL_NOT_READY}
    assert b"The model&#x27;s title" not in first.page and b"The model's title" not in first.page
    assert name == "forecast" and changed and not made.interim and made.generation["layout"] == "llm"
    assert served.cached and served.page == made.page and served.page != first.page
    assert stored is not None and stored["spec"]["title"] == "The model's title"
    assert not other.interim and other.generation["layout"] == "llm"
    assert len(calls) == 2  # one per tool: the interim page asked the model nothing


def test_without_a_key_a_page_is_never_interim():
    pages = PageStore(LLMSettings(api_key=None), cache=PageCache())
    made = run_async(pages.page(FORECAST_TOOL))
    assert not made.interim and made.generation["layout"] == "heuristic"
    assert made.generation["reasons"] != {"*": MODEL_NOT_READY}


# ------------------------------------------------------------------ the real proxy over stdio

GATED_SDK = """
import importlib.abc, importlib.machinery, os, runpy, sys, time

class HoldTheSDK(importlib.abc.MetaPathFinder):
    # ``import anthropic`` runs the real module once the gate file exists; until then it waits, as
    # a slow import does: in the importing thread, holding only that module's lock (a finder runs
    # under the global import lock, so the wait is in the loader)
    def find_spec(self, name, path=None, target=None):
        if name != "anthropic":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            while not os.path.exists(os.environ["SDK_GATE"]):
                time.sleep(0.01)
            run(module)

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, HoldTheSDK())
sys.argv = ["compile-ui", *sys.argv[1:]]
runpy.run_module("compiler", run_name="__main__")
"""


def test_the_proxy_serves_the_heuristic_page_while_the_sdk_imports_and_tells_the_host_when_the_model_page_lands(tmp_path):
    with fake_model(layout_answer({"title": "The model's title"})) as model:
        the_heuristic_page_first_then_the_models(tmp_path, model)


def the_heuristic_page_first_then_the_models(tmp_path, model: FakeModel) -> None:
    gate = tmp_path / "sdk-gate"
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env = {**clean, "ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": model.url, "SDK_GATE": str(gate)}
    upstream = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
    process = subprocess.Popen([sys.executable, "-c", GATED_SDK, "proxy", "--no-cache", "--", *upstream], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()

    def send(message: dict) -> None:
        process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        process.stdin.flush()

    def until(accept) -> dict:
        while True:
            # a bound against a hang (a page waiting on the held SDK never comes), not a timing:
            # once the gate opens, the SDK's import alone took over 15 s with CPU burners beside it
            message = json.loads(lines.get(timeout=120))
            if accept(message):
                return message

    def read(n: int, uri: str) -> str:
        send({"id": n, "method": "resources/read", "params": {"uri": uri}})
        return until(lambda m: m.get("id") == n)["result"]["contents"][0]["text"]

    try:
        send({"id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "clientInfo": {"name": "t", "version": "1"},
              "capabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}}})
        until(lambda m: m.get("id") == 0)
        send({"method": "notifications/initialized"})
        first = read(1, "ui://compile-ui/echo")  # the SDK is held at the gate: this page cannot wait for it
        assert first.lower().startswith("<!doctype html>") and "The model" not in first and model.calls == []
        gate.touch()
        updated = until(lambda m: m.get("method") == "notifications/resources/updated")
        assert updated["params"] == {"uri": "ui://compile-ui/echo"}
        assert "The model" in read(2, "ui://compile-ui/echo") and model.calls
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert b"fell back" not in stderr, stderr.decode()[-2000:]
