"""compile inputs: the right field node, with the right props, for every normalized shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler import text
from compiler.compile import compile_tree, tool_title
from compiler.compile.inputs import compile_form
from compiler.compile.naming import humanize
from components.validate import encode, validate


def only_field(prop_schema: dict, required: bool = False) -> dict:
    schema = {"type": "object", "properties": {"v": prop_schema}, "required": ["v"] if required else []}
    form = json.loads(encode(compile_form(schema, "t")))
    assert validate({"type": "App", "id": "app", "props": {"toolName": "t", "title": "t"}, "children": [form]}) == []
    (node,) = form["children"]
    return node


@pytest.mark.parametrize(
    "schema, node_type",
    [
        ({"type": "string"}, "TextField"),
        ({"type": "number"}, "NumberField"),
        ({"type": "integer"}, "NumberField"),
        ({"type": "boolean"}, "BooleanField"),
        ({"enum": ["a", "b"]}, "SelectField"),
        ({"oneOf": [{"const": 1, "title": "One"}, {"const": 2, "title": "Two"}]}, "SelectField"),
        ({"type": "array", "uniqueItems": True, "items": {"enum": ["a", "b"]}}, "MultiSelectField"),
        ({"type": "string", "format": "date"}, "DateTimeField"),
        ({"type": "string", "format": "date-time"}, "DateTimeField"),
        ({"type": "string", "format": "time"}, "DateTimeField"),
        ({"const": "fixed"}, "ConstField"),
        ({"type": "null"}, "ConstField"),
        ({"type": "object", "properties": {"a": {"type": "string"}}}, "ObjectField"),
        ({"type": "array", "items": {"type": "string"}}, "ArrayField"),
        ({"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]}, "TupleField"),
        ({"type": "object", "additionalProperties": {"type": "string"}}, "MapField"),
        ({"type": "object", "patternProperties": {"^x-": {"type": "string"}}}, "MapField"),
        ({"oneOf": [{"type": "string"}, {"type": "number"}]}, "UnionField"),
        ({"type": ["boolean", "string"]}, "UnionField"),
        ({"type": "string", "contentEncoding": "base64", "contentMediaType": "image/png"}, "FileField"),
        ({}, "JsonField"),
        ({"type": "object"}, "JsonField"),
        (False, "JsonField"),
    ],
)
def test_each_shape_gets_its_field(schema, node_type):
    assert only_field(schema)["type"] == node_type


def test_json_field_records_why():
    assert only_field({"type": "object"})["props"]["reason"] == "a free-form object: any keys and values"
    assert "allows any value" in only_field({})["props"]["reason"]


def test_common_props_label_help_required_default_placeholder():
    node = only_field(
        {"type": "string", "description": "Where to look", "default": "here", "examples": ["e.g. there"]},
        required=True,
    )
    assert node["props"] == {
        "bind": "/v",
        "label": "V",
        "help": "Where to look",
        "required": True,
        "default": "here",
        "placeholder": "e.g. there",
    }
    assert node["id"] == "f:/v"


def test_title_wins_over_the_humanized_name():
    assert only_field({"type": "string", "title": "Search terms"})["props"]["label"] == "Search terms"


@pytest.mark.parametrize(("name", "title", "label"), [
    ("repo_url", "Repo Url", "Repo URL"),  # pydantic's automatic title says less than the name
    ("id", "Id", "ID"),
    ("per_page", "Per Page", "Per page"),
    ("when", "TimeResult", "When"),  # a $ref'd model's type name
    ("repo_url", "Repository", "Repository"),  # a title a person wrote stays
])
def test_a_form_label_reads_as_the_result_views_label(name, title, label):
    schema = {"type": "object", "properties": {name: {"type": "string", "title": title}}}
    (node,) = json.loads(encode(compile_form(schema, "t")))["children"]
    assert node["props"]["label"] == label


@pytest.mark.parametrize(
    "name, label",
    [("maxResults", "Max results"), ("max_results", "Max results"), ("repo_url", "Repo URL"), ("userID", "User ID"), ("x", "X"),
     ("C8", "C8"), ("p95", "P95"), ("id2", "ID2"), ("cpu0", "CPU0"), ("user_ids", "User IDs"), ("userIDs", "User IDs"),
     ("HTTPStatus", "HTTP status"), ("HTTPS", "HTTPS"), ("dns", "DNS"), ("stddev", "Std dev"), ("price_stdev", "Price std dev")],
)
def test_humanized_labels(name, label):
    assert humanize(name) == label


def test_the_form_and_the_views_write_the_same_words_in_capitals():
    """A form's label and a result's heading for one name read the same: the compiler's acronyms
    are the runtime's (views.js's ACRONYM)."""
    source = (Path(__file__).parents[2] / "runtime_js" / "views.js").read_text(encoding="utf-8")
    (alternation,) = re.findall(r"var ACRONYM = /\^\(([a-z|]+)\)\$/i;", source)
    assert set(alternation.split("|")) == text._ACRONYMS


def test_constraints_are_carried():
    node = only_field({"type": "integer", "minimum": 1, "exclusiveMaximum": 10, "multipleOf": 2})
    assert node["props"]["integer"] is True
    assert (node["props"]["minimum"], node["props"]["exclusiveMaximum"], node["props"]["multipleOf"]) == (1, 10, 2)
    text = only_field({"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a", "format": "email"})
    assert {k: text["props"][k] for k in ("minLength", "maxLength", "pattern", "format")} == {
        "minLength": 1,
        "maxLength": 9,
        "pattern": "^a",
        "format": "email",
    }


def test_widgets_password_textarea_radio():
    assert only_field({"type": "string", "writeOnly": True})["props"]["widget"] == "password"
    assert only_field({"type": "string", "format": "password"})["props"]["widget"] == "password"
    assert only_field({"type": "string", "maxLength": 5000})["props"]["widget"] == "textarea"
    assert only_field({"enum": ["a", "b"]})["props"]["widget"] == "radio"
    assert only_field({"enum": list("abcdefg")})["props"].get("widget", "select") == "select"


def test_nullable_and_flags():
    node = only_field({"anyOf": [{"type": "string"}, {"type": "null"}], "readOnly": True, "deprecated": True})
    assert node["props"]["nullable"] and node["props"]["readOnly"] and node["props"]["deprecated"]


TRI_STATE = [{"value": True, "label": "Yes"}, {"value": False, "label": "No"}, {"value": None, "label": "Not set"}]


@pytest.mark.parametrize(
    "schema",
    [{"type": ["boolean", "null"]}, {"anyOf": [{"type": "boolean"}, {"type": "null"}]}, {"type": "boolean", "nullable": True}],
    ids=["type-list", "anyOf", "openapi-nullable"],
)
@pytest.mark.parametrize("required", [False, True])
def test_a_nullable_boolean_is_three_choices(schema, required):
    node = only_field(schema, required)
    assert node["type"] == "SelectField" and node["props"]["widget"] == "radio"
    assert node["props"]["options"] == TRI_STATE  # true, false and null, each with a word for it
    assert node["props"]["nullable"] is True and node["props"].get("required", False) is required
    assert "default" not in node["props"]


def test_a_nullable_boolean_keeps_its_default_and_a_plain_boolean_stays_a_checkbox():
    assert only_field({"type": ["boolean", "null"], "default": None})["props"]["default"] is None
    assert only_field({"type": ["boolean", "null"], "default": True})["props"]["default"] is True
    assert only_field({"type": "boolean"})["type"] == "BooleanField"
    assert only_field({"type": "boolean"}, True)["type"] == "BooleanField"


def test_select_options_keep_values_and_labels():
    node = only_field({"oneOf": [{"const": 1, "title": "One"}, {"const": None}, {"const": {"a": 1}}]})
    assert node["props"]["options"] == [{"value": 1, "label": "One"}, {"value": {"a": 1}, "label": '{"a":1}'}]
    assert node["props"]["nullable"] is True


def test_nested_object_binds_nested_pointers_and_escapes_tokens():
    node = only_field({"type": "object", "properties": {"a/b": {"type": "string"}, "t~": {"type": "number"}}, "required": ["a/b"]})
    assert [(c["props"]["bind"], c["props"].get("required", False)) for c in node["children"]] == [
        ("/v/a~1b", True),
        ("/v/t~0", False),
    ]


def test_array_item_template_binds_star():
    node = only_field({"type": "array", "items": {"type": "object", "properties": {"n": {"type": "string"}}}, "minItems": 1})
    (item,) = node["children"]
    assert item["props"]["bind"] == "/v/*"
    assert item["children"][0]["props"]["bind"] == "/v/*/n"
    assert node["props"]["minItems"] == 1


def test_tuple_positions_bind_indices():
    node = only_field({"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "items": {"type": "boolean"}})
    assert [c["props"]["bind"] for c in node["children"]] == ["/v/0", "/v/1"]
    assert node["props"]["additionalItems"] is True


def test_map_key_options_and_pattern():
    node = only_field({"type": "object", "additionalProperties": {"type": "number"}, "propertyNames": {"enum": ["a", "b"]}})
    assert [o["value"] for o in node["props"]["keyOptions"]] == ["a", "b"]
    assert node["children"][0]["props"]["bind"] == "/v/*"
    patterned = only_field({"type": "object", "patternProperties": {"^x-": {"type": "string"}}})
    assert patterned["props"]["keyPattern"] == "^x-"


def test_object_with_properties_and_additional_gets_a_rest_map():
    node = only_field({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}})
    rest = node["children"][-1]
    assert rest["type"] == "MapField" and rest["props"]["rest"] is True and rest["props"]["bind"] == "/v"
    assert rest["id"] == "f:/v+rest" and rest["children"][0]["id"] == "f:/v/*#rest(/v)"


def test_ids_stay_unique_when_names_look_like_markers():
    node = only_field(
        {
            "type": "object",
            "properties": {"*": {"type": "object", "additionalProperties": {"type": "string"}, "properties": {"k": {"type": "string"}}}, "x#0": {"type": "string"}, "x+rest": {"type": "string"}},
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        }
    )
    ids = []

    def walk(n):
        ids.append(n["id"])
        for c in n.get("children", []):
            walk(c)

    walk(node)
    assert len(ids) == len(set(ids)) and "f:/v/x%230" in ids


def test_union_branches_share_the_bind_with_unique_ids():
    node = only_field(
        {
            "oneOf": [
                {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}},
                {"type": "object", "properties": {"kind": {"const": "b"}, "x": {"type": "number"}}},
            ]
        }
    )
    assert node["props"]["discriminator"] == "kind" and node["props"]["branches"] == ["a", "b"]
    assert [c["props"]["bind"] for c in node["children"]] == ["/v", "/v"]
    ids = [c["id"] for c in node["children"]] + [g["id"] for c in node["children"] for g in c["children"]]
    assert len(ids) == len(set(ids))
    assert node["children"][0]["children"][0]["type"] == "ConstField"


def test_root_shapes():
    assert compile_form({"type": "object"}, "t").children == ()
    assert compile_form(True, "t").children == ()
    (union,) = compile_form({"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "string"}}}]}, "t").children
    assert union.props.bind == ""
    (mapping,) = compile_form({"type": "object", "additionalProperties": {"type": "string"}}, "t").children
    assert type(mapping).__name__ == "MapField" and mapping.props.bind == ""


def test_form_has_a_primary_submit_action():
    form = compile_form({"type": "object"}, "t")
    assert form.actions[0].id == "submit" and form.actions[0].primary


def test_tree_shape_and_tool_title():
    tool = {"name": "get_weather", "description": "Weather.", "inputSchema": {"type": "object"}}
    tree = compile_tree(tool)
    assert [c.id for c in tree.children] == ["form", "result"]
    assert tree.props.title == "Get weather" and tree.props.description == "Weather."
    assert tool_title({"name": "x", "annotations": {"title": "Nice"}}) == "Nice"
    assert tool_title({"name": "x", "title": "Best", "annotations": {"title": "Nice"}}) == "Best"


def test_missing_input_schema_means_no_arguments():
    assert compile_tree({"name": "ping"}).children[0].children == ()


def test_compile_is_byte_identical_across_runs():
    schema = {"type": "object", "properties": {"b": {"type": "string"}, "a": {"enum": [3, 1, 2]}}}
    tool = {"name": "t", "inputSchema": schema}
    assert encode(compile_tree(tool)) == encode(compile_tree(json.loads(json.dumps(tool))))


@pytest.mark.parametrize(
    ("values", "labels"),
    [
        (["APPROVE", "REQUEST_CHANGES", "COMMENT"], ["Approve", "Request changes", "Comment"]),  # GitHub's review events
        (["created_at", "updated_at"], ["created_at", "updated_at"]),  # lower-case names a person types elsewhere
        (["API_KEY", "OAUTH_TOKEN"], ["API key", "Oauth token"]),
        (["USD", "EUR"], ["USD", "EUR"]),  # no underscore: codes, as written
        (["asc", "desc"], ["asc", "desc"]),
        (["REQUEST_CHANGES", "comment"], ["REQUEST_CHANGES", "comment"]),  # two cases: as written
        (["en_US", "nb_NO"], ["en_US", "nb_NO"]),
    ],
)
def test_an_enum_of_constants_reads_as_words_and_sends_the_constant(values, labels):
    (node,) = json.loads(encode(compile_form({"type": "object", "properties": {"v": {"type": "string", "enum": values}}}, "t")))["children"]
    assert [o["label"] for o in node["props"]["options"]] == labels
    assert [o["value"] for o in node["props"]["options"]] == values


@pytest.mark.parametrize(
    ("description", "placeholder"),
    [
        ("Branch to push to (e.g., 'main' or 'master')", "main"),  # GitHub's push_files
        ("Repository (e.g. owner/repo)", "owner/repo"),
        ("Path to file, e.g. /tmp/a.txt.", "/tmp/a.txt"),  # the sentence's full stop is not the example's
        ("The page, such as https://example.org/a", "https://example.org/a"),
        ("Example: `SELECT 1`", "SELECT 1"),
        ("Timeout in ms (e.g. 5000)", None),  # a number's field: no text placeholder
        ("e.g. the name of the thing", None),  # a bare word is the sentence going on
        ("Sort order e.g. asc", None),
        ("Example 1: list files", None),  # a heading, not an example
        ("See the example usage: docs", None),
        ("A query such as \"SELECT * FROM t WHERE a = 'x'\"", "SELECT * FROM t WHERE a = 'x'"),  # the matching quote closes it
        ("A sample of nothing", None),
    ],
)
def test_a_descriptions_example_is_the_fields_placeholder(description, placeholder):
    kind = "integer" if "ms" in description else "string"
    (node,) = json.loads(encode(compile_form({"type": "object", "properties": {"v": {"type": kind, "description": description}}}, "t")))["children"]
    assert node["props"].get("placeholder") == placeholder


def test_a_schemas_examples_win_over_its_descriptions():
    schema = {"type": "string", "description": "Branch (e.g. 'main')", "examples": ["trunk"]}
    (node,) = json.loads(encode(compile_form({"type": "object", "properties": {"v": schema}}, "t")))["children"]
    assert node["props"]["placeholder"] == "trunk"
