"""Every real tool definition in the corpus compiles, validates, and picks its fields without ties."""

from __future__ import annotations

import json

import pytest

from compiler.compile import compile_tree, widgets
from compiler.normalize import normalize
from compiler.tools import load_tools
from components import pointers
from components.validate import encode, validate
from conftest import CORPUS

CORPUS_FILES = sorted((CORPUS / "tools").glob("*.json"))


def corpus_tools():
    for path in CORPUS_FILES:
        for _, tool in load_tools(path.read_bytes(), path.name):
            yield pytest.param(tool, id=f"{path.stem}:{tool['name']}")


def test_the_corpus_is_there():
    assert len(CORPUS_FILES) == 16


@pytest.mark.parametrize("tool", list(corpus_tools()))
def test_corpus_tool_compiles_and_validates(tool):
    tree = compile_tree(tool)
    assert validate(json.loads(encode(tree))) == []
    form = tree.children[0]
    schema = tool.get("inputSchema", {})
    for name in schema.get("properties", {}):
        assert sum(1 for c in form.children if c.props.bind == pointers.child("", name)) == 1


def _walk(shape):
    yield shape
    for prop in getattr(shape, "properties", ()):
        yield from _walk(prop.shape)
    for attr in ("items", "additional", "rest"):
        inner = getattr(shape, attr, None)
        if inner is not None:
            yield from _walk(inner)
    for inner in (*getattr(shape, "branches", ()), *getattr(shape, "prefix", ())):
        yield from _walk(inner)


@pytest.mark.parametrize("tool", list(corpus_tools()))
def test_no_widget_ties_in_the_corpus(tool):
    for shape in _walk(normalize(tool.get("inputSchema", {}))):
        assert len(widgets.ties(shape)) == 1, (shape, widgets.ties(shape))
