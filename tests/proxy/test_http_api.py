"""The plain JSON API beside ``/mcp`` (``compile-ui proxy --serve http``): tools listed and
called with curl-like requests, and the long poll of user answers and app-started runs. The
proxy is a real subprocess in front of the SDK fixture server; requests are plain HTTP."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from harness.asyncutil import run_async, wait_until
from proxy.test_ask import FORM
from proxy.test_proxy_eras import UPSTREAMS, HttpProxy, host

FIXTURE = UPSTREAMS["fixture"]


def http(proxy: HttpProxy, method: str, path: str, body=None, headers=None, timeout=30) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(proxy.url.removesuffix("/mcp") + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


@pytest.fixture(scope="module")
def api():
    proxy = HttpProxy(FIXTURE)
    yield proxy
    proxy.close()


def test_tools_are_listed_and_called_as_json(api):
    status, listed = http(api, "GET", "/api/tools")
    assert status == 200
    tools = {t["name"]: t for t in listed["tools"]}
    assert {"echo", "_ui_render", "_ui_respond", "_ui_status"} <= set(tools)
    assert tools["echo"]["_meta"]["ui"]["resourceUri"] == "ui://compile-ui/echo"

    status, result = http(api, "POST", "/api/tools/echo", {"message": "over plain HTTP"})
    assert status == 200 and result["content"][0]["text"] == "over plain HTTP"

    status, status_tool = http(api, "POST", "/api/tools/_ui_status", {})
    assert status == 200 and status_tool["structuredContent"]["upstreamState"] == "running"


def test_no_cors_header_is_ever_sent(api):
    for method, path, body in (("GET", "/api/tools", None), ("POST", "/api/tools/echo", {"message": "x"}), ("OPTIONS", "/api/tools", None)):
        request = urllib.request.Request(api.url.removesuffix("/mcp") + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json", "Access-Control-Request-Method": "POST"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                headers = response.headers
        except urllib.error.HTTPError as error:
            headers = error.headers
        assert not [h for h in headers if h.lower().startswith("access-control-")], (method, path, dict(headers))


def test_bad_requests_get_clear_answers(api):
    assert http(api, "POST", "/api/tools/echo", [1, 2])[0] == 400
    assert http(api, "GET", "/api/tools/echo")[0] == 405
    assert http(api, "GET", "/api/nothing")[0] == 404
    status, body = http(api, "GET", "/api/events?timeout=61")
    assert status == 400 and "60" in body["error"]
    status, result = http(api, "POST", "/api/tools/no_such_tool", {})
    assert status in (200, 404) and ("isError" in json.dumps(result) or "error" in result)


def test_an_odd_body_is_read_by_the_hosts_door(api):
    """A JSON API body is read as a host's line is (``codecs/jsonline.py``): bounded, repaired."""
    def post(raw: bytes) -> tuple[int, object]:
        request = urllib.request.Request(api.url.removesuffix("/mcp") + "/api/tools/echo", data=raw, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    status, body = post(b'{"message": ' + b"[" * 50_000 + b"]" * 50_000 + b"}")
    assert status == 400 and body == {"error": "the body nests deeper than 512 levels"}
    status, result = post(b'{"message": "a\\ud800b"}')
    assert status == 200 and result["content"][0]["text"] == "a\ufffdb"
    assert http(api, "POST", "/api/tools/echo", {"message": "next"})[1]["content"][0]["text"] == "next"


def test_the_long_poll_returns_answers_and_app_started_runs_as_they_happen(api):
    _, start = http(api, "GET", "/api/events?after=0&timeout=0")
    after = start["latest"]
    polled: dict = {}
    poller = threading.Thread(target=lambda: polled.update(result=http(api, "GET", f"/api/events?after={after}&timeout=20")))
    poller.start()

    arguments = {"tree": FORM, "wait": False}
    status, started = http(api, "POST", "/api/tools/_ui_render", arguments)
    assert status == 200
    render_id = started["structuredContent"]["renderId"]
    _, view = http(api, "POST", "/api/tools/_ui_view", {"arguments": arguments})
    assert view["structuredContent"]["renderId"] == render_id
    _, sent = http(api, "POST", "/api/tools/_ui_respond", {"renderId": render_id, "action": "submit", "values": {"name": "Ada"}})
    assert sent["content"][0]["text"] == "Sent."
    poller.join(30)
    status, events = polled["result"]
    assert status == 200
    (answer,) = [e for e in events["events"] if e["kind"] == "answer"]
    assert answer["renderId"] == render_id and answer["values"] == {"name": "Ada"} and answer["seq"] > after

    async def app_run():  # a run a person starts from a page, through an MCP host
        async with host(api.url, "2026-07-28") as client:
            await client.call_tool("echo", {"message": "from the page"}, meta={"compile-ui/app": True})
            await client.call_tool("echo", {"message": "from the model"})

    run_async(app_run())
    _, later = http(api, "GET", f"/api/events?after={events['next']}&timeout=5")
    runs = [e for e in later["events"] if e["kind"] == "run"]
    assert runs and runs[-1]["tool"] == "echo" and runs[-1]["arguments"] == {"message": "from the page"} and runs[-1]["isError"] is False
    assert all(e["arguments"] != {"message": "from the model"} for e in runs)


def test_an_empty_poll_waits_its_timeout_and_says_where_it_is(api):
    _, now = http(api, "GET", "/api/events?after=0&timeout=0")
    status, empty = http(api, "GET", f"/api/events?after={now['latest']}&timeout=0.5")
    assert status == 200 and empty["events"] == [] and empty["next"] == now["latest"]


def test_a_token_is_required_when_set_and_no_other_site_may_call():
    proxy = HttpProxy(FIXTURE, "--token", "s3cret-token")
    try:
        assert http(proxy, "GET", "/api/tools")[0] == 401
        assert http(proxy, "GET", "/api/tools", headers={"Authorization": "Bearer wrong"})[0] == 401
        assert http(proxy, "GET", "/api/events?timeout=0", headers={"Authorization": "Bearer wrong"})[0] == 401
        good = {"Authorization": "Bearer s3cret-token"}
        assert http(proxy, "GET", "/api/tools", headers=good)[0] == 200
        status, _ = http(proxy, "POST", "/api/tools/echo", {"message": "x"}, headers={**good, "Origin": "https://evil.example"})
        assert status == 403
        assert http(proxy, "POST", "/api/tools/echo", {"message": "x"}, headers=good)[0] == 200
    finally:
        log = proxy.close()
    assert "s3cret-token" not in log


def test_an_idle_handshake_session_is_closed_and_an_active_one_is_not(tmp_path):
    config = tmp_path / "proxy.json"
    config.write_text(json.dumps({"sessionIdleSeconds": 1.5}))
    proxy = HttpProxy(FIXTURE, "--config", str(config))
    base = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}

    def post(body: dict, session: str | None = None) -> tuple[int, dict]:
        headers = {**base, **({"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-11-25"} if session else {})}
        request = urllib.request.Request(proxy.url, data=json.dumps(body).encode(), method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, {}

    def session() -> str:
        status, headers = post({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "idle", "version": "1"}}})
        assert status == 200
        return headers["mcp-session-id"]

    logged: list[str] = []  # the proxy's log, line by line as it comes

    def read_log() -> None:
        for line in proxy.process.stderr:
            logged.append(line.decode())

    def closed(session_id: str) -> bool:
        return any(f"host session {session_id[:8]} closed after" in line for line in logged)

    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    try:
        threading.Thread(target=read_log, daemon=True).start()
        idle, busy = session(), session()
        assert post(listing, idle)[0] == 200
        # the other session used all along (at each look) until the idle one is closed (the bound
        # is 1.5 s, swept every 0.4 s): the proxy's own clock, in its process, is what passes
        assert wait_until(lambda: post(listing, busy)[0] == 200 and closed(idle), 20), logged
        assert post(listing, idle)[0] == 404
        assert post(listing, busy)[0] == 200 and not closed(busy)
    finally:
        proxy.close()
