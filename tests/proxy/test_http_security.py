"""No other website may reach a local HTTP endpoint of ours (issue 19).

Every HTTP surface — the proxy's ``/mcp`` (``--serve http``) and the preview host's pages and
``/api/*`` — sits behind one guard (``compiler/httpguard.py``). These tests attack each surface the
way a hostile page or a DNS-rebinding site would, over real sockets, and then look at the upstream
itself: the fixture server's ``note`` tool appends to a journal file, so "nothing reached the
upstream" is an empty journal, not only a status code. Each test also takes the legitimate path
(the official MCP client, the preview's own page) and sees its note arrive, so the journal is
known to work.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from conftest import ROOT
from harness.asyncutil import port_open, run_async, wait_until

UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
EVIL = "http://evil.example"
TOKEN = "s3cret-token-for-tests-0123456789"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "evil", "version": "1"}}}
MODERN_CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
    "name": "note", "arguments": {"text": "evil"}, "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "evil", "version": "1"}}}}
PREVIEW_CALL = {"name": "note", "arguments": {"text": "evil"}}
MODERN_HEADERS = {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "note"}
"""What a 2026-07-28 client sends with MODERN_CALL: one POST, no session, so nothing before it to refuse."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, process: subprocess.Popen) -> None:
    if not wait_until(lambda: port_open(port) or process.poll() is not None, 60):
        raise TimeoutError(f"nothing listens on {port}")
    assert process.poll() is None, "the server exited"


@contextmanager
def running(args: list[str], journal: Path, port: int, env: dict[str, str] | None = None, stdout=None,
            stderr=subprocess.PIPE):
    process = subprocess.Popen([sys.executable, "-m", "compiler", *args], cwd=ROOT, stdout=stdout,
                               stderr=stderr, text=True,
                               env={**os.environ, "UPSTREAM_JOURNAL": str(journal), **(env or {})})
    try:
        wait_listening(port, process)
        yield process
    finally:
        process.terminate()
        process.wait(15)


@pytest.fixture(scope="module")
def module_journal(tmp_path_factory) -> Path:
    """The journal of the module's proxy and preview: each starts once (a start costs seconds)."""
    return tmp_path_factory.mktemp("http-security") / "journal.txt"


@pytest.fixture
def journal(module_journal) -> Path:
    """What reached the upstream during this test: the journal, emptied before it (the upstream
    appends each note, so what a test reads is what its own requests did)."""
    module_journal.write_text("")
    return module_journal


@pytest.fixture(scope="module")
def proxy(module_journal, tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("proxy") / "stderr.txt"  # a file: a pipe nobody reads could fill up over the module
    with open(log, "w") as stderr, running(["proxy", "--no-cache", "--serve", "http", "--port", str(port), "--", *UPSTREAM],
                                           module_journal, port, stderr=stderr):
        yield port


@pytest.fixture(scope="module")
def preview(module_journal, tmp_path_factory):
    port = free_port()
    logs = tmp_path_factory.mktemp("preview")
    with open(logs / "stdout.txt", "w") as stdout, open(logs / "stderr.txt", "w") as stderr, \
            running(["preview", "--no-browser", "--port", str(port), "--", *UPSTREAM], module_journal, port,
                    stdout=stdout, stderr=stderr):
        yield port


def send(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, bytes]:
    """One request with exactly these headers (Host included), over a plain socket."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in {"Host": f"127.0.0.1:{port}", "Content-Length": str(len(body)), **headers}.items():
        connection.putheader(name, value)
    connection.endheaders(body)
    response = connection.getresponse()
    status, data = response.status, response.read()
    connection.close()
    return status, data


MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


def call_note_with_official_client(port: int, text: str, headers: dict[str, str] | None = None) -> str:
    async def scenario() -> str:
        async with httpx2.AsyncClient(headers=headers or {}, timeout=30) as client:
            async with streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=client) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    result = await session.call_tool("note", {"text": text})
                    return result.content[0].text

    return run_async(scenario())


# ------------------------------------------------------------------ the proxy's /mcp


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/json"])
@pytest.mark.parametrize("message, headers", [(INITIALIZE, {}), (MODERN_CALL, MODERN_HEADERS)], ids=["initialize", "modern-call"])
def test_a_foreign_origin_gets_403_from_mcp_and_nothing_reaches_the_upstream(proxy, journal, content_type, message, headers):
    status, body = send(proxy, "POST", "/mcp", {**MCP_HEADERS, **headers, "Origin": EVIL, "Content-Type": content_type},
                        json.dumps(message).encode())
    assert status == 403, body
    assert call_note_with_official_client(proxy, "legit") == "noted legit"
    assert journal.read_text() == "legit\n"


def test_the_same_modern_call_without_a_foreign_origin_does_reach_the_upstream(proxy, journal):
    """The control for the test above: the request refused there is one that works."""
    status, body = send(proxy, "POST", "/mcp", {**MCP_HEADERS, **MODERN_HEADERS, "Content-Type": "application/json"},
                        json.dumps(MODERN_CALL).encode())
    assert status == 200, body
    assert journal.read_text() == "evil\n"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.nip.io:{port}", "localhost:1"])
def test_a_foreign_host_header_gets_421_dns_rebinding(proxy, journal, host):
    status, _ = send(proxy, "POST", "/mcp", {**MCP_HEADERS, **MODERN_HEADERS, "Host": host.format(port=proxy),
                                             "Content-Type": "application/json"}, json.dumps(MODERN_CALL).encode())
    assert status == 421
    assert journal.read_text() == ""


def test_the_servers_own_origin_and_every_loopback_name_are_accepted(proxy):
    for host in (f"127.0.0.1:{proxy}", f"localhost:{proxy}", f"[::1]:{proxy}"):
        status, body = send(proxy, "POST", "/mcp", {**MCP_HEADERS, "Host": host, "Origin": f"http://{host}",
                                                    "Content-Type": "application/json"}, json.dumps(INITIALIZE).encode())
        assert status == 200, (host, body)


def test_an_allowed_origin_is_accepted(journal):
    port = free_port()
    args = ["proxy", "--no-cache", "--serve", "http", "--port", str(port), "--allow-origin", "https://app.example", "--", *UPSTREAM]
    with running(args, journal, port):
        status, _ = send(port, "POST", "/mcp", {**MCP_HEADERS, "Origin": "https://app.example", "Content-Type": "application/json"},
                         json.dumps(INITIALIZE).encode())
        assert status == 200
        status, _ = send(port, "POST", "/mcp", {**MCP_HEADERS, "Origin": "https://other.example", "Content-Type": "application/json"},
                         json.dumps(INITIALIZE).encode())
        assert status == 403


# ------------------------------------------------------------------ tokens and binding


def test_a_non_loopback_bind_without_a_token_is_refused_before_listening(journal):
    result = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--serve", "http", "--host", "0.0.0.0", "--", *UPSTREAM],
                            cwd=ROOT, capture_output=True, text=True, timeout=60, env={**os.environ, "COMPILE_UI_TOKEN": ""})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "compile-ui proxy: error: refusing to listen on 0.0.0.0: a non-loopback address needs a token "
        "(--token, COMPILE_UI_TOKEN or \"token\" in the config file)"]


def test_with_a_token_every_request_needs_it_and_the_token_is_never_logged(journal):
    port = free_port()
    args = ["proxy", "--no-cache", "--serve", "http", "--port", str(port), "--log-level", "debug", "--", *UPSTREAM]
    with running(args, journal, port, env={"COMPILE_UI_TOKEN": TOKEN}) as process:
        body = json.dumps(INITIALIZE).encode()
        json_headers = {**MCP_HEADERS, "Content-Type": "application/json"}
        for authorization in (None, "Bearer wrong-token", f"Basic {TOKEN}", f"Bearer {TOKEN}x"):
            headers = json_headers if authorization is None else {**json_headers, "Authorization": authorization}
            status, _ = send(port, "POST", "/mcp", headers, body)
            assert status == 401, authorization
        status, _ = send(port, "GET", "/mcp", {"Accept": "text/event-stream"})
        assert status == 401
        assert call_note_with_official_client(port, "legit", {"Authorization": f"Bearer {TOKEN}"}) == "noted legit"
        assert journal.read_text() == "legit\n"
        process.terminate()
        _, stderr = process.communicate(timeout=15)
    assert "refused POST /mcp: 401" in stderr
    assert TOKEN not in stderr


def raw_get(port: int, request: bytes) -> bytes:
    """``request`` as written, over a plain socket: what a balancer's bare check sends."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_healthz_answers_the_probes_operators_write_any_host_no_token_and_nothing_else_opens(journal):
    """HAProxy's plain ``option httpchk GET /healthz`` (HTTP/1.0, no Host) and a bare Kubernetes
    ``httpGet`` probe (Host: the pod's address) reach ``/healthz`` with a token configured and no
    ``--allow-host``; the same requests to ``/mcp``, a POST to ``/healthz`` and a foreign Origin
    are still refused."""
    port = free_port()
    args = ["proxy", "--no-cache", "--serve", "http", "--port", str(port), "--", *UPSTREAM]
    with running(args, journal, port, env={"COMPILE_UI_TOKEN": TOKEN}):
        haproxy = raw_get(port, b"GET /healthz HTTP/1.0\r\n\r\n")
        assert haproxy.startswith(b"HTTP/1.1 200 ") and haproxy.endswith(b"\r\n\r\nok\n"), haproxy
        assert send(port, "GET", "/healthz", {"Host": "10.244.1.17:8766", "User-Agent": "kube-probe/1.31"}) == (200, b"ok\n")
        assert send(port, "HEAD", "/healthz", {"Host": "evil.example"})[0] == 200
        assert raw_get(port, b"GET /mcp HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 421 ")
        assert send(port, "GET", "/mcp", {"Host": "10.244.1.17:8766", "Accept": "text/event-stream"})[0] == 421
        assert send(port, "GET", "/mcp", {"Accept": "text/event-stream"})[0] == 401  # its own Host: the token is next
        assert send(port, "POST", "/healthz", {"Host": "evil.example", "Content-Type": "application/json"}, b"{}")[0] == 421
        assert send(port, "GET", "/healthz", {"Host": "evil.example", "Origin": EVIL})[0] == 403
        assert send(port, "GET", "/api/events", {"Host": "10.244.1.17:8766"})[0] == 421
    assert journal.read_text() == ""


# ------------------------------------------------------------------ bodies: size and time


@pytest.fixture(scope="module")
def tight_proxy(module_journal, tmp_path_factory):
    port = free_port()
    where = tmp_path_factory.mktemp("tight-proxy")
    config = where / "proxy.json"
    config.write_text(json.dumps({"maxBodyBytes": 65536, "bodyTimeoutSeconds": 1}))
    with open(where / "stderr.txt", "w") as stderr, running(
            ["proxy", "--no-cache", "--serve", "http", "--port", str(port), "--config", str(config), "--", *UPSTREAM],
            module_journal, port, stderr=stderr):
        yield port


def test_an_oversized_body_gets_413_whether_declared_or_streamed(tight_proxy):
    big = b"x" * 100_000
    status, _ = send(tight_proxy, "POST", "/mcp", {**MCP_HEADERS, "Content-Type": "application/json"}, big)
    assert status == 413
    with socket.create_connection(("127.0.0.1", tight_proxy), timeout=30) as sock:
        head = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{tight_proxy}\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: chunked\r\n\r\n").encode()
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in [big[i:i + 8192] for i in range(0, len(big), 8192)])
        sock.sendall(head + chunks + b"0\r\n\r\n")
        assert sock.recv(64).startswith(b"HTTP/1.1 413")


def test_a_body_that_trickles_in_gets_408_and_the_server_keeps_serving(tight_proxy, journal):
    with socket.create_connection(("127.0.0.1", tight_proxy), timeout=30) as sock:
        sock.sendall((f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{tight_proxy}\r\nContent-Type: application/json\r\n"
                      "Content-Length: 1000\r\n\r\n{\"jsonrpc\":").encode())
        started = time.monotonic()
        answer = sock.recv(64)
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408")
    assert waited < 10  # the configured bound is 1 s; without one the socket would wait until its own 30 s timeout
    assert call_note_with_official_client(tight_proxy, "legit") == "noted legit"


# ------------------------------------------------------------------ the preview's /api/*


@pytest.mark.parametrize("headers, expected", [
    ({"Origin": EVIL, "Content-Type": "text/plain"}, 403),
    ({"Origin": EVIL, "Content-Type": "application/x-www-form-urlencoded"}, 403),
    ({"Origin": EVIL, "Content-Type": "application/json", "X-Compile-UI": "1"}, 403),
    ({"Content-Type": "text/plain", "X-Compile-UI": "1"}, 415),
    ({"Content-Type": "application/json"}, 403),
    ({"Host": "evil.example:8765", "Content-Type": "application/json", "X-Compile-UI": "1"}, 421),
], ids=["origin-text", "origin-form", "origin-json", "no-json", "no-own-header", "foreign-host"])
def test_the_preview_api_refuses_what_its_own_page_would_not_send(preview, journal, headers, expected):
    status, _ = send(preview, "POST", "/api/call", headers, json.dumps(PREVIEW_CALL).encode())
    assert status == expected
    status, body = send(preview, "POST", "/api/call", {"Content-Type": "application/json", "X-Compile-UI": "1",
                                                       "Origin": f"http://127.0.0.1:{preview}"},
                        json.dumps({"name": "note", "arguments": {"text": "legit"}}).encode())
    assert status == 200 and json.loads(body)["result"]["content"][0]["text"] == "noted legit"
    assert journal.read_text() == "legit\n"


def test_the_preview_pages_refuse_a_rebinding_host(preview):
    assert send(preview, "GET", "/", {"Host": f"evil.example:{preview}"})[0] == 421
    assert send(preview, "GET", "/api/tools", {"Host": f"evil.example:{preview}"})[0] == 421
    status, page = send(preview, "GET", "/", {})
    assert status == 200 and page.lower().startswith(b"<!doctype html>")


# ------------------------------------------------------------------ a real browser, a hostile page


ATTACK_PAGE = """<!doctype html><meta charset="utf-8"><title>evil</title>
<iframe name="sink"></iframe>
<script>
const targets = %(targets)s;
async function attempt(label, url, init) {
  try { const r = await fetch(url, init); return label + ": " + r.type + " " + r.status; }
  catch (e) { return label + ": blocked"; }
}
function formPost(url, body) {
  return new Promise((resolve) => {
    const form = document.createElement("form");
    form.method = "POST"; form.action = url; form.enctype = "text/plain"; form.target = "sink";
    const input = document.createElement("input");
    // the classic trick: name + "=" + value is a whole JSON document
    input.name = body.slice(0, -2); input.value = body.slice(-2);
    form.append(input); document.body.append(form);
    document.querySelector("iframe").onload = () => resolve("form " + url);
    form.submit();
  });
}
(async () => {
  const results = [];
  for (const [url, body] of targets) {
    results.push(await attempt("no-cors text", url, {method: "POST", mode: "no-cors", body, headers: {"content-type": "text/plain"}}));
    results.push(await attempt("cors json", url, {method: "POST", body, headers: {"content-type": "application/json", "x-compile-ui": "1"}}));
    results.push(await formPost(url, body));
  }
  window.attackDone = results;
})();
</script>"""


@contextmanager
def attack_site(html: str):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
            data = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.browser
def test_a_page_from_another_local_origin_reaches_neither_the_preview_nor_mcp(browser, preview, proxy, journal):
    targets = [
        [f"http://127.0.0.1:{preview}/api/call", json.dumps({"name": "note", "arguments": {"text": "evil"}})],
        [f"http://127.0.0.1:{proxy}/mcp", json.dumps(INITIALIZE)],
        [f"http://127.0.0.1:{proxy}/mcp", json.dumps(MODERN_CALL)],
    ]
    page = browser.context.new_page()
    try:
        with attack_site(ATTACK_PAGE % {"targets": json.dumps(targets)}) as url:
            page.goto(url)
            page.wait_for_function("window.attackDone !== undefined", timeout=30_000)
            results = page.evaluate("window.attackDone")
        assert len(results) == 9
        assert [r for r in results if r.startswith("cors json")] == ["cors json: blocked"] * 3
        assert journal.read_text() == ""
        # the preview's own page, in the same browser, still works
        page.goto(f"http://127.0.0.1:{preview}/")
        answer = page.evaluate("""async () => {
            const r = await fetch("/api/call", {method: "POST", body: JSON.stringify({name: "note", arguments: {text: "legit"}}),
                                                 headers: {"content-type": "application/json", "x-compile-ui": "1"}});
            return (await r.json()).result.content[0].text; }""")
        assert answer == "noted legit"
        assert journal.read_text() == "legit\n"
    finally:
        page.close()
