"""LayoutSpec: per-tool schema, check_spec, apply, heuristic; apply over any JSON never raises."""

from __future__ import annotations

import json

import jsonschema
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.compile import compile_tree
from compiler.layout import LayoutSpec, apply, check_spec, heuristic_spec, spec_json, spec_schema
from compiler.tools import load_tools
from components.validate import encode, validate
from conftest import CORPUS, FIXTURES
from harness.layout_trees import FORECAST_TOOL, forecast_tree


def tree_json(tree) -> dict:
    return json.loads(encode(tree))


def form_binds(tree) -> list:
    form = next(c for c in tree.children if type(c).__name__ == "Form")
    out = []
    for child in form.children:
        if type(child).__name__ == "Section":
            out.append((child.props.title, [g.props.bind for g in child.children]))
        else:
            out.append(child.props.bind)
    return out


def checked(value: dict) -> LayoutSpec:
    """``value`` as a LayoutSpec for the forecast tree (``check_spec``: it must be valid there)."""
    spec, problems = check_spec(forecast_tree(), value)
    assert spec is not None, problems
    return spec


def all_tools():
    for path in sorted((CORPUS / "tools").glob("*.json")) + sorted((FIXTURES / "tools").glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            yield tool


# --------------------------------------------------------------------------- per-tool schema


def test_spec_schema_lists_only_real_pointers_and_numeric_y():
    schema = spec_schema(forecast_tree())
    jsonschema.Draft202012Validator.check_schema(schema)
    fields = schema["properties"]["input"]["properties"]["order"]["items"]["enum"]
    assert fields == ["/city", "/days", "/units", "/notes", "/verbose", "/lang", "/source"]
    outputs = {o["properties"]["path"]["const"]: o for o in schema["properties"]["output"]["anyOf"] if "properties" in o}
    assert set(outputs) == {"", "/days", "/alerts", "/score"}
    chart = outputs["/days"]["properties"]["chart"]["properties"]
    assert chart["y"]["items"]["enum"] == ["/high", "/low", "/wind"]
    assert "chart" not in outputs[""]["properties"]


def test_a_valid_spec_validates_against_the_per_tool_schema_and_check_spec():
    spec = {
        "title": "Weather",
        "input": {"order": ["/units", "/city"], "advanced": ["/source"], "widgets": [{"field": "/days", "widget": "slider"}]},
        "output": {"path": "/days", "view": "chart", "columns": ["/date", "/high"], "chart": {"mark": "line", "x": "/date", "y": ["/high", "/low"]}},
    }
    tree = forecast_tree()
    jsonschema.validate(spec, spec_schema(tree))
    ok, problems = check_spec(tree, spec)
    assert problems == [] and isinstance(ok, LayoutSpec)


@pytest.mark.parametrize(
    "spec, pointer, words",
    [
        ({"input": {"order": ["/nope"]}}, "/input/order/0", "no top-level input field"),
        ({"input": {"advanced": ["/city"], "groups": [{"title": "G", "fields": ["/city"]}]}}, "/input/groups/0/fields/0", "already placed"),
        ({"input": {"widgets": [{"field": "/city", "widget": "slider"}]}}, "/input/widgets/0/widget", "not one of"),
        ({"input": {"widgets": [{"field": "/units", "widget": "html"}]}}, "/input/widgets/0/widget", ""),
        ({"output": {"path": "/nope", "view": "table"}}, "/output/path", "no view"),
        ({"output": {"path": "/alerts", "view": "table"}}, "/output/view", "cannot show"),
        ({"output": {"path": "/days", "view": "table", "columns": ["/x"]}}, "/output/columns/0", "no column"),
        ({"output": {"path": "/days", "view": "chart", "chart": {"mark": "bar", "x": "/sky", "y": ["/sky"]}}}, "/output/chart/y/0", "not a numeric"),
        ({"output": {"path": "/days", "view": "chart", "chart": {"mark": "line", "x": "/sky", "y": ["/high"]}}}, "/output/chart/x", "ordered"),
        ({"output": {"path": "/days", "view": "chart", "chart": {"mark": "arc", "x": "/date", "y": ["/high"]}}}, "/output/chart", "category"),
        ({"output": {"path": "/days", "view": "cards", "chart": {"mark": "bar", "x": "/sky", "y": ["/high"]}}}, "/output/chart", "a second tab"),
        ({"output": {"path": "/days", "view": "chart"}}, "/output/chart", "needs a chart"),
        ({"title": "<b>x</b>" * 50}, "/title", "at most"),
        ({"html": "<script>"}, "/html", "Extra inputs"),
        ([], "", ""),
    ],
)
def test_check_spec_reports_each_problem_with_its_pointer(spec, pointer, words):
    ok, problems = check_spec(forecast_tree(), spec)
    assert ok is None
    assert any(p.pointer == pointer and words in p.message for p in problems), problems


# --------------------------------------------------------------------------- apply


def test_apply_orders_groups_and_folds_fields():
    tree = forecast_tree()
    spec = checked(
        {
            "input": {
                "order": ["/units", "/city"],
                "groups": [{"title": "Place", "fields": ["/city", "/lang"]}],
                "advanced": ["/notes", "/source"],
                "submitLabel": "Forecast",
            }
        }
    )
    out = apply(tree, spec)
    assert form_binds(out) == ["/units", ("Place", ["/city", "/lang"]), "/days", "/verbose", ("Advanced", ["/notes", "/source"])]
    form = out.children[0]
    assert form.actions[0].label == "Forecast"
    advanced = form.children[-1]
    assert advanced.props.collapsible and advanced.props.collapsed
    assert validate(tree_json(out)) == []


def test_apply_sets_widgets_title_and_summary_as_text_props():
    out = apply(forecast_tree(), checked(
        {"title": "<img src=x onerror=alert(1)>", "summary": "Plain words", "input": {"widgets": [{"field": "/days", "widget": "slider"}]}}
    ))
    assert out.props.title == "<img src=x onerror=alert(1)>"  # a text prop: the runtime sets textContent
    assert out.children[0].id == "summary" and out.children[0].props.text == "Plain words"
    days = next(c for c in out.children[1].children if c.props.bind == "/days")
    assert days.props.widget == "slider"


def test_apply_chart_beside_table_with_typed_encodings():
    spec = checked(
        {"output": {"path": "/days", "view": "chart", "columns": ["/date", "/high", "/low"], "chart": {"mark": "line", "x": "/date", "y": ["/high", "/low"], "color": "/sky"}},
         "present": {"chart": "tab"}}
    )
    out = tree_json(apply(forecast_tree(), spec))
    assert validate(out) == []
    key_value = out["children"][1]["children"][0]
    tabs = key_value["children"][0]
    assert tabs["type"] == "Tabs" and [s["props"]["title"] for s in tabs["children"]] == ["Chart", "Table"]
    chart = tabs["children"][0]["children"][0]["props"]
    assert chart["x"] == {"pointer": "/date", "label": "Date", "type": "temporal"}
    assert [y["type"] for y in chart["y"]] == ["quantitative", "quantitative"]
    table = tabs["children"][1]["children"][0]["props"]
    assert [c["pointer"] for c in table["columns"]] == ["/date", "/high", "/low"]


def test_a_chart_is_placed_with_its_table_as_the_spec_says():
    """Issue 49: a chart laid out with its table is in sight above it (``first``: the heuristic's,
    and the default), beside it (``beside``: a horizontal Stack, which wraps on a narrow frame), or
    a second tab (``tab``: the table first, unless the spec's view is "chart", issue 32)."""
    chart = {"mark": "line", "x": "/date", "y": ["/high"]}

    def placed(spec):
        node = tree_json(apply(forecast_tree(), spec))["children"][1]["children"][0]["children"][0]
        if node["type"] == "Tabs":
            return "Tabs", [s["props"]["title"] for s in node["children"]]
        return f"Stack {node['props'].get('direction', 'vertical')}", [c["type"] for c in node["children"]]

    assert placed(heuristic_spec(forecast_tree(), FORECAST_TOOL)) == ("Stack vertical", ["Chart", "Table"])
    assert placed(checked({"output": {"path": "/days", "view": "table", "chart": chart}})) == ("Stack vertical", ["Chart", "Table"])
    beside = {"output": {"path": "/days", "view": "table", "chart": chart}, "present": {"chart": "beside"}}
    assert placed(checked(beside)) == ("Stack horizontal", ["Chart", "Table"])
    tab = {"present": {"chart": "tab"}}
    assert placed(checked({"output": {"path": "/days", "view": "table", "chart": chart}, **tab})) == ("Tabs", ["Table", "Chart"])
    assert placed(checked({"output": {"path": "/days", "view": "chart", "chart": chart}, **tab})) == ("Tabs", ["Chart", "Table"])


def test_the_heuristic_charts_no_records_with_ids():
    """A list of records with ids (tasks, users) is a list of things: no chart, even with a label
    and a number; numbers along a date are a series: a chart, above its table."""
    def output(items):
        tool = {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": items}}}}}
        return heuristic_spec(compile_tree(tool), tool).output

    tasks = output({"id": {"type": "integer"}, "title": {"type": "string"}, "priority": {"type": "integer"}})
    assert tasks.view == "table" and tasks.chart is None
    series = output({"id": {"type": "integer"}, "day": {"type": "string", "format": "date"}, "sales": {"type": "number"}})
    assert series.view == "table" and series.chart is not None and series.chart.x == "/day"
    regions = output({"region": {"type": "string"}, "revenue": {"type": "number"}})
    assert regions.view == "table" and regions.chart is not None and regions.chart.mark == "bar"
    # things placed on a page (pdf's display_pdf: form fields at x, y, with a width and a height): no chart
    fields = output({"name": {"type": "string"}, "page": {"type": "integer"}, "x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}})
    assert fields.view == "table" and fields.chart is None
    # a measure beside the place is charted, the place not; over time, x and y are a path: charted
    shops = output({"name": {"type": "string"}, "x": {"type": "number"}, "y": {"type": "number"}, "sales": {"type": "number"}})
    assert shops.chart is not None and shops.chart.y == ["/sales"]
    track = output({"time": {"type": "string", "format": "date-time"}, "x": {"type": "number"}, "y": {"type": "number"}})
    assert track.chart is not None and track.chart.y == ["/x", "/y"]


@pytest.mark.parametrize("view, node_type", [("cards", "CardGrid"), ("json", "JsonView"), ("table", "Table")])
def test_apply_re_presents_the_chosen_view(view, node_type):
    out = tree_json(apply(forecast_tree(), checked({"output": {"path": "/days", "view": view}})))
    assert out["children"][1]["children"][0]["children"][0]["type"] == node_type
    assert validate(out) == []


def test_apply_is_deterministic():
    spec = heuristic_spec(forecast_tree(), FORECAST_TOOL)
    assert encode(apply(forecast_tree(), spec)) == encode(apply(forecast_tree(), spec))


# --------------------------------------------------------------------------- heuristic


def test_heuristic_for_the_forecast():
    spec = heuristic_spec(forecast_tree(), FORECAST_TOOL)
    assert spec.input.order == [] and spec.input.advanced == ["/days", "/units", "/notes", "/verbose", "/lang", "/source"]
    assert {"field": "/notes", "widget": "textarea"} in [spec_json(w) for w in spec.input.widgets]
    assert {"field": "/days", "widget": "slider"} in [spec_json(w) for w in spec.input.widgets]
    out = spec.output
    assert out.path == "/days" and out.view == "table"  # the table first, the chart a second tab
    assert out.chart.mark == "line" and out.chart.x == "/date" and out.chart.y == ["/high", "/low", "/wind"]
    assert out.columns == []  # every column: a typed table shows what the shape view would


@pytest.mark.parametrize("tool", list(all_tools()), ids=lambda t: t["name"])
def test_heuristic_spec_is_valid_and_applies_for_every_corpus_tool(tool):
    tree = compile_tree(tool)
    spec = heuristic_spec(tree, tool)
    ok, problems = check_spec(tree, spec_json(spec))
    assert problems == []
    jsonschema.validate(spec_json(spec, exclude_none=True), spec_schema(tree))
    assert validate(tree_json(apply(tree, spec))) == []


# --------------------------------------------------------------------------- property


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
pointers = st.sampled_from(["/city", "/days", "/units", "/notes", "", "/date", "/high", "/sky", "/nope", "/alerts", "/score"])
spec_like = st.fixed_dictionaries(
    {},
    optional={
        "title": st.text(max_size=90),
        "summary": st.text(max_size=20),
        "input": st.fixed_dictionaries(
            {},
            optional={
                "order": st.lists(pointers, max_size=4),
                "advanced": st.lists(pointers, max_size=3),
                "groups": st.lists(st.fixed_dictionaries({"title": st.text(max_size=5), "fields": st.lists(pointers, max_size=3)}), max_size=2),
                "widgets": st.lists(st.fixed_dictionaries({"field": pointers, "widget": st.sampled_from(["slider", "textarea", "radio", "switch", "x"])}), max_size=3),
            },
        ),
        "output": st.none() | st.fixed_dictionaries(
            {"path": pointers, "view": st.sampled_from(["table", "cards", "key_value", "list", "chart", "metric", "text", "json"])},
            optional={
                "columns": st.lists(pointers, max_size=3),
                "chart": st.fixed_dictionaries({"mark": st.sampled_from(["bar", "line", "area", "point", "arc"]), "x": pointers, "y": st.lists(pointers, max_size=3)}),
            },
        ),
    },
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values | spec_like)
def test_any_json_as_a_spec_is_rejected_with_reasons_or_applies_to_a_valid_tree(value):
    tree = forecast_tree()
    spec, problems = check_spec(tree, value)
    if spec is None:
        assert problems and all(p.message for p in problems)
    else:
        assert problems == []
        assert validate(tree_json(apply(tree, spec))) == []


def test_the_heuristic_never_charts_identifiers():
    from components.nodes import Column, ResultView, ResultViewProps, Table, TableProps

    tree = forecast_tree()
    columns = (Column(pointer="/due", label="Due", format="date"), Column(pointer="/id", label="ID", format="integer"),
               Column(pointer="/task_id", label="Task", format="integer"), Column(pointer="/title", label="Title"))
    result = ResultView(id="result", props=ResultViewProps(), children=(Table(id="v:/tasks", props=TableProps(bind="/tasks", columns=columns)),))
    tree = msgspec.structs.replace(tree, children=(tree.children[0], result))
    out = heuristic_spec(tree, FORECAST_TOOL).output
    assert out.view == "table" and out.chart is None


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec_like)
def test_the_plain_spec_dumps_as_its_pydantic_model_does(value):
    """The heuristic builds plain spec values (no pydantic on the default path); a parsed spec is
    the same type, and ``spec_json`` gives what the derived pydantic model dumps."""
    from pydantic import ValidationError

    from compiler.layout.validation import model_for, parse

    try:
        model = model_for(LayoutSpec).model_validate(value)
    except ValidationError:
        assert parse(value)[0] is None
        return
    spec = parse(value)[0]
    assert isinstance(spec, LayoutSpec)
    for options in ({}, {"exclude_defaults": True}, {"exclude_none": True}):
        assert json.dumps(spec_json(spec, **options)) == json.dumps(model.model_dump(mode="json", **options))
    assert msgspec.json.encode(spec_json(spec)).decode() == model.model_dump_json()
    assert (spec == LayoutSpec()) == (model == model_for(LayoutSpec)())


def test_widget_families_are_those_of_the_catalogs_field_kinds():
    """``WIDGET_FAMILIES`` is read off the props classes (cheap at start-up); it holds exactly the
    props of the field kinds that have a ``widget`` prop, with that prop's values."""
    from typing import get_args

    from compiler.layout.choices import WIDGET_FAMILIES
    from components.nodes import NODE_TYPES, FieldNode

    expected = {}
    for cls in NODE_TYPES.values():
        if issubclass(cls, FieldNode):
            props = next(f.type for f in msgspec.structs.fields(cls) if f.name == "props")
            widget = next((f.type for f in msgspec.structs.fields(props) if f.name == "widget"), None)
            if widget is not None:
                expected[props] = get_args(widget)
    assert WIDGET_FAMILIES == expected and list(WIDGET_FAMILIES) == list(expected)


def test_a_view_that_binds_no_data_offers_no_path():
    """``ContentBlocks`` shows the result's content, not data at a pointer: nothing to lay out (it
    used to stop ``choices`` with an AttributeError on its props)."""
    from compiler.layout.choices import choices
    from components.nodes import App, AppProps, ContentBlocks, ContentBlocksProps, ResultView, ResultViewProps

    blocks = ContentBlocks(id="blocks", props=ContentBlocksProps())
    tree = App(id="app", props=AppProps(toolName="x", title="x"),
               children=(ResultView(id="result", props=ResultViewProps(), children=(blocks,)),))
    assert choices(tree).paths == ()
    assert spec_schema(tree)["properties"]["output"] == {"type": "null"}
