"""The proxy's command line beyond routing: --version, --log-level for every line, --header and
the config file's headers/cwd/env for upstreams, and the warning when a layout falls back from
the model (against a local endpoint standing in for the API, so the real SDK makes the call)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

from mcp.client.client import Client
from mcp.client.extension import advertise
from mcp.client.stdio import StdioServerParameters

from conftest import ROOT
from harness.asyncutil import port_open, run_async, wait_until
from harness.fake_model import FakeModel, fake_model

UI = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})]
RAW = [sys.executable, str(ROOT / "fixtures" / "servers" / "raw_upstream.py")]


def _proxy(*args: str, env: dict | None = None) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", *args], cwd=str(ROOT), env=env)


def test_version():
    from importlib.metadata import version

    for argv in (["--version"], ["proxy", "--version"]):
        done = subprocess.run([sys.executable, "-m", "compiler", *argv], capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert done.returncode == 0 and done.stdout.strip() == f"compile-ui {version('compile-ui')}"


def test_log_level_applies_to_every_line_from_start_up():
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    outputs = {}
    for level in ("info", "warning"):
        proxy = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--log-level", level, "--", *RAW],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        proxy.stdin.write(json.dumps(init).encode() + b"\n")
        proxy.stdin.flush()
        assert json.loads(proxy.stdout.readline())["id"] == 0
        proxy.stdin.close()
        outputs[level] = proxy.stderr.read().decode()
        proxy.wait(20)
    assert "INFO" in outputs["info"] and "proxy ready" in outputs["info"]
    assert outputs["warning"].strip() == ""


def test_header_reaches_an_http_upstream_and_bad_headers_are_exit_2(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    record = tmp_path / "seen"
    upstream = subprocess.Popen([sys.executable, str(ROOT / "fixtures" / "servers" / "header_upstream.py"), str(port), str(record)],
                                cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        wait_until(lambda: port_open(port))
        config = tmp_path / "proxy.json"
        config.write_text(json.dumps({"upstreamUrl": f"http://127.0.0.1:{port}/mcp", "headers": {"X-Other": "1"}}))

        async def scenario():
            params = _proxy("--no-cache", "--config", str(config), "--header", "Authorization: Bearer s3cret")
            async with Client(params, mode="legacy", extensions=UI) as client:
                return await client.call_tool("add", {"a": 1, "b": 2})

        added = run_async(scenario())
    finally:
        upstream.terminate()
        upstream.wait(10)
    assert added.structured_content["sum"] == 3
    seen = record.read_text().split("\n")
    assert "Bearer s3cret" in seen and "-" not in [line for line in seen if line]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"upstreamUrl": "http://127.0.0.1:1/mcp", "headers": {"Bad Name": "x"}}))
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--config", str(bad)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and f"{bad}#/headers" in done.stderr
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--header", "no colon", "--upstream-url", "http://x/mcp"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "--header" in done.stderr


def test_cwd_and_env_for_a_stdio_upstream(tmp_path):
    (tmp_path / "marker.txt").write_text("here")
    script = tmp_path / "where.py"
    script.write_text(f"import os, sys, runpy; open('seen', 'w').write(os.getcwd() + '|' + os.environ.get('ERA_TEST', '')); "
                      f"sys.argv = [{str(RAW[1])!r}]; runpy.run_path({str(RAW[1])!r}, run_name='__main__')")
    config = tmp_path / "proxy.json"
    config.write_text(json.dumps({"command": [sys.executable, str(script)], "cwd": str(tmp_path), "env": {"ERA_TEST": "yes"}}))

    async def scenario():
        async with Client(_proxy("--no-cache", "--config", str(config)), mode="2026-07-28", extensions=UI) as client:
            return await client.call_tool("echo", {"m": 1})

    echo = run_async(scenario())
    assert json.loads(echo.content[0].text)["arguments"] == {"m": 1}
    assert (tmp_path / "seen").read_text() == f"{tmp_path}|yes"


def test_a_model_fallback_is_a_warning_with_the_reason_and_status_shows_it(tmp_path):
    refusal = {"type": "error", "error": {"type": "invalid_request_error", "message": "refused by the test"}}
    with fake_model(refusal, status=400) as model:
        a_fallback_is_warned_and_shown(tmp_path, model)


def a_fallback_is_warned_and_shown(tmp_path, model: FakeModel) -> None:
    key = "sk-ant-test-key-never-logged"
    env = {**os.environ, "ANTHROPIC_API_KEY": key, "ANTHROPIC_BASE_URL": model.url}
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}}
    read = {"jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": "ui://compile-ui/echo", "_meta": meta}}
    with (tmp_path / "stderr").open("w") as errlog:
        proxy = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *RAW], env=env,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errlog, cwd=ROOT)
        asked = iter(range(2, 10_000))

        def ask_status() -> dict:
            n = next(asked)
            request = {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": "_ui_status", "arguments": {}, "_meta": meta}}
            proxy.stdin.write(json.dumps(request).encode() + b"\n")
            proxy.stdin.flush()
            while (answer := json.loads(proxy.stdout.readline())).get("id") != n:
                pass  # a notification (resources/updated, list_changed) before the answer
            return answer["result"]["structuredContent"]

        try:
            proxy.stdin.write(json.dumps(read).encode() + b"\n")
            proxy.stdin.flush()
            answers = [json.loads(proxy.stdout.readline())]
            # a page asked while the SDK still loads is served at once (the heuristic's), and the
            # model is asked behind it: its refusal is noted when it comes
            answers.append({"result": {"structuredContent": wait_until(lambda: (s := ask_status())["modelFallbacks"] and s)}})
        finally:
            proxy.stdin.close()
            proxy.wait(20)
    err = (tmp_path / "stderr").read_text()
    page, status = answers[0]["result"]["contents"][0]["text"], answers[1]["result"]["structuredContent"]
    assert page.lower().startswith("<!doctype html>")
    assert "WARNING layout for echo fell back from the model to the heuristic" in err
    assert key not in err
    assert status["modelConfigured"] and status["modelFallbacks"] == 1 and status["lastModelFailure"]["tool"] == "echo"
    assert status["lastModelFailure"]["reason"] in err
