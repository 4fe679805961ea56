"""A gallery of result views: every field-corpus recording and every demo tool, rendered in headless
Chromium under the official AppBridge (tests/harness/apphost.py), light and dark, 380 and 900 px wide.

    .venv/bin/python scripts/gallery.py [FILTER]     PNGs in out/gallery/ (git-ignored)

Besides the single pictures, out/gallery/sheets/<name>.png puts the four of one result side by
side (light above dark, 380 px left of 900 px) for looking at them together.

FILTER keeps only the names that contain it. The demo tools are called over stdio on the demo
server (``python -m compiler.demo.server``) with fixed arguments; the field recordings are the
files in fixtures/field/ and, named pending__…, those in fixtures/field-pending/ that today's
views show wrongly (see scripts/record_field.py). Each picture is the app frame at its own
reported height. Look at them: a few chosen ones are copied to docs/ by hand.

Last, it checks every field recording (of the FILTER) for values in reach (tests/harness/reach.py: every
scalar shown as a person reads it, in the default view or one click away), prints the figure and
the worst recordings, and writes them to out/gallery/reach.txt.
"""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parent.parent
# This checkout's code, not an installed copy (a worktree may share another checkout's venv).
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from compiler.pipeline import build_page  # noqa: E402
from harness import reach  # noqa: E402
from harness.apphost import Browser  # noqa: E402

OUT = ROOT / "out" / "gallery"
FIELD = ROOT / "fixtures" / "field"
PENDING = ROOT / "fixtures" / "field-pending"  # shown wrongly today: see its README.md
PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
DEMO_CALLS = {
    "forecast": {"city": "Oslo", "days": 5},
    "tasks_list": {},
    "task_create": {"title": "Write the gallery", "priority": "high", "due": "2026-11-30"},
    "task_update": {"id": 1, "done": True},
    "task_delete": {"id": 2},
    "search_records": {"query": "", "limit": 5},
    "chart_image": {},
    "slow_job": {"seconds": 0.2},
    "failing_tool": {},
}


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda o: o.model_dump(by_alias=True, mode="json", exclude_none=True)))


async def demo_results() -> list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(name, tool, result, arguments) for every demo tool, called on the demo server over stdio."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "compiler.demo.server"], cwd=str(ROOT))
    out = []
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            for tool in tools:
                definition = tool.model_dump(by_alias=True, mode="json", exclude_none=True)
                schema = definition.get("inputSchema", {}).get("properties", {})
                args = {k: v for k, v in DEMO_CALLS.get(tool.name, {}).items() if k in schema}
                result = await session.call_tool(tool.name, args)
                out.append((f"demo__{tool.name}", definition, _plain(result.model_dump(by_alias=True, mode="json", exclude_none=True)), args))
    return out


def field_results() -> list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(name, tool, result, arguments) for every recording: field__… and, beside them, pending__…"""
    out = []
    for prefix, folder in (("field", FIELD), ("pending", PENDING)):
        for path in sorted(folder.glob("*.json")):
            entry = json.loads(path.read_text(encoding="utf-8"))
            result = entry["result"]
            if "jsonrpcError" in result:  # what a host shows for a JSON-RPC error: an error result
                result = {"content": [{"type": "text", "text": result["jsonrpcError"]["message"]}], "isError": True}
            out.append((f"{prefix}__{path.stem}", entry["tool"] or PLAIN, result, entry.get("arguments") or {}))
    return out


def snap(host, path: Path) -> None:
    """The app frame at its last reported height, after two painted frames at that height."""
    height = host.size_reports[-1]["height"] if host.size_reports else 600
    host.page.set_viewport_size({"width": 1000, "height": max(900, height + 40)})
    host.page.evaluate("(h) => { document.getElementById('app').style.height = h + 'px'; }", height)
    host.frame.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    host.page.locator("iframe#app").screenshot(path=str(path))


def shoot(browser: Browser, name: str, tool: dict[str, Any], result: dict[str, Any], arguments: dict[str, Any]) -> list[Path]:
    """The four pictures of a result, sent as a host sends it: the call's arguments, then the result."""
    html = build_page(tool)
    shots = []
    for theme in ("light", "dark"):
        for width in (380, 900):
            host = browser.new_host(html, host_context={"theme": theme, "locale": "en-GB"}, width=width, height=400)
            try:
                host.wait_initialized()
                if arguments:
                    host.send_tool_input(arguments)
                host.send_tool_result(result)
                host.frame.wait_for_selector("#result .result-body .view")
                host.wait_frames()  # painted, and the size report followed the result
                path = OUT / f"{name}__{theme}-{width}.png"
                snap(host, path)
                shots.append(path)
            finally:
                host.close()
    return shots


def sheet(browser: Browser, name: str, shots: list[Path]) -> Path:
    """The four pictures of one result on one page (light row above dark, 380 then 900 px)."""
    page = browser.context.new_page()
    page.set_viewport_size({"width": 1320, "height": 600})
    try:
        imgs = "".join(
            f'<img src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}">' + ("<br>" if i % 2 else "")
            for i, p in enumerate(shots)
        )
        page.set_content(f"<body style='margin:0;background:#888'><p style='margin:4px;font:14px sans-serif'>{name}</p>{imgs}</body>"
                         "<style>img{vertical-align:top;margin:4px;border:1px solid #444}</style>")
        path = OUT / "sheets" / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    finally:
        page.close()


def main(argv: list[str]) -> int:
    (OUT / "sheets").mkdir(parents=True, exist_ok=True)
    wanted = argv[0] if argv else ""
    items = [i for i in field_results() + anyio.run(demo_results) if wanted in i[0]]
    browser = Browser()
    try:
        for name, tool, result, arguments in items:
            shots = shoot(browser, name, tool, result, arguments)
            print(sheet(browser, name, shots).relative_to(ROOT))
        entries = [(n, e) for n, e in reach.corpus(FIELD) + [("pending__" + n, e) for n, e in reach.corpus(PENDING)] if wanted in n]
        figure = reach.summary(reach.check_corpus(browser, entries), worst=20)
        (OUT / "reach.txt").write_text(figure + "\n", encoding="utf-8")
        print(figure)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
