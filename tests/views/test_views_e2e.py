"""Result views in a real host: headless Chromium + the official AppBridge (tests/harness/apphost.py)."""

from __future__ import annotations

import json
import re

import pytest

from compiler.compile import compile_tree
from compiler.pipeline import build_page
from compiler.render import render_page
from compiler.tools import load_tools
from conftest import CORPUS
from harness.viewvalues import example, leaves

pytestmark = pytest.mark.browser

EVERYTHING = {t["name"]: t for _, t in load_tools((CORPUS / "tools" / "everything.json").read_text(), "everything.json")}
PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}


def page(tool=PLAIN, *, layout: bool = False) -> str:
    return build_page(tool) if layout else render_page(compile_tree(tool))


def show(host, result: dict) -> str:
    """Send ``result`` as the tool result; the visible text of the result area."""
    host.send_tool_result(result)
    host.frame.wait_for_selector("#result .result-body .view")
    host.wait_frames(2)
    return host.frame.inner_text("#result")


def clean(host) -> None:
    assert host.console_errors == []
    assert host.csp_violations == []
    assert not [entry for entry in host.logs if "result view failed" in json.dumps(entry)]


def tool_for(name: str, result_file: str) -> tuple[dict, dict]:
    recorded = json.loads((CORPUS / "results" / result_file).read_text())
    result = recorded["raw"]["result"]
    if "contents" in result:  # a resources/read result: show its contents as embedded resources
        result = {"content": [{"type": "resource", "resource": c} for c in result["contents"]]}
    return EVERYTHING.get(name, PLAIN), result


RESULTS = sorted(p.name for p in (CORPUS / "results").glob("*.json"))


@pytest.mark.parametrize("result_file", RESULTS)
def test_every_recorded_result_renders_and_shows_its_data(apphost, result_file):
    recorded = json.loads((CORPUS / "results" / result_file).read_text())
    tool, result = tool_for(recorded.get("tool", ""), result_file)
    host = apphost(page(tool, layout=True))
    host.wait_initialized()
    text = show(host, result)
    clean(host)
    frame = host.frame
    if result.get("isError"):
        assert frame.locator(".result-body .alert-error").count() == 1
    for block in result.get("content", []):
        kind = block["type"]
        if kind == "text":
            try:
                data = json.loads(block["text"])
            except ValueError:
                first = block["text"].strip().splitlines()[0]
                assert first[:40] in text
            else:
                for leaf in leaves(data):
                    assert str(leaf) in text
        elif kind == "image":
            assert frame.locator(".result-body img").count() >= 1
        elif kind == "resource_link":
            assert block["name"] in text and block["uri"] in text
        elif kind == "resource":
            res = block["resource"]
            assert res["uri"] in text
            if "text" in res:
                assert re.sub(r"[#*`|\[\]]", "", res["text"]).split("\n")[0].strip()[:20] in text
            else:
                assert frame.locator(".result-body button", has_text="Download").count() == 1
    for leaf in leaves(result.get("structuredContent", {})):
        assert str(leaf) in text


def corpus_output_tools():
    for path in sorted((CORPUS / "tools").glob("*.json")):
        for _, tool in load_tools(path.read_text(), str(path)):
            if tool.get("outputSchema") is not None:
                yield pytest.param(tool, id=f"{path.stem}:{tool['name']}")


@pytest.mark.parametrize("tool", list(corpus_output_tools()))
def test_tools_with_output_schema_get_bound_views(apphost, tool):
    value = example(tool["outputSchema"])
    host = apphost(page(tool))
    host.wait_initialized()
    text = show(host, {"content": [{"type": "text", "text": json.dumps(value)}], "structuredContent": value})
    clean(host)
    frame = host.frame
    assert frame.locator('[data-view^="v:"]').count() >= 1
    frame.evaluate("() => document.querySelectorAll('details.more').forEach((d) => { d.open = true; })")
    host.wait_frames(2)  # toggle events fire in a later task; what they build shows after
    text = frame.inner_text("#result .result-body")
    for leaf in leaves(value):
        if isinstance(leaf, str) and leaf not in ("2026-03-14", "2026-03-14T15:09:26Z", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"):
            assert leaf in text, (leaf, text[:400])


FORECAST = json.loads((CORPUS.parent / "tools" / "with_output.json").read_text())
DAYS = [{"date": f"2026-01-{d:02d}", "high": 3.5 + d, "low": -2 + d} for d in range(1, 8)]


def test_bound_views_format_values_in_the_host_locale_and_keep_their_own_time_zone(apphost):
    tool = {
        "name": "fmt",
        "inputSchema": {"type": "object"},
        "outputSchema": {
            "type": "object",
            "properties": {
                "when": {"type": "string", "format": "date-time"},
                "oslo": {"type": "string", "format": "date-time"},
                "naive": {"type": "string", "format": "date-time"},
                "day": {"type": "string", "format": "date"},
                "site": {"type": "string", "format": "uri"},
                "bad": {"type": "string", "format": "uri"},
                "id": {"type": "string", "format": "uuid"},
                "mail": {"type": "string", "format": "email"},
                "state": {"oneOf": [{"const": "open", "title": "Open"}, {"const": "done", "title": "Done"}]},
                "total": {"type": "number"},
            },
        },
    }
    value = {
        "when": "2026-01-31T20:00:00Z",
        "oslo": "2026-11-23T14:30:00+01:00",
        "naive": "2026-11-23T09:05:30",
        "day": "2026-02-01",
        "site": "https://example.org/a?b=1",
        "bad": "javascript:alert(1)",
        "id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
        "mail": "ada@example.org",
        "state": "done",
        "total": 1234567.5,
    }
    host = apphost(page(tool), host_context={"locale": "de-DE", "timeZone": "Asia/Tokyo"})
    host.wait_initialized()
    text = show(host, {"content": [], "structuredContent": value})
    clean(host)
    frame = host.frame
    # A time is data: never converted to the host's zone (Tokyo), shown with its own zone.
    assert "31.01.2026, 20:00 (UTC)" in text and "05:00" not in text
    assert "23.11.2026, 14:30 (UTC+01:00)" in text
    assert "23.11.2026, 09:05:30" in text and "09:05:30 (" not in text  # no zone given: none shown
    assert frame.locator('time[title="2026-11-23T14:30:00+01:00"]').count() == 1  # the full value on hover
    assert "01.02.2026" in text and "1.234.567,5" in text
    assert "3f2504e0-4f89-11d3-9a0c-0305e82c3301" in text  # an id shown whole, never cut short
    assert frame.locator(".tag", has_text="Done").count() == 1
    assert "ada@example.org" in text and "javascript:alert(1)" in text
    links = frame.locator(".result-body a")
    assert links.count() == 1  # the javascript: value stays text
    links.first.click()
    host.wait_until(lambda: host.links)
    assert host.links == ["https://example.org/a?b=1"]


def test_laid_out_forecast_shows_a_chart_and_a_table(apphost):
    host = apphost(page(FORECAST, layout=True), host_context={"theme": "dark"})
    host.wait_initialized()
    text = show(host, {"content": [{"type": "text", "text": json.dumps({"city": "Oslo", "days": DAYS})}], "structuredContent": {"city": "Oslo", "days": DAYS}})
    clean(host)
    frame = host.frame
    assert "Oslo" in text
    # issue 49: the chart (a series over time says more) above its table, both shown, no tabs
    assert frame.locator(".result-body table tbody tr").count() == 7 and frame.locator(".result-body table").is_visible()
    svg = frame.locator(".result-body svg.chart")
    assert svg.is_visible() and _tabs(frame) == []
    assert svg.count() == 1 and svg.locator("path").count() == 2 and svg.locator("circle").count() == 14
    assert "High" in svg.locator("circle title").first.text_content()
    assert frame.locator(".legend").inner_text().split() == ["High", "Low"]


def chart_tree_page(mark: str, **extra) -> str:
    from components.nodes import Chart, ChartEncoding, ChartProps

    tree = compile_tree(FORECAST)
    result = tree.children[1]
    chart = Chart(
        id="v:/days:chart",
        props=ChartProps(
            bind="/days",
            mark=mark,
            x=ChartEncoding(pointer="/date", label="Date", type="temporal" if mark in ("line", "area", "point") else "nominal"),
            y=(ChartEncoding(pointer="/high", label="High", type="quantitative"),),
            **extra,
        ),
    )
    from msgspec.structs import replace

    tree = replace(tree, children=(tree.children[0], replace(result, children=(chart,))))
    return render_page(tree)


@pytest.mark.parametrize("mark,shape", [("bar", "rect"), ("line", "circle"), ("area", "path"), ("point", "circle"), ("arc", "path")])
def test_every_chart_mark_draws(apphost, mark, shape):
    host = apphost(chart_tree_page(mark))
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"city": "Oslo", "days": DAYS}})
    clean(host)
    svg = host.frame.locator("svg.chart")
    assert svg.locator(shape).count() >= (1 if mark == "area" else 7)
    assert svg.locator("title").count() >= 7  # a tooltip per mark
    if mark != "arc":
        labels = svg.locator("text").all_text_contents()
        assert "0" in labels and any("2026" in t for t in labels)


def test_chart_aggregates_by_color(apphost):
    from components.nodes import ChartEncoding

    rows = [{"date": "a", "high": 1, "kind": k} for k in ("x", "y", "x")]
    html = chart_tree_page("bar", aggregate="sum", color=ChartEncoding(pointer="/kind", label="Kind", type="nominal"))
    host = apphost(html)
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"days": rows}})
    clean(host)
    titles = host.frame.locator("svg.chart rect title").all_text_contents()
    assert sorted(titles) == ["x · a: 2", "y · a: 1"]


def test_error_result_is_an_error_panel(apphost):
    host = apphost(page())
    host.wait_initialized()
    text = show(host, {"content": [{"type": "text", "text": "Disk <b>full</b>"}], "isError": True})
    clean(host)
    panel = host.frame.locator(".result-body .alert-error")
    assert panel.count() == 1 and "Disk <b>full</b>" in panel.inner_text()
    assert "Disk <b>full</b>" in text


def test_auto_view_from_data_shape(apphost):
    rows = [{"name": f"n{i}", "size": i, "tags": ["a", "b"]} for i in range(3)] + [{"name": "x", "extra": True}]
    host = apphost(page())
    host.wait_initialized()
    show(host, {"content": [{"type": "text", "text": json.dumps(rows)}]})
    clean(host)
    frame = host.frame
    assert frame.locator(".result-body th").all_inner_texts() == ["Name", "Size", "Tags", "Extra"]  # humanized keys
    assert frame.locator(".result-body tbody tr").count() == 4
    # Short arrays of scalars are shown inline, not behind a per-cell toggle.
    assert frame.locator(".result-body tbody tr").first.locator("td").nth(2).inner_text() == "a, b"
    assert frame.locator(".result-body tbody tr").last.locator("td").nth(3).inner_text() == "✓ Yes"


def test_nested_objects_drill_down_and_long_arrays_show_the_first_few(apphost):
    # (a note of 3 000 characters: a result that small shows whole, every fold open)
    rows = [{"name": "n", "meta": {"a": 1, "b": [1, 2]}, "xs": list(range(1990, 2002)), "note": "lorem " * 500}]
    host = apphost(page())
    host.wait_initialized()
    show(host, {"content": [{"type": "text", "text": json.dumps(rows)}]})
    clean(host)
    frame = host.frame
    cells = frame.locator(".result-body tbody tr").first.locator("td")
    assert cells.nth(2).inner_text() == "1990, 1991, 1992, 1993, 1994 +7 more"  # years: no separators
    cells.nth(2).get_by_role("button", name="+7 more").click()
    assert cells.nth(2).inner_text() == ", ".join(str(y) for y in range(1990, 2002))
    more = frame.locator(".result-body details.more").first
    assert more.locator("summary").inner_text() == "2 fields"
    more.locator("summary").click()
    more.locator("dt").first.wait_for()  # the nested view is built on the (async) toggle event
    assert more.locator("dt").all_inner_texts() == ["A", "B"] and more.locator("dd").all_inner_texts() == ["1", "1, 2"]


def test_big_table_sorts_filters_and_pages(apphost):
    rows = [{"id": i, "name": f"row {i:05d}", "even": i % 2 == 0} for i in range(1000)]
    host = apphost(page())
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"rows": rows}})
    clean(host)
    frame = host.frame
    body = frame.locator(".result-body tbody tr")
    assert body.count() == 100 and "1–100 of 1000" in frame.inner_text(".pager")
    frame.get_by_role("button", name="Next ›").click()
    assert body.first.inner_text().startswith("100")
    frame.locator("th button", has_text="id").click()
    frame.locator("th button", has_text="id").click()  # descending
    assert body.first.inner_text().startswith("999") and frame.locator("th[aria-sort=descending]").count() == 1
    frame.fill("input.filter", "row 00042")
    assert body.count() == 1 and "42" in body.first.inner_text()


def test_long_text_is_cut_with_show_all(apphost):
    big = "x" * 150_000 + "END"
    host = apphost(page())
    host.wait_initialized()
    text = show(host, {"content": [{"type": "text", "text": big}]})
    clean(host)
    assert "END" not in text
    host.frame.get_by_role("button", name=re.compile("Show all")).click()
    assert "END" in host.frame.inner_text(".result-body")


MARKDOWN = """# Title <script>alert(1)</script>

Some **bold**, *em* and `code` with [a link](https://example.org/md) and [bad](javascript:alert(2)).

- one
- two <img src=x onerror=alert(3)>

1. first

```
<b>not bold</b>
```

| a | b |
|---|---|
| 1 | <i>2</i> |
"""


def test_markdown_subset_is_built_from_nodes_and_stays_text(apphost):
    host = apphost(page())
    host.wait_initialized()
    text = show(host, {"content": [{"type": "text", "text": MARKDOWN}]})
    clean(host)
    md = host.frame.locator(".result-body .md")
    assert md.locator("h3").inner_text() == "Title <script>alert(1)</script>"
    assert md.locator("strong").inner_text() == "bold" and md.locator("em").inner_text() == "em"
    assert md.locator("ul li").all_inner_texts() == ["one", "two <img src=x onerror=alert(3)>"]
    assert md.locator("ol li").all_inner_texts() == ["first"]
    assert md.locator("pre code").inner_text() == "<b>not bold</b>"
    assert md.locator("td").all_inner_texts() == ["1", "<i>2</i>"]
    assert md.locator("script, img, b, i").count() == 0
    assert md.locator("a").count() == 1 and "bad (javascript:alert(2))" in text
    md.locator("a").click()
    host.wait_until(lambda: host.links)
    assert host.links == ["https://example.org/md"]
    assert host.frame.evaluate("() => window.__pwned === undefined")


QUOTED = """> Quoted **bold** line
> continues <img src=x onerror=alert(1)>
>
> > nested <script>alert(2)</script>
> - item in a quote

After the quote.
""" + ">" * 12 + " deep\n"


def test_markdown_quotes_are_blockquotes_of_text(apphost):
    host = apphost(page())
    host.wait_initialized()
    # a quote and bold text: two signs of markdown
    show(host, {"content": [{"type": "text", "text": QUOTED}]})
    clean(host)
    md = host.frame.locator(".result-body .md")
    quote = md.locator(":scope > blockquote").first
    assert quote.locator(":scope > p").first.inner_text() == "Quoted bold line\ncontinues <img src=x onerror=alert(1)>"
    assert quote.locator(":scope > p strong").inner_text() == "bold"
    assert quote.locator(":scope > blockquote > p").inner_text() == "nested <script>alert(2)</script>"
    assert quote.locator(":scope > ul > li").all_inner_texts() == ["item in a quote"]
    assert md.locator(":scope > p").first.inner_text() == "After the quote."
    assert md.locator("script, img").count() == 0
    # quotes nest 8 deep at most; the rest of the ">" stay text
    deepest = md.locator(":scope > blockquote").nth(1)
    depth = deepest.evaluate("(q) => { let n = 0; for (let b = q; b; b = b.querySelector(':scope > blockquote')) n++; return n; }")
    assert depth == 8
    assert md.locator("blockquote " * 8 + "> p").inner_text() == ">>>> deep"
    assert host.frame.evaluate("() => window.__pwned === undefined")


def test_plain_text_keeps_whitespace(apphost):
    host = apphost(page())
    host.wait_initialized()
    show(host, {"content": [{"type": "text", "text": "a  b\n\tc"}]})
    assert host.frame.locator(".result-body > .view pre.json").inner_text() == "a  b\n\tc"  # line-structured: monospace, lines kept


PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def test_every_content_block_kind(apphost):
    host = apphost(page())
    host.wait_initialized()
    text = show(
        host,
        {
            "content": [
                {"type": "text", "text": "hello"},
                {"type": "image", "data": PNG, "mimeType": "image/png"},
                {"type": "audio", "data": "UklGRiQAAABXQVZF", "mimeType": "audio/wav"},
                {"type": "resource_link", "uri": "https://example.org/r", "name": "Report", "description": "the report"},
                {"type": "resource", "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "inside"}},
                {"type": "resource", "resource": {"uri": "file:///p.png", "mimeType": "image/png", "blob": PNG}},
                {"type": "resource", "resource": {"uri": "file:///x.bin", "mimeType": "application/octet-stream", "blob": "AAEC"}},
                {"type": "mystery", "x": 1},
            ]
        },
    )
    clean(host)
    frame = host.frame
    assert "hello" in text and "inside" in text and "the report" in text and '"mystery"' in text
    assert frame.locator(".result-body img").count() == 2 and frame.locator(".result-body audio").count() == 1
    assert frame.locator(".result-body button", has_text="Download x.bin (3 bytes)").count() == 1
    frame.get_by_role("link", name="Report").click()
    host.wait_until(lambda: host.links)
    assert host.links == ["https://example.org/r"]


def test_hostile_structured_values_stay_text(apphost):
    evil = "<img src=x onerror=window.__pwned=1>"
    host = apphost(page())
    host.wait_initialized()
    text = show(host, {"content": [], "structuredContent": {evil: evil, "rows": [{evil: evil, "u": "javascript:window.__pwned=2"}]}})
    clean(host)
    assert text.count(evil) >= 4 and "javascript:window.__pwned=2" in text
    assert host.frame.locator(".result-body img, .result-body a").count() == 0
    assert host.frame.evaluate("() => window.__pwned === undefined")


def test_every_view_node_of_a_laid_out_tree(apphost):
    from msgspec.structs import replace

    from components.nodes import (
        Alert,
        AlertProps,
        CardGrid,
        CardGridProps,
        Column,
        ContentBlocks,
        ContentBlocksProps,
        Image,
        ImageProps,
        JsonView,
        List,
        ListProps,
        Metric,
        MetricProps,
        Section,
        SectionProps,
        ViewProps,
    )

    tree = compile_tree(PLAIN)
    views = (
        Metric(id="v:/total", props=MetricProps(bind="/total", label="Total", unit="kg")),
        List(id="v:/tags", props=ListProps(bind="/tags", label="Tags")),
        CardGrid(
            id="v:/people",
            props=CardGridProps(bind="/people", titlePointer="/name", fields=(Column(pointer="/age", label="Age", format="integer"),)),
        ),
        Section(
            id="s",
            props=SectionProps(title="More"),
            children=(
                Alert(id="a", props=AlertProps(text="Heads up", tone="warning")),
                Image(id="v:/pic", props=ImageProps(bind="/pic", mimeType="image/png")),
                JsonView(id="v:/raw", props=ViewProps(bind="/raw")),
                ContentBlocks(id="blocks", props=ContentBlocksProps()),
                Metric(id="v:/missing", props=MetricProps(bind="/missing")),
            ),
        ),
    )
    result = replace(tree.children[1], props=replace(tree.children[1].props, source="structured"), children=views)
    host = apphost(render_page(replace(tree, children=(tree.children[0], result))))
    host.wait_initialized()
    value = {"total": 1234.5, "tags": ["red", "green"], "people": [{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}], "pic": PNG, "raw": {"k": [1, 2]}}
    text = show(host, {"content": [{"type": "text", "text": "block text"}], "structuredContent": value})
    clean(host)
    frame = host.frame
    assert frame.inner_text('[data-view="v:/total"] .metric') == "1234.5 kg"  # no separator below 10 000
    assert frame.locator('[data-view="v:/tags"] .inl').inner_text() == "red, green"  # a few short values: one line
    assert frame.locator(".cards > .card").count() == 2 and "Ada" in text and "41" in text
    assert "Heads up" in text and "More" in text
    assert frame.locator('[data-view="v:/pic"] img').count() == 1
    assert json.loads(frame.inner_text('[data-view="v:/raw"] pre')) == {"k": [1, 2]}
    assert text.count("block text") == 1
    assert frame.locator('[data-view="v:/missing"]').count() == 0  # no data there: nothing shown


SLOW = {"name": "slow", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}}}


def start_call_with_progress(host, steps: list[dict]) -> None:
    """Submit the form; the host relays ``steps`` as notifications/progress and holds the call."""
    host.page.evaluate("(steps) => { window.__host.progressPlan = { steps }; }", steps)
    host.frame.click("[data-action=submit]")
    host.wait_calls(1)


def test_progress_bar_elapsed_time_and_cancel_for_the_pages_own_call(apphost):
    host = apphost(page(SLOW))
    host.wait_initialized()
    start_call_with_progress(host, [{"progress": 1, "total": 4, "message": "step 1 of 4"}])
    frame = host.frame
    frame.locator("#result .run", has_text="step 1 of 4").wait_for()
    assert frame.evaluate("() => { const p = document.querySelector('#result .run progress'); return [p.value, p.max]; }") == [1, 4]
    frame.wait_for_function("() => /^[1-9]\\d* s$/.test(document.querySelector('#result .run .muted').textContent)")  # elapsed
    assert frame.locator("[data-action=submit]").is_disabled()
    frame.locator("#result .run").get_by_role("button", name="Cancel").click()
    host.wait_until(lambda: host._state("cancelledCalls"))  # the host's handler saw the request aborted
    assert frame.locator("#result .run").count() == 0 and "Cancelled." in frame.inner_text("#result .status")
    assert frame.locator("[data-action=submit]").is_enabled()
    clean(host)


def test_progress_without_a_total_is_indeterminate_and_the_result_replaces_it(apphost):
    host = apphost(page(SLOW))
    host.wait_initialized()
    start_call_with_progress(host, [{"progress": 3, "message": "working"}])
    frame = host.frame
    frame.locator("#result .run", has_text="working").wait_for()
    assert frame.locator("#result .run progress:indeterminate").count() == 1
    host.page.evaluate("() => window.__host.release()")
    frame.locator("#result .result-body", has_text="done").wait_for()
    assert frame.locator("#result .run").count() == 0 and host._state("cancelledCalls") == []
    clean(host)


RAINY = {
    "name": "rainy",
    "inputSchema": {"type": "object"},
    "outputSchema": {
        "type": "object",
        "properties": {
            "days": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "date": {"type": "string", "format": "date"},
                        "high": {"type": "number", "description": "Highest temperature (°C)"},
                        "low": {"type": "number", "description": "Lowest temperature (°C)"},
                        "rain": {"type": "number", "description": "Rain, in mm"},
                    },
                    "required": ["date", "high", "low", "rain"],
                },
            }
        },
    },
}
RAINY_DAYS = [{"date": f"2026-01-{d:02d}", "high": 3.5 + d, "low": -2 + d, "rain": 0.5 * (d % 3)} for d in range(1, 8)]


@pytest.mark.parametrize("width", [320, 380, 900, 1200])
def test_series_in_different_units_get_their_own_chart_readable_at_every_width(apphost, width):
    host = apphost(page(RAINY, layout=True), width=width)
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"days": RAINY_DAYS}})
    clean(host)
    frame = host.frame
    charts = frame.locator(".result-body svg.chart")  # above the table (issue 49), no click
    assert charts.count() == 2  # °C and mm do not share an axis
    assert charts.nth(0).locator("text.unit").text_content() == "°C" and charts.nth(1).locator("text.unit").text_content() == "mm"
    assert frame.locator(".legend").all_inner_texts()[1].strip() == "Rain (mm)"
    # Drawn at the width it is shown: its 11 px text stays 11 px; nothing overflows the page.
    scale = frame.evaluate("() => { const s = document.querySelector('svg.chart'); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }")
    assert 0.9 <= scale <= 1.1, scale
    assert frame.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    # Tick labels never overlap: each ends before the next begins.
    boxes = frame.evaluate(
        "() => Array.from(document.querySelectorAll('svg.chart')[0].querySelectorAll('text[text-anchor=middle]')).map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert len(boxes) >= 2 and all(a[1] <= b[0] for a, b in zip(boxes, boxes[1:], strict=False)), boxes


def test_a_results_layout_comes_from_the_server_and_each_result_fills_a_fresh_copy(apphost):
    from unit.test_render import result_layout_tree

    host = apphost(render_page(result_layout_tree()))
    host.wait_initialized()
    text = show(host, {"content": [], "structuredContent": {"total": 3, "n": 7, "rows": [{"k": "a"}, {"k": "b"}]}})
    clean(host)
    f = host.frame
    # the server's markup (heading level, the section's title and description), views filled in it
    assert f.locator(".result-body h4").inner_text() == "Summary" and "<b>not markup</b>" in text
    assert f.inner_text('[data-view="v:"] > section.section > h2') == "Detail"
    assert f.inner_text('[data-view="v:"] > section [data-view="v:/n"] .metric') == "7"
    assert f.inner_text('[data-view="v:"] > .view dd') == "3"  # the KeyValue's own fields, before what nests in it
    # the tabs as the server selected them (the second), hydrated: arrow keys move
    tabs = f.locator(".result-body [role=tab]")
    assert tabs.nth(1).get_attribute("aria-selected") == "true" and f.locator(".result-body table tbody tr").count() == 2
    tabs.nth(1).focus()
    host.page.keyboard.press("ArrowLeft")
    assert tabs.nth(0).get_attribute("aria-selected") == "true" and f.locator(".result-body table").is_hidden()
    assert json.loads(f.inner_text('[data-view="v:/rows:json"] pre')) == [{"k": "a"}, {"k": "b"}]
    # the next result fills a fresh copy: the first tab selected again, no data at /n, no place for it
    host.send_tool_result({"content": [], "structuredContent": {"total": 4, "rows": []}})
    f.locator('[data-view="v:"] > .view dd', has_text="4").wait_for()
    assert f.locator('[data-view="v:/n"]').count() == 0 and f.locator(".result-body section.section").count() == 1
    assert f.locator(".result-body [role=tab]").nth(1).get_attribute("aria-selected") == "true"
    f.locator(".result-body [role=tab]").nth(0).click()
    assert f.locator(".result-body [role=tab]").nth(0).get_attribute("aria-selected") == "true"
    clean(host)


# Issue 26: a chart only when it says more than the table. "Barely varies" needs the data, so
# chart.js decides: when the spread of what it would draw is under 2 % of its size, there is no
# chart, and the table (one click away beside every chart) is shown in its place.


def _tabs(frame):
    return frame.evaluate(
        """() => Array.from(document.querySelectorAll('#result [role=tab]'), (t) => [t.textContent, !t.hidden, t.getAttribute('aria-selected')])"""
    )


def test_a_series_that_barely_varies_is_no_chart_the_table_shows_instead(apphost):
    flat = [dict(d, high=20.0 + 0.1 * (i % 2), low=20.0) for i, d in enumerate(DAYS)]  # 0.5 % spread
    host = apphost(page(FORECAST, layout=True))
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"city": "Oslo", "days": flat}})
    frame = host.frame
    host.wait_until(lambda: frame.locator(".result-body table tbody tr").first.is_visible())
    assert frame.locator(".result-body svg.chart").count() == 0
    assert frame.locator(".chart-flat").count() == 1
    assert _tabs(frame) == [] and frame.locator(".chart-flat").is_visible()  # the note where the chart would be
    assert frame.locator(".result-body table tbody tr").count() == 7
    clean(host)
    # and a series that varies (the forecast, 3 to 9 °C) is still drawn, above its table
    host.reload(page(FORECAST, layout=True))
    host.wait_initialized()
    show(host, {"content": [], "structuredContent": {"city": "Oslo", "days": DAYS}})
    assert host.frame.locator(".result-body svg.chart").is_visible() and _tabs(host.frame) == []


def test_things_placed_on_a_page_are_no_chart(apphost):
    """@modelcontextprotocol/server-pdf's display_pdf (an outputSchema: the form fields of the PDF,
    each at x, y with a width and a height): where a field is and how big is no measure, so no
    chart of its coordinates (one was drawn, a bar per field and coordinate); the table shows
    every field, first."""
    from conftest import FIXTURES

    entry = json.loads((FIXTURES / "field" / "pdf__display_pdf.json").read_text())
    fields = entry["result"]["structuredContent"]["formFields"]
    host = apphost(page(entry["tool"], layout=True))
    host.wait_initialized()
    show(host, entry["result"])
    frame = host.frame
    host.wait_until(lambda: frame.locator(".result-body table tbody tr").count() == len(fields))
    assert frame.locator(".result-body svg.chart").count() == 0 and frame.locator(".chart-flat").count() == 0
    assert frame.locator(".result-body table tbody tr").first.is_visible()
    clean(host)


def test_a_real_servers_unvarying_series_shows_its_table(apphost):
    """@cyanheads/git-mcp-server's git_branch: one branch, 0 ahead and 0 behind. Branches are
    records with ids (a commitHash): issue 32 offers them no chart at all, only the table."""
    from conftest import FIXTURES

    entry = json.loads((FIXTURES / "field" / "git-node__git_branch.json").read_text())
    host = apphost(page(entry["tool"], layout=True))
    host.wait_initialized()
    show(host, entry["result"])
    frame = host.frame
    host.wait_until(lambda: frame.locator(".result-body table tbody tr").first.is_visible())
    assert frame.locator(".result-body svg.chart").count() == 0 and _tabs(frame) == []
    assert "main" in frame.locator(".result-body table tbody tr").first.inner_text()
    clean(host)
