"""One view engine (issue 32): a typed view — compiled from a tool's ``outputSchema`` — is never
weaker than the shape view (AutoView) of the same data. The schema only tells the engine the
shape sooner; whatever the AutoView page puts within one click, the typed page does too.

Measured with ``tests/harness/reach.py``'s checker in Chromium under the official AppBridge, on every
field recording whose tool has an ``outputSchema``, on a conforming value generated for every
tool of the shared corpus that has one (``viewvalues.example``), and on generated schemas and
values (``viewvalues.output_cases``). The same data goes to two pages: the tool as it is, and the
tool without its ``outputSchema``.

Then the rules themselves, on real and generated data: the default view is the table, records or
matrix (never a chart); long-format cells are a matrix (the official ext-apps cohort-heatmap
example opens on its retention matrix, ≥ 99 % of its values within one click); values nested in a
row are one click away, in place."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from compiler.tools import load_tools
from conftest import CORPUS
from harness import reach
from harness.viewvalues import example, output_cases

pytestmark = pytest.mark.browser

COHORT = "cohort-heatmap__get-cohort-data"


@pytest.fixture(scope="module")
def host(browser):
    h = browser.new_host(reach.page_of(None), host_context=reach.CONTEXT)
    yield h
    h.close()


def untyped(entry: dict[str, Any]) -> dict[str, Any]:
    tool = {k: v for k, v in entry["tool"].items() if k != "outputSchema"}
    return {**entry, "tool": tool}


def weaker(host, name: str, entry: dict[str, Any]) -> list[tuple[str, Any]]:
    """The values the AutoView page puts within one click and the typed page does not."""
    typed = reach.check(host, entry, name)
    if not typed.missing:  # nothing out of reach: nothing the AutoView could have reached more
        return []
    auto = reach.check(host, untyped(entry), name)
    assert typed.total == auto.total
    return [m for m in typed.missing if m not in auto.missing]


def recorded() -> list[tuple[str, dict[str, Any]]]:
    return [(n, e) for n, e in reach.corpus() if (e.get("tool") or {}).get("outputSchema") and "structuredContent" in e["result"]]


def generated() -> list[tuple[str, dict[str, Any]]]:
    """A value for each corpus tool with an outputSchema that no recording already covers."""
    out, seen = [], {json.dumps(e["tool"]["outputSchema"], sort_keys=True) for _, e in recorded()}
    for path in sorted((CORPUS / "tools").glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), str(path)):
            if isinstance(tool.get("outputSchema"), dict) and json.dumps(tool["outputSchema"], sort_keys=True) not in seen:
                value = example(tool["outputSchema"])
                result = {"structuredContent": value, "content": [{"type": "text", "text": json.dumps(value)}]}
                out.append((f"{path.stem}/{tool['name']}", {"tool": tool, "result": result}))
    return out


def test_typed_views_reach_all_the_shape_views_reach_on_the_corpus(host):
    cases = recorded() + generated()
    assert len(cases) >= 75
    lost = {name: w for name, entry in cases if (w := weaker(host, name, entry))}
    assert not lost, lost


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=output_cases())
def test_typed_views_reach_all_the_shape_views_reach_on_generated_schemas(host, case):
    schema, value = case
    tool = {"name": "generated", "inputSchema": {"type": "object"}, "outputSchema": schema}
    entry = {"tool": tool, "result": {"structuredContent": value, "content": [{"type": "text", "text": json.dumps(value)}]}}
    assert weaker(host, "generated", entry) == []


# --------------------------------------------------------------------------- the default view

DEFAULT_VIEW = """() => {
  const box = document.querySelector('#result .result-body > .view'), vis = (e) => e && e.checkVisibility();
  const tab = [...box.querySelectorAll('[role=tab][aria-selected=true]')].filter(vis).map((t) => t.textContent);
  const hm = [...box.querySelectorAll('.heatmap')].find(vis);
  return {tabs: tab, chart: !!([...box.querySelectorAll('svg.chart')].find(vis)), table: !!([...box.querySelectorAll('table')].find(vis)),
          heads: hm ? [...hm.querySelectorAll('th')].map((t) => t.textContent) : null,
          rows: hm ? [...hm.querySelectorAll('td.hm-row')].map((t) => t.textContent) : null};
}"""


def shown(host, entry: dict[str, Any]) -> dict[str, Any]:
    report = reach.check(host, entry)  # loads the page, sends the result, clicks each control once (and back)
    view: dict[str, Any] = host.frame.evaluate(DEFAULT_VIEW)
    view["report"] = report
    return view


def test_the_cohort_example_opens_on_its_retention_matrix(host):
    """The official ext-apps cohort-heatmap example (recorded from its npm package): each cohort
    holds its cells as records {cohortIndex, periodIndex, retention, …}; the matrix has a row per
    cohort (labelled by cohortLabel), a column per period (named by the sibling periodLabels), the
    retention in each cell; every cell record is on the Records tab, one click away."""
    entry = dict(reach.corpus())[COHORT]
    data = entry["result"]["structuredContent"]
    view = shown(host, entry)
    assert view["tabs"] == ["Matrix"] and not view["chart"]
    assert view["rows"] == [c["cohortLabel"] for c in data["cohorts"]]
    assert view["heads"][-len(data["periodLabels"]):] == data["periodLabels"]
    report = view["report"]
    assert report.total > 400 and report.found / report.total >= 0.99, report.missing


def test_a_typed_list_of_records_opens_on_its_table_not_a_chart(host):
    """Dated numbers (a chart says more: above the table, issue 49) and records with ids (no chart at all)."""
    days = [{"date": f"2026-01-{d:02d}", "high": 3.5 + d, "low": d - 2.25} for d in range(1, 11)]
    tasks = [{"id": f"task-{i}", "title": f"Write part {i}", "estimate": i * 1.5} for i in range(1, 8)]
    for rows, charted in ((days, True), (tasks, False)):
        schema = {"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {k: {"type": "number" if isinstance(v, float) else "string", **({"format": "date"} if k == "date" else {})} for k, v in rows[0].items()}}}}}
        tool = {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}
        view = shown(host, {"tool": tool, "result": {"structuredContent": {"rows": rows}}})
        assert view["tabs"] == [] and view["table"] and bool(view["chart"]) is charted
        assert view["report"].found == view["report"].total


@pytest.mark.parametrize("typed", [True, False])
def test_long_format_cells_are_a_matrix_named_by_sibling_labels(host, typed):
    """row × column → value records, their indices named by sibling row_labels/col_labels: a
    matrix, typed or not; the records one click away."""
    rows, cols = ["north", "south", "east"], ["Q1", "Q2", "Q3", "Q4"]
    cells = [{"row": r, "col": c, "value": round(10 + 3.25 * r - 1.5 * c + r * c, 2)} for r in range(3) for c in range(4)]
    data = {"cells": cells, "row_labels": rows, "col_labels": cols}
    cell = {"type": "object", "properties": {"row": {"type": "integer"}, "col": {"type": "integer"}, "value": {"type": "number"}}}
    schema = {"type": "object", "properties": {"cells": {"type": "array", "items": cell}, "row_labels": {"type": "array", "items": {"type": "string"}}, "col_labels": {"type": "array", "items": {"type": "string"}}}}
    tool = {"name": "t", "inputSchema": {"type": "object"}, **({"outputSchema": schema} if typed else {})}
    result = {"content": [{"type": "text", "text": json.dumps(data)}], **({"structuredContent": data} if typed else {})}
    view = shown(host, {"tool": tool, "result": result})
    assert view["tabs"] == ["Matrix"]
    assert view["rows"] == rows and view["heads"] == ["Row"] + cols
    assert view["report"].found == view["report"].total, view["report"].missing


def test_values_nested_in_a_row_are_one_click_away_in_place(host):
    """A typed table whose rows hold lists of records (orders and their lines): one click on a
    row's list shows it, and all it holds."""
    orders = [{"order": f"A-{i}", "lines": [{"sku": f"sku-{i}-{j}", "qty": j + i, "tags": [{"k": "colour", "v": f"c{i}{j}"}]} for j in range(6)]} for i in range(4)]
    line = {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}}}}}
    schema = {"type": "object", "properties": {"orders": {"type": "array", "items": {"type": "object", "properties": {"order": {"type": "string"}, "lines": {"type": "array", "items": line}}}}}}
    tool = {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}
    report = reach.check(host, {"tool": tool, "result": {"structuredContent": {"orders": orders}}})
    assert report.found == report.total, report.missing
