"""Issue 41's property: over generated tool sets, every inferred link's target has all its
required inputs filled — from the clicked value (exactly one) or the current run's argument of the
same name —, no offered link targets a destructive tool, and the result is the same every build,
whatever the order of the keys of the dicts it is given."""

from __future__ import annotations

import json
from functools import cache

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from compiler.compile.leads import Tools, index, leads, normal
from compiler.pipeline import compile
from components.validate import validate

NAMES = ["id", "name", "path", "order_id", "orderId", "table_name", "revision", "sha", "url", "cursor", "page",
         "offset", "limit", "repo_path", "project", "next_cursor", "has_more", "total", "file", "key", "items"]
VERBS = ["get", "list", "read", "show", "search", "delete", "cancel", "create", "update", "describe", "drop", "fetch"]
NOUNS = ["order", "orders", "table", "tables", "file", "files", "item", "items", "commit", "log"]
SCALARS = st.sampled_from([{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"},
                           {"type": "string", "format": "uri"}, {"type": "array", "items": {"type": "string"}}])


@cache  # built once, drawn from many times (built per draw, Hypothesis re-analyses it each time)
def objects(depth: int) -> st.SearchStrategy:
    value = SCALARS if depth == 0 else st.one_of(SCALARS, objects(depth - 1), objects(depth - 1).map(lambda o: {"type": "array", "items": o}))
    return st.dictionaries(st.sampled_from(NAMES), value, max_size=5).map(lambda p: {"type": "object", "properties": p})


@st.composite
def tool_defs(draw) -> dict:
    name = f"{draw(st.sampled_from(VERBS))}_{draw(st.sampled_from(NOUNS))}"
    inputs = draw(objects(0))
    required = draw(st.lists(st.sampled_from(sorted(inputs["properties"]) or ["x"]), unique=True, max_size=3))
    definition = {"name": name, "inputSchema": {**inputs, "required": required}}
    if draw(st.booleans()):
        definition["outputSchema"] = draw(objects(2))
    annotations = draw(st.fixed_dictionaries({}, optional={"readOnlyHint": st.booleans(), "destructiveHint": st.booleans()}))
    if annotations:
        definition["annotations"] = annotations
    if draw(st.booleans()):
        definition["description"] = draw(st.sampled_from(["Reads it.", "Deletes it for good.", "Lists them.", "Overwrites the file."]))
    return definition


tool_sets = st.lists(tool_defs(), min_size=1, max_size=8)


def reversed_keys(value):
    """The same JSON with every object's keys in the opposite order."""
    if isinstance(value, dict):
        return {k: reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_keys(v) for v in value]
    return value


def required_of(definition) -> list[str]:
    schema = definition["inputSchema"]
    return [r for r in schema.get("required", []) if r in schema.get("properties", {})]


@given(tool_sets)
def test_every_link_is_filled_and_never_one_click_from_harm(tools):
    listed: Tools = index(tools)
    for current in tools:
        props = leads(current, listed)
        if props is None:
            continue
        mine = {normal(n) for n in current["inputSchema"]["properties"]}
        for link in props.links:
            target = listed.by_name[link.tool]
            assert link.tool != current["name"] and link.keys
            assert sorted(f.argument for f in link.fills) == sorted(required_of(target.tool))
            assert [f.source for f in link.fills].count("value") == 1
            for fill in link.fills:
                if fill.source == "argument":
                    assert normal(fill.name or fill.argument) == normal(fill.argument) and normal(fill.argument) in mine
            assert not (link.offered and link.destructive)
            assert link.destructive == target.destructive and (not link.offered or target.read_only)


def link_set(props):
    return {(lk.id, lk.offered, lk.destructive, lk.keys, lk.at, lk.lines, frozenset(lk.fills)) for lk in props.links} if props else set()


@given(tool_sets)
def test_the_same_every_build_whatever_the_key_order(tools):
    mirrored = [reversed_keys(t) for t in tools]
    for current, mirror in zip(tools, mirrored, strict=True):
        first = compile(current, tools)
        again = compile(json.loads(json.dumps(current)), index(json.loads(json.dumps(tools))))
        assert msgspec.json.encode(first.tree) == msgspec.json.encode(again.tree)
        assert validate(first.tree) == []
        # every object's keys reversed (schema order reversed): the same links, filled the same way
        assert link_set(leads(current, tools)) == link_set(leads(mirror, mirrored))
