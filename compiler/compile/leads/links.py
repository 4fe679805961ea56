"""The links from a result's values to the other tools of its list that take them (``leads``'
links phase), looked up in the list read once (``tools.Tools``).

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

Inference offers (``offered``) only read-only, non-destructive links; the others are kept
unoffered (a LayoutSpec may offer them; the runtime confirms those). Caps: offered links first,
then list order (a tool whose title or description says it is deprecated after the others); at
most ``MAX_PER_KEY`` links per clicked key and ``MAX_LINKS`` per tool.

**Feeds** (``find_feeds``, issue 51's pickers): the same rules read for a form a person fills,
not a click that runs: every tool a value of this result fills, whatever it does (the person
sends it), its other required inputs left to the person; uncapped, in list order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from compiler.normalize import ArrayShape, ObjectShape, SomeShape, StringShape
from components import pointers
from components.nodes import Link, LinkFill

from .tools import (
    CLASSES,
    DESTRUCTIVE_WORDS,
    ENTITY_KEYS,
    FILE_WORDS,
    LISTING_WORDS,
    READ_WORDS,
    REVISION_SOURCES,
    TESTS,
    TEXT_PROPERTIES,
    URL_SOURCES,
    Arg,
    Kind,
    ToolInfo,
    Tools,
    class_of,
    fits,
    kind_of,
    normal,
    singular,
    words_of,
)

MAX_LINKS = 8
MAX_PER_KEY = 3
MAX_WALK = 4
"""Levels of an ``outputSchema`` walked for linking values."""
MAX_VALUES = 200
"""Scalar values of one ``outputSchema`` considered (a huge schema is read this far)."""

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


def find_links(me: ToolInfo, shape: SomeShape | None, listed: Tools) -> Iterator[Link]:
    """``me``'s links among ``listed``, ranked and capped; ``shape``: its ``outputSchema``, normalized."""
    found = _found(me, shape, listed, open_rest=False)
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


def find_feeds(me: ToolInfo, shape: SomeShape | None, listed: Tools) -> Iterator[Link]:
    """Every tool whose required input a value of ``me``'s result fills, in list order (no caps;
    only the filled input among its ``fills``: the person fills the others)."""
    found = _found(me, shape, listed, open_rest=True)
    for f in sorted(found.values(), key=lambda f: (f.target.position, f.target.name)):
        yield _link(f)


def _found(me: ToolInfo, shape: SomeShape | None, listed: Tools, *, open_rest: bool) -> dict[str, _Found]:
    """The tools ``me``'s result values fill, by name, from its schema's values or its shape alone."""
    entity = _entity(me.name)
    values = None if shape is None or _text_like(shape) else _values(shape, entity)
    if values is not None:
        return _structured(me, values, listed, open_rest=open_rest)
    return _shape_only(me, entity, listed, open_rest=open_rest)


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
    words = words_of(name)
    if len(words) < 2 or words[-1] in READ_WORDS | LISTING_WORDS | DESTRUCTIVE_WORDS:
        return None
    return singular(words[-1])


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
        kind = kind_of(prop.shape)
        if kind in ("string", "integer", "number"):
            out.append(Value(prop.name, normal(prop.name), at, kind, entity, class_of(prop.name, prop.shape)))
        elif kind in ("array", "object"):
            words = words_of(prop.name)
            _walk(prop.shape, at, singular(words[-1]) if words else entity, depth + 1, out)


def _structured(me: ToolInfo, values: list[Value], listed: Tools, *, open_rest: bool = False) -> dict[str, _Found]:
    """Links from the values an ``outputSchema`` promises (``open_rest``: see ``_fills``)."""
    hits: dict[tuple[str, str], list[Value]] = {}  # (target, its key argument) → the values that fill it
    for value in values:
        for target, arg in _candidates(value, listed):
            if target.name != me.name and _matches(value, arg, target):
                hits.setdefault((target.name, arg.name), []).append(value)
    found: dict[str, _Found] = {}
    for target in _in_order(listed, {name for name, _ in hits}):
        for arg in _by_name(target.required):  # the first (by name) that takes a value, the others filled
            matched = hits.get((target.name, arg.name))
            fills = _fills(me, target, arg, open_rest) if matched else None
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
    if arg.scalar is None or not fits(value.kind, arg.kind):
        return False
    if value.norm in ENTITY_KEYS:  # an entity's id/name/key: its entity decides
        return (value.entity is not None and arg.norm == value.entity + value.norm) or (
            arg.norm == value.norm and value.entity is not None and value.entity in target.words
        )
    return value.norm == arg.norm or (value.cls is not None and value.cls == arg.cls)


def _shape_only(me: ToolInfo, entity: str | None, listed: Tools, *, open_rest: bool = False) -> dict[str, _Found]:
    """Links from a result no schema describes (or one text): the entity and class rules only
    (``open_rest``: see ``_fills``)."""
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
            fills = _fills(me, target, arg, open_rest) if keys and arg.scalar else None
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


def _fills(me: ToolInfo, target: ToolInfo, key: Arg, open_rest: bool = False) -> tuple[LinkFill, ...] | None:
    """How each required input of ``target`` is filled: ``key`` from the clicked value, every
    other from the current run's argument of the same name (None when one cannot be).
    ``open_rest`` (a picker's: a person fills the rest of the form): only ``key``."""
    fills = []
    for arg in target.required:
        mine = me.inputs.get(arg.norm)
        if open_rest and arg is not key:
            continue
        if arg is key:
            join = key.cls == "path" and mine is not None and mine.cls == "path"
            fills.append(LinkFill(argument=arg.name, source="value", join=join))
        elif mine is not None and fits(mine.kind, arg.kind):
            fills.append(LinkFill(argument=arg.name, source="argument", name=None if mine.name == arg.name else mine.name))
        else:
            return None
    return tuple(fills)
