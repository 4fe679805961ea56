"""Round trip through the real page: for a generated schema and a valid instance, the instance
sent as tool-input and submitted unchanged arrives at the host as the same arguments.

Schemas and instances are drawn together (``cases``) so every instance is valid by
construction; strings are printable (a browser form cannot hold lone surrogates or newlines in
a one-line input). CI runs a bounded number of examples (each loads a page in Chromium).
"""

from __future__ import annotations

import os
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from compiler.pipeline import build_page

pytestmark = pytest.mark.browser

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
MAX_EXAMPLES = {"ci": 25, "dev": 40}.get(PROFILE, 300)
# Each example loads a page in Chromium: in CI, no shrinking (a failure still prints its case).
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if PROFILE == "ci" else list(Phase)

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12).filter(
    str.isprintable
)
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=8).filter(
    str.isprintable
)
scalars = st.one_of(st.integers(-1000, 1000), text, st.booleans())

Case = tuple[dict[str, Any], st.SearchStrategy[Any]]


def leaf() -> st.SearchStrategy[Case]:
    return st.sampled_from(
        [
            ({"type": "string"}, text),
            ({"type": "integer"}, st.integers(-(10**9), 10**9)),
            ({"type": "number"}, st.floats(-1e9, 1e9, allow_nan=False) | st.integers(-1000, 1000)),
            ({"type": "boolean"}, st.booleans()),
            ({"type": ["boolean", "null"]}, st.none() | st.booleans()),
            ({"type": ["string", "null"]}, st.none() | text),
            ({"type": ["integer", "null"]}, st.none() | st.integers(-50, 50)),
            ({"type": "string", "format": "date"}, st.dates().map(lambda d: d.isoformat())),
            ({"type": "string", "format": "date-time"}, st.just("2026-01-31T09:30:00Z")),
            ({"type": "integer", "minimum": 0, "maximum": 10}, st.integers(0, 10)),
            ({"type": "number", "minimum": -5, "maximum": 5, "multipleOf": 0.5}, st.integers(-10, 10).map(lambda i: i / 2)),
            ({"type": "string", "maxLength": 3}, text.filter(lambda x: len(x) <= 3)),
            ({"type": "string", "format": "email"}, st.just("a@b.co")),
        ]
    ) | st.lists(scalars, min_size=1, max_size=5, unique=True).map(lambda vals: ({"enum": vals}, st.sampled_from(vals))) | st.lists(
        text, min_size=2, max_size=4, unique=True
    ).map(
        lambda vals: (
            {"type": "array", "items": {"type": "string", "enum": vals}, "uniqueItems": True},
            st.lists(st.sampled_from(vals), unique=True),
        )
    )


def compound(inner: st.SearchStrategy[Case]) -> st.SearchStrategy[Case]:
    return st.one_of(
        inner.map(lambda c: ({"type": "array", "items": c[0]}, st.lists(c[1], max_size=3))),
        st.lists(inner, min_size=1, max_size=3).map(
            lambda cs: (
                {"type": "array", "prefixItems": [c[0] for c in cs], "items": False, "minItems": len(cs)},
                st.tuples(*(c[1] for c in cs)).map(list),
            )
        ),
        inner.map(
            lambda c: ({"type": "object", "additionalProperties": c[0]}, st.dictionaries(names, c[1], max_size=3))
        ),
        objects(inner),
        st.tuples(objects(inner), objects(inner)).map(lambda pair: discriminated(*pair)),
    )


def objects(inner: st.SearchStrategy[Case]) -> st.SearchStrategy[Case]:
    return st.dictionaries(names, st.tuples(inner, st.booleans()), min_size=1, max_size=4).map(object_case)


def object_case(props: dict[str, tuple[Case, bool]]) -> Case:
    schema = {
        "type": "object",
        "properties": {k: c[0] for k, (c, _) in props.items()},
        "required": [k for k, (_, req) in props.items() if req],
        "additionalProperties": False,
    }
    required = {k: c[1] for k, (c, req) in props.items() if req}
    optional = {k: c[1] for k, (c, req) in props.items() if not req}
    return schema, st.fixed_dictionaries(required, optional=optional)


def discriminated(a: Case, b: Case) -> Case:
    branches, values = [], []
    for tag, (schema, values_of) in (("one", a), ("two", b)):
        props = {"kind": {"const": tag}, **{k: v for k, v in schema["properties"].items() if k != "kind"}}
        req = ["kind", *[k for k in schema["required"] if k != "kind"]]
        branches.append({"type": "object", "properties": props, "required": req, "additionalProperties": False})
        values.append(values_of.map(lambda v, tag=tag: {**{k: x for k, x in v.items() if k != "kind"}, "kind": tag}))
    return {"oneOf": branches}, st.one_of(*values)


schemas_and_values = st.recursive(leaf(), compound, max_leaves=6)


@st.composite
def cases(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    schema, values = draw(objects(schemas_and_values))
    instance = draw(values)
    return schema, instance


@settings(
    max_examples=MAX_EXAMPLES,
    phases=PHASES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
@given(case=cases())
def test_instance_round_trips_through_the_page(roundtrip_host, case):
    schema, instance = case
    jsonschema.Draft202012Validator(schema).validate(instance)
    host = roundtrip_host
    host.reload(build_page({"name": "roundtrip", "inputSchema": schema}))
    host.wait_initialized()
    host.send_tool_input(instance)
    host.frame.click("[data-action=submit]")
    # either the call went out or the form refused (an error shown): wait for one, then look
    host.wait_until(lambda: host.calls or host.frame.evaluate("() => /error/.test(document.querySelector('.actions > .status').className)"))
    problems = host.frame.evaluate(
        "() => Array.from(document.querySelectorAll('.err')).filter(e => e.textContent)"
        ".map(e => (e.closest('[data-id]') || e).getAttribute('data-id') + ': ' + e.textContent)"
    )
    assert problems == [], f"the form refused the host's own input: {problems}"
    host.wait_calls(1, timeout=5)
    args = host.calls[0]["arguments"]
    assert args == instance
    assert not host.console_errors


@pytest.fixture(scope="module")
def roundtrip_host(browser):
    """One host page for all examples; each example reloads only the app iframe."""
    host = browser.new_host("<!doctype html><title>blank</title>")
    yield host
    host.close()
