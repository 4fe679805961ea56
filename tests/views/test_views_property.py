"""Property: any output schema with a conforming value renders, every leaf is visible (in the page
text, or after opening the visible "more" controls; a number drawn as a person reads it, exact in
its title), and no number is drawn with binary noise (issue 49)."""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings

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


TITLES = "() => Array.from(document.querySelectorAll('#result .result-body [title]'), (e) => e.title)"
# A number drawn with binary noise: more fraction digits than any column needs (present.js draws 6 at most).
NOISE = re.compile(r"\d\.\d{7,}")


def expected(frame, value) -> list[str | tuple[str, ...]]:
    """What a person should see for each leaf: a boolean's word, null, a string, and a number as
    the views write every digit — or, drawn as a person reads it (its column's decimals, money,
    a percentage, a short figure in a headline), its exact self in the title of what is drawn."""
    shown: list[str | tuple[str, ...]] = []
    for leaf in leaves(value):
        if isinstance(leaf, bool):
            shown.append("Yes" if leaf else "No")
        elif leaf is None:
            shown.append("null")
        elif isinstance(leaf, (int, float)):
            # no grouping separator below 10 000 ("min2"); an id-, year- or code-like key's whole
            # number none at all; or the number's JavaScript text, in a title
            grouped = frame.evaluate("(v) => v.toLocaleString(undefined, {maximumFractionDigits: 20, useGrouping: 'min2'})", leaf)
            shown.append((grouped, str(leaf), "title:" + frame.evaluate("(v) => String(v)", leaf)))
        else:
            shown.append(leaf)
    return shown


# A grid of numbers (a heatmap, matrix.js) whose cells read rounded: each cell's title names its
# column, then its exact value ("2: -0.37700258397932823"), as hypothesis once found.
GRID = {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}
ROUNDED_GRID = ({"type": "object", "properties": {"grid": GRID}, "required": ["grid"]},
                {"grid": [[-3.1, -0.37700258397932823, 25.9], [1704.5385321100916, -6.246875, 10.7, -431.62907801418436],
                          [64.97, -120.66825396825396, 4.39, 1959.43], [0.4045364891518738, 223.80344827586205, -92.1815340909091, -132.9]]})


@settings(max_examples=MAX_EXAMPLES, phases=PHASES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=output_cases())
@example(case=ROUNDED_GRID)
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
    titles = frame.evaluate(TITLES)
    titles += [title.rsplit(": ", 1)[-1] for title in titles]  # a cell's "column: value"
    for shown in expected(frame, value):
        forms = (shown,) if isinstance(shown, str) else shown
        assert any(form in text or form.removeprefix("title:") in titles for form in forms), (shown, schema, text[:500])
    # and no number drawn with binary noise (its every digit stays in its title)
    assert not NOISE.search(text), (NOISE.search(text), schema, text[:500])


@pytest.fixture
def apphost_once(apphost):
    """One host page reused across examples (``reload`` swaps the app: fast)."""
    return apphost(render_page(compile_tree({"name": "t", "inputSchema": {"type": "object"}})))
