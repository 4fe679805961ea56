"""Issue 27 in a real host UI: MCP Inspector's web UI (npm 2.12.0; it declares downloadFile and
openLinks, display modes inline and fullscreen, container dimensions, style variables), driven as a
person drives it (tests/harness/inspector.py), in front of ``compile-ui proxy -- <the demo server>``.

Each capability is used for real: a download the Inspector saves after its ``window.confirm``
(accepted here) whose file holds the rows; a switch to fullscreen and back; a link the Inspector
opens in a new tab, the app's frame never navigating; the Inspector's dark switch seen inside the
page. The cases where a host lacks a capability are in tests/hosts/test_host_features.py (AppBridge)."""

from __future__ import annotations

import csv
import io
import re

import pytest

pytest.register_assert_rewrite("inspector")
pytest_plugins = ["harness.inspector"]  # its fixtures: inspector_browser, start_inspector

from harness.inspector import DEMO, answer_to, proxy_command, read_tap  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.npm]


def open_demo_app(start_inspector, tmp_path, tool, form, era="legacy"):
    """The Inspector on the proxy in front of the demo server; ``tool``'s app opened with ``form``.
    Returns (ui, the app's frame, the upstream's own answer)."""
    tap = tmp_path / "upstream.jsonl"
    inspector, ui = start_inspector(proxy_command(DEMO, tap_to=tap), era=era)
    ui.connect()
    ui.open_apps_tab()
    ui.pick_tool(tool)
    ui.fill_form(form)
    app = ui.open_app()
    ui.wait_app_message("ui/notifications/initialized", "app→host")
    ui.wait_app_message("ui/notifications/tool-result", "host→app")
    answer = ui.wait_until(lambda: answer_to(read_tap(tap), "tools/call", tool), what=f"the upstream's answer to {tool}")
    return ui, app, answer


def own_errors(ui) -> list[str]:
    """Every error our page's frame logged, and its uncaught exceptions. The Inspector wraps our
    document in its own (`<!DOCTYPE html><html><head><meta CSP…></head><body>OUR PAGE</body>`):
    the page then puts no CSP <meta> of its own (runtime.js; one in a <body> is ignored and logged
    as an error), the policy in force is the Inspector's, built from our _meta.ui.csp."""
    return [t for kind, t in ui.app_console if kind == "error"] + ui.page_errors


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_download_fullscreen_and_dark_in_the_inspector(start_inspector, tmp_path, era):
    ui, app, answer = open_demo_app(start_inspector, tmp_path, "forecast", {"City": "Oslo", "Days": 4}, era)
    days = answer["structuredContent"]["days"]
    view = ui.app_locator
    table = view.locator(".hv", has=view.locator("table"))

    # A real download: the Inspector asks first (window.confirm), then saves the file.
    dialogs: list[str] = []
    ui.page.on("dialog", lambda d: (dialogs.append(d.message), d.accept()))
    with ui.page.expect_download() as got:
        table.get_by_role("button", name="Download these rows as CSV").click()
    download = got.value
    assert download.suggested_filename == "forecast.csv"
    rows = list(csv.DictReader(io.StringIO(open(download.path(), encoding="utf-8").read())))
    # The data as JavaScript writes a number (0.0 is "0"), never as the table shows it.
    expected = [{k: f"{v:g}" if isinstance(v, float) else str(v) for k, v in d.items()} for d in days]
    assert rows == expected, "the file holds the upstream's rows, as data"
    assert dialogs and "download" in dialogs[0].lower()

    # Fullscreen and back: the Inspector grows the app, the page uses the room, then returns.
    frame_box = lambda: ui.page.locator('iframe[src$="/sandbox"]').first.bounding_box()  # noqa: E731
    inline_width = frame_box()["width"]
    table.get_by_role("button", name="Fullscreen").click()
    app.wait_for_function("() => document.documentElement.dataset.mode === 'fullscreen'")
    ui.wait_until(lambda: frame_box()["width"] > inline_width + 200, what="the Inspector's fullscreen app")
    app.wait_for_function(f"() => document.querySelector('.app').getBoundingClientRect().width > {inline_width}")
    ui.screenshot(tmp_path / "inspector-fullscreen.png")
    table.get_by_role("button", name="Exit fullscreen").click()
    app.wait_for_function("() => document.documentElement.dataset.mode === 'inline'")
    ui.wait_until(lambda: abs(frame_box()["width"] - inline_width) < 2, what="the app back inline")

    # The Inspector's dark switch, seen inside the page.
    light = app.evaluate("() => getComputedStyle(document.body).backgroundColor")
    ui.page.get_by_role("button", name="Toggle color scheme").click()
    app.wait_for_function("() => document.documentElement.getAttribute('data-theme') === 'dark'")
    app.wait_for_function(f"() => getComputedStyle(document.body).backgroundColor !== {light!r}")
    ui.screenshot(tmp_path / "inspector-dark.png")
    assert own_errors(ui) == []


def test_a_link_opens_through_the_inspector(start_inspector, tmp_path):
    ui, app, answer = open_demo_app(start_inspector, tmp_path, "search_records", {"Query": "oslo"})
    ui.context.route(re.compile(r"^https://en\.wikipedia\.org/"), lambda route: route.fulfill(body="a page", content_type="text/plain"))
    link = ui.app_locator.get_by_role("link", name="https://en.wikipedia.org/wiki/Oslo")
    before = app.url
    with ui.context.expect_page() as opened:
        link.click()
    assert opened.value.url == "https://en.wikipedia.org/wiki/Oslo"
    assert ui.wait_app_message("ui/open-link", "app→host") == {"url": "https://en.wikipedia.org/wiki/Oslo"}
    assert app.url == before, "the app's own frame navigated"
    assert own_errors(ui) == []
