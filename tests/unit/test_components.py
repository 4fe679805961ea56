"""The component catalog: its committed JSON Schema, and tree validation."""

from __future__ import annotations

import json

import jsonschema

from components import Action, decode, encode, validate
from components.nodes import (
    App,
    AppProps,
    AutoView,
    Form,
    FormProps,
    ResultView,
    ResultViewProps,
    TextField,
    TextFieldProps,
    ViewProps,
)
from components.schema import SCHEMA_PATH, catalog_schema_text


def small_tree() -> App:
    field = TextField(id="f:/a", props=TextFieldProps(bind="/a", label="A", required=True, default=None))
    form = Form(
        id="form",
        props=FormProps(toolName="t"),
        children=(field,),
        actions=(Action(id="submit", label="Run", primary=True),),
    )
    view = ResultView(id="view", props=ResultViewProps(), children=(AutoView(id="v", props=ViewProps()),))
    return App(id="app", props=AppProps(toolName="t", title="T"), children=(form, view))


def test_committed_schema_matches_the_types():
    assert SCHEMA_PATH.read_text(encoding="utf-8") == catalog_schema_text(), (
        "components/schema.json drifted from components/nodes.py: run `python -m components.schema`"
    )


def test_committed_schema_is_a_valid_schema_that_accepts_a_tree():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads(encode(small_tree())), schema)


def test_valid_tree_has_no_problems_and_round_trips():
    tree = small_tree()
    assert validate(tree) == []
    assert decode(encode(tree)) == tree


def test_every_problem_is_reported_with_its_pointer():
    bad = json.loads(encode(small_tree()))
    bad["children"][0]["children"][0]["props"]["required"] = "yes"
    bad["children"][0]["children"][0]["props"]["bind"] = "a"
    bad["children"][1]["id"] = "app"
    bad["children"].append({"type": "Nope"})
    bad["children"][0]["children"].append({"type": "Table", "id": "t", "props": {}})
    found = {(p.pointer, p.message.split(" ")[0]) for p in validate(bad)}
    assert found == {
        ("/children/0/children/0/props/required", "Expected"),
        ("/children/0/children/0/props/bind", "'a'"),
        ("/children/0/children/1/type", "a"),
        ("/children/1/id", "duplicate"),
        ("/children/2/type", "unknown"),
    }


def test_missing_and_unknown_props_and_keys():
    problems = validate({"type": "TextField", "id": "x", "props": {"label": "L", "colour": 1}, "extra": 1})
    pointers = sorted(p.pointer for p in problems)
    assert pointers == ["/extra", "/props/bind", "/props/colour"]


def test_templates_need_exactly_one_child():
    field = {"type": "TextField", "id": "i", "props": {"bind": "/xs/*", "label": "X"}}
    array = {"type": "ArrayField", "id": "a", "props": {"bind": "/xs", "label": "Xs"}, "children": [field, {**field, "id": "j"}]}
    assert [p.pointer for p in validate(array)] == ["/children"]
