"""One tool's app in a real host UI, checked the same way in each (issue 27, "native in every host").

A ``Case`` is a tool, its arguments (and the same as the Inspector's form takes them) and the
texts its app must show. ``check_in_apprenderer`` and ``check_in_inspector`` open the app in
@mcp-ui/client's AppRenderer (tests/harness/mcpui.py) or MCP Inspector's web UI (tests/harness/inspector.py) and
check what a person would see: the page initializes (``ui/notifications/initialized``), is given
the real result (the one the host got from the server) and shows it, reports its size (and the
host sizes its frame to it), follows a theme change live (``data-theme`` and the page's colours
change), and logs no console error at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Case:
    tool: str
    args: dict[str, Any]
    shows: Sequence[str]
    """Texts the app's page must show (the result's own words)."""
    form: dict[str, Any] | None = None
    """The Inspector's form, by field label (None: the same as ``args``, keyed by name)."""
    title: str | None = None
    """The Inspector's list item (the tool's title, when it has one)."""
    image: bool = False
    """The result holds an image the page must show."""
    error: bool = False
    """The tool fails (``isError``); the page shows the error."""
    no_input: bool = False
    """The tool takes no arguments: the Inspector opens its app as soon as it is picked."""
    id: str = field(default="")

    def __str__(self) -> str:
        return self.id or self.tool


def case_id(case: Case) -> str:
    return str(case)


# --------------------------------------------------------------------------- shared checks


def _body_text(frame: Any) -> str:
    return str(frame.evaluate("() => document.body.innerText"))


def _check_shows(frame: Any, case: Case, wait_until: Any) -> None:
    for text in case.shows:
        wait_until(lambda t=text: t in _body_text(frame), what=f"{case.tool}'s app showing {text!r}")
    if case.image:
        wait_until(
            lambda: frame.evaluate("() => [...document.images].some((i) => i.complete && i.naturalWidth > 0)"),
            what=f"{case.tool}'s app showing its image",
        )


def _theme(frame: Any) -> tuple[str | None, str]:
    return tuple(frame.evaluate(  # type: ignore[return-value]
        "() => [document.documentElement.getAttribute('data-theme'), getComputedStyle(document.body).backgroundColor]"
    ))


def _last_size(wire: Sequence[tuple[str, Any]]) -> dict[str, Any] | None:
    sizes = [m.get("params") for d, m in wire if d == "app→host" and isinstance(m, dict)
             and m.get("method") == "ui/notifications/size-changed"]
    return sizes[-1] if sizes else None


def _canonical(value: Any) -> str:
    """JSON text where 0.0 and 0 are one number (JavaScript, which relayed one side, has no 0.0)."""
    def walk(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    return json.dumps(walk(value), sort_keys=True)


def _same_result(delivered: dict[str, Any], result: dict[str, Any]) -> bool:
    """The same content, structured content and error flag (an absent isError is false)."""
    same = lambda k: _canonical(delivered.get(k)) == _canonical(result.get(k))  # noqa: E731
    return same("content") and same("structuredContent") and bool(delivered.get("isError")) == bool(result.get("isError"))


# --------------------------------------------------------------------------- AppRenderer


def check_in_apprenderer(host: Any, server: str, case: Case, shots: Path) -> None:
    """``case``'s app in the harness's AppRenderer (``tests/harness/mcpui.py``), light then dark."""
    host.open(server, case.tool, case.args, theme="light")
    host.wait_initialized()
    delivered = host.wait_result()
    result = host.state("result")
    assert bool(result.get("isError")) == case.error, f"{case.tool}: isError {result.get('isError')}\n{result}"
    assert _same_result(delivered, result), f"the app was given {delivered}, not the host's result {result}"
    frame = host.app_frame
    _check_shows(frame, case, host.wait_until)

    # Its size: reported, and AppRenderer sizes the sandbox's frame to it.
    size = host.wait_until(lambda: _last_size(host.wire()), what="a size report")
    assert size["height"] > 0, size
    assert host.state("sizes"), "AppRenderer's onSizeChanged was not called"
    sandbox = host.page.locator("iframe").first
    host.wait_until(
        lambda: abs(sandbox.bounding_box()["height"] - _last_size(host.wire())["height"]) < 1.5,
        what=f"the host's frame at the reported height {_last_size(host.wire())}",
    )

    # The theme, live.
    theme, light = _theme(frame)
    assert theme == "light", f"the page did not take the host context's theme: data-theme={theme!r}"
    host.set_theme("dark")
    host.wait_message("ui/notifications/host-context-changed", "host→app")
    host.wait_until(lambda: _theme(frame)[0] == "dark", what="data-theme=dark after the host's change")
    host.wait_until(lambda: _theme(frame)[1] != light, what="the page's background after the host's change")
    host.screenshot(shots / f"mcpui-{case}-dark.png")
    assert host.own_errors() == [], f"{case.tool}'s page logged errors: {host.own_errors()}"
    assert host.state("errors") == [], f"AppRenderer reported errors: {host.state('errors')}"


# --------------------------------------------------------------------------- MCP Inspector

def check_in_inspector(ui: Any, case: Case, answer: Any, shots: Path) -> None:
    """``case``'s app in the Inspector's web UI (connected, Apps tab open), then its theme switch.
    ``answer()`` is the upstream's own latest answer to ``case.tool`` (read off a tap)."""
    console_before = len(ui.app_console)
    if case.no_input:
        ui.page.locator("button.list-item").filter(
            has=ui.page.locator("p:first-child", has_text=re.compile(rf"^{re.escape(case.title or case.tool)}$"))
        ).first.click()
    else:
        ui.pick_tool(case.title or case.tool)
        ui.fill_form(case.form if case.form is not None else case.args)
        ui.open_app()
    ui.wait_app_message("ui/notifications/initialized", "app→host")
    result = ui.wait_until(answer, what=f"the upstream's answer to {case.tool}")

    def delivered() -> Any:
        for d, m in ui.app_messages():
            if d == "host→app" and isinstance(m, dict) and m.get("method") == "ui/notifications/tool-result":
                if _same_result(m.get("params") or {}, result):
                    return m["params"]
        return None

    ui.wait_until(delivered, what=f"the upstream's answer {json.dumps(result)[:300]} given to the app")
    assert bool(result.get("isError")) == case.error, f"{case.tool}: isError {result.get('isError')}\n{result}"
    frame = ui.app_frame()
    _check_shows(frame, case, ui.wait_until)

    size = ui.wait_until(lambda: _last_size(ui.app_messages()), what="a size report")
    assert size["height"] > 0, size

    # The Inspector's own switch flips the theme: the page follows whichever way it goes.
    before, background = _theme(frame)
    assert before in ("light", "dark"), f"the page has no theme from the Inspector: {before!r}"
    after = "dark" if before == "light" else "light"
    ui.page.get_by_role("button", name="Toggle color scheme").click()
    ui.wait_until(lambda: _theme(frame)[0] == after, what=f"data-theme={after} after the Inspector's switch")
    ui.wait_until(lambda: _theme(frame)[1] != background, what="the page's background after the switch")
    ui.screenshot(shots / f"inspector-{case}-{after}.png")
    # The Inspector wraps our document in its own (its <body>): the page then installs no CSP
    # <meta> of its own (runtime.js), so nothing at all is logged, that message included.
    errors = [t for kind, t in ui.app_console[console_before:] if kind == "error"]
    assert errors == [], f"{case.tool}'s page logged errors in the Inspector: {errors}"

