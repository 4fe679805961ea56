"""A stand-in for the Messages API over real HTTP, for a proxy started as a process (which the
real ``anthropic`` client in it reaches through ``ANTHROPIC_BASE_URL``): every POST gets one
fixed answer, after an optional delay. Tests in process mock only the SDK's HTTP transport
instead (tests/unit/test_llm.py)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class FakeModel:
    url: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    """The request bodies received, in order."""


@contextmanager
def fake_model(answer: dict[str, Any], status: int = 200, delay_s: float = 0.0) -> Iterator[FakeModel]:
    """Serve ``answer`` (JSON, with ``status``) to every POST on 127.0.0.1, ``delay_s`` after it came."""
    body = json.dumps(answer).encode()
    model: FakeModel

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            model.calls.append(json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}"))
            time.sleep(delay_s)
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

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
