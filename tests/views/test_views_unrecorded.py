"""Reach proven on results nobody recorded (issue 32, part 3): for output schemas of the kinds
real servers emit (tests/harness/outputs_strategy.py) and a readable value conforming to each, the tool's
self-contained page, in a host that reads no resource (the official AppBridge with a tools-only
host's capabilities, headless Chromium), shows every scalar of the result in its default view or
one click away (tests/harness/reach.py's checker), shows no raw JSON in the default view, and logs no
console error.

A few dozen examples in the ``ci`` profile (one browser and one host page for the module; each
example a fresh app frame); many more with ``HYPOTHESIS_PROFILE=fuzz``. The figure per kind is
printed by ``python bench/bench_views.py --reach N``. The field corpus's reach check stays beside
this one (tests/field/test_views_reach.py)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from harness import reach
from harness.outputs_strategy import KINDS, Case, cases, result

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
MAX_EXAMPLES = {"ci": 30, "dev": 40}.get(PROFILE, 2000)
# Each example is a page in Chromium: in CI, no shrinking (a failure still prints its case).
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if PROFILE == "ci" else list(Phase)


@pytest.fixture(scope="module")
def host(browser):
    h = browser.new_host(reach.page_of(None), host_context=reach.CONTEXT, reads=False)
    yield h
    h.close()


def shown(host, case: Case) -> reach.Report:
    """The case's result in its tool's self-contained page, in a fresh app frame of ``host``."""
    host.console.clear()
    host.page_errors.clear()
    host.reach_page = None  # every example in a fresh frame: its console is its own
    return reach.check(host, {"tool": case.tool(), "result": result(case)}, case.kind)


def explain(case: Case, report: reach.Report) -> str:
    lost = ", ".join(f"{p}={json.dumps(v)}" for p, v in report.missing[:8])
    return (f"{case.kind}: {report.found}/{report.total} in reach; not: {lost}; raw JSON: {report.raw_json[:3]}\n"
            f"schema: {json.dumps(case.schema)}\nvalue: {json.dumps(case.raw or case.value)[:2000]}")


@pytest.mark.browser
@settings(max_examples=MAX_EXAMPLES, phases=PHASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=cases())
def test_every_scalar_of_a_generated_result_is_in_reach(host, case):
    report = shown(host, case)
    host.wait_frames(2)  # what the clicks drew has drawn (an error it logged is on the console)
    assert host.console_errors == [], (host.console_errors, explain(case, report))
    assert report.raw_json == [], explain(case, report)
    assert report.found == report.total, explain(case, report)


# Issue 40's long tail (a table as columns and rows, markdown tables of up to two pages and
# sections of JSON, HTML tables in text, errors of each kind), each kind drawn on its own as well:
# the mixed draw above gives each a few examples only.
LONG_TAIL = ("columns", "markdown", "html", "error")


@pytest.mark.browser
@pytest.mark.parametrize("kind", LONG_TAIL)
@settings(max_examples={"ci": 8, "dev": 12}.get(PROFILE, 200), phases=PHASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_scalar_of_the_long_tail_is_in_reach(host, kind, data):
    case = data.draw(cases(kind))
    report = shown(host, case)
    host.wait_frames(2)
    assert host.console_errors == [], (host.console_errors, explain(case, report))
    assert report.raw_json == [], explain(case, report)
    assert report.found == report.total, explain(case, report)
    assert host.reads == []


# --------------------------------------------------------------------------- the check, checked


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_every_generated_value_conforms_to_its_schema(kind, data):
    """The strategy's own promise: a valid 2020-12 schema, and a value it accepts (formats too)."""
    case = data.draw(cases(kind))
    Draft202012Validator.check_schema(case.schema)
    errors = list(Draft202012Validator(case.schema, format_checker=Draft202012Validator.FORMAT_CHECKER).iter_errors(case.value))
    assert errors == [], (errors[0].message, case.schema)
    assert json.loads(json.dumps(case.value)) == case.value  # plain JSON: what a server sends


def test_raw_json_in_the_default_view_is_seen():
    """The raw-JSON rule finds JSON shown as text, and not prose, dates, times or lists of words."""
    for text in ['{"a": 1}', '[{"name": "Oslo"}]', 'value "city": "Oslo"', '{ "x" : [1] }']:
        assert reach.RAW_JSON.search(text), text
    for text in ["Oslo, Bergen", "23 Nov 2026, 14:30 (UTC)", "a: b", "{x}", "[1, 2, 3]", 'She said "hello": twice']:
        assert not reach.RAW_JSON.search(text), text


@pytest.mark.browser
def test_a_typed_record_is_whole_in_a_page_that_reads_nothing(host):
    """The driver on a real page: a flat record is all in reach, and the self-contained page
    drew it in a host that offers no resource read (it asked for none)."""
    schema = {"type": "object", "properties": {"city": {"type": "string"}, "visits": {"type": "integer"}}, "required": ["city", "visits"]}
    whole = shown(host, Case("record", schema, {"city": "Oslo", "visits": 709037}))
    assert (whole.found, whole.total, whole.raw_json) == (2, 2, [])
    assert host.reads == [] and host.console_errors == []


COHORT = {"cells": [{"cohortIndex": i, "periodIndex": j, "retention": [100, 61.5, 40.2][j] - 5 * i} for i in range(3) for j in range(3 - i)],
          "cohortLabels": ["Jan 2026", "Feb 2026", "Mar 2026"], "periodLabels": ["Month 0", "Month 1", "Month 2"]}


def test_long_format_cells_are_read_as_a_matrix():
    """Each measure once, each label once: a pivoted matrix shows a row's label once, not once
    per cell; an index beside an array of names is a position (the names stand for it)."""
    assert reach.long_format(COHORT["cells"]) == ("cohortIndex", "periodIndex", "retention")
    got = [(s.path, s.value) for s in reach.scalars({"structuredContent": COHORT})]
    assert [v for p, v in got if p.endswith("retention")] == [c["retention"] for c in COHORT["cells"]]
    assert [v for p, v in got if "Labels" in p] == COHORT["cohortLabels"] + COHORT["periodLabels"]
    assert len(got) == 6 + 6  # no index: the labels name the places
    bare = [s.value for s in reach.scalars({"structuredContent": {"cells": COHORT["cells"]}})]
    assert bare == [c["retention"] for c in COHORT["cells"]] + [0, 1, 2, 0, 1, 2]  # the indices are the headings then
    csv = "region,month,sales\nNorth,Jan,10\nNorth,Feb,12\nSouth,Jan,7\nSouth,Feb,9\n"
    assert [s.value for s in reach.scalars({"content": [{"type": "text", "text": csv}]})] == ["10", "12", "7", "9", "North", "South", "Jan", "Feb"]
    # not long-format: a key never repeated (a list of records with ids), a pair twice, two measures
    assert reach.long_format([{"id": i, "region": "North", "n": i} for i in range(6)]) is None
    assert reach.long_format([{"a": "x", "b": "y", "n": i} for i in range(4)]) is None
    assert reach.long_format([{"a": i % 2, "b": i // 2, "n": i, "m": 1} for i in range(4)]) is None


probe = reach.probe


def matrix_html(rows: list[str], cols: list[str], cells: dict[tuple[int, int], float]) -> str:
    head = "".join(f"<th>{c}</th>" for c in cols)
    body = "".join(f"<tr><th>{r}</th>" + "".join(f"<td>{cells.get((i, j), '')}</td>" for j in range(len(cols))) + "</tr>"
                   for i, r in enumerate(rows))
    return f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>"


@pytest.mark.browser
def test_a_matrix_view_of_long_cells_passes_and_a_lossy_one_fails(host):
    shown(host, Case("long", {"type": "object"}, {"x": "placeholder page"}))
    values = [s.value for s in reach.scalars({"structuredContent": COHORT})]
    cells = {(c["cohortIndex"], c["periodIndex"]): c["retention"] for c in COHORT["cells"]}
    whole = matrix_html(COHORT["cohortLabels"], COHORT["periodLabels"], cells)
    assert probe(host, whole, values)["found"] == len(values)
    lossy = matrix_html(COHORT["cohortLabels"], COHORT["periodLabels"], {**cells, (2, 0): ""})  # a cell lost
    assert probe(host, lossy, values)["found"] == len(values) - 1
    indices = matrix_html(["0", "1", "2"], ["0", "1", "2"], cells)  # positions shown, not the names
    assert probe(host, indices, values)["found"] == len(values) - 6
