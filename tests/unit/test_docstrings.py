"""A tool description that is a Python docstring (compiler/compile/docstrings.py): dedented, and
its ``Args:`` section as the help of the inputs it names."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.compile import compile_tree
from compiler.compile.docstrings import read
from conftest import FIXTURES

# chroma-mcp's chroma_list_collections, as the server sends it: the function's indentation kept
LIST_COLLECTIONS = (
    "List all collection names in the Chroma database with pagination support.\n    \n    Args:\n"
    "        limit: Optional maximum number of collections to return\n"
    "        offset: Optional number of collections to skip before returning results\n    \n    Returns:\n"
    '        List of collection names or ["__NO_COLLECTIONS_FOUND__"] if database is empty\n    '
)


def test_the_args_section_leaves_the_description_for_the_inputs_it_names():
    text, helps = read(LIST_COLLECTIONS, ["limit", "offset"])
    assert text == (
        "List all collection names in the Chroma database with pagination support.\n\n"
        'Returns: List of collection names or ["__NO_COLLECTIONS_FOUND__"] if database is empty'
    )
    assert helps == {"limit": "Optional maximum number of collections to return",
                     "offset": "Optional number of collections to skip before returning results"}


def test_types_continuation_lines_and_keyword_sections_are_read():
    doc = """Retrieve a range of members.

    Parameters:
        key (str): The sorted set key.
        with_scores (bool, optional): Whether to include
            scores in the result.
        **options: Passed on.
    """
    text, helps = read(doc, ["key", "with_scores", "options"])
    assert text == "Retrieve a range of members."
    assert helps == {"key": "The sorted set key.", "with_scores": "Whether to include scores in the result.", "options": "Passed on."}


@pytest.mark.parametrize(
    "doc",
    [
        # an entry the form lacks: the section says more than the inputs do
        "Find.\n\nArgs:\n    project: Project name\n    verbose: Print more\n",
        # prose under the heading, not a list of arguments
        "Find.\n\nArgs:\n    Pass the project and the pattern.\n",
        # an entry twice, or a line less indented than the entries
        "Find.\n\nArgs:\n    project: one\n    project: two\n",
        "Find.\n\nArgs:\n      project: one\n    pattern: two\n",
        # a heading with nothing under it
        "Find.\n\nArgs:\nproject: one\n",
    ],
)
def test_a_section_that_is_not_only_the_inputs_stays_as_written(doc):
    text, helps = read(doc, ["project", "pattern"])
    assert helps == {} and text == doc.strip()


def test_a_returns_section_of_one_paragraph_reads_as_one_line():
    doc = """Count the keys.

    Returns:
        The number of keys,
        or -1 when the database is closed.
    Raises:
        ValueError: when the pattern is empty
    """
    assert read(doc, [])[0] == (
        "Count the keys.\n\nReturns: The number of keys, or -1 when the database is closed.\n"
        "Raises:\n    ValueError: when the pattern is empty")


@pytest.mark.parametrize(
    "doc",
    [
        # two paragraphs: their break is kept
        "Count.\n\nReturns:\n    The number.\n\n    Or -1.",
        # nothing under it, or words on the heading's own line
        "Count.\n\nReturns:\nThe number.",
        "Count.\n\nReturns: the number.",
    ],
)
def test_a_returns_section_that_is_not_one_indented_paragraph_stays_as_written(doc):
    assert read(doc, []) == (doc, {})


def test_a_description_without_a_section_is_only_dedented():
    assert read("First line.\n    Second, indented by the code.\n      Third, more.", []) == (
        "First line.\nSecond, indented by the code.\n  Third, more.", {})


def test_prose_wrapped_where_its_sentence_goes_on_is_one_line():
    """webcal's get_event, as sent: its second paragraph wrapped at the code's width read as one
    line (the page wraps it at its own); a heading, a list and indented lines stay as written."""
    doc = ("Look up a single event by UID. Returns None if not found.\n\n        Pass `refresh=True` to bypass the TTL"
           " cache and re-fetch the\n        upstream calendar.\n        ")
    assert read(doc, [])[0] == ("Look up a single event by UID. Returns None if not found.\n\n"
                                "Pass `refresh=True` to bypass the TTL cache and re-fetch the upstream calendar.")
    kept = ("Modes:\nfast or slow\n- one item\n- two\nThe end. Next\n  indented line\nOne.\nTwo.\n"
            "Supported actions, one a line, each short:\nstart\nstop\n"
            "Example, a query in a fence whose lines are long enough to join:\n```sql\n"
            "select region, sum(revenue) as revenue, count(*) as rows\nfrom sales group by region\n```\nend")
    assert read(kept, [])[0] == kept


_NAME = st.sampled_from(["a", "b", "project", "limit"])
_WORDS = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
_SECTIONED = st.builds(
    lambda head, entries, indent, returns, tail: "\n".join(
        [head, "", " " * indent + "Args:", *(f"{' ' * (indent + 4)}{n}: {w}" for n, w in entries),
         *(["Returns:", *(f"    {w}" for w in returns)] if returns else []), tail]),
    _WORDS, st.lists(st.tuples(_NAME, _WORDS), max_size=4), st.integers(0, 8), st.lists(_WORDS, max_size=3), _WORDS,
)


@given(st.one_of(st.text(max_size=300), _SECTIONED), st.lists(_NAME, max_size=4))
def test_no_word_of_a_description_is_lost(doc, inputs):
    """Every word of the description is in the text shown or in an input's help (or its name),
    but the heading of the section moved."""
    text, helps = read(doc, inputs)
    shown = " ".join([text, *helps.values(), *helps, *([] if not helps else ["Args:"])])
    assert all(word.strip(":*()") in shown for word in doc.split()), (doc, text, helps)


def test_a_docstring_tools_form_says_what_each_input_is():
    """chroma-mcp's create_collection, as recorded: the form's fields carry the Args' words (the
    schema describes none), the description its first line only; an input the schema describes
    keeps its own words."""
    tool = json.loads((FIXTURES / "field" / "chroma__chroma_create_collection.json").read_text())["tool"]
    tool["inputSchema"]["properties"]["metadata"]["description"] = "The schema's own words"
    app = compile_tree(tool)
    assert app.props.description == "Create a new Chroma collection with configurable HNSW parameters."
    helps = {f.props.bind: f.props.help for f in app.children[0].children}
    assert helps == {
        "/collection_name": "Name of the collection to create",
        "/embedding_function_name": "Name of the embedding function to use. Options: 'default', 'cohere', 'openai', 'jina', 'voyageai', 'ollama', 'roboflow'",
        "/metadata": "The schema's own words",
    }
