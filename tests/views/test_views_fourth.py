"""Issue 50's result views in headless Chromium under the official AppBridge, in a tools-only host
(no resource read), an 800 px frame, light and dark: Python-printed data as data, series of points
as a chart and a time × series table, errors that are code in monospace (the caret under its
column). Fixtures recorded from real servers (fixtures/field/, scripts/record_field.py):
redis-mcp-server 0.5.1 over Debian's redis-server 7.0, prometheus-mcp-server 1.6.2 over Debian's
Prometheus 2.42 (samples backfilled by promtool). The node unit tests of the same rules:
tests/js/unit/literal.test.mjs, points.test.mjs, errors.test.mjs.

axe-core's WCAG 2.0/2.1 A and AA rules run in the frame (tests/harness/axe.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import ROOT
from harness import axe
from views.test_views_series import shown  # an 800 px tools-only host (no reads), the result drawn

pytestmark = pytest.mark.browser

PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
FIELD = ROOT / "fixtures" / "field"
BODY = "#result .result-body > .view"
PG_ERROR = 'ERROR:  relation "arrivals" does not exist\nLINE 1: select * from arrivals where day = 3\n                      ^'


def load(name: str) -> dict[str, Any]:
    return json.loads((FIELD / f"{name}.json").read_text(encoding="utf-8"))


def cells(frame, selector: str) -> list[str]:
    return [c.strip() for c in frame.locator(selector).all_inner_texts()]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_range_query_is_a_chart_you_can_see_and_a_table_of_time_by_series(apphost, theme):
    entry = load("prometheus__execute_range_query")
    host = shown(apphost, entry["tool"], entry["result"], theme, f"{BODY} .series svg.chart")
    facts = host.frame.evaluate("""() => {
      const svg = document.querySelector('#result .series svg.chart'), box = svg.getBoundingClientRect();
      return {
        visible: svg.checkVisibility() && box.width > 500 && box.height > 200, inView: box.top < innerHeight,
        lines: [...svg.querySelectorAll('path[fill=none]')].map((p) => p.getBoundingClientRect().width),
        legend: [...document.querySelectorAll('#result .series .legend span')].map((s) => s.textContent),
        ticks: [...svg.querySelectorAll('text[text-anchor=middle]')].map((t) => t.textContent),
        pageWidth: document.documentElement.scrollWidth, frameWidth: document.documentElement.clientWidth,
      };
    }""")
    assert facts["visible"] and facts["inView"], facts
    assert len(facts["lines"]) == 2 and all(width > 400 for width in facts["lines"]), "a line a series, across the chart"
    assert facts["legend"] == ["Tromsø–Skjervøy · MF Fjord", "Ålesund–Hareid · MF Nordlys"]
    assert facts["ticks"][0] == "07:45" and all(len(tick) == 5 for tick in facts["ticks"]), facts["ticks"]
    frame = host.frame
    # the 31 rows under the chart that draws them: folded, one click away
    fold = frame.locator(f"{BODY} .series > details.rows")
    assert fold.locator("summary").inner_text() == "Table · 31 rows"
    assert not frame.locator(f"{BODY} .series table").is_visible()
    fold.locator("summary").click()
    assert frame.locator(f"{BODY} .series table").is_visible()
    assert cells(frame, f"{BODY} .series th button") == ["Time", "Tromsø–Skjervøy · MF Fjord", "Ålesund–Hareid · MF Nordlys"]
    rows = frame.locator(f"{BODY} .series tbody tr")
    assert rows.count() == 31
    first = cells(frame, f"{BODY} .series tbody tr:first-child td")
    values = entry["result"]["structuredContent"]["result"]
    assert first[0] == "07:45"  # the times' one day said once, under the heading; the exact time on hover
    assert cells(frame, f"{BODY} .series th small") == ["20 Nov 2026 (UTC)"]
    assert frame.locator(f"{BODY} .series tbody tr:first-child time").get_attribute("title") == "2026-11-20T07:45:00.000Z"
    assert [float(v) for v in first[1:]] == [float(values[0]["values"][0][1]), float(values[1]["values"][0][1])]
    assert facts["pageWidth"] <= facts["frameWidth"]
    assert axe.violations(frame) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_instant_vector_is_a_row_a_series(apphost, theme):
    entry = load("prometheus__execute_query")
    host = shown(apphost, entry["tool"], entry["result"], theme, f"{BODY} table")
    assert cells(host.frame, f"{BODY} th button") == ["Route", "Vessel", "Time", "Value"]
    assert cells(host.frame, f"{BODY} tbody tr:first-child td") == ["Tromsø–Skjervøy", "MF Fjord", "08:15", "48.5"]
    assert cells(host.frame, f"{BODY} th small") == ["20 Nov 2026 (UTC)"]
    assert axe.violations(host.frame) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_python_printed_tuples_are_rows_and_their_text_is_one_click_away(apphost, theme):
    entry = load("redis__zrange")  # FastMCP's {"result": str(rows)} beside the same text
    host = shown(apphost, entry["tool"], entry["result"], theme, f"{BODY} table")
    frame = host.frame
    assert cells(frame, f"{BODY} th button") == ["Column 1", "Column 2"]
    assert [cells(frame, f"{BODY} tbody tr:nth-child({i}) td") for i in (1, 2, 3)] == [["Alan", "88.00"], ["Ada", "92.50"], ["Grace", "95.25"]]
    sent = frame.locator(f"{BODY} details.srv")
    assert not sent.locator("pre").is_visible()
    sent.locator("summary").click()
    assert sent.locator("pre").inner_text() == entry["result"]["structuredContent"]["result"]
    assert axe.violations(frame) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_error_that_is_code_keeps_its_lines_in_monospace_its_caret_under_its_column(apphost, theme):
    host = shown(apphost, PLAIN, {"isError": True, "content": [{"type": "text", "text": PG_ERROR}]}, theme, f"{BODY} .alert-error pre")
    frame = host.frame
    assert frame.locator(f"{BODY} .alert-error p").inner_text() == 'ERROR:  relation "arrivals" does not exist'
    # The caret's box stands under the query's "a" of arrivals: the same x, in a monospace font.
    x = frame.evaluate("""() => {
      const pre = document.querySelector('#result .alert-error pre'), text = pre.firstChild.nodeType === 3 ? pre.firstChild : pre.querySelector('*').firstChild;
      const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().left; };
      const lines = text.data.split('\\n'), caret = lines[0].length + 1 + lines[1].indexOf('^');
      return { target: at(lines[0].indexOf('arrivals')), caret: at(caret), font: getComputedStyle(pre).fontFamily, space: getComputedStyle(pre).whiteSpace };
    }""")
    assert abs(x["target"] - x["caret"]) < 1, x
    assert "monospace" in x["font"] and x["space"] in ("pre", "pre-wrap"), x
    validation = load("redis__lrange__not-int")
    host = shown(apphost, validation["tool"], validation["result"], theme, f"{BODY} .alert-error pre")
    assert host.frame.locator(f"{BODY} .alert-error p").inner_text() == "1 validation error for lrangeArguments"
    # (the first: the cause; the text as sent, the SDK's wrapper and all, folded under it)
    assert "[type=int_parsing, input_value='first', input_type=str]" in host.frame.locator(f"{BODY} .alert-error pre.lines").first.inner_text()
    assert host.frame.locator(f"{BODY} .alert-error details.srv pre.lines").count() == 1
    assert axe.violations(host.frame) == []
