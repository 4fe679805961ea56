"""Compile outputs (compiler/compile/outputs.py): outputSchema → bound result views."""

from __future__ import annotations

import json

import pytest

from compiler.compile.outputs import compile_result_view
from compiler.tools import load_tools
from components.nodes import AutoView, KeyValue, List, Metric, ResultView, Table
from components.validate import validate
from conftest import CORPUS, FIXTURES


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
            "owner": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}, "name": {"type": "string"}}},
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


def _wrapping(result: dict, **schema) -> dict:
    """The schema the Python SDKs (FastMCP, ``mcp``'s) give a tool returning ``result``'s type."""
    return {"type": "object", "properties": {"result": {"title": "Result", **result}}, "required": ["result"], "title": "queryOutput", **schema}


@pytest.mark.parametrize(
    ("result", "view"),
    [({"type": "string"}, AutoView), ({"type": "array", "items": {"type": "string"}}, List),
     ({"type": "object", "additionalProperties": True}, AutoView),
     ({"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}}}, Table),
     ({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}, AutoView)],
)
def test_a_value_the_sdk_wraps_as_result_is_viewed_as_itself(result, view):
    """``{"result": "<a CSV, a table, a document>"}`` is drawn as that value (the runtime reads a
    text for its data), not as a record whose one field, "Result", holds all of it."""
    for schema in (_wrapping(result), _wrapping(result, additionalProperties=False), _wrapping(result, **{"x-fastmcp-wrap-result": True})):
        root = compile_result_view(schema).children[0]
        assert (type(root), root.id, root.props.bind, root.props.label) == (view, "v:/result", "/result", None)
        assert validate(compile_result_view(schema)) == []


def test_only_a_lone_required_result_is_unwrapped_and_a_number_stays_a_field():
    text = {"type": "string"}
    for schema in (
        {**_wrapping(text), "required": []},  # may be absent: a record that may be empty
        {**_wrapping(text), "properties": {"result": text, "count": {"type": "integer"}}},
        _wrapping(text, additionalProperties={"type": "string"}),  # other keys may come
        {"type": "object", "properties": {"value": text}, "required": ["value"]},
    ):
        assert isinstance(compile_result_view(schema).children[0], KeyValue), schema
    root = compile_result_view(_wrapping({"type": "integer"})).children[0]
    assert isinstance(root, KeyValue) and [(f.pointer, f.label) for f in root.props.fields] == [("/result", "Result")]


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
    schema = {"type": "object", "properties": {"a/b": {"type": "object", "properties": {"c~d": {"type": "string"}, "e": {"type": "string"}}}}}
    child = compile_result_view(schema).children[0].children[0]
    assert child.props.bind == "/a~1b" and child.id == "v:/a~1b" and child.props.fields[0].pointer == "/c~0d"
    folded = {"type": "object", "properties": {"a/b": {"type": "object", "properties": {"c~d": {"type": "string"}}}}}
    assert compile_result_view(folded).children[0].props.fields[0].pointer == "/a~1b/c~0d"


def test_a_record_of_one_field_is_that_field_under_both_names():
    """system-monitor's poll-system-stats (the field corpus's schema): {uptime: {seconds}} is a fact
    of the record around it, {cpu: {cores: […]}} one table "CPU cores" — not a heading over a
    heading over one thing. A record that may hold other keys of a map, or two fields, stays."""
    tool = json.loads((FIXTURES / "field" / "system-monitor__poll-system-stats.json").read_text())["tool"]
    root = compile_result_view(tool["outputSchema"]).children[0]
    assert [(f.pointer, f.label) for f in root.props.fields] == [("/uptime/seconds", "Uptime seconds"), ("/timestamp", "Timestamp")]
    assert [(c.props.bind, c.props.label) for c in root.children] == [("/cpu/cores", "CPU cores"), ("/memory", "Memory")]
    deep = {"type": "object", "properties": {"disk": {"type": "object", "properties": {"usage": {"type": "object", "properties": {"URL": {"type": "string"}}}}}}}
    assert [(f.pointer, f.label) for f in compile_result_view(deep).children[0].props.fields] == [("/disk/usage/URL", "Disk usage URL")]
    mapped = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "additionalProperties": {"type": "number"}}}}
    assert compile_result_view(mapped).children[0].children[0].props.bind == "/a"


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
    assert [unit(d) for d in ("Highest temperature", "Count of items in stock", "Written in English")] == [None, None, None]
    # a unit named in words: its symbol (everything's get-structured-content: "Temperature in celsius")
    assert [unit(d) for d in ("Temperature in celsius", "Distance in meters.", "Weight (kilograms)", "Wind, in Kilometres")] == ["°C", "m", "kg", "km"]
    # never a unit of time or data: durations and sizes are drawn in their own words
    assert [unit(d) for d in ("Elapsed time in seconds", "File size in bytes")] == [None, None]
    # nor a word that may be money: a price "in pounds" is sterling as often as a weight
    assert unit("Price in pounds") is None
    view = compile_result_view({"type": "array", "items": {"type": "object", "properties": {"rain": {"type": "number", "description": "Rain, in mm"}}}})
    assert [c.label for c in view.children[0].props.columns] == ["Rain (mm)"]


def test_headings_come_from_property_names_not_type_names():
    from compiler.compile.naming import label_for, root_label

    assert label_for("TimeResult", "source") == "Source"
    assert label_for("Is Dst", "is_dst") == "Is DST"  # pydantic's automatic title says less than the name
    assert label_for("Highest temperature", "high") == "Highest temperature"  # a title a person wrote
    assert label_for(None, "") == ""  # a property named "" still has a (string) label
    assert root_label("TimeConversionResult") is None and root_label("Weekly forecast") == "Weekly forecast"


# --------------------------------------------------------------------------- issue 26: charts
# A chart only when it says more than the table (compiler/layout/heuristic.py), on the tool
# definitions of real servers: @cyanheads/git-mcp-server (fixtures/field) and ext-apps' pdf
# server (fixtures/corpus), beside the repository's forecast fixture.


def _chart_of(tool):
    from compiler.pipeline import Heuristic, compile, laid_out
    from components.nodes import Chart, Section, Table, Tabs

    def walk(n):
        yield n
        for c in n.children:
            yield from walk(c)

    tree = laid_out(compile(tool), Heuristic())
    tree = getattr(tree, "tree", tree)
    charts = [n for n in walk(tree) if isinstance(n, Chart)]
    for tabs in (n for n in walk(tree) if isinstance(n, Tabs) and any(isinstance(c, Chart) for s in n.children for c in s.children)):
        # the table is the default view: the first of the Tabs, the chart the second (issue 32)
        assert [type(s) for s in tabs.children] == [Section, Section]
        assert [type(c) for c in tabs.children[0].children] == [Table] and tabs.children[0].props.title == "Table"
    return charts[0].props if charts else None


def _field_tool(name):
    return json.loads((CORPUS.parent / "field" / f"{name}.json").read_text())["tool"]


def _corpus_tool(server, name):
    path = CORPUS / "tools" / f"{server}.json"
    return next(t for _, t in load_tools(path.read_text(), str(path)) if t["name"] == name)


@pytest.mark.parametrize(
    ("tool", "x", "ys"),
    [
        # branches: records with ids (a commitHash): no chart at all (issue 32)
        (lambda: _field_tool("git-node__git_branch"), None, None),
        # commits: hash and shortHash are ids, author a label, but the only number is a timestamp
        # (a time, no measure): no chart (it had hash on the axis and the timestamp as a bar)
        (lambda: _field_tool("git-node__git_log"), None, None),
        # blame: commitHash was the axis, lineNumber and timestamp the bars: neither measures
        (lambda: _field_tool("git-node__git_blame"), None, None),
        # a PDF's form fields, placed at x, y with a width and a height: where they are, no measure
        # (it charted the coordinates as bars); the page number places a field too
        (lambda: _corpus_tool("apps-pdf", "display_pdf"), None, None),
        (lambda: json.loads((CORPUS.parent / "tools" / "with_output.json").read_text()), "/date", ["/high", "/low"]),
    ],
)
def test_a_chart_axis_is_a_label_never_an_id(tool, x, ys):
    props = _chart_of(tool())
    assert (props is None) == (x is None)
    if props is not None:
        assert props.x.pointer == x and [y.pointer for y in props.y] == ys


def test_an_id_alone_names_no_chart_axis():
    rows = {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "cohort_id": {"type": "string"},
                "sha": {"type": "string"},
                "url": {"type": "string", "format": "uri"},
                "size": {"type": "integer"},
            },
        },
    }
    tool = {"name": "cohorts", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"cohorts": rows}}}
    assert _chart_of(tool) is None
    rows["items"]["properties"]["label"] = {"type": "string"}
    assert _chart_of(tool) is None  # records with ids, even labelled: things, not a series (issue 32)
    del rows["items"]["properties"]["id"], rows["items"]["properties"]["cohort_id"], rows["items"]["properties"]["sha"]
    assert _chart_of(tool).x.pointer == "/label"  # without the ids: the label names the axis
