"""Properties of the compiler core over arbitrary schemas (tests/harness/strategies.py).

CI runs a quick profile; ``HYPOTHESIS_PROFILE=fuzz`` runs the long one locally.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings

from compiler.compile import compile_tree
from compiler.normalize import normalize
from components.pointers import escape as escape_token
from components.validate import encode, validate
from harness.strategies import object_schemas, schemas

RELAXED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def tool(schema) -> dict:
    return {"name": "t", "description": "d", "inputSchema": schema, "outputSchema": schema}


@RELAXED
@given(schemas())
def test_normalize_never_raises_and_is_deterministic(schema):
    assert normalize(schema) == normalize(json.loads(json.dumps(schema)))


@RELAXED
@given(schemas())
def test_compile_never_raises_validates_and_is_byte_identical(schema):
    first = encode(compile_tree(tool(schema)))
    assert validate(json.loads(first)) == []
    assert encode(compile_tree(tool(json.loads(json.dumps(schema))))) == first


@RELAXED
@given(object_schemas())
def test_every_top_level_property_is_bound_once_and_required_is_marked(schema):
    form = compile_tree({"name": "t", "inputSchema": schema}).children[0]
    binds = [child.props.bind for child in form.children]
    for name in schema["properties"]:
        assert binds.count("/" + escape_token(name)) == 1, name
    required = {child.props.bind for child in form.children if child.props.required}
    assert {"/" + escape_token(n) for n in schema["required"]} <= required
