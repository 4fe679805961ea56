"""Layout on facts, not strings: compile states what layout needs about each field (its name, the
template or branch it lies in) in a side table keyed by node id, and layout reads only that —
never the grammar of ids (``#`` scopes) or binds (``*``)."""

from __future__ import annotations

import msgspec
import pytest

from compiler.compile.facts import FieldFacts, facts_of
from compiler.layout import apply, check_spec, heuristic_spec, spec_schema
from compiler.layout.choices import choices
from compiler.pipeline import Given, compile, laid_out
from compiler.tools import load_tools
from components.nodes import Node
from components.validate import encode
from conftest import FIXTURES
from harness.layout_trees import FORECAST_TOOL, forecast_tree

KITCHEN_SINK = next(tool for _, tool in load_tools((FIXTURES / "tools" / "kitchen_sink.json").read_bytes(), "kitchen_sink"))

STAR = {
    "name": "star",
    "inputSchema": {
        "type": "object",
        "properties": {
            "*": {"type": "integer", "minimum": 1, "maximum": 10},
            "notes": {"type": "array", "items": {"type": "string"}},
            "pick": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 5}, {"type": "string"}]},
            "a~b/notes": {"type": "string"},
        },
        "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 10},
        "required": ["*"],
    },
}


def test_compile_states_each_fields_name_and_template():
    facts = compile(KITCHEN_SINK).facts
    assert facts["f:/address/street"] == FieldFacts(name="street")
    assert facts["f:/point/1"] == FieldFacts(name="1")
    assert facts["f:/recipients/*"] == FieldFacts(template="item")
    assert facts["f:/headers/*"] == FieldFacts(template="value")
    assert facts["f:/target#0"] == FieldFacts(template="branch")
    assert facts["f:/target/kind#1"] == FieldFacts(name="kind", template="branch")
    star = compile(STAR).facts
    assert star["f:/a~0b~1notes"] == FieldFacts(name="a~b/notes")  # the name as the schema writes it
    assert star["f:+rest"] == FieldFacts() and star["f:/*#rest()"] == FieldFacts(template="value")


def test_a_pipeline_carries_the_facts_of_its_tree():
    compiled = compile(KITCHEN_SINK)
    assert compiled.facts == facts_of(compiled.tree)
    assert set(compiled.facts) == {n.id for n in _nodes(compiled.tree.children[0]) if n.id != "form"}


def _nodes(node: Node):
    yield node
    for child in node.children:
        yield from _nodes(child)


def _renamed(tree: Node, names: dict[str, str]) -> Node:
    children = tuple(_renamed(c, names) for c in tree.children)
    return msgspec.structs.replace(tree, id=names.get(tree.id, tree.id), children=children)


def _back(tree: Node, names: dict[str, str]) -> Node:
    """Ids renamed back (ids apply derives from a node's id, ``<id>:chart``, follow their node)."""
    old = {new: was for was, new in names.items()}

    def name(node_id: str) -> str:
        head, sep, tail = node_id.partition(":")
        return old.get(node_id) or (old[head] + sep + tail if head in old else node_id)

    return _renamed_with(tree, name)


def _renamed_with(tree: Node, name) -> Node:
    return msgspec.structs.replace(tree, id=name(tree.id), children=tuple(_renamed_with(c, name) for c in tree.children))


@pytest.mark.parametrize("tool", [KITCHEN_SINK, STAR, FORECAST_TOOL], ids=lambda t: t["name"])
def test_layout_does_not_read_the_id_grammar(tool):
    """Every id renamed, consistently in the tree and in the facts, to ids that break compile's
    grammar (each holds a ``#``, which compile uses only for union branches): layout gives the
    same offer, the same heuristic spec, and the same laid-out tree."""
    compiled = compile(tool)
    tree = forecast_tree() if tool is FORECAST_TOOL else compiled.tree
    facts = facts_of(tree)
    names = {n.id: f"#{i}" for i, n in enumerate(_nodes(tree))}
    tree2 = _renamed(tree, names)
    facts2 = {names[node_id]: fact for node_id, fact in facts.items()}

    assert choices(tree2, facts2) == choices(tree, facts)
    spec = heuristic_spec(tree, tool, facts)
    assert heuristic_spec(tree2, tool, facts2) == spec
    assert encode(_back(apply(tree2, spec, facts2), names)) == encode(apply(tree, spec, facts))
    offer = choices(tree, facts)
    every_widget = {"input": {"widgets": [{"field": b, "widget": o[-1]} for b, o in offer.widgets.items()]}}
    given, problems = check_spec(tree, every_widget, facts)
    assert problems == [] and check_spec(tree2, every_widget, facts2) == (given, [])
    assert encode(_back(apply(tree2, given, facts2), names)) == encode(apply(tree, given, facts))
    assert spec_schema(tree2, facts2) == spec_schema(tree, facts)


def test_layout_reads_the_facts_it_is_given():
    """Facts, not the tree, decide: a field said to lie in a branch is offered no widget, and a
    field's stated name decides the heuristic's textarea."""
    compiled = compile(STAR)
    facts = dict(compiled.facts)
    assert set(choices(compiled.tree, facts).widgets) == {"/*", "/a~0b~1notes"}  # not the union's branches
    facts["f:/*"] = FieldFacts(name="*", template="branch")
    assert set(choices(compiled.tree, facts).widgets) == {"/a~0b~1notes"}
    assert [w.widget for w in heuristic_spec(compiled.tree, STAR, compiled.facts).input.widgets] == ["slider", "textarea"]
    facts = {**compiled.facts, "f:/a~0b~1notes": FieldFacts(name="title")}
    assert [w.widget for w in heuristic_spec(compiled.tree, STAR, facts).input.widgets] == ["slider"]


def test_a_widget_goes_to_the_field_not_to_a_template_that_shares_its_bind():
    """``/*`` is both the property named ``*`` and the rest map's value template: the slider
    chosen for the property leaves the template as it was."""
    compiled = compile(STAR)
    spec, problems = check_spec(compiled.tree, {"input": {"widgets": [{"field": "/*", "widget": "slider"}]}}, compiled.facts)
    assert problems == []
    page = laid_out(compiled, Given(spec))
    widgets = {n.id: n.props.widget for n in _nodes(page.tree) if hasattr(n.props, "widget")}
    assert widgets["f:/*"] == "slider" and widgets["f:/*#rest()"] == "number"
