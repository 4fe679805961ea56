"""The Messages API, faked at the HTTP layer only, so the real ``anthropic`` client makes every
call: ``layout_answer`` is the body of a layout answer (a forced ``tool_use`` of the ``layout`` tool);
``fake_model`` serves one over real HTTP, for a proxy started as a process (which the real
client in it reaches through ``ANTHROPIC_BASE_URL``), or a bench; ``sdk_client`` is the real
client for a test in process, its HTTP transport mocked by a handler (tests/unit/test_llm.py
scripts its own answers that way, several per test)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import anthropic
import httpx2 as httpx  # the HTTP library the anthropic SDK 2.x is built on


def layout_answer(spec: dict[str, Any], tokens: tuple[int, int] = (1, 1)) -> dict[str, Any]:
    """The Messages API's answer that lays a page out as ``spec``, ``tokens`` (in, out) used."""
    return {"id": "m", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "stop_reason": "tool_use",
            "stop_sequence": None, "usage": {"input_tokens": tokens[0], "output_tokens": tokens[1]},
            "content": [{"type": "tool_use", "id": "t", "name": "layout", "input": spec}]}


def sdk_client(handler: Callable[[httpx.Request], Awaitable[httpx.Response]], api_key: str) -> anthropic.AsyncAnthropic:
    """The real SDK's client, every request of it answered by ``handler`` (no retries: a test
    sees each call)."""
    return anthropic.AsyncAnthropic(api_key=api_key, base_url="http://127.0.0.1:9", max_retries=0,
                                    http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))


@dataclass
class FakeModel:
    url: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    """The request bodies received, in order."""


@contextmanager
def fake_model(body: dict[str, Any], status: int = 200, delay_s: float = 0.0) -> Iterator[FakeModel]:
    """Serve ``body`` (JSON, with ``status``) to every POST on 127.0.0.1, ``delay_s`` after it came."""
    raw = json.dumps(body).encode()
    model: FakeModel

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            model.calls.append(json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}"))
            time.sleep(delay_s)  # a slow model is the behaviour served, not a test's wait
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    model = FakeModel(f"http://127.0.0.1:{server.server_port}")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield model
    finally:
        server.shutdown()
        server.server_close()
