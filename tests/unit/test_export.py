"""``compile-ui export`` over the demo server (stdio, and HTTP through compile-ui's own proxy) and
over a FILE: one page per tool, the manifest, nothing rewritten when nothing changed, a changed
tool rewritten alone, a removed tool's page removed, unusable input refused with exit 2."""

from __future__ import annotations

import hashlib
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.pipeline import build_page
from conftest import FIXTURES, ROOT
from harness.asyncutil import port_open, run_async, wait_until
from runtime_js import RUNTIME_VERSION

DEMO = ["--", sys.executable, "-m", "compiler.demo.server"]


def export(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler", "export", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def snapshot(directory: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted(directory.iterdir())}


def demo_tools() -> list[dict]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def listing():
        params = StdioServerParameters(command=sys.executable, args=["-m", "compiler.demo.server"], cwd=str(ROOT))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in (await session.list_tools()).tools]

    return run_async(listing())  # Playwright's loop may be running in this thread (asyncutil)


def test_export_over_the_demo_server_writes_every_page_and_the_manifest(tmp_path):
    out = tmp_path / "apps"
    result = export(str(out), *DEMO)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["runtimeVersion"] == RUNTIME_VERSION and manifest["mimeType"] == "text/html;profile=mcp-app"
    tools = {t["name"]: t for t in demo_tools()}
    assert set(manifest["tools"]) == set(tools)
    for name, entry in manifest["tools"].items():
        page = (out / entry["file"]).read_bytes()
        assert entry["uri"] == f"ui://compile-ui/{name}" and entry["layout"] == "heuristic"
        assert entry["sha256"] == hashlib.sha256(page).hexdigest()
        assert page == build_page(tools[name], asks=False, tools=list(tools.values())).encode()  # the pipeline's page (its list: leads, pickers), every module inline but the questions
    assert sorted(p.name for p in out.iterdir()) == sorted([*(e["file"] for e in manifest["tools"].values()), "manifest.json"])
    assert f"{len(tools)} written, 0 unchanged" in result.stderr

    before = snapshot(out)
    again = export(str(out), *DEMO)
    assert again.returncode == 0 and f"0 written, {len(tools)} unchanged, 0 removed; manifest unchanged" in again.stderr
    assert snapshot(out) == before  # not one file touched


def test_a_changed_tool_is_rewritten_alone_and_a_removed_one_is_removed(tmp_path):
    tools = json.loads((FIXTURES / "tools" / "with_output.json").read_text())
    tools = [tools, {"name": "other", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}]
    source, out = tmp_path / "tools.json", tmp_path / "apps"
    source.write_text(json.dumps(tools))
    assert export(str(out), str(source)).returncode == 0
    before = snapshot(out)
    (out / "unrelated.html").write_text("mine")
    tools[1]["description"] = "Now with a description."
    source.write_text(json.dumps(tools))
    result = export(str(out), str(source))
    assert "1 written, 1 unchanged, 0 removed; manifest written" in result.stderr, result.stderr
    after = snapshot(out)
    assert after[f"{tools[0]['name']}.html"] == before[f"{tools[0]['name']}.html"]
    assert after["other.html"] != before["other.html"] and b"Now with a description." in after["other.html"][1]
    source.write_text(json.dumps(tools[:1]))
    result = export(str(out), str(source))
    assert "0 written, 1 unchanged, 1 removed" in result.stderr
    assert not (out / "other.html").exists() and (out / "unrelated.html").read_text() == "mine"
    assert list(json.loads((out / "manifest.json").read_text())["tools"]) == [tools[0]["name"]]


def test_the_manifest_uri_is_the_librarys_resource_uri(tmp_path):
    import compile_ui

    source = tmp_path / "tools.json"
    source.write_text(json.dumps([{"name": "a b/c"}]))
    assert export(str(tmp_path / "apps"), str(source)).returncode == 0
    [entry] = json.loads((tmp_path / "apps" / "manifest.json").read_text())["tools"].values()
    assert entry["uri"] == compile_ui.resource_uri({"name": "a b/c"}) == "ui://compile-ui/a%20b%2Fc"


def test_tools_with_their_own_app_are_left_out(tmp_path):
    source = tmp_path / "tools.json"
    source.write_text(json.dumps([{"name": "plain"}, {"name": "own", "_meta": {"ui": {"resourceUri": "ui://own/app"}}}]))
    result = export(str(tmp_path / "apps"), str(source))
    assert result.returncode == 0 and "own: brings its own app (ui://own/app), not exported" in result.stderr
    assert list(json.loads((tmp_path / "apps" / "manifest.json").read_text())["tools"]) == ["plain"]


@pytest.mark.parametrize("args, message", [
    (["{out}", "{bad}"], "bad.json#/tools/1/name: a tool needs a non-empty string 'name'"),
    (["{out}"], "give exactly one source of tools"),
    (["{out}", "{bad}", "--", "x"], "give exactly one source of tools"),
    (["{out}", "--", sys.executable, "-c", "import sys; sys.exit(3)"], "cannot list the upstream's tools"),
])
def test_unusable_input_exits_2_and_writes_nothing(tmp_path, args, message):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"tools": [{"name": "ok"}, {"name": ""}]}))
    out = tmp_path / "apps"
    result = export(*[a.format(out=out, bad=bad) for a in args])
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not out.exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_export_over_http(tmp_path):
    """The demo behind compile-ui's own proxy, served over streamable HTTP: export is not a host,
    so the proxy shows it the upstream's plain tools and it makes their pages itself."""
    port = free_port()
    proxy = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--serve", "http", "--port", str(port), *DEMO],
                             cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: port_open(port) or proxy.poll() is not None, 60)  # until it accepts connections
        out = tmp_path / "apps"
        result = export(str(out), "--upstream-url", f"http://127.0.0.1:{port}/mcp")
        assert result.returncode == 0, result.stderr
        assert "forecast" in json.loads((out / "manifest.json").read_text())["tools"]
    finally:
        proxy.terminate()
        proxy.wait(15)
