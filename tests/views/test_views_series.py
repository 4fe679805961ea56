"""A chart you can see (issue 49, item 4) and matrices within the frame (item 5): pages drawn from
results in a tools-only host (the official AppBridge in headless Chromium, no serverResources),
an 800 px frame, light and dark.

axe-core's WCAG 2.0/2.1 A and AA rules run in the frame (tests/harness/axe.py; axe-core pinned in tests/js)."""

from __future__ import annotations

import json

import pytest

from compiler.pipeline import build_page
from conftest import ROOT
from harness import axe

pytestmark = pytest.mark.browser

PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
FIELD = ROOT / "fixtures" / "field"
# Twelve months of three measures, as a tool without an outputSchema returns them (92 of the
# corpus's 127 tools have none): the JSON text of one content block.
MONTHS = [
    {"month": f"2026-{m + 1:02d}", "revenue": 42000 + 3100 * m + (m % 3) * 900.5, "cost": 30000 + 800 * m, "profit": 12000 + 2300 * m + (m % 3) * 900.5}
    for m in range(12)
]


def shown(apphost, tool: dict, result: dict, theme: str, selector: str):
    host = apphost.load(build_page(tool), host_context={"theme": theme, "locale": "en-GB"}, width=800, height=600, reads=False)
    host.wait_initialized()
    host.send_tool_result(result)
    host.frame.wait_for_selector(selector)
    host.wait_frames(2)
    assert host.console_errors == [] and host.csp_violations == [] and host.reads == []
    return host


def axe_violations(host) -> list:
    """axe-core's WCAG A/AA violations in the app frame (tests/harness/axe.py)."""
    return axe.violations(host.frame)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_twelve_months_of_three_measures_show_their_chart_above_their_table_without_a_click(apphost, theme):
    host = shown(apphost, PLAIN, {"content": [{"type": "text", "text": json.dumps(MONTHS)}]}, theme, "#result .series svg.chart")
    facts = host.frame.evaluate("""() => {
      const svg = document.querySelector('#result .series svg.chart'), table = document.querySelector('#result .series .tbl table');
      const box = svg.getBoundingClientRect(), under = table.getBoundingClientRect(), text = svg.querySelector('text');
      const luminance = (rgb) => { const [r, g, b] = rgb.match(/\\d+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
      return {
        visible: svg.checkVisibility() && box.width > 0 && box.height > 0, width: box.width, height: box.height,
        above: box.bottom <= under.top, inView: box.top < innerHeight,
        label: svg.getAttribute('aria-label'), role: svg.getAttribute('role'),
        legend: [...document.querySelectorAll('#result .series .legend span')].map((s) => s.textContent),
        lines: [...svg.querySelectorAll('path[fill=none]')].map((p) => p.getBoundingClientRect().width),
        ticks: [...svg.querySelectorAll('text[text-anchor=end]')].map((t) => t.textContent),
        rows: table.querySelectorAll('tbody tr').length,
        text: luminance(getComputedStyle(text).fill), page: luminance(getComputedStyle(document.body).backgroundColor),
        pageWidth: document.documentElement.scrollWidth, frameWidth: document.documentElement.clientWidth,
      };
    }""")
    # Seen at once: drawn, in the first screen, as wide as the result area, above its whole table.
    assert facts["visible"] and facts["inView"] and facts["above"], facts
    assert 600 <= facts["width"] <= 760 and facts["height"] > 200, facts
    assert facts["rows"] == 12
    assert facts["role"] == "img" and facts["label"] == "Profit, Revenue, Cost by Month"
    assert facts["legend"] == ["Profit", "Revenue", "Cost"]
    assert len(facts["lines"]) == 3 and all(width > 500 for width in facts["lines"]), "a line each, across the chart"
    assert facts["ticks"][-1].endswith("K") and "," not in "".join(facts["ticks"]), "short ticks: 80K"
    # The theme's palette: light text on a dark page, dark text on a light one.
    assert (facts["text"] > 0.5) == (theme == "dark") and (facts["page"] < 0.5) == (theme == "dark"), facts
    assert facts["pageWidth"] <= facts["frameWidth"]
    assert axe_violations(host) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_cohort_heatmap_fits_an_800_px_frame_in_whole_percentages_the_exact_values_one_click_away(apphost, theme):
    entry = json.loads((FIELD / "cohort-heatmap__get-cohort-data.json").read_text(encoding="utf-8"))
    host = shown(apphost, entry["tool"], entry["result"], theme, "#result .heatmap td.hm")
    first = entry["result"]["structuredContent"]["cohorts"][0]["cells"][1]["retention"]  # 0.8647524082550365
    read = """() => {
      const heatmap = document.querySelector('#result .heatmap'), scroll = heatmap.querySelector('.scroll');
      const frame = document.documentElement, box = scroll.getBoundingClientRect();
      const seen = (selector) => [...heatmap.querySelectorAll(selector)].filter((n) => n.checkVisibility()).map((n) => n.textContent);
      return {
        pageWidth: frame.scrollWidth, frameWidth: frame.clientWidth, boxRight: box.right, overflow: getComputedStyle(scroll).overflowX,
        scrolls: scroll.scrollWidth > scroll.clientWidth, tableWidth: scroll.scrollWidth,
        rounded: seen('td.hm .hm-r'), exact: seen('td.hm .hm-x'), legend: seen('.hm-legend span'),
        toggle: heatmap.querySelector('.hm-legend button').getAttribute('aria-pressed'),
      };
    }"""
    facts = host.frame.evaluate(read)
    # Never wider than the frame: the page does not scroll sideways; the matrix scrolls in its own box.
    assert facts["pageWidth"] <= facts["frameWidth"] and facts["boxRight"] <= facts["frameWidth"], facts
    assert facts["overflow"] == "auto"
    # Whole percentages (they made the table 2 128 px wide unrounded; now far less), the legend's ends too.
    assert len(facts["rounded"]) == 78 and all(text.endswith("%") and text[:-1].isdigit() for text in facts["rounded"]), facts["rounded"]
    assert facts["rounded"][:2] == ["100%", "86%"] and facts["exact"] == []
    assert facts["legend"] == ["Retention", "31%", "100%"]
    assert facts["tableWidth"] < 1300, facts["tableWidth"]
    # The exact values: in each cell's title, and every one shown by the legend's toggle (one click).
    assert host.frame.locator("#result .heatmap td.hm").nth(1).get_attribute("title").endswith(str(first))
    host.frame.click("#result .hm-legend button")
    host.wait_frames(2)
    clicked = host.frame.evaluate(read)
    assert clicked["toggle"] == "true" and clicked["rounded"] == []
    assert len(clicked["exact"]) == 78 and clicked["exact"][1] == str(first)
    assert clicked["pageWidth"] <= clicked["frameWidth"]
    # The box scrolls to the matrix's last column, inside the frame.
    if facts["scrolls"]:
        right = host.frame.evaluate("""() => { const s = document.querySelector('#result .heatmap .scroll'); s.scrollLeft = s.scrollWidth;
          const cell = s.querySelector('tbody tr td:last-child').getBoundingClientRect(); return [cell.right, s.getBoundingClientRect().right]; }""")
        assert right[0] <= right[1] + 1
    host.frame.click("#result .hm-legend button")
    assert axe_violations(host) == []
