"""``compile-ui demo`` / ``compile-ui preview`` in Chromium: the preview host lists the tools,
shows a tool's app, runs it, logs the call, switches theme, and hosts an official example app."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from conftest import ROOT

VANILLA = ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-basic-vanillajs" / "dist" / "index.js"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(args: list[str]):
    process = subprocess.Popen([sys.executable, "-m", "compiler", *args, "--no-browser", "--port", str(free_port())] if args[0] == "demo"
                               else [sys.executable, "-m", "compiler", args[0], "--no-browser", "--port", str(free_port()), *args[1:]],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    return process, url


@pytest.fixture
def demo():
    process, url = start(["demo"])
    yield url
    process.terminate()
    process.wait(15)


@pytest.mark.browser
def test_demo_lists_tools_runs_one_logs_it_and_switches_theme(browser, demo):
    page = browser.context.new_page()
    try:
        page.goto(demo)
        page.wait_for_selector('[data-tool="forecast"]', timeout=30000)
        names = page.eval_on_selector_all("#tools button", "bs => bs.map(b => b.dataset.tool)")
        assert {"forecast", "tasks_list", "search_records", "chart_image", "slow_job", "failing_tool"} <= set(names)
        page.click('[data-tool="forecast"]')
        app = page.frame_locator("#app")
        app.locator('[data-id="f:/city"] input').fill("Bergen")
        app.locator("[data-action=submit]").click()
        app.get_by_text("Bergen", exact=True).last.wait_for(timeout=20000)  # the result's city
        log = page.inner_text("#log")
        assert "tools/call forecast" in log and "ui/initialize" in log
        before = app.locator("body").evaluate("b => getComputedStyle(b).backgroundColor")
        page.select_option("#theme", "dark")
        after = before
        for _ in range(50):  # the app restyles when host-context-changed arrives
            page.wait_for_timeout(100)
            after = app.locator("body").evaluate("b => getComputedStyle(b).backgroundColor")
            if after != before:
                break
        assert before != after
        assert "host-context-changed" in page.inner_text("#log")
        page.wait_for_selector("#tree details", state="attached", timeout=10000)
        assert "Form" in page.text_content("#tree") and "/days" in page.text_content("#spec")
    finally:
        page.close()


@pytest.mark.browser
def test_the_official_example_app_runs_in_the_preview_host(browser):
    process, url = start(["preview", "--", "node", str(VANILLA), "--stdio"])
    page = browser.context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("#tools button", timeout=30000)
        page.click("#tools button")
        page.wait_for_function("() => document.getElementById('log').textContent.includes('ui/notifications/initialized')", timeout=20000)
        assert "own app" in page.inner_text("#tools")
    finally:
        page.close()
        process.terminate()
        process.wait(15)


def test_preview_of_a_file_answers_from_recordings_or_says_there_is_none():
    import json
    import urllib.request

    corpus = ROOT / "fixtures" / "corpus"
    process, url = start(["preview", "--results", str(corpus / "results"), str(corpus / "tools" / "everything.json")])

    def post(path: str, body: dict) -> dict:
        request = urllib.request.Request(url + path, json.dumps(body).encode(), {"content-type": "application/json", "x-compile-ui": "1"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)

    try:
        with urllib.request.urlopen(url + "api/tools", timeout=60) as response:
            listing = json.load(response)
        assert listing["server"]["name"] == "recorded:everything.json"
        assert "get-sum" in [t["name"] for t in listing["tools"]]
        recorded = post("api/call", {"name": "get-sum", "arguments": {"a": 2, "b": 3}})["result"]
        assert recorded["content"][0]["text"] == "The sum of 2 and 3 is 5."
        missing = post("api/call", {"name": "get-env", "arguments": {}})["result"]
        assert missing["isError"] and "No recorded result for get-env" in missing["content"][0]["text"]
        with urllib.request.urlopen(url + "app/get-sum", timeout=60) as response:
            assert response.read()[:15].lower() == b"<!doctype html>"
    finally:
        process.terminate()
        process.wait(15)


@pytest.mark.parametrize("call", [
    {"name": "hang", "arguments": {}},  # a tool that never answers
    # the page's question poll, sent a second into any run still going: the proxy holds it 25 s
    {"name": "_ui_question", "arguments": {"token": "a" * 32, "tool": "add", "timeoutSeconds": 25}},
], ids=["hang", "question-poll"])
def test_sigterm_ends_the_preview_while_a_call_is_in_flight(call):
    # uvicorn's graceful shutdown waited for every request in flight, without end: the demo's
    # teardown once saw no exit within 15 s of SIGTERM (a page's poll under load)
    import json
    import urllib.request

    process, url = start(["preview", "--", sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")])
    host = url.split("/")[2]
    body = json.dumps(call).encode()
    pending = socket.create_connection(("127.0.0.1", int(host.split(":")[1])))
    try:
        pending.sendall(b"POST /api/call HTTP/1.1\r\nHost: " + host.encode() + b"\r\ncontent-type: application/json\r\n"
                        b"x-compile-ui: 1\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        # a request sent after it and answered: the server has read the call (both bytes were
        # there when the listing's were read; the listing takes a round trip to the proxy)
        with urllib.request.urlopen(url + "api/tools", timeout=60) as response:
            assert response.status == 200
        process.terminate()
        process.wait(10)  # raises TimeoutExpired while the call holds the server
        pending.settimeout(10)
        assert b"200 OK" not in pending.recv(4096)  # the call was given up, not answered
    finally:
        pending.close()
        if process.poll() is None:
            process.kill()
            process.wait(5)
