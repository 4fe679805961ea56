"""Issue 27: the page uses what the host offers — downloads, fullscreen, links, the container's
size — and shows no dead control where the host offers nothing. Headless Chromium and the
official AppBridge (tests/harness/apphost.py); the same features in MCP Inspector's web UI are in
tests/hosts/test_inspector_host.py.

The host here declares exactly what a test names (``host_capabilities``, ``availableDisplayModes``
in the host context), answers ``ui/download-file`` and ``ui/request-display-mode`` and records them
(``host.downloads``, ``host.mode_requests``)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from compiler.compile import compile_tree
from compiler.pipeline import build_page
from compiler.render import render_page
from conftest import CORPUS

pytestmark = pytest.mark.browser

FORECAST = json.loads((CORPUS.parent / "tools" / "with_output.json").read_text())
DAYS = [{"date": f"2026-01-{d:02d}", "high": 3.5 + d, "low": -2 + d} for d in range(1, 8)]
RESULT = {"content": [{"type": "text", "text": json.dumps({"city": "Oslo", "days": DAYS})}], "structuredContent": {"city": "Oslo", "days": DAYS}}
ALL = {"openLinks": {}, "downloadFile": {}, "serverTools": {}, "logging": {}}
NONE = {"serverTools": {}, "logging": {}}
MODES = {"displayMode": "inline", "availableDisplayModes": ["inline", "fullscreen"]}


def forecast(apphost, caps, context=None, **kw):
    host = apphost(build_page(FORECAST), host_capabilities=caps, host_context=context or {}, **kw)
    host.wait_initialized()
    host.send_tool_result(RESULT)
    host.frame.wait_for_selector("#result .result-body table", state="attached")
    return host


def clean(host) -> None:
    assert host.console_errors == [] and host.csp_violations == []


def test_the_forecast_page_reads_nothing_and_offers_only_what_the_host_does(apphost):
    offered, bare = forecast(apphost, ALL), forecast(apphost, NONE)
    assert offered.reads == [] and bare.reads == []  # self-contained: its views are its own
    assert offered.frame.get_by_role("button", name="Download these rows as CSV").count() >= 1
    assert bare.frame.get_by_role("button", name="Download these rows as CSV").count() == 0


def test_download_csv_holds_the_rows_as_data_named_after_the_tool(apphost):
    host = forecast(apphost, ALL)
    frame = host.frame
    table = frame.locator(".hv", has=frame.locator("table")).first
    table.get_by_role("button", name="Download these rows as CSV").click()
    host.wait_until(lambda: host.downloads)
    (item,) = host.downloads[0]["contents"]
    assert item["type"] == "resource"
    res = item["resource"]
    assert res["uri"] == f"file:///{FORECAST['name']}.csv" and res["mimeType"] == "text/csv"
    rows = list(csv.DictReader(io.StringIO(res["text"])))
    # The table's columns, the data, not the formatted text.
    assert rows == [{k: str(v) for k, v in d.items()} for d in DAYS]
    table.get_by_role("button", name="Download the whole result as JSON").click()
    host.wait_until(lambda: len(host.downloads) == 2)
    res = host.downloads[1]["contents"][0]["resource"]
    assert res["uri"] == f"file:///{FORECAST['name']}.json" and res["mimeType"] == "application/json"
    assert json.loads(res["text"]) == RESULT["structuredContent"]
    clean(host)


def test_a_refused_download_says_so(apphost):
    host = apphost(build_page(FORECAST), host_capabilities=ALL)
    host.page.evaluate("() => { window.__host.bridge.ondownloadfile = async () => ({ isError: true }); }")
    host.wait_initialized()
    host.send_tool_result(RESULT)
    frame = host.frame
    frame.get_by_role("button", name="Download these rows as CSV").first.click()
    frame.get_by_role("status").filter(has_text="Not downloaded.").first.wait_for()


def test_fullscreen_goes_and_comes_back_and_follows_the_host(apphost):
    host = forecast(apphost, ALL, MODES)
    frame = host.frame
    toggle = frame.get_by_role("button", name="Fullscreen").first
    narrow = frame.evaluate("() => document.querySelector('.app').getBoundingClientRect().width")
    toggle.click()
    frame.wait_for_function("() => document.documentElement.dataset.mode === 'fullscreen'")
    assert host.mode_requests == ["fullscreen"]
    host.page.set_viewport_size({"width": 1400, "height": 900})
    host.page.evaluate("() => { document.getElementById('app').style.width = '1300px'; }")
    frame.wait_for_function(f"() => document.querySelector('.app').getBoundingClientRect().width > {narrow + 300}")
    exit_ = frame.get_by_role("button", name="Exit fullscreen").first
    assert exit_.get_attribute("aria-pressed") == "true"
    exit_.click()
    frame.wait_for_function("() => document.documentElement.dataset.mode === 'inline'")
    assert host.mode_requests == ["fullscreen", "inline"]
    # The host changes the mode itself (its own control): the page follows.
    host.set_host_context({"displayMode": "fullscreen"})
    frame.wait_for_function("() => document.documentElement.dataset.mode === 'fullscreen'")
    assert frame.get_by_role("button", name="Exit fullscreen").count() >= 1
    clean(host)


def test_no_dead_control_when_the_host_offers_nothing(apphost):
    host = forecast(apphost, NONE, {"displayMode": "inline", "availableDisplayModes": ["inline"]})
    frame = host.frame
    host.wait_handled()
    assert frame.locator(".hv-bar").count() == 0
    assert frame.get_by_role("button", name="Fullscreen").count() == 0
    assert frame.get_by_role("button", name="Download these rows as CSV").count() == 0
    assert frame.locator(".result-body table tbody tr").count() == len(DAYS)
    clean(host)


def test_only_what_the_host_offers(apphost):
    host = forecast(apphost, NONE, MODES)  # fullscreen, no downloads
    frame = host.frame
    assert frame.get_by_role("button", name="Fullscreen").count() >= 1
    assert frame.get_by_role("button", name="Download these rows as CSV").count() == 0
    host = forecast(apphost, ALL)  # downloads, no fullscreen
    frame = host.frame
    assert frame.get_by_role("button", name="Download these rows as CSV").count() >= 1
    assert frame.get_by_role("button", name="Fullscreen").count() == 0


LINKS = {"content": [{"type": "text", "text": "see https://example.org/a?b=1"}], "structuredContent": {"home": "https://example.org/a?b=1"}}


def test_links_open_through_the_host_never_in_the_frame(apphost):
    host = apphost(render_page(compile_tree({"name": "plain", "inputSchema": {"type": "object"}})), host_capabilities=ALL)
    host.wait_initialized()
    host.send_tool_result(LINKS)
    link = host.frame.locator(".result-body a")
    link.first.wait_for()
    before = host.frame.url
    link.first.click()
    host.wait_until(lambda: host.links)
    assert host.links == ["https://example.org/a?b=1"]
    assert host.frame.url == before  # the sandboxed frame did not navigate


def test_without_open_links_a_url_is_selectable_text(apphost):
    host = apphost(render_page(compile_tree({"name": "plain", "inputSchema": {"type": "object"}})), host_capabilities=NONE)
    host.wait_initialized()
    host.send_tool_result(LINKS)
    host.frame.wait_for_selector("#result .result-body .view")
    host.wait_handled()
    assert host.frame.locator(".result-body a").count() == 0
    assert "https://example.org/a?b=1" in host.frame.inner_text(".result-body")
    clean(host)


LONG = [{"n": i * 1000, "name": f'row "{i}", ok'} for i in range(60)]
TABLE_TOOL = {
    "name": "rows",
    "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}},
    "outputSchema": {"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {"n": {"type": "integer"}, "name": {"type": "string"}}}}}},
}


def test_csv_quotes_what_it_must_and_keeps_numbers_raw(apphost):
    host = apphost(build_page(TABLE_TOOL), host_capabilities=ALL, host_context={"locale": "de-DE"})
    host.wait_initialized()
    host.send_tool_result({"content": [], "structuredContent": {"rows": LONG}})
    frame = host.frame
    frame.get_by_role("button", name="Download these rows as CSV").last.click()  # the table's (its chart above has its own)
    host.wait_until(lambda: host.downloads)
    text = host.downloads[0]["contents"][0]["resource"]["text"]
    assert text.splitlines()[:2] == ["n,name", '0,"row ""0"", ok"']
    assert "59000," in text and "59.000" not in text  # shown as 59.000 in de-DE; the file has the number
    assert list(csv.DictReader(io.StringIO(text))) == [{"n": str(r["n"]), "name": r["name"]} for r in LONG]


@pytest.mark.parametrize("dims", [{"maxHeight": 320}, {"height": 320}])
def test_a_bounded_container_fits_and_scrolls_inside(apphost, dims):
    host = apphost(build_page(TABLE_TOOL), host_capabilities=NONE, host_context={"containerDimensions": dims}, height=320)
    host.wait_initialized()
    host.send_tool_result({"content": [], "structuredContent": {"rows": LONG}})
    frame = host.frame
    frame.wait_for_selector(".result-body tbody tr")
    host.wait_frames(3)
    # The page reports no more than the container allows, and the rest scrolls inside the frame.
    assert host.size_reports and host.size_reports[-1]["height"] <= 320
    scroll = frame.evaluate("() => [document.scrollingElement.scrollHeight, document.scrollingElement.clientHeight]")
    assert scroll[0] > scroll[1] <= 320
    last = frame.locator(".result-body tbody tr").last
    last.scroll_into_view_if_needed()
    assert last.is_visible()
    # The form stays reachable: back at the top, its folded line's Edit, then Run, in view and working.
    frame.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
    frame.click(".args button")
    run = frame.locator("[data-action=submit]")
    box = run.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 320
    # The host lifts the bound: the page grows again.
    host.set_host_context({"containerDimensions": {"width": 640}})
    host.wait_until(lambda: host.size_reports[-1]["height"] > 600)
    run.click()
    host.wait_calls(1)
