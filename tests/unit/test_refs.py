"""$ref by pointer without ``referencing``: the same targets, the same failures, as ``referencing``.

A document that embeds no other resource (no ``$id`` below its root, not draft-04) has its
pointer references (``#``, ``#/...``) followed by ``compiler.normalize.refs`` itself; anything else
goes through ``referencing`` as before. These tests hold the two paths to the same answers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.normalize import normalize
from compiler.normalize import refs as refs_module
from compiler.normalize.refs import Refs
from components import pointers
from harness.fuzzgen import schemas as fuzz_schemas
from harness.strategies import schemas

ROOT = Path(__file__).resolve().parents[2]

KEYS = st.sampled_from([
    "$defs", "definitions", "properties", "items", "allOf", "prefixItems", "additionalProperties", "dependencies", "$ref",
    "A", "a/b", "c~d", "%2F", "0", "1", "-1", " 1", "", "x y", "é",
])
DIALECTS = st.sampled_from([None, "https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#",
                            "http://json-schema.org/draft-06/schema#", "https://json-schema.org/draft/2019-09/schema", "junk"])
DOCS = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "ab", "0"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@st.composite
def docs_and_refs(draw):
    doc = draw(st.dictionaries(KEYS, DOCS, max_size=4))
    dialect = draw(DIALECTS)
    if dialect is not None:
        doc["$schema"] = dialect
    path = draw(st.sampled_from(list(_paths(doc))))
    fragment = pointers.join(path)
    ref = "#" + draw(st.sampled_from([
        fragment,
        quote(fragment, safe="/"),  # percent-encoded: decoded before it is split
        fragment + "/" + draw(KEYS),  # one step past what exists
        fragment.replace("~1", "%2F"),  # an encoded slash splits, as referencing reads it
        draw(st.text(alphabet="/~01%2Fa", max_size=6)),  # junk
    ]))
    return doc, ref


def _by_referencing(root, ref):
    refs = Refs.for_root(root)
    refs._plain = False  # the path through referencing
    return refs.lookup(ref)


def _same(a, b):
    return (isinstance(a, str) and isinstance(b, str)) or (not isinstance(a, str) and not isinstance(b, str) and a[0] is b[0])


@settings(max_examples=500)
@given(docs_and_refs())
def test_a_pointer_finds_what_referencing_finds(case):
    doc, ref = case
    if ref[1:2] not in ("", "/") or not refs_module._embeds_nothing(doc):
        return
    ours = Refs.for_root(doc).lookup(ref)
    assert _same(ours, _by_referencing(doc, ref)), (doc, ref, ours)


@given(schemas())
def test_normalize_reads_the_same_with_and_without_referencing(schema):
    assert _normalized(schema, fast=True) == _normalized(schema, fast=False)


def test_the_fuzz_corpus_normalizes_the_same_with_and_without_referencing():
    for schema in fuzz_schemas(20261122, 400):
        assert _normalized(schema, fast=True) == _normalized(schema, fast=False), json.dumps(schema)[:300]


def _normalized(schema, *, fast: bool) -> bytes:
    if fast:
        return msgspec.json.encode(normalize(schema))
    real = refs_module._embeds_nothing
    refs_module._embeds_nothing = lambda root: False
    try:
        return msgspec.json.encode(normalize(schema))
    finally:
        refs_module._embeds_nothing = real


@pytest.mark.parametrize(
    "schema, plain",
    [
        ({"$defs": {"A": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/A"}}}, True),
        ({"$defs": {"A": {"$id": "https://x/a", "type": "string"}}, "properties": {"a": {"$ref": "#/$defs/A"}}}, False),
        ({"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"A": {"id": "a"}}}, False),
        ({"$id": "https://x/root", "properties": {"id": {"type": "string"}}}, True),  # the root's own $id, a property named id
    ],
)
def test_what_counts_as_a_document_that_embeds_nothing(schema, plain):
    assert refs_module._embeds_nothing(schema) is plain


def test_compiling_a_tool_with_pointer_refs_never_imports_referencing():
    code = (
        "import sys; from compiler.pipeline import compile_tool; from compiler.tools import load_tools;"
        "from pathlib import Path; p = Path('fixtures/tools/pydantic_optional.json');"
        "[(_, tool)] = load_tools(p.read_bytes(), p.name); compile_tool(tool);"
        "assert '$ref' in p.read_text(); print(sorted(m for m in sys.modules if m.startswith('referencing')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    # an anchor needs referencing: it is imported then, and resolves
    shape = normalize({"properties": {"b": {"$ref": "#thing"}}, "$defs": {"t": {"$anchor": "thing", "type": "integer"}}})
    assert shape.properties[0].shape.integer and "referencing" in sys.modules
