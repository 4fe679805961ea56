"""A real MCP Apps host for tests: the official ``AppBridge`` in headless Chromium.

The host page (``tests/host/host.js``, bundled here with esbuild from ``tests/js/node_modules``
into the git-ignored ``tests/host/dist/``) puts the app in an iframe with
``sandbox="allow-scripts allow-forms"`` via ``srcdoc``, connecting the bridge before the page
loads. Python drives it::

    host = apphost.load(html, host_context={"theme": "dark"}, on_call_tool=lambda name, args: {...},
                        host_capabilities={"updateModelContext": {"structuredContent": {}}, "message": {"text": {}}})
    host.wait_initialized()
    host.send_tool_input({"city": "Oslo"})
    host.frame.fill("#u1", "Bergen"); host.frame.click("[data-action=submit]")
    host.wait_calls(1); host.calls[0]  # {"name": ..., "arguments": {...}}

``host.calls`` are the page's ``tools/call`` requests but its question polls: a page with a form
long-polls ``_ui_question`` one second into any run still going (runtime_js/question.js), so a
slow run is two requests for one click, the second no run of a tool (``host.polls`` has those).

``on_call_tool(name, arguments)`` returns a CallToolResult dict, or raises: the bridge then
answers ``tools/call`` with a JSON-RPC error carrying the exception's message. For calls that
overlap (a page's long poll while its own run waits), ``start_call_tool(name, arguments, meta)``
instead returns a ``concurrent.futures.Future`` of the result; the host page polls it, so no
callback blocks the browser's dispatcher (``meta``: the call's ``_meta`` as the page sent it).
A host in front of a real proxy relays that way: the proxy holds a question poll up to 25 s.
``host_capabilities`` replaces what the host declares in ui/initialize (default: openLinks,
serverTools, logging; serverResources always, unless ``reads=False``: a tools-only host, which
reads no resource for the page); ``host.reads`` the URIs the page read (the host answers them
from ``modules``, URI → read result, when a test gives it, each ``read_delay_ms`` late; else "not
found": a page of compile-ui reads nothing, it is self-contained); ``host.contexts`` and ``host.messages`` are the ui/update-model-context
and ui/message requests it received; ``message_result`` is what ui/message answers;
``host.downloads`` the ui/download-file requests; ``host.mode_requests`` the display modes asked
for (a mode listed in the host context's ``availableDisplayModes`` is granted and announced).
Fixtures ``browser`` (session) and ``apphost`` (a loader; pages closed after the test) live in
``tests/conftest.py``.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "tests" / "js"
HOST_SRC = ROOT / "tests" / "host" / "host.js"
HOST_BUNDLE = ROOT / "tests" / "host" / "dist" / "host.js"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VANILLA_APP = JS / "node_modules" / "@modelcontextprotocol" / "server-basic-vanillajs" / "dist" / "mcp-app.html"

# Runs in every frame before its own scripts (Playwright injects it past the page's CSP): a
# srcdoc frame's CSP violations are invisible to the host page, so report them on the console.
_CSP_PROBE = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP-VIOLATION " + JSON.stringify({directive: e.violatedDirective, blocked: e.blockedURI,
    sample: e.sample, disposition: e.disposition}));
});
"""

QUESTION_POLL = "_ui_question"
"""The tool a page's question poll calls (runtime_js/question.js, compiler/proxy/services/questions.py)."""

CallTool = Callable[[str, dict[str, Any]], dict[str, Any]]
StartCallTool = Callable[[str, dict[str, Any], Any], "concurrent.futures.Future[dict[str, Any]]"]


def bundle(src: Path, out: Path, *options: str) -> Path:
    """``src`` bundled by esbuild (from tests/js) into ``out``, (re)built when missing or older
    than its source; ``options``: esbuild's, beside --bundle --format=iife."""
    if out.exists() and out.stat().st_mtime >= src.stat().st_mtime:
        return out
    esbuild = JS / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise RuntimeError(f"{esbuild} missing: run `npm ci` in {JS}")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp.js")
    subprocess.run(
        [str(esbuild), str(src), "--bundle", "--format=iife", *options, f"--outfile={tmp}", "--log-level=warning"],
        check=True,
        env={**os.environ, "NODE_PATH": str(JS / "node_modules")},
    )
    tmp.replace(out)  # atomic: a concurrent run never reads half a bundle
    return out


def host_bundle() -> Path:
    """The bundled host script, (re)built when missing or older than its source."""
    return bundle(HOST_SRC, HOST_BUNDLE)


def host_page_html() -> str:
    script = host_bundle().read_text(encoding="utf-8")
    return f"<!doctype html><html><head><meta charset='utf-8'><title>test host</title></head><body><script>{script}</script></body></html>"


# --------------------------------------------------------------------------- browser


class Browser:
    """A headless Chromium (Debian's) driven by Playwright's sync API."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        if not Path(CHROMIUM).exists() or not shutil.which(CHROMIUM):
            raise RuntimeError(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        self.context = self.browser.new_context(viewport={"width": 900, "height": 900})
        self.context.add_init_script(_CSP_PROBE)
        self._host_html = host_page_html()
        self._idle: list[Any] = []
        """Host pages an ``AppHost`` gave back untouched: the host page loaded, no app, no
        bindings. Loading the host page (its 1.2 MB AppBridge bundle) costs about 0.3 s and
        replacing the app in it 0.1: most page tests take one of these."""
        self._owner: dict[Any, AppHost | _Nobody] = {}
        """Which ``AppHost`` a pooled page's console messages and errors belong to now."""

    def _pooled_page(self) -> tuple[Any, bool]:
        """An idle host page (and True), or a new page (False) whose console and errors go to
        whichever ``AppHost`` owns it at the time."""
        if self._idle:
            return self._idle.pop(), True
        page = self.context.new_page()
        page.on("console", lambda m: self._owner[page].console.append((m.type, m.text)))
        page.on("pageerror", lambda e: self._owner[page].page_errors.append(str(e)))
        # A binding stays in a page for good: one per pooled page, answering for its owner of the time
        page.expose_function("__onCallTool", lambda name, arguments: self._owner[page]._call_tool(name, arguments))
        return page, False

    def new_host(
        self,
        html: str,
        *,
        host_context: dict[str, Any] | None = None,
        on_call_tool: CallTool | None = None,
        width: int = 640,
        height: int = 600,
        host_capabilities: dict[str, Any] | None = None,
        message_result: dict[str, Any] | None = None,
        reads: bool = True,
        modules: dict[str, Any] | None = None,
        read_delay_ms: int = 0,
        start_call_tool: StartCallTool | None = None,
    ) -> AppHost:
        return AppHost(
            self, html, host_context=host_context, on_call_tool=on_call_tool, width=width, height=height,
            host_capabilities=host_capabilities, message_result=message_result, reads=reads, modules=modules,
            read_delay_ms=read_delay_ms, start_call_tool=start_call_tool,
        )

    load = new_host

    def close(self) -> None:
        self.context.close()
        self.browser.close()
        self._pw.stop()


class _Nobody:
    """The owner of a pooled host page between two tests: what the page says goes nowhere, and
    a tool call of the app that just left fails."""

    def __init__(self) -> None:
        self.console: list[tuple[str, str]] = []
        self.page_errors: list[str] = []

    def _call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.console.clear()
        self.page_errors.clear()
        raise RuntimeError(f"tools/call {name}: the app that called has left the host page")


_NOBODY = _Nobody()


class AppHost:
    """One host page with one app iframe."""

    def __init__(
        self,
        browser: Browser,
        html: str,
        *,
        host_context: dict[str, Any] | None,
        on_call_tool: CallTool | None,
        width: int,
        height: int,
        host_capabilities: dict[str, Any] | None = None,
        message_result: dict[str, Any] | None = None,
        reads: bool = True,
        modules: dict[str, Any] | None = None,
        read_delay_ms: int = 0,
        start_call_tool: StartCallTool | None = None,
    ) -> None:
        self.console: list[tuple[str, str]] = []
        self.page_errors: list[str] = []
        self.reach_page: str | None = None
        """The page ``reach.check`` last loaded here (None: the next check loads its own)."""
        # A host whose calls are started and polled (``start_call_tool``) binds functions of its
        # own into its page for good: it gets a page of its own. Any other takes a pooled one (its
        # ``on_call_tool`` answers through the pooled page's one binding), given back at close
        # unless the test used the page itself (``.page``: a viewport, a key press may stay behind).
        self._browser = browser
        self._poolable = start_call_tool is None and isinstance(browser, Browser)
        self._touched = False
        warm = False
        if self._poolable:
            self._page, warm = browser._pooled_page()
            browser._owner[self._page] = self
        else:
            self._page = browser.context.new_page()
            self._page.on("console", lambda m: self.console.append((m.type, m.text)))
            self._page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.on_call_tool = on_call_tool
        if on_call_tool is not None and not self._poolable:
            self._page.expose_function("__onCallTool", self._call_tool)
        self.start_call_tool = start_call_tool
        self._started: dict[int, concurrent.futures.Future[dict[str, Any]]] = {}
        self._keys = itertools.count(1)
        if start_call_tool is not None:
            self._page.expose_function("__startCallTool", self._start_call)
            self._page.expose_function("__pollCallTool", self._poll_call)
        if not warm:
            self._page.set_content(browser._host_html)
        # The page in front: a tab behind another gets an animation frame about once a second and
        # its clicks may not land (pooled pages are older than the tabs opened since)
        self._page.bring_to_front()
        opts = {"hostContext": host_context or {}, "width": width, "height": height, "reads": reads,
                "modules": modules or {}, "readDelayMs": read_delay_ms}
        if host_capabilities is not None:
            opts["hostCapabilities"] = host_capabilities
        if message_result is not None:
            opts["messageResult"] = message_result
        self._page.evaluate("([html, o]) => window.__host.load(html, o)", [html, opts])

    def reload(
        self,
        html: str,
        *,
        host_context: dict[str, Any] | None = None,
        width: int = 640,
        height: int = 600,
        host_capabilities: dict[str, Any] | None = None,
        reads: bool = True,
    ) -> None:
        """Replace the app with ``html`` in a fresh iframe and bridge (the host page stays: fast),
        the host page in front (a test may take turns with two hosts: the other is behind)."""
        self._page.bring_to_front()
        self.console.clear()
        self.page_errors.clear()
        opts = {"hostContext": host_context or {}, "width": width, "height": height, "reads": reads}
        if host_capabilities is not None:
            opts["hostCapabilities"] = host_capabilities
        self._page.evaluate("([html, o]) => window.__host.load(html, o)", [html, opts])

    def _start_call(self, name: str, arguments: dict[str, Any], meta: Any) -> int:
        assert self.start_call_tool is not None
        key = next(self._keys)
        self._started[key] = self.start_call_tool(name, arguments, meta)
        return key

    def _poll_call(self, key: int) -> dict[str, Any] | None:
        future = self._started[key]
        if not future.done():
            return None
        del self._started[key]
        error = future.exception()
        return {"error": f"{type(error).__name__}: {error}"} if error is not None else {"result": future.result()}

    def _call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        if self.on_call_tool is None:  # what the host page answers without a binding
            return {"content": [{"type": "text", "text": "ok"}]}
        return self.on_call_tool(name, arguments)

    # ------------------------------------------------------------------ the app frame

    @property
    def frame(self):  # -> playwright.sync_api.Frame
        """The app's frame (Playwright ``Frame``): query, fill, click, evaluate inside the app."""
        handle = self._page.query_selector("iframe#app")
        assert handle is not None, "no app iframe"
        frame = handle.content_frame()
        assert frame is not None, "app iframe has no frame"
        return frame

    def screenshot(self, path: str | Path, *, full_page: bool = True) -> None:
        """A PNG of the app (the iframe element, sized to the app's last reported height)."""
        height = self.size_reports[-1]["height"] if self.size_reports else 600
        self._touched = True  # the viewport changes: this page is not given to another test
        self._page.set_viewport_size({"width": 900, "height": max(900, height + 40)})
        self._page.evaluate("(h) => { document.getElementById('app').style.height = h + 'px'; }", height)
        self.wait_frames(2)  # the resized frame painted
        self._page.locator("iframe#app").screenshot(path=str(path))

    # ------------------------------------------------------------------ protocol

    def _state(self, key: str) -> Any:
        return self._page.evaluate(f"() => window.__host[{key!r}]")

    def wait_initialized(self, timeout: float = 10.0) -> float:
        """Wait for ``ui/notifications/initialized``; returns ms from srcdoc to initialized."""
        self._page.wait_for_function("() => window.__host.initialized", timeout=timeout * 1000)
        return float(self._state("initMs"))

    def wait_first_size(self, timeout: float = 10.0) -> float:
        """Wait for the app's first ``ui/notifications/size-changed``; returns ms from srcdoc to it
        (a real host shows the frame at its reported size, so this is when the user sees it)."""
        self._page.wait_for_function("() => window.__host.sizes.length > 0", timeout=timeout * 1000)
        return float(self._page.evaluate("() => window.__host.sizes[0].t - window.__host.t0"))

    @property
    def initialized(self) -> bool:
        return bool(self._state("initialized"))

    def send_tool_input(self, arguments: dict[str, Any]) -> None:
        self._page.evaluate("(a) => window.__host.toolInput(a)", arguments)

    def send_tool_input_partial(self, arguments: dict[str, Any]) -> None:
        self._page.evaluate("(a) => window.__host.toolInputPartial(a)", arguments)

    def send_tool_result(self, result: dict[str, Any]) -> None:
        self._page.evaluate("(r) => window.__host.toolResult(r)", result)

    def send_cancelled(self, reason: str | None = None) -> None:
        self._page.evaluate("(r) => window.__host.cancelled(r)", reason)

    def teardown(self) -> Any:
        """Send ``ui/resource-teardown``; returns the app's answer."""
        return self._page.evaluate("() => window.__host.teardown()")

    def set_host_context(self, partial: dict[str, Any]) -> None:
        """Send ``ui/notifications/host-context-changed`` with only these keys."""
        self._page.evaluate("(c) => window.__host.bridge.sendHostContextChange(c)", partial)

    def wait_calls(self, n: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Wait for ``n`` of ``calls`` (question polls not counted); returns ``calls``."""
        self._page.wait_for_function(
            f"() => window.__host.calls.filter((call) => call.name !== {QUESTION_POLL!r}).length >= {n}", timeout=timeout * 1000
        )
        return self.calls

    def wait_until(self, predicate: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Poll a Python-side ``predicate`` until truthy (the page keeps running meanwhile)."""
        end = time.monotonic() + timeout
        while not (value := predicate()):
            if time.monotonic() > end:
                raise TimeoutError("condition not met")
            self._page.wait_for_timeout(40)
        return value

    def wait_handled(self) -> None:
        """Wait until every message sent to the app before has been handled: a host-context
        change sent now (the same ordered channel) shows on the page. No clock involved."""
        theme = "light" if self.frame.evaluate("() => document.documentElement.getAttribute('data-theme')") == "dark" else "dark"
        self.set_host_context({"theme": theme})
        self.frame.wait_for_function(f"() => document.documentElement.getAttribute('data-theme') === '{theme}'")

    def wait_frames(self, n: int = 10) -> None:
        """Wait for ``n`` animation frames of the app (rendering, resize observers), then for the
        messages they sent to have reached the host."""
        self.frame.evaluate(
            "(n) => new Promise((done) => { const f = () => (--n > 0 ? requestAnimationFrame(f) : done()); requestAnimationFrame(f); })",
            n,
        )
        self._page.evaluate("() => new Promise((done) => setTimeout(done, 0))")  # one host task: messages in flight land

    # ------------------------------------------------------------------ what the host saw

    @property
    def calls(self) -> list[dict[str, Any]]:
        """``tools/call`` params received, in order: ``{"name", "arguments"}``, but the page's
        question polls (``polls``): what a person's clicks and the page's links asked for."""
        return [call for call in self._state("calls") if call.get("name") != QUESTION_POLL]

    @property
    def polls(self) -> list[dict[str, Any]]:
        """The page's question polls received (``tools/call`` of ``_ui_question``), in order."""
        return [call for call in self._state("calls") if call.get("name") == QUESTION_POLL]

    @property
    def size_reports(self) -> list[dict[str, Any]]:
        return self._state("sizes")

    @property
    def logs(self) -> list[dict[str, Any]]:
        return self._state("logs")

    @property
    def links(self) -> list[str]:
        return self._state("links")

    @property
    def reads(self) -> list[str]:
        """The URIs of the ``resources/read`` requests received (the page's deferred modules)."""
        return self._state("reads")

    @property
    def downloads(self) -> list[dict[str, Any]]:
        """``ui/download-file`` params received: ``{"contents": [EmbeddedResource, …]}``."""
        return self._state("downloads")

    @property
    def mode_requests(self) -> list[str]:
        """The modes ``ui/request-display-mode`` asked for, in order."""
        return self._state("modeRequests")

    @property
    def messages(self) -> list[dict[str, Any]]:
        """``ui/message`` params received: ``{"role", "content"}``."""
        return self._state("messages")

    @property
    def contexts(self) -> list[dict[str, Any]]:
        """``ui/update-model-context`` params received, in order (each replaces the last)."""
        return self._state("contexts")

    @property
    def init_ms(self) -> float | None:
        return self._state("initMs")

    @property
    def console_errors(self) -> list[str]:
        return [text for kind, text in self.console if kind == "error"] + self.page_errors

    @property
    def csp_violations(self) -> list[str]:
        return [text for kind, text in self.console if "CSP-VIOLATION" in text or "Content Security Policy" in text]

    @property
    def page(self):  # -> playwright.sync_api.Page
        """The host page (Playwright ``Page``). A test that uses it gets it to itself: the page is
        closed after the test, never given to another."""
        self._touched = True
        return self._page

    def close(self) -> None:
        if self._poolable and not self._touched and not self._page.is_closed():
            # Nobody owns the page now: a tool call its app made just before (its binding call
            # still on the way, dispatched during the evaluate below) fails at once instead of
            # reaching this test's handler, whose session may be closed already
            self._browser._owner[self._page] = _NOBODY
            try:  # the app goes now, so nothing of it can speak in the next test's name
                self._page.evaluate("() => { window.__host.bridge?.close?.(); document.getElementById('app')?.remove(); }")
            except Exception:  # noqa: BLE001 (a page that cannot be cleaned is closed instead)
                self._page.close()
                return
            self._browser._idle.append(self._page)
            return
        self._page.close()


class Loader:
    """The ``apphost`` fixture: ``apphost.load(html, **kw)`` (or ``apphost(html, **kw)``);
    every page it opened is closed after the test."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.opened: list[AppHost] = []

    def load(self, html: str, **kw: Any) -> AppHost:
        host = self.browser.new_host(html, **kw)
        self.opened.append(host)
        return host

    __call__ = load

    def close(self) -> None:
        for host in self.opened:
            host.close()
