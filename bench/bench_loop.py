"""Closing the loop with the model (issue 16), measured end to end with the real pieces:

    python bench/bench_loop.py [--renders N]

* ``_ui_render``: from the user's click on the question's submit button to the pending
  ``_ui_render`` call returning at the client — the official ``mcp`` client (2026-07-28) calling
  through ``compile-ui proxy`` (stdio) in front of the fixture server, the ask page in the official
  AppBridge host in Chromium, the page's ``_ui_view``/``_ui_respond`` calls relayed by the host to
  the same client. p50/p95 over N renders (default 50).
* ``ui/update-model-context``: the payload the page sends after a run, for every recorded field
  result (``fixtures/field/``, real servers' results): its size in bytes, beside the result's own.

Needs Chromium (/usr/bin/chromium) and ``npm ci`` in tests/js (the AppBridge host bundle).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Coroutine
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "browser")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mcp.client.client import Client  # noqa: E402
from mcp_types import CallToolResult, TextResourceContents  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from compiler.pipeline import compile, make_page  # noqa: E402
from harness.apphost import AppHost, Browser  # noqa: E402
from proxy.test_proxy_browser import BackgroundSession  # noqa: E402  (the official client on a loop of its own)

FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
FIELD = ROOT / "fixtures" / "field"
CONTEXT_HOST: dict[str, Any] = {"updateModelContext": {"text": {}, "structuredContent": {}}, "message": {"text": {}}, "serverTools": {}}


def dumped(result: BaseModel) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


def render(client: Client, arguments: dict[str, Any]) -> Coroutine[Any, Any, CallToolResult]:
    return client.call_tool("_ui_render", arguments)


def ran(host: AppHost) -> Any:
    """The model's context updated after the run, or the form's status (it refused the arguments)."""
    return host.contexts or host.frame.inner_text("form .status")


def click_to_answer(browser: Browser, renders: int) -> dict[str, Any]:
    session = BackgroundSession(FIXTURE, "2026-07-28")
    try:
        shown = session.call(lambda c: c.read_resource("ui://compile-ui/_ui_render")).contents[0]
        assert isinstance(shown, TextResourceContents), shown
        page = shown.text
        on_call = lambda name, arguments: dumped(session.call(lambda c: c.call_tool(name, arguments)))  # noqa: E731
        host = browser.load(page, on_call_tool=on_call)
        samples = []
        for i in range(renders + 3):  # the first three warm up
            arguments = {"tree": {"type": "Form", "id": "f", "props": {"submitLabel": "Send"}, "children": [
                {"type": "TextField", "id": "name", "props": {"bind": "/name", "label": "Name", "required": True}}]},
                "title": f"Question {i}", "timeoutSeconds": 120}
            pending = session.start(partial(render, arguments=arguments))
            if i:
                host.reload(page)
            host.wait_initialized()
            host.send_tool_input(arguments)
            field = host.frame.locator('[data-id="name"] input')
            field.wait_for(state="visible", timeout=30_000)
            field.fill(f"user {i}")
            start = time.perf_counter()
            host.frame.click("[data-action=submit]")
            result = pending.result(60)
            took = (time.perf_counter() - start) * 1000
            assert result.structured_content["values"] == {"name": f"user {i}"}, result
            if i >= 3:
                samples.append(took)
        samples.sort()
        return {"renders": len(samples), "p50_ms": statistics.median(samples), "p95_ms": samples[int(0.95 * (len(samples) - 1))]}
    finally:
        session.close()


def context_sizes(browser: Browser) -> list[dict[str, Any]]:
    rows = []
    host = None
    current: dict[str, Any] = {}  # the recording being replayed: the host's tools/call answers with its result
    for path in sorted(FIELD.glob("*.json")):
        recording = json.loads(path.read_text())
        tool, result = recording["tool"], recording["result"]
        made = make_page(compile(tool))
        if host is None:
            host = browser.load(made.html, on_call_tool=lambda name, arguments: current["result"], host_capabilities=CONTEXT_HOST)
        else:
            host.reload(made.html, host_capabilities=CONTEXT_HOST)
        assert host is not None
        current["result"] = result
        host.wait_initialized()
        host.send_tool_input(recording.get("arguments") or {})
        host.frame.click("[data-action=submit]")
        try:
            host.wait_until(partial(ran, host), timeout=30)
        except TimeoutError:
            raise RuntimeError(f"{path.name}: no update-model-context after the run ({host.calls=})") from None
        if not host.contexts:  # the form refused the recorded arguments (an error-path recording): no run
            rows.append({"recording": path.stem, "refused_by_the_form": host.frame.inner_text("form .status")})
            continue
        payload = host.contexts[-1]
        rows.append({"recording": path.stem, "result_bytes": len(json.dumps(result)), "context_bytes": len(json.dumps(payload))})
    return rows


def measure(quick: bool = False, renders: int = 50) -> dict[str, Any]:
    """For ``bench/report.py``: the summary and the raw figures."""
    browser = Browser()
    try:
        loop = click_to_answer(browser, 10 if quick else renders)
        sizes = context_sizes(browser)
    finally:
        browser.close()
    ran = [r for r in sizes if "context_bytes" in r]
    context = [r["context_bytes"] for r in ran]
    largest = max(ran, key=lambda r: r["result_bytes"])
    summary = {
        f"_ui_render: click to result at the client, p50 over {loop['renders']} renders (ms)": round(loop["p50_ms"], 1),
        "_ui_render: click to result, p95 (ms)": round(loop["p95_ms"], 1),
        f"ui/update-model-context payload over {len(ran)} field results ({len(sizes) - len(ran)} refused by the form): median (bytes)": int(statistics.median(context)),
        "ui/update-model-context payload: largest (bytes)": max(context),
        f"largest field result ({largest['recording']}, {largest['result_bytes']} bytes): its payload (bytes)": largest["context_bytes"],
    }
    return {"summary": summary, "click_to_result": loop, "context_sizes": sizes}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=50)
    args = parser.parse_args()
    print(json.dumps(measure(renders=args.renders), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
