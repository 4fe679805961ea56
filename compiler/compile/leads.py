"""Where a result leads (issue 41): links from its values to the tools that take them, and the
same tool's next page. Inferred at build time from the whole tool list; pure and deterministic.

    index(tools)         → Tools        the list read once (normalized inputs, read/destroy, by argument)
    leads(tool, tools)   → LeadsProps | None
    leads_node(tool, tools) → the ``Leads`` node (id ``result:leads``) with one ``LinkedView`` per
                           linked tool (that tool's own compiled result views, ids ``linked:<tool>:…``)

Tool definitions are untrusted: anything odd (a name that is not a string, a schema that is not
an object, annotations that are a list) is skipped, never raised on; names and descriptions are
only compared as words, never run or shown as markup.

**Names.** A name is compared normalized (lowercase, ``_``/``-`` dropped: ``page_token`` =
``pageToken`` = ``pagetoken``) and read as words (``list_orders`` → list, orders).

**Paging** (the tool itself), from its input:

* cursor — an input ``cursor``, ``page_token``, ``next_page_token``, ``next_token``,
  ``continuation_token``, ``after`` or ``starting_after`` (string or integer). With an
  ``outputSchema`` the next value is a property named ``next_cursor``/``next_page_token``/
  ``next_token``/``next``/``end_cursor``/``continuation_token`` (or ``next_<argument>``) at the top
  or one object down (``pageInfo.endCursor``, its ``hasNextPage`` beside it is ``more``); none: no
  paging. Without one, ``next`` holds the conventional top-level pointers (the runtime tries them).
  Mode ``more`` (rows appended).
* page — an integer input ``page``; offset — an integer ``offset``/``skip``/``start`` beside a
  limit-like input (``limit``, ``page_size``, ``per_page``, ``count``, ``max_results``, ``top``,
  ``size``: ``limit`` names it). Both need an ``outputSchema`` that says there is more: a
  ``has_more``/``has_next``/``more`` boolean, a ``total``/``total_count`` (offset) or
  ``total_pages``/``page_count`` (page), or a ``next_offset``/``next_page``. Mode ``pages``.
* ``rows``: the first array property beside the next value (else at the top), when the schema has one.

**Links** (every other tool T of the list, in list order). T's required top-level inputs must
all be filled: exactly one, the key ``a``, from a clicked value, every other one from the current
run's argument of the same (normalized) name and a compatible type (``source: argument``). ``a``
must be a string, integer or number (an array, object or enum key never links; of several, the
first by name: nothing depends on the order of a schema's keys), and a value links to it when:

* structured results (an ``outputSchema``; its scalar properties walked through objects and
  arrays, ``MAX_WALK`` levels): the value's name is ``a``'s; or an entity's ``id``/``name``/``key``
  — the entity is the array (or object) holding it singularized (``orders`` → order), else the
  current tool's listed thing (``list_tables`` → table) — and ``a`` is ``<entity>_<that>``
  (``order_id``, ``table_name``), or ``a`` is plain ``id``/``name``/``key`` and T's name holds the
  entity (``get_order(id)``); or both names are of one class: path (``path``, ``file``,
  ``file_path``, ``filename``…), revision (``revision``, ``commit``, ``sha``, ``hash``, ``rev``,
  ``ref``; ``test`` ``^[0-9a-f]{7,40}$``), url (``url``, ``uri``, ``href``, ``link``, or a
  ``format: uri``). ``at`` holds each value's pointer, ``keys`` its names.
* shape-only results (no ``outputSchema``, or one holding a single text property such as the
  filesystem server's ``{content}``): only the entity rule (``list_tables`` → ``table_name``:
  keys ``table_name``, ``name``) and the class rules, a class only where the current tool reads as
  giving it (path: it lists, searches, finds or walks files or directories, by name or by a path
  input; revision: a log, history,
  blame or commits; url: it searches, lists, fetches or browses). ``keys`` are the names the
  runtime matches at any depth; path and revision values in text also link as whole ``lines``.
* ``join`` (the value relative to the current run's argument of the same name): for a path key
  that the current tool takes too (``list_directory(path)`` → ``read_text_file(path)``).

Read or destroy: destructive = ``annotations.destructiveHint`` true, or (``readOnlyHint`` not
true and a word of the name or description is a destructive verb, with its endings: ``deletes``); read-only = ``readOnlyHint``
true, or (``readOnlyHint`` not false and a word of the name is a read verb). Inference offers
(``offered``) only read-only, non-destructive links; the others are kept unoffered (a LayoutSpec
may offer them; the runtime confirms those). Caps: offered links first, then list order (a tool
whose title or description says it is deprecated after the others); at most
``MAX_PER_KEY`` links per clicked key and ``MAX_LINKS`` per tool.

Cost: ``index`` reads every tool's input once and files targets under each required argument's
name; a tool's links come from looking its result's names up there, never from walking pairs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from msgspec.structs import replace

from compiler.normalize import (
    ArrayShape,
    BooleanShape,
    NumberShape,
    ObjectShape,
    SomeShape,
    StringShape,
    normalize,
)
from components import pointers
from components.nodes import (
    AnyNode,
    Leads,
    LeadsProps,
    Link,
    LinkedView,
    LinkedViewProps,
    LinkFill,
    Paging,
    ResultView,
)

from . import tool_title
from .outputs import compile_result_view

__all__ = ["MAX_LINKS", "MAX_PER_KEY", "Tools", "describe", "index", "leads", "leads_node", "linked_id", "normal"]

MAX_LINKS = 8
MAX_PER_KEY = 3
MAX_WALK = 4
"""Levels of an ``outputSchema`` walked for linking values."""
MAX_VALUES = 200
"""Scalar values of one ``outputSchema`` considered (a huge schema is read this far)."""
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


def _words(text: str, limit: int = MAX_NAME) -> tuple[str, ...]:
    return tuple(w.lower() for w in _WORD.findall(text[:limit]))


def _singular(word: str) -> str:
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
        out.update((w, _singular(w)))
        if w.endswith("ed"):
            out.update((w[:-1], w[:-2]))
        if w.endswith("ing"):
            out.update((w[:-3], w[:-3] + "e"))
    return out


READ_WORDS = frozenset(
    "get read show describe list search find fetch view inspect lookup open info stat status log logs diff "
    "tree history count peek browse".split()
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
_CLASS_OF = {name: cls for cls, names in CLASSES.items() for name in names}
TESTS = {"revision": "^[0-9a-f]{7,40}$"}
ENTITY_KEYS = ("id", "name", "key")
TEXT_PROPERTIES = frozenset({"content", "text", "result", "output", "stdout"})

# --------------------------------------------------------------------------- paging names

CURSOR_INPUTS = frozenset(
    {"cursor", "pagetoken", "nextpagetoken", "nexttoken", "continuationtoken", "after", "startingafter"}
)
OFFSET_INPUTS = frozenset({"offset", "skip", "start"})
LIMIT_INPUTS = ("limit", "pagesize", "perpage", "count", "maxresults", "top", "size")
NEXT_NAMES = ("nextcursor", "nextpagetoken", "nexttoken", "next", "endcursor", "continuationtoken", "nextcontinuationtoken")
MORE_NAMES = ("hasmore", "hasnext", "hasnextpage", "more", "moreresults")
TOTAL_NAMES = ("total", "totalcount", "totalitems", "totalresults")
TOTAL_PAGES_NAMES = ("totalpages", "pagecount", "pages")
NEXT_OFFSET_NAMES = ("nextoffset",)
NEXT_PAGE_NAMES = ("nextpage",)
CONVENTIONAL_NEXT = (
    "/next_cursor", "/nextCursor", "/next_page_token", "/nextPageToken", "/next_token", "/nextToken",
    "/pageInfo/endCursor", "/next",
)
"""Where a cursor's next value usually is, when no ``outputSchema`` says (tried in order)."""


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
    """Top-level inputs by normalized name (the first of a normalized name)."""
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
            info = _info(position, tool)
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


def _info(position: int, tool: Any) -> ToolInfo | None:
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
            arg = Arg(prop.name, normal(prop.name), _kind(prop.shape), _class_of(prop.name, prop.shape))
            inputs.setdefault(arg.norm, arg)
            if prop.required:
                required.append(arg)
    annotations = tool.get("annotations")
    hints: Mapping[str, Any] = annotations if isinstance(annotations, Mapping) else {}
    words = frozenset(_words(name))
    description = tool.get("description")
    said = frozenset(_words(description, MAX_DESCRIPTION)) if isinstance(description, str) else frozenset()
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
        words=words | {_singular(w) for w in words},
        inputs=inputs,
        required=tuple(required),
        read_only=read_only,
        destructive=destructive,
        deprecated="deprecated" in said | frozenset(_words(tool_title(tool))),
    )


def _kind(shape: SomeShape) -> Kind:
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


def _class_of(name: str, shape: SomeShape | None = None) -> str | None:
    cls = _CLASS_OF.get(normal(name))
    if cls is None and isinstance(shape, StringShape) and shape.format in ("uri", "url", "iri"):
        return "url"
    return cls


def _fits(value: Kind, argument: Kind) -> bool:
    """A value of kind ``value`` may fill an input of kind ``argument``."""
    return value != "other" and (value == argument or (value == "integer" and argument == "number"))


# --------------------------------------------------------------------------- leads


def leads(tool: Mapping[str, Any], tools: Sequence[Any] | Tools) -> LeadsProps | None:
    """Where ``tool``'s result leads among ``tools`` (its own list; ``tool`` may be in it): its
    links and its paging, or None when it leads nowhere."""
    listed = index(tools)
    me = _info(-1, tool)
    if me is None or not listed.by_name:
        return None
    output = tool.get("outputSchema")
    shape = normalize(output) if isinstance(output, (Mapping, bool)) else None
    links = tuple(_links(me, shape, listed))
    paging = _paging(me, shape)
    return LeadsProps(links=links, paging=paging) if links or paging else None


def linked_id(tool: str, node_id: str) -> str:
    """A linked tool's view id in the page: ``linked:<tool>:<its own id>``."""
    return f"linked:{tool}:{node_id}"


def leads_node(tool: Mapping[str, Any], tools: Sequence[Any] | Tools) -> Leads | None:
    """The ``Leads`` node of ``tool``'s result (``result:leads``): its links and paging, and one
    ``LinkedView`` per linked tool holding that tool's own result views (no ``Leads`` of theirs)."""
    listed = index(tools)
    props = leads(tool, listed)
    if props is None:
        return None
    linked = dict.fromkeys(link.tool for link in props.links if link.tool in listed.by_name)
    children = tuple(_linked_view(name, listed) for name in linked)
    return Leads(id="result:leads", props=props, children=children)


def _linked_view(name: str, listed: Tools) -> LinkedView:
    view = listed.result_view(name)
    views = tuple(_prefixed(child, name) for child in view.children if not isinstance(child, Leads))
    return LinkedView(
        id=f"linked:{name}",
        props=LinkedViewProps(tool=name, title=listed.by_name[name].title, source=view.props.source),
        children=views,
    )


def _prefixed(node: AnyNode, tool: str) -> AnyNode:
    children = tuple(_prefixed(c, tool) for c in node.children)
    return replace(node, id=linked_id(tool, node.id), children=children)


# --------------------------------------------------------------------------- links


class Value(NamedTuple):
    """A scalar value an ``outputSchema`` promises: its key, where it sits (``*`` for each index),
    its kind, the entity holding it, its class."""

    name: str
    norm: str
    pointer: str
    kind: Kind
    entity: str | None
    cls: str | None


class _Found(NamedTuple):
    target: ToolInfo
    key: Arg
    keys: tuple[str, ...]
    at: tuple[str, ...]
    lines: bool
    fills: tuple[LinkFill, ...]


CLASS_KEYS: dict[str, tuple[str, ...]] = {
    "path": ("path", "file", "file_path", "filePath", "filename", "fullPath"),
    "revision": ("commit", "sha", "hash", "revision", "rev"),
    "url": ("url", "uri", "href", "link"),
}
"""The keys a value of a class is found under in a result no schema describes (runtime: any depth)."""


def _links(me: ToolInfo, shape: SomeShape | None, listed: Tools) -> Iterator[Link]:
    entity = _entity(me.name)
    values = None if shape is None or _text_like(shape) else _values(shape, entity)
    found = _structured(me, values, listed) if values is not None else _shape_only(me, entity, listed)
    ranked = sorted(found.values(), key=lambda f: (not _offered(f.target), f.target.deprecated, f.target.position, f.target.name))
    per_key: dict[tuple[str, ...], int] = {}
    count = 0
    for f in ranked:
        if count == MAX_LINKS:
            return
        if per_key.get(f.keys, 0) == MAX_PER_KEY:
            continue
        per_key[f.keys] = per_key.get(f.keys, 0) + 1
        count += 1
        yield _link(f)


def _offered(target: ToolInfo) -> bool:
    return target.read_only and not target.destructive


def _link(f: _Found) -> Link:
    t, a = f.target, f.key
    return Link(
        id=f"link:{t.name}:{a.name}",
        tool=t.name,
        label=t.title,
        title=t.title,
        keys=f.keys,
        at=f.at,
        lines=f.lines,
        test=TESTS.get(a.cls or ""),
        valueType=a.scalar or "string",
        fills=f.fills,
        readOnly=t.read_only,
        destructive=t.destructive,
        offered=_offered(t),
    )


def _entity(name: str) -> str | None:
    """What a tool lists or reads: its name's last word, singular, when that is not a verb
    (``list_orders`` → order, ``describe_table`` → table)."""
    words = _words(name)
    if len(words) < 2 or words[-1] in READ_WORDS | LISTING_WORDS | DESTRUCTIVE_WORDS:
        return None
    return _singular(words[-1])


def _text_like(shape: SomeShape) -> bool:
    """A structured result that is one text (the filesystem server's ``{content: "…"}``)."""
    if not isinstance(shape, ObjectShape) or len(shape.properties) != 1:
        return False
    only = shape.properties[0]
    return isinstance(only.shape, StringShape) and only.shape.format is None and normal(only.name) in TEXT_PROPERTIES


def _values(shape: SomeShape, entity: str | None) -> list[Value]:
    out: list[Value] = []
    _walk(shape, "", entity, 0, out)
    return out


def _walk(shape: SomeShape, pointer: str, entity: str | None, depth: int, out: list[Value]) -> None:
    if depth > MAX_WALK or len(out) >= MAX_VALUES:
        return
    if isinstance(shape, ArrayShape):
        _walk(shape.items, pointers.child(pointer, "*"), entity, depth + 1, out)
        return
    if not isinstance(shape, ObjectShape):
        return
    for prop in shape.properties:
        if len(out) >= MAX_VALUES:
            return
        at = pointers.child(pointer, prop.name)
        kind = _kind(prop.shape)
        if kind in ("string", "integer", "number"):
            out.append(Value(prop.name, normal(prop.name), at, kind, entity, _class_of(prop.name, prop.shape)))
        elif kind in ("array", "object"):
            words = _words(prop.name)
            _walk(prop.shape, at, _singular(words[-1]) if words else entity, depth + 1, out)


def _structured(me: ToolInfo, values: list[Value], listed: Tools) -> dict[str, _Found]:
    """Links from the values an ``outputSchema`` promises."""
    hits: dict[tuple[str, str], list[Value]] = {}  # (target, its key argument) → the values that fill it
    for value in values:
        for target, arg in _candidates(value, listed):
            if target.name != me.name and _matches(value, arg, target):
                hits.setdefault((target.name, arg.name), []).append(value)
    found: dict[str, _Found] = {}
    for target in _in_order(listed, {name for name, _ in hits}):
        for arg in _by_name(target.required):  # the first (by name) that takes a value, the others filled
            matched = hits.get((target.name, arg.name))
            fills = _fills(me, target, arg) if matched else None
            if matched and fills is not None:
                keys = tuple(sorted({v.name for v in matched}))
                at = tuple(sorted({v.pointer for v in matched}))
                found[target.name] = _Found(target, arg, keys, at, False, fills)
                break
    return found


def _candidates(value: Value, listed: Tools) -> Iterator[tuple[ToolInfo, Arg]]:
    yield from listed.targets(value.norm)
    if value.norm in ENTITY_KEYS and value.entity:
        yield from listed.targets(value.entity + value.norm)
    if value.cls:
        for norm in sorted(CLASSES[value.cls] - {value.norm}):
            yield from listed.targets(norm)


def _matches(value: Value, arg: Arg, target: ToolInfo) -> bool:
    if arg.scalar is None or not _fits(value.kind, arg.kind):
        return False
    if value.norm in ENTITY_KEYS:  # an entity's id/name/key: its entity decides
        return (value.entity is not None and arg.norm == value.entity + value.norm) or (
            arg.norm == value.norm and value.entity is not None and value.entity in target.words
        )
    return value.norm == arg.norm or (value.cls is not None and value.cls == arg.cls)


def _shape_only(me: ToolInfo, entity: str | None, listed: Tools) -> dict[str, _Found]:
    """Links from a result no schema describes (or one text): the entity and class rules only."""
    keyed: dict[tuple[str, str], tuple[str, ...]] = {}  # (target, key argument) → keys
    if entity:
        for key in ENTITY_KEYS:
            for target, arg in listed.targets(entity + key):
                keyed.setdefault((target.name, arg.name), (arg.name, key))
            for target, arg in listed.targets(key):
                if entity in target.words:
                    keyed.setdefault((target.name, arg.name), (arg.name,))
    for cls in _classes_given(me):
        for norm in sorted(CLASSES[cls]):
            for target, arg in listed.targets(norm):
                keyed.setdefault((target.name, arg.name), tuple(dict.fromkeys((arg.name, *CLASS_KEYS[cls]))))
    found: dict[str, _Found] = {}
    for target in _in_order(listed, {name for name, _ in keyed}):
        if target.name == me.name:
            continue
        for arg in _by_name(target.required):
            keys = keyed.get((target.name, arg.name))
            fills = _fills(me, target, arg) if keys and arg.scalar else None
            if keys and fills is not None:
                found[target.name] = _Found(target, arg, keys, (), arg.cls in ("path", "revision"), fills)
                break
    return found


def _by_name(args: tuple[Arg, ...]) -> list[Arg]:
    """Inputs in the order of their names: which one takes the value does not depend on the
    order of a schema's keys."""
    return sorted(args, key=lambda a: a.name)


def _classes_given(me: ToolInfo) -> list[str]:
    """The classes of values a tool's unknown result reads as giving, from its name and inputs."""
    given = []
    if me.words & LISTING_WORDS and (me.words & FILE_WORDS or any(a.cls == "path" for a in me.inputs.values())):
        given.append("path")
    if me.words & REVISION_SOURCES:
        given.append("revision")
    if me.words & URL_SOURCES:
        given.append("url")
    return given


def _in_order(listed: Tools, names: set[str]) -> list[ToolInfo]:
    return sorted((listed.by_name[n] for n in names), key=lambda t: (t.position, t.name))


def _fills(me: ToolInfo, target: ToolInfo, key: Arg) -> tuple[LinkFill, ...] | None:
    """How each required input of ``target`` is filled: ``key`` from the clicked value, every
    other from the current run's argument of the same name (None when one cannot be)."""
    fills = []
    for arg in target.required:
        mine = me.inputs.get(arg.norm)
        if arg is key:
            join = key.cls == "path" and mine is not None and mine.cls == "path"
            fills.append(LinkFill(argument=arg.name, source="value", join=join))
        elif mine is not None and _fits(mine.kind, arg.kind):
            fills.append(LinkFill(argument=arg.name, source="argument", name=None if mine.name == arg.name else mine.name))
        else:
            return None
    return tuple(fills)


# --------------------------------------------------------------------------- paging


def _paging(me: ToolInfo, shape: SomeShape | None) -> Paging | None:
    inputs = list(me.inputs.values())
    cursor = next((a for a in inputs if a.norm in CURSOR_INPUTS and a.kind in ("string", "integer")), None)
    if cursor is not None:
        return _cursor(cursor, shape)
    page = next((a for a in inputs if a.norm == "page" and a.kind == "integer"), None)
    limit = next((me.inputs[n] for n in LIMIT_INPUTS if n in me.inputs and me.inputs[n].kind == "integer"), None)
    offset = next((a for a in inputs if a.norm in OFFSET_INPUTS and a.kind == "integer"), None)
    if page is not None and isinstance(shape, ObjectShape):
        return _counted("page", page, shape, TOTAL_PAGES_NAMES, NEXT_PAGE_NAMES, None)
    if offset is not None and limit is not None and isinstance(shape, ObjectShape):
        return _counted("offset", offset, shape, TOTAL_NAMES, NEXT_OFFSET_NAMES, limit)
    return None


def _cursor(cursor: Arg, shape: SomeShape | None) -> Paging | None:
    if shape is None:
        return Paging(style="cursor", argument=cursor.name, next=CONVENTIONAL_NEXT, mode="more")
    if not isinstance(shape, ObjectShape):
        return None
    found = _find(shape, (*NEXT_NAMES, "next" + cursor.norm))
    if not found:
        return None
    parent = found[0].rsplit("/", 1)[0]
    return Paging(
        style="cursor",
        argument=cursor.name,
        next=tuple(found),
        more=next(iter(_find(shape, MORE_NAMES)), None),
        rows=_rows(shape, parent),
        mode="more",
    )


def _counted(
    style: Literal["page", "offset"], arg: Arg, shape: ObjectShape, totals: tuple[str, ...],
    nexts: tuple[str, ...], limit: Arg | None,
) -> Paging | None:
    more = next(iter(_find(shape, MORE_NAMES)), None)
    total = next(iter(_find(shape, totals)), None)
    after = _find(shape, nexts)
    if more is None and total is None and not after:
        return None  # nothing says there is a next page
    return Paging(
        style=style, argument=arg.name, next=tuple(after), more=more, total=total,
        limit=limit.name if limit else None, rows=_rows(shape, ""), mode="pages",
    )


def _find(shape: ObjectShape, names: tuple[str, ...]) -> list[str]:
    """Pointers of the properties named ``names`` (in that order of preference), at the top, then
    one object down (``pageInfo.endCursor``)."""
    wanted = {n: i for i, n in enumerate(names)}
    top = [(wanted[normal(p.name)], pointers.child("", p.name)) for p in shape.properties if normal(p.name) in wanted]
    nested = [
        (wanted[normal(q.name)], pointers.child(pointers.child("", p.name), q.name))
        for p in shape.properties if isinstance(p.shape, ObjectShape)
        for q in p.shape.properties if normal(q.name) in wanted
    ]
    return [pointer for _, pointer in sorted(top)] + [pointer for _, pointer in sorted(nested)]


def _rows(shape: ObjectShape, parent: str) -> str | None:
    """The first array beside the next value (``parent``), else at the top."""
    for where in dict.fromkeys((parent, "")):
        holder = _at(shape, where)
        if holder is not None:
            for prop in holder.properties:
                if isinstance(prop.shape, ArrayShape):
                    return pointers.child(where, prop.name)
    return None


def _at(shape: ObjectShape, pointer: str) -> ObjectShape | None:
    for token in pointers.tokens(pointer):
        prop = next((p for p in shape.properties if p.name == token), None)
        if prop is None or not isinstance(prop.shape, ObjectShape):
            return None
        shape = prop.shape
    return shape


# --------------------------------------------------------------------------- as text (compile-ui --print-leads)


def describe(name: str, props: LeadsProps | None) -> str:
    """A tool's links and paging as a person reads them (``compile-ui FILE --print-leads``)."""
    if props is None:
        return f"{name}: leads nowhere\n"
    lines = [f"{name}:"]
    for link in props.links:
        state = "offered" if link.offered else "not offered (" + ("destructive" if link.destructive else "not read-only") + ")"
        lines.append(f"  link {link.id} -> {link.tool} \"{link.label}\", {state}")
        for fill in link.fills:
            if fill.source == "value":
                how = "the clicked value" + (f" matching {link.test}" if link.test else "") + (
                    f" (a relative one joined to this run's {fill.argument})" if fill.join else "")
            else:
                how = f"this run's {fill.name or fill.argument}"
            lines.append(f"    {fill.argument} <- {how}")
        where = ", ".join(link.at) if link.at else "any depth"
        lines.append(f"    values under keys {', '.join(link.keys)} ({where})" + ("; whole text lines too" if link.lines else ""))
    paging = props.paging
    if paging is not None:
        said = [f"{key} {value}" for key, value in (
            ("next", ", ".join(paging.next)), ("more", paging.more), ("total", paging.total),
            ("limit", paging.limit), ("rows", paging.rows)) if value]
        mode = "More (rows appended)" if paging.mode == "more" else "previous/next pages"
        lines.append(f"  paging: {mode} by {paging.style} input {paging.argument}" + (f"; {'; '.join(said)}" if said else ""))
    return "\n".join(lines) + "\n"
