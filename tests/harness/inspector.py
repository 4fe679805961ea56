"""MCP Inspector's web UI as a test host, driven as a person drives it (Playwright, Debian Chromium).

The Inspector (npm ``@modelcontextprotocol/inspector`` 2.12.0, pinned in ``tests/js``) is started
on free loopback ports with one ad-hoc stdio server — here usually ``compile-ui proxy -- <upstream>``
— and a protocol era (``legacy``, ``auto`` or ``modern``)::

    with Inspector(proxy_command(DEMO), era="modern") as inspector:      # the node process
        ui = InspectorPage(inspector, playwright_browser)               # a tab on its web UI
        ui.connect()                      # the server card's switch; waits for "Connected"
        ui.open_apps_tab()                # waits for "MCP Apps (N)": the tools were listed
        ui.pick_tool("forecast")          # the list item (the tool's title, else its name)
        ui.fill("City", "Oslo")           # the host's input form, by field label
        app = ui.open_app()               # "Open App"; waits for the app's frame
        ui.wait_app_message("ui/notifications/initialized")
        expect(app.locator("body")).to_contain_text("Oslo")
        ui.screenshot("out.png")

How the Inspector is started (read off its source, ``clients/web/build/index.js``):
``node …/inspector/clients/launcher/build/index.js --web --protocol-era ERA -- COMMAND ARGS…``
with env ``CLIENT_PORT`` (the web UI; fixed, 0 is refused), ``MCP_SANDBOX_PORT`` (the MCP Apps
sandbox page; it falls back to ``SERVER_PORT``, then 6275, and to an OS-assigned port when taken),
``MCP_APP_ORIGIN_PORT=0`` (the origin for apps declaring ``_meta.ui.domain``; OS-assigned),
``MCP_AUTO_OPEN_ENABLED=false`` (else it opens a browser itself), ``DANGEROUSLY_OMIT_AUTH=true``
(no token in the URL; it binds 127.0.0.1 by default, ``HOST``), ``MCP_STORAGE_DIR`` and
``MCP_INSPECTOR_SECRET_STORE=memory`` (nothing written outside a temporary directory). It prints
``MCP Inspector Web is up and running at: URL`` once listening. An ad-hoc command's server is named
after the command's basename (``python`` here) and the session is read-only.

The page: the server card's connect switch is ``role=switch`` named ``Connect or disconnect "NAME"``;
the tabs (Servers, Apps, Tools, Prompts, Resources) are a radio group; the Apps tab shows only
when some tool carries ``_meta.ui``; its list items are buttons (title or name, then the
description); the form's fields are Mantine inputs labelled with the property's title or name
(an "Edit as JSON" switch offers the arguments as JSON); "Open App" calls the tool and puts the app
in ``iframe[src$="/sandbox"]`` (the Inspector's sandbox proxy, another origin), which holds the
app itself in a ``srcdoc`` iframe. The host is the official ``AppBridge``.

Evidence for assertions and failure messages:
* ``Inspector(..., tap=True)`` relays the server's stdio through ``python tests/harness/inspector.py tap``,
  which writes every JSON-RPC line each way to a log: ``inspector.traffic()`` → ``[(">>"|"<<", msg)]``
  (``>>`` host to server). ``proxy_command(upstream, tap_to=path)`` taps the proxy's upstream too,
  so a test can read the upstream's own answer.
  ``listen_answers`` and ``answer_to`` read such traffic.
* ``InspectorPage`` records the page ↔ host postMessage traffic seen by the sandbox frame:
  ``ui.app_messages()`` → ``[("app→host"|"host→app", msg)]``.
* ``describe()`` on either gives the visible state and the last messages, for assertion messages.

Fixtures, at the end (``pytest_plugins = ["harness.inspector"]`` in a test module brings them in):
``inspector_browser`` (the session Chromium of ``conftest.browser``: one Playwright per test
process) and ``start_inspector(command, era=...)`` → ``(Inspector, InspectorPage)``, each closed and
stopped after the test::

    def test_x(start_inspector):
        inspector, ui = start_inspector(proxy_command(DEMO), era="auto")
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Self

if __name__ == "__main__":  # run as the tap (below): tests/, the folder of package harness, is not on sys.path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness.asyncutil import end_group, wait_until  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "tests" / "js"
NPM = JS / "node_modules" / "@modelcontextprotocol"
INSPECTOR_PKG = NPM / "inspector"
INSPECTOR_BIN = INSPECTOR_PKG / "clients" / "launcher" / "build" / "index.js"
EVERYTHING = ["node", str(NPM / "server-everything" / "dist" / "index.js")]
"""npm server-everything over stdio (TypeScript SDK 1.x: the handshake era only)."""
DEMO = [sys.executable, "-m", "compiler.demo.server"]
ERAS = ("legacy", "auto", "modern")
BANNER = re.compile(r"MCP Inspector Web is up and running at:\s*(\S+)")
SANDBOX_BANNER = re.compile(r"Sandbox \(MCP Apps\):\s*(\S+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tap_command(log: Path | str, command: Sequence[str]) -> list[str]:
    """``command`` behind a stdio relay that logs each JSON-RPC line both ways to ``log``."""
    return [sys.executable, str(Path(__file__).resolve()), "tap", str(log), "--", *command]


def proxy_command(upstream: Sequence[str], *options: str, tap_to: Path | str | None = None) -> list[str]:
    """``compile-ui proxy`` (this checkout's code: run with ``cwd`` at the checkout) in front of
    ``upstream``; with ``tap_to``, the proxy ↔ upstream stdio is logged there."""
    if tap_to is not None:
        upstream = tap_command(tap_to, upstream)
    return [sys.executable, "-m", "compiler", "proxy", "--no-cache", *options, "--", *upstream]


def read_tap(log: Path | str) -> list[tuple[str, Any]]:
    """The lines a tap logged: ``(">>", msg)`` towards the wrapped command, ``("<<", msg)`` from it."""
    out: list[tuple[str, Any]] = []
    try:
        text = Path(log).read_text(encoding="utf-8")
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line being written
        out.append((entry["dir"], entry["msg"]))
    return out


def summarize(traffic: Sequence[tuple[str, Any]], last: int = 20, width: int = 300) -> str:
    lines = []
    for direction, msg in traffic[-last:]:
        text = json.dumps(msg, separators=(",", ":")) if not isinstance(msg, str) else msg
        lines.append(f"  {direction} {text[:width]}{'…' if len(text) > width else ''}")
    return "\n".join(lines) or "  (nothing)"


def listen_answers(traffic: Sequence[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Each ``subscriptions/listen`` the host sent and how it was answered: ``{"id": its id,
    "acknowledged_as": the subscriptionId of the ``notifications/subscriptions/acknowledged`` that
    came back next, "error": a JSON-RPC error answered to its id}`` (None while not seen)."""
    out: list[dict[str, Any]] = []
    for direction, msg in traffic:
        if not isinstance(msg, dict):
            continue
        if direction == ">>" and msg.get("method") == "subscriptions/listen":
            out.append({"id": msg.get("id"), "acknowledged_as": None, "error": None})
        elif direction == "<<" and msg.get("method") == "notifications/subscriptions/acknowledged":
            sub = ((msg.get("params") or {}).get("_meta") or {}).get("io.modelcontextprotocol/subscriptionId")
            waiting = [a for a in out if a["acknowledged_as"] is None and a["error"] is None]
            if waiting:
                waiting[0]["acknowledged_as"] = sub
        elif direction == "<<" and "error" in msg:
            for a in out:
                if a["id"] == msg.get("id"):
                    a["error"] = msg["error"]
    return out


def answer_to(traffic: Sequence[tuple[str, Any]], method: str, name: str | None = None) -> Any:
    """The result (or error) the wrapped command gave to the last ``method`` request (of tool or
    resource ``name`` if given) in a tap's traffic; None while unanswered."""
    wanted = None
    for direction, msg in traffic:
        if not isinstance(msg, dict):
            continue
        params = msg.get("params") or {}
        named = name is None or name in (params.get("name"), params.get("uri"))
        if direction == ">>" and msg.get("method") == method and "id" in msg and named:
            wanted = msg["id"]
    if wanted is None:
        return None
    for direction, msg in traffic:
        if direction == "<<" and isinstance(msg, dict) and msg.get("id") == wanted and "method" not in msg:
            return msg.get("result", msg.get("error"))
    return None


def _descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (from /proc), children first."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for t in tasks:
            try:
                kids = Path(f"/proc/{p}/task/{t}/children").read_text().split()
            except OSError:
                continue
            for k in kids:
                out.append(int(k))
                todo.append(int(k))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


# --------------------------------------------------------------------------- the node process


class Inspector:
    """One MCP Inspector web UI (its node process) serving one ad-hoc stdio server ``command``.

    ``era``: ``legacy`` | ``auto`` | ``modern`` (``--protocol-era``). ``cwd``: the server's working
    directory (the checkout whose ``compiler`` package ``python -m compiler`` runs). ``tap``: log
    the Inspector ↔ server stdio (``traffic()``). Stop with ``stop()`` or use as a context manager.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        era: str = "legacy",
        cwd: Path | str = ROOT,
        tap: bool = True,
        env: dict[str, str] | None = None,
        start_timeout: float = 20.0,
    ) -> None:
        if era not in ERAS:
            raise ValueError(f"era must be one of {ERAS}")
        if not INSPECTOR_BIN.exists():
            raise RuntimeError(f"{INSPECTOR_BIN} missing: run `npm ci` in {JS}")
        self.era = era
        self.dir = Path(tempfile.mkdtemp(prefix="inspector-"))
        self.tap_log = self.dir / "traffic.jsonl" if tap else None
        self.command = tap_command(self.tap_log, command) if self.tap_log else list(command)
        self.log_path = self.dir / "inspector.log"
        self.proc: subprocess.Popen | None = None
        self._pids: set[int] = set()
        last_error = ""
        for _attempt in range(3):  # a free port can be taken between asking and binding
            self.port, self.sandbox_port = free_port(), free_port()
            try:
                self._start(cwd, env or {}, start_timeout)
                return
            except _PortTaken as e:
                last_error = str(e)
                self._kill()
        raise RuntimeError(f"MCP Inspector did not start: {last_error}")

    def _start(self, cwd: Path | str, extra_env: dict[str, str], timeout: float) -> None:
        env = {
            **os.environ,
            "CLIENT_PORT": str(self.port),
            "MCP_SANDBOX_PORT": str(self.sandbox_port),
            "MCP_APP_ORIGIN_PORT": "0",
            "HOST": "127.0.0.1",
            "DANGEROUSLY_OMIT_AUTH": "true",
            "MCP_AUTO_OPEN_ENABLED": "false",
            "MCP_STORAGE_DIR": str(self.dir / "storage"),
            "MCP_INSPECTOR_SECRET_STORE": "memory",
            **extra_env,
        }
        for key in ("MCP_CATALOG_PATH", "ANTHROPIC_API_KEY"):  # no catalog; the proxy's heuristic layouts
            env.pop(key, None)
        self.log_path.write_bytes(b"")
        argv = ["node", str(INSPECTOR_BIN), "--web", "--protocol-era", self.era, "--", *self.command]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                argv, cwd=str(cwd), env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stop() signals the group
            )
        # its banner goes to a log file: looked at until it is there, its port is taken, or it exits
        wait_until(lambda: BANNER.search(self.output()) or "PORT IS IN USE" in self.output() or self.proc.poll() is not None,
                   timeout)
        end = time.monotonic()  # the wait is over: whatever the log says now is final
        while True:
            out = self.output()
            if m := BANNER.search(out):
                self.url = m.group(1).rstrip("/")
                s = SANDBOX_BANNER.search(out)
                self.sandbox_url = s.group(1) if s else None
                return
            if "PORT IS IN USE" in out:
                raise _PortTaken(out)
            if self.proc.poll() is not None:
                raise RuntimeError(f"MCP Inspector exited ({self.proc.returncode}):\n{out}")
            if time.monotonic() > end:
                raise RuntimeError(f"MCP Inspector did not start in {timeout} s:\n{out}")

    def output(self) -> str:
        """What the Inspector printed (stdout and stderr; the stdio server's stderr is not here)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def traffic(self) -> list[tuple[str, Any]]:
        """The Inspector ↔ server JSON-RPC lines so far: ``(">>", msg)`` to the server, ``("<<", msg)``
        from it."""
        return read_tap(self.tap_log) if self.tap_log else []

    def describe(self, last: int = 20) -> str:
        return f"Inspector ({self.era}) ↔ server, last messages:\n{summarize(self.traffic(), last)}"

    def _remember_children(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self._pids.update(_descendants(self.proc.pid))

    def _kill(self) -> None:
        if self.proc is None:
            return
        self._remember_children()
        if self.proc.poll() is None:
            end_group(self.proc, 10)
        # The server it started (and the proxy's upstream, in a session of its own) end on stdin
        # EOF; whatever of ours outlives a grace period is ended by its pid.
        wait_until(lambda: not any(_alive(p) for p in self._pids), 5)
        for pid in self._pids:
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.proc = None

    def stop(self) -> None:
        """End the Inspector and what it started; remove its temporary directory."""
        self._kill()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _PortTaken(RuntimeError):
    pass


# --------------------------------------------------------------------------- the web UI

# Runs in every frame: the sandbox frame records the JSON-RPC it relays (from its parent: host→app;
# from its child: app→host).
_WIRE_PROBE = """
(() => {
  if (window.__mcpAppsWire) return;
  const wire = window.__mcpAppsWire = [];
  window.addEventListener("message", (e) => {
    const d = e.data;
    if (!d || typeof d !== "object" || d.jsonrpc !== "2.0") return;
    const from = (window.parent !== window && e.source === window.parent) ? "host→app" : "app→host";
    try { wire.push([from, JSON.parse(JSON.stringify(d))]); }
    catch (err) { wire.push([from, String(d.method)]); }
  }, true);
})();
"""


class InspectorPage:
    """One tab on an ``Inspector``'s web UI, in its own browser context (fresh storage)."""

    def __init__(self, inspector: Inspector, browser: Any, *, width: int = 1400, height: int = 1000) -> None:
        self.inspector = inspector
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(_WIRE_PROBE)
        self.page = self.context.new_page()
        self.console: list[tuple[str, str]] = []
        self.app_console: list[tuple[str, str]] = []  # what the app's own frame (about:srcdoc) logged
        self.page_errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.page.goto(inspector.url)
        self.connect_switch.wait_for(state="attached", timeout=15_000)

    def _console(self, message: Any) -> None:
        self.console.append((message.type, message.text))
        if (message.location or {}).get("url") == "about:srcdoc":
            self.app_console.append((message.type, message.text))

    # ------------------------------------------------------------------ servers tab

    @property
    def connect_switch(self):
        return self.page.get_by_role("switch", name=re.compile(r"^Connect or disconnect")).first

    def connect(self, timeout: float = 60.0) -> None:
        """Turn the server card's switch on; wait until the card says "Connected" (the bound: four
        Python processes start in a chain, Inspector → tap → proxy → tap → server; with four
        workers on two cores the card said "Connected" just after 15 s, its lists 2-2.5 s each)."""
        # The switch is controlled (checked while "connecting" or "connected", after the
        # Inspector's state updates), so Playwright's check(), which wants the input flipped at
        # once, fails on a slow machine. Click; if after a while the card still says
        # "Disconnected" (a click before React attached its handler), click once more.
        connected = self.page.get_by_text("Connected", exact=True).first
        disconnected = self.page.get_by_text("Disconnected", exact=True)
        deadline = time.monotonic() + timeout
        # (visible first: a switch attached before the card is laid out has no box to click, and a
        # forced click fails "Element is not visible" — seen once in a full suite run)
        self.connect_switch.wait_for(state="visible", timeout=15_000)
        self.connect_switch.click(force=True)  # Mantine draws the track over the input
        retried = False
        while True:
            try:
                connected.wait_for(timeout=1000)
                return
            except Exception as e:
                if time.monotonic() >= deadline:
                    raise AssertionError(
                        f"the Inspector did not connect in {timeout} s\n{self.describe()}"
                    ) from e
            if not retried and disconnected.count():
                self.connect_switch.click(force=True)
                retried = True

    def protocol_version(self) -> str:
        """The version the server card shows once connected (``2025-11-25``, ``2026-07-28``…)."""
        text = self.page.get_by_text(re.compile(r"^MCP \d{4}-\d{2}-\d{2}$")).first.inner_text()
        return text.removeprefix("MCP ").strip()

    # ------------------------------------------------------------------ apps tab

    def tab(self, name: str):
        """The header's tab ``name`` (Servers, Apps, Tools, Prompts, Resources)."""
        return self.page.get_by_role("radio", name=name, exact=True)

    def open_apps_tab(self, timeout: float = 15.0) -> int:
        """Wait for the Apps tab (shown once tools with ``_meta.ui`` are listed), open it; the count."""
        try:
            self.tab("Apps").wait_for(state="attached", timeout=timeout * 1000)
        except Exception as e:
            raise AssertionError(
                f"no Apps tab in {timeout} s: the Inspector listed no app tools\n{self.describe()}"
            ) from e
        self.show_tab("Apps")
        heading = self.page.get_by_role("heading", name=re.compile(r"^MCP Apps \(\d+\)$"))
        heading.wait_for(timeout=5000)
        return int(re.search(r"\((\d+)\)", heading.inner_text()).group(1))

    def show_tab(self, name: str) -> None:
        """Click the header's tab ``name`` (its label: the radio input itself is hidden)."""
        self.page.get_by_role("radiogroup").get_by_text(name, exact=True).click()

    def app_list(self) -> list[str]:
        """The Apps list's items, their first line (a tool's title, else its name)."""
        items = self.page.locator("button.list-item p:first-child").all_inner_texts()
        return [t.strip() for t in items]

    def pick_tool(self, title: str, *, form: bool = True) -> None:
        """Click the Apps list item whose first line is ``title``; wait for its input form (a tool
        without inputs, ``form=False``, has none: the Inspector opens its app at once)."""
        item = self.page.locator("button.list-item").filter(
            has=self.page.locator("p:first-child", has_text=re.compile(rf"^{re.escape(title)}$"))
        )
        item.first.click()
        if form:
            self.open_app_button.wait_for()

    # ------------------------------------------------------------------ the host's input form

    def field(self, label: str):
        """The form's input labelled ``label`` (a property's title, else its name)."""
        exact = re.compile(rf"^{re.escape(label)}\s*\*?$")
        return self.page.locator(".mantine-InputWrapper-root").filter(
            has=self.page.locator("label", has_text=exact)
        ).locator("input, textarea").first

    def fill(self, label: str, value: Any) -> None:
        """Type ``value`` into the field labelled ``label``, as a person would."""
        box = self.field(label)
        box.fill(str(value))
        box.press("Tab")

    def fill_form(self, values: dict[str, Any]) -> None:
        for label, value in values.items():
            self.fill(label, value)

    @property
    def open_app_button(self):
        return self.page.get_by_role("button", name="Open App", exact=True)

    def open_app(self, timeout: float = 15.0):
        """Press "Open App"; wait for the app's own frame inside the sandbox; return it (a
        Playwright ``Frame``). ``app_locator`` is the same frame as a ``FrameLocator``."""
        self.open_app_button.click()
        try:
            return self.app_frame(timeout)
        except TimeoutError as e:
            raise AssertionError(f"the app's frame did not appear in {timeout} s\n{self.describe()}") from e

    @property
    def sandbox_locator(self):
        return self.page.frame_locator('iframe[src$="/sandbox"]').first

    @property
    def app_locator(self):
        """The app's document (auto-waiting ``FrameLocator``): ``ui.app_locator.locator("body")``."""
        return self.sandbox_locator.frame_locator("iframe").first

    def sandbox_frame(self, timeout: float = 10.0):
        handle = self.page.wait_for_selector('iframe[src$="/sandbox"]', timeout=timeout * 1000)
        end = time.monotonic() + timeout
        while (frame := handle.content_frame()) is None:
            if time.monotonic() > end:
                raise TimeoutError("the sandbox iframe has no frame")
            self.page.wait_for_timeout(25)
        return frame

    def app_frame(self, timeout: float = 10.0):
        """The app's frame (``srcdoc``, inside the sandbox frame) once it exists."""
        sandbox = self.sandbox_frame(timeout)
        handle = sandbox.wait_for_selector("iframe", state="attached", timeout=timeout * 1000)
        end = time.monotonic() + timeout
        while (frame := handle.content_frame()) is None:
            if time.monotonic() > end:
                raise TimeoutError("the app iframe has no frame")
            self.page.wait_for_timeout(25)
        return frame

    # ------------------------------------------------------------------ page ↔ host wire

    def app_messages(self) -> list[tuple[str, Any]]:
        """The MCP Apps JSON-RPC the sandbox frame relayed: ``("app→host"|"host→app", msg)``."""
        from playwright.sync_api import Error

        try:
            frame = self.sandbox_frame(0.5)
            return [tuple(x) for x in frame.evaluate("() => window.__mcpAppsWire || []")]
        except (Error, TimeoutError):  # no app open, or its frame is navigating
            return []

    def wait_app_message(self, method: str, direction: str | None = None, timeout: float = 10.0) -> Any:
        """Wait for a relayed message ``method`` (e.g. ``ui/notifications/initialized``); its params."""
        end = time.monotonic() + timeout
        while True:
            for d, msg in self.app_messages():
                if isinstance(msg, dict) and msg.get("method") == method and direction in (None, d):
                    return msg.get("params")
            if time.monotonic() > end:
                raise AssertionError(f"no {method} in {timeout} s\n{self.describe()}")
            self.page.wait_for_timeout(40)

    # ------------------------------------------------------------------ looking

    def wait_until(self, predicate: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
        """Poll a Python-side ``predicate`` until truthy (the page keeps running meanwhile)."""
        end = time.monotonic() + timeout
        while not (value := predicate()):
            if time.monotonic() > end:
                raise AssertionError(f"{what}: not met in {timeout} s\n{self.describe()}")
            self.page.wait_for_timeout(40)
        return value

    def screenshot(self, path: Path | str, *, full_page: bool = False) -> Path:
        self.page.screenshot(path=str(path), full_page=full_page)
        return Path(path)

    def describe(self) -> str:
        from playwright.sync_api import Error

        try:
            visible = re.sub(r"\n\s*\n+", "\n", self.page.inner_text("body"))[:1500]
        except Error as e:  # the page is gone
            visible = f"(unreadable: {e})"
        errors = [t for kind, t in self.console if kind == "error"][-5:] + self.page_errors[-5:]
        return (
            f"--- the Inspector page shows:\n{visible}\n"
            f"--- console errors: {errors}\n"
            f"--- page ↔ host:\n{summarize(self.app_messages(), 12)}\n"
            f"--- {self.inspector.describe()}"
        )

    def close(self) -> None:
        self.context.close()


# --------------------------------------------------------------------------- pytest fixtures

if __name__ != "__main__":  # the tap (below) runs without pytest
    import pytest

    @pytest.fixture(scope="session")
    def inspector_browser(browser: Any) -> Any:
        """The session's headless Chromium (Playwright's ``Browser``; ``conftest.browser``): one
        Playwright per test process, as its sync API allows only one."""
        return browser.browser

    @pytest.fixture
    def start_inspector(inspector_browser) -> Iterator[Callable[..., tuple[Inspector, InspectorPage]]]:
        """``start_inspector(command, era=..., **kw)`` → ``(Inspector, InspectorPage)``, both
        closed after the test (the page first, then the node process and what it started)."""
        started: list[tuple[Inspector, InspectorPage | None]] = []

        def start(command: Sequence[str], **kwargs: Any) -> tuple[Inspector, InspectorPage]:
            inspector = Inspector(command, **kwargs)
            started.append((inspector, None))
            page = InspectorPage(inspector, inspector_browser)
            started[-1] = (inspector, page)
            return inspector, page

        yield start
        for inspector, page in reversed(started):
            if page is not None:
                page.close()
            inspector.stop()


# --------------------------------------------------------------------------- the stdio tap


def _tap(log_path: str, command: list[str]) -> int:
    """Relay this process's stdin/stdout to ``command``, logging each line as JSON to ``log_path``."""
    with open(log_path, "a", encoding="utf-8", buffering=1) as log:
        return _relay(log, command)


def _relay(log: Any, command: list[str]) -> int:
    lock = threading.Lock()

    def record(direction: str, line: bytes) -> None:
        text = line.decode("utf-8", errors="replace").rstrip("\r\n")
        try:
            msg: Any = json.loads(text)
        except ValueError:
            msg = text
        with lock:
            log.write(json.dumps({"t": time.time(), "dir": direction, "msg": msg}) + "\n")

    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def forward_signal(signum: int, _frame: object) -> None:
        try:
            child.send_signal(signum)
        except ProcessLookupError:
            pass

    signal.signal(signal.SIGTERM, forward_signal)
    signal.signal(signal.SIGINT, forward_signal)

    def downstream() -> None:
        assert child.stdin is not None
        try:
            for line in sys.stdin.buffer:
                record(">>", line)
                child.stdin.write(line)
                child.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        finally:
            try:
                child.stdin.close()
            except OSError:
                pass

    threading.Thread(target=downstream, daemon=True).start()
    assert child.stdout is not None
    try:
        for line in child.stdout:
            record("<<", line)
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()
    except (BrokenPipeError, OSError):
        child.terminate()
    return child.wait()


if __name__ == "__main__":
    # python tests/harness/inspector.py tap LOG -- COMMAND [ARGS…]
    if len(sys.argv) >= 5 and sys.argv[1] == "tap" and sys.argv[3] == "--":
        sys.exit(_tap(sys.argv[2], sys.argv[4:]))
    sys.exit("usage: python tests/harness/inspector.py tap LOG -- COMMAND [ARGS…]")
