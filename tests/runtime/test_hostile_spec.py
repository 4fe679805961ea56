"""Hostile text in every string a LayoutSpec can carry (title, summary, group titles, the submit
label) — and in the column titles a chart or table shows — stays inert text in Chromium."""

from __future__ import annotations

import pytest

from compiler.compile import compile_tree
from compiler.layout import check_spec
from compiler.pipeline import build_page
from runtime.test_hostile_page import ACTIVE, MARK, VECTORS

pytestmark = pytest.mark.browser


def tool(v: str) -> dict:
    return {
        "name": "hostile_spec",
        "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}},
        "outputSchema": {
            "type": "object",
            "properties": {
                "rows": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"day": {"type": "string", "format": "date", "title": v}, "n": {"type": "number", "title": v}},
                    },
                }
            },
        },
    }


def spec(v: str) -> dict:
    return {
        "title": v[:80],
        "summary": v,
        "input": {"groups": [{"title": v[:60], "fields": ["/a", "/b"]}], "submitLabel": v[:30]},
        "output": {"path": "/rows", "view": "chart", "chart": {"mark": "line", "x": "/day", "y": ["/n"]}},
    }


@pytest.mark.parametrize("vector", VECTORS)
def test_spec_strings_never_execute(apphost, vector):
    t = tool(vector)
    checked, problems = check_spec(compile_tree(t), spec(vector))
    assert problems == []
    host = apphost.load(build_page(t, spec=checked))
    host.wait_initialized()
    host.send_tool_result({"content": [], "structuredContent": {"rows": [{"day": "2026-11-22", "n": 1}, {"day": "2026-11-23", "n": 2}]}})
    f = host.frame
    # the spec's text and the result are on the page: now look for anything active
    host.wait_until(lambda: vector[:20].strip().split("\n")[0] in f.evaluate("() => document.body.innerText"))
    f.wait_for_selector("#result .result-body > *")
    active = f.evaluate(f"() => Array.from(document.querySelectorAll({ACTIVE!r})).map(e => e.outerHTML.slice(0, 80))")
    assert [a for a in active if not a.startswith("<script") and not a.startswith("<svg")] == []
    assert f.evaluate("() => document.querySelectorAll('svg [onload], svg script, svg foreignObject').length") == 0
    assert not any(MARK in text and not text.startswith("CSP-VIOLATION") for _, text in host.console), host.console
    assert host.csp_violations == [] and host.page_errors == []
