"""``compile-ui FILE`` never crashes: hostile documents end as one line naming the file and the
JSON Pointer (exit 2), and huge schemas still give a usable, bounded form."""

from __future__ import annotations

import json
import random

import pytest

from compiler import messages
from compiler.compile import compile_tree, input_shape
from compiler.compile.budget import MAX_FIELDS, count, fold
from compiler.compile.inputs import Site, object_children
from compiler.compile_cli import main
from compiler.jsonread import MAX_DEPTH, locate
from components.nodes import JsonField, ObjectField
from components.validate import encode, validate


def deep_arrays(depth: int) -> bytes:
    return b'{"name":"t","inputSchema":' + b"[" * depth + b"]" * depth + b"}"


def deep_objects(depth: int) -> bytes:
    text = '{"type":"string"}'
    for _ in range(depth):
        text = '{"type":"object","properties":{"a":' + text + "}}"
    return ('{"name":"t","inputSchema":' + text + "}").encode()


HOSTILE = [
    (deep_arrays(100_000), "#/inputSchema" + "/0" * (MAX_DEPTH - 1) + ":", "nested deeper than"),
    (deep_objects(3_000), "#/inputSchema" + "/properties/a" * ((MAX_DEPTH - 2) // 2) + "/properties:", "nested deeper than"),
    (b'{"name":"t","inputSchema":{"maximum":NaN}}', ":", "NaN is not JSON"),
    (b'{"name":"t","inputSchema":{"maximum":-Infinity}}', ":", "-Infinity is not JSON"),
    (b'{"tools":[{"name":"a"},{"name":"b","inputSchema":{"properties":{"x/y":{"type":"string","type":"number"}}}}]}',
     "#/tools/1/inputSchema/properties/x~1y/type:", "appears twice"),
    (b'{"name":"t","inputSchema":{"enum":["ok","b\xffad"]}}', "#/inputSchema/enum/1:", "not UTF-8"),
    (b'{"name":"t\xc3","inputSchema":{}}', "#/name:", "not UTF-8"),
    (b'{"name":"t","description":"\\ud83d\\ude00 ok","inputSchema":{"default":"\\udcff"}}', "#/inputSchema/default:", "lone surrogate"),
    (b'{"name":"t","inputSchema":{"properties":{"a\\uDFFF":{}}}}', "#/inputSchema/properties/a\\udfff:", "lone surrogate"),
    (b'{"name":"t","inputSchema":{"properties":{"k\xfe":{}}}}', "#/inputSchema/properties/k\\xfe:", "not UTF-8"),
]


@pytest.mark.parametrize("data, where, what", HOSTILE, ids=lambda v: None if isinstance(v, bytes) else v[:20])
def test_hostile_documents_are_one_line_with_file_and_pointer(tmp_path, capsys, data, where, what):
    path = tmp_path / "tool.json"
    path.write_bytes(data)
    assert main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"compile-ui: error: {path}{where}"), line[:300]
    assert what in line


def test_just_under_the_depth_bound_compiles_to_a_page(tmp_path, capsys):
    path = tmp_path / "tool.json"
    path.write_bytes(deep_objects((MAX_DEPTH - 4) // 2))
    assert main([str(path), "--html", str(tmp_path / "page.html")]) == 0
    assert (tmp_path / "page.html").read_bytes().startswith(b"<!doctype html>")


def test_a_cyclic_ref_compiles(capsys, tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps({"name": "t", "inputSchema": {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}}))
    assert main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["type"] == "App"


@pytest.mark.parametrize(
    "text, problem, expected",
    [
        ('{"a": [1, {"b": 2, "c": {"b": 1, "b": 2}}]}', {"duplicate": True}, ["a", 1, "c", "b"]),
        ('{"a\\"/": {"x": 1}, "b": [[], [1, "s", {"k": "v", "k": 0}]]}', {"duplicate": True}, ["b", 1, 2, "k"]),
        ('[0, [1, [2, [3]]]]', {"depth": 3}, [1, 1, 1]),
        ('{"a": "{[", "b": {"c": [{"d": {}}]}}', {"depth": 4}, ["b", "c", 0, "d"]),
    ],
)
def test_locate_finds_the_pointer_without_recursing(text, problem, expected):
    assert locate(text, **problem) == expected


def wide_tool(objects: int, each: int, scalars: int = 0) -> dict:
    props = {f"o{i}": {"type": "object", "properties": {f"q{j}": {"type": "string"} for j in range(each)}} for i in range(objects)}
    props.update({f"s{i}": {"type": "integer"} for i in range(scalars)})
    return {"name": "t", "inputSchema": {"type": "object", "properties": props}}


def test_a_large_form_keeps_what_fits_and_folds_the_rest_with_the_reason():
    tree = compile_tree(wide_tool(100, 5))
    form = tree.children[0]
    assert count(form.children) <= MAX_FIELDS
    assert len(form.children) == 100  # every argument still has its field
    kept = [c for c in form.children if isinstance(c, ObjectField)]
    folded = [c for c in form.children if isinstance(c, JsonField)]
    assert kept and folded and form.children[: len(kept)] == tuple(kept)  # document order: first come, first kept
    assert all(f.props.reason == messages.FOLDED.format(limit=MAX_FIELDS) for f in folded)
    assert validate(json.loads(encode(tree))) == []


def test_a_small_form_is_untouched():
    tree = compile_tree(wide_tool(10, 5))
    assert all(isinstance(c, ObjectField) for c in tree.children[0].children)


def test_too_many_arguments_become_one_json_field_for_all_of_them():
    tree = compile_tree(wide_tool(0, 0, scalars=MAX_FIELDS + 1))
    (only,) = tree.children[0].children
    assert isinstance(only, JsonField) and only.props.bind == "" and "more than" in only.props.reason


@pytest.mark.parametrize("scalars", [MAX_FIELDS - 1, MAX_FIELDS, MAX_FIELDS + 1])
@pytest.mark.parametrize("rest", [False, True])
def test_arguments_known_to_fold_whole_are_not_built_and_the_form_is_the_same(scalars, rest):
    # root_fields answers the whole-arguments JsonField before building the fields (compile stays
    # linear in the number of properties); the form is what folding the built fields gives
    tool = wide_tool(0, 0, scalars=scalars)
    if rest:
        tool["inputSchema"]["additionalProperties"] = {"type": "string"}  # a rest map: one field more
    shape = input_shape(tool)
    built = fold(object_children(shape, Site("", messages.ARGUMENTS_LABEL, True)))
    assert compile_tree(tool).children[0].children == built
    assert isinstance(built[0], JsonField) == (scalars + rest > MAX_FIELDS)


def test_random_hostile_documents_never_crash(tmp_path, capsys):
    # the fuzz for documents: random mixes of the hostile parts above, each exit 0 or one line + 2
    rng = random.Random(20261123)
    parts = [b'"x"', b'"\\ud800"', b"1", b"NaN", b"[]", b"{}", b'"\xff"', b"-Infinity", b'{"a":1,"a":2}']
    for i in range(60):
        depth = rng.choice([1, 5, MAX_DEPTH - 2, MAX_DEPTH + 1, 5000])
        leaf = rng.choice(parts)
        body = b'{"type":"object","default":' + b"[" * depth + leaf + b"]" * depth + b"}"
        path = tmp_path / f"t{i}.json"
        path.write_bytes(b'{"name":"t%d","inputSchema":' % i + body + b"}")
        code = main([str(path), "--html", str(tmp_path / f"t{i}.html")])
        out, err = capsys.readouterr()
        assert code in (0, 2), (depth, leaf)
        assert (code == 0) == (err == "") and len(err.splitlines()) == (code == 2), err[:200]
        assert code == 0 or err.startswith(f"compile-ui: error: {path}")
