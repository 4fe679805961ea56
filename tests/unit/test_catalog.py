"""The catalog as a product: categories from classes, catalog.json, a schema standard validators
check in linear time, and a runtime whose tables agree with the catalog."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from compiler.compile import compile_tree
from compiler.tools import load_tools
from components.nodes import (
    FIELD_TYPES,
    LAYOUT_TYPES,
    NODE_TYPES,
    VIEW_TYPES,
    FieldNode,
    LayoutNode,
    ViewNode,
)
from components.schema import CATALOG_PATH, SCHEMA_PATH, catalog_text
from components.validate import encode
from conftest import CORPUS, FIXTURES
from runtime_js import MODULES, catalog

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
GOLDENS = sorted((FIXTURES / "golden").glob("*.tree.json"))
JS = Path(__file__).parents[1] / "js"


def _corpus_trees():
    for path in sorted((CORPUS / "tools").glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            yield f"{path.stem}:{tool['name']}", json.loads(encode(compile_tree(tool)))


def all_trees():
    yield from ((p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in GOLDENS)
    yield from _corpus_trees()


def test_committed_catalog_matches_the_classes():
    assert CATALOG_PATH.read_text(encoding="utf-8") == catalog_text(), (
        "components/catalog.json drifted from components/nodes.py: run `python -m components.schema`"
    )


def test_every_kind_has_one_category_from_its_class():
    kinds = json.loads(CATALOG_PATH.read_text(encoding="utf-8"))["kinds"]
    assert set(kinds) == set(NODE_TYPES)
    for kind, cls in NODE_TYPES.items():
        bases = [b for b in (FieldNode, LayoutNode, ViewNode) if issubclass(cls, b)]
        assert len(bases) <= 1, kind
        assert (kind in FIELD_TYPES, kind in LAYOUT_TYPES, kind in VIEW_TYPES) == tuple(
            b in bases for b in (FieldNode, LayoutNode, ViewNode)
        )
    assert {k for k, c in NODE_TYPES.items() if not issubclass(c, (FieldNode, LayoutNode, ViewNode))} == {
        "App",
        "Form",
        "ResultView",
    }


def test_python_jsonschema_accepts_every_golden_and_corpus_tree():
    validator = jsonschema.Draft202012Validator(SCHEMA)
    checked = 0
    for name, tree in all_trees():
        assert list(validator.iter_errors(tree)) == [], name
        checked += 1
    assert checked > len(GOLDENS) + 16  # every golden, and at least one tree per corpus file


def test_the_schema_rejects_what_validate_rejects_at_the_right_pointer():
    validator = jsonschema.Draft202012Validator(SCHEMA)
    tree = json.loads(GOLDENS[0].read_text(encoding="utf-8"))
    tree["children"][0]["children"][0]["props"]["label"] = 7
    tree["children"][1]["children"].append({"type": "Nope", "id": "x", "props": {}})
    paths = sorted("/" + "/".join(map(str, e.absolute_path)) for e in validator.iter_errors(tree))
    assert paths == ["/children/0/children/0/props/label", "/children/1/children/1/type"] or paths[0].endswith(
        "/props/label"
    ), paths
    assert any(p.endswith("/type") for p in paths)


def _nested(depth: int, leaf_label: object = "leaf") -> dict:
    """A Form holding ``depth`` nested ObjectFields (each a Section too), then one TextField."""
    node: dict = {"type": "TextField", "id": f"t{depth}", "props": {"bind": "/x", "label": leaf_label}}
    for i in range(depth):
        section = {"type": "Section", "id": f"s{i}", "props": {"title": "S"}, "children": [node]}
        node = {"type": "ObjectField", "id": f"o{i}", "props": {"bind": "/x", "label": "O"}, "children": [section]}
    return {"type": "Form", "id": "form", "props": {"toolName": "t"}, "children": [node]}


def _work(tree: dict) -> tuple[int, int]:
    """(keyword evaluations, errors) of python-jsonschema on ``tree``: its work, not its time."""
    calls = [0]

    def counting(function):
        def counted(*args, **kwargs):
            calls[0] += 1
            return function(*args, **kwargs)

        return counted

    base = jsonschema.Draft202012Validator
    cls = jsonschema.validators.extend(base, {k: counting(f) for k, f in base.VALIDATORS.items()})
    errors = list(cls(SCHEMA).iter_errors(tree))
    return calls[0], len(errors)


@pytest.mark.parametrize("leaf_label", ["fine", 7], ids=["valid", "invalid-at-the-leaf"])
def test_validation_work_grows_linearly_with_depth(leaf_label):
    work = {d: _work(_nested(d, leaf_label)) for d in (4, 8, 16, 32)}
    assert all(errors == (leaf_label == 7) for _, errors in work.values())
    per_level = [(work[2 * d][0] - work[d][0]) / d for d in (4, 8, 16)]
    # the same work for each added level, whatever the depth (an anyOf union doubled it per level)
    assert max(per_level) == min(per_level), per_level


def test_runtime_tables_agree_with_the_catalog():
    assert catalog.problems() == []


def test_a_runtime_table_that_disagrees_is_named():
    sources = {m.name: m.source("js") for m in MODULES}
    sources["choices"] = sources["choices"].replace("ConstField: constField", "")
    sources["typed"] = sources["typed"].replace("    JsonView: ", "    JsonVue: ")
    sources["chart"] = sources["chart"].replace("views.NODES.Chart =", "views.NODES.Chat =")
    found = catalog.problems(sources)
    assert any("typed.js NODES" in p and "'JsonVue'" in p for p in found) and any("lacks ['Chart', 'JsonView']" in p for p in found), found
    assert any("FIELDS lacks ['ConstField']" in p for p in found), found
    assert any("chart.js NODES" in p and "'Chat'" in p for p in found), found


AJV = """
const Ajv2020 = require("ajv/dist/2020.js");
const fs = require("fs");
const ajv = new Ajv2020({ strict: true, allErrors: true });
const check = ajv.compile(JSON.parse(fs.readFileSync(process.argv[1], "utf8")));
const trees = JSON.parse(fs.readFileSync(0, "utf8"));
const bad = trees.filter((t) => !check(t.tree)).map((t) => t.name);
process.stdout.write(JSON.stringify(bad));
"""


@pytest.mark.npm
@pytest.mark.skipif(shutil.which("node") is None or not (JS / "node_modules" / "ajv").is_dir(), reason="needs npm ci")
def test_ajv_strict_accepts_every_golden_and_corpus_tree():
    trees = [{"name": name, "tree": tree} for name, tree in all_trees()]
    broken = _nested(3, 7)
    trees.append({"name": "broken", "tree": broken})
    done = subprocess.run(
        ["node", "-e", AJV, str(SCHEMA_PATH)], input=json.dumps(trees), capture_output=True, text=True, cwd=JS, check=True
    )
    assert json.loads(done.stdout) == ["broken"]
