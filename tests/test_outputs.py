"""Compile outputs (compiler/compile/outputs.py): outputSchema → bound result views."""

from __future__ import annotations

import json

import pytest

from compiler.compile.outputs import compile_result_view
from compiler.tools import load_tools
from components.nodes import AutoView, KeyValue, List, Metric, ResultView, Table
from components.validate import validate
from conftest import CORPUS


def kinds(node) -> list[tuple[str, str, str]]:
    out = [(type(node).__name__, node.id, getattr(node.props, "bind", ""))]
    for c in node.children:
        out += kinds(c)
    return out


def test_no_output_schema_is_an_auto_view_over_content():
    rv = compile_result_view(None)
    assert isinstance(rv, ResultView) and rv.props.source == "content"
    assert [type(c) for c in rv.children] == [AutoView]
    assert validate(rv) == []


def test_object_becomes_key_value_with_nested_views():
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "when": {"type": "string", "format": "date-time"},
            "site": {"type": "string", "format": "uri"},
            "id": {"type": "string", "format": "uuid"},
            "owner": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}},
            "days": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"date": {"type": "string", "format": "date"}, "high": {"type": "number"}, "n": {"type": "integer"}},
                },
            },
            "tags": {"type": "array", "items": {"type": "string"}},
        },
    }
    rv = compile_result_view(schema)
    assert rv.props.source == "structured"
    assert validate(rv) == []
    root = rv.children[0]
    assert isinstance(root, KeyValue) and root.id == "v:" and root.props.bind == ""
    assert [(f.pointer, f.label, f.format) for f in root.props.fields] == [
        ("/city", "City", "text"),
        ("/when", "When", "date-time"),
        ("/site", "Site", "uri"),
        ("/id", "ID", "uuid"),
    ]
    assert kinds(root)[1:] == [("KeyValue", "v:/owner", "/owner"), ("Table", "v:/days", "/days"), ("List", "v:/tags", "/tags")]
    owner, days, tags = root.children
    assert owner.props.fields[0].format == "email"
    assert [(c.pointer, c.format) for c in days.props.columns] == [("/date", "date"), ("/high", "number"), ("/n", "integer")]
    assert tags.props.format == "text"


def test_enum_is_a_badge_column_with_options():
    schema = {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"state": {"oneOf": [{"const": "open", "title": "Open"}, {"const": "done", "title": "Done"}]}},
        },
    }
    table = compile_result_view(schema).children[0]
    assert isinstance(table, Table) and table.id == "v:"
    col = table.props.columns[0]
    assert col.format == "enum" and [(o.value, o.label) for o in col.options] == [("open", "Open"), ("done", "Done")]


def test_root_number_is_a_metric_and_root_primitive_array_a_list():
    assert isinstance(compile_result_view({"type": "integer", "title": "Count"}).children[0], Metric)
    lst = compile_result_view({"type": "array", "items": {"type": "number"}}).children[0]
    assert isinstance(lst, List) and lst.props.format == "number"


def test_refs_and_nullable_are_resolved_like_inputs():
    schema = {
        "$defs": {"Point": {"type": "object", "properties": {"x": {"type": ["number", "null"]}, "y": {"type": "number"}}}},
        "type": "object",
        "properties": {"points": {"type": "array", "items": {"$ref": "#/$defs/Point"}}, "at": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}},
    }
    root = compile_result_view(schema).children[0]
    assert [(f.pointer, f.format) for f in root.props.fields] == [("/at", "date")]
    assert [(c.pointer, c.format) for c in root.children[0].props.columns] == [("/x", "number"), ("/y", "number")]


def test_unions_and_untyped_values_are_left_to_the_runtime():
    schema = {"type": "object", "properties": {"v": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"a": {"type": "string"}}}]}, "any": {}}}
    root = compile_result_view(schema).children[0]
    assert [type(c) for c in root.children] == [AutoView, AutoView]
    assert [c.id for c in root.children] == ["v:/v", "v:/any"]


def test_pointer_tokens_are_escaped():
    schema = {"type": "object", "properties": {"a/b": {"type": "object", "properties": {"c~d": {"type": "string"}}}}}
    child = compile_result_view(schema).children[0].children[0]
    assert child.props.bind == "/a~1b" and child.id == "v:/a~1b" and child.props.fields[0].pointer == "/c~0d"


def test_recursive_schema_is_bounded():
    schema = {"$defs": {"N": {"type": "object", "properties": {"name": {"type": "string"}, "child": {"$ref": "#/$defs/N"}}}}, "$ref": "#/$defs/N"}
    rv = compile_result_view(schema)
    assert validate(rv) == []
    assert len(kinds(rv)) < 20


@pytest.mark.parametrize("junk", [True, False, {}, {"type": "null"}, [], "x", 3, {"type": "object"}])
def test_any_schema_value_compiles_to_a_valid_view(junk):
    assert validate(compile_result_view(junk)) == []


def corpus_output_tools():
    for path in sorted((CORPUS / "tools").glob("*.json")):
        for _, tool in load_tools(path.read_text(), str(path)):
            if tool.get("outputSchema") is not None:
                yield pytest.param(tool, id=f"{path.stem}:{tool['name']}")


@pytest.mark.parametrize("tool", list(corpus_output_tools()))
def test_corpus_output_schemas_compile_to_bound_views(tool):
    rv = compile_result_view(tool["outputSchema"])
    assert validate(rv) == []
    assert rv.props.source == "structured"
    assert not any(k == "AutoView" and b == "" for k, _, b in kinds(rv)), json.dumps(tool["outputSchema"])[:300]


def test_units_stated_by_a_schema_reach_column_labels():
    from compiler.compile.outputs import unit_of
    from compiler.normalize import normalize

    def unit(description):
        return unit_of(normalize({"type": "number", "description": description}))

    assert [unit(d) for d in ("Rain, in mm", "Temperature (°C)", "Speed in km/h", "Load in %")] == ["mm", "°C", "km/h", "%"]
    assert [unit(d) for d in ("Highest temperature", "Count of items in stock", "Distance in meters")] == [None, None, None]
    view = compile_result_view({"type": "array", "items": {"type": "object", "properties": {"rain": {"type": "number", "description": "Rain, in mm"}}}})
    assert [c.label for c in view.children[0].props.columns] == ["Rain (mm)"]


def test_headings_come_from_property_names_not_type_names():
    from compiler.compile.naming import label_for, root_label

    assert label_for("TimeResult", "source") == "Source"
    assert label_for("Is Dst", "is_dst") == "Is DST"  # pydantic's automatic title says less than the name
    assert label_for("Highest temperature", "high") == "Highest temperature"  # a title a person wrote
    assert label_for(None, "") == ""  # a property named "" still has a (string) label
    assert root_label("TimeConversionResult") is None and root_label("Weekly forecast") == "Weekly forecast"
