"""@mcp-ui/client's ``AppRenderer`` (npm, pinned in ``tests/js``) as a test host, in headless Chromium.

The host is ``tests/mcpui/harness.jsx``: a small React page that connects the official TypeScript
SDK client (``@modelcontextprotocol/sdk``, the one ``AppRenderer``'s ``client`` prop is typed for)
over streamable HTTP, calls a tool as a host does when its model calls it, and shows the tool's app
with ``AppRenderer`` (which reads the tool's ``ui://`` page through the client and forwards the
app's ``tools/call`` and ``resources/read`` to the server) beside the host's own handlers. It is
bundled with ``tests/js``'s esbuild into the git-ignored ``tests/mcpui/dist/`` on first use.

    with Harness() as harness:                          # the harness's HTTP server (two ports)
        harness.add("demo", DEMO)                       # compile-ui proxy --serve http -- DEMO
        host = HarnessPage(harness, playwright_browser) # a browser context on it
        host.open("demo", "forecast", {"city": "Oslo"}, theme="light")
        host.wait_initialized(); host.wait_result()     # the app said initialized; was given the result
        host.app.locator("body")                        # the app's own frame (FrameLocator)
        host.set_theme("dark")                          # the host context's theme, changed live

Why a server of our own in between: the page is a web host, and a browser page can only reach an
HTTP MCP server of another origin with CORS, which the proxy never grants (compiler/httpguard.py).
So, as a web host's own backend would, the harness server relays ``/mcp/NAME`` to the proxy
serving NAME (streamed, so the SDK's SSE answers pass as they come), dropping the browser's
``Origin``. The sandbox proxy page (``tests/mcpui/sandbox.html``), which AppRenderer requires on
another origin than the host, is served on a second port. The sandbox records the page ↔ host
messages it relays (``host.wire()`` → ``[("app→host"|"host→app", msg)]``).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

from harness.apphost import bundle
from harness.asyncutil import end_group, wait_until

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "tests" / "js"
HERE = ROOT / "tests" / "mcpui"
HARNESS_SRC = HERE / "harness.jsx"
SANDBOX_HTML = HERE / "sandbox.html"
HARNESS_BUNDLE = HERE / "dist" / "harness.js"
RELAYED_HEADERS = ("content-type", "accept", "mcp-session-id", "mcp-protocol-version", "last-event-id", "authorization")


def harness_bundle() -> Path:
    """The bundled harness, (re)built when missing or older than its source."""
    return bundle(HARNESS_SRC, HARNESS_BUNDLE, "--minify", "--jsx=automatic", "--define:process.env.NODE_ENV=\"production\"")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --------------------------------------------------------------------------- the proxy over HTTP


class HttpProxy:
    """``compile-ui proxy --serve http`` (this checkout's code) in front of ``upstream`` on a free
    loopback port; its stderr goes to a log file (``output()``). Stopped with SIGTERM, it gives
    in-flight requests 1 s (the host page's open SSE streams would hold it the default 10 s)."""

    def __init__(self, upstream: Sequence[str], *options: str, env: dict[str, str] | None = None,
                 cwd: Path | str = ROOT, start_timeout: float = 20.0) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="mcpui-proxy-"))
        self.log_path = self.dir / "proxy.log"
        last = ""
        for _attempt in range(3):  # a free port can be taken between asking and binding
            self.port = free_port()
            argv = [sys.executable, "-m", "compiler", "proxy", "--no-cache", "--serve", "http",
                    "--port", str(self.port), "--grace-seconds", "1", *options, "--", *upstream]
            full_env = {**os.environ, **(env or {})}
            full_env.pop("ANTHROPIC_API_KEY", None)  # the heuristic layouts
            with open(self.log_path, "wb") as log:
                self.proc = subprocess.Popen(argv, cwd=str(cwd), env=full_env, stdin=subprocess.DEVNULL,
                                             stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            try:  # it logs that it serves before the socket listens: wait for both
                wait_until(lambda: self._listening() or self.proc.poll() is not None, start_timeout)
            except Exception:
                pass
            if self._listening():
                return
            last = self.output()
            self.stop()
        raise RuntimeError(f"compile-ui proxy --serve http did not start:\n{last}")

    def _listening(self) -> bool:
        if "serving MCP over HTTP" not in self.output():
            return False
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def output(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            end_group(self.proc, 15)  # its own session: it and its upstream


# --------------------------------------------------------------------------- the harness server


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.startswith("/mcp/"):
            return self._relay()
        harness = self.server.harness
        if self.server.role == "sandbox" and path == "/sandbox.html":
            return self._send(200, "text/html; charset=utf-8", SANDBOX_HTML.read_bytes())
        if self.server.role == "host" and path == "/":
            return self._send(200, "text/html; charset=utf-8", harness.page_html().encode())
        if self.server.role == "host" and path == "/harness.js":
            return self._send(200, "text/javascript; charset=utf-8", harness_bundle().read_bytes())
        return self._send(404, "text/plain", b"not found")

    def do_POST(self) -> None:
        self._relay()

    def do_DELETE(self) -> None:
        self._relay()

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _relay(self) -> None:
        """The request, to the proxy serving /mcp/NAME; its answer streamed back as it comes."""
        name = self.path.split("?", 1)[0].removeprefix("/mcp/")
        proxy = self.server.harness.proxies.get(name)
        if self.server.role != "host" or proxy is None:
            return self._send(404, "text/plain", f"no server {name!r}".encode())
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() in RELAYED_HEADERS}
        upstream = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=300)
        try:
            upstream.request(self.command, "/mcp", body=body, headers=headers)
            answer = upstream.getresponse()
        except (OSError, http.client.HTTPException) as e:  # said to the page, whose test shows it
            upstream.close()
            return self._send(502, "text/plain", f"the relay to the proxy failed: {e!r}".encode())
        try:
            self.send_response(answer.status)
            for key, value in answer.getheaders():
                if key.lower() not in ("content-length", "transfer-encoding", "connection", "date", "server"):
                    self.send_header(key, value)
            self.send_header("Connection", "close")  # the body ends when the connection does
            self.end_headers()
            while chunk := answer.read1(65536):
                self.wfile.write(chunk)
                self.wfile.flush()
        except (OSError, http.client.HTTPException):
            pass  # the page went away, or the proxy did: the answer ends here
        finally:
            upstream.close()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, harness: Harness, role: str) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.harness, self.role = harness, role


class Harness:
    """The harness's HTTP server: the host page on one port, the sandbox proxy on another (another
    origin), and one ``compile-ui proxy --serve http`` per server ``add``-ed."""

    def __init__(self) -> None:
        harness_bundle()
        self.proxies: dict[str, HttpProxy] = {}
        self._servers = [_Server(self, "host"), _Server(self, "sandbox")]
        for s in self._servers:
            threading.Thread(target=s.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._servers[0].server_address[1]}"
        self.sandbox_url = f"http://127.0.0.1:{self._servers[1].server_address[1]}/sandbox.html"

    def add(self, name: str, upstream: Sequence[str], *options: str, env: dict[str, str] | None = None) -> HttpProxy:
        """Start the proxy in front of ``upstream``; the page reaches it as server ``name``."""
        self.proxies[name] = HttpProxy(upstream, *options, env=env)
        return self.proxies[name]

    def page_html(self) -> str:
        sandbox = json.dumps(self.sandbox_url)
        return (
            "<!doctype html><html><head><meta charset='utf-8'><title>mcp-ui host</title>"
            f"<meta name='sandbox' content={sandbox}>"
            "<style>body{margin:0;font:14px system-ui}</style></head>"
            "<body><div id='root'></div><script src='/harness.js'></script></body></html>"
        )

    def close(self) -> None:
        for s in self._servers:
            s.shutdown()
            s.server_close()
        for proxy in self.proxies.values():  # all told at once: each drains for its grace
            if proxy.proc.poll() is None:
                os.killpg(proxy.proc.pid, signal.SIGTERM)
        for proxy in self.proxies.values():
            try:
                proxy.proc.wait(15)
            except subprocess.TimeoutExpired:
                proxy.stop()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- the page

# Runs in every frame before its own scripts: a srcdoc frame's CSP violations are invisible to the
# host page, so report them on the console (as tests/harness/apphost.py does).
_CSP_PROBE = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP-VIOLATION " + JSON.stringify({directive: e.violatedDirective, blocked: e.blockedURI}));
});
"""


class HarnessPage:
    """One browser context on a ``Harness``; ``open`` shows one tool's app in a fresh tab."""

    def __init__(self, harness: Harness, browser: Any, *, width: int = 900, height: int = 900) -> None:
        self.harness = harness
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(_CSP_PROBE)
        self.page: Any = None
        self.console: list[tuple[str, str, str]] = []  # (type, text, the frame's url)
        self.page_errors: list[str] = []

    def open(self, server: str, tool: str, args: dict[str, Any] | None = None, *, theme: str = "light",
             caps: str = "default", timeout: float = 20.0) -> None:
        """Show ``tool``'s app (the host page is loaded once, and keeps one connection per server):
        call the tool, then AppRenderer; wait for the app's frame."""
        if self.page is None:
            self.page = self.context.new_page()
            self.page.on("console", lambda m: self.console.append((m.type, m.text, (m.location or {}).get("url", ""))))
            self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
            self.page.goto(self.harness.url)
            self.page.wait_for_function("() => window.__harnessReady === true")
        self.console.clear()
        self.page_errors.clear()
        show = {"server": server, "tool": tool, "args": args or {}, "theme": theme, "caps": caps}
        self.page.evaluate("(show) => { window.__harnessShow(show); }", show)
        self.wait_until(lambda: self.state("phase") in ("rendering", "failed"), timeout, "the host's tools/call")
        assert self.state("phase") == "rendering", f"the harness failed\n{self.describe()}"
        self.wait_until(self._app_frame, timeout, "the app's frame")

    def state(self, key: str) -> Any:
        return self.page.evaluate("(k) => window.__harness && window.__harness[k]", key)

    def set_theme(self, theme: str) -> None:
        self.page.evaluate("(t) => window.__harness.setTheme(t)", theme)

    @property
    def app(self) -> Any:
        """The app's document (auto-waiting ``FrameLocator``)."""
        return self.page.frame_locator("iframe").first.frame_locator("iframe").first

    def _app_frame(self) -> Any:
        for frame in self.page.frames:
            if frame.url == "about:srcdoc" and frame.parent_frame is not None and frame.parent_frame != self.page.main_frame:
                return frame
        return None

    @property
    def app_frame(self) -> Any:
        """The app's ``Frame`` (srcdoc, inside the sandbox proxy's frame)."""
        frame = self._app_frame()
        assert frame is not None, f"no app frame\n{self.describe()}"
        return frame

    def wire(self) -> list[tuple[str, Any]]:
        """What the sandbox proxy relayed: ``("app→host"|"host→app", msg)``."""
        for frame in self.page.frames:
            if frame.url.startswith(self.harness.sandbox_url):
                try:
                    return [tuple(x) for x in frame.evaluate("() => window.__mcpAppsWire || []")]
                except Exception:  # the frame is navigating
                    return []
        return []

    def wait_message(self, method: str, direction: str | None = None, timeout: float = 15.0) -> Any:
        """Wait for a relayed ``method``; its params."""
        def seen() -> Any:
            for d, msg in self.wire():
                if isinstance(msg, dict) and msg.get("method") == method and direction in (None, d):
                    return [msg.get("params")]
            return None

        return self.wait_until(seen, timeout, f"{method} ({direction or 'either way'})")[0]

    def wait_initialized(self, timeout: float = 15.0) -> None:
        self.wait_message("ui/notifications/initialized", "app→host", timeout)

    def wait_result(self, timeout: float = 15.0) -> Any:
        return self.wait_message("ui/notifications/tool-result", "host→app", timeout)

    def wait_until(self, predicate: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
        end = time.monotonic() + timeout
        while not (value := predicate()):
            if time.monotonic() > end:
                raise AssertionError(f"{what}: not met in {timeout} s\n{self.describe()}")
            self.page.wait_for_timeout(40)
        return value

    def own_errors(self) -> list[str]:
        """Errors logged by the app's own frame (about:srcdoc), CSP violations included."""
        return [text for kind, text, url in self.console if kind == "error" and url == "about:srcdoc"]

    def host_errors(self) -> list[str]:
        """Errors the host itself logged or was told of (AppRenderer's onError, console, page)."""
        logged = [text for kind, text, url in self.console if kind == "error" and url != "about:srcdoc"]
        return logged + self.page_errors + list(self.state("errors") or [])

    def screenshot(self, path: Path | str, *, full_page: bool = True) -> Path:
        self.page.screenshot(path=str(path), full_page=full_page)
        return Path(path)

    def describe(self) -> str:
        try:
            visible = self.page.inner_text("body")[:800]
            harness = self.page.evaluate(
                "() => JSON.stringify({...window.__harness, result: undefined, serverCapabilities: undefined})"
            )
        except Exception as e:  # the page is gone
            visible, harness = f"(unreadable: {e})", ""
        lines = [f"  {d} {json.dumps(m)[:240]}" for d, m in self.wire()[-12:]]
        console = [f"  {k} {t[:240]} @ {u}" for k, t, u in self.console[-12:]]
        return (f"--- the host page shows:\n{visible}\n--- harness state: {harness[:1500]}\n"
                f"--- page ↔ host:\n" + "\n".join(lines) + "\n--- console:\n" + "\n".join(console))

    def close(self) -> None:
        self.context.close()


# --------------------------------------------------------------------------- pytest fixtures

import pytest  # noqa: E402


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    """One harness server per test module; its proxies stopped after."""
    with Harness() as h:
        yield h


@pytest.fixture(scope="module")
def mcpui_host(harness: Harness, browser: Any) -> Iterator[HarnessPage]:
    """One browser context on the module's harness (the session Chromium of ``conftest.browser``)."""
    host = HarnessPage(harness, browser.browser)
    yield host
    host.close()
