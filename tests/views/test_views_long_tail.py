"""Issue 40's long tail of result shapes, each rule seen in headless Chromium under the official
AppBridge, in a host that offers only the MCP Apps minimum (no resource read): a table given as
columns and rows, markdown read as sections, tables of text of any size (paged), HTML tables read
inertly, errors by the same kinds as results, a line never shown twice, a wide table that keeps
its first column and shows that it scrolls, an image's values beside it. The node unit tests of
the same rules are tests/js/unit/shapes.test.mjs; every value of each hand-made fixture in reach:
tests/field/test_views_reach.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.pipeline import build_page
from conftest import FIXTURES

pytestmark = pytest.mark.browser

PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
CONTEXT = {"locale": "en-GB", "timeZone": "Asia/Tokyo", "theme": "light"}
BODY = "#result .result-body > .view"


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / "field" / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def host(browser):
    h = browser.new_host(build_page(PLAIN), host_context=CONTEXT, reads=False)
    yield h
    h.close()


def show(host, result: dict[str, Any], tool: dict[str, Any] | None = None):
    host.reload(build_page(tool or PLAIN), host_context=CONTEXT)
    host.wait_initialized()
    host.send_tool_result(result)
    host.frame.wait_for_selector(BODY)
    host.wait_frames(2)
    assert host.console_errors == [] and host.csp_violations == [] and host.reads == []
    return host.frame


def text(t: str, **extra: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": t}], **extra}


def cells(frame, selector: str) -> list[str]:
    return [c.strip() for c in frame.locator(selector).all_inner_texts()]


def font(frame, selector: str) -> str:
    return str(frame.locator(selector).first.evaluate("(n) => getComputedStyle(n).fontFamily"))


def test_a_table_given_as_columns_and_rows_is_headed_by_its_names(host):
    entry = load("shapes__query__columns-rows")
    frame = show(host, entry["result"], entry["tool"])
    assert cells(frame, f"{BODY} th button") == ["Route", "Passengers", "Load factor", "Day", "On time"]
    assert cells(frame, f"{BODY} th small") == ["VARCHAR", "INTEGER", "DOUBLE", "DATE", "BOOLEAN"]
    assert cells(frame, f"{BODY} tbody tr:first-child td") == ["Tromsø–Skjervøy", "62", "48.5", "1 Mar 2026", "✓ Yes"]
    assert frame.locator(f"{BODY} ul.list").count() == 0  # the names are no list of their own
    assert cells(frame, f"{BODY} dd") == ["5", "14 ms"]  # the query's elapsed_ms: a duration (exact in its title)


def test_a_markdown_section_of_json_is_a_table_and_its_fence_code(host):
    frame = show(host, load("shapes__browser_run_code__markdown-json")["result"])
    assert cells(frame, f"{BODY} .md h5") == ["Result", "Ran code"]
    assert cells(frame, f"{BODY} .md tbody tr:first-child td") == ["Tromsø–Skjervøy", "62", "06:15"]
    assert "monospace" not in font(frame, f"{BODY} .md td")
    assert "monospace" in font(frame, f"{BODY} .md pre code")
    assert '{"route"' not in frame.inner_text(BODY)


def test_a_markdown_table_of_9000_rows_is_paged_and_filtered(host):
    lines = ["| route | passengers |", "|---|---:|"] + [f"| r-{i} | {i * 3} |" for i in range(9000)]
    frame = show(host, text("\n".join(lines)))
    assert frame.locator(f"{BODY} tbody tr").count() == 100
    assert "1–100 of 9000" in frame.inner_text(f"{BODY} .pager")
    frame.locator(f"{BODY} .pager button", has_text="Next").click()
    frame.wait_for_function("() => document.querySelector('#result tbody tr td').textContent === 'r-100'")
    frame.locator(f"{BODY} input.filter").fill("r-8999")
    frame.wait_for_function("() => document.querySelectorAll('#result tbody tr').length === 1")
    assert cells(frame, f"{BODY} tbody td") == ["r-8999", "26,997"]


def test_a_command_csv_on_stdout_is_a_table(host):
    frame = show(host, load("shapes__run_command__stdout-csv")["result"])
    assert cells(frame, f"{BODY} th button") == ["Host", "CPU", "Mem", "Zone"]  # their units in the cells ("42.5%", "512 MiB")
    assert "1–100 of 150" in frame.inner_text(f"{BODY} .pager")
    assert "exit code: 0" in frame.inner_text(BODY)


def test_an_html_table_in_text_is_a_table_read_inertly(host):
    frame = show(host, text('<h2>Range</h2><table><tr><th>city</th><th>visits</th></tr><tr><td><b>Oslo</b><img src="x" onerror="window.ran=1"></td><td>1200</td></tr>'
                            '<tr><td>Bergen<script>window.ran=2</script></td><td>980</td></tr></table><p>Read <b>2</b> rows.</p>'))
    assert cells(frame, f"{BODY} th button") == ["City", "Visits"]
    assert cells(frame, f"{BODY} tbody td") == ["Oslo", "1200", "Bergenwindow.ran=2", "980"]
    assert frame.locator(f"{BODY} h2, {BODY} img, {BODY} b, {BODY} script").count() == 0
    assert frame.evaluate("() => window.ran") is None  # nothing of the markup ran
    # before the table, after it: its heading and paragraph the markdown subset's own elements
    assert cells(frame, f"{BODY} .md h4") == ["Range"] and cells(frame, f"{BODY} .md p") == ["Read 2 rows."]
    source = show(host, load("shapes__get_page_source__html-source")["result"])
    assert source.locator(f"{BODY} form, {BODY} input").count() == 0
    assert source.inner_text(f"{BODY} pre.lines").startswith('<form action="/search"')


@pytest.mark.parametrize(("name", "message", "rest"), [
    ("shapes__query__error-json", "relation \"crossings_2025\" does not exist", "dl"),
    ("shapes__query__error-syntax", "Parser Error: syntax error at line 1, col 46", "pre.lines"),
    ("shapes__run_python__error-traceback", "ValueError: bad row 7: 'Bodø;;'", "pre.lines"),
    ("shapes__import_rows__error-csv", "2 rows were refused:", "table"),
    ("shapes__run_command__error-log", "2026-03-02T06:00:01Z INFO sync started", "pre.lines"),
])
def test_an_error_is_read_as_a_result_is_its_message_first(host, name, message, rest):
    frame = show(host, load(name)["result"])
    alert = f"{BODY} .alert-error"
    lines = [ln.strip() for ln in frame.inner_text(alert).split("\n") if ln.strip()]
    # under the "Error" heading, the message first (a JSON error's message field: its record's first value)
    assert lines[0] == "Error" and (cells(frame, f"{alert} dd")[0] if rest == "dl" else lines[1]) == message
    assert frame.locator(f"{alert} {rest}").count() == 1
    if rest == "pre.lines":
        assert "monospace" in font(frame, f"{alert} pre.lines") and message not in frame.inner_text(f"{alert} pre.lines")


def test_a_line_the_data_shows_is_not_shown_twice(host):
    frame = show(host, load("shapes__list_crossings__footer-twice")["result"])
    shown = frame.inner_text(BODY)
    assert shown.count("Showing 3 of 240 crossings") == 1
    assert "Listed in 8 ms from the replica." in shown


def test_a_wide_table_keeps_its_first_column_and_shows_that_it_scrolls(host):
    rows = [{f"column_{c:02d}": f"value-{r}-{c}" for c in range(14)} for r in range(5)]
    frame = show(host, {"structuredContent": {"rows": rows}})
    scroll = frame.locator(f"{BODY} .scroll").first
    assert scroll.evaluate("(n) => n.scrollWidth > n.clientWidth + 100")
    # the edge's shadow, and over it a cover that scrolls with the content (at the end it covers the shadow)
    assert scroll.evaluate("(n) => getComputedStyle(n).backgroundImage").count("gradient") == 2
    assert scroll.evaluate("(n) => getComputedStyle(n).backgroundAttachment") == "local, scroll"
    first = frame.locator(f"{BODY} tbody tr:first-child td").first
    before = first.bounding_box()
    scroll.evaluate("(n) => { n.scrollLeft = n.scrollWidth; }")
    host.wait_frames(2)
    assert first.bounding_box() == before  # still in view, where it was
    assert first.evaluate("(n) => getComputedStyle(n).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")  # opaque over what scrolls
    last = frame.locator(f"{BODY} tbody tr:first-child td").last
    assert last.evaluate("(n) => n.getBoundingClientRect().right <= n.closest('.scroll').getBoundingClientRect().right + 1")


def test_an_images_values_show_beside_it(host):
    entry = load("shapes__render_chart__image-metadata")
    frame = show(host, entry["result"], entry["tool"])
    assert frame.locator(f"{BODY} img.block-img").count() == 1
    assert cells(frame, f"{BODY} dd") == ["24", "16", "sRGB", "144"]
    png = entry["result"]["content"][0]["data"]
    inline = show(host, {"structuredContent": {"image": png, "width": 24, "colorSpace": "sRGB"}})  # base64 in the data: the image
    assert inline.locator(f"{BODY} dd img").count() == 1 and cells(inline, f"{BODY} dd")[1:] == ["24", "sRGB"]
    assert png[:20] not in inline.inner_text(BODY)
