"""The tool list read once (``index`` → ``Tools``), the first phase of ``leads``: each tool's
top-level inputs by normalized name, whether it reads or destroys, and the targets filed under
each required scalar argument's name; and how names are read as words.

**Names.** A name is compared normalized (lowercase, ``_``/``-`` dropped: ``page_token`` =
``pageToken`` = ``pagetoken``) and read as words (``list_orders`` → list, orders).

Read or destroy: destructive = ``annotations.destructiveHint`` true, or (``readOnlyHint`` not
true and a word of the name or description is a destructive verb, with its endings: ``deletes``);
read-only = ``readOnlyHint`` true, or (``readOnlyHint`` not false and a word of the name is a read
verb).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from compiler.normalize import (
    ArrayShape,
    BooleanShape,
    NumberShape,
    ObjectShape,
    SomeShape,
    StringShape,
    normalize,
)
from components.nodes import ResultView

from .. import tool_title
from ..outputs import compile_result_view

MAX_NAME = 200
"""Longer names and words are not read (untrusted text)."""
MAX_DESCRIPTION = 4_000

ValueType = Literal["string", "integer", "number"]

# --------------------------------------------------------------------------- names and words

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_NOT_NAME = re.compile(r"[_\-\s.]+")


def normal(name: str) -> str:
    """``page_token``, ``pageToken``, ``Page-Token`` → ``pagetoken``."""
    return _NOT_NAME.sub("", name[:MAX_NAME]).lower()


def words_of(text: str, limit: int = MAX_NAME) -> tuple[str, ...]:
    """The words of a name or text, lowercase (``listOrders`` → list, orders)."""
    return tuple(w.lower() for w in _WORD.findall(text[:limit]))


def singular(word: str) -> str:
    """``orders`` → order, ``entries`` → entry (English plurals, roughly)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _stems(words: Iterable[str]) -> set[str]:
    """Words and what they read as without an ending (``deletes``, ``deleted``, ``deleting`` → delete)."""
    out: set[str] = set()
    for w in words:
        out.update((w, singular(w)))
        if w.endswith("ed"):
            out.update((w[:-1], w[:-2]))
        if w.endswith("ing"):
            out.update((w[:-3], w[:-3] + "e"))
    return out


READ_WORDS = frozenset(
    "get read show describe list search find fetch view inspect lookup open info stat status log logs diff "
    "tree history count peek browse poll stats metrics monitor health".split()
)
DESTRUCTIVE_WORDS = frozenset(
    "delete remove cancel drop kill destroy purge truncate overwrite reset revoke terminate wipe erase "
    "unlink rm rmdir clear discard abort evict shred".split()
)
LISTING_WORDS = frozenset("list search find tree glob ls walk browse".split())
FILE_WORDS = frozenset("file directory dir folder path".split())
REVISION_SOURCES = frozenset("log history blame commits revisions reflog".split())
URL_SOURCES = frozenset("search list fetch browse links crawl".split())

CLASSES: dict[str, frozenset[str]] = {
    "path": frozenset({"path", "file", "filepath", "filename", "fullpath", "relativepath", "absolutepath"}),
    "revision": frozenset({"revision", "commit", "sha", "hash", "rev", "ref", "commitsha", "commithash", "commitid"}),
    "url": frozenset({"url", "uri", "href", "link"}),
}
CLASS_OF = {name: cls for cls, names in CLASSES.items() for name in names}
TESTS = {"revision": "^[0-9a-f]{7,40}$"}
ENTITY_KEYS = ("id", "name", "key")
TEXT_PROPERTIES = frozenset({"content", "text", "result", "output", "stdout"})

# --------------------------------------------------------------------------- the list, read once


Kind = Literal["string", "integer", "number", "boolean", "array", "object", "other"]


class Arg(NamedTuple):
    """A top-level input: its name, normalized name, JSON kind and name class."""

    name: str
    norm: str
    kind: Kind
    cls: str | None

    @property
    def scalar(self) -> ValueType | None:
        """What a clicked value must be to fill it (None: it never takes one)."""
        return self.kind if self.kind in ("string", "integer", "number") else None


class ToolInfo(NamedTuple):
    position: int
    name: str
    tool: Mapping[str, Any]
    title: str
    words: frozenset[str]
    """The name's words, and their singulars."""
    inputs: Mapping[str, Arg]
    """Top-level inputs by normalized name (of inputs of one normalized name, the least name:
    ``orderId`` before ``order_id``, whatever the schema's order)."""
    required: tuple[Arg, ...]
    read_only: bool
    destructive: bool
    deprecated: bool
    """Its title or description says so: ranked after the others."""


class Tools:
    """A tool list read once: each tool's inputs (normalized), its read/destroy reading, and the
    targets filed under each required scalar argument's normalized name. Build it once per list
    (``index``) and give it to every ``leads`` call of that list."""

    def __init__(self, tools: Iterable[Any]) -> None:
        self.by_name: dict[str, ToolInfo] = {}
        self.by_argument: dict[str, list[tuple[ToolInfo, Arg]]] = {}
        for position, tool in enumerate(tools):
            info = read_tool(position, tool)
            if info is None or info.name in self.by_name:
                continue  # not a tool, or a second tool of one name: the first is the tool
            self.by_name[info.name] = info
            for arg in info.required:
                if arg.scalar is not None:
                    self.by_argument.setdefault(arg.norm, []).append((info, arg))
        self._views: dict[str, ResultView] = {}

    def targets(self, norm: str) -> list[tuple[ToolInfo, Arg]]:
        return self.by_argument.get(norm, [])

    def result_view(self, name: str) -> ResultView:
        """The tool's own compiled result view (compiled once per list)."""
        view = self._views.get(name)
        if view is None:
            view = self._views[name] = compile_result_view(self.by_name[name].tool.get("outputSchema"))
        return view


def index(tools: Sequence[Any] | Tools) -> Tools:
    """``tools`` read once (a ``Tools`` is given back as it is)."""
    return tools if isinstance(tools, Tools) else Tools(tools)


def read_tool(position: int, tool: Any) -> ToolInfo | None:
    """One tool of a list read (``position``: its place there), or None when it is no tool."""
    if not isinstance(tool, Mapping):
        return None
    name = tool.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    schema = tool.get("inputSchema", {"type": "object"})
    shape = normalize(schema if isinstance(schema, (Mapping, bool)) else {"type": "object"})
    inputs: dict[str, Arg] = {}
    required: list[Arg] = []
    if isinstance(shape, ObjectShape):
        for prop in shape.properties:
            arg = Arg(prop.name, normal(prop.name), kind_of(prop.shape), class_of(prop.name, prop.shape))
            held = inputs.get(arg.norm)
            if held is None or arg.name < held.name:  # order_id and orderId: one, whatever the schema's order
                inputs[arg.norm] = arg
            if prop.required:
                required.append(arg)
    annotations = tool.get("annotations")
    hints: Mapping[str, Any] = annotations if isinstance(annotations, Mapping) else {}
    words = frozenset(words_of(name))
    description = tool.get("description")
    said = frozenset(words_of(description, MAX_DESCRIPTION)) if isinstance(description, str) else frozenset()
    read_hint = hints.get("readOnlyHint")
    destructive = hints.get("destructiveHint") is True or (
        read_hint is not True and bool(_stems(words | said) & DESTRUCTIVE_WORDS)
    )
    read_only = read_hint is True or (read_hint is not False and bool(words & READ_WORDS))
    return ToolInfo(
        position=position,
        name=name,
        tool=tool,
        title=tool_title(tool),
        words=words | {singular(w) for w in words},
        inputs=inputs,
        required=tuple(required),
        read_only=read_only,
        destructive=destructive,
        deprecated="deprecated" in said | frozenset(words_of(tool_title(tool))),
    )


def kind_of(shape: SomeShape) -> Kind:
    """A shape's JSON kind."""
    if isinstance(shape, StringShape):
        return "string"
    if isinstance(shape, NumberShape):
        return "integer" if shape.integer else "number"
    if isinstance(shape, BooleanShape):
        return "boolean"
    if isinstance(shape, ArrayShape):
        return "array"
    if isinstance(shape, ObjectShape):
        return "object"
    return "other"


def class_of(name: str, shape: SomeShape | None = None) -> str | None:
    """The class a name reads as (path, revision, url), or None."""
    cls = CLASS_OF.get(normal(name))
    if cls is None and isinstance(shape, StringShape) and shape.format in ("uri", "url", "iri"):
        return "url"
    return cls


def fits(value: Kind, argument: Kind) -> bool:
    """A value of kind ``value`` may fill an input of kind ``argument``."""
    return value != "other" and (value == argument or (value == "integer" and argument == "number"))
