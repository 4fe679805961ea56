"""Inline markdown in descriptions (issue 51 item 6): code, emphasis and http(s) links become
elements; everything else — HTML, other schemes, brackets inside brackets — stays text."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from compiler.compile import compile_tree
from compiler.markdown import Span, spans
from compiler.render import render_body


def test_marks_become_spans_and_the_rest_stays_text():
    assert spans("Set `wholeDay`: it **must** be *true*, see [the docs](https://example.com/a_b?x=1).") == [
        Span("text", "Set "), Span("code", "wholeDay"), Span("text", ": it "), Span("strong", "must"),
        Span("text", " be "), Span("em", "true"), Span("text", ", see "),
        Span("link", "the docs", "https://example.com/a_b?x=1"), Span("text", "."),
    ]
    assert spans("__bold__ and _em_") == [Span("strong", "bold"), Span("text", " and "), Span("em", "em")]


@pytest.mark.parametrize(
    "text",
    [
        "plain words",
        "snake_case_name and max_results_per_page",
        "<script>alert(1)</script>",
        "[click](javascript:alert(1))",
        "[data](data:text/html,<b>x</b>)",
        "[relative](/etc/passwd)",
        "[a [b]](https://example.com)",
        "unclosed `code and *em and **strong",
        "a * b * c",
        # globs (tree-sitter's "Optional glob pattern (e.g., "**/*.py")"): asterisks, not emphasis
        'Optional glob pattern (e.g., "**/*.py")',
        "src/*.py, lib/*.py",
        "un*frig*gable",
        "<img src=x onerror=alert(1)>",
    ],
)
def test_hostile_or_unmarked_text_stays_one_text_span(text):
    assert spans(text) == [Span("text", text)]


def test_marks_inside_code_are_not_read():
    assert spans("`**not bold** [x](https://e.com)`") == [Span("code", "**not bold** [x](https://e.com)")]


def test_joined_spans_are_the_text_without_its_marks():
    text = "a `b` **c** *d* [e](http://f.org) <g>"
    assert "".join(s.text for s in spans(text)) == "a b c d e <g>"


class Tags(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def page_of(tool_description: str, field_description: str) -> str:
    schema = {"type": "object", "properties": {"when": {"type": "string", "description": field_description}}}
    return render_body(compile_tree({"name": "t", "description": tool_description, "inputSchema": schema}))


def test_descriptions_render_their_marks_as_elements_with_escaped_text():
    body = page_of("Uses `wholeDay` and **must** <script>x()</script>",
                   "See [docs](https://example.com/d) or [bad](javascript:alert(1)) *now*")
    tags = Tags(body).tags
    assert ("code", {}) in tags and ("strong", {}) in tags and ("em", {}) in tags
    links = [a for t, a in tags if t == "a"]
    assert links == [{"href": "https://example.com/d", "class": "ext", "title": "https://example.com/d"}]
    assert not [t for t, _ in tags if t == "script"]
    assert "&lt;script&gt;x()&lt;/script&gt;" in body and "[bad](javascript:alert(1))" in body
