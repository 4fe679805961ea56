"""Handshake-era streamable-HTTP sessions served by the proxy's own driver (``http_host.Session``),
read at the HTTP level with a raw client, against a real ``compile-ui proxy --serve http`` in front
of the ``mcp`` 2.x fixture upstream: what the transport's spec (2025-11-25, "Streamable HTTP")
asks of a server, and what the official clients rely on.

- an answer with nothing before it is one ``application/json`` body; progress first makes the
  response a stream of server-sent events, the answer last;
- a question from the upstream while the host has no GET stream open comes on the stream of the
  request in flight; with a GET stream open, there; the host's answer (a POST of a response) is
  accepted with 202 and the call completes;
- one GET stream per session (409), ``DELETE`` ends the session (later requests: 404), a
  client gone mid-call cancels the call upstream;
- the transport's header checks: 406 without both media types, 415 without JSON, 405 otherwise.
"""

from __future__ import annotations

import asyncio
import json
import os

import httpx2
import pytest

from harness.asyncutil import eventually, run_async
from proxy.test_proxy_eras import FIXTURE, HttpProxy

BOTH = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
UI = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    """The proxy, its upstream writing each cancelled ``wait`` call's tag to ``proxy.cancelled``."""
    cancelled = tmp_path_factory.mktemp("cancel") / "cancelled"
    os.environ["CANCEL_FILE"] = str(cancelled)
    try:
        served = HttpProxy(FIXTURE)
    finally:
        del os.environ["CANCEL_FILE"]
    served.cancelled = cancelled
    yield served
    served.close()


async def open_session(http: httpx2.AsyncClient, url: str, capabilities: dict | None = None) -> dict[str, str]:
    """``initialize`` then ``notifications/initialized``: the headers naming the new session."""
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {**UI, **(capabilities or {})},
        "clientInfo": {"name": "raw", "version": "1"}}}
    answer = await http.post(url, json=init, headers=BOTH)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    assert json.loads(answer.text)["result"]["protocolVersion"] == "2025-11-25"
    headers = {**BOTH, "mcp-session-id": answer.headers["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
    done = await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    assert done.status_code == 202
    return headers


def events(text: str) -> list[dict]:
    """The JSON-RPC messages of a server-sent-events body, in order."""
    return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:")]


def call(request_id: int, name: str, arguments: dict, meta: dict | None = None) -> dict:
    params: dict = {"name": name, "arguments": arguments}
    if meta:
        params["_meta"] = meta
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


async def forwarded(http: httpx2.AsyncClient, url: str, headers: dict[str, str]) -> int:
    """How many calls the proxy has in flight upstream (``_ui_status``, in the session of ``headers``)."""
    status = await http.post(url, headers=headers, json=call(99, "_ui_status", {}))
    return json.loads(status.text)["result"]["structuredContent"]["inFlight"]["forward"]


async def until_forwarded(http: httpx2.AsyncClient, url: str, headers: dict[str, str], count: int) -> int:
    """Until at least ``count`` calls are in flight upstream (20 s at most): how many are."""
    return await eventually(lambda: forwarded(http, url, headers), lambda n: n >= count, 20)


def cancelled_tags(proxy) -> list[str]:
    """The tags of the ``wait`` calls the upstream saw cancelled, in order."""
    return proxy.cancelled.read_text().split() if proxy.cancelled.exists() else []


def test_an_answer_with_nothing_before_it_is_one_json_body(proxy):
    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url)
            read = await http.post(proxy.url, headers=headers, json={
                "jsonrpc": "2.0", "id": 1, "method": "resources/read", "params": {"uri": "ui://fixture/app.html"}})
            echo = await http.post(proxy.url, headers=headers, json=call(2, "echo", {"message": "hi"}))
            return headers, read, echo

    headers, read, echo = run_async(scenario())
    assert read.status_code == 200 and read.headers["content-type"] == "application/json"
    assert read.headers["mcp-session-id"] == headers["mcp-session-id"]
    assert json.loads(read.text)["result"]["contents"][0]["uri"] == "ui://fixture/app.html"
    assert echo.headers["content-type"] == "application/json"
    assert json.loads(echo.text) == {"jsonrpc": "2.0", "id": 2, "result": json.loads(echo.text)["result"]}
    assert json.loads(echo.text)["result"]["content"][0]["text"] == "hi"


def test_progress_turns_the_response_into_a_stream_that_ends_with_the_answer(proxy):
    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url)
            return await http.post(proxy.url, headers=headers, json=call(1, "slow", {"steps": 3}, {"progressToken": "p-1"}))

    answer = run_async(scenario())
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/event-stream")
    messages = events(answer.text)
    progress = [m for m in messages if m.get("method") == "notifications/progress"]
    assert progress and all(m["params"]["progressToken"] == "p-1" for m in progress)
    assert messages[-1]["id"] == 1 and "result" in messages[-1]  # the answer closes the stream
    assert [m["params"]["progress"] for m in progress] == sorted(m["params"]["progress"] for m in progress)


def test_a_question_with_no_get_stream_open_comes_on_the_calls_own_stream(proxy):
    """The fixture's ``ask`` tool asks the host (elicitation/create) mid-call: with no GET stream,
    the question rides the call's response, the host POSTs its answer (202), the call completes."""

    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url, {"elicitation": {"form": {}}})
            seen: list[dict] = []
            async with http.stream("POST", proxy.url, headers=headers, json=call(7, "ask", {})) as response:
                content_type = response.headers["content-type"]
                async for line in response.aiter_lines():
                    if not line.startswith("data:"):
                        continue
                    message = json.loads(line[5:])
                    seen.append(message)
                    if message.get("method") == "elicitation/create":
                        answer = {"jsonrpc": "2.0", "id": message["id"],
                                  "result": {"action": "accept", "content": {"name": "Ada"}}}
                        posted = await http.post(proxy.url, headers=headers, json=answer)
                        assert posted.status_code == 202
            return content_type, seen

    content_type, seen = run_async(scenario())
    assert content_type.startswith("text/event-stream")
    assert seen[0]["method"] == "elicitation/create" and seen[0]["params"]["message"] == "Your name?"
    assert seen[-1]["id"] == 7 and seen[-1]["result"]["content"][0]["text"] == "hello Ada (accept)"


def test_with_a_get_stream_open_a_question_goes_there_and_a_second_stream_is_refused(proxy):
    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url, {"elicitation": {"form": {}}})
            listen = {**headers, "accept": "text/event-stream"}
            async with http.stream("GET", proxy.url, headers=listen) as stream:
                assert stream.status_code == 200 and stream.headers["content-type"].startswith("text/event-stream")
                second = await http.get(proxy.url, headers=listen)
                calling = asyncio.ensure_future(http.post(proxy.url, headers=headers, json=call(3, "ask", {})))
                async for line in stream.aiter_lines():
                    if line.startswith("data:"):
                        question = json.loads(line[5:])
                        break
                await http.post(proxy.url, headers=headers, json={
                    "jsonrpc": "2.0", "id": question["id"], "result": {"action": "decline"}})
                answer = await calling
            return second, question, answer

    second, question, answer = run_async(scenario())
    assert second.status_code == 409
    assert question["method"] == "elicitation/create"
    assert answer.headers["content-type"] == "application/json"  # nothing for it came before its answer
    assert json.loads(answer.text)["result"]["content"][0]["text"] == "hello None (decline)"  # the fixture says what it got


def test_delete_ends_the_session(proxy):
    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url)
            deleted = await http.delete(proxy.url, headers=headers)
            after = await http.post(proxy.url, headers=headers, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
            return deleted, after

    deleted, after = run_async(scenario())
    assert deleted.status_code == 200
    assert after.status_code == 404 and json.loads(after.text)["error"]["message"] == "Session not found"


def test_a_client_gone_mid_call_cancels_the_call_upstream(proxy):
    """The fixture's ``wait`` tool runs until cancelled, and then writes its tag where the test reads."""

    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url)
            async with httpx2.AsyncClient(timeout=30) as other:
                waiting = asyncio.ensure_future(other.post(proxy.url, headers=headers, json=call(1, "wait", {"tag": "gone"})))
                during = await until_forwarded(http, proxy.url, headers, 1)
                waiting.cancel()
            await eventually(lambda: cancelled_tags(proxy), lambda tags: "gone" in tags, 20)
            return during, await eventually(lambda: forwarded(http, proxy.url, headers), lambda n: n == 0, 20)

    during, after = run_async(scenario())
    assert during >= 1
    assert "gone" in cancelled_tags(proxy) and after == 0


def test_a_cancelled_call_and_a_call_open_when_its_session_ends_get_no_answer(proxy):
    """The host cancels a call (notifications/cancelled): the upstream's handler is cancelled and
    the call's response ends with no answer (the spec: a cancelled request is not answered), as
    does a call still open when the host ends its session — never a JSON-RPC error for a request
    the host has forgotten (the official Python client fails on one)."""

    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, proxy.url)
            cancelled = asyncio.ensure_future(http.post(proxy.url, headers=headers, json=call(5, "wait", {"tag": "cancelled"})))
            await until_forwarded(http, proxy.url, headers, 1)
            told = await http.post(proxy.url, headers=headers, json={
                "jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5, "reason": "enough"}})
            first = await cancelled
            open_at_end = asyncio.ensure_future(http.post(proxy.url, headers=headers, json=call(6, "wait", {"tag": "at-end"})))
            await until_forwarded(http, proxy.url, headers, 1)
            await http.delete(proxy.url, headers=headers)
            second = await open_at_end
            await eventually(lambda: cancelled_tags(proxy), lambda tags: "at-end" in tags, 20)
            return told, first, second

    told, first, second = run_async(scenario())
    assert told.status_code == 202
    for response in (first, second):
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        assert events(response.text) == []
    assert {"cancelled", "at-end"} <= set(cancelled_tags(proxy))


@pytest.mark.parametrize(("method", "headers", "status"), [
    ("POST", {"accept": "application/json", "content-type": "application/json"}, 406),
    ("POST", {"accept": "application/json, text/event-stream", "content-type": "text/plain"}, 415),
    ("GET", {"accept": "application/json"}, 406),
    ("PUT", BOTH, 405),
])
def test_the_transports_header_checks(proxy, method, headers, status):
    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            session = await open_session(http, proxy.url)
            named = {**headers, "mcp-session-id": session["mcp-session-id"], "mcp-protocol-version": "2025-11-25"}
            body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}) if method in ("POST", "PUT") else None
            return await http.request(method, proxy.url, headers=named, content=body)

    answer = run_async(scenario())
    assert answer.status_code == status, answer.text
    if status == 405:
        assert answer.headers["allow"] == "GET, POST, DELETE"


@pytest.mark.parametrize("era", ["handshake", "2026-07-28"])
def test_a_call_still_running_when_the_grace_ends_gets_an_error_and_the_log_no_traceback(era):
    """SIGTERM while a call runs upstream (the fixture's ``wait``): the proxy drains for its grace
    (``--grace-seconds 1``), then answers the call itself — a JSON-RPC error naming why — and
    exits 0 with no traceback in its log, instead of uvicorn cancelling the request's task."""
    served = HttpProxy(FIXTURE, "--grace-seconds", "1")

    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            if era == "handshake":
                headers = await open_session(http, served.url)
                params: dict = {"name": "wait", "arguments": {}}
            else:
                headers = {**BOTH, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "wait"}
                params = {"name": "wait", "arguments": {}, "_meta": {
                    "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI,
                    "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}}}
            calling = asyncio.ensure_future(http.post(served.url, headers=headers, json={
                "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}))
            asking = headers if era == "handshake" else await open_session(http, served.url)  # any session sees the count
            assert await until_forwarded(http, served.url, asking, 1) == 1  # the call is upstream: the grace has it to end
            served.process.terminate()
            return await calling

    try:
        answer = run_async(scenario())
    finally:
        log = served.close()
    assert answer.status_code == 200, answer.text
    assert json.loads(answer.text)["error"] == {"code": -32603, "message": "the proxy stopped before this request finished"}
    assert served.process.returncode == 0 and "Traceback" not in log, log


def test_a_get_stream_still_open_when_the_grace_ends_is_ended_and_the_log_has_no_traceback():
    """SIGTERM while a handshake-era host holds its GET stream open (hosts keep one for the
    server's own messages): when the grace ends (``--grace-seconds 1``) the proxy ends the stream
    itself, as when the session ends, and exits 0 — not uvicorn cancelling the stream's task 5 s
    later, with a traceback in the log."""
    served = HttpProxy(FIXTURE, "--grace-seconds", "1")

    async def scenario():
        async with httpx2.AsyncClient(timeout=30) as http:
            headers = await open_session(http, served.url)
            listen = {k: v for k, v in headers.items() if k != "content-type"} | {"accept": "text/event-stream"}
            async with http.stream("GET", served.url, headers=listen) as stream:
                assert stream.status_code == 200
                served.process.terminate()
                return [line async for line in stream.aiter_lines()]  # until the proxy ends it

    try:
        lines = run_async(scenario())
    finally:
        log = served.close()
    assert all(line == "" or line.startswith(":") for line in lines), lines  # pings at most, no message
    assert served.process.returncode == 0 and "Traceback" not in log, log
