"""Tasks through the proxy, in both eras, with the JSON-RPC bytes a host sends.

- 2026-07-28: the Tasks extension (``io.modelcontextprotocol/tasks``): a ``tools/call`` answered
  with a task handle (``resultType: "task"``), polled with ``tasks/get`` until it completes, and
  ``tasks/cancel``; upstream: ``fixtures/servers/tasks_upstream.py``. The extension stays the
  host's and the upstream's business: a handshake-era host (whose capabilities cannot carry it)
  gets the result directly, as the server decides per request.
- the handshake era: task-augmented ``tools/call`` (``params.task``), ``tasks/get`` and
  ``tasks/result`` against npm ``@modelcontextprotocol/server-everything`` (TypeScript SDK).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT

TASKS = "io.modelcontextprotocol/tasks"
APP = "text/html;profile=mcp-app"
MODERN_UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "tasks_upstream.py")]
EVERYTHING = ["node", str(ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"), "stdio"]
CAPS = {"extensions": {TASKS: {}, "io.modelcontextprotocol/ui": {"mimeTypes": [APP]}}}
META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": CAPS,
        "io.modelcontextprotocol/clientInfo": {"name": "tasks-test", "version": "1"}}


class StdioHost:
    """A host speaking raw JSON-RPC lines to ``compile-ui proxy`` over stdio."""

    def __init__(self, upstream: list[str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *upstream],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
        self.ids = 0
        self.notes: list[dict] = []

    def request(self, method: str, params: dict) -> dict:
        self.ids += 1
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}).encode() + b"\n")
        self.process.stdin.flush()
        while True:
            message = json.loads(self.process.stdout.readline())
            if message.get("id") == self.ids and "method" not in message:
                return message
            self.notes.append(message)

    def notify(self, method: str, params: dict | None = None) -> None:
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method, **({"params": params} if params else {})}).encode() + b"\n")
        self.process.stdin.flush()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(20)


@pytest.fixture
def stdio_host():
    made: list[StdioHost] = []

    def start(upstream: list[str]) -> StdioHost:
        made.append(StdioHost(upstream))
        return made[-1]

    yield start
    for one in made:
        one.close()


def test_a_modern_task_is_created_polled_and_completed_through_the_proxy(stdio_host):
    host = stdio_host(MODERN_UPSTREAM)
    discovered = host.request("server/discover", {"_meta": META})["result"]
    assert discovered["capabilities"]["extensions"][TASKS] == {}  # the upstream's extension, announced
    tools = {t["name"]: t for t in host.request("tools/list", {"_meta": META})["result"]["tools"]}
    assert tools["research"]["_meta"]["ui"]["resourceUri"] == "ui://compile-ui/research"

    created = host.request("tools/call", {"name": "research", "arguments": {"topic": "tides"}, "_meta": META})["result"]
    assert created["resultType"] == "task" and created["status"] == "working" and created["pollIntervalMs"] == 20
    first = host.request("tasks/get", {"taskId": created["taskId"], "_meta": META})["result"]
    assert first["status"] == "working" and first["resultType"] == "complete"
    done = host.request("tasks/get", {"taskId": created["taskId"], "_meta": META})["result"]
    assert done["status"] == "completed" and done["result"]["structuredContent"] == {"topic": "tides", "sources": 3}

    another = host.request("tools/call", {"name": "research", "arguments": {"topic": "moons"}, "_meta": META})["result"]
    assert host.request("tasks/cancel", {"taskId": another["taskId"], "_meta": META})["result"] == {"resultType": "complete"}
    assert host.request("tasks/get", {"taskId": another["taskId"], "_meta": META})["result"]["status"] == "cancelled"
    missing = host.request("tasks/get", {"taskId": "nope", "_meta": META})
    assert missing["error"]["code"] == -32602  # the upstream's own error, passed on


def test_a_handshake_host_gets_the_result_itself_from_a_modern_tasks_upstream(stdio_host):
    host = stdio_host(MODERN_UPSTREAM)
    init = host.request("initialize", {"protocolVersion": "2025-11-25", "clientInfo": {"name": "old", "version": "1"},
                                       "capabilities": {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": [APP]}}}})
    assert "result" in init
    host.notify("notifications/initialized")
    result = host.request("tools/call", {"name": "research", "arguments": {"topic": "tides"}})["result"]
    assert result["structuredContent"] == {"topic": "tides", "sources": 3} and result.get("resultType") != "task"


def test_handshake_era_tasks_pass_through_to_server_everything(stdio_host):
    host = stdio_host(EVERYTHING)
    init = host.request("initialize", {"protocolVersion": "2025-11-25", "clientInfo": {"name": "old", "version": "1"},
                                       "capabilities": {"tasks": {"requests": {}}, "elicitation": {"form": {}},
                                                        "extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": [APP]}}}})["result"]
    assert "tasks" in init["capabilities"]
    host.notify("notifications/initialized")
    created = host.request("tools/call", {"name": "simulate-research-query", "arguments": {"topic": "tides"},
                                          "task": {"ttl": 60000}})
    task = created["result"]["task"]
    assert task["status"] in ("working", "submitted") and task["taskId"]
    polled = host.request("tasks/get", {"taskId": task["taskId"]})["result"]
    assert polled["taskId"] == task["taskId"]
    final = host.request("tasks/result", {"taskId": task["taskId"]})  # blocks until the task is done
    text = json.dumps(final["result"])
    assert "tides" in text and "error" not in final
