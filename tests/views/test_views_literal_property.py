"""Property (issue 50, item 5): generated Python-printed data (``repr`` of lists, tuples and dicts
of strings, numbers, True/False/None, as ``str(result)`` sends them) and generated series of points
(Prometheus-shaped range and instant results, values as numbers' text) render in a tools-only
host with every scalar shown or one click away (tests/harness/reach.py, the field corpus's own
check: a literal's scalars read by ``ast.literal_eval``), no console error. The reader's own fuzz
test (no input throws or hangs) is tests/js/unit/literal.test.mjs."""

from __future__ import annotations

import os
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from harness import reach

pytestmark = pytest.mark.browser

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
MAX_EXAMPLES = {"ci": 20, "dev": 40}.get(PROFILE, 200)
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if PROFILE == "ci" else list(Phase)
SETTINGS = settings(max_examples=MAX_EXAMPLES, phases=PHASES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# Strings a repr escapes (quotes, backslashes, line breaks, tabs) beside words and non-ASCII.
TEXT = st.text(alphabet=string.ascii_letters + string.digits + " '\"\\\n\t-_.,:;()[]{}åøæé–", min_size=1, max_size=16).filter(str.strip)
SCALARS = st.one_of(
    TEXT,
    st.integers(min_value=-(2**53), max_value=2**53),
    st.floats(min_value=-1e9, max_value=1e9, allow_nan=False).map(lambda f: round(f, 4)),
    st.booleans(),
    st.none(),
)
CONTAINERS = st.recursive(
    st.lists(SCALARS, min_size=1, max_size=5),
    lambda inner: st.one_of(
        st.lists(inner | SCALARS, min_size=1, max_size=4),
        st.lists(SCALARS, min_size=1, max_size=4).map(tuple),
        st.dictionaries(st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True), inner | SCALARS, min_size=1, max_size=4),
    ),
    max_leaves=24,
)
# A database's rows as tuples: the same width in every row.
ROWS = st.integers(min_value=1, max_value=4).flatmap(lambda width: st.lists(st.tuples(*[SCALARS] * width), min_size=1, max_size=8))

LABEL = st.text(alphabet=string.ascii_letters + "åø–-_ ", min_size=1, max_size=10).filter(str.strip)
VALUE = st.one_of(st.integers(-1000, 10**6).map(str), st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda f: f"{f:.6g}"))
T0 = 1795160700


@st.composite
def series(draw: Any) -> dict[str, Any]:
    """A range query's matrix (a points list per series) or an instant's vector (one point each)."""
    count, points, instant = draw(st.integers(1, 4)), draw(st.integers(1, 10)), draw(st.booleans())
    names = draw(st.lists(st.sampled_from(["route", "job", "host", "vessel"]), min_size=0, max_size=3, unique=True))
    result = []
    for _ in range(count):
        metric = {name: draw(LABEL) for name in names}
        if instant:
            result.append({"metric": metric, "value": [T0, draw(VALUE)]})
        else:
            result.append({"metric": metric, "values": [[T0 + 60 * i, draw(VALUE)] for i in range(points)]})
    return {"resultType": "vector" if instant else "matrix", "result": result}


@pytest.fixture
def tools_only(browser):
    h = browser.new_host(reach.page_of(None), host_context=reach.CONTEXT, reads=False)
    yield h
    h.close()


def in_reach(host: Any, result: dict[str, Any]) -> None:
    host.console.clear()
    report = reach.check(host, {"tool": None, "result": result})
    assert host.console_errors == [] and host.reads == []
    assert (report.found, report.missing) == (report.total, []), (report.missing[:10], result)


@SETTINGS
@given(value=st.one_of(CONTAINERS, ROWS))
def test_python_printed_data_is_every_scalar_in_reach(tools_only, value):
    in_reach(tools_only, {"content": [{"type": "text", "text": repr(value)}]})


@SETTINGS
@given(value=series())
def test_a_series_of_points_is_every_scalar_in_reach(tools_only, value):
    in_reach(tools_only, {"content": [{"type": "text", "text": "see the data"}], "structuredContent": value})
