"""Property: any output schema with a conforming value renders, and every leaf is visible (in the
page text, or after opening the visible "more" controls)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from compiler.compile import compile_tree
from compiler.render import render_page
from harness.viewvalues import leaves, output_cases

pytestmark = pytest.mark.browser

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
MAX_EXAMPLES = {"ci": 25, "dev": 60}.get(PROFILE, 300)
# Each example reloads the app in Chromium: in CI, no shrinking (a failure still prints its case).
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if PROFILE == "ci" else list(Phase)

OPEN_MORE = """() => { let n = 0;
  document.querySelectorAll('details.more:not([open])').forEach((d) => { d.open = true; n++; });
  document.querySelectorAll('.inl > button').forEach((b) => { b.click(); n++; });
  return n; }"""


def expected(frame, value) -> list[str]:
    """What a person should see for each leaf (numbers as the page formats them)."""
    shown = []
    for leaf in leaves(value):
        if isinstance(leaf, bool):
            shown.append("Yes" if leaf else "No")
        elif leaf is None:
            shown.append("null")
        elif isinstance(leaf, (int, float)):
            # no grouping separator below 10 000 ("min2")
            grouped = frame.evaluate("(v) => v.toLocaleString(undefined, {maximumFractionDigits: 10, useGrouping: 'min2'})", leaf)
            # whole numbers under an id-, year- or code-like key are written without separators
            shown.append((grouped, str(leaf)) if isinstance(leaf, int) else grouped)
        else:
            shown.append(leaf)
    return shown


@settings(max_examples=MAX_EXAMPLES, phases=PHASES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=output_cases())
def test_generated_output_schema_and_value_render_every_leaf(apphost_once, case):
    schema, value = case
    host = apphost_once
    html = render_page(compile_tree({"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}))
    host.reload(html)
    host.wait_initialized()
    host.send_tool_result({"content": [{"type": "text", "text": json.dumps(value)}], "structuredContent": value})
    frame = host.frame
    frame.wait_for_selector("#result .result-body .view")
    for _ in range(8):  # nested "more" controls unfold one level per round (they build on toggle)
        if not frame.evaluate(OPEN_MORE):
            break
        host.wait_frames(2)  # the toggle handlers run in a later task
    text = frame.inner_text("#result .result-body")
    assert host.console_errors == [] and host.csp_violations == []
    assert not [e for e in host.logs if "result view failed" in json.dumps(e)]
    for shown in expected(frame, value):
        assert any(form in text for form in ((shown,) if isinstance(shown, str) else shown)), (shown, schema, text[:500])


@pytest.fixture
def apphost_once(apphost):
    """One host page reused across examples (``reload`` swaps the app: fast)."""
    return apphost(render_page(compile_tree({"name": "t", "inputSchema": {"type": "object"}})))
