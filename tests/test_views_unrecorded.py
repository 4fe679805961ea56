"""Reach proven on results nobody recorded (issue 32, part 3): for output schemas of the kinds
real servers emit (tests/outputs_strategy.py) and a readable value conforming to each, the tool's
self-contained page, in a host that reads no resource (the official AppBridge with a tools-only
host's capabilities, headless Chromium), shows every scalar of the result in its default view or
one click away (tests/reach.py's checker), shows no raw JSON in the default view, and logs no
console error.

A few dozen examples in the ``ci`` profile (one browser and one host page for the module; each
example a fresh app frame); many more with ``HYPOTHESIS_PROFILE=fuzz``. The figure per kind is
printed by ``python bench/bench_views.py --reach N``. The field corpus's reach check stays beside
this one (tests/test_views_reach.py)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import reach
from outputs_strategy import Case, cases, result

pytestmark = pytest.mark.browser

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
MAX_EXAMPLES = {"ci": 30, "dev": 40}.get(PROFILE, 2000)
# Each example is a page in Chromium: in CI, no shrinking (a failure still prints its case).
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if PROFILE == "ci" else list(Phase)


@pytest.fixture(scope="module")
def host(browser):
    h = browser.new_host(reach.page_of(None, self_contained=True), host_context=reach.CONTEXT, reads=False)
    yield h
    h.close()


def shown(host, case: Case) -> reach.Report:
    """The case's result in its tool's self-contained page, in a fresh app frame of ``host``."""
    host.console.clear()
    host.page_errors.clear()
    host.reach_page = None  # every example in a fresh frame: its console is its own
    return reach.check(host, {"tool": case.tool(), "result": result(case)}, case.kind, self_contained=True)


def explain(case: Case, report: reach.Report) -> str:
    lost = ", ".join(f"{p}={json.dumps(v)}" for p, v in report.missing[:8])
    return (f"{case.kind}: {report.found}/{report.total} in reach; not: {lost}; raw JSON: {report.raw_json[:3]}\n"
            f"schema: {json.dumps(case.schema)}\nvalue: {json.dumps(case.value)[:2000]}")


@settings(max_examples=MAX_EXAMPLES, phases=PHASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=cases())
def test_every_scalar_of_a_generated_result_is_in_reach(host, case):
    report = shown(host, case)
    host.wait_frames(2)  # what the clicks drew has drawn (an error it logged is on the console)
    assert host.console_errors == [], (host.console_errors, explain(case, report))
    assert report.raw_json == [], explain(case, report)
    assert report.found == report.total, explain(case, report)


# --------------------------------------------------------------------------- the check, checked


def test_raw_json_in_the_default_view_is_seen():
    """The raw-JSON rule finds JSON shown as text, and not prose, dates, times or lists of words."""
    for text in ['{"a": 1}', '[{"name": "Oslo"}]', 'value "city": "Oslo"', '{ "x" : [1] }']:
        assert reach.RAW_JSON.search(text), text
    for text in ["Oslo, Bergen", "23 Nov 2026, 14:30 (UTC)", "a: b", "{x}", "[1, 2, 3]", 'She said "hello": twice']:
        assert not reach.RAW_JSON.search(text), text


def test_a_typed_result_shown_whole_passes_and_a_lost_value_fails(host):
    """The driver on two real pages: a flat record is all in reach (the default view shows it);
    the same record with a value the schema does not name is still counted (scalars come from
    the value, not the schema), so a view that drops it cannot pass."""
    schema = {"type": "object", "properties": {"city": {"type": "string"}, "visits": {"type": "integer"}}, "required": ["city", "visits"]}
    whole = shown(host, Case("record", schema, {"city": "Oslo", "visits": 709037}))
    assert (whole.found, whole.total, whole.raw_json) == (2, 2, [])
    assert host.reads == []  # the self-contained page read nothing
    extra = shown(host, Case("record", schema, {"city": "Oslo", "visits": 709037, "extra": "Tallinn"}))
    assert extra.total == 3
