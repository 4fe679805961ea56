"""A tool description that is a Python docstring: drawn dedented, its ``Args:`` as the inputs' help.

Python servers (FastMCP, the ``mcp`` SDK's) send a function's docstring as the tool's description,
as the code indents it, and its arguments are described there — in a Google-style section — and
not in the schema, where the SDK writes a description only when the code declares one::

    Add documents to a Chroma collection.
        <4 spaces>
        Args:
            collection_name: Name of the collection to add documents to
            ids (list[str]): List of IDs for the documents (required)

The page showed the section indented under "Args:", beside a form whose fields said nothing. Here
the description is dedented as Python's ``inspect.cleandoc`` does, and when every entry of its
``Args:`` section names one of the tool's inputs and says something of it, each entry becomes that input's help (an input
the schema describes keeps its own words) and the section leaves the description: the same words,
once, where a person fills the value. A ``Returns:`` (or ``Yields:``) section of one paragraph
reads as one line, "Returns: List of collection names …", not as a heading over an indented block.
Any other section (``Raises:``) stays as written, and so does a section naming anything the form
lacks — no word of the text is lost.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection, Mapping

import msgspec

from compiler.normalize import ObjectShape, Property, SomeShape

__all__ = ["described", "read"]

_SECTION = re.compile(r"(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments):")
_PROSE_SECTION = re.compile(r"(Returns|Return|Yields):")
_ENTRY = re.compile(r"\*{0,2}(\w+)\s*(?:\([^()]*\))?\s*:(?:\s+(.*))?")


def read(text: str, inputs: Collection[str]) -> tuple[str, dict[str, str]]:
    """``text`` dedented, without its ``Args:`` section when every entry names one of ``inputs``;
    and each entry's words by input name (empty when the section stays)."""
    lines = _prose_sections(inspect.cleandoc(text).splitlines())
    for start, line in enumerate(lines):
        if _SECTION.fullmatch(line.strip()):
            end, entries = _entries(lines, start)
            if entries and entries.keys() <= set(inputs) and all(entries.values()):
                return _joined(lines[:start] + lines[end:]), entries
            break
    return _joined(lines), {}


def _prose_sections(lines: list[str]) -> list[str]:
    """``lines`` with each ``Returns:`` section whose body is one paragraph, indented under it,
    written as one line: its heading, then its words."""
    out: list[str] = []
    row = 0
    while row < len(lines):
        line = lines[row]
        heading = _PROSE_SECTION.fullmatch(line.strip())
        body = _body(lines, row) if heading else []
        if body and all(b.strip() for b in body):
            out.append(" " * _indent(line) + line.strip() + " " + " ".join(b.strip() for b in body))
            row += len(body) + 1
        else:
            out.append(line)
            row += 1
    return out


def _body(lines: list[str], start: int) -> list[str]:
    """The lines indented under the heading ``lines[start]``, up to its last such line."""
    head, end = _indent(lines[start]), start + 1
    for row in range(start + 1, len(lines)):
        if lines[row].strip() and _indent(lines[row]) <= head:
            break
        if lines[row].strip():
            end = row + 1
    return lines[start + 1:end]


def described(shape: SomeShape, helps: Mapping[str, str]) -> SomeShape:
    """The inputs' ``shape`` with each property the schema leaves undescribed given ``helps``' words."""
    if not helps or not isinstance(shape, ObjectShape):
        return shape
    properties = tuple(
        Property(p.name, msgspec.structs.replace(p.shape, description=helps[p.name]), p.required)
        if p.name in helps and not p.shape.description else p
        for p in shape.properties
    )
    return msgspec.structs.replace(shape, properties=properties)


def _entries(lines: list[str], start: int) -> tuple[int, dict[str, str]]:
    """Where the section that heads ``lines[start]`` ends, and its entries (none when a line in it
    is not one: then it is prose, not a list of arguments)."""
    head = _indent(lines[start])
    entries: dict[str, list[str]] = {}
    indent: int | None = None
    end = len(lines)
    for row in range(start + 1, len(lines)):
        line = lines[row]
        if not line.strip():
            continue
        at = _indent(line)
        if at <= head:
            end = row
            break
        if indent is None or at <= indent:
            entry = _ENTRY.fullmatch(line.strip())
            if entry is None or (indent is not None and at < indent) or entry.group(1) in entries:
                return row, {}
            indent = at
            entries[entry.group(1)] = [entry.group(2) or ""]
        else:  # a continuation of the entry above
            entries[next(reversed(entries))].append(line.strip())
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end, {name: " ".join(w for w in words if w) for name, words in entries.items()}


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


_WRAPPED = re.compile(r"(?m)^(\S[^\n]{48,}[^:\s])\n(?=[a-z('\"]|`(?!``))")
"""A line of prose the writer broke where a sentence goes on: 50 characters or more (near a
wrap's width), its next line starting in lower case — a docstring's wrap at 72 columns, which the
page's lines should not repeat at any width. Short lines (a list of words, one a line), lines
that start indented or end a heading (":"), and code fences stay as written."""
_FENCE = re.compile(r"(^```.*?^```[^\n]*$)", re.M | re.S)


def _joined(lines: list[str]) -> str:
    """The lines as one text, with no run of blank lines where a section left, its wrapped prose
    lines joined (not inside a fence)."""
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return "".join(part if i % 2 else _WRAPPED.sub(r"\1 ", part) for i, part in enumerate(_FENCE.split(text))).strip()
