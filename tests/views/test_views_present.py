"""Pages that present, not dump (issue 49), in a host that offers only the MCP Apps minimum (the
official AppBridge in headless Chromium, no resource read): values as a person reads them, each
exact in its title; the result first, its arguments folded into one line; a headline; grouped
columns; the server's restating text folded; axe-core's WCAG A/AA rules, light and dark. On
real servers' results (fixtures/field/) and on results written here to pin one rule each."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from compiler.pipeline import build_page
from harness import axe
from harness.asyncutil import run_async

pytestmark = pytest.mark.browser

FIELD = Path(__file__).resolve().parents[2] / "fixtures" / "field"
PENDING = FIELD.parent / "field-pending"
BODY = "#result .result-body"


def recorded(name: str) -> dict[str, Any]:
    path = FIELD / f"{name}.json"
    entry: dict[str, Any] = json.loads((path if path.exists() else PENDING / f"{name}.json").read_text())
    return entry


def shown(apphost, tool: dict[str, Any], result: dict[str, Any], arguments: dict[str, Any] | None = None, theme: str = "light"):
    """A model-started run as a host shows it: the tool's input (when given), then its result."""
    host = apphost.load(build_page(tool), reads=False, host_context={"theme": theme, "locale": "en-US"})
    host.wait_initialized()
    if arguments is not None:
        host.send_tool_input(arguments)
    host.send_tool_result(result)
    host.frame.wait_for_selector(f"{BODY} > .view")
    host.wait_frames(2)
    assert host.console_errors == [] and host.csp_violations == [] and host.page_errors == []
    return host


def titled(frame, text: str) -> str | None:
    """The title of the element that draws ``text`` (a formatted value keeps its exact self there)."""
    title: str | None = frame.evaluate(
        "([sel, text]) => { const e = [...document.querySelectorAll(sel + ' [title]')].find((n) => n.textContent.trim() === text); return e ? e.title : null; }",
        [BODY, text],
    )
    return title


PLAIN = {"name": "report", "description": "A report.", "inputSchema": {"type": "object", "properties": {"region": {"type": "string"}, "months": {"type": "integer"}}}}


def test_values_read_as_a_person_reads_them_and_stay_exact(apphost):
    data = {
        "currency": "EUR",
        "summary": {"total_revenue": 46566.150749999986, "growth_rate": 51.10686573463603, "churn": 0.031},
        "disk": {"total_bytes": 25276510208, "uptime_seconds": 4320},
        "brand": {"name": "Sky", "color": "#3b82f6"},
        "measured_at": "2026-11-23T12:34:31.123456+01:00",
        "samples": [{"name": "a", "value": 2906.5999999999985}, {"name": "b", "value": 12}],
    }
    host = shown(apphost, PLAIN, {"content": [{"type": "text", "text": json.dumps(data)}]}, {"region": "North", "months": 12})
    frame = host.frame
    text = frame.inner_text(BODY)
    # the headline: the summary's numbers as tiles, short, the currency the result names
    assert frame.locator(f"{BODY} .tile-k").all_inner_texts() == ["Total revenue", "Growth rate", "Churn"]
    assert frame.locator(f"{BODY} .tile-v").all_inner_texts() == ["€46.6K", "51.1%", "3.1%"]
    assert titled(frame, "€46.6K") == "46566.150749999986"
    # bytes in binary units, a duration, a colour as a swatch beside its value, a time to its microsecond
    assert "23.5 GiB" in text and titled(frame, "23.5 GiB") == "25276510208"
    assert "1 h 12 min" in text
    assert frame.locator(f"{BODY} .swatch").count() == 1 and "#3b82f6" in text
    assert "Nov 23, 2026, 12:34:31.123456 PM (UTC+01:00)" in text  # (en-US)
    # a column's numbers with the decimals it needs, the same in each row, no binary noise
    cells = frame.locator(f"{BODY} tbody tr td:nth-child(2)").all_inner_texts()
    assert cells == ["2906.6", "12.0"] and "2906.5999999999985" not in text
    assert titled(frame, "2906.6") == "2906.5999999999985"


def test_the_result_leads_its_arguments_fold_into_one_line_and_edit_opens_the_form(apphost):
    host = shown(apphost, PLAIN, {"content": [{"type": "text", "text": "Done: 3 regions."}]}, {"region": "North", "months": 12})
    frame = host.frame
    assert frame.locator("form.form").is_hidden()
    line = frame.locator(".args")
    assert line.locator(".args-text").inner_text() == "Region North · Months 12"
    # the result starts near the top: under the title, the description and the one line
    assert frame.evaluate("() => document.querySelector('#result').getBoundingClientRect().top") < 200
    line.locator("button").click()
    assert frame.locator("form.form").is_visible() and line.is_hidden()
    assert frame.locator("form.form input").first.input_value() == "North"


def test_a_run_the_person_starts_leaves_the_form_open(apphost):
    host = apphost.load(build_page(PLAIN), reads=False, on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "ok"}]})
    host.wait_initialized()
    frame = host.frame
    frame.locator("form.form input").first.fill("South")
    frame.click("[data-action=submit]")
    host.wait_calls(1)
    frame.wait_for_selector(f"{BODY} > .view")
    assert frame.locator("form.form").is_visible() and frame.locator(".args").count() == 0


def test_a_tool_without_inputs_gets_run_again_alone(apphost):
    entry = recorded("system-monitor__poll-system-stats")
    calls: list[str] = []

    def call(name: str, args: dict[str, Any]) -> dict[str, Any]:
        calls.append(name)
        return dict(entry["result"])

    host = apphost.load(build_page(entry["tool"]), reads=False, on_call_tool=call)
    host.wait_initialized()
    host.send_tool_input({})
    host.send_tool_result(entry["result"])
    frame = host.frame
    frame.wait_for_selector(f"{BODY} > .view")
    assert frame.locator(".args.bare .args-text").inner_text() == "" and frame.locator("form.form").is_hidden()
    # one Run again on the page: the folded form's, or — the tool only reads (issue 51) — the live
    # line's, which hides the folded form's bare button
    again = frame.get_by_role("button", name="Run again")
    assert again.count() == 1 and frame.locator(".live [data-live-again]").count() == 1
    again.click()
    host.wait_calls(1)
    assert calls == ["poll-system-stats"]
    text = frame.inner_text(BODY)
    # (the real reading: a machine's memory in binary units, its share used as a percentage, its uptime)
    memory = entry["result"]["structuredContent"]["memory"]
    assert f"{memory['usedPercent']}%" in text and "GiB" in text and "min" in text


def test_a_summary_object_is_the_headline_and_not_said_twice(apphost):
    entry = recorded("scenario-modeler__get-scenario-data")
    host = shown(apphost, entry["tool"], entry["result"], entry["arguments"])
    frame = host.frame
    summary = entry["result"]["structuredContent"]["customSummary"]
    tiles = dict(zip(frame.locator(f"{BODY} .tile-k").all_inner_texts(), frame.locator(f"{BODY} .tile-v").all_inner_texts(), strict=True))
    assert tiles["Ending MRR"] == "$63.4K" and tiles["MRR growth pct"] == "26.8%"
    assert titled(frame, "$63.4K") == str(summary["endingMRR"])
    assert "Custom summary" not in frame.inner_text(BODY), "the typed view of the summary is the headline's, not shown again"
    # the arguments, each by its field's label, nested ones too
    assert frame.locator(".args-text").inner_text().startswith("Starting MRR 50000 · Monthly growth rate 5")


@pytest.mark.parametrize("width", [380, 900])
def test_a_conversion_is_headed_by_its_amount_and_result_each_in_its_unit_on_one_line(apphost, width):
    """calc's convert (the corpus's recording): {value: 42.195, from: "km", to: "mi", result: 26.218757}."""
    entry = recorded("calc__convert")
    host = apphost.load(build_page(entry["tool"]), reads=False, width=width, host_context={"locale": "en-US"})
    host.wait_initialized()
    host.send_tool_result(entry["result"])
    frame = host.frame
    frame.wait_for_selector(f"{BODY} .tile-v")
    assert frame.locator(f"{BODY} .tile-v").all_inner_texts() == ["42.195 km", "26.219 mi"]
    assert titled(frame, "26.219 mi") == "26.218757"
    lines = frame.evaluate("(sel) => [...document.querySelectorAll(sel)].map((v) => { const r = document.createRange(); r.selectNodeContents(v); "
                           "return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; })", f"{BODY} .tile-v")
    assert lines == [1, 1], "a value and its unit on one line"
    assert host.console_errors == [] and host.csp_violations == []


def test_the_example_servers_conversion_reads_in_its_units(apphost):
    """examples/unit_converter.py, a real SDK server over stdio, serving its own page: its
    Conversion {value, unit, converted, to} (an outputSchema) drawn "5 km" and "3.107 mi"."""
    root = FIELD.parents[1]

    async def work():
        params = StdioServerParameters(command=sys.executable, args=[str(root / "examples" / "unit_converter.py")], cwd=str(root), env=dict(os.environ))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, extensions={"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}) as session:
                await session.initialize()
                page = (await session.read_resource("ui://compile-ui/convert_length")).contents[0].text
                result = await session.call_tool("convert_length", {"value": 5, "unit": "km", "to": "mi"})
                return page, result.model_dump(by_alias=True, exclude_none=True, mode="json")

    page, result = run_async(work())
    assert result["structuredContent"] == {"value": 5.0, "unit": "km", "converted": 3.106856, "to": "mi"}
    host = apphost.load(page, reads=False, host_context={"locale": "en-US"})
    host.wait_initialized()
    host.send_tool_input({"value": 5, "unit": "km", "to": "mi"})
    host.send_tool_result(result)
    frame = host.frame
    frame.wait_for_selector(f"{BODY} > .view")
    text = frame.inner_text(BODY)
    assert "5 km" in text and "3.107 mi" in text, text
    assert titled(frame, "3.107 mi") == "3.106856"
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_events_sent_one_a_text_block_are_one_table(apphost, theme):
    """webcal's list_events (the corpus's recording): ten events, each a JSON object in its own
    text block, were ten key-value lists run together; now one table, a row an event."""
    entry = recorded("webcal__list_events__full")
    events = [json.loads(block["text"]) for block in entry["result"]["content"]]
    host = shown(apphost, entry["tool"], entry["result"], entry["arguments"], theme)
    frame = host.frame
    assert frame.locator(f"{BODY} table").count() == 1 and frame.locator(f"{BODY} dl").count() == 0
    assert frame.locator(f"{BODY} tbody tr").count() == len(events) == 10
    first = frame.locator(f"{BODY} tbody tr").first.locator("td").all_inner_texts()
    # the event's name first, then its uid, then its start and end as one span; its empty fields
    # (organizer, attendees…) not drawn
    assert first[:3] == ["Stand-up", "standup@field.example", "Nov 2, 2026, 9:15 AM–9:30 AM (UTC+01:00)"]  # en-US
    assert "Organizer" not in frame.locator(f"{BODY} thead").inner_text()
    assert axe.violations(frame) == []


def test_a_headline_tile_carries_its_fields_label_and_the_unit_its_schema_names(apphost):
    """everything's get-structured-content (the corpus's recording): "Temperature in celsius"."""
    corpus = FIELD.parent / "corpus"
    tool = next(t for t in json.loads((corpus / "tools" / "everything.json").read_text())["tools"] if t["name"] == "get-structured-content")
    entry = json.loads((corpus / "results" / "everything__get-structured-content.json").read_text())
    host = shown(apphost, tool, entry["raw"]["result"], entry["arguments"])
    tiles = dict(zip(host.frame.locator(f"{BODY} .tile-k").all_inner_texts(), host.frame.locator(f"{BODY} .tile-v").all_inner_texts(), strict=True))
    assert tiles == {"Temperature (°C)": "33", "Humidity": "82%"}


def test_records_of_the_same_keys_are_a_group_of_columns_and_colours_are_swatches(apphost):
    entry = recorded("budget-allocator__get-budget-data")
    host = shown(apphost, entry["tool"], entry["result"], entry["arguments"])
    frame = host.frame
    history = entry["result"]["structuredContent"]["analytics"]["history"]
    categories = list(history[0]["allocations"])
    fold = frame.locator(f"{BODY} .series > details.rows > summary")  # past a year of months, under its chart
    assert fold.inner_text() == f"Table · {len(history)} rows"
    fold.click()
    group = frame.locator(f"{BODY} .series th[scope=colgroup]")
    assert group.all_inner_texts() == ["Allocations"] and group.get_attribute("colspan") == str(len(categories))
    # the benchmarks of each stage, a range a category, are a group too: p50 (p25–p75) a cell
    groups = frame.locator(f"{BODY} th[scope=colgroup]").all_inner_texts()
    assert groups == ["Allocations", "Category benchmarks, p50 (p25\u2013p75)"]
    # the group stands over its own columns: an empty cell over Month before it
    over = group.locator("xpath=..").locator("th")
    assert over.all_inner_texts() == ["", "Allocations"] and over.first.get_attribute("colspan") == "1"
    first = frame.locator(f"{BODY} tbody tr").filter(has_text=history[0]["month"]).first.locator("td").all_inner_texts()
    assert len(first) == 1 + len(categories) and "fields" not in " ".join(first)
    # one measure split by category: "sales" among them is a share like the others, not money
    sales = history[0]["allocations"]["sales"]
    assert first[1 + categories.index("sales")] == f"{sales:.1f}" and not any("$" in text for text in first)
    assert frame.locator(f"{BODY} .swatch").count() == len(entry["result"]["structuredContent"]["config"]["categories"])
    # money in the currency the config names
    assert "$100,000" in frame.inner_text(BODY)
    # the keys are the config's category ids: the columns and the chart's areas say their names
    # ("R&D", not "Rd") in their colours
    config = {category["id"]: category for category in entry["result"]["structuredContent"]["config"]["categories"]}
    heads = frame.locator(f"{BODY} .series thead tr").last.locator("th").all_inner_texts()
    assert heads[1:] == [config[key]["name"] for key in categories]
    assert frame.locator(f"{BODY} .series figure .legend span").all_inner_texts() == [config[key]["name"] for key in categories]
    fills = frame.locator(f"{BODY} .series figure svg path[fill-opacity]").evaluate_all("paths => paths.map((p) => p.getAttribute('fill'))")
    assert fills == [config[key]["color"] for key in categories]


def test_a_text_that_restates_the_data_folds_under_servers_text(apphost):
    entry = recorded("budget-allocator__get-budget-data")
    host = shown(apphost, entry["tool"], entry["result"], entry["arguments"])
    frame = host.frame
    fold = frame.locator(f"{BODY} details.srv")
    assert fold.count() == 1 and fold.get_attribute("open") is None
    assert "Budget Allocator Configuration" not in frame.inner_text(BODY)
    fold.locator("summary").click()
    assert "Budget Allocator Configuration" in frame.inner_text(BODY)
    # a text that says something else stays shown
    other = shown(apphost, PLAIN, {"content": [{"type": "text", "text": "Rendered at the edge; cache warm."}], "structuredContent": {"count": 3}})
    assert "Rendered at the edge" in other.frame.inner_text(BODY) and other.frame.locator(f"{BODY} details.srv").count() == 0


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", ["budget-allocator__get-budget-data", "scenario-modeler__get-scenario-data", "system-monitor__poll-system-stats", "calc__math__statistics"])
def test_presented_pages_pass_axe(apphost, name, theme):
    entry = recorded(name)
    host = shown(apphost, entry["tool"], entry["result"], entry["arguments"], theme)
    assert axe.violations(host.frame) == []


def test_a_python_drivers_tuples_are_named_by_the_querys_select_list(apphost):
    """mcp-server-duckdb's query (the corpus's recording): its rows are tuples, str(rows), named
    by nothing in the result; the query the host sent with the call names them: the matrix's rows
    are regions, its scale revenue — not "Column 1", "Column 3"."""
    entry = recorded("duckdb__query__grouped")
    frame = shown(apphost, entry["tool"], entry["result"], entry["arguments"]).frame
    assert frame.locator(f"{BODY} .heatmap th").first.inner_text() == "Region"
    assert frame.locator(f"{BODY} .hm-legend").first.inner_text().startswith("Revenue")
    frame.get_by_role("tab", name="Records").click()
    assert frame.locator(f"{BODY} [role=tabpanel]:not([hidden]) thead").inner_text().split() == ["Region", "Product", "Revenue", "Units"]
    assert "Column" not in frame.locator(BODY).inner_text()


def test_the_folded_arguments_name_a_list_of_records_by_their_text(apphost):
    """pdf-reader's read_pdf (the corpus's recording): its sources are records, {path, …}; the
    folded form's line says each by its path, not as JSON ('[{"path":"/tmp/…')."""
    entry = recorded("pdf-reader__read_pdf")
    frame = shown(apphost, entry["tool"], entry["result"], entry["arguments"]).frame
    said = frame.locator(".args-text").inner_text()
    assert said.startswith("Sources /tmp/compile-ui-field/data/report.pdf · "), said
    assert "{" not in said
