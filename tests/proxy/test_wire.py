"""What a careless peer writes on the wire, end to end: a raw host (this test, writing bytes to the
proxy's stdin) and a raw upstream (``fixtures/servers/wire_upstream.py``, writing its own lines),
both eras, over real pipes. Each odd message gets its answer at once, and the next call works.

The doors are ``codecs/host_door.py`` and ``codecs/upstream_door.py`` (``codecs/jsonline.py``
underneath); the property test at both edges is ``test_wire_property.py``.
"""

from __future__ import annotations

import asyncio
import json
import queue
import subprocess
import sys
import threading
from typing import Any

import pytest

from conftest import ROOT

WIRE_UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "wire_upstream.py")]
ANSWER_S = 60.0
"""Every answer here comes at once; the bound only keeps a broken proxy from hanging the suite."""
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
DEEP = 50_000


class RawHost:
    """The proxy over stdio, driven by raw lines; ``modern``: the host speaks 2026-07-28 (and
    the upstream too), else the handshake era (and a handshake upstream)."""

    def __init__(self, modern: bool) -> None:
        self.modern = modern
        upstream = [*WIRE_UPSTREAM, "--modern"] if modern else WIRE_UPSTREAM
        self.process = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *upstream],
                                        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()
        self._ids = iter(range(1000, 10**9))
        if modern:
            assert "result" in self.request("server/discover")
        else:
            assert "result" in self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                                           "clientInfo": {"name": "raw", "version": "1"}})
            self.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        self.stderr = self.process.stderr.read()

    def write(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def params(self, **params: Any) -> dict[str, Any]:
        return {**params, "_meta": ENVELOPE} if self.modern else params

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        request_id = next(self._ids)
        self.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method,
                               "params": self.params(**(params or {}))}).encode())
        return self.answer(request_id)

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def answer(self, request_id: Any) -> dict[str, Any]:
        """The next answer to ``request_id``; every line on the way must be one JSON object."""
        while True:
            try:
                line = self.lines.get(timeout=ANSWER_S)
            except queue.Empty:
                raise AssertionError(f"no answer to {request_id!r} in {ANSWER_S} s; stderr: {self.stderr[-2000:]!r}") from None
            message = json.loads(line)
            assert isinstance(message, dict), line[:200]
            if "method" not in message and message.get("id") == request_id:
                return message

    def still_serving(self) -> None:
        echoed = self.call("echo", message="still here")
        assert json.loads(echoed["result"]["content"][0]["text"]) == {"message": "still here"}
        assert self.process.poll() is None

    def close(self) -> bytes:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(20) == 0
        self._stderr_reader.join(20)  # its read ends at the pipe's end, after the exit: not before
        assert not self._stderr_reader.is_alive()
        return self.stderr


@pytest.fixture(params=["handshake", "2026-07-28"])
def host(request):
    raw = RawHost(request.param == "2026-07-28")
    yield raw
    stderr = raw.close()
    assert b"Traceback" not in stderr, stderr.decode(errors="replace")[-3000:]


# --------------------------------------------------------------------------- the upstream's odd answers


def test_an_answer_too_deep_is_an_error_for_its_request_and_the_upstream_lives_on(host):
    answer = host.call("odd", kind="deep")
    assert answer["error"]["code"] == -32603
    assert answer["error"]["message"] == "the upstream's answer nests deeper than 512 levels"
    host.still_serving()
    assert "restart" not in host.request("tools/call", {"name": "_ui_status", "arguments": {}}).get("error", {}).get("message", "")


def test_nan_and_infinity_become_null(host):
    answer = host.call("odd", kind="nan")
    assert answer["result"]["structuredContent"] == {"mean": None, "max": None}
    host.call("odd", kind="nan")
    host.still_serving()
    assert host.close().count(b"NaN or Infinity became null") == 1  # once per tool


def test_a_lone_surrogate_becomes_the_replacement_character(host):
    answer = host.call("odd", kind="surrogate")
    assert answer["result"]["content"][0]["text"] == "cut \ufffd here"
    host.still_serving()


@pytest.mark.parametrize(("kind", "message"), [("error_string", "boom"), ("error_number", "42")])
def test_an_error_that_is_not_an_object_becomes_one_keeping_its_text(host, kind, message):
    answer = host.call("odd", kind=kind)
    assert answer["error"] == {"code": -32603, "message": message}
    host.still_serving()


@pytest.mark.parametrize(("kind", "says"), [("result_list", "is not an object: [1, 2]"), ("neither", "neither a result nor an error"),
                                            ("cut", "is not JSON")])
def test_an_answer_with_no_usable_result_is_an_error_for_its_request(host, kind, says):
    answer = host.call("odd", kind=kind)
    assert answer["error"]["code"] == -32603 and says in answer["error"]["message"]
    host.still_serving()


# --------------------------------------------------------------------------- the host's odd requests


def test_a_request_too_deep_is_refused_to_its_id_and_the_proxy_lives_on(host):
    deep = "[" * DEEP + "]" * DEEP
    host.write(('{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "echo", "arguments": {"x": ' + deep + "}}}").encode())
    answer = host.answer(7)
    assert answer["error"] == {"code": -32600, "message": "Invalid Request: the message nests deeper than 512 levels"}
    host.still_serving()


def test_a_lone_surrogate_in_arguments_is_forwarded_as_the_replacement_character(host):
    host.write(json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
                           "params": host.params(name="echo", arguments={"message": "a\ud800b"})}).encode())
    assert json.loads(host.answer(8)["result"]["content"][0]["text"]) == {"message": "a\ufffdb"}
    host.still_serving()


@pytest.mark.parametrize(("line", "answer_id", "code"), [
    (b'{"jsonrpc": "2.0", "id": 9}', 9, -32600),                                               # an id, no method
    (b'{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": ["echo", {}]}', 9, -32602),  # params a list
    (b'{"jsonrpc": "2.0", "id": 9, "method": 5}', 9, -32600),                                  # method not a string
    (b'{"jsonrpc": "1.0", "id": 9, "method": "ping"}', 9, -32600),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', None, -32600),                  # an id that is no id
    (b"[1, 2]", None, -32600),
    (b'{"jsonrpc": "2.0", "id": 9, "method": "ping", "params": {', None, -32700),             # not JSON
])
def test_a_bad_envelope_gets_the_json_rpc_error_and_the_upstream_never_sees_it(host, line, answer_id, code):
    host.write(line)
    assert host.answer(answer_id)["error"]["code"] == code
    host.still_serving()


def test_nan_in_arguments_becomes_null(host):
    host.write(b'{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": "echo", "arguments": {"x": NaN}'
               + (b', "_meta": ' + json.dumps(ENVELOPE).encode() if host.modern else b"") + b"}}")
    assert json.loads(host.answer(10)["result"]["content"][0]["text"]) == {"x": None}
    host.still_serving()


@pytest.mark.parametrize("version", ["2026-07-28", "2025-11-25"])
def test_a_deep_body_over_http_is_refused_to_its_id_with_no_traceback(version):
    import http.client

    from proxy.test_proxy_eras import HttpProxy

    proxy = HttpProxy(WIRE_UPSTREAM)
    try:
        client = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=20)
        deep = "[" * DEEP + "]" * DEEP
        body = '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "echo", "arguments": {"x": ' + deep + "}}}"
        client.request("POST", "/mcp", body=body.encode(), headers={
            "mcp-protocol-version": version, "accept": "application/json, text/event-stream", "content-type": "application/json"})
        response = client.getresponse()
        status, answer = response.status, json.loads(response.read())
        client.close()
    finally:
        stderr = proxy.close()
    assert status == 400 and answer == {"jsonrpc": "2.0", "id": 3, "error": {
        "code": -32600, "message": "Invalid Request: the message nests deeper than 512 levels"}}
    assert "Traceback" not in stderr


# --------------------------------------------------------------------------- a reader that fails


def test_a_reader_that_fails_is_an_upstream_that_exited_and_comes_back():
    """Whatever fails while a line of the upstream is handled ends that run as an exit would:
    the process is stopped, ``on_exit`` answers what was in flight, and a new run starts."""
    from compiler.proxy.drivers.supervisor import Supervisor
    from compiler.proxy.drivers.transports import UpstreamStdio
    from harness.asyncutil import eventually, run_async

    async def scenario() -> tuple[list[bytes], list[str], int, int | None, bool]:
        lines: list[bytes] = []
        exits: list[str] = []

        async def on_line(line: bytes) -> None:
            lines.append(line)
            if len(lines) == 1:
                raise RuntimeError("a fault while handling the line")

        supervisor = Supervisor(lambda: UpstreamStdio(WIRE_UPSTREAM), on_line, lambda: None, exits.append)
        task = asyncio.ensure_future(supervisor.run())
        ping = b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}'
        await supervisor.send(ping)
        first = supervisor.upstream
        await eventually(lambda: exits, bool, 20)  # the supervisor's own record of the exit
        await supervisor.send(ping)  # waits for the next run (the backoff), then goes to it
        await eventually(lambda: lines, lambda seen: len(seen) >= 2, 20)
        gone = first is not None and first.process is not None and first.process.returncode is not None
        restarts = supervisor.restarts
        supervisor.stopping = True
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return lines, exits, restarts, first.pid if first else None, gone

    lines, exits, restarts, _, gone = run_async(asyncio.wait_for(scenario(), 30))
    assert [json.loads(line)["id"] for line in lines] == [1, 1]
    assert exits[0] == "the upstream server exited" and restarts == 1 and gone
