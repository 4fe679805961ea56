"""Every page is self-contained (issue 32, part 1): it inlines what its tree and any result of its
tool can need, so what a person sees never depends on an optional host capability. A host that
offers only tools (no ``serverResources``) shows every result exactly as one that reads resources.

And the page's own Content-Security-Policy (part 4): the runtime puts it in ``<head>`` itself,
only when its script is in the document's own ``<head>`` — enforced where a host builds no policy,
absent (no console error) where a host wraps the page in its own document, as MCP Inspector does.

Served by the real proxy over stdio to the official ``mcp`` client; run in headless Chromium under
the official AppBridge (tests/harness/apphost.py)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from mcp.shared.exceptions import MCPError

from compiler.pipeline import build_page
from compiler.render import csp_policy
from conftest import ROOT
from harness.asyncutil import run_async
from proxy.test_proxy import SDK_UPSTREAM, proxied
from runtime_js import ALL, modules_for, runtime_css, runtime_js

TYPICAL = next(t for t in json.loads((ROOT / "fixtures" / "corpus" / "tools" / "everything.json").read_text())["tools"] if t["name"] == "get-sum")
PLAIN = {"name": "rows", "inputSchema": {"type": "object"}}
ROWS = [{"id": 7, "city": "Oslo, Norway", "temp": -3.25, "note": 'said "cold"'}, {"id": 8, "city": "Bergen", "temp": 4, "note": None}]
TEXT_ROWS = {"content": [{"type": "text", "text": json.dumps(ROWS)}]}
OFFERS = {"openLinks": {}, "downloadFile": {}, "serverTools": {}, "logging": {}}
TOOLS_ONLY = {"serverTools": {}, "logging": {}}
"""A host that renders MCP Apps and offers nothing optional: no serverResources, no downloads."""


def shown(apphost, html, result, **kw):
    host = apphost(html, **kw)
    host.wait_initialized()
    host.send_tool_result(result)
    host.frame.wait_for_selector("#result .result-body .view > *", state="attached")
    return host


# --------------------------------------------------------------------------- the page


def test_a_page_inlines_every_module_a_result_can_need():
    html = build_page(PLAIN)
    # what the proxy serves: the form's, the views, and the questions asked in the page (with the
    # choices their fields are); a page no proxy serves (export, the library) asks nothing
    served = ("runtime", "choices", "present", "views", "matrix", "plot", "host", "question")
    assert modules_for(["App", "Form", "ResultView", "AutoView"]) == served
    script = re.search(r'<script data-csp="([^"]*)">(.*?)</script>', html, re.S)
    assert script and script.group(2) == runtime_js(served)
    assert "ui-mods" not in html and "ui://compile-ui/runtime/" not in html
    assert modules_for(["App", "Form", "ResultView", "AutoView"], asks=False) == ("runtime", "present", "views", "matrix", "plot", "host")
    alone = re.search(r'<script data-csp="([^"]*)">(.*?)</script>', build_page(PLAIN, asks=False), re.S)
    assert alone and alone.group(2) == runtime_js(("runtime", "present", "views", "matrix", "plot", "host"))
    # only a tree that has their kinds carries typed views and Chart nodes (views.js draws the rest,
    # plot.js the chart of any table of data that is a series: issue 49), and where a result leads
    # (a Leads node: issue 41)
    assert set(ALL) - set(modules_for(["App", "Form", "ResultView", "AutoView"])) == {"fields", "dates", "layout", "typed", "chart", "leads", "live", "pick"}
    assert "leads" in modules_for(["App", "Form", "ResultView", "Table", "Leads"])


def test_the_proxy_serves_the_self_contained_page_and_no_runtime_modules():
    async def scenario():
        async with proxied(SDK_UPSTREAM) as s:
            page = (await s.read_resource("ui://compile-ui/add")).contents[0].text
            with pytest.raises(MCPError):  # where a page used to read its views: nothing there now
                await s.read_resource("ui://compile-ui/runtime/views")
            return page

    page = run_async(scenario())
    assert "ui-mods" not in page
    script = re.search(r'<script data-csp="([^"]*)">(.*?)</script>', page, re.S)
    assert script and "CU.views" in script.group(2)


# --------------------------------------------------------------------------- in a host


@pytest.mark.browser
def test_a_tools_only_host_shows_a_table_and_reads_nothing(apphost):
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, host_capabilities=TOOLS_ONLY, reads=False)
    assert host.reads == []
    cells = host.frame.locator("#result table tbody tr").first.locator("td").all_inner_texts()
    assert cells == ["7", "Oslo, Norway", "-3.25", 'said "cold"']
    assert host.frame.locator(".hv-bar").count() == 0  # no dead control: the host offers none
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_a_table_drawn_from_the_datas_shape_downloads_its_rows(apphost):
    host = shown(apphost, build_page(PLAIN), TEXT_ROWS, host_capabilities=OFFERS)
    assert host.reads == []
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


# --------------------------------------------------------------------------- the page's own policy

INJECTED = "<script>console.log('INJECTED')</script>"


@pytest.mark.browser
def test_where_a_host_builds_no_policy_the_pages_own_is_enforced(apphost):
    """The test host hands the page to its frame as it is (srcdoc, no policy of its own): an
    inline script put into the page's body (as if data had become markup) does not run."""
    html = build_page(PLAIN)
    host = apphost(html.replace("<body>", "<body>" + INJECTED, 1))
    host.wait_initialized()
    host.wait_until(lambda: host.csp_violations)
    assert not any(text == "INJECTED" for _, text in host.console), host.console
    assert "script-src-elem" in host.csp_violations[0] or "script-src" in host.csp_violations[0]
    # the policy in force: one <meta>, first in <head>, the exact policy render wrote
    metas = host.frame.evaluate("""() => [...document.querySelectorAll('meta[http-equiv]')]
        .map((m) => [m.parentNode === document.head, m === document.head.firstElementChild, m.content])""")
    served = ("runtime", "choices", "present", "views", "matrix", "plot", "host", "question")
    js, css = runtime_js(served), runtime_css(served)
    assert metas == [[True, True, csp_policy(js, css)]]
    # and the page works under it
    host.send_tool_result(TEXT_ROWS)
    host.frame.wait_for_selector("#result table tbody tr")
    assert host.page_errors == []


@pytest.mark.browser
def test_the_harness_sees_an_injected_script_run_without_the_policy(apphost):
    """The check above can fail: the same page with data-csp removed runs the injected script."""
    html = re.sub(r' data-csp="[^"]*"', "", build_page(PLAIN), count=1)
    host = apphost(html.replace("<body>", "<body>" + INJECTED, 1))
    host.wait_initialized()
    host.wait_until(lambda: any(text == "INJECTED" for _, text in host.console))


def inspector_wrap(html: str) -> str:
    """What MCP Inspector 2.12 hands its sandbox's inner frame (its ``fpe``, in
    clients/web/dist/assets/index-*.js): the page inside its own body, under a policy it built
    from ``_meta.ui.csp`` (``upe``: inline scripts and styles allowed, data: resources)."""
    policy = ("default-src 'none'; connect-src 'none'; script-src 'unsafe-inline' data:; style-src 'unsafe-inline' data:; "
              "img-src data:; font-src data:; media-src data:; frame-src 'none'; base-uri 'none'; form-action 'none'")
    return (f'<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="{policy}">'
            f'<meta charset="utf-8"></head><body>{html}</body></html>')


@pytest.mark.browser
def test_a_page_wrapped_like_the_inspector_wraps_it_logs_nothing_and_adds_no_policy(apphost):
    host = shown(apphost, inspector_wrap(build_page(PLAIN)), TEXT_ROWS)
    assert host.frame.evaluate("() => document.querySelectorAll('meta[http-equiv]').length") == 1  # the host's
    assert host.frame.locator("#result table tbody tr").count() == 2
    assert host.console_errors == [] and host.csp_violations == [] and host.page_errors == []


# The field corpus, twice (issue 32's "done when": every recording in a tools-only host and in one
# that reads resources, the same visible): tests/field/test_views_field.py, on each recording's
# own render there (test_field_result_renders_right).
