"""The modules that show a result are deferred (issues 26 and 27): a page inlines only what its
form needs and names the rest by URI (``#ui-mods``); the runtime reads them through the host
(``resources/read``, when it offers ``serverResources``) and each runs only if the page's CSP
names its sha256. host.js is read only when the host offers downloads or fullscreen.

Served by the real proxy over stdio to the official ``mcp`` client; run in headless Chromium under
the official AppBridge (tests/apphost.py), which answers reads as the proxy does."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from mcp.shared.exceptions import MCPError

from asyncutil import run_async
from compiler.pipeline import build_page
from conftest import ROOT
from runtime_js import MODULES, READ_LATE, deferred_read, deferred_uri
from test_proxy import SDK_UPSTREAM, proxied

TYPICAL = next(t for t in json.loads((ROOT / "fixtures" / "corpus" / "tools" / "everything.json").read_text())["tools"] if t["name"] == "get-sum")
PLAIN = {"name": "rows", "inputSchema": {"type": "object"}}
ROWS = [{"id": 7, "city": "Oslo, Norway", "temp": -3.25, "note": 'said "cold"'}, {"id": 8, "city": "Bergen", "temp": 4, "note": None}]
TEXT_ROWS = {"content": [{"type": "text", "text": json.dumps(ROWS)}]}
OFFERS = {"openLinks": {}, "downloadFile": {}, "serverTools": {}, "logging": {}}
NOTHING = {"serverTools": {}, "logging": {}}


def mods_of(html: str) -> list[list[str]]:
    found = re.search(r'<script id="ui-mods" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1)) if found else []


def shown(apphost, html, result, **kw):
    host = apphost(html, **kw)
    host.wait_initialized()
    host.send_tool_result(result)
    host.frame.wait_for_selector("#result .result-body .view > *", state="attached")
    return host


# --------------------------------------------------------------------------- served by the proxy


def test_the_proxy_serves_each_module_a_page_names_and_nothing_else_under_its_prefix():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            page = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            read = {uri: (await s.read_resource(uri)).model_dump(by_alias=True, exclude_none=True) for _, uri in mods_of(page)}
            refused = []
            for uri in ("ui://compile-ui/runtime/views?v=0000000000000000", "ui://compile-ui/runtime/nope", "ui://compile-ui/runtime/runtime?v=" + deferred_uri("runtime")[-16:]):
                with pytest.raises(MCPError) as no:
                    await s.read_resource(uri)
                refused.append(no.value.code)
            return page, read, refused

    page, read, refused = run_async(scenario())
    # add has an outputSchema: its typed views come too; the page itself carries none of them;
    # the questions asked in the page (question.js) come with the choices their fields may need
    assert [name for name, _ in mods_of(page)] == ["choices", "views", "matrix", "typed", "host", "question"]
    for uri, result in read.items():
        assert result["contents"] == deferred_read(uri)["contents"]
        css, js = result["contents"]
        assert css["mimeType"] == "text/css" and js["mimeType"] == "text/javascript"
        assert js["text"] not in page and len(js["text"]) > 500
    # another version, an unknown module, a module that is never deferred: not found
    assert refused == [-32001, -32001, -32001]


def test_a_self_contained_page_names_nothing_to_read():
    assert mods_of(build_page(TYPICAL, self_contained=True)) == []
    assert [name for name, _ in mods_of(build_page(TYPICAL))] == ["choices", "views", "matrix", "host", "question"]


# --------------------------------------------------------------------------- in a host


@pytest.mark.browser
def test_a_typical_page_reads_its_views_and_no_host_features_the_host_does_not_offer(apphost):
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, host_capabilities=NOTHING)
    assert host.reads == [deferred_uri("choices"), deferred_uri("views"), deferred_uri("matrix"), deferred_uri("question")]
    cells = host.frame.locator("#result table tbody tr").first.locator("td").all_inner_texts()
    assert cells == ["7", "Oslo, Norway", "-3.25", 'said "cold"']
    assert host.frame.locator(".hv-bar").count() == 0  # no dead control
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_a_table_drawn_from_the_datas_shape_downloads_its_rows(apphost):
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, host_capabilities=OFFERS)
    assert host.reads == [deferred_uri(m) for m in ("choices", "views", "matrix", "host", "question")]
    host.frame.get_by_role("button", name="Download these rows as CSV").click()
    host.wait_until(lambda: host.downloads)
    (item,) = host.downloads[0]["contents"]
    assert item["resource"]["uri"] == "file:///rows.csv" and item["resource"]["mimeType"] == "text/csv"
    assert list(csv.reader(io.StringIO(item["resource"]["text"]))) == [
        ["id", "city", "temp", "note"], ["7", "Oslo, Norway", "-3.25", 'said "cold"'], ["8", "Bergen", "4", ""]]
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_a_grid_downloads_with_its_own_header_row(apphost):
    grid = [["name", "qty"], ["bolt", 3], ["nut", 12]]
    host = shown(apphost, build_page(PLAIN), {"content": [], "structuredContent": grid}, host_capabilities=OFFERS)
    host.frame.get_by_role("button", name="Download these rows as CSV").click()
    host.wait_until(lambda: host.downloads)
    assert host.downloads[0]["contents"][0]["resource"]["text"] == "name,qty\r\nbolt,3\r\nnut,12\r\n"


@pytest.mark.browser
def test_a_host_that_reads_nothing_still_shows_every_value_as_text(apphost):
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, reads=False)
    assert host.reads == []
    body = host.frame.locator("#result .result-body")
    assert body.locator("pre.text-block").inner_text() == json.dumps(ROWS)  # the text, as sent
    assert body.locator("details.raw").count() == 1
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_code_the_page_does_not_name_never_runs(apphost):
    """A host (or anything between) that answers a read with other code: the page's CSP blocks
    it, and the result shows as text."""
    forged = {uri: {"contents": [{"uri": uri, "mimeType": "text/javascript", "text": "window.__forged = 1; CU.views = null;"}]}
              for uri in (deferred_uri(m.name) for m in MODULES if m.deferred or m.name in READ_LATE)}
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, modules=forged)
    assert host.frame.evaluate("() => window.__forged") is None
    assert host.csp_violations and all("script-src" in v for v in host.csp_violations)
    assert host.frame.locator("#result pre.text-block").inner_text() == json.dumps(ROWS)


@pytest.mark.browser
@pytest.mark.parametrize("answer", [{"contents": [None, 5, {"uri": "x"}, {"mimeType": "text/javascript", "text": 7}]}, {"contents": "nope"}, None, []])
def test_a_read_answered_with_garbage_shows_the_result_as_text_at_once(apphost, answer):
    bad = {uri: answer for uri in (deferred_uri(m.name) for m in MODULES if m.deferred or m.name in READ_LATE)}
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, modules=bad)
    assert host.frame.locator("#result pre.text-block").inner_text() == json.dumps(ROWS)
    assert host.console_errors == [] and host.page_errors == []


@pytest.mark.browser
def test_a_slow_host_gets_the_text_at_4_s_and_the_views_when_they_come(apphost):
    host = apphost(build_page(PLAIN), host_capabilities=NOTHING, read_delay_ms=7000)
    host.wait_initialized()
    host.send_tool_result(TEXT_ROWS)
    body = host.frame.locator("#result .result-body")
    body.locator("pre.text-block").wait_for(timeout=5500)  # not kept waiting: the text at 4 s
    assert body.locator("table").count() == 0
    # a result after those 4 s is drawn at once, as text, while the reads are still on their way
    host.send_tool_result({"content": [{"type": "text", "text": json.dumps(ROWS[:1])}]})
    host.wait_until(lambda: body.locator("pre.text-block").inner_text() == json.dumps(ROWS[:1]), timeout=1.5)
    body.locator("table tbody tr").first.wait_for(state="attached", timeout=5000)  # then the views
    assert body.locator("table tbody tr").count() == 1 and body.locator("pre.text-block").count() == 0
    assert host.console_errors == [] and host.csp_violations == []
